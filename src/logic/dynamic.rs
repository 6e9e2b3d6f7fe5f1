//! The implication engine behind Sudoku Explainer's Nishio, multiple,
//! dynamic and nested forcing chains (see docs/logic.md).
//!
//! From an assumption (a candidate said true or false) the consequences
//! are followed, true nodes before false ones, each first in first out: a
//! true candidate turns off the digit in its peers and the cell's other
//! digits; a false one turns on the last digit of its cell or the last
//! place of its digit in a house. In dynamic mode every false node leaves
//! the working board once followed, so later links see a board with fewer
//! candidates; a node made possible that way also rests on the false nodes
//! that emptied its cell or house ("hidden parents"), which is what SE
//! counts in a chain's length. With nesting (level 1 and up), when nothing
//! is left to follow, simpler techniques (and at level 2 and up forcing
//! chains) are run on the working board and what they remove is followed
//! too.
//!
//! A run keeps its nodes in one arena with their parents, indexed by
//! candidate and state; its buffers are reused from run to run, so
//! following an assumption allocates nothing once they have grown.

use super::board::{Board, HOUSE_MASKS, bit, digits, house_masks, houses_of};
use super::chains::Places;
use super::nested;

/// No node, no nested chain.
pub(super) const NONE: u32 = u32::MAX;

/// Why a node holds; SE reads the cells and houses of a nested chain's
/// premises from it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Cause {
    /// The assumption a run starts from.
    Assumed,
    /// Turned off by a true node.
    Off,
    /// The last candidate of its cell.
    NakedSingle,
    /// The last place of its digit in a house (its number in `HOUSES`).
    Hidden(u8),
    /// Removed by a technique run on the working board.
    Advanced,
}

/// One candidate in one state, with what implied it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    /// `cell * 9 + digit - 1`.
    pub cand: u16,
    pub on: bool,
    pub cause: Cause,
    /// Its parents: `parents[first..first + count]` of its run, or with
    /// one parent (most nodes have one) that parent itself.
    first: u32,
    count: u16,
    /// The chain (in the search's nested table) that removed it, or NONE.
    pub nested: u32,
}

impl Node {
    pub fn cell(&self) -> usize {
        usize::from(self.cand) / 9
    }

    pub fn digit(&self) -> u8 {
        (self.cand % 9) as u8 + 1
    }
}

/// Which chains a search builds, as SE's `Chaining` rule is configured.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Mode {
    /// Cells of three candidates or more, houses of three places or more.
    pub multiple: bool,
    /// False nodes leave the working board.
    pub dynamic: bool,
    /// X links only, contradictions only.
    pub nishio: bool,
    /// 0: none nested; 1: simple techniques; 2 and up: forcing chains too.
    pub level: u8,
}

/// The consequences of one assumption.
pub(super) struct Run {
    pub nodes: Vec<Node>,
    parents: Vec<u32>,
    /// Node of each candidate, false then true; NONE when not reached.
    index: [[u32; 729]; 2],
    /// The true and the false nodes in the order reached.
    pub on_order: Vec<u32>,
    pub off_order: Vec<u32>,
    /// A candidate found both true and false: (true node, false node).
    pub contradiction: Option<(u32, u32)>,
    /// The cells reached in each state, by state and digit (bit `cell` of
    /// `reached[on][digit - 1]`), as the index holds them: a run tests and
    /// sets a house's peers at once, and hints that need a node common to
    /// several runs first intersect these.
    pub reached: [[u128; 9]; 2],
}

impl Run {
    /// A run with nothing in it, for a constant.
    pub const fn empty() -> Run {
        Run {
            nodes: Vec::new(),
            parents: Vec::new(),
            index: [[NONE; 729]; 2],
            on_order: Vec::new(),
            off_order: Vec::new(),
            contradiction: None,
            reached: [[0; 9]; 2],
        }
    }

    pub fn new() -> Box<Run> {
        Box::new(Run {
            nodes: Vec::with_capacity(512),
            parents: Vec::with_capacity(1024),
            index: [[NONE; 729]; 2],
            on_order: Vec::with_capacity(256),
            off_order: Vec::with_capacity(512),
            contradiction: None,
            reached: [[0; 9]; 2],
        })
    }

    fn clear(&mut self) {
        for n in &self.nodes {
            self.index[usize::from(n.on)][usize::from(n.cand)] = NONE;
        }
        self.nodes.clear();
        self.parents.clear();
        self.on_order.clear();
        self.off_order.clear();
        self.contradiction = None;
        self.reached = [[0; 9]; 2];
    }

    /// The node of a candidate in a state, if reached.
    pub fn find(&self, cand: u16, on: bool) -> Option<u32> {
        let n = self.index[usize::from(on)][usize::from(cand)];
        (n != NONE).then_some(n)
    }

    pub fn parents(&self, node: u32) -> &[u32] {
        let n = &self.nodes[node as usize];
        if n.count == 1 {
            return std::slice::from_ref(&n.first);
        }
        &self.parents[n.first as usize..n.first as usize + usize::from(n.count)]
    }

    /// True when `digit` of `cell` was reached in state `on`.
    fn has(&self, cell: usize, digit: u8, on: bool) -> bool {
        // The index, not `reached`: one load, where a bit of a u128 at a
        // varying place takes several steps.
        self.index[usize::from(on)][usize::from(cand(cell, digit))] != NONE
    }

    /// A node outside the index (the second half of a contradiction).
    #[inline(always)]
    fn add(&mut self, cand: u16, on: bool, cause: Cause, parents: &[u32], nested: u32) -> u32 {
        let id = self.nodes.len() as u32;
        let first = match parents {
            [one] => *one,
            _ => self.parents.len() as u32,
        };
        self.nodes.push(Node {
            cand,
            on,
            cause,
            first,
            count: parents.len() as u16,
            nested,
        });
        if parents.len() != 1 {
            // A few parents: pushed one by one rather than copied by a
            // call, which costs more for so few.
            for &q in parents {
                self.parents.push(q);
            }
        }
        id
    }

    /// A node reached, to be followed in its turn. Inlined in the loops
    /// that reach most nodes, where a call costs more than its body.
    #[inline(always)]
    fn insert(
        &mut self,
        cell: usize,
        digit: u8,
        on: bool,
        cause: Cause,
        parents: &[u32],
        nested: u32,
    ) -> u32 {
        let k = cand(cell, digit);
        let id = self.add(k, on, cause, parents, nested);
        self.index[usize::from(on)][usize::from(k)] = id;
        self.reached[usize::from(on)][usize::from(digit - 1)] |= CELL_BITS[cell];
        if on {
            self.on_order.push(id);
        } else {
            self.off_order.push(id);
        }
        id
    }
}

pub(super) fn cand(cell: usize, digit: u8) -> u16 {
    (cell * 9 + usize::from(digit) - 1) as u16
}

/// A small list of parents: the node followed and the hidden ones.
struct Parents {
    list: [u32; 10],
    len: usize,
}

impl Parents {
    fn of(p: u32) -> Parents {
        let mut list = [NONE; 10];
        list[0] = p;
        Parents { list, len: 1 }
    }

    fn push(&mut self, n: Option<u32>) {
        if let Some(n) = n
            && self.len < self.list.len()
        {
            self.list[self.len] = n;
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[u32] {
        &self.list[..self.len]
    }
}

/// The peers of each cell in the three parts SE visits them in: its box,
/// its row outside the box, its column outside the box. House order is
/// cell order, so each part is visited lowest bit first.
const fn peer_parts() -> [[u128; 3]; 81] {
    let houses = house_masks();
    let mut out = [[0u128; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let [b, r, c] = houses_of(cell);
        out[cell] = [
            houses[b] & !(1 << cell),
            houses[r] & !houses[b],
            houses[c] & !houses[b],
        ];
        cell += 1;
    }
    out
}

static PEER_PARTS: [[u128; 3]; 81] = peer_parts();

/// The houses of each cell, as `houses_of` gives them, looked up.
const fn cell_houses() -> [[usize; 3]; 81] {
    let mut out = [[0; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        out[cell] = houses_of(cell);
        cell += 1;
    }
    out
}

static CELL_HOUSES: [[usize; 3]; 81] = cell_houses();

/// Bit `cell` of a mask of cells, looked up: a u128 shifted by a varying
/// amount takes several steps.
const fn cell_bits() -> [u128; 81] {
    let mut out = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        out[cell] = 1 << cell;
        cell += 1;
    }
    out
}

static CELL_BITS: [u128; 81] = cell_bits();

/// What a run reads of a board besides each cell's candidates: the cells
/// of each digit (bit `cell` of `cells[digit - 1]`) and the number of
/// places of each digit in each house (`counts[house][digit - 1]`), which
/// tells a last place without counting bits.
#[derive(Clone, Copy)]
pub(super) struct Sight {
    cells: [u128; 9],
    counts: [[u8; 9]; 27],
}

impl Sight {
    pub(super) const fn empty() -> Sight {
        Sight {
            cells: [0; 9],
            counts: [[0; 9]; 27],
        }
    }

    pub(super) fn of(board: &Board) -> Sight {
        let mut sight = Sight::empty();
        for (cell, houses) in CELL_HOUSES.iter().enumerate() {
            for d in digits(board.candidates(cell)) {
                let d = usize::from(d - 1);
                sight.cells[d] |= 1 << cell;
                for &h in houses {
                    sight.counts[h][d] += 1;
                }
            }
        }
        sight
    }

    /// The cells of `digit` in house number `h`.
    pub(super) fn places(&self, h: usize, digit: u8) -> u128 {
        self.cells[usize::from(digit - 1)] & HOUSE_MASKS[h]
    }

    fn remove(&mut self, cell: usize, digit: u8) {
        let d = usize::from(digit - 1);
        self.cells[d] &= !CELL_BITS[cell];
        for h in CELL_HOUSES[cell] {
            self.counts[h][d] -= 1;
        }
    }
}

/// Follows the assumption `(cand, on)` from `src` to every consequence, or
/// to the first contradiction, into `run`. `src_sight` is what the run
/// reads of `src`. `nest` holds the chains nested in it (levels 2 and up)
/// and the searches they need.
#[allow(clippy::too_many_arguments)]
pub(super) fn follow(
    src: &Board,
    src_places: &Places,
    src_sight: &Sight,
    mode: Mode,
    cand: u16,
    on: bool,
    run: &mut Run,
    nest: &mut nested::Nest,
) {
    run.clear();
    let (cell, digit) = (usize::from(cand) / 9, (cand % 9) as u8 + 1);
    run.insert(cell, digit, on, Cause::Assumed, &[], NONE);
    let mut cur = *src;
    let mut sight = *src_sight;
    // Only the nested techniques read the places per house and what was
    // touched: without nesting neither is kept.
    let mut places = if mode.level > 0 {
        Some(*src_places)
    } else {
        None
    };
    // For the nested techniques: per house, the digits removed there.
    let mut touched = [0u16; 27];
    let counts = (mode.level > 0).then(|| nested::Counts::of(src));
    let (mut next_on, mut next_off) = (0, 0);
    loop {
        if next_on < run.on_order.len() {
            let p = run.on_order[next_on];
            next_on += 1;
            if turn_off(&cur, &sight.cells, mode, p, run) {
                return;
            }
        } else if next_off < run.off_order.len() {
            let p = run.off_order[next_off];
            next_off += 1;
            if turn_on(src, &cur, [src_sight, &sight], mode, p, run) {
                return;
            }
            if mode.dynamic {
                let n = run.nodes[p as usize];
                if cur.eliminate(n.cell(), n.digit()) {
                    sight.remove(n.cell(), n.digit());
                }
                if let Some(places) = &mut places {
                    places.remove(n.cell(), n.digit());
                    for h in houses_of(n.cell()) {
                        touched[h] |= bit(n.digit());
                    }
                }
            }
        } else if let (Some(counts), Some(places)) = (&counts, &places)
            && nested::advance(
                &nested::Boards {
                    src,
                    cur: &cur,
                    src_places,
                    cur_places: places,
                    touched: &touched,
                    counts,
                },
                mode.level,
                run,
                nest,
            )
        {
            continue;
        } else {
            return;
        }
    }
}

/// Turns `digit` of `cell` off because of true node `p`, unless already
/// off; true when it is true already (a contradiction).
fn off_one(run: &mut Run, cell: usize, digit: u8, p: u32) -> bool {
    if run.has(cell, digit, true) {
        let k = cand(cell, digit);
        let on = run.index[1][usize::from(k)];
        let fresh = run.add(k, false, Cause::Off, &[p], NONE);
        run.contradiction = Some((on, fresh));
        return true;
    }
    if !run.has(cell, digit, false) {
        run.insert(cell, digit, false, Cause::Off, &[p], NONE);
    }
    false
}

/// The consequences of true node `p`; true when they contradict.
fn turn_off(cur: &Board, cells: &[u128; 9], mode: Mode, p: u32, run: &mut Run) -> bool {
    let node = run.nodes[p as usize];
    let (cell, digit) = (node.cell(), node.digit());
    if !mode.nishio {
        for d in digits(cur.candidates(cell) & !bit(digit)) {
            if off_one(run, cell, d, p) {
                return true;
            }
        }
    }
    let d = usize::from(digit - 1);
    for part in PEER_PARTS[cell] {
        let m = part & cells[d];
        if m & run.reached[1][d] != 0 {
            // A peer already true: one by one, up to it.
            let mut m = m;
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                if off_one(run, c, digit, p) {
                    return true;
                }
            }
        } else {
            let mut fresh = m & !run.reached[0][d];
            while fresh != 0 {
                let c = fresh.trailing_zeros() as usize;
                fresh &= fresh - 1;
                run.insert(c, digit, false, Cause::Off, &[p], NONE);
            }
        }
    }
    false
}

/// Turns `digit` of `cell` on, unless already on; true when it is off
/// already (a contradiction).
fn on_one(run: &mut Run, cell: usize, digit: u8, cause: Cause, parents: &Parents) -> bool {
    if run.has(cell, digit, false) {
        let k = cand(cell, digit);
        let off = run.index[0][usize::from(k)];
        let fresh = run.add(k, true, cause, parents.as_slice(), NONE);
        run.contradiction = Some((fresh, off));
        return true;
    }
    if !run.has(cell, digit, true) {
        run.insert(cell, digit, true, cause, parents.as_slice(), NONE);
    }
    false
}

/// The consequences of false node `p` (still on the working board `cur`,
/// read through `sights[1]`; `sights[0]` reads `src`); true when they
/// contradict.
fn turn_on(
    src: &Board,
    cur: &Board,
    sights: [&Sight; 2],
    mode: Mode,
    p: u32,
    run: &mut Run,
) -> bool {
    let node = run.nodes[p as usize];
    let (cell, digit) = (node.cell(), node.digit());
    // Already on and not off: nothing to add, so no parents to gather.
    let settled = |run: &Run, c: usize, d: u8| run.has(c, d, true) && !run.has(c, d, false);
    let mask = cur.candidates(cell);
    // Exactly two candidates (without counting bits).
    let rest = mask & mask.wrapping_sub(1);
    if !mode.nishio && rest != 0 && rest & (rest - 1) == 0 {
        // The lower of the cell's two digits that is not this one.
        let other = (mask & !bit(digit)).trailing_zeros() as u8 + 1;
        if !settled(run, cell, other) {
            let mut parents = Parents::of(p);
            for d in digits(src.candidates(cell) & !mask) {
                parents.push(run.find(cand(cell, d), false));
            }
            if on_one(run, cell, other, Cause::NakedSingle, &parents) {
                return true;
            }
        }
    }
    let [src_sight, cur_sight] = sights;
    let d = usize::from(digit - 1);
    for h in CELL_HOUSES[cell] {
        if cur_sight.counts[h][d] != 2 {
            continue;
        }
        let house = HOUSE_MASKS[h];
        let m = cur_sight.cells[d] & house;
        let a = m.trailing_zeros() as usize;
        let b = 127 - m.leading_zeros() as usize;
        let other = if a == cell { b } else { a };
        if settled(run, other, digit) {
            continue;
        }
        let mut parents = Parents::of(p);
        let mut gone = src_sight.cells[d] & house & !m;
        while gone != 0 {
            let c = gone.trailing_zeros() as usize;
            gone &= gone - 1;
            parents.push(run.find(cand(c, digit), false));
        }
        if on_one(run, other, digit, Cause::Hidden(h as u8), &parents) {
            return true;
        }
    }
    false
}

/// Adds a removal found by a technique run on the working board, unless
/// already reached; true when added.
pub(super) fn add_advanced(run: &mut Run, cand: u16, parents: &[u16], nested: u32) -> bool {
    if run.find(cand, false).is_some() {
        return false;
    }
    let mut list = [NONE; 64];
    let mut len = 0;
    for &q in parents {
        if let Some(n) = run.find(q, false)
            && len < list.len()
        {
            list[len] = n;
            len += 1;
        }
    }
    let (cell, digit) = (usize::from(cand) / 9, (cand % 9) as u8 + 1);
    run.insert(cell, digit, false, Cause::Advanced, &list[..len], nested);
    true
}

/// Distinct candidates-with-state seen while walking ancestors.
pub(super) struct Seen([u64; 23]);

impl Seen {
    pub fn new() -> Seen {
        Seen([0; 23])
    }

    pub fn clear(&mut self) {
        self.0 = [0; 23];
    }

    /// Marks a node's key; true when it was not marked yet.
    pub fn mark(&mut self, n: &Node) -> bool {
        let k = usize::from(n.cand) * 2 + usize::from(n.on);
        let (w, b) = (k / 64, 1u64 << (k % 64));
        let fresh = self.0[w] & b == 0;
        self.0[w] |= b;
        fresh
    }
}

/// SE's ancestor count of a node: it and every node it rests on, each
/// candidate-with-state once. Nested chains met are added to `nested`
/// (each once) and, when `out` is given, the nodes are listed there,
/// nearest first. The walk stops once the count passes `cap`: a caller
/// that only needs to know it would be too many is told so sooner.
pub(super) fn ancestors(
    run: &Run,
    node: u32,
    seen: &mut Seen,
    stack: &mut Vec<u32>,
    nested: &mut Vec<u32>,
    mut out: Option<&mut Vec<(usize, u8)>>,
    cap: usize,
) -> usize {
    seen.clear();
    stack.clear();
    stack.push(node);
    let mut count = 0;
    let mut at = 0;
    // Breadth first, as SE lists a chain.
    while at < stack.len() {
        let n = stack[at];
        at += 1;
        let rec = run.nodes[n as usize];
        if !seen.mark(&rec) {
            continue;
        }
        count += 1;
        if count > cap {
            break;
        }
        if let Some(out) = out.as_deref_mut() {
            out.push((rec.cell(), rec.digit()));
        }
        if rec.nested != NONE && !nested.contains(&rec.nested) {
            nested.push(rec.nested);
        }
        stack.extend_from_slice(run.parents(n));
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;

    /// A hard board with a few candidates removed, so that some houses hold
    /// a digit in two places only.
    fn boards() -> Vec<Board> {
        let puzzle =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let Ok(grid) = puzzle.parse::<Grid>() else {
            panic!("{puzzle}: not a grid")
        };
        let open = Board::from_grid(&grid);
        let mut thinned = open;
        for cell in (0..81).step_by(4) {
            for d in digits(thinned.candidates(cell)).step_by(2) {
                thinned.eliminate(cell, d);
            }
        }
        vec![open, thinned]
    }

    /// The masks a run works with read the board as `Places` does: the
    /// same places per house, the same counts, and the peers in SE's order.
    #[test]
    fn sight_agrees_with_places() {
        for board in boards() {
            let (sight, places) = (Sight::of(&board), Places::of(&board));
            for (h, house) in crate::logic::board::HOUSES.iter().enumerate() {
                for digit in 1..=9 {
                    let m = places.get(h, digit);
                    let cells = house
                        .iter()
                        .enumerate()
                        .filter(|&(i, _)| m & (1 << i) != 0)
                        .fold(0u128, |acc, (_, &c)| acc | 1 << c);
                    assert_eq!(sight.places(h, digit), cells);
                    let count = sight.counts[h][usize::from(digit - 1)];
                    assert_eq!(u32::from(count), m.count_ones());
                }
            }
            for (cell, parts) in PEER_PARTS.iter().enumerate() {
                for digit in 1..=9 {
                    let mut want = Vec::new();
                    places.any_peer(cell, digit, |c| {
                        want.push(c);
                        false
                    });
                    let mut got = Vec::new();
                    for part in parts {
                        let mut m = part & sight.cells[usize::from(digit - 1)];
                        while m != 0 {
                            got.push(m.trailing_zeros() as usize);
                            m &= m - 1;
                        }
                    }
                    assert_eq!(got, want, "cell {cell} digit {digit}");
                }
            }
        }
    }
}
