//! One module per subcommand, and what they share: opening inputs and the
//! exit status.

pub mod batch;
pub mod completions;
pub mod solve;
pub mod validate;

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;

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

/// The name standard input goes by in messages and JSON.
pub const STDIN_NAME: &str = "<stdin>";

/// An input: its display name and a buffered reader of it.
pub struct Input {
    pub name: String,
    pub reader: Box<dyn BufRead + Send>,
}

impl std::fmt::Debug for Input {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Input")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// Opens `path`, or standard input for `-`.
pub fn open(path: &Path) -> anyhow::Result<Input> {
    if path.as_os_str() == "-" {
        return Ok(Input {
            name: STDIN_NAME.to_owned(),
            reader: Box::new(BufReader::with_capacity(64 * 1024, io::stdin())),
        });
    }
    let name = path.display().to_string();
    let file = File::open(path).with_context(|| name.clone())?;
    Ok(Input {
        name,
        reader: Box::new(BufReader::with_capacity(64 * 1024, file)),
    })
}

/// The inputs a command names: the files given, or standard input when none.
pub fn input_paths(files: &[std::path::PathBuf]) -> Vec<std::path::PathBuf> {
    if files.is_empty() {
        vec!["-".into()]
    } else {
        files.to_vec()
    }
}

/// Whether `err` comes from writing to a closed pipe (a quiet end, as in ripgrep).
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
