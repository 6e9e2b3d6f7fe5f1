//! Taking givens away from a solution grid while the puzzle keeps one
//! solution.
//!
//! Each orbit of the symmetry is tried once, in random order: removed, and
//! put back when the puzzle no longer has one solution. Trying it again
//! later would fail too (fewer givens never mean fewer solutions), so one
//! pass leaves a puzzle from which no orbit can be removed: minimal.
//!
//! Each removal is judged by the cheapest test that settles it: an
//! unavoidable set left without a given (not unique), the emptied cells
//! coming back as singles (unique), and only then the engine.

use super::singles::{self, Board};
use super::unavoidable::Unavoidable;
use super::units::Units;
use crate::Grid;
use crate::solver;

/// A puzzle being carved from its solution.
pub(super) struct Carving<'a> {
    solution: &'a [u8; 81],
    cells: [u8; 81],
    units: Units,
    /// The given cells, as a mask.
    givens: u128,
    unavoidable: Unavoidable,
}

impl<'a> Carving<'a> {
    /// The puzzle `cells`, with one solution, `solution`.
    pub(super) fn new(solution: &'a [u8; 81], cells: [u8; 81]) -> Carving<'a> {
        let givens = filled(&cells);
        Carving {
            solution,
            cells,
            // A complete grid's units are known without a look at it.
            units: if givens == (1 << 81) - 1 {
                Units::FULL
            } else {
                Units::of(&cells)
            },
            givens,
            unavoidable: Unavoidable::of(solution),
        }
    }

    /// The puzzle as it stands.
    pub(super) fn cells(&self) -> &[u8; 81] {
        &self.cells
    }

    /// The number of givens.
    pub(super) fn givens(&self) -> usize {
        self.givens.count_ones() as usize
    }

    /// Empties `cells` (all given) when the puzzle keeps one solution
    /// without them; true when it did.
    pub(super) fn remove(&mut self, cells: &[usize]) -> bool {
        for &c in cells {
            self.units.take(c, self.solution[c]);
            self.cells[c] = 0;
            self.givens &= !(1 << c);
        }
        if self.still_unique(cells) {
            return true;
        }
        for &c in cells {
            self.units.put(c, self.solution[c]);
            self.cells[c] = self.solution[c];
            self.givens |= 1 << c;
        }
        false
    }

    /// True when the puzzle, one solution before `emptied` were blanked,
    /// still has one.
    pub(super) fn still_unique(&self, emptied: &[usize]) -> bool {
        if self.unavoidable.emptied(self.givens, emptied) {
            return false;
        }
        let mut cells = self.cells;
        if self.comes_back(emptied, &mut cells) {
            return true;
        }
        // The emptied cells that came back hold their digit in every
        // solution: the engine is asked with them given, about the others.
        let solution = self.solution;
        let mut blank = emptied.iter().copied().filter(|&c| cells[c] == 0);
        match (blank.next(), blank.next(), blank.next()) {
            // Any other solution differs from this one in the cell left.
            (Some(cell), None, _) => {
                !solver::has_solution_without(&Grid::from_checked(cells), cell, solution[cell])
            }
            // ... in the first cell, or else (that one holding its digit)
            // in the second: two searches, the second with one more given.
            (Some(first), Some(second), None) => {
                if solver::has_solution_without(&Grid::from_checked(cells), first, solution[first])
                {
                    return false;
                }
                cells[first] = solution[first];
                !solver::has_solution_without(&Grid::from_checked(cells), second, solution[second])
            }
            // Larger orbits: one count costs less than a search per cell.
            _ => Grid::from_checked(cells).count_solutions(2) == 1,
        }
    }

    /// True when the cells `emptied` all come back by singles, each looked
    /// at alone, over and over while one comes back; `cells` (the puzzle)
    /// gets those that came back. Early in a carve this settles nearly
    /// every removal. Only the emptied cells are looked at: singles over
    /// the whole board are what the engine's propagation does first, and
    /// faster.
    fn comes_back(&self, emptied: &[usize], cells: &mut [u8; 81]) -> bool {
        if let [cell] = *emptied {
            return singles::is_single(&self.units, cell, self.solution[cell]);
        }
        let mut units = self.units;
        let mut left = emptied.len();
        let mut progress = true;
        while progress && left > 0 {
            progress = false;
            for &c in emptied {
                let digit = self.solution[c];
                if cells[c] == 0 && singles::is_single(&units, c, digit) {
                    cells[c] = digit;
                    units.put(c, digit);
                    left -= 1;
                    progress = true;
                }
            }
        }
        left == 0
    }

    /// True when the puzzle is solved by singles alone (its rating is then
    /// at most a naked single's).
    pub(super) fn solved_by_singles(&self) -> bool {
        let mut board = Board::new(&self.cells, &self.units);
        while board.round(self.solution) {}
        board.is_solved()
    }
}

/// The filled cells of `cells` as a mask.
fn filled(cells: &[u8; 81]) -> u128 {
    cells
        .iter()
        .enumerate()
        .fold(0, |m, (c, &v)| if v != 0 { m | 1 << c } else { m })
}

/// Carves `solution` down through `orbits`, tried in the order given,
/// keeping at least `floor` givens and stopping once at most `target`
/// remain (`target` 0: carve to a minimal puzzle).
pub(super) fn carve<'a>(
    solution: &'a [u8; 81],
    orbits: &[&[usize]],
    floor: usize,
    target: usize,
) -> Carving<'a> {
    let mut carving = Carving::new(solution, *solution);
    for orbit in orbits {
        let givens = carving.givens();
        if givens <= target {
            break;
        }
        if givens - orbit.len() >= floor {
            carving.remove(orbit);
        }
    }
    carving
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn cells(s: &str) -> [u8; 81] {
        *s.parse::<Grid>().expect("a board").cells()
    }

    #[test]
    fn a_lone_blank_comes_back_and_a_swappable_rectangle_does_not() {
        let solution = cells(SOLUTION);
        let mut carving = Carving::new(&solution, solution);
        assert!(carving.remove(&[40]));
        assert!(carving.solved_by_singles());
        // r4c6=1, r4c9=3, r5c6=3, r5c9=1: a rectangle whose digits swap.
        let corners = [32, 35, 41, 44];
        let mut rectangle = solution;
        for c in corners {
            rectangle[c] = 0;
        }
        let mut without_sets = Carving::new(&solution, rectangle);
        without_sets.unavoidable = Unavoidable::none();
        assert!(!without_sets.comes_back(&corners, &mut rectangle.clone()));
        assert!(!without_sets.still_unique(&corners));
        let with_sets = Carving::new(&solution, rectangle);
        assert!(with_sets.unavoidable.emptied(with_sets.givens, &corners));
        assert!(!carving.remove(&corners));
        assert_eq!(carving.givens(), 80);
    }

    #[test]
    fn carving_keeps_one_solution_and_reaches_its_target() {
        let solution = cells(SOLUTION);
        let orbits: Vec<Vec<usize>> = (0..81).map(|c| vec![c]).collect();
        let refs: Vec<&[usize]> = orbits.iter().map(Vec::as_slice).collect();
        let minimal = Grid::from_checked(*carve(&solution, &refs, 0, 0).cells());
        assert_eq!(minimal.count_solutions(2), 1);
        assert!(minimal.givens() < 40);
        assert_eq!(carve(&solution, &refs, 0, 50).givens(), 50);
        assert!(carve(&solution, &refs, 45, 0).givens() >= 45);
    }
}
