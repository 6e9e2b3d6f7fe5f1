//! The library's verbs on a [`Grid`]: solving, counting, listing solutions
//! and checking the rules. They are thin calls into the engine in
//! [`solver`], which also offers the search figures.

use std::ops::ControlFlow;

use crate::grid::Grid;
use crate::solver;
use crate::validate::{self, Conflict};

/// Why [`Grid::solve_unique`] found no single answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The givens already break a rule: a digit twice in a row, column or box.
    #[error("the givens conflict")]
    Invalid,
    /// The givens follow the rules, but no way of filling the blanks does.
    #[error("no solution")]
    Unsolvable,
    /// More than one solution.
    #[error("more than one solution")]
    Multiple,
}

impl Grid {
    /// One solution, if there is any; when there are several, the first
    /// the engine finds.
    ///
    /// ```
    /// use sudokit::Grid;
    ///
    /// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    ///     .parse()?;
    /// let solution = puzzle.solve().expect("solvable");
    /// assert!(solution.is_complete() && solution.is_valid());
    /// # Ok::<(), sudokit::ParseError>(())
    /// ```
    pub fn solve(&self) -> Option<Grid> {
        solver::solve(self)
    }

    /// The solution, when there is exactly one.
    ///
    /// ```
    /// use sudokit::{Grid, SolveError};
    ///
    /// let empty = Grid::EMPTY;
    /// assert_eq!(empty.solve_unique(), Err(SolveError::Multiple));
    /// ```
    pub fn solve_unique(&self) -> Result<Grid, SolveError> {
        let mut first = None;
        let outcome = solver::search(self, 2, 1, &mut |s| first = Some(*s));
        match (outcome.conflict, outcome.solutions, first) {
            (true, _, _) => Err(SolveError::Invalid),
            (false, 1, Some(solution)) => Ok(solution),
            (false, 0, _) => Err(SolveError::Unsolvable),
            _ => Err(SolveError::Multiple),
        }
    }

    /// The number of solutions, counting no further than `limit` (a result
    /// equal to `limit` means "`limit` or more"). No solution board is
    /// built, which makes counting cheaper than listing.
    ///
    /// ```
    /// use sudokit::Grid;
    ///
    /// assert_eq!(Grid::EMPTY.count_solutions(2), 2);
    /// ```
    pub fn count_solutions(&self, limit: usize) -> usize {
        solver::count(self, limit)
    }

    /// Calls `each` with every solution, up to `limit` of them, in the order
    /// the engine finds them and as soon as it does (in bounded memory,
    /// however large `limit` is), until `each` returns
    /// [`ControlFlow::Break`]. Returns how many were found.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use sudokit::Grid;
    ///
    /// // The first three solutions of the empty board, of its billions.
    /// let mut seen = Vec::new();
    /// Grid::EMPTY.for_each_solution(usize::MAX, |s| {
    ///     seen.push(s.to_string());
    ///     if seen.len() == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    /// });
    /// assert_eq!(seen.len(), 3);
    /// assert!(seen[0] != seen[1]);
    /// ```
    pub fn for_each_solution(
        &self,
        limit: usize,
        mut each: impl FnMut(&Grid) -> ControlFlow<()>,
    ) -> usize {
        solver::search_until(self, limit, limit, &mut each).solutions
    }

    /// Up to `limit` solutions, in the order the engine finds them.
    pub fn solutions(&self, limit: usize) -> Vec<Grid> {
        solver::enumerate(self, limit)
    }

    /// Every digit that repeats in a row, column or box, with the cells
    /// holding it: ordered rows, columns, boxes, then by unit and digit.
    /// Empty for a board that follows the rules (blanks allowed).
    ///
    /// ```
    /// use sudokit::Grid;
    ///
    /// let mut grid = Grid::EMPTY;
    /// grid.set(0, 0, 4);
    /// grid.set(0, 5, 4);
    /// assert_eq!(grid.conflicts()[0].to_string(), "row 1: 4 at r1c1, r1c6");
    /// ```
    pub fn conflicts(&self) -> Vec<Conflict> {
        validate::conflicts(self)
    }

    /// True when no digit repeats in any row, column or box (blanks allowed).
    pub fn is_valid(&self) -> bool {
        validate::is_valid(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn grid(text: &str) -> Grid {
        text.parse().expect("a board")
    }

    #[test]
    fn solve_unique_tells_each_failure_apart() {
        let unique = grid(PUZZLE);
        let solution = unique.solve_unique().expect("one solution");
        assert!(solution.is_complete() && solution.is_valid() && unique.is_kept_by(&solution));
        assert_eq!(unique.solve(), Some(solution));

        let mut invalid = unique;
        invalid.set(0, 2, 5);
        assert_eq!(invalid.solve_unique(), Err(SolveError::Invalid));
        assert!(!invalid.is_valid());
        assert_eq!(invalid.conflicts().len(), 2, "{:?}", invalid.conflicts());

        // Valid givens, but r1c9 can hold no digit: 1-8 are in its row, 9
        // in its column.
        let dead = grid(&format!("12345678.........9{}", ".".repeat(63)));
        assert!(dead.is_valid());
        assert_eq!(dead.solve_unique(), Err(SolveError::Unsolvable));
        assert_eq!(dead.solve(), None);
        assert_eq!(dead.count_solutions(5), 0);
    }

    #[test]
    fn counting_and_listing_stop_at_the_limit() {
        assert_eq!(Grid::EMPTY.count_solutions(7), 7);
        let listed = Grid::EMPTY.solutions(4);
        assert_eq!(listed.len(), 4);
        for (i, a) in listed.iter().enumerate() {
            assert!(a.is_complete() && a.is_valid());
            assert!(listed[i + 1..].iter().all(|b| b != a), "solutions differ");
        }
        let mut called = Vec::new();
        let found = Grid::EMPTY.for_each_solution(4, |s| {
            called.push(*s);
            ControlFlow::Continue(())
        });
        assert_eq!(found, 4);
        assert_eq!(called, listed, "the same solutions in the same order");
        assert_eq!(grid(PUZZLE).count_solutions(1000), 1);
    }
}
