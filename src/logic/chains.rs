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

/// A few candidates, as (cell, digit): what one node implies.
struct Implied {
    items: [(u8, u8); 32],
    len: usize,
}

impl Implied {
    fn new() -> Implied {
        Implied {
            items: [(0, 0); 32],
            len: 0,
        }
    }

    fn push(&mut self, cell: usize, digit: u8) {
        if self.len < self.items.len() {
            self.items[self.len] = (cell as u8, digit);
            self.len += 1;
        }
    }

    fn push_once(&mut self, cell: usize, digit: u8) {
        if !self.items[..self.len].contains(&(cell as u8, digit)) {
            self.push(cell, digit);
        }
    }

    fn iter(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        self.items[..self.len]
            .iter()
            .map(|&(c, d)| (usize::from(c), d))
    }
}

/// The places of each digit in each house, as masks of positions in
/// `HOUSES` order: read many times for one board.
#[derive(Clone, Copy)]
pub(super) struct Places([[u16; 9]; 27]);

impl Places {
    pub(super) fn of(board: &Board) -> Places {
        let mut p = [[0u16; 9]; 27];
        for (h, cells) in HOUSES.iter().enumerate() {
            for (at, &c) in cells.iter().enumerate() {
                for d in super::board::digits(board.candidates(c)) {
                    p[h][usize::from(d - 1)] |= 1 << at;
                }
            }
        }
        Places(p)
    }

    pub(super) fn get(&self, h: usize, digit: u8) -> u16 {
        self.0[h][usize::from(digit - 1)]
    }

    /// Removes a candidate from the three houses of its cell.
    pub(super) fn remove(&mut self, cell: usize, digit: u8) {
        let d = usize::from(digit - 1);
        self.0[row_of(cell)][d] &= !(1 << col_of(cell));
        self.0[9 + col_of(cell)][d] &= !(1 << row_of(cell));
        self.0[18 + box_of(cell)][d] &= !(1 << ((row_of(cell) % 3) * 3 + col_of(cell) % 3));
    }
}

/// What an on node turns off, in SE's order and each once.
fn on_to_off(
    board: &Board,
    places: &Places,
    cell: usize,
    digit: u8,
    links: Links,
    out: &mut Implied,
) {
    out.len = 0;
    if links.y() {
        for d in super::board::digits(board.candidates(cell)) {
            if d != digit {
                out.push(cell, d);
            }
        }
    }
    let mut seen = 1u128 << cell;
    for h in houses_of(cell) {
        let mut m = places.get(h, digit);
        while m != 0 {
            let c = HOUSES[h][m.trailing_zeros() as usize];
            m &= m - 1;
            if seen & (1 << c) == 0 {
                seen |= 1 << c;
                out.push(c, digit);
            }
        }
    }
}

/// What an off node turns on, in SE's order and each once.
fn off_to_on(
    board: &Board,
    places: &Places,
    cell: usize,
    digit: u8,
    y: bool,
    x: bool,
    out: &mut Implied,
) {
    out.len = 0;
    let mask = board.candidates(cell);
    if y && mask.count_ones() == 2 {
        let other = mask & !super::board::bit(digit);
        if let Some(d) = super::board::digits(other).next() {
            out.push(cell, d);
        }
    }
    if x {
        for h in houses_of(cell) {
            let m = places.get(h, digit);
            if m.count_ones() == 2 {
                let a = HOUSES[h][m.trailing_zeros() as usize];
                let b = HOUSES[h][15 - m.leading_zeros() as usize];
                out.push_once(if a == cell { b } else { a }, digit);
            }
        }
    }
}

/// The index of a (cell, digit) pair in the seen tables.
fn slot(cell: usize, digit: u8) -> usize {
    cell * 9 + usize::from(digit - 1)
}

/// The buffers of the trees, reused from tree to tree.
struct Scratch {
    nodes: Vec<Node>,
    on_seen: [bool; 729],
    off_seen: [bool; 729],
    pending_on: Vec<usize>,
    pending_off: Vec<usize>,
    next: Vec<usize>,
    found: Vec<usize>,
}

impl Scratch {
    fn new() -> Scratch {
        Scratch {
            nodes: Vec::with_capacity(1024),
            on_seen: [false; 729],
            off_seen: [false; 729],
            pending_on: Vec::new(),
            pending_off: Vec::new(),
            next: Vec::new(),
            found: Vec::new(),
        }
    }
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Option<Box<Scratch>>> = const { std::cell::RefCell::new(None) };
}

/// The implication tree grown from one source node.
struct Tree<'a> {
    board: &'a Board,
    places: &'a Places,
    links: Links,
    s: &'a mut Scratch,
    /// No chain of more nodes than this can be taken: the search stops
    /// growing the tree there.
    max_nodes: usize,
}

impl<'a> Tree<'a> {
    fn new(
        board: &'a Board,
        places: &'a Places,
        links: Links,
        source: Node,
        s: &'a mut Scratch,
        max_nodes: usize,
    ) -> Tree<'a> {
        s.nodes.clear();
        s.nodes.push(source);
        s.on_seen = [false; 729];
        s.off_seen = [false; 729];
        let seen = if source.on {
            &mut s.on_seen
        } else {
            &mut s.off_seen
        };
        seen[slot(source.cell, source.digit)] = true;
        Tree {
            board,
            places,
            links,
            s,
            max_nodes,
        }
    }

    fn push(&mut self, cell: usize, digit: u8, on: bool, parent: usize) -> usize {
        self.s.nodes.push(Node {
            cell,
            digit,
            on,
            parent: Some(parent),
        });
        self.s.nodes.len() - 1
    }

    /// True when `(cell, digit, on)` is an ancestor of node `n`.
    fn has_ancestor(&self, n: usize, cell: usize, digit: u8, on: bool) -> bool {
        let mut at = self.s.nodes[n].parent;
        while let Some(p) = at {
            let node = self.s.nodes[p];
            if node.cell == cell && node.digit == digit && node.on == on {
                return true;
            }
            at = node.parent;
        }
        false
    }

    /// The nodes from the source to node `n`, in order.
    fn chain(&self, n: usize) -> Vec<Node> {
        let mut out = vec![self.s.nodes[n]];
        let mut at = self.s.nodes[n].parent;
        while let Some(p) = at {
            out.push(self.s.nodes[p]);
            at = self.s.nodes[p].parent;
        }
        out.reverse();
        out
    }

    /// The loops back to the source (an on node), each as the node that
    /// closes it, into `found`, shortest first. An off node may be reached
    /// again by another path, as long as it is not its own ancestor; an on
    /// node only once.
    fn cycles(&mut self) {
        let source = self.s.nodes[0];
        self.s.found.clear();
        self.s.pending_on.clear();
        self.s.pending_on.push(0);
        self.s.pending_off.clear();
        let mut implied = Implied::new();
        let mut length = 0usize;
        while !self.s.pending_on.is_empty() || !self.s.pending_off.is_empty() {
            // A loop closed after `length` links has `length` nodes; the
            // next ones close two links further.
            if length.saturating_add(2) > self.max_nodes {
                break;
            }
            length += 1;
            std::mem::swap(&mut self.s.pending_on, &mut self.s.next);
            for i in 0..self.s.next.len() {
                let p = self.s.next[i];
                let Node { cell, digit, .. } = self.s.nodes[p];
                on_to_off(
                    self.board,
                    self.places,
                    cell,
                    digit,
                    self.links,
                    &mut implied,
                );
                for (c, d) in implied.iter() {
                    if !self.has_ancestor(p, c, d, false) {
                        self.s.off_seen[slot(c, d)] = true;
                        let n = self.push(c, d, false, p);
                        self.s.pending_off.push(n);
                    }
                }
            }
            self.s.next.clear();
            length += 1;
            std::mem::swap(&mut self.s.pending_off, &mut self.s.next);
            let (y, x) = (self.links.y(), self.links.x());
            for i in 0..self.s.next.len() {
                let p = self.s.next[i];
                let Node { cell, digit, .. } = self.s.nodes[p];
                off_to_on(self.board, self.places, cell, digit, y, x, &mut implied);
                for (c, d) in implied.iter() {
                    let is_source = c == source.cell && d == source.digit;
                    if length >= 4 && is_source {
                        let n = self.push(c, d, true, p);
                        self.s.found.push(n);
                    }
                    if !self.s.on_seen[slot(c, d)] {
                        self.s.on_seen[slot(c, d)] = true;
                        let n = self.push(c, d, true, p);
                        self.s.pending_on.push(n);
                    }
                }
            }
            self.s.next.clear();
        }
    }

    /// The first chain that ends on the source's candidate in the other
    /// state: from an on source its off node (the candidate is false), from
    /// an off source its on node (it is true).
    fn forcing(&mut self) -> Option<usize> {
        let source = self.s.nodes[0];
        self.s.pending_on.clear();
        self.s.pending_off.clear();
        if source.on {
            self.s.pending_on.push(0);
        } else {
            self.s.pending_off.push(0);
        }
        let hits = |c: usize, d: u8| c == source.cell && d == source.digit;
        let mut implied = Implied::new();
        // Each turn grows a layer of off nodes, then one of on nodes; the
        // first layer of turn k lies 2k - 1 links from an on source, 2k - 2
        // from an off one (whose first turn only grows on nodes).
        let mut turn = 0usize;
        while !self.s.pending_on.is_empty() || !self.s.pending_off.is_empty() {
            turn += 1;
            let depth = if source.on {
                2 * turn - 1
            } else {
                (2 * turn - 2).max(1)
            };
            if depth + 1 > self.max_nodes {
                return None;
            }
            std::mem::swap(&mut self.s.pending_on, &mut self.s.next);
            for i in 0..self.s.next.len() {
                let p = self.s.next[i];
                let Node { cell, digit, .. } = self.s.nodes[p];
                on_to_off(
                    self.board,
                    self.places,
                    cell,
                    digit,
                    self.links,
                    &mut implied,
                );
                for (c, d) in implied.iter() {
                    if source.on && hits(c, d) {
                        self.s.next.clear();
                        return Some(self.push(c, d, false, p));
                    }
                    if !self.s.off_seen[slot(c, d)] {
                        self.s.off_seen[slot(c, d)] = true;
                        let n = self.push(c, d, false, p);
                        self.s.pending_off.push(n);
                    }
                }
            }
            self.s.next.clear();
            std::mem::swap(&mut self.s.pending_off, &mut self.s.next);
            for i in 0..self.s.next.len() {
                let p = self.s.next[i];
                let Node { cell, digit, .. } = self.s.nodes[p];
                off_to_on(
                    self.board,
                    self.places,
                    cell,
                    digit,
                    self.links.y(),
                    true,
                    &mut implied,
                );
                for (c, d) in implied.iter() {
                    if !source.on && hits(c, d) {
                        self.s.next.clear();
                        return Some(self.push(c, d, true, p));
                    }
                    if !self.s.on_seen[slot(c, d)] {
                        self.s.on_seen[slot(c, d)] = true;
                        let n = self.push(c, d, true, p);
                        self.s.pending_on.push(n);
                    }
                }
            }
            self.s.next.clear();
        }
        None
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

/// What a pass keeps of the hints it finds: SE's best one (of one
/// technique, when asked), or every one with the candidates it rests on.
enum Collect<'b> {
    Best {
        best: Option<Found>,
        wanted: Option<Technique>,
    },
    All {
        out: Vec<Found>,
        initial: &'b Board,
    },
}

/// The most nodes a chain of `technique` may have and still rate `rating`
/// or less.
fn max_nodes(technique: Technique, rating: f64) -> usize {
    if difficulty(technique, 2) > rating {
        return 0;
    }
    let mut hi = 4;
    while difficulty(technique, hi) <= rating && hi < 1 << 20 {
        hi *= 2;
    }
    let mut lo = hi / 2;
    // difficulty(lo) <= rating < difficulty(hi), or hi is the cap.
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if difficulty(technique, mid) <= rating {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

impl Collect<'_> {
    /// The longest chain of `technique` worth growing.
    fn limit(&self, technique: Technique) -> usize {
        match self {
            Collect::Best {
                wanted: Some(t), ..
            } if *t != technique => 0,
            Collect::Best { best: Some(b), .. } => max_nodes(technique, b.difficulty),
            _ => usize::MAX,
        }
    }

    fn offer(
        &mut self,
        board: &Board,
        links: Links,
        step: impl FnOnce() -> Step,
        chain: &[Node],
        cycle: bool,
        technique: Technique,
    ) {
        let nodes = chain.len();
        let rating = difficulty(technique, nodes);
        match self {
            Collect::Best { best, wanted } => {
                if wanted.is_some_and(|t| t != technique) {
                    return;
                }
                let key = (rating, nodes, links.sort_key());
                if best.as_ref().is_some_and(|b| key >= b.key()) {
                    return;
                }
                *best = Some(found(links, step()));
            }
            Collect::All { out, initial } => {
                let mut f = found(links, step());
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
            }
        }
    }
}

/// Every hint of one pass (one kind of links), in SE's order: by cell, by
/// digit, cycles first, then forcing chains from the candidate on, then
/// from it off.
fn pass(board: &Board, places: &Places, links: Links, collect: &mut Collect<'_>, s: &mut Scratch) {
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
            let limit = collect.limit(cycle_technique);
            if limit >= 4 {
                let mut tree = Tree::new(board, places, links, on, s, limit);
                tree.cycles();
                for i in 0..tree.s.found.len() {
                    let mut chain = tree.chain(tree.s.found[i]);
                    let eliminations = cycle_eliminations(board, &chain);
                    if eliminations.is_empty() {
                        continue;
                    }
                    chain.pop();
                    let step = || Step {
                        technique: cycle_technique,
                        placements: Vec::new(),
                        eliminations,
                        pattern: pattern(&chain),
                        houses: Vec::new(),
                    };
                    collect.offer(board, links, step, &chain, true, cycle_technique);
                }
            }
            if !links.x() {
                continue;
            }
            for start in [on, Node { on: false, ..on }] {
                let limit = collect.limit(chain_technique);
                if limit < 2 {
                    continue;
                }
                let mut tree = Tree::new(board, places, links, start, s, limit);
                let Some(target) = tree.forcing() else {
                    continue;
                };
                let chain = tree.chain(target);
                let step = || {
                    let (placements, eliminations) = if start.on {
                        (Vec::new(), vec![(cell, digit)])
                    } else {
                        (vec![(cell, digit)], Vec::new())
                    };
                    Step {
                        technique: chain_technique,
                        placements,
                        eliminations,
                        pattern: pattern(&chain),
                        houses: Vec::new(),
                    }
                };
                collect.offer(board, links, step, &chain, false, chain_technique);
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

/// Runs the three passes with the thread's buffers.
fn passes(board: &Board, collect: &mut Collect<'_>) {
    let places = Places::of(board);
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut slot) => {
            let s = slot.get_or_insert_with(|| Box::new(Scratch::new()));
            for links in [Links::X, Links::Y, Links::XY] {
                pass(board, &places, links, collect, s);
            }
        }
        Err(_) => {
            let mut s = Box::new(Scratch::new());
            for links in [Links::X, Links::Y, Links::XY] {
                pass(board, &places, links, collect, &mut s);
            }
        }
    });
}

/// Every chain hint SE's unary chaining gives on `board`, sorted as SE
/// sorts them, each with the candidates removed from `initial` (the board
/// an outer dynamic chain started from) that it rests on: for each node
/// made true as the last candidate of its cell or the last place of its
/// digit in a house (in a cycle, every node, as SE also reads the loop
/// backwards), the candidates of that cell or house gone since.
pub(super) fn all(board: &Board, initial: &Board) -> Vec<Found> {
    let mut collect = Collect::All {
        out: Vec::new(),
        initial,
    };
    passes(board, &mut collect);
    let Collect::All { mut out, .. } = collect else {
        return Vec::new();
    };
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
    let mut collect = Collect::Best { best: None, wanted };
    passes(board, &mut collect);
    match collect {
        Collect::Best { best, .. } => best.map(|f| f.step),
        Collect::All { .. } => None,
    }
}
