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

mod reach;
mod scc;
mod tree;

use super::board::houses_of;
use super::board::{Board, HOUSE_MASKS, HOUSES, PEER_MASKS};
use super::step::{Step, Technique};
pub(super) use reach::multiple_may_find;
pub(super) use tree::Places;
use tree::{LinkTable, Links, Node, SCRATCH, Scratch, Tree, XyGraph};

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

/// Which X trees of one board can find anything, by cell, as masks of
/// digits: a cycle back to the candidate on, a forcing chain from it on
/// (to it off), from it off (to it on). A tree that cannot reach its
/// target finds nothing whatever its limit, so skipping it changes no
/// hint.
struct XMay {
    cycle: [u16; 81],
    on: [u16; 81],
    off: [u16; 81],
}

impl XMay {
    fn of(cells_with: &[u128; 9], digits: u16) -> XMay {
        let mut may = XMay {
            cycle: [0; 81],
            on: [0; 81],
            off: [0; 81],
        };
        // Per cell of the digit: its conjugates (the other place in a
        // house with two), the on nodes one on-off-on step reaches, and
        // those any number of such steps reach.
        let mut conj = [0u128; 81];
        let mut step = [0u128; 81];
        let mut reach = [0u128; 81];
        let each = |mut m: u128| {
            std::iter::from_fn(move || {
                (m != 0).then(|| {
                    let c = m.trailing_zeros() as usize;
                    m &= m - 1;
                    c
                })
            })
        };
        for d in super::board::digits(digits) {
            let cells = cells_with[usize::from(d - 1)];
            let bit = super::board::bit(d);
            for c in each(cells) {
                conj[c] = 0;
            }
            for h in &HOUSE_MASKS {
                let m = h & cells;
                if m.count_ones() == 2 {
                    let a = m.trailing_zeros() as usize;
                    let b = 127 - m.leading_zeros() as usize;
                    conj[a] |= 1 << b;
                    conj[b] |= 1 << a;
                }
            }
            for c in each(cells) {
                step[c] = each(PEER_MASKS[c] & cells).fold(0, |m, p| m | conj[p]);
            }
            for c in each(cells) {
                let mut seen = step[c];
                let mut front = seen;
                while front != 0 {
                    let next = each(front).fold(0, |m, q| m | step[q]) & !seen;
                    seen |= next;
                    front = next;
                }
                reach[c] = seen;
            }
            for c in each(cells) {
                // A loop closes from an off node whose conjugate is `c`,
                // under an on node other than `c` itself.
                let closing = each(conj[c]).fold(0, |m, o| m | PEER_MASKS[o]);
                if reach[c] & !(1 << c) & closing != 0 {
                    may.cycle[c] |= bit;
                }
                if reach[c] & PEER_MASKS[c] != 0 {
                    may.on[c] |= bit;
                }
                if each(conj[c]).fold(0, |m, q| m | reach[q]) & (1 << c) != 0 {
                    may.off[c] |= bit;
                }
            }
        }
        may
    }
}

/// The candidates a cycle removes: each candidate outside the cycle's cells
/// that sees an on node and an off node of its digit, by cell then digit.
/// The loop is read from `nodes` up from its closing node `last` (the
/// source on again) to the node after the source. `cells_with` holds the
/// cells of each digit.
fn cycle_eliminations(nodes: &[Node], last: usize, cells_with: &[u128; 9]) -> Vec<(usize, u8)> {
    // Many loops are closed and few remove anything: sets of cells, so
    // that a loop that removes nothing costs no allocation.
    let mut in_loop = 0u128;
    let mut seen = [[0u128; 9]; 2];
    let mut at = Some(last);
    while let Some(i) = at {
        let n = nodes[i];
        if n.parent().is_none() {
            break;
        }
        in_loop |= 1 << n.cell();
        seen[usize::from(n.on)][usize::from(n.digit() - 1)] |= PEER_MASKS[n.cell()];
        at = n.parent();
    }
    let mut removed = [0u128; 9];
    let mut any = 0u128;
    for d in 0..9 {
        removed[d] = seen[0][d] & seen[1][d] & cells_with[d] & !in_loop;
        any |= removed[d];
    }
    let mut out = Vec::new();
    while any != 0 {
        let cell = any.trailing_zeros() as usize;
        any &= any - 1;
        for (d, r) in removed.iter().enumerate() {
            if r & (1 << cell) != 0 {
                out.push((cell, d as u8 + 1));
            }
        }
    }
    out
}

fn pattern(chain: &[Node]) -> Vec<(usize, u8)> {
    chain.iter().map(|n| (n.cell(), n.digit())).collect()
}

/// What a pass keeps of the hints it finds: SE's best one (of one
/// technique, when asked), or every one with the candidates it rests on.
enum Collect<'b> {
    Best {
        best: Option<Found>,
        wanted: Option<Technique>,
        /// The limits worked out for the current best: (technique, sort
        /// key, limit).
        limits: Vec<(Technique, u8, usize)>,
    },
    All {
        out: Vec<Found>,
        initial: &'b Board,
    },
}

/// The most nodes a chain of `technique` may have while its difficulty
/// passes `ok` (which holds up to some length and fails beyond).
fn max_nodes(technique: Technique, ok: impl Fn(f64) -> bool) -> usize {
    if !ok(difficulty(technique, 2)) {
        return 0;
    }
    let mut hi = 4;
    while ok(difficulty(technique, hi)) && hi < 1 << 20 {
        hi *= 2;
    }
    let mut lo = hi / 2;
    // ok(lo) and not ok(hi), or hi is the cap.
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if ok(difficulty(technique, mid)) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The most nodes a chain of `technique` found with links of `sort_key`
/// may have and still rank before `best`: rated lower, or as low and
/// shorter, or as low and as long with simpler links.
fn max_nodes_before(technique: Technique, sort_key: u8, best: &Found) -> usize {
    let rating = best.difficulty;
    let at_most = max_nodes(technique, |d| d <= rating);
    let below = max_nodes(technique, |d| d < rating);
    let ties = if sort_key < best.sort_key {
        best.nodes
    } else {
        best.nodes.saturating_sub(1)
    };
    below.max(at_most.min(ties))
}

impl Collect<'_> {
    /// The longest chain of `technique`, found with links of `sort_key`,
    /// worth growing: any longer would not be taken.
    fn limit(&mut self, technique: Technique, sort_key: u8) -> usize {
        match self {
            Collect::Best {
                wanted: Some(t), ..
            } if *t != technique => 0,
            Collect::Best {
                best: Some(b),
                limits,
                ..
            } => {
                if let Some(&(.., n)) = limits
                    .iter()
                    .find(|&&(t, k, _)| t == technique && k == sort_key)
                {
                    return n;
                }
                let n = max_nodes_before(technique, sort_key, b);
                limits.push((technique, sort_key, n));
                n
            }
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
            Collect::Best {
                best,
                wanted,
                limits,
            } => {
                if wanted.is_some_and(|t| t != technique) {
                    return;
                }
                let key = (rating, nodes, links.sort_key());
                if best.as_ref().is_some_and(|b| key >= b.key()) {
                    return;
                }
                *best = Some(found(links, step()));
                limits.clear();
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
                        node.cell(),
                        node.digit(),
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
fn pass(
    board: &Board,
    cells_with: &[u128; 9],
    table: &LinkTable,
    reach: Option<&reach::Reach>,
    links: Links,
    collect: &mut Collect<'_>,
    s: &mut Scratch,
) {
    let (cycle_technique, chain_technique) = match links {
        Links::X => (Technique::BidirectionalXCycle, Technique::ForcingXChain),
        Links::Y => (Technique::BidirectionalYCycle, Technique::ForcingChain),
        Links::XY => (Technique::BidirectionalCycle, Technique::ForcingChain),
    };
    // An X pass reads of the board only the cells of each tree's digit: a
    // digit whose cells are those of a board where it gave nothing, with
    // no length limit, gives nothing again (a limit only cuts trees
    // shorter). Kept for the best-hint search, whose boards follow each
    // other step by step.
    let cached = links == Links::X && matches!(collect, Collect::Best { .. });
    let (mut skip, mut gave) = (0u16, 0u16);
    if cached {
        for d in 1..=9u8 {
            if s.x_clear[usize::from(d - 1)] == Some(cells_with[usize::from(d - 1)]) {
                skip |= super::board::bit(d);
            }
        }
    }
    let x_may = (links == Links::X).then(|| XMay::of(cells_with, super::board::ALL_DIGITS & !skip));
    // The limits (cycles, chains) for the current best, worked out again
    // only when a hint is offered.
    let mut limits: Option<(usize, usize)> = None;
    for cell in 0..81 {
        let mask = board.candidates(cell);
        if mask.count_ones() < 2 || (!links.x() && mask.count_ones() > 2) {
            continue;
        }
        for digit in super::board::digits(mask & !skip) {
            let on = Node::source(cell, digit, true);
            let (limit, chain_limit) = *limits.get_or_insert_with(|| {
                (
                    collect.limit(cycle_technique, links.sort_key()),
                    collect.limit(chain_technique, links.sort_key()),
                )
            });
            if limit != usize::MAX || chain_limit != usize::MAX {
                gave |= super::board::bit(digit);
            }
            let node = 2 * tree::slot(cell, digit);
            let may = |of: fn(&XMay) -> &[u16; 81]| {
                x_may
                    .as_ref()
                    .is_none_or(|m| of(m)[cell] & super::board::bit(digit) != 0)
            };
            if limit >= 4 && !reach.is_some_and(|r| r.components.alone(node)) && may(|m| &m.cycle) {
                let best_only = matches!(collect, Collect::Best { .. });
                let mut tree = Tree::new(table, links, on, s, limit);
                tree.cycles(reach.map(|r| &r.components), |nodes, last| {
                    let eliminations = cycle_eliminations(nodes, last, cells_with);
                    if eliminations.is_empty() {
                        return false;
                    }
                    gave |= super::board::bit(digit);
                    let mut chain = tree::chain(nodes, last);
                    chain.pop();
                    let step = || Step {
                        technique: cycle_technique,
                        placements: Vec::new(),
                        eliminations,
                        pattern: pattern(&chain),
                        houses: Vec::new(),
                    };
                    collect.offer(board, links, step, &chain, true, cycle_technique);
                    limits = None;
                    // The loops still to close are no shorter: none would
                    // rank before this one.
                    best_only
                });
            }
            if !links.x() {
                continue;
            }
            for start in [on, Node::source(cell, digit, false)] {
                let limit = match limits {
                    Some((_, n)) => n,
                    None => collect.limit(chain_technique, links.sort_key()),
                };
                let (from, to) = if start.on {
                    (node, node + 1)
                } else {
                    (node + 1, node)
                };
                let can = if start.on {
                    may(|m| &m.on)
                } else {
                    may(|m| &m.off)
                };
                if limit < 2 || reach.is_some_and(|r| !r.reaches(from, to)) || !can {
                    continue;
                }
                let mut tree = Tree::new(table, links, start, s, limit);
                let Some(target) = tree.forcing() else {
                    continue;
                };
                gave |= super::board::bit(digit);
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
                limits = None;
            }
        }
    }
    // Recorded only when every tree of the digit was grown: a cell down to
    // one candidate is not searched from.
    if cached && !(0..81).any(|c| board.candidates(c).count_ones() == 1) {
        for d in super::board::digits(super::board::ALL_DIGITS & !skip & !gave) {
            s.x_clear[usize::from(d - 1)] = Some(cells_with[usize::from(d - 1)]);
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
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut slot) => {
            let s = slot.get_or_insert_with(|| Box::new(Scratch::new()));
            run_passes(board, collect, s);
        }
        Err(_) => run_passes(board, collect, &mut Scratch::new()),
    });
}

fn run_passes(board: &Board, collect: &mut Collect<'_>, s: &mut Scratch) {
    let places = Places::of(board);
    // One table serves the three passes, each reading its kind of links.
    let table = LinkTable::of(board, &places);
    let mut cells_with = [0u128; 9];
    for cell in 0..81 {
        for d in super::board::digits(board.candidates(cell)) {
            cells_with[usize::from(d - 1)] |= 1 << cell;
        }
    }
    for links in [Links::X, Links::Y] {
        pass(board, &cells_with, &table, None, links, collect, s);
    }
    // A hint of the first two passes rated below every chain of both kinds
    // of links leaves the last pass nothing to take: neither its graph nor
    // its trees are needed.
    let xy = Links::XY.sort_key();
    if collect.limit(Technique::BidirectionalCycle, xy) < 4
        && collect.limit(Technique::ForcingChain, xy) < 2
    {
        return;
    }
    // The X pass mostly skips its trees by digit (see `pass`), and the Y
    // pass grows cycles from the few bivalue cells only: for them the
    // components would cost more than the trees they save.
    let reach = reach::Reach::of(board, &table);
    pass(
        board,
        &cells_with,
        &table,
        Some(&reach),
        Links::XY,
        collect,
        s,
    );
    // The multiple search that may follow on the same board reads them.
    if matches!(collect, Collect::Best { .. }) {
        s.xy_graph = Some(Box::new(XyGraph {
            board: *board,
            reach,
        }));
    }
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
    if prev.cell() == node.cell() {
        return Cause::NakedSingle;
    }
    let shared = houses_of(prev.cell())
        .into_iter()
        .filter(|&h| HOUSES[h].contains(&node.cell()));
    let two = shared.clone().find(|&h| {
        HOUSES[h]
            .iter()
            .filter(|&&c| board.has(c, node.digit()))
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
    let mut collect = Collect::Best {
        best: None,
        wanted,
        limits: Vec::new(),
    };
    passes(board, &mut collect);
    match collect {
        Collect::Best { best, .. } => best.map(|f| f.step),
        Collect::All { .. } => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every X tree that finds something, grown with no limit, is one
    /// `XMay` lets grow, on each board of a few hard solving paths.
    #[test]
    fn x_may_keeps_every_x_tree_that_finds_something() {
        let puzzles = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "7.8...3.....6.1...4.........6.....253...8.......1...9..9.5....2....7.4...........",
            "8.5.....2...9.1...3.........6.7..4..2...5...........6....38.....1....7...4.....9.",
        ];
        let mut s = Scratch::new();
        let (mut boards, mut finding) = (0, 0);
        for puzzle in puzzles {
            let grid: crate::Grid = puzzle.parse().expect("a puzzle");
            let mut board = Board::from_grid(&grid);
            while let Some(step) = super::super::next_step(&board) {
                let places = Places::of(&board);
                let table = LinkTable::of(&board, &places);
                let mut cells_with = [0u128; 9];
                for cell in 0..81 {
                    for d in super::super::board::digits(board.candidates(cell)) {
                        cells_with[usize::from(d - 1)] |= 1 << cell;
                    }
                }
                let may = XMay::of(&cells_with, super::super::board::ALL_DIGITS);
                for cell in 0..81 {
                    for digit in super::super::board::digits(board.candidates(cell)) {
                        let bit = super::super::board::bit(digit);
                        let on = Node::source(cell, digit, true);
                        let mut tree = Tree::new(&table, Links::X, on, &mut s, usize::MAX);
                        let mut closed = false;
                        tree.cycles(None, |_, _| {
                            closed = true;
                            true
                        });
                        assert!(!closed || may.cycle[cell] & bit != 0, "{cell} {digit}");
                        finding += usize::from(closed);
                        for (start, allowed) in
                            [(on, may.on), (Node::source(cell, digit, false), may.off)]
                        {
                            let mut tree = Tree::new(&table, Links::X, start, &mut s, usize::MAX);
                            let found = tree.forcing().is_some();
                            assert!(!found || allowed[cell] & bit != 0, "{cell} {digit}");
                            finding += usize::from(found);
                        }
                    }
                }
                boards += 1;
                board.apply(&step);
            }
        }
        assert!(boards > 100 && finding > 100, "{boards} {finding}");
    }
}
