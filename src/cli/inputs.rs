//! Opening the inputs a command names, and walking the puzzles in them for
//! `solve` and `validate`.

use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal};
use std::path::Path;

use super::ExitStatus;
use super::read_ahead::ReadAhead;
use super::reading::{NotText, Parsed};
use crate::cli::json::{Report, Status};
use crate::cli::output::{Out, diag, worded};
use sudokit::format::{Delivery, ItemError};
use sudokit::format::{Format, Puzzle};

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

/// Opens `path`, or standard input for `-`. A directory is an error here
/// (opening one succeeds on some systems, and reading it fails).
pub fn open(path: &Path) -> anyhow::Result<Input> {
    if path.as_os_str() == "-" {
        return Ok(Input {
            name: STDIN_NAME.to_owned(),
            reader: Box::new(BufReader::with_capacity(64 * 1024, io::stdin())),
        });
    }
    let name = path.display().to_string();
    let file =
        File::open(path).map_err(|err| anyhow::Error::new(worded(err)).context(name.clone()))?;
    if file.metadata().is_ok_and(|meta| meta.is_dir()) {
        anyhow::bail!("{name} is a directory");
    }
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

/// Says, before a command waits on standard input, that it does, when a
/// person is at the terminal it reads: with no file named, a command that
/// waits there silently looks hung.
pub fn note_waiting_on_terminal(path: &Path) {
    if let Some(note) = waiting_note(path, io::stdin().is_terminal()) {
        diag(note);
    }
}

/// The note of [`note_waiting_on_terminal`], if one is due: `path` is read
/// from standard input, which is a terminal.
pub fn waiting_note(path: &Path, stdin_is_terminal: bool) -> Option<&'static str> {
    let note = if cfg!(windows) {
        "reading puzzles from standard input (Ctrl-Z, Enter to end)…"
    } else {
        "reading puzzles from standard input (Ctrl-D to end)…"
    };
    (path.as_os_str() == "-" && stdin_is_terminal).then_some(note)
}

/// Whether `err` comes from writing to a closed pipe (a quiet end, as in ripgrep).
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// The command walking its inputs, for what it says of a directory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    Solve,
    Validate,
    Rate,
    Explain,
    Hint,
    Canon,
    Shuffle,
}

impl Verb {
    /// What to do instead of naming `dir` to this command.
    fn directory_hint(self, dir: &str) -> String {
        let name = match self {
            Verb::Solve => return format!("to solve every file in it use 'sudokit batch {dir}'"),
            Verb::Validate => "validate",
            Verb::Rate => "rate",
            Verb::Explain => "explain",
            Verb::Hint => "hint",
            Verb::Canon => "canon",
            Verb::Shuffle => "shuffle",
        };
        format!("to {name} its files name them ('sudokit {name} {dir}/*')")
    }
}

/// How [`each_puzzle`] reads and reports.
#[derive(Debug, Clone, Copy)]
pub struct Walk {
    pub verb: Verb,
    pub format: Format,
    /// Write a JSON `"status":"error"` record for each puzzle that cannot be read.
    pub error_records: bool,
    /// Read past the first item, so that `several` is known for the first
    /// puzzle (its result waits until the next item, or the end, is read;
    /// once a second item is in sight, nothing more is read early).
    pub lookahead: bool,
}

/// Calls `each(puzzle, source, several, out)` for every puzzle of every input
/// (the files, or standard input when none), in order; `several` is whether
/// the puzzle's input holds more than one (known only with `lookahead`).
/// Unreadable inputs and unparsable puzzles are reported here and count as
/// errors; every input is still read to its end.
pub fn each_puzzle(
    files: &[std::path::PathBuf],
    walk: Walk,
    out: &mut Out,
    each: impl FnMut(&Puzzle, &str, bool, &mut Out) -> anyhow::Result<ExitStatus>,
) -> anyhow::Result<ExitStatus> {
    let mut status = ExitStatus::Success;
    match walk_all(files, walk, out, &mut status, each) {
        // A reader that went away (`| head`) ends the run quietly, and the
        // status keeps what was already reported: an input that could not
        // be read, a puzzle without a solution.
        Err(err) if is_broken_pipe(&err) => Ok(status),
        Err(err) => Err(err),
        Ok(()) => Ok(status),
    }
}

/// The loop of [`each_puzzle`], noting each outcome in `status` as it goes.
fn walk_all(
    files: &[std::path::PathBuf],
    walk: Walk,
    out: &mut Out,
    status: &mut ExitStatus,
    mut each: impl FnMut(&Puzzle, &str, bool, &mut Out) -> anyhow::Result<ExitStatus>,
) -> anyhow::Result<()> {
    // An input that cannot be opened or read to its end: one message, and
    // with JSON one record about the input as a whole (index and line 0),
    // as `batch` writes.
    let unreadable = |source: &str, err: &anyhow::Error, out: &mut Out| -> anyhow::Result<()> {
        out.diag(format_args!("{err:#}"));
        if walk.error_records {
            let mut report = Report::new(source, 0, 0, Status::Error);
            report.error = Some(format!("{err:#}"));
            out.json(&report)?;
            out.end_item()?;
        }
        Ok(())
    };
    for path in input_paths(files) {
        note_waiting_on_terminal(&path);
        let input = match open(&path) {
            Ok(input) => input,
            Err(err) => {
                status.note(ExitStatus::Error);
                let name = path.display().to_string();
                let err = if path.is_dir() {
                    anyhow::anyhow!("{name} is a directory; {}", walk.verb.directory_hint(&name))
                } else {
                    err
                };
                unreadable(&name, &err, out)?;
                continue;
            }
        };
        let source = input.name.as_str();
        let delivery = if out.flushes_each() {
            Delivery::AtOnce
        } else {
            Delivery::Buffered
        };
        let items = Parsed::new(input.reader, walk.format, delivery);
        let mut items = ReadAhead::new(items, delivery);
        // Errors before the input's first puzzle wait here: they are
        // reported one by one once a puzzle shows the input is puzzle text,
        // or at its end, and dropped for one message when it is not.
        let mut held: Option<Vec<ItemError>> = Some(Vec::new());
        let report_error = |e: &ItemError, out: &mut Out| -> anyhow::Result<()> {
            out.diag(format_args!("{source}:{}", e.error));
            if walk.error_records {
                let mut report = Report::new(source, e.index, e.line, Status::Error);
                report.format = e.layout;
                report.error = Some(format!("{source}:{}", e.error));
                out.json(&report)?;
            }
            out.end_item()?;
            Ok(())
        };
        // The items are walked by reference, a bundle at a time; `next` is
        // the bundle after, read early (and left empty otherwise) only to
        // learn whether the first puzzle has company.
        let (mut bundle, mut next) = (Vec::new(), Vec::new());
        let mut several = false;
        loop {
            if !next.is_empty() {
                std::mem::swap(&mut bundle, &mut next);
                next.clear();
            } else if !items.fill(&mut bundle) {
                break;
            }
            // Where reading the input failed: the items before are
            // reported, then the error (taken out below), and no more.
            let mut failed_at = None;
            for (k, item) in bundle.iter().enumerate() {
                let Ok(item) = item else {
                    failed_at = Some(k);
                    break;
                };
                if walk.lookahead && !several {
                    several = k + 1 < bundle.len() || items.fill(&mut next);
                }
                match item {
                    Ok(puzzle) => {
                        if held.is_some() {
                            for e in held.take().unwrap_or_default() {
                                report_error(&e, out)?;
                            }
                        }
                        status.note(each(puzzle, source, several, out)?);
                        out.end_item()?;
                    }
                    Err(e) => {
                        status.note(ExitStatus::Error);
                        match &mut held {
                            Some(held) => held.push(e.clone()),
                            None => report_error(e, out)?,
                        }
                    }
                }
            }
            if let Some(k) = failed_at
                && let Some(Err(err)) = bundle.drain(k..).next()
            {
                status.note(ExitStatus::Error);
                let err = match NotText::of(&err) {
                    Some(not_text) => {
                        // One message for the whole input.
                        held = None;
                        anyhow::anyhow!("{source}: not puzzle text ({not_text})")
                    }
                    None => anyhow::Error::new(worded(err)).context(source.to_owned()),
                };
                for e in held.take().unwrap_or_default() {
                    report_error(&e, out)?;
                }
                unreadable(source, &err, out)?;
                break;
            }
        }
        for e in held.take().unwrap_or_default() {
            report_error(&e, out)?;
        }
    }
    out.flush()?;
    Ok(())
}
