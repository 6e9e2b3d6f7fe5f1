//! The human-style solver: a board with candidates, techniques that find
//! deductions on it, one file per family, and a loop that always takes the
//! easiest, rated on Sudoku Explainer's scale.
//!
//! ```
//! use sudokit::Grid;
//! use sudokit::logic::{Board, Technique, next_step};
//!
//! let puzzle: Grid =
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
//!         .parse()?;
//! let step = next_step(&Board::from_grid(&puzzle)).expect("a first step");
//! assert_eq!(step.technique, Technique::HiddenSingleBox);
//! assert_eq!(step.rating(), 1.2);
//! # Ok::<(), sudokit::ParseError>(())
//! ```

mod board;
mod chains;
mod dynamic;
mod exclusion;
mod fish;
mod intersections;
mod logical_solver;
mod multiple;
mod nested;
mod singles;
mod solver;
mod step;
mod subsets;
mod uniqueness;
mod wings;

#[cfg(test)]
mod tests;

pub use board::{ALL_DIGITS, Board, CellName, Digits, HOUSES, House, PEERS, bit, digits};
pub use logical_solver::LogicalSolver;
pub(crate) use solver::rate_steps;
pub use solver::{Outcome, Path, Rating, find, next_step, solve_steps};
pub use step::{Step, Technique};
