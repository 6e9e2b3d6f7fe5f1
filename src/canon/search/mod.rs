//! The search for the smallest form, a row at a time.
//!
//! A partial transformation fixes the transposition, the order of the
//! stacks, the source of each row placed so far, and for each target stack
//! a set of column orders within it (six bits) that all give the same rows
//! so far. Each step tries every source row that may come next and keeps
//! only the partials whose new row ties for the smallest. Because a set of
//! column orders stays one partial, symmetric boards stay small: the empty
//! board, fixed by all 3,359,232 transformations, ends as 15,552 partials
//! of 216 column orders each. A partial splits only where two column orders
//! give the same row but give its new digits different labels, since from
//! there on the two relabellings read the board differently.

mod complete;

use super::Transform;
use crate::Grid;

/// The six orders of three things: order `p` puts item `PERMS[p][j]` at
/// place `j`.
pub(super) const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

const ALL_ORDERS: u8 = 0b11_1111;

/// What a row is compared by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Key {
    /// Digits relabelled in order of first appearance, blanks as 0.
    Digits,
    /// Given or blank only.
    Pattern,
}

#[derive(Debug, Clone, Copy)]
struct Partial {
    transposed: bool,
    /// Target row → source row, for the rows placed so far.
    rows: [u8; 9],
    /// Source rows placed, one bit each.
    used: u16,
    /// Target stack → source stack.
    stacks: [u8; 3],
    /// Per target stack, the column orders (bits of [`PERMS`]) still tied.
    orders: [u8; 3],
    /// Source digit → label, 0 while the digit has not been met.
    labels: [u8; 10],
    next_label: u8,
}

/// A partial part way through a row: the labels and orders so far.
#[derive(Debug, Clone, Copy)]
struct Split {
    labels: [u8; 10],
    next_label: u8,
    orders: [u8; 3],
}

/// The result of a search.
pub(super) struct Found {
    pub transform: Transform,
    pub automorphisms: u32,
}

/// Buffers reused from one board to the next.
#[derive(Debug, Default)]
pub(super) struct Search {
    /// The board as rows, and transposed.
    boards: [[[u8; 9]; 9]; 2],
    /// Each row's givens per source stack, bit 2 for the stack's first
    /// column.
    bits: [[[u8; 3]; 9]; 2],
    /// Whether the board loaded breaks no rule.
    valid: bool,
    current: Vec<Partial>,
    next: Vec<Partial>,
    splits: Vec<Split>,
    splits_next: Vec<Split>,
}

impl Search {
    /// The minlex form's transformation and the automorphism count.
    pub fn minlex(&mut self, grid: &Grid) -> Found {
        self.load(grid);
        if complete::applies(grid) {
            self.valid = grid.is_valid();
            self.start_complete();
            self.run_from(Key::Digits, false, 2);
        } else {
            self.start();
            self.run(Key::Digits, false);
        }
        self.found()
    }

    /// The pattern-first form's transformation: the smallest pattern of
    /// givens, then among the transformations that give it, the smallest
    /// digits.
    pub fn pattern_first(&mut self, grid: &Grid) -> Found {
        // A complete board has one pattern: the forms agree, and the pattern
        // search would end with every rearrangement still tied, for the
        // digits to split into millions.
        if grid.is_complete() {
            return self.minlex(grid);
        }
        self.load(grid);
        self.start();
        self.run(Key::Pattern, false);
        // Only the rearrangements that give the whole smallest pattern
        // count, so the digits are compared among the partials the pattern
        // search ends with, each keeping its rows.
        self.run(Key::Digits, true);
        self.found()
    }

    fn load(&mut self, grid: &Grid) {
        let cells = grid.cells();
        for r in 0..9 {
            for c in 0..9 {
                let v = cells[r * 9 + c];
                self.boards[0][r][c] = v;
                self.boards[1][c][r] = v;
            }
        }
        for t in 0..2 {
            for r in 0..9 {
                for s in 0..3 {
                    let row = &self.boards[t][r];
                    self.bits[t][r][s] = (u8::from(row[3 * s] != 0) << 2)
                        | (u8::from(row[3 * s + 1] != 0) << 1)
                        | u8::from(row[3 * s + 2] != 0);
                }
            }
        }
    }

    /// One partial per transposition and order of stacks, no row placed.
    fn start(&mut self) {
        self.current.clear();
        for transposed in [false, true] {
            for order in PERMS {
                self.current.push(Partial {
                    transposed,
                    rows: [0; 9],
                    used: 0,
                    stacks: order.map(|s| s as u8),
                    orders: [ALL_ORDERS; 3],
                    labels: [0; 10],
                    next_label: 1,
                });
            }
        }
    }

    /// Places the nine rows, by `key`; with `fixed_rows` each partial keeps
    /// the rows it has and only its column orders and labels are refined.
    fn run(&mut self, key: Key, fixed_rows: bool) {
        self.run_from(key, fixed_rows, 0);
    }

    /// [`Search::run`] for the partials that have rows up to `first` placed.
    fn run_from(&mut self, key: Key, fixed_rows: bool, first: usize) {
        let Search {
            boards,
            bits,
            current,
            next,
            splits,
            splits_next,
            ..
        } = self;
        for r in first..9 {
            next.clear();
            let mut best = [u32::MAX; 3];
            for cand in current.iter() {
                let mut try_row = |source: usize| match key {
                    Key::Digits => extend_digits(
                        &boards[usize::from(cand.transposed)][source],
                        cand,
                        r,
                        source,
                        &mut best,
                        next,
                        splits,
                        splits_next,
                    ),
                    Key::Pattern => extend_pattern(
                        &bits[usize::from(cand.transposed)][source],
                        cand,
                        r,
                        source,
                        &mut best,
                        next,
                    ),
                };
                if fixed_rows {
                    try_row(usize::from(cand.rows[r]));
                } else if r % 3 != 0 {
                    // The rest of the band the first row of this band came from.
                    let band = usize::from(cand.rows[r - r % 3] / 3);
                    for source in band * 3..band * 3 + 3 {
                        if cand.used & (1 << source) == 0 {
                            try_row(source);
                        }
                    }
                } else {
                    for source in 0..9 {
                        if cand.used & (0b111 << (source / 3 * 3)) == 0 {
                            try_row(source);
                        }
                    }
                }
            }
            std::mem::swap(current, next);
        }
    }

    fn found(&self) -> Found {
        let automorphisms = self
            .current
            .iter()
            .map(|p| p.orders.iter().map(|o| o.count_ones()).product::<u32>())
            .sum();
        let first = &self.current[0];
        let mut columns = [0u8; 9];
        for (k, (&stack, &orders)) in first.stacks.iter().zip(&first.orders).enumerate() {
            let order = PERMS[orders.trailing_zeros() as usize];
            for (j, &i) in order.iter().enumerate() {
                columns[k * 3 + j] = stack * 3 + i as u8;
            }
        }
        // Digits the board does not hold take the labels left, in order, so
        // the relabelling is a whole permutation.
        let mut digits = [0u8; 9];
        let mut next_label = first.next_label;
        for (d, to) in digits.iter_mut().enumerate() {
            *to = first.labels[d + 1];
            if *to == 0 {
                *to = next_label;
                next_label += 1;
            }
        }
        Found {
            transform: Transform::from_checked(first.transposed, first.rows, columns, digits),
            automorphisms,
        }
    }
}

/// Compares a target stack's value with the best so far: false when worse;
/// when better, the best row so far is forgotten from this stack on.
#[inline]
fn tie_or_beat(value: u32, k: usize, best: &mut [u32; 3], next: &mut Vec<Partial>) -> bool {
    if value > best[k] {
        return false;
    }
    if value < best[k] {
        best[k] = value;
        best[k + 1..].fill(u32::MAX);
        next.clear();
    }
    true
}

fn placed(cand: &Partial, r: usize, source: usize) -> Partial {
    let mut p = *cand;
    p.rows[r] = source as u8;
    p.used |= 1 << source;
    p
}

/// Tries source `row` as target row `r` of `cand`, comparing digits.
#[allow(clippy::too_many_arguments)]
fn extend_digits(
    row: &[u8; 9],
    cand: &Partial,
    r: usize,
    source: usize,
    best: &mut [u32; 3],
    next: &mut Vec<Partial>,
    splits: &mut Vec<Split>,
    splits_next: &mut Vec<Split>,
) {
    splits.clear();
    splits.push(Split {
        labels: cand.labels,
        next_label: cand.next_label,
        orders: cand.orders,
    });
    for k in 0..3 {
        let s = usize::from(cand.stacks[k]) * 3;
        let cells = [row[s], row[s + 1], row[s + 2]];
        splits_next.clear();
        let mut low = u32::MAX;
        for split in splits.iter() {
            // Splits from earlier partials differ in their labels already:
            // only this one's own can share an outcome's labels.
            let mut own = splits_next.len();
            let mut orders = split.orders[k];
            while orders != 0 {
                let p = orders.trailing_zeros() as usize;
                orders &= orders - 1;
                let mut labels = split.labels;
                let mut next_label = split.next_label;
                let mut value = 0u32;
                for &i in &PERMS[p] {
                    let d = usize::from(cells[i]);
                    let x = if d == 0 {
                        0
                    } else {
                        if labels[d] == 0 {
                            labels[d] = next_label;
                            next_label += 1;
                        }
                        labels[d]
                    };
                    value = value << 8 | u32::from(x);
                }
                if value > low {
                    continue;
                }
                if value < low {
                    low = value;
                    splits_next.clear();
                    own = 0;
                }
                if let Some(same) = splits_next[own..].iter_mut().find(|o| o.labels == labels) {
                    same.orders[k] |= 1 << p;
                } else {
                    let mut kept = split.orders;
                    kept[k] = 1 << p;
                    splits_next.push(Split {
                        labels,
                        next_label,
                        orders: kept,
                    });
                }
            }
        }
        if !tie_or_beat(low, k, best, next) {
            return;
        }
        std::mem::swap(splits, splits_next);
    }
    for split in splits.iter() {
        let mut p = placed(cand, r, source);
        p.labels = split.labels;
        p.next_label = split.next_label;
        p.orders = split.orders;
        next.push(p);
    }
}

/// Tries source row `r` of `cand` by its pattern alone.
fn extend_pattern(
    bits: &[u8; 3],
    cand: &Partial,
    r: usize,
    source: usize,
    best: &mut [u32; 3],
    next: &mut Vec<Partial>,
) {
    let mut orders = cand.orders;
    for k in 0..3 {
        let (value, kept) =
            PATTERN_BEST[usize::from(bits[usize::from(cand.stacks[k])])][usize::from(orders[k])];
        if !tie_or_beat(u32::from(value), k, best, next) {
            return;
        }
        orders[k] = kept;
    }
    let mut p = placed(cand, r, source);
    p.orders = orders;
    next.push(p);
}

/// For the givens of a stack's three cells (bit 2 the first) and a set of
/// column orders: the smallest pattern those orders give (bit 2 the first
/// place) and the orders that give it.
static PATTERN_BEST: [[(u8, u8); 64]; 8] = pattern_best();

const fn pattern_best() -> [[(u8, u8); 64]; 8] {
    let mut table = [[(8u8, 0u8); 64]; 8];
    let mut bits = 0;
    while bits < 8 {
        let mut set = 1;
        while set < 64 {
            let mut p = 0;
            while p < 6 {
                if set & (1 << p) != 0 {
                    let mut value = 0u8;
                    let mut j = 0;
                    while j < 3 {
                        let from = PERMS[p][j];
                        value = value << 1 | ((bits >> (2 - from)) & 1) as u8;
                        j += 1;
                    }
                    let (low, orders) = table[bits][set];
                    if value < low {
                        table[bits][set] = (value, 1 << p);
                    } else if value == low {
                        table[bits][set] = (low, orders | 1 << p);
                    }
                }
                p += 1;
            }
            set += 1;
        }
        bits += 1;
    }
    table
}
