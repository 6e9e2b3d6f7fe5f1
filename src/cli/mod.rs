//! The command-line program: clap's definition, one module per subcommand,
//! and what they share (opening inputs, the writer, the exit status). None of
//! it is part of the library; it turns options into plain settings and calls
//! the library.

mod args;
mod batch;
mod canon;
mod completions;
mod explain;
mod generate;
mod inputs;
mod json;
mod naming;
mod output;
mod parallel;
mod pool;
mod position;
mod progress;
mod rate;
mod read_ahead;
mod reading;
mod shuffle;
mod solve;
mod solving;
mod validate;

use std::process::ExitCode;

pub use args::Cli;
use args::Command;
pub use inputs::is_broken_pipe;
use inputs::{STDIN_NAME, Verb, Walk, each_puzzle, open};
pub use output::{diag, in_words};

/// The outcome of a whole run, as grep and diff report it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum ExitStatus {
    /// Every puzzle succeeded.
    #[default]
    Success,
    /// Some puzzle had a negative result (unsolvable, invalid, not unique).
    Failure,
    /// A usage error, or an input that could not be read or parsed.
    Error,
}

impl ExitStatus {
    /// Records another outcome; the worst one wins.
    pub fn note(&mut self, other: ExitStatus) {
        *self = (*self).max(other);
    }
}

impl From<ExitStatus> for ExitCode {
    fn from(status: ExitStatus) -> ExitCode {
        match status {
            ExitStatus::Success => ExitCode::SUCCESS,
            ExitStatus::Failure => ExitCode::from(1),
            ExitStatus::Error => ExitCode::from(2),
        }
    }
}

/// Runs a parsed command line.
pub fn run(cli: &Cli) -> anyhow::Result<ExitStatus> {
    match &cli.command {
        Command::Solve(args) => solve::run(args),
        Command::Validate(args) => validate::run(args),
        Command::Batch(args) => batch::run(args),
        Command::Rate(args) => rate::run(args),
        Command::Explain(args) => explain::run_explain(args),
        Command::Hint(args) => explain::run_hint(args),
        Command::Canon(args) => canon::run(args),
        Command::Shuffle(args) => shuffle::run(args),
        Command::Completions(args) => completions::run(args),
        Command::Generate(args) => generate::run(args),
    }
}
