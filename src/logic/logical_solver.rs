//! The logical solver as an object: a board that moves on one step at a
//! time, for a caller that walks the path itself (a hint, a tutor, a game).

use std::iter::FusedIterator;

use super::board::Board;
use super::singles::Tally;
use super::solver::{Path, next_step_tallied, solve_steps};
use super::step::Step;
use crate::grid::Grid;

/// A board solved as a person does: each call to
/// [`LogicalSolver::next_step`] finds the easiest deduction, as Sudoku
/// Explainer picks it, applies it to the board and returns it. It is also an
/// iterator over those steps, ending when the board is solved or when no
/// technique applies (then [`LogicalSolver::is_solved`] is false).
///
/// ```
/// use sudokit::Grid;
/// use sudokit::logic::{LogicalSolver, Technique};
///
/// let puzzle: Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///         .parse()?;
/// let mut solver = LogicalSolver::new(&puzzle);
/// let first = solver.next_step().expect("a first step");
/// assert_eq!(first.technique, Technique::HiddenSingleBox);
/// assert_eq!(first.to_string(), "Hidden Single in box 4: r6c2=4");
/// // The board has moved on: the digit is placed.
/// let (cell, digit) = first.placements[0];
/// assert_eq!(solver.board().value(cell), digit);
///
/// // The rest of the way, step by step.
/// let hardest = solver.by_ref().map(|step| step.rating()).fold(0.0, f32::max);
/// assert!(solver.is_solved());
/// assert_eq!(hardest, 2.6);
/// assert_eq!(solver.board().to_grid(), puzzle.solve_unique()?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct LogicalSolver {
    board: Board,
    /// The singles' counts of the board, kept with it step by step.
    tally: Tally,
}

impl LogicalSolver {
    /// A solver starting from a puzzle's givens, every other candidate open.
    pub fn new(grid: &Grid) -> LogicalSolver {
        LogicalSolver::from_board(Board::from_grid(grid))
    }

    /// A solver starting from a board with candidates: a position a player
    /// has reached, with the pencil marks they removed already gone.
    ///
    /// ```
    /// use sudokit::Grid;
    /// use sudokit::logic::{Board, LogicalSolver};
    ///
    /// let puzzle: Grid =
    ///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    ///         .parse()?;
    /// let mut board = Board::from_grid(&puzzle);
    /// // A pencil mark the player crossed out: 1 is not in r1c2.
    /// board.eliminate(1, 1);
    /// let solver = LogicalSolver::from_board(board);
    /// assert!(!solver.board().has(1, 1));
    /// # Ok::<(), sudokit::ParseError>(())
    /// ```
    pub fn from_board(board: Board) -> LogicalSolver {
        LogicalSolver {
            board,
            tally: Tally::of(&board),
        }
    }

    /// The board as the steps so far have left it.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Every cell is filled.
    pub fn is_solved(&self) -> bool {
        self.board.is_solved()
    }

    /// Finds the easiest step from the board as it stands, applies it and
    /// returns it; `None` when the board is solved, when no technique
    /// applies, or when some empty cell has no candidate left (the board
    /// contradicts itself). Calling it again then changes nothing.
    pub fn next_step(&mut self) -> Option<Step> {
        if self.tally.solved() {
            return None;
        }
        let step = next_step_tallied(&self.board, &self.tally, u8::MAX)?;
        self.tally.apply(&mut self.board, &step);
        Some(step)
    }

    /// The rest of the path: every step from the board as it stands, the
    /// board they lead to, and whether it is solved or stuck.
    pub fn solve(self) -> Path {
        solve_steps(self.board)
    }
}

impl Iterator for LogicalSolver {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        self.next_step()
    }
}

/// Once it has ended, a solver stays ended: the board no longer changes.
impl FusedIterator for LogicalSolver {}

#[cfg(test)]
mod tests {
    use super::LogicalSolver;
    use crate::Grid;
    use crate::logic::{Board, Outcome, solve_steps};

    const PUZZLES: [&str; 3] = [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        "8...2..4...7..32.6......5.35.38....2...6.9....1....7...5..94............1.9...83.",
    ];

    #[test]
    fn steps_one_at_a_time_are_the_path_solve_steps_takes() {
        for text in PUZZLES {
            let grid: Grid = text.parse().expect("a puzzle");
            let path = solve_steps(Board::from_grid(&grid));
            let mut solver = LogicalSolver::new(&grid);
            let mut board = Board::from_grid(&grid);
            let mut steps = Vec::new();
            while let Some(step) = solver.next_step() {
                board.apply(&step);
                assert_eq!(solver.board(), &board, "{text}");
                steps.push(step);
            }
            assert_eq!(steps, path.steps, "{text}");
            assert_eq!(solver.is_solved(), path.outcome == Outcome::Solved);
            // Ended: it stays so.
            assert_eq!(solver.next_step(), None);
            assert_eq!(solver.board(), &path.board);
        }
    }

    #[test]
    fn solve_takes_the_rest_of_the_path() {
        let grid: Grid = PUZZLES[1].parse().expect("a puzzle");
        let whole = solve_steps(Board::from_grid(&grid));
        let mut solver = LogicalSolver::new(&grid);
        let first: Vec<_> = solver.by_ref().take(5).collect();
        let rest = solver.solve();
        assert_eq!([first, rest.steps].concat(), whole.steps);
        assert_eq!(rest.outcome, Outcome::Solved);
        assert_eq!(rest.board.to_grid(), grid.solve_unique().expect("unique"));
    }

    #[test]
    fn a_board_that_contradicts_itself_has_no_step() {
        let grid: Grid = PUZZLES[0].parse().expect("a puzzle");
        let mut board = Board::from_grid(&grid);
        for digit in 1..=9 {
            board.eliminate(1, digit);
        }
        let mut solver = LogicalSolver::from_board(board);
        assert_eq!(solver.next_step(), None);
        assert!(!solver.is_solved());
    }
}
