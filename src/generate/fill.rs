//! A random solution grid, made by a search of its own rather than the
//! engine's: which solution the engine finds first may depend on the build
//! it runs (portable or with extra instructions), and the grid must depend
//! on the random words alone for a seed to give the same puzzles anywhere.

use rand::RngCore;

use super::units::{ALL, Units};
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
        let mut units = Units::of(&cells);
        // Such a start is believed always to extend; a start that did not
        // would only cost a fresh draw.
        if fill(&mut cells, &mut units, rng) {
            return cells;
        }
    }
}

/// Fills the blanks of `cells` by depth-first search; false when they
/// cannot be filled (then `cells` is as it was).
fn fill(cells: &mut [u8; 81], units: &mut Units, rng: &mut (impl RngCore + ?Sized)) -> bool {
    let blank = cells
        .iter()
        .enumerate()
        .fold(0u128, |m, (c, &v)| if v == 0 { m | 1 << c } else { m });
    fill_blanks(cells, units, blank, rng)
}

fn fill_blanks(
    cells: &mut [u8; 81],
    units: &mut Units,
    blank: u128,
    rng: &mut (impl RngCore + ?Sized),
) -> bool {
    if blank == 0 {
        return true;
    }
    let mut cell = 0;
    let mut fewest = u32::MAX;
    let mut scan = blank;
    while scan != 0 {
        let c = scan.trailing_zeros() as usize;
        scan &= scan - 1;
        let n = (ALL & !units.seen(c)).count_ones();
        if n < fewest {
            fewest = n;
            cell = c;
            if n <= 1 {
                break;
            }
        }
    }
    let rest = blank & !(1 << cell);
    let mut open = ALL & !units.seen(cell);
    while open != 0 {
        // A random candidate among those left.
        let mut pick = open;
        for _ in 0..below(rng, open.count_ones()) {
            pick &= pick - 1;
        }
        let digit = pick.trailing_zeros() as u8 + 1;
        open &= !(1 << (digit - 1));
        cells[cell] = digit;
        units.put(cell, digit);
        if fill_blanks(cells, units, rest, rng) {
            return true;
        }
        units.take(cell, digit);
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
