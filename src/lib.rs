//! sudokit: solve, validate and batch-solve Sudoku puzzles.

pub mod grid;
pub mod solver;

pub use grid::Grid;
