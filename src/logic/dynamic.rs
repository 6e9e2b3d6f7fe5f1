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

use super::board::{Board, HOUSES, digits, houses_of};
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
    /// Its parents: `parents[first..first + count]` of its run.
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
    /// The candidates reached in each state, as the index holds them: bit
    /// `on * 729 + cand`. Hints that need a node common to several runs
    /// first intersect these.
    pub reached: [u64; 23],
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
            reached: [0; 23],
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
            reached: [0; 23],
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
        self.reached = [0; 23];
    }

    /// The node of a candidate in a state, if reached.
    pub fn find(&self, cand: u16, on: bool) -> Option<u32> {
        let n = self.index[usize::from(on)][usize::from(cand)];
        (n != NONE).then_some(n)
    }

    pub fn parents(&self, node: u32) -> &[u32] {
        let n = &self.nodes[node as usize];
        &self.parents[n.first as usize..n.first as usize + usize::from(n.count)]
    }

    /// A node outside the index (the second half of a contradiction).
    fn add(&mut self, cand: u16, on: bool, cause: Cause, parents: &[u32], nested: u32) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push(Node {
            cand,
            on,
            cause,
            first: self.parents.len() as u32,
            count: parents.len() as u16,
            nested,
        });
        // One or a few parents: pushed one by one rather than copied by a
        // call, which costs more for so few.
        for &q in parents {
            self.parents.push(q);
        }
        id
    }

    /// A node reached, to be followed in its turn.
    fn insert(&mut self, cand: u16, on: bool, cause: Cause, parents: &[u32], nested: u32) -> u32 {
        let id = self.add(cand, on, cause, parents, nested);
        self.index[usize::from(on)][usize::from(cand)] = id;
        let k = usize::from(on) * 729 + usize::from(cand);
        self.reached[k / 64] |= 1 << (k % 64);
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

/// Follows the assumption `(cand, on)` from `src` to every consequence, or
/// to the first contradiction, into `run`. `nest` holds the chains nested
/// in it (levels 2 and up) and the searches they need.
pub(super) fn follow(
    src: &Board,
    src_places: &Places,
    mode: Mode,
    cand: u16,
    on: bool,
    run: &mut Run,
    nest: &mut nested::Nest,
) {
    run.clear();
    run.insert(cand, on, Cause::Assumed, &[], NONE);
    let mut cur = *src;
    let mut places = *src_places;
    // For the nested techniques: per house, the digits removed there.
    let mut touched = [0u16; 27];
    let counts = (mode.level > 0).then(|| nested::Counts::of(src));
    let (mut next_on, mut next_off) = (0, 0);
    loop {
        if next_on < run.on_order.len() {
            let p = run.on_order[next_on];
            next_on += 1;
            if turn_off(&cur, &places, mode, p, run) {
                return;
            }
        } else if next_off < run.off_order.len() {
            let p = run.off_order[next_off];
            next_off += 1;
            if turn_on(src, &cur, [src_places, &places], mode, p, run) {
                return;
            }
            if mode.dynamic {
                let n = run.nodes[p as usize];
                cur.eliminate(n.cell(), n.digit());
                places.remove(n.cell(), n.digit());
                for h in houses_of(n.cell()) {
                    touched[h] |= super::board::bit(n.digit());
                }
            }
        } else if let Some(counts) = &counts
            && nested::advance(
                &nested::Boards {
                    src,
                    cur: &cur,
                    src_places,
                    cur_places: &places,
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

/// The consequences of true node `p`; true when they contradict.
fn turn_off(cur: &Board, places: &Places, mode: Mode, p: u32, run: &mut Run) -> bool {
    let node = run.nodes[p as usize];
    let (cell, digit) = (node.cell(), node.digit());
    let off = |run: &mut Run, c: usize, d: u8| -> bool {
        let k = cand(c, d);
        if let Some(on) = run.find(k, true) {
            let fresh = run.add(k, false, Cause::Off, &[p], NONE);
            run.contradiction = Some((on, fresh));
            return true;
        }
        if run.find(k, false).is_none() {
            run.insert(k, false, Cause::Off, &[p], NONE);
        }
        false
    };
    if !mode.nishio {
        for d in digits(cur.candidates(cell)) {
            if d != digit && off(run, cell, d) {
                return true;
            }
        }
    }
    places.any_peer(cell, digit, |c| off(run, c, digit))
}

/// The consequences of false node `p` (still on the working board `cur`);
/// true when they contradict.
fn turn_on(
    src: &Board,
    cur: &Board,
    places: [&Places; 2],
    mode: Mode,
    p: u32,
    run: &mut Run,
) -> bool {
    let node = run.nodes[p as usize];
    let (cell, digit) = (node.cell(), node.digit());
    let on = |run: &mut Run, c: usize, d: u8, cause: Cause, parents: &Parents| -> bool {
        let k = cand(c, d);
        if let Some(off) = run.find(k, false) {
            let fresh = run.add(k, true, cause, parents.as_slice(), NONE);
            run.contradiction = Some((fresh, off));
            return true;
        }
        if run.find(k, true).is_none() {
            run.insert(k, true, cause, parents.as_slice(), NONE);
        }
        false
    };
    let mask = cur.candidates(cell);
    if !mode.nishio && mask.count_ones() == 2 {
        let mut parents = Parents::of(p);
        for d in digits(src.candidates(cell) & !mask) {
            parents.push(run.find(cand(cell, d), false));
        }
        if let Some(other) = digits(mask).find(|&d| d != digit)
            && on(run, cell, other, Cause::NakedSingle, &parents)
        {
            return true;
        }
    }
    let [src_places, cur_places] = places;
    for h in houses_of(cell) {
        let m = cur_places.get(h, digit);
        if m.count_ones() != 2 {
            continue;
        }
        let a = HOUSES[h][m.trailing_zeros() as usize];
        let b = HOUSES[h][15 - m.leading_zeros() as usize];
        let other = if a == cell { b } else { a };
        let mut parents = Parents::of(p);
        let mut gone = src_places.get(h, digit) & !m;
        while gone != 0 {
            let c = HOUSES[h][gone.trailing_zeros() as usize];
            gone &= gone - 1;
            parents.push(run.find(cand(c, digit), false));
        }
        if on(run, other, digit, Cause::Hidden(h as u8), &parents) {
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
    run.insert(cand, false, Cause::Advanced, &list[..len], nested);
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
/// nearest first.
pub(super) fn ancestors(
    run: &Run,
    node: u32,
    seen: &mut Seen,
    stack: &mut Vec<u32>,
    nested: &mut Vec<u32>,
    mut out: Option<&mut Vec<(usize, u8)>>,
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
