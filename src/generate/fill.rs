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
/// first and tries them in random order. Such a search almost never
/// backtracks from there, which makes a grid cost a few microseconds.
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
#[derive(Clone, Copy)]
struct Open {
    blank: u128,
    /// `places[d]`: the blanks where digit `d + 1` may still go.
    places: [u128; 9],
}

impl Open {
    fn of(cells: &[u8; 81], units: &Units) -> Open {
        let mut open = Open {
            blank: 0,
            places: [0; 9],
        };
        for (c, &v) in cells.iter().enumerate() {
            if v == 0 {
                open.blank |= 1 << c;
                let mut m = ALL & !units.seen(c);
                while m != 0 {
                    open.places[m.trailing_zeros() as usize] |= 1 << c;
                    m &= m - 1;
                }
            }
        }
        open
    }

    /// The candidates of blank `cell`, as a digit mask.
    fn candidates(&self, cell: usize) -> u16 {
        self.places
            .iter()
            .enumerate()
            .fold(0, |m, (d, &p)| m | (((p >> cell) & 1) as u16) << d)
    }

    /// The first blank (in cell order) with at most one candidate, else the
    /// first with the fewest; `None` when none is blank.
    fn next(&self) -> Option<usize> {
        if self.blank == 0 {
            return None;
        }
        // Bit-sliced counts: the blanks with at least 1, 2, 3, 4 candidates.
        let (mut ge1, mut ge2, mut ge3, mut ge4) = (0u128, 0u128, 0u128, 0u128);
        for &p in &self.places {
            ge4 |= ge3 & p;
            ge3 |= ge2 & p;
            ge2 |= ge1 & p;
            ge1 |= p;
        }
        for m in [self.blank & !ge2, ge2 & !ge3, ge3 & !ge4] {
            if m != 0 {
                return Some(m.trailing_zeros() as usize);
            }
        }
        // Every blank has four candidates or more (only near the start).
        let mut best = (u32::MAX, 0);
        let mut scan = self.blank;
        while scan != 0 {
            let c = scan.trailing_zeros() as usize;
            scan &= scan - 1;
            best = best.min((self.candidates(c).count_ones(), c));
        }
        Some(best.1)
    }

    /// Fills blank `cell` with `digit`, which leaves its peers.
    fn place(&mut self, cell: usize, digit: u8) {
        let gone = !(1u128 << cell);
        self.blank &= gone;
        for p in &mut self.places {
            *p &= gone;
        }
        self.places[usize::from(digit - 1)] &= !PEERS[cell];
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
