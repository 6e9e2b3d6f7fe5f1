//! [`each_puzzle`] on every core, for commands whose work per puzzle costs
//! more than reading it (`rate`, `canon`): a reader thread walks the inputs
//! exactly as [`each_puzzle`] does, recording what it reports (unreadable
//! inputs and puzzles) instead of writing it, and hands each puzzle to the
//! worker pool ([`crate::cli::pool`]), whose threads record what the command
//! answers for it; the calling thread replays the records in input order.
//! So the bytes written, on both streams, never depend on `--jobs`, and
//! memory stays bounded: only so many puzzles are in flight.

use std::sync::Arc;

use anyhow::Context;

use super::inputs::{Walk, each_puzzle, is_broken_pipe};
use super::output::{Out, Recorded};
use super::pool::{self, Lost, Pool, Submit, Work};
use super::progress::{Bar, Counters};
use crate::cli::ExitStatus;
use crate::cli::args::Progress;
use sudokit::format::Puzzle;

/// Puzzles per bundle handed to the pool when nobody waits for each answer:
/// handing a bundle over costs microseconds, a puzzle costs a millisecond or
/// more, and a bundle's tasks are still shared out one at a time.
const BUNDLE: usize = 16;
/// Puzzles in flight between the reader and the writer, all bundles
/// together: room for the other threads to run far ahead of one on a hard
/// puzzle, in a few hundred KiB.
const IN_FLIGHT: usize = 1024;

/// What a command does with one puzzle, as [`each_puzzle`] calls it:
/// `(puzzle, source, several, out)`.
pub type Handler =
    dyn Fn(&Puzzle, &str, bool, &mut Out) -> anyhow::Result<ExitStatus> + Send + Sync;

/// A [`Handler`] that also gives back a value for the writing thread to
/// judge, in input order: what only it can know (`canon --dedupe` keeps the
/// first of each class; a board's separator depends on the boards before).
pub type Judged<T> =
    dyn Fn(&Puzzle, &str, bool, &mut Out) -> anyhow::Result<(ExitStatus, T)> + Send + Sync;

/// How [`each_puzzle_parallel`] runs.
#[derive(Debug, Clone, Copy)]
pub struct Threads {
    /// Threads that do the work, the reader among them.
    pub jobs: usize,
    pub progress: Progress,
}

/// [`each_puzzle`] with `handle` run on `threads.jobs` threads, writing to
/// `out` what a run on one thread writes, in the same order. Returns the
/// worst status of the run.
pub fn each_puzzle_parallel(
    files: &[std::path::PathBuf],
    walk: Walk,
    threads: Threads,
    out: &mut Out,
    handle: Arc<Handler>,
) -> anyhow::Result<ExitStatus> {
    let judged: Arc<Judged<()>> = Arc::new(
        move |puzzle: &Puzzle, source: &str, several, out: &mut Out| {
            Ok((handle(puzzle, source, several, out)?, ()))
        },
    );
    each_puzzle_judged(files, walk, threads, out, judged, |(), _| Ok(true))
}

/// [`each_puzzle_parallel`] with a [`Judged`] handler: `judge` is called on
/// the calling thread, in input order, with each answered puzzle's value and
/// the writer. It may write there itself, and the answer the handler
/// recorded follows only when it returns true.
pub fn each_puzzle_judged<T: Send + 'static>(
    files: &[std::path::PathBuf],
    walk: Walk,
    threads: Threads,
    out: &mut Out,
    handle: Arc<Judged<T>>,
    mut judge: impl FnMut(T, &mut Out) -> anyhow::Result<bool>,
) -> anyhow::Result<ExitStatus> {
    let jobs = threads.jobs.max(1);
    let flush_each = out.flushes_each();
    // Each puzzle goes on at once when its answer is due at once (a
    // terminal, `--line-buffered`): the next one may be long in coming.
    let bundle = if flush_each { 1 } else { BUNDLE };
    // Alone, the reader answers each puzzle before it reads on; with
    // workers beside it, it helps only when they fall behind.
    let ahead = if jobs == 1 { 1 } else { jobs + 1 };
    let pool = Pool::start(jobs - 1).context("starting the worker threads")?;
    let work = Arc::new(Worker { handle, flush_each });
    let (submit, results) = pool.submitter(work, (IN_FLIGHT / bundle).max(2), ahead);
    let files = files.to_vec();
    // Detached on purpose: when the writer stops early (a closed pipe), the
    // process exits without waiting for a read that may block.
    let reader = std::thread::Builder::new()
        .name("sudokit-read".into())
        .spawn(move || {
            if jobs > 1 {
                pool::place(0);
            }
            read_all(&files, walk, flush_each, Feed::new(submit, bundle))
        })
        .context("starting the reader thread")?;

    let bar = Bar::new(threads.progress, None);
    let counters = Counters::default();
    let mut status = ExitStatus::Success;
    let mut answered = 0u64;
    let written = (|| {
        for bundle in results {
            let done =
                bundle.map_err(|Lost| anyhow::anyhow!("a worker thread stopped unexpectedly"))?;
            // Diagnostics share standard error with the bar: they go out
            // with it cleared, a bundle at a time.
            bar.suspend(|| -> anyhow::Result<()> {
                for done in done {
                    let keep = match done.value {
                        Some(value) => judge(value, out)?,
                        None => true,
                    };
                    if keep {
                        out.replay(&done.said)?;
                    }
                    status.note(done.status);
                    answered += u64::from(done.puzzle);
                    if let Some(err) = done.failed {
                        return Err(err);
                    }
                }
                if bar.is_shown() {
                    out.flush()?;
                }
                Ok(())
            })?;
            bar.update(answered, &counters);
        }
        out.flush()?;
        anyhow::Ok(())
    })();
    match written {
        // A reader that went away (`| head`) ends the run quietly, and the
        // status keeps what was already reported.
        Err(err) if is_broken_pipe(&err) => return Ok(status),
        Err(err) => return Err(err),
        Ok(()) => {}
    }
    bar.finish(answered);
    bar.clear();
    // Every bundle was written: the reader has ended.
    let read = reader
        .join()
        .map_err(|_| anyhow::anyhow!("reading the inputs stopped unexpectedly"))??;
    status.note(read);
    Ok(status)
}

/// The reader thread: [`each_puzzle`], recording what it reports, each
/// puzzle handed on as a task. Its status covers what it reported itself
/// (unreadable inputs and puzzles).
fn read_all<T: Send + 'static>(
    files: &[std::path::PathBuf],
    walk: Walk,
    flush_each: bool,
    mut feed: Feed<T>,
) -> anyhow::Result<ExitStatus> {
    let mut said = Out::recording(flush_each);
    let status = each_puzzle(files, walk, &mut said, |puzzle, source, several, said| {
        feed.said(said);
        let task = Task::Puzzle {
            puzzle: puzzle.clone(),
            source: source.to_owned(),
            several,
        };
        if !feed.push(task) {
            // The writer has gone: end as a closed pipe does.
            return Err(std::io::Error::from(std::io::ErrorKind::BrokenPipe).into());
        }
        Ok(ExitStatus::Success)
    })?;
    feed.said(&mut said);
    feed.finish();
    Ok(status)
}

/// What the workers take.
enum Task {
    /// What the reader reported between two puzzles.
    Said(Recorded),
    Puzzle {
        puzzle: Puzzle,
        source: String,
        several: bool,
    },
}

/// A task's outcome, for the writer.
struct Done<T> {
    said: Recorded,
    /// The handler's value for the writer to judge, when it gave one.
    value: Option<T>,
    status: ExitStatus,
    /// The task was a puzzle (counted by the progress bar).
    puzzle: bool,
    /// The handler failed: the run ends there.
    failed: Option<anyhow::Error>,
}

struct Worker<T> {
    handle: Arc<Judged<T>>,
    flush_each: bool,
}

impl<T: Send + 'static> Work for Worker<T> {
    type Task = Task;
    type Done = Done<T>;

    fn run(&self, task: &Task, out: &mut Vec<Done<T>>) {
        let done = match task {
            Task::Said(said) => Done {
                said: said.clone(),
                value: None,
                status: ExitStatus::Success,
                puzzle: false,
                failed: None,
            },
            Task::Puzzle {
                puzzle,
                source,
                several,
            } => {
                let mut answer = Out::recording(self.flush_each);
                let result = (self.handle)(puzzle, source, *several, &mut answer);
                // The puzzle's end, as `each_puzzle` marks it after the
                // handler (the reader's own mark is dropped: see `Feed::said`).
                let _ = answer.end_item();
                let (status, value, failed) = match result {
                    Ok((status, value)) => (status, Some(value), None),
                    Err(err) => (ExitStatus::Error, None, Some(err)),
                };
                Done {
                    said: answer.take_recorded(),
                    value,
                    status,
                    puzzle: true,
                    failed,
                }
            }
        };
        out.push(done);
    }
}

/// The reader's side of the pool: the bundle being made.
struct Feed<T: Send + 'static> {
    submit: Submit<Worker<T>>,
    tasks: Vec<Task>,
    size: usize,
    /// The last task was a puzzle, whose end its worker marked.
    after_puzzle: bool,
}

impl<T: Send + 'static> Feed<T> {
    fn new(submit: Submit<Worker<T>>, size: usize) -> Feed<T> {
        Feed {
            submit,
            tasks: Vec::with_capacity(size),
            size,
            after_puzzle: false,
        }
    }

    /// Takes what the reader reported since the last puzzle, as a task.
    fn said(&mut self, said: &mut Out) {
        let mut recorded = said.take_recorded();
        if self.after_puzzle {
            recorded.skip_leading_end();
        }
        if !recorded.is_empty() {
            // Never refused: the writer going away is learned at the next
            // puzzle or at the end.
            self.push(Task::Said(recorded));
        }
    }

    /// Adds a task, handing the bundle over once full; false once the
    /// writer has gone.
    fn push(&mut self, task: Task) -> bool {
        self.after_puzzle = matches!(task, Task::Puzzle { .. });
        self.tasks.push(task);
        if self.tasks.len() < self.size {
            return true;
        }
        let tasks = std::mem::replace(&mut self.tasks, Vec::with_capacity(self.size));
        self.submit.submit(tasks)
    }

    /// Hands over the last bundle, then helps until every task is done.
    fn finish(mut self) {
        let tasks = std::mem::take(&mut self.tasks);
        if !tasks.is_empty() && !self.submit.submit(tasks) {
            return;
        }
        self.submit.finish();
    }
}
