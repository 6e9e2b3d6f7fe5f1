//! The reader thread: reads every input in order into tasks, through the
//! reading stage every command shares ([`crate::cli::reading`]), and hands
//! them to the worker pool a bundle at a time. A file small next to the
//! whole input is handed on whole, to be read by the worker that takes it.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use std::sync::atomic::Ordering;

use super::inputs::InputFile;
use super::solving::{BadItem, Solver, Task};
use crate::cli::open;
use crate::cli::output::in_words;
use crate::cli::pool::Submit;
pub use crate::cli::progress::Counters;
use crate::cli::reading::{Ending, Piece, Reading};

/// A reader that counts the bytes consumed, for the progress bar.
struct Counted<'a, R> {
    inner: R,
    counters: &'a Counters,
}

impl<R: BufRead> Read for Counted<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.counters.bytes.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Counted<'_, R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.counters
            .bytes
            .fetch_add(amount as u64, Ordering::Relaxed);
        self.inner.consume(amount);
    }
}

/// Where the tasks of an input go: the reader's bundles ([`Feed`]), or,
/// for a small file a worker reads whole, straight to solving.
pub trait TaskSink<'s> {
    /// Adds a task; false when reading should stop (the writer has gone,
    /// or a file read whole has grown too long).
    fn push(&mut self, task: Task) -> bool;
    /// Adds one of the input's last tasks (what ends it early: an error,
    /// giving up); its end follows at once.
    fn last(&mut self, task: Task);
    /// How to read, and what to count.
    fn solver(&self) -> &'s Solver;
}

/// The reader thread's side of the pool: the tasks of the bundle being
/// made, and what decides how inputs are read.
pub struct Feed<'s> {
    solver: &'s Solver,
    submit: Submit<Solver>,
    /// The bundle being made, and the puzzles it holds.
    tasks: Vec<Task>,
    items: usize,
    /// Puzzles per bundle.
    size: usize,
    /// Files up to this size are handed on whole.
    whole: u64,
    /// A buffer for reading a small file whole ([`Feed::read_small`]).
    head: Vec<u8>,
}

impl<'s> TaskSink<'s> for Feed<'s> {
    fn push(&mut self, task: Task) -> bool {
        self.add(task);
        self.items < self.size || self.send()
    }

    fn last(&mut self, task: Task) {
        // The end follows at once: it sends the bundle when full.
        self.add(task);
    }

    fn solver(&self) -> &'s Solver {
        self.solver
    }
}

impl<'s> Feed<'s> {
    /// Bundles of about `size` puzzles for `submit`; files up to `whole`
    /// bytes handed on whole.
    pub fn new(solver: &'s Solver, submit: Submit<Solver>, size: usize, whole: u64) -> Feed<'s> {
        Feed {
            solver,
            submit,
            tasks: Vec::new(),
            items: 0,
            size,
            whole,
            head: Vec::new(),
        }
    }

    /// Adds a task to the bundle. Every task counts as at least one puzzle,
    /// so that a bundle of files without puzzles stays small too.
    fn add(&mut self, task: Task) {
        self.items += match &task {
            Task::File(_, puzzles) | Task::Data(_, _, puzzles) => *puzzles,
            task => task.items().max(1),
        };
        self.tasks.push(task);
    }

    /// Hands the bundle to the pool; false once the writer has gone.
    fn send(&mut self) -> bool {
        self.items = 0;
        self.submit.submit(std::mem::take(&mut self.tasks))
    }

    /// Reads every input in order, handing each bundle to the pool, and
    /// does its share of the tasks. Returns when done or when the writer
    /// has gone; the pool closes then.
    pub fn read_all(mut self, files: &[InputFile]) {
        for (i, file) in files.iter().enumerate() {
            self.add(Task::Start(i));
            if !self.read_file(i, file) || !self.push(Task::End) {
                return;
            }
        }
        if !self.tasks.is_empty() && !self.send() {
            return;
        }
        self.submit.finish();
    }

    /// Reads one input into bundles; false once the writer has gone. A
    /// small file is handed on whole, to be parsed and solved by a worker
    /// (and read by it too, when its size is known).
    fn read_file(&mut self, i: usize, file: &InputFile) -> bool {
        if self.whole > 0
            && file.error.is_none()
            && let Some(path) = &file.path
        {
            match file.size {
                Some(size) if size <= self.whole => {
                    return self.push(Task::File(i, puzzles_in(size)));
                }
                Some(_) => {}
                None if file.regular => return self.read_small(i, path),
                None => {}
            }
        }
        read_input(i, file, self)
    }

    /// A regular file found in a directory, its size not looked up: it is
    /// read here up to [`Feed::whole`] bytes, and if it ends by then its
    /// bytes go to a worker to be recognized, parsed and solved, as one
    /// task (cheaper than a `stat` per file up front). A larger file is
    /// read on here, as any other, the bytes read first included.
    fn read_small(&mut self, i: usize, path: &Path) -> bool {
        let handle = match File::open(path) {
            Ok(handle) => handle,
            Err(err) => {
                self.last(Task::Failed(in_words(&err)));
                return true;
            }
        };
        // One byte more than a small file holds tells a larger one.
        let mut head = std::mem::take(&mut self.head);
        head.clear();
        // Room for all of a small file: it is then read with no probing.
        head.reserve(usize::try_from(self.whole).unwrap_or(0) + 1);
        let read = (&handle).take(self.whole + 1).read_to_end(&mut head);
        let tail: Box<dyn Read> = match read {
            Ok(n) if n as u64 <= self.whole => {
                let task = Task::Data(i, head.as_slice().to_vec(), puzzles_in(n as u64));
                self.head = head;
                return self.push(task);
            }
            Ok(_) => Box::new(handle),
            // The bytes before the error first, as the reader would have
            // seen them.
            Err(err) => Box::new(Failing(Some(err))),
        };
        let rest = io::Cursor::new(head).chain(tail);
        read_from(i, BufReader::with_capacity(64 * 1024, rest), self)
    }
}

/// About how many puzzles a file of `bytes` holds, for the bundle's share:
/// a line of 81 cells and its end per puzzle; at least one.
fn puzzles_in(bytes: u64) -> usize {
    usize::try_from(bytes / 82).unwrap_or(usize::MAX).max(1)
}

/// A reader whose next read fails with the error it holds, then ends.
struct Failing(Option<io::Error>);

impl Read for Failing {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        self.0.take().map_or(Ok(0), Err)
    }
}

/// Reads input `i`, handing its tasks on; false once reading should stop.
pub fn read_input<'s>(i: usize, file: &InputFile, sink: &mut impl TaskSink<'s>) -> bool {
    if let Some(err) = &file.error {
        sink.last(Task::Failed(err.clone()));
        return true;
    }
    let input = match open(file.path.as_deref().unwrap_or(Path::new("-"))) {
        Ok(input) => input,
        Err(err) => {
            // `open` names the path; the entry names it already.
            sink.last(Task::Failed(err.root_cause().to_string()));
            return true;
        }
    };
    read_from(i, input.reader, sink)
}

/// Reads input `i` from `reader`, handing its tasks on; false once reading
/// should stop.
pub fn read_from<'s>(i: usize, reader: impl BufRead, sink: &mut impl TaskSink<'s>) -> bool {
    let solver = sink.solver();
    let reader = Counted {
        inner: reader,
        counters: &solver.counters,
    };
    let mut reading = Reading::new(reader, solver.reading);
    for piece in reading.by_ref() {
        solver
            .counters
            .items
            .fetch_add(piece.items() as u64, Ordering::Relaxed);
        let task = match piece {
            Piece::Lines(block) => Task::Lines(i, block),
            Piece::Item(Ok(puzzle)) => Task::Puzzle(i, puzzle),
            Piece::Item(Err(e)) => Task::Bad(BadItem::new(&e)),
        };
        if !sink.push(task) {
            return false;
        }
    }
    match reading.ending() {
        Ending::Whole => {}
        Ending::Failed(err) => sink.last(Task::Failed(in_words(&err))),
        Ending::NotText(why) => sink.last(Task::NotText(why)),
    }
    true
}
