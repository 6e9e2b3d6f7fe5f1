//! A random solution grid, made by a search of its own rather than the
//! engine's: which solution the engine finds first may depend on the build
//! it runs (portable or with extra instructions), and the grid must depend
//! on the random words alone for a seed to give the same puzzles anywhere.

use rand::RngCore;

use super::units::{ALL, PEERS, Units};
use crate::random::{below, shuffle};

/// A solution grid drawn from `rng`. The three boxes of the main diagonal
/// share no row, column or box, so each is a random permutation; the rest
/// is a depth-first search that fills the cell with the fewest candidates
/// first and tries them in random order. Such a search seldom backtracks
/// from there, and then not far.
pub(super) fn solution_grid(rng: &mut (impl RngCore + ?Sized)) -> [u8; 81] {
    loop {
        let mut cells = [0u8; 81];
        for b in [0, 4, 8] {
            let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
            shuffle(rng, &mut digits);
            for (k, d) in digits.into_iter().enumerate() {
                let (r, c) = ((b / 3) * 3 + k / 3, (b % 3) * 3 + k % 3);
                cells[r * 9 + c] = d;
            }
        }
        let units = Units::of(&cells);
        // Such a start is believed always to extend; a start that did not
        // would only cost a fresh draw.
        if fill(&mut cells, &units, rng) {
            return cells;
        }
    }
}

/// Fills the blanks of `cells` by depth-first search; false when they
/// cannot be filled (then `cells` is as it was).
fn fill(cells: &mut [u8; 81], units: &Units, rng: &mut (impl RngCore + ?Sized)) -> bool {
    fill_blanks(cells, &Open::of(cells, units), rng)
}

/// The blank cells and, per digit, those it may still fill, as 81-bit
/// masks: a placement is a few mask operations, and the cell with the
/// fewest candidates comes out of counts taken over all cells at once,
/// with no branch per cell (the per-cell branches of a scan mispredict).
/// Each mask is kept as two words, cells 0-63 and 64-80, worked on one
/// word at a time: 128-bit values spilled and reloaded across the
/// recursion stall on forwarding.
#[derive(Clone, Copy)]
struct Open {
    /// Slot 9: the blank cells; slot `d`: the blanks where digit `d + 1`
    /// may still go. Cells 0-63 in `low`, 64-80 in `high` (bit `c - 64`).
    low: [u64; 10],
    high: [u64; 10],
}

impl Open {
    fn of(cells: &[u8; 81], units: &Units) -> Open {
        let mut open = Open {
            low: [0; 10],
            high: [0; 10],
        };
        for (c, &v) in cells.iter().enumerate() {
            if v == 0 {
                // The cell's candidates, and slot 9: blank.
                let mut m = (ALL & !units.seen(c)) | 1 << 9;
                let (words, bit) = if c < 64 {
                    (&mut open.low, 1 << c)
                } else {
                    (&mut open.high, 1 << (c - 64))
                };
                while m != 0 {
                    words[m.trailing_zeros() as usize] |= bit;
                    m &= m - 1;
                }
            }
        }
        open
    }

    /// The candidates of blank `cell`, as a digit mask.
    fn candidates(&self, cell: usize) -> u16 {
        let (words, k) = if cell < 64 {
            (&self.low, cell)
        } else {
            (&self.high, cell - 64)
        };
        (0..9).fold(0, |m, d| m | (((words[d] >> k) & 1) as u16) << d)
    }

    /// The first blank (in cell order) with at most one candidate, else the
    /// first with the fewest; `None` when none is blank.
    fn next(&self) -> Option<usize> {
        if self.low[9] | self.high[9] == 0 {
            return None;
        }
        // Bit-sliced counts: the blanks with at least 2, 3, 4 candidates,
        // low words and high words side by side.
        let levels = |words: &[u64; 10]| {
            let (mut ge1, mut ge2, mut ge3, mut ge4) = (0u64, 0u64, 0u64, 0u64);
            for &p in &words[..9] {
                ge4 |= ge3 & p;
                ge3 |= ge2 & p;
                ge2 |= ge1 & p;
                ge1 |= p;
            }
            [words[9] & !ge2, ge2 & !ge3, ge3 & !ge4]
        };
        let (low, high) = (levels(&self.low), levels(&self.high));
        for (l, h) in low.into_iter().zip(high) {
            if l != 0 {
                return Some(l.trailing_zeros() as usize);
            }
            if h != 0 {
                return Some(64 + h.trailing_zeros() as usize);
            }
        }
        // Every blank has four candidates or more (only near the start).
        let mut best = (u32::MAX, 0);
        for c in 0..81 {
            let blank = if c < 64 {
                self.low[9] >> c
            } else {
                self.high[9] >> (c - 64)
            };
            if blank & 1 != 0 {
                best = best.min((self.candidates(c).count_ones(), c));
            }
        }
        Some(best.1)
    }

    /// Fills blank `cell` with `digit`, which leaves its peers.
    fn place(&mut self, cell: usize, digit: u8) {
        let (gone_low, gone_high) = if cell < 64 {
            (!(1u64 << cell), !0)
        } else {
            (!0, !(1u64 << (cell - 64)))
        };
        for (l, h) in self.low.iter_mut().zip(&mut self.high) {
            *l &= gone_low;
            *h &= gone_high;
        }
        let d = usize::from(digit - 1);
        self.low[d] &= !(PEERS[cell] as u64);
        self.high[d] &= !((PEERS[cell] >> 64) as u64);
    }
}

/// Fills the cell [`Open::next`] names with each of its candidates in
/// random order, and the rest after it, until all are filled.
fn fill_blanks(cells: &mut [u8; 81], open: &Open, rng: &mut (impl RngCore + ?Sized)) -> bool {
    let Some(cell) = open.next() else {
        return true;
    };
    let mut left = open.candidates(cell);
    while left != 0 {
        // A random candidate among those left.
        let mut pick = left;
        for _ in 0..below(rng, left.count_ones()) {
            pick &= pick - 1;
        }
        let digit = pick.trailing_zeros() as u8 + 1;
        left &= !(1 << (digit - 1));
        cells[cell] = digit;
        let mut after = *open;
        after.place(cell, digit);
        if fill_blanks(cells, &after, rng) {
            return true;
        }
        cells[cell] = 0;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;
    use crate::random::seeded;

    #[test]
    fn grids_are_complete_valid_and_differ() {
        let mut rng = seeded(5);
        let a = solution_grid(&mut rng);
        let b = solution_grid(&mut rng);
        for cells in [a, b] {
            let grid = Grid::from_cells(cells).expect("digits 1-9");
            assert!(grid.is_complete() && grid.is_valid(), "{grid}");
        }
        assert_ne!(a, b);
        assert_eq!(solution_grid(&mut seeded(5)), a);
    }
}
