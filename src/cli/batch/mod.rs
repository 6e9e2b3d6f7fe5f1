//! `sudokit batch`: solve every puzzle of many files on every core.
//!
//! Three stages run at once: a reader thread walks the inputs in order
//! ([`reading`]) and hands their tasks to the worker pool a bundle at a time;
//! the workers, the reader among them, solve and render each task
//! ([`solving`]); the calling thread writes each bundle's results in input
//! order ([`writing`]), so output never depends on `--jobs`. Memory stays
//! bounded: only so many puzzles are in flight, whatever the input's size.
//! `docs/batch-design.md` says why the stages have this shape.
//!
//! Words for groups of puzzles, here and in [`crate::cli::reading`] and
//! [`crate::cli::pool`]:
//! - *input*: a file, or standard input; *item*: a puzzle, or a located
//!   error where one could not be read; *block*: whole lines of a
//!   one-puzzle-per-line input, parsed later into items;
//! - *piece*: what reading an input yields, a block or an item;
//! - *task*: what a worker takes at once: a piece, a whole small file, or a
//!   marker (an input starts, ends, failed);
//! - *bundle*: tasks (or items) handed from one thread to another at once.

mod inputs;
mod out_files;
pub(crate) mod progress;
mod reading;
mod solving;
mod writing;

use std::io::{self, IsTerminal};
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, bail};

use crate::cli::ExitStatus;
use crate::cli::args::{BatchArgs, Progress};
use crate::cli::inputs::note_waiting_on_terminal;
use crate::cli::json::SummaryLine;
use crate::cli::output::in_words;
use crate::cli::output::{Flush, Out, diag};
use crate::cli::pool::{self, Lost, Pool};
use crate::cli::reading::Settings;
use inputs::{InputFile, NameFilter, Sizes};
use progress::Bar;
use reading::{Counters, Feed};
use solving::Solver;
use sudokit::format::Delivery;
use sudokit::format::{Format, Layout};
use writing::Writer;

/// Puzzles kept in flight between the reader and the writer, all bundles
/// together. Enough to keep every core busy, small enough that the memory
/// held (well under 1 KiB per puzzle, input and rendered output) stays a few
/// MiB.
const IN_FLIGHT: usize = 16 * 1024;
/// Bounds on the puzzles per bundle: large enough that handing a bundle over
/// costs nothing next to solving it (a few microseconds against
/// milliseconds), small enough that results and the progress bar move
/// every fraction of a second even on the hardest puzzles, and that many
/// bundles are in flight when there are many cores. Every task counts as at
/// least one puzzle here, so that a bundle of files without puzzles stays
/// small too.
const BUNDLE_MIN: usize = 64;
const BUNDLE_MAX: usize = 1024;
/// Puzzles per block of a one-puzzle-per-line file, parsed and solved by one
/// thread in one go: a block is the smallest share of a bundle, so small
/// enough that every core stays busy to the end of a file of hard puzzles.
const BLOCK_ITEMS: usize = 16;
/// Files up to this size, as listed, and at most an eighth of a thread's
/// share of the whole input (so that the threads stay evenly loaded, as
/// with blocks), are read whole by whichever worker takes them, as one
/// task: reading, recognizing and parsing a small file costs several times
/// what solving its puzzle does, and a directory of one-puzzle files then
/// uses every core rather than waiting on the reader.
const WHOLE_FILE: u64 = 64 * 1024;
/// A file read whole that turns out to hold more items than this (it grew
/// after it was listed) stops there, with an error: memory stays bounded.
const WHOLE_FILE_ITEMS: usize = 16 * 1024;

/// The options of a batch, as plain settings.
#[derive(Debug)]
struct Config {
    paths: Vec<PathBuf>,
    filter: NameFilter,
    recursive: bool,
    /// Threads that solve, the reader among them.
    jobs: usize,
    out_dir: Option<PathBuf>,
    /// The layout of boards written under `--out`.
    to: Option<Layout>,
    json: bool,
    format: Format,
    delivery: Delivery,
    progress: Progress,
    /// Files found in directories that are not puzzle text are errors.
    strict: bool,
    /// No summary, no progress bar.
    quiet: bool,
}

impl Config {
    fn new(args: &BatchArgs) -> anyhow::Result<Config> {
        Ok(Config {
            // No path reads standard input, as every command does.
            paths: crate::cli::inputs::input_paths(&args.paths),
            filter: NameFilter::new(&args.glob)?,
            recursive: args.recursive,
            jobs: match args.jobs {
                Some(jobs) => usize::try_from(jobs).unwrap_or(1),
                None => std::thread::available_parallelism().map_or(1, NonZeroUsize::get),
            },
            out_dir: args.out.clone(),
            to: args.to.map(Layout::from),
            json: args.output.json,
            format: args.input.format.into(),
            // `--line-buffered` is for puzzles that trickle in through a
            // pipe: nothing may wait for puzzles that may never come.
            delivery: if args.output.line_buffered {
                Delivery::AtOnce
            } else {
                Delivery::Buffered
            },
            progress: if args.quiet {
                Progress::Never
            } else {
                args.progress
            },
            strict: args.strict,
            quiet: args.quiet,
        })
    }
}

pub fn run(args: &BatchArgs) -> anyhow::Result<ExitStatus> {
    let started = Instant::now();
    let config = Config::new(args)?;
    let jobs = config.jobs;
    let at_once = config.delivery == Delivery::AtOnce;
    // The workers start first, with nothing to do yet; the reader is the
    // last of the `--jobs` threads.
    let pool = Pool::start(jobs.saturating_sub(1)).context("starting the solver threads")?;
    let out_dir = config.out_dir.as_deref();
    // The sizes of the files found in directories are only looked up here
    // for the progress bar's estimate: a `stat` per file is a cost before
    // anything is read (the reader reads a small file whole without one).
    let sizes = if Bar::shown(config.progress) {
        Sizes::LookUp
    } else {
        Sizes::AsListed
    };
    let mut files = inputs::collect(
        &config.paths,
        config.recursive,
        &config.filter,
        out_dir,
        sizes,
    );
    if files.len() < 8 * jobs {
        // A few files: their sizes cost little, and a short input is then
        // cut into finer blocks (below).
        for file in &mut files {
            file.size = file.size();
        }
    }
    let files: Arc<[InputFile]> = files.into();
    if files.is_empty() {
        // Not an error (an empty directory is a valid, empty batch), but
        // rarely what was meant, as ripgrep warns too.
        diag("no input files found (hidden files are skipped; -r descends into directories)");
    }
    let targets = match out_dir {
        Some(dir) => out_files::plan(&files, dir)?,
        None => Vec::new(),
    };
    out_files::remove_stale_temporaries(&targets);
    if out_dir.is_some()
        && let Err(err) = out_files::remove_temporaries_on_interrupt()
    {
        diag(format!(
            "cannot watch for interruptions ({}): an interrupted run may leave hidden temporary files",
            in_words(&err)
        ));
    }

    let bundle = if at_once {
        1
    } else {
        (IN_FLIGHT / (2 * jobs)).clamp(BUNDLE_MIN, BUNDLE_MAX)
    };
    // A short input is cut finer, so that the last blocks do not leave
    // threads idle while one finishes: about eight blocks per thread, from
    // the size of the inputs (a line of 81 cells and its end per puzzle).
    let total = inputs::total_bytes(&files);
    let block = match total {
        Some(bytes) => usize::try_from(bytes / (82 * 8 * jobs as u64)).unwrap_or(BLOCK_ITEMS),
        None => BLOCK_ITEMS,
    }
    .clamp(1, BLOCK_ITEMS)
    .min(bundle);
    // Files read whole by a worker: small ones, and only when many make up
    // the input (one file of hard puzzles is shared out in blocks).
    let whole = match total {
        // One thread, the reader, reads every file anyway.
        _ if at_once || jobs == 1 => 0,
        Some(bytes) => (bytes / (8 * jobs as u64)).min(WHOLE_FILE),
        // Sizes not looked up yet: small files among many.
        None if files.len() >= 8 * jobs => WHOLE_FILE,
        None => 0,
    };
    // The whole budget of puzzles in flight: a thread may be on a hard
    // puzzle of an early bundle while the others run far ahead; the reader
    // must not stop (and leave them idle) while the writer waits for it.
    let depth = (IN_FLIGHT / bundle).max(2);
    // The reader solves too, whenever this many bundles wait. When it is
    // the only thread, or at once, it solves everything read before it
    // reads on, as the next puzzle may be long in coming.
    let ahead = if at_once || jobs == 1 { 1 } else { jobs + 1 };

    if files.iter().any(|f| f.path.is_none()) {
        note_waiting_on_terminal(std::path::Path::new("-"));
    }
    let counters = Arc::new(Counters::default());
    let bar = Bar::new(config.progress, total);
    let solver = Arc::new(Solver {
        files: Arc::clone(&files),
        json: config.json,
        to_files: out_dir.is_some(),
        to: config.to,
        reading: Settings {
            format: config.format,
            delivery: config.delivery,
            block_items: block,
        },
        counters: Arc::clone(&counters),
    });
    let (submit, results) = pool.submitter(Arc::clone(&solver), depth, ahead);
    {
        let files = Arc::clone(&files);
        // Detached on purpose: when the writer stops early (a closed pipe),
        // the process exits without waiting for a read that may block.
        std::thread::Builder::new()
            .name("sudokit-read".into())
            .spawn(move || {
                // The reader solves too: with workers beside it, it takes a
                // CPU of its own as they do.
                if jobs > 1 {
                    pool::place(0);
                }
                let feed = Feed::new(&solver, submit, bundle, whole);
                feed.read_all(&files);
            })
            .context("starting the reader thread")?;
    }

    let mut writer = Writer::new(
        &files,
        out_dir.map(|_| targets.as_slice()),
        config.json,
        config.strict,
        Out::stdout(if at_once {
            Flush::EachPuzzle
        } else {
            Flush::Buffered
        }),
        &bar,
    );
    // Results written to the terminal the bar is drawn on go out with the
    // bar cleared, a bundle at a time, so that no line runs into it.
    let shared_screen = bar.is_shown() && io::stdout().is_terminal();
    let written = (|| {
        for solved in results {
            // A bundle whose solving panicked (a bug) is lost; nothing is
            // lost silently.
            let rendered =
                solved.map_err(|Lost| anyhow::anyhow!("a solver thread stopped unexpectedly"))?;
            let write = |writer: &mut Writer<'_>| -> anyhow::Result<()> {
                for entry in rendered {
                    writer.take(entry)?;
                }
                // Flushed at once only onto the bar's screen; elsewhere the
                // buffer fills first.
                if shared_screen {
                    writer.out.flush()?;
                }
                Ok(())
            };
            if shared_screen {
                bar.suspend(|| write(&mut writer))?;
            } else {
                write(&mut writer)?;
            }
            bar.update(writer.tally.puzzles(), &counters);
        }
        // The reader only stops early when the writer has gone; a reader that
        // died (a bug) must not pass for a finished batch.
        if !writer.read_every_input() {
            bail!("reading the inputs stopped unexpectedly");
        }
        writer.out.flush()?;
        anyhow::Ok(())
    })();
    let mut status = writer.tally.exit_status();
    let failed = match written {
        // A reader that went away (`| head`) ends the run quietly, without a
        // summary; the status keeps what was already counted.
        Err(err) if crate::cli::is_broken_pipe(&err) => return Ok(status),
        // Standard output failing otherwise (a full disk) ends the run too,
        // said before the summary of what was done until then.
        Err(err) => {
            bar.clear();
            diag(format_args!("{err:#}"));
            status = ExitStatus::Error;
            true
        }
        Ok(()) => {
            bar.finish(writer.tally.puzzles());
            bar.clear();
            false
        }
    };

    let summary = writing::summary(&writer.tally, files.len(), started.elapsed());
    if !config.quiet {
        diag(format_args!("{summary}"));
    }
    if config.json && !failed {
        writer.out.json(&SummaryLine { summary })?;
        writer.out.flush()?;
    }
    Ok(status)
}
