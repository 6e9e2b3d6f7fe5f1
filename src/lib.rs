//! sudokit: read, solve and check Sudoku puzzles in every format people
//! exchange them in, with a fast exact engine.
//!
//! ```
//! use sudokit::Grid;
//!
//! // Any supported format: an 81-character line, the judge's nine lines of
//! // nine numbers, a LeetCode array, JSON, a drawn board.
//! let puzzle: Grid = "
//!     5 3 0 0 7 0 0 0 0
//!     6 0 0 1 9 5 0 0 0
//!     0 9 8 0 0 0 0 6 0
//!     8 0 0 0 6 0 0 0 3
//!     4 0 0 8 0 3 0 0 1
//!     7 0 0 0 2 0 0 0 6
//!     0 6 0 0 0 0 2 8 0
//!     0 0 0 4 1 9 0 0 5
//!     0 0 0 0 8 0 0 7 9"
//!     .parse()?;
//! assert!(puzzle.is_valid());
//! assert_eq!(puzzle.count_solutions(2), 1);
//!
//! let solution = puzzle.solve_unique()?;
//! assert_eq!(
//!     solution.to_string(),
//!     "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
//! );
//!
//! // Boards are written back in any layout.
//! let mut text = String::new();
//! sudokit::render(&solution, sudokit::Layout::Boj, &mut text);
//! assert!(text.starts_with("5 3 4 6 7 8 9 1 2\n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Many puzzles from a file or a pipe, each with where it came from:
//!
//! ```
//! use sudokit::{Format, Reader};
//!
//! let text = "# two puzzles\n\
//!     53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n\
//!     x\n";
//! for item in Reader::new(text.as_bytes(), Format::Auto) {
//!     match item? {
//!         Ok(puzzle) => println!("line {}: {}", puzzle.line, puzzle.grid),
//!         Err(bad) => println!("{}", bad.error), // "3:1: expected ..."
//!     }
//! }
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! Rate a puzzle, make new ones from a seed, and name a puzzle's class
//! whatever its disguise:
//!
//! ```
//! use sudokit::generate::{Options, Symmetry, generate};
//! use sudokit::{Grid, Level, random};
//!
//! let puzzle: Grid =
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
//!         .parse()?;
//! let rating = sudokit::rate(&puzzle)?; // ER/EP/ED on Sudoku Explainer's scale
//! assert!(rating.er >= 1.0);
//!
//! let options = Options { symmetry: Symmetry::Rotational, ..Options::default() };
//! let made = generate(&options, &mut random::seeded(7))?;
//! assert_eq!(made.puzzle.count_solutions(2), 1);
//!
//! let (form, _) = puzzle.canonical();
//! let disguised = puzzle.isomorph(&mut random::seeded(1));
//! assert_eq!(disguised.canonical().0, form);
//! # let _ = Level::of(rating.er);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! To solve as a person does, step by step, with each step's technique and
//! its rating on Sudoku Explainer's scale, see [`logic`]: a board with
//! candidates, [`logic::LogicalSolver`] and [`logic::solve_steps`]; to rate a
//! puzzle (ER/EP/ED and a [`Level`]), [`rate()`].
//!
//! Data flows one way: bytes → [`format`](mod@format) (parse) → [`Grid`] →
//! [`solver`] / [`logic`] / conflicts → [`format`](mod@format) (render) → bytes. The
//! command-line program is built on this API; its crates (clap, indicatif,
//! ...) sit behind the `cli` feature, so `default-features = false` gives the
//! library alone.

#![warn(missing_docs)]

pub mod canon;
pub mod error;
pub mod format;
pub mod generate;
mod grid;
pub mod logic;
pub mod random;
mod rate;
mod solve;
pub mod solver;
mod validate;

pub use error::{ParseError, ParseErrorKind};
pub use format::{Format, Layout, Puzzle, Reader, parse_str, render};
pub use grid::Grid;
pub use rate::{Level, RateError, rate, rate_path};
pub use solve::SolveError;
pub use validate::{Conflict, Unit};
