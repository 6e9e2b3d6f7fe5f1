//! The reference engine, the portfolio's safety net and the tests' second
//! opinion. Compact: bitmask candidates, naked and hidden singles, and
//! branching on the cell with the fewest candidates per unit weight, where
//! a unit's weight counts the contradictions that showed in it ("dom/wdeg",
//! a rule of constraint solvers): a board whose contradiction hides in a
//! corner of an otherwise open grid draws the branching there.

use std::ops::ControlFlow;

use super::{Emit, Stats};
use crate::grid::box_of;

const ALL: u16 = 0x1FF;

/// Every unit (9 rows, 9 columns, 9 boxes) as its 9 cell indices.
const UNITS: [[u8; 9]; 27] = build_units();

const fn build_units() -> [[u8; 9]; 27] {
    let mut units = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            units[i][j] = (i * 9 + j) as u8;
            units[9 + i][j] = (j * 9 + i) as u8;
            let (br, bc) = ((i / 3) * 3, (i % 3) * 3);
            units[18 + i][j] = ((br + j / 3) * 9 + bc + j % 3) as u8;
            j += 1;
        }
        i += 1;
    }
    units
}

#[derive(Clone, Copy)]
struct State {
    cells: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

impl State {
    fn new(givens: &[u8; 81]) -> Option<State> {
        let mut state = State {
            cells: [0; 81],
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
        };
        for (i, &v) in givens.iter().enumerate() {
            if v != 0 && (v > 9 || !state.place(i, v)) {
                return None;
            }
        }
        Some(state)
    }

    fn candidates(&self, i: usize) -> u16 {
        let (r, c) = (i / 9, i % 9);
        !(self.rows[r] | self.cols[c] | self.boxes[box_of(r, c)]) & ALL
    }

    /// Places `v` at `i`; false when `v` is already used in one of its units.
    fn place(&mut self, i: usize, v: u8) -> bool {
        let bit = 1u16 << (v - 1);
        if self.candidates(i) & bit == 0 {
            return false;
        }
        let (r, c) = (i / 9, i % 9);
        self.cells[i] = v;
        self.rows[r] |= bit;
        self.cols[c] |= bit;
        self.boxes[box_of(r, c)] |= bit;
        true
    }

    /// Applies naked and hidden singles until nothing changes.
    /// On a contradiction, returns the units (bit `u` for unit `u`) where
    /// it showed.
    fn propagate(&mut self, stats: &mut Stats) -> Result<(), u32> {
        loop {
            let mut progress = false;
            for i in 0..81 {
                if self.cells[i] != 0 {
                    continue;
                }
                let cand = self.candidates(i);
                if cand == 0 {
                    return Err(units_of(i));
                }
                if cand.is_power_of_two() {
                    self.place(i, cand.trailing_zeros() as u8 + 1);
                    stats.steps += 1;
                    progress = true;
                }
            }
            for (u, unit) in UNITS.iter().enumerate() {
                let mut once = 0u16;
                let mut twice = 0u16;
                let mut placed = 0u16;
                for &i in unit {
                    let i = usize::from(i);
                    if self.cells[i] != 0 {
                        placed |= 1 << (self.cells[i] - 1);
                        continue;
                    }
                    let cand = self.candidates(i);
                    twice |= once & cand;
                    once |= cand;
                }
                if (once | placed) != ALL {
                    return Err(1 << u);
                }
                let mut hidden = once & !twice & !placed;
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden &= hidden - 1;
                    let Some(&i) = unit.iter().find(|&&i| {
                        self.cells[usize::from(i)] == 0
                            && self.candidates(usize::from(i)) & bit != 0
                    }) else {
                        // An earlier placement in this pass took the digit's last cell.
                        return Err(1 << u);
                    };
                    if !self.place(usize::from(i), bit.trailing_zeros() as u8 + 1) {
                        return Err(1 << u | units_of(usize::from(i)));
                    }
                    stats.steps += 1;
                    progress = true;
                }
            }
            if !progress {
                return Ok(());
            }
        }
    }
}

/// Finds up to `limit` solutions of `givens`, passing the first `keep` to `emit`.
#[cfg_attr(not(test), allow(dead_code))]
pub fn search(
    givens: &[u8; 81],
    limit: usize,
    keep: usize,
    emit: &mut dyn FnMut(&[u8; 81]),
    stats: &mut Stats,
) -> usize {
    let mut flow = |cells: &[u8; 81]| {
        emit(cells);
        ControlFlow::Continue(())
    };
    search_budgeted(givens, limit, keep, &mut flow, stats, u64::MAX).unwrap_or(0)
}

/// [`search`] that gives up (`None`) after `budget` guesses in a row that
/// find no solution.
pub fn search_budgeted(
    givens: &[u8; 81],
    limit: usize,
    keep: usize,
    emit: Emit<'_>,
    stats: &mut Stats,
    budget: u64,
) -> Option<usize> {
    let Some(state) = State::new(givens) else {
        return Some(0);
    };
    let mut search = Search {
        limit,
        keep,
        emit,
        stats,
        found: 0,
        budget,
        dry: 0,
        weights: [1; 27],
    };
    search.recurse(state);
    (search.dry <= search.budget).then_some(search.found)
}

struct Search<'a> {
    limit: usize,
    keep: usize,
    emit: Emit<'a>,
    stats: &'a mut Stats,
    found: usize,
    budget: u64,
    /// Guesses since the last solution; past `budget` the search unwinds.
    dry: u64,
    /// Per unit, one plus the contradictions that showed in it: branching
    /// prefers cells in units that keep failing (dom/wdeg).
    weights: [u32; 27],
}

impl Search<'_> {
    /// The weights of the units of cell `i`, summed.
    fn weight(&self, i: usize) -> u64 {
        let (r, c) = (i / 9, i % 9);
        u64::from(self.weights[r] + self.weights[9 + c] + self.weights[18 + box_of(r, c)])
    }

    fn done(&self) -> bool {
        self.found >= self.limit || self.dry > self.budget
    }

    /// Tries `value` at `cell` of a copy of `state`.
    fn branch(&mut self, state: &State, cell: usize, value: u8) {
        self.stats.guesses += 1;
        self.dry += 1;
        if self.dry > self.budget {
            return;
        }
        let mut next = *state;
        next.place(cell, value);
        self.recurse(next);
    }

    fn recurse(&mut self, mut state: State) {
        if let Err(mut units) = state.propagate(self.stats) {
            while units != 0 {
                self.weights[units.trailing_zeros() as usize] += 1;
                units &= units - 1;
            }
            return;
        }
        // The cell with the most weight per candidate (dom/wdeg): with equal
        // weights, as at the start, the one with the fewest candidates.
        let mut best = None;
        let (mut best_weight, mut best_count) = (0u64, 1u64);
        for i in (0..81).filter(|&i| state.cells[i] == 0) {
            let n = u64::from(state.candidates(i).count_ones());
            let w = self.weight(i);
            if best.is_none() || w * best_count > best_weight * n {
                (best_weight, best_count) = (w, n);
                best = Some(i);
            }
        }
        let Some(i) = best else {
            self.found += 1;
            self.dry = 0;
            if self.found <= self.keep {
                if (self.emit)(&state.cells).is_break() {
                    // Asked to stop: as if the limit were reached here.
                    self.limit = self.found;
                }
                // A second solution handed on commits the run to its end
                // (see `solver::complete`).
                if self.found >= 2 {
                    self.budget = u64::MAX;
                }
            }
            return;
        };
        let mut cand = state.candidates(i);
        while cand != 0 && !self.done() {
            let v = cand.trailing_zeros() as u8 + 1;
            cand &= cand - 1;
            self.branch(&state, i, v);
        }
    }
}

/// The row, column and box of cell `i`, as unit bits.
fn units_of(i: usize) -> u32 {
    let (r, c) = (i / 9, i % 9);
    1 << r | 1 << (9 + c) | 1 << (18 + box_of(r, c))
}
