//! Chains of implications between candidates: bidirectional cycles and
//! forcing chains, searched and ranked as Sudoku Explainer's unary chaining
//! does (see docs/logic.md).
//!
//! A node is a candidate said true ("on") or false ("off"). An on node
//! turns off the digit in its peers (and, with Y links, the other digits of
//! its cell); an off node turns on the other place of its digit in a house
//! where it has two (X links) or, with Y links, the other digit of a
//! bivalue cell. From every candidate the implications are followed breadth
//! first, each node kept with the first node that reached it, so every
//! chain found is a shortest one.

use super::board::{Board, HOUSES, PEERS, box_of, col_of, row_of};
use super::step::{Step, Technique};

/// Which links a search may use, and so which techniques it finds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Links {
    /// Links of one digit in houses: X-cycles, forcing X-chains.
    X,
    /// Links within bivalue cells, and the on-to-off links of houses:
    /// Y-cycles.
    Y,
    /// Both: cycles and forcing chains over any digits.
    XY,
}

impl Links {
    fn y(self) -> bool {
        self != Links::X
    }

    fn x(self) -> bool {
        self != Links::Y
    }

    /// SE's tie-break between hints of equal difficulty and length.
    fn sort_key(self) -> u8 {
        match self {
            Links::X => 2,
            Links::Y => 3,
            Links::XY => 4,
        }
    }
}

/// A node of the implication tree: a candidate, its state, and the node
/// that implied it.
#[derive(Clone, Copy)]
struct Node {
    cell: usize,
    digit: u8,
    on: bool,
    parent: Option<usize>,
}

/// The houses of a cell in the order SE visits them: box, row, column.
fn houses_of(cell: usize) -> [usize; 3] {
    [18 + box_of(cell), row_of(cell), 9 + col_of(cell)]
}

/// What an on node turns off, in SE's order and each once.
fn on_to_off(board: &Board, cell: usize, digit: u8, links: Links) -> Vec<(usize, u8)> {
    let mut out = Vec::new();
    if links.y() {
        for d in super::board::digits(board.candidates(cell)) {
            if d != digit {
                out.push((cell, d));
            }
        }
    }
    for h in houses_of(cell) {
        for &c in &HOUSES[h] {
            if c != cell && board.has(c, digit) && !out.contains(&(c, digit)) {
                out.push((c, digit));
            }
        }
    }
    out
}

/// What an off node turns on, in SE's order and each once.
fn off_to_on(board: &Board, cell: usize, digit: u8, y: bool, x: bool) -> Vec<(usize, u8)> {
    let mut out = Vec::new();
    let mask = board.candidates(cell);
    if y && mask.count_ones() == 2 {
        let other = mask & !super::board::bit(digit);
        if let Some(d) = super::board::digits(other).next() {
            out.push((cell, d));
        }
    }
    if x {
        for h in houses_of(cell) {
            let places: Vec<usize> = HOUSES[h]
                .iter()
                .copied()
                .filter(|&c| board.has(c, digit))
                .collect();
            if let [a, b] = places[..] {
                let other = if a == cell { b } else { a };
                if !out.contains(&(other, digit)) {
                    out.push((other, digit));
                }
            }
        }
    }
    out
}

/// The index of a (cell, digit) pair in the seen tables.
fn slot(cell: usize, digit: u8) -> usize {
    cell * 9 + usize::from(digit - 1)
}

/// The implication tree grown from one source node.
struct Tree<'a> {
    board: &'a Board,
    links: Links,
    nodes: Vec<Node>,
    on_seen: Vec<bool>,
    off_seen: Vec<bool>,
}

impl<'a> Tree<'a> {
    fn new(board: &'a Board, links: Links, source: Node) -> Tree<'a> {
        let mut tree = Tree {
            board,
            links,
            nodes: vec![source],
            on_seen: vec![false; 729],
            off_seen: vec![false; 729],
        };
        let seen = if source.on {
            &mut tree.on_seen
        } else {
            &mut tree.off_seen
        };
        seen[slot(source.cell, source.digit)] = true;
        tree
    }

    fn push(&mut self, cell: usize, digit: u8, on: bool, parent: usize) -> usize {
        self.nodes.push(Node {
            cell,
            digit,
            on,
            parent: Some(parent),
        });
        self.nodes.len() - 1
    }

    /// True when `(cell, digit, on)` is an ancestor of node `n`.
    fn has_ancestor(&self, n: usize, cell: usize, digit: u8, on: bool) -> bool {
        let mut at = self.nodes[n].parent;
        while let Some(p) = at {
            let node = self.nodes[p];
            if node.cell == cell && node.digit == digit && node.on == on {
                return true;
            }
            at = node.parent;
        }
        false
    }

    /// The nodes from the source to node `n`, in order.
    fn chain(&self, n: usize) -> Vec<Node> {
        let mut out = vec![self.nodes[n]];
        let mut at = self.nodes[n].parent;
        while let Some(p) = at {
            out.push(self.nodes[p]);
            at = self.nodes[p].parent;
        }
        out.reverse();
        out
    }

    /// The loops back to the source (an on node), each as the node that
    /// closes it. An off node may be reached again by another path, as long
    /// as it is not its own ancestor; an on node only once.
    fn cycles(&mut self) -> Vec<usize> {
        let source = self.nodes[0];
        let mut closing = Vec::new();
        let mut pending_on = vec![0];
        let mut pending_off = Vec::new();
        let mut length = 0;
        while !pending_on.is_empty() || !pending_off.is_empty() {
            length += 1;
            for p in std::mem::take(&mut pending_on) {
                let Node { cell, digit, .. } = self.nodes[p];
                for (c, d) in on_to_off(self.board, cell, digit, self.links) {
                    if !self.has_ancestor(p, c, d, false) {
                        self.off_seen[slot(c, d)] = true;
                        pending_off.push(self.push(c, d, false, p));
                    }
                }
            }
            length += 1;
            for p in std::mem::take(&mut pending_off) {
                let Node { cell, digit, .. } = self.nodes[p];
                let (y, x) = (self.links.y(), self.links.x());
                for (c, d) in off_to_on(self.board, cell, digit, y, x) {
                    let is_source = c == source.cell && d == source.digit;
                    if length >= 4 && is_source {
                        closing.push(self.push(c, d, true, p));
                    }
                    if !self.on_seen[slot(c, d)] {
                        self.on_seen[slot(c, d)] = true;
                        pending_on.push(self.push(c, d, true, p));
                    }
                }
            }
        }
        closing
    }

    /// The chains that end on the source's candidate in the other state:
    /// from an on source its off node (the candidate is false), from an off
    /// source its on node (it is true). Each target once, its first chain.
    fn forcing(&mut self) -> Vec<usize> {
        let source = self.nodes[0];
        let mut targets = Vec::new();
        let mut pending_on = Vec::new();
        let mut pending_off = Vec::new();
        if source.on {
            pending_on.push(0);
        } else {
            pending_off.push(0);
        }
        let hits = |c: usize, d: u8| c == source.cell && d == source.digit;
        while !pending_on.is_empty() || !pending_off.is_empty() {
            for p in std::mem::take(&mut pending_on) {
                let Node { cell, digit, .. } = self.nodes[p];
                for (c, d) in on_to_off(self.board, cell, digit, self.links) {
                    let first = !self.off_seen[slot(c, d)];
                    if source.on && hits(c, d) && targets.is_empty() {
                        targets.push(self.push(c, d, false, p));
                    }
                    if first {
                        self.off_seen[slot(c, d)] = true;
                        pending_off.push(self.push(c, d, false, p));
                    }
                }
            }
            for p in std::mem::take(&mut pending_off) {
                let Node { cell, digit, .. } = self.nodes[p];
                for (c, d) in off_to_on(self.board, cell, digit, self.links.y(), true) {
                    if !source.on && hits(c, d) && targets.is_empty() {
                        targets.push(self.push(c, d, true, p));
                    }
                    if !self.on_seen[slot(c, d)] {
                        self.on_seen[slot(c, d)] = true;
                        pending_on.push(self.push(c, d, true, p));
                    }
                }
            }
        }
        targets
    }
}

/// SE's addition to a chain's base rating for its length: 0.1 for each
/// step of 4, 6, 8, 12, 16, 24, ... (alternately ×3/2 and ×4/3) that the
/// number of its nodes less two exceeds. Summed in f64 as SE does, since
/// the sum's rounding decides ties between techniques of different bases.
pub(super) fn difficulty(technique: Technique, nodes: usize) -> f64 {
    // 6.6 is not a binary fraction: written in f64 as SE writes it.
    let base = match technique {
        Technique::ForcingXChain => 6.6,
        t => f64::from(t.rating()),
    };
    let length = nodes.saturating_sub(2);
    let mut added = 0.0;
    let mut ceiling = 4;
    let mut odd = false;
    while length > ceiling {
        added += 0.1;
        ceiling = if odd {
            ceiling * 4 / 3
        } else {
            ceiling * 3 / 2
        };
        odd = !odd;
    }
    base + added
}

/// One hint found: what SE ranks it by, the step it makes, and (when
/// nested in a dynamic chain) the removed candidates it rests on.
pub(super) struct Found {
    pub difficulty: f64,
    pub nodes: usize,
    pub sort_key: u8,
    pub step: Step,
    pub parents: Vec<u16>,
}

impl Found {
    fn key(&self) -> (f64, usize, u8) {
        (self.difficulty, self.nodes, self.sort_key)
    }

    fn better_than(&self, other: &Found) -> bool {
        self.key() < other.key()
    }
}

/// The candidates a cycle removes: each candidate outside the cycle's cells
/// that sees an on node and an off node of its digit. The chain given runs
/// from the source to the node that closes the loop.
fn cycle_eliminations(board: &Board, chain: &[Node]) -> Vec<(usize, u8)> {
    let looped = &chain[1..];
    let in_loop = |c: usize| looped.iter().any(|n| n.cell == c);
    let mut seen_on = Vec::new();
    let mut seen_off = Vec::new();
    for n in looped {
        for &c in &PEERS[n.cell] {
            if !in_loop(c) && board.has(c, n.digit) {
                let list = if n.on { &mut seen_on } else { &mut seen_off };
                list.push((c, n.digit));
            }
        }
    }
    let mut out: Vec<(usize, u8)> = seen_on
        .into_iter()
        .filter(|e| seen_off.contains(e))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

fn pattern(chain: &[Node]) -> Vec<(usize, u8)> {
    chain.iter().map(|n| (n.cell, n.digit)).collect()
}

/// What a pass hands each hint to: its links, its step, its nodes from
/// the start (a cycle's start once) and whether it is a cycle.
type Sink<'a> = dyn FnMut(Links, Step, &[Node], bool) + 'a;

/// Every hint of one pass (one kind of links), in SE's order: by cell, by
/// digit, cycles first, then forcing chains from the candidate on, then
/// from it off.
fn pass(board: &Board, links: Links, sink: &mut Sink<'_>) {
    let (cycle_technique, chain_technique) = match links {
        Links::X => (Technique::BidirectionalXCycle, Technique::ForcingXChain),
        Links::Y => (Technique::BidirectionalYCycle, Technique::ForcingChain),
        Links::XY => (Technique::BidirectionalCycle, Technique::ForcingChain),
    };
    for cell in 0..81 {
        let mask = board.candidates(cell);
        if mask.count_ones() < 2 || (!links.x() && mask.count_ones() > 2) {
            continue;
        }
        for digit in super::board::digits(mask) {
            let on = Node {
                cell,
                digit,
                on: true,
                parent: None,
            };
            let mut tree = Tree::new(board, links, on);
            for close in tree.cycles() {
                let mut chain = tree.chain(close);
                let eliminations = cycle_eliminations(board, &chain);
                if eliminations.is_empty() {
                    continue;
                }
                chain.pop();
                let step = Step {
                    technique: cycle_technique,
                    placements: Vec::new(),
                    eliminations,
                    pattern: pattern(&chain),
                    houses: Vec::new(),
                };
                sink(links, step, &chain, true);
            }
            if !links.x() {
                continue;
            }
            for start in [on, Node { on: false, ..on }] {
                let mut tree = Tree::new(board, links, start);
                for target in tree.forcing() {
                    let chain = tree.chain(target);
                    let (placements, eliminations) = if start.on {
                        (Vec::new(), vec![(cell, digit)])
                    } else {
                        (vec![(cell, digit)], Vec::new())
                    };
                    let step = Step {
                        technique: chain_technique,
                        placements,
                        eliminations,
                        pattern: pattern(&chain),
                        houses: Vec::new(),
                    };
                    sink(links, step, &chain, false);
                }
            }
        }
    }
}

fn found(links: Links, step: Step) -> Found {
    Found {
        difficulty: difficulty(step.technique, step.pattern.len()),
        nodes: step.pattern.len(),
        sort_key: links.sort_key(),
        step,
        parents: Vec::new(),
    }
}

/// Every chain hint SE's unary chaining gives on `board`, sorted as SE
/// sorts them, each with the candidates removed from `initial` (the board
/// an outer dynamic chain started from) that it rests on: for each node
/// made true as the last candidate of its cell or the last place of its
/// digit in a house (in a cycle, every node, as SE also reads the loop
/// backwards), the candidates of that cell or house gone since.
pub(super) fn all(board: &Board, initial: &Board) -> Vec<Found> {
    let mut out: Vec<Found> = Vec::new();
    for links in [Links::X, Links::Y, Links::XY] {
        pass(board, links, &mut |links, step, chain, cycle| {
            let mut f = found(links, step);
            for (i, node) in chain.iter().enumerate() {
                let prev = match (i, cycle) {
                    (0, false) => continue,
                    (0, true) => chain[chain.len() - 1],
                    _ => chain[i - 1],
                };
                if !cycle && !node.on {
                    continue;
                }
                let cause = cause_of(board, prev, *node);
                super::multiple::rule_parents_of(
                    initial,
                    board,
                    node.cell,
                    node.digit,
                    Some(cause),
                    &mut f.parents,
                );
            }
            out.push(f);
        });
    }
    out.sort_by(|a, b| {
        a.key()
            .partial_cmp(&b.key())
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    out
}

/// Why a chain's node follows from the one before it: the same cell (its
/// last candidate), or a house they share (the last place of the digit
/// there when one has two places, else the first they share).
fn cause_of(board: &Board, prev: Node, node: Node) -> super::dynamic::Cause {
    use super::dynamic::Cause;
    if prev.cell == node.cell {
        return Cause::NakedSingle;
    }
    let shared = houses_of(prev.cell)
        .into_iter()
        .filter(|&h| HOUSES[h].contains(&node.cell));
    let two = shared.clone().find(|&h| {
        HOUSES[h]
            .iter()
            .filter(|&&c| board.has(c, node.digit))
            .count()
            == 2
    });
    match two.or_else(|| shared.clone().next()) {
        Some(h) => Cause::Hidden(h as u8),
        None => Cause::Off,
    }
}

/// The chain step SE would take on `board`: over X-cycles and forcing
/// X-chains, Y-cycles, then cycles and forcing chains of any links, the
/// lowest rated, then the shortest, then the one of the simplest links,
/// then the first found. With `wanted`, only steps of that technique.
pub(super) fn find(board: &Board, wanted: Option<Technique>) -> Option<Step> {
    let mut best: Option<Found> = None;
    for links in [Links::X, Links::Y, Links::XY] {
        pass(board, links, &mut |links, step, _, _| {
            if wanted.is_some_and(|t| t != step.technique) {
                return;
            }
            let f = found(links, step);
            if best.as_ref().is_none_or(|b| f.better_than(b)) {
                best = Some(f);
            }
        });
    }
    best.map(|f| f.step)
}
