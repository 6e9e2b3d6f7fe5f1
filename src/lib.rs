//! sudokit: solve, validate and batch-solve Sudoku puzzles.
//!
//! Data flows one way: bytes → [`format`](mod@format) (parse) → [`Grid`] → [`solver`] /
//! [`validate`] → bytes.

pub mod error;
pub mod format;
pub mod grid;
pub mod solver;
pub mod validate;

pub use error::{ParseError, ParseErrorKind};
pub use format::{Format, Layout, Puzzle, Reader, parse_str, render};
pub use grid::Grid;
pub use solver::{count, enumerate, solve};
pub use validate::{Conflict, conflicts};
