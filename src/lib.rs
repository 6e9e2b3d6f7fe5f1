//! sudokit: solve, validate and batch-solve Sudoku puzzles.
//!
//! Data flows one way: bytes → [`format`](mod@format) (parse) → [`Grid`] → [`solver`] /
//! [`validate`] → [`output`] report types → bytes.

pub mod cli;
pub mod cmd;
pub mod error;
pub mod format;
pub mod grid;
pub mod output;
pub mod solver;
pub mod validate;

pub use cmd::ExitStatus;
pub use error::{ParseError, ParseErrorKind};
pub use format::{Format, Layout, Puzzle, Reader, parse_str, render};
pub use grid::Grid;
pub use solver::{count, enumerate, solve};
pub use validate::{Conflict, conflicts};

use cli::{Cli, Command};

/// Runs a parsed command line.
pub fn run(cli: &Cli) -> anyhow::Result<ExitStatus> {
    match &cli.command {
        Command::Solve(args) => cmd::solve::run(args),
        Command::Validate(args) => cmd::validate::run(args),
        Command::Batch(args) => cmd::batch::run(args),
        Command::Completions(args) => cmd::completions::run(args),
    }
}
