//! Solving: what a worker does with a task. Each answer is rendered by the
//! worker that found it, so that the writer only copies text.

use std::fmt::Write as _;
use std::sync::Arc;

use super::WHOLE_FILE_ITEMS;
use super::inputs::InputFile;
use super::reading::{Counters, TaskSink, read_from, read_input};
use crate::cli::json::Status;
use crate::cli::output::decimal;
use crate::cli::pool::Work;
use crate::cli::reading::{NotText, Settings};
use crate::cli::solving::{Mode, Place, Solved, report, solve_grid};
use sudokit::Grid;
use sudokit::format::{self, Block, ItemError, Layout, Puzzle};

/// What a worker takes at once, in input order (the first number is the
/// index of the input).
#[derive(Debug)]
pub enum Task {
    /// The next input begins.
    Start(usize),
    /// A puzzle of the current input.
    Puzzle(usize, Puzzle),
    /// Lines of the current input, one puzzle per line, still to be parsed.
    Lines(usize, Block),
    /// The whole of the current input, still to be read (a small file), and
    /// about how many puzzles it holds.
    File(usize, usize),
    /// The whole of the current input as read (a small file), still to be
    /// parsed, and about how many puzzles it holds.
    Data(usize, Vec<u8>, usize),
    /// A puzzle that could not be read.
    Bad(BadItem),
    /// The current input could not be opened or read on.
    Failed(String),
    /// The current input is not puzzle text; the rest of it is not read.
    NotText(NotText),
    /// The current input is done.
    End,
}

impl Task {
    /// The items it holds, read already (none for a file still to read).
    pub fn items(&self) -> usize {
        match self {
            Task::Lines(_, block) => block.len(),
            Task::Puzzle(..) | Task::Bad(_) => 1,
            _ => 0,
        }
    }
}

/// What a task gives the writer, in input order.
#[derive(Debug)]
pub enum Rendered {
    Start(usize),
    /// One puzzle's answer, for its file under `--out`.
    Answer(Answer),
    /// Answers in a row, for standard output.
    Lines(Lines),
    Bad(BadItem),
    Failed(String),
    NotText(NotText),
    End,
}

/// A puzzle that could not be read. The error is kept as its message: the
/// offending text in a parse error can be as long as a line, and thousands
/// of them may be in flight.
#[derive(Debug, Clone)]
pub struct BadItem {
    pub index: usize,
    pub line: usize,
    pub layout: Option<Layout>,
    /// `line:column: what was expected`.
    pub message: String,
}

impl BadItem {
    pub fn new(e: &ItemError) -> BadItem {
        BadItem {
            index: e.index,
            line: e.line,
            layout: e.layout,
            message: e.error.to_string(),
        }
    }
}

/// One puzzle's answer, for its file under `--out`.
#[derive(Debug)]
pub struct Answer {
    pub status: Status,
    /// The answer as written: a JSON line (no line end), or a whole board
    /// in its layout.
    pub text: String,
    /// The board's layout, for the separator between boards.
    pub layout: Layout,
    /// A message for standard error (an unsolved puzzle).
    pub note: Option<String>,
}

/// Answers in a row for standard output, rendered into one buffer.
#[derive(Debug, Default)]
pub struct Lines {
    /// Their lines, each with its line end.
    pub text: Vec<u8>,
    pub solved: u64,
    pub unsolvable: u64,
    pub invalid: u64,
}

/// What a worker needs to solve and render a puzzle.
#[derive(Debug)]
pub struct Solver {
    pub files: Arc<[InputFile]>,
    pub json: bool,
    /// Answers go to files under `--out`.
    pub to_files: bool,
    pub to: Option<Layout>,
    /// How inputs are read (by the reader, and by a worker that reads a
    /// small file whole).
    pub reading: Settings,
    /// What the progress bar counts.
    pub counters: Arc<Counters>,
}

impl Work for Solver {
    type Task = Task;
    type Done = Rendered;

    /// Solves and renders what `task` holds, onto `out`.
    fn run(&self, task: &Task, out: &mut Vec<Rendered>) {
        match task {
            Task::Start(i) => out.push(Rendered::Start(*i)),
            Task::Puzzle(i, puzzle) => self.solve(&self.files[*i].name, puzzle, out),
            Task::Lines(i, block) => {
                let source = &self.files[*i].name;
                for item in block.items() {
                    match item {
                        Ok(puzzle) => self.solve(source, &puzzle, out),
                        Err(e) => out.push(Rendered::Bad(BadItem::new(&e))),
                    }
                }
            }
            Task::File(i, _) => {
                self.whole(out, |file| read_input(*i, &self.files[*i], file));
            }
            Task::Data(i, bytes, _) => {
                self.whole(out, |file| read_from(*i, bytes.as_slice(), file));
            }
            Task::Bad(bad) => out.push(Rendered::Bad(bad.clone())),
            Task::Failed(err) => out.push(Rendered::Failed(err.clone())),
            Task::NotText(why) => out.push(Rendered::NotText(why.clone())),
            Task::End => out.push(Rendered::End),
        }
    }
}

/// A small file read whole by a worker: each task is done as it comes.
struct WholeFile<'a> {
    solver: &'a Solver,
    out: &'a mut Vec<Rendered>,
    /// Puzzles (and unreadable puzzles) so far.
    items: usize,
}

impl<'a> TaskSink<'a> for WholeFile<'a> {
    fn push(&mut self, task: Task) -> bool {
        self.items += task.items();
        self.solver.run(&task, self.out);
        self.items <= WHOLE_FILE_ITEMS
    }

    fn last(&mut self, task: Task) {
        self.solver.run(&task, self.out);
    }

    fn solver(&self) -> &'a Solver {
        self.solver
    }
}

impl Solver {
    /// Reads a file whole with `read`, doing each task as it comes.
    fn whole(&self, out: &mut Vec<Rendered>, read: impl FnOnce(&mut WholeFile<'_>) -> bool) {
        let mut file = WholeFile {
            solver: self,
            out,
            items: 0,
        };
        read(&mut file);
        if file.items > WHOLE_FILE_ITEMS {
            out.push(Rendered::Failed(format!(
                "grew past {WHOLE_FILE_ITEMS} puzzles while being read"
            )));
        }
    }

    fn solve(&self, source: &str, puzzle: &Puzzle, out: &mut Vec<Rendered>) {
        let mode = Mode::first();
        let solved = solve_grid(&puzzle.grid, mode);
        let solution = solved
            .first
            .as_ref()
            .filter(|_| solved.status == Status::Solved);
        if self.to_files {
            out.push(Rendered::Answer(
                self.answer(source, puzzle, &solved, solution),
            ));
            return;
        }
        let lines = match out.last_mut() {
            Some(Rendered::Lines(lines)) => lines,
            _ => {
                out.push(Rendered::Lines(Lines::default()));
                match out.last_mut() {
                    Some(Rendered::Lines(lines)) => lines,
                    _ => return,
                }
            }
        };
        match solved.status {
            Status::Solved => lines.solved += 1,
            Status::Invalid => lines.invalid += 1,
            // `multiple` is not asked for in batch; counted with the failures.
            _ => lines.unsolvable += 1,
        }
        let text = &mut lines.text;
        if self.json {
            // Serializing a report (strings, numbers, arrays) into memory
            // cannot fail.
            let _ = serde_json::to_writer(&mut *text, &report(source, puzzle, &solved, mode));
        } else {
            // A record read back is written under its own name and index,
            // so that batch output run through batch again is unchanged.
            let (source, index) = puzzle.named(source);
            text.extend_from_slice(source.as_bytes());
            text.push(b':');
            // No `format!`: it costs more than solving an easy puzzle takes in parts.
            text.extend_from_slice(decimal(index, &mut [0; 20]));
            text.push(b':');
            match solution {
                Some(grid) => grid.write_line(text),
                None => text.extend_from_slice(Status::word(solved.status).as_bytes()),
            }
        }
        text.push(b'\n');
    }

    /// The answer of a puzzle for its file under `--out`.
    fn answer(
        &self,
        source: &str,
        puzzle: &Puzzle,
        solved: &Solved,
        solution: Option<&Grid>,
    ) -> Answer {
        let layout = self.to.unwrap_or(puzzle.layout);
        let mut text = String::new();
        let mut note = None;
        if self.json {
            // Serializing a report (strings, numbers, arrays) cannot fail.
            text = serde_json::to_string(&report(source, puzzle, solved, Mode::first()))
                .unwrap_or_default();
        } else {
            match solution {
                Some(grid) => format::render(grid, layout, &mut text),
                None => {
                    let mut message =
                        format!("{}: {}", Place { source, puzzle }, solved.status.describe());
                    for (i, conflict) in solved.conflicts.iter().enumerate() {
                        let _ = write!(message, "{}{conflict}", if i == 0 { ": " } else { "; " });
                    }
                    note = Some(message);
                }
            }
        }
        Answer {
            status: solved.status,
            text,
            layout,
            note,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::fs;
    use std::path::PathBuf;

    use super::super::BLOCK_ITEMS;
    use super::*;
    use sudokit::format::Delivery;
    use sudokit::format::Format;

    /// A file listed as small is read whole by a worker; if it has
    /// grown since, reading stops past [`WHOLE_FILE_ITEMS`] with an error,
    /// so that memory stays bounded.
    #[test]
    fn a_file_read_whole_that_grew_stops_with_an_error() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = dir.path().join("grown.txt");
        let line =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
        fs::write(&path, line.repeat(WHOLE_FILE_ITEMS + 100)).expect("written");
        // Listed when it held one puzzle.
        let file = InputFile::file(path, PathBuf::from("grown.txt"), Some(82));
        let work = Solver {
            files: Arc::from(vec![file]),
            json: false,
            to_files: false,
            to: None,
            reading: Settings {
                format: Format::Auto,
                delivery: Delivery::Buffered,
                block_items: BLOCK_ITEMS,
            },
            counters: Arc::new(Counters::default()),
        };
        let mut out = Vec::new();
        work.run(&Task::File(0, 1), &mut out);
        let solved: u64 = out
            .iter()
            .map(|o| match o {
                Rendered::Lines(lines) => lines.solved,
                _ => 0,
            })
            .sum();
        assert!(solved > 0);
        assert!(
            solved <= (WHOLE_FILE_ITEMS + BLOCK_ITEMS) as u64,
            "{solved}"
        );
        assert!(
            matches!(out.last(), Some(Rendered::Failed(m)) if m.contains("grew past")),
            "{:?}",
            out.last()
        );
        // A file as small as listed is read to its end, with no error.
        let small = dir.path().join("small.txt");
        fs::write(&small, line.repeat(3)).expect("written");
        let work = Solver {
            files: Arc::from(vec![InputFile::file(
                small,
                PathBuf::from("small.txt"),
                Some(246),
            )]),
            ..work
        };
        let mut out = Vec::new();
        work.run(&Task::File(0, 3), &mut out);
        assert!(
            matches!(&out[..], [Rendered::Lines(lines)] if lines.solved == 3),
            "{out:?}"
        );
    }
}
