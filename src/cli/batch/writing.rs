//! The writer: takes each bundle's results in input order and writes them to
//! standard output or to the output files, holding back the errors of an
//! input until it shows a puzzle; counts for the summary.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::inputs::InputFile;
use super::out_files::Sink;
use super::solving::{Answer, BadItem, Rendered};
use crate::cli::ExitStatus;
use crate::cli::json::{Report, Status, Summary};
use crate::cli::output::{Out, diag, in_words};
use crate::cli::progress::Bar;
use crate::cli::reading::NotText;
use sudokit::format;

/// Counts for the summary and the exit status.
#[derive(Debug, Default, Clone, Copy)]
pub struct Tally {
    solved: u64,
    unsolvable: u64,
    invalid: u64,
    /// Error entries: unreadable puzzles and unreadable files.
    pub errors: u64,
    /// Files found in directories that are not puzzle text, left out.
    skipped: u64,
    /// Inputs under `--out` that got no output file: no puzzle solved.
    not_written: u64,
}

impl Tally {
    pub fn puzzles(&self) -> u64 {
        self.solved + self.unsolvable + self.invalid
    }

    pub fn exit_status(&self) -> ExitStatus {
        if self.errors > 0 {
            ExitStatus::Error
        } else if self.unsolvable + self.invalid > 0 {
            ExitStatus::Failure
        } else {
            ExitStatus::Success
        }
    }
}

/// The writer's state for the file being written.
#[derive(Debug)]
struct FileState {
    index: usize,
    /// Whether entries are written one by one: once a puzzle has been read,
    /// the file is readable, if imperfect. Until then errors are held.
    per_item: bool,
    held: Vec<BadItem>,
    /// Under `--out`: the file being written, created at the first entry.
    sink: Option<Sink>,
    /// Why the file failed (reading it, or writing its results).
    failed: Option<String>,
    /// Whether a board has been written to the output file (the next one
    /// needs a separator).
    boards: bool,
    /// The file was not read to its end: it is not puzzle text.
    not_text: Option<NotText>,
}

impl FileState {
    /// Writes to the output file at `target`, creating it first. A failure
    /// becomes the file's error; the batch goes on.
    fn write(&mut self, target: Option<&Path>, parts: &[&str]) {
        let Some(target) = target else { return };
        if self.failed.is_some() {
            return;
        }
        let sink = match &mut self.sink {
            Some(sink) => Ok(sink),
            empty => Sink::create(target).map(|sink| empty.insert(sink)),
        };
        let result = sink.and_then(|sink| parts.iter().try_for_each(|p| sink.write(p.as_bytes())));
        if let Err(err) = result {
            self.failed = Some(format!("writing {}: {}", target.display(), in_words(&err)));
            self.sink = None;
        }
    }
}

pub struct Writer<'a> {
    files: &'a [InputFile],
    /// Under `--out`: where each input's results go.
    targets: Option<&'a [Option<PathBuf>]>,
    json: bool,
    /// Files found in directories that are not puzzle text are errors too
    /// (`--strict`), not skipped.
    strict: bool,
    pub out: Out,
    pub tally: Tally,
    bar: &'a Bar,
    file: Option<FileState>,
    /// Files begun, to check at the end that every input was read.
    started: usize,
}

impl<'a> Writer<'a> {
    pub fn new(
        files: &'a [InputFile],
        targets: Option<&'a [Option<PathBuf>]>,
        json: bool,
        strict: bool,
        out: Out,
        bar: &'a Bar,
    ) -> Writer<'a> {
        Writer {
            files,
            targets,
            json,
            strict,
            out,
            tally: Tally::default(),
            bar,
            file: None,
            started: 0,
        }
    }

    /// Whether every input was begun and the last one ended.
    pub fn read_every_input(&self) -> bool {
        self.started == self.files.len() && self.file.is_none()
    }

    /// Writes what a task gave, in input order.
    pub fn take(&mut self, rendered: Rendered) -> anyhow::Result<()> {
        match rendered {
            Rendered::Start(index) => {
                self.started += 1;
                self.file = Some(FileState {
                    index,
                    per_item: false,
                    held: Vec::new(),
                    sink: None,
                    failed: None,
                    boards: false,
                    not_text: None,
                });
            }
            Rendered::Answer(answer) => {
                self.go_per_item()?;
                self.answer(&answer)?;
            }
            Rendered::Lines(lines) => {
                self.go_per_item()?;
                self.tally.solved += lines.solved;
                self.tally.unsolvable += lines.unsolvable;
                self.tally.invalid += lines.invalid;
                self.out.bytes(&lines.text)?;
                self.out.end_item()?;
            }
            Rendered::Bad(bad) => {
                let Some(file) = self.file.as_mut() else {
                    return Ok(());
                };
                if file.per_item {
                    self.bad(&bad)?;
                } else {
                    // Fewer than UNREADABLE_AT_START: the reader gives up on
                    // the file then.
                    file.held.push(bad);
                }
            }
            Rendered::Failed(reason) => {
                if let Some(file) = self.file.as_mut() {
                    file.failed.get_or_insert(reason);
                    // Whole or not at all: a file not read to its end gets
                    // no output file (dropping the sink removes it).
                    file.sink = None;
                }
            }
            Rendered::NotText(why) => {
                if let Some(file) = self.file.as_mut() {
                    file.not_text = Some(why);
                }
            }
            Rendered::End => self.end()?,
        }
        Ok(())
    }

    fn source(&self) -> &str {
        self.file
            .as_ref()
            .map_or("", |f| self.files[f.index].name.as_str())
    }

    /// The output file of the current input, under `--out`.
    fn target(&self) -> Option<&Path> {
        let index = self.file.as_ref()?.index;
        self.targets?.get(index)?.as_deref()
    }

    /// The file has turned out readable: reports the held errors one by one.
    fn go_per_item(&mut self) -> anyhow::Result<()> {
        let Some(file) = self.file.as_mut() else {
            return Ok(());
        };
        if file.per_item {
            return Ok(());
        }
        file.per_item = true;
        for bad in std::mem::take(&mut file.held) {
            self.bad(&bad)?;
        }
        Ok(())
    }

    fn answer(&mut self, answer: &Answer) -> anyhow::Result<()> {
        match answer.status {
            Status::Solved => self.tally.solved += 1,
            Status::Invalid => self.tally.invalid += 1,
            // `multiple` is not asked for in batch; counted with the failures.
            _ => self.tally.unsolvable += 1,
        }
        if let Some(note) = &answer.note {
            self.bar.suspend(|| diag(note));
        }
        let target = self.target().map(Path::to_path_buf);
        let Some(file) = self.file.as_mut() else {
            return Ok(());
        };
        if self.json {
            file.write(target.as_deref(), &[&answer.text, "\n"]);
        } else if !answer.text.is_empty() {
            let separator = if std::mem::replace(&mut file.boards, true) {
                format::separator(answer.layout)
            } else {
                ""
            };
            file.write(target.as_deref(), &[separator, &answer.text]);
        }
        Ok(())
    }

    fn bad(&mut self, bad: &BadItem) -> anyhow::Result<()> {
        self.tally.errors += 1;
        let source = self.source().to_owned();
        let full = format!("{source}:{}", bad.message);
        self.bar.suspend(|| diag(&full));
        let json = self.json.then(|| {
            let mut report = Report::new(&source, bad.index, bad.line, Status::Error);
            report.format = bad.layout;
            report.error = Some(full.clone());
            // Serializing a report (strings, numbers, arrays) cannot fail.
            serde_json::to_string(&report).unwrap_or_default()
        });
        if self.targets.is_none() {
            match json {
                Some(json) => self.out.line(&json)?,
                None => self.out.line(&format!("{source}:{}:error", bad.index))?,
            }
            self.out.end_item()?;
        } else if let Some(json) = json {
            // The output file keeps the record; text boards have no place
            // for it, and standard error has it already.
            let target = self.target().map(Path::to_path_buf);
            if let Some(file) = self.file.as_mut() {
                file.write(target.as_deref(), &[&json, "\n"]);
            }
        }
        Ok(())
    }

    fn end(&mut self) -> anyhow::Result<()> {
        let target = self.target().map(Path::to_path_buf);
        let Some(file) = self.file.as_mut() else {
            return Ok(());
        };
        let source = self.files[file.index].name.clone();
        if !file.per_item && file.failed.is_none() {
            let held = std::mem::take(&mut file.held);
            if let Some(why) = file.not_text.take() {
                // One message for the file; its unreadable entries are
                // not listed.
                let walked = self.files[file.index].walked;
                self.file = None;
                if walked && !self.strict {
                    self.tally.skipped += 1;
                    self.bar.suspend(|| {
                        diag(format_args!("{source}: skipped, not puzzle text ({why})"));
                    });
                    return Ok(());
                }
                let reason = format!("not puzzle text ({why})");
                let full = format!("{source}: {reason}");
                self.bar.suspend(|| diag(&full));
                return self.file_error(&source, &reason, &full);
            }
            // Not one puzzle could be read: the file is one error, with the
            // first reason; the locations are on standard error.
            self.file = None;
            for bad in &held {
                self.bar
                    .suspend(|| diag(format_args!("{source}:{}", bad.message)));
            }
            let mut reason = held
                .first()
                .map_or_else(|| "no puzzle".to_owned(), |b| b.message.clone());
            let more = held.len().saturating_sub(1);
            if more > 0 {
                let _ = write!(reason, " (and {more} more errors)");
            }
            let full = format!("{source}:{reason}");
            return self.file_error(&source, &reason, &full);
        }
        if target.is_some() && file.failed.is_none() {
            match file.sink.take() {
                Some(sink) => {
                    if let Err(err) = sink.commit() {
                        file.failed = Some(err);
                    }
                }
                // An output file holds what was solved: none for nothing.
                None => {
                    self.tally.not_written += 1;
                    self.bar.suspend(|| {
                        diag(format_args!("{source}: no file written, no puzzle solved"));
                    });
                }
            }
        }
        if let Some(reason) = file.failed.take() {
            // Errors held back (a read failure before any puzzle) come
            // first, then the failure that ended the file.
            self.go_per_item()?;
            self.file = None;
            let full = format!("{source}: {reason}");
            self.bar.suspend(|| diag(&full));
            return self.file_error(&source, &reason, &full);
        }
        self.file = None;
        Ok(())
    }

    /// One entry for a file that could not be read, parsed or written.
    fn file_error(&mut self, source: &str, reason: &str, full: &str) -> anyhow::Result<()> {
        self.tally.errors += 1;
        if self.json {
            // Index and line 0: the entry is about the file as a whole.
            let mut report = Report::new(source, 0, 0, Status::Error);
            report.error = Some(full.to_owned());
            self.out.json(&report)?;
        } else {
            self.out.line(&format!("{source}:error: {reason}"))?;
        }
        self.out.end_item()?;
        Ok(())
    }
}

/// The summary of a run over `files` inputs that took `elapsed`.
pub fn summary(tally: &Tally, files: usize, elapsed: Duration) -> Summary {
    let seconds = elapsed.as_secs_f64();
    let puzzles = tally.puzzles();
    Summary {
        files,
        puzzles,
        solved: tally.solved,
        unsolvable: tally.unsolvable,
        invalid: tally.invalid,
        errors: tally.errors,
        skipped: tally.skipped,
        not_written: tally.not_written,
        // Rounded: a summary reads better without float noise.
        seconds: (seconds * 1000.0).round() / 1000.0,
        puzzles_per_second: (puzzles as f64 / seconds.max(1e-9)).round(),
    }
}
