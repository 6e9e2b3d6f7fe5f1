//! `sudokit batch`: solve every puzzle of many files on every core.
//!
//! Three stages run at once:
//!
//! - a *reader* thread walks the inputs in order and cuts their puzzles into
//!   chunks (a chunk may span several small files, so a directory of
//!   one-puzzle files keeps every core busy as well as one huge file does);
//!   a file small next to the whole input is not read there but handed on
//!   whole;
//! - `--jobs` solver threads share out each chunk, a block of lines, a
//!   puzzle or a small file (read, recognized and parsed there) at a time,
//!   solve it and render each result into its output text. The reader is
//!   one of them: once a few chunks wait, it solves parts of the oldest
//!   before it reads on;
//! - the calling thread takes the solved chunks *in the order they were
//!   read* and writes them, so output order never depends on `--jobs`.
//!
//! Memory stays bounded: only a fixed number of chunks is in flight (a
//! bounded channel makes the reader wait, or solve), whatever the size of
//! the input.
//!
//! The threads all work on the oldest chunk until every part of it is taken,
//! so chunks come back about in order and a short file is shared evenly to
//! its end. A thread with nothing to do sleeps until the reader hands over
//! the next chunk. Both choices come from measurements on a 2-core machine,
//! against a work-stealing pool (rayon) with a reader thread of its own:
//!
//! - idle pool threads spin while they wait for work, and there took the
//!   core of the reader, whose every pause then left them without work;
//! - a reader thread of its own, one more thread than cores, cost a core
//!   switch every chunk and ran several times slower than reading alone,
//!   about a tenth of all the work on the easiest puzzles.
//!
//! Threads are woken, and results handed over, once per chunk, not per
//! block: at a few microseconds each, per block cost a third more on the
//! easiest puzzles.

use std::collections::VecDeque;
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::fs::{self, File};
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Read, Write};
use std::num::NonZeroUsize;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use globset::{GlobBuilder, GlobMatcher};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};

use super::solving::{Mode, Solved, report, solve_grid};
use super::{ExitStatus, STDIN_NAME, open};
use crate::cli::args::{BatchArgs, Progress};
use crate::cli::json::{Report, Status, Summary, SummaryLine};
use crate::cli::output::{Flush, Out, decimal, diag};
use sudokit::Grid;
use sudokit::format::{self, Block, Blocks, Format, ItemError, Layout, Puzzle, Reader, Split};

/// Puzzles kept in flight between the reader and the writer, all chunks
/// together. Enough to keep every core busy, small enough that the memory
/// held (well under 1 KiB per puzzle, input and rendered output) stays a few
/// MiB.
const IN_FLIGHT: usize = 16 * 1024;
/// Bounds on the puzzles per chunk: large enough that handing a chunk over
/// costs nothing next to solving it (a few microseconds against
/// milliseconds), small enough that results and the progress bar move
/// every fraction of a second even on the hardest puzzles, and that many
/// chunks are in flight when there are many cores. Every unit counts as at
/// least one puzzle here, so that a chunk of files without puzzles stays
/// small too.
const CHUNK_MIN: usize = 64;
const CHUNK_MAX: usize = 1024;
/// Puzzles per block of a one-puzzle-per-line file, parsed and solved by one
/// thread in one go: a block is the smallest share of a chunk, so small
/// enough that every core stays busy to the end of a file of hard puzzles.
const BLOCK_ITEMS: usize = 16;
/// Files up to this size, as listed, and at most an eighth of a thread's
/// share of the whole input (so that the threads stay evenly loaded, as
/// with blocks), are read whole by whichever solver thread takes them, as
/// one unit: reading, recognizing and parsing a small file costs several
/// times what solving its puzzle does, and a directory of one-puzzle files
/// then uses every core, where the reader alone set the pace before (5,000
/// one-puzzle files: the same rate with 2 jobs as with 1).
const WHOLE_FILE: u64 = 64 * 1024;
/// A file read whole that turns out to hold more items than this (it grew
/// after it was listed) stops there, with an error: memory stays bounded.
const WHOLE_FILE_ITEMS: usize = 16 * 1024;
/// Unreadable puzzles held back at the start of a file: when a file yields no
/// puzzle at all it is reported as one error, not one per line of garbage.
/// A file that starts with this many and not one puzzle is not a puzzle file
/// (an image, a binary): it is not read further, so memory stays bounded.
const HOLD_LIMIT: usize = 1024;
/// Of the errors of a file that yields no puzzle, how many are listed on
/// standard error.
const ERRORS_SHOWN: usize = 10;

pub fn run(args: &BatchArgs) -> anyhow::Result<ExitStatus> {
    let started = Instant::now();
    let filter = NameFilter::new(&args.glob)?;
    let jobs = match args.jobs {
        Some(jobs) => usize::try_from(jobs).unwrap_or(1),
        None => std::thread::available_parallelism().map_or(1, NonZeroUsize::get),
    };
    // The solver threads start first: on a busy machine a new thread can
    // take milliseconds to get a core, and they have nothing to do yet.
    // Detached, as the reader: a solver thread that panics (a bug) drops
    // its chunk's result, and the writer reports that.
    let queue = Arc::new(Queue::default());
    let closer = Closer(Arc::clone(&queue));
    for i in 1..jobs {
        let queue = Arc::clone(&queue);
        std::thread::Builder::new()
            .name(format!("sudokit-solve-{i}"))
            .spawn(move || {
                place(i);
                solve_chunks(&queue);
            })
            .context("starting the solver threads")?;
    }
    let out_dir = args.out.as_deref();
    if args.to.is_some() && out_dir.is_none() {
        // Standard output has one shape, `path:index:solution`.
        diag("--to only sets the layout of files written under --out; it has no effect here");
    } else if args.to.is_some() && args.output.json {
        // The files under --out then hold JSON records, not boards.
        diag(
            "--to only sets the layout of boards written under --out; it has no effect with --json",
        );
    }
    // The sizes of the files found in directories are only looked up here
    // for the progress bar's estimate: a `stat` per file made listing a
    // directory of 5,000 files take 16-19 ms before anything was read (the
    // reader reads a small file whole without one, see `read_small`).
    let sizes = Bar::shown(args.progress);
    let mut files = collect(args, &filter, out_dir, sizes);
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
        Some(dir) => plan_outputs(&files, dir)?,
        None => Vec::new(),
    };
    if out_dir.is_some()
        && let Err(err) = remove_temporaries_on_interrupt()
    {
        diag(format!(
            "cannot watch for interruptions ({err}): an interrupted run may leave hidden temporary files"
        ));
    }

    // `--line-buffered` is for puzzles that trickle in through a pipe: a
    // chunk must not wait for puzzles that may never come.
    let chunk = if args.output.line_buffered {
        1
    } else {
        (IN_FLIGHT / (2 * jobs)).clamp(CHUNK_MIN, CHUNK_MAX)
    };
    // A short input is cut finer, so that the last blocks do not leave
    // threads idle while one finishes: about eight blocks per thread, from
    // the size of the inputs (a line of 81 cells and its end per puzzle).
    let total = total_bytes(&files);
    let block = match total {
        Some(bytes) => usize::try_from(bytes / (82 * 8 * jobs as u64)).unwrap_or(BLOCK_ITEMS),
        None => BLOCK_ITEMS,
    }
    .clamp(1, BLOCK_ITEMS)
    .min(chunk);
    // Files read whole by a solver thread: small ones, and only when many
    // make up the input (one file of hard puzzles is shared out in blocks).
    let whole = match total {
        // One thread, the reader, reads every file anyway.
        _ if args.output.line_buffered || jobs == 1 => 0,
        Some(bytes) => (bytes / (8 * jobs as u64)).min(WHOLE_FILE),
        // Sizes not looked up yet: small files among many.
        None if files.len() >= 8 * jobs => WHOLE_FILE,
        None => 0,
    };
    // The whole budget of puzzles in flight: a thread may be on a hard
    // puzzle of an early chunk while the others run far ahead; the reader
    // must not stop (and leave them idle) while the writer waits for it.
    let depth = (IN_FLIGHT / chunk).max(2);

    let counters = Arc::new(Counters::default());
    let bar = Bar::new(args.progress, total);
    let work = Arc::new(Work {
        files: Arc::clone(&files),
        json: args.output.json,
        to_files: out_dir.is_some(),
        to: args.to.map(Layout::from),
        format: args.input.format.into(),
        block,
        counters: Arc::clone(&counters),
    });
    let (tx, rx) = mpsc::sync_channel(depth);
    // The reader solves too, whenever this many chunks wait: it is one of
    // the `--jobs` solver threads. When it is the only one, or with
    // `--line-buffered`, it solves everything read before it reads on, as
    // the next puzzle may be long in coming.
    let ahead = if args.output.line_buffered || jobs == 1 {
        1
    } else {
        jobs + 1
    };
    {
        let files = Arc::clone(&files);
        let line_buffered = args.output.line_buffered;
        // Detached on purpose: when the writer stops early (a closed pipe),
        // the process exits without waiting for a read that may block.
        std::thread::Builder::new()
            .name("sudokit-read".into())
            .spawn(move || {
                // The reader solves too: with other solver threads, it
                // takes a CPU of its own as they do.
                if jobs > 1 {
                    place(0);
                }
                let feed = Feed {
                    at_once: line_buffered,
                    size: chunk,
                    whole,
                    head: Vec::new(),
                    ahead,
                    queue: &closer.0,
                    work: &work,
                    tx: &tx,
                    chunk: Chunk {
                        units: Vec::new(),
                        items: 0,
                    },
                };
                read_all(&files, feed);
                // The solver threads end once the queue is empty. (Were the
                // reader to panic, a bug, unwinding would close it too.)
                drop(closer);
            })
            .context("starting the reader thread")?;
    }

    let mut writer = Writer {
        files: &files,
        targets: out_dir.map(|_| targets.as_slice()),
        json: args.output.json,
        out: Out::stdout(Flush::line_buffered(args.output.line_buffered)),
        tally: Tally::default(),
        bar: &bar,
        file: None,
        started: 0,
    };
    // Results written to the terminal the bar is drawn on go out with the
    // bar cleared, a chunk at a time, so that no line runs into it.
    let shared_screen = bar.is_shown() && io::stdout().is_terminal();
    let written = (|| {
        for solved in rx {
            // A chunk whose solving panicked (a bug) drops its sender; nothing
            // is lost silently.
            let outcomes = solved
                .recv()
                .context("a solver thread stopped unexpectedly")?;
            let write = |writer: &mut Writer<'_>| -> anyhow::Result<()> {
                for outcome in outcomes {
                    writer.take(outcome)?;
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
            bar.update(writer.tally.puzzles() + writer.tally.errors, &counters);
        }
        // The reader only stops early when the writer has gone; a reader that
        // died (a bug) must not pass for a finished batch.
        if writer.started != files.len() || writer.file.is_some() {
            bail!("reading the inputs stopped unexpectedly");
        }
        writer.out.flush()?;
        anyhow::Ok(())
    })();
    let mut status = writer.tally.exit_status();
    let failed = match written {
        // A reader that went away (`| head`) ends the run quietly, without a
        // summary; the status keeps what was already counted.
        Err(err) if super::is_broken_pipe(&err) => return Ok(status),
        // Standard output failing otherwise (a full disk) ends the run too,
        // said before the summary of what was done until then.
        Err(err) => {
            bar.clear();
            diag(format_args!("{err:#}"));
            status = ExitStatus::Error;
            true
        }
        Ok(()) => {
            bar.clear();
            false
        }
    };

    let summary = summary(&writer.tally, files.len(), started.elapsed());
    diag(format_args!("{summary}"));
    if args.output.json && !failed {
        writer.out.json(&SummaryLine { summary })?;
        writer.out.flush()?;
    }
    Ok(status)
}

/// Moves the calling thread onto the `n`th of the CPUs it may run on (round
/// robin), then lets it run on all of them again: each thread of a batch
/// starts on a CPU of its own, and the kernel can still move it off one
/// that other work needs.
///
/// Without it, Linux on a 2-core machine (a VM) put about half of the new
/// threads on the CPU of the thread that started them, and left them to
/// share it for more than a millisecond while the other CPU idled: two
/// threads spinning for 1 ms each took 2.06 ms in those cases against
/// 1.10 ms in the others, and 1.11 ms every time once placed. A file of
/// ten thousand easy puzzles takes only 5-10 ms with two jobs: over 40
/// alternating runs with two jobs, nosolution10k's median rate rose from
/// 1.36M to 1.44M puzzles/s (lower quartile 1.18M to 1.37M), gen10k's from
/// 667k to 727k. Holding the threads on their CPUs, to the first chunk or
/// throughout, did no better.
#[cfg(target_os = "linux")]
fn place(n: usize) {
    use nix::sched::{CpuSet, sched_getaffinity, sched_setaffinity};
    use nix::unistd::Pid;
    let me = Pid::from_raw(0);
    let Ok(allowed) = sched_getaffinity(me) else {
        return;
    };
    let cpus: Vec<usize> = (0..CpuSet::count())
        .filter(|&cpu| allowed.is_set(cpu).unwrap_or(false))
        .collect();
    if cpus.len() < 2 {
        return;
    }
    let mut one = CpuSet::new();
    if one.set(cpus[n % cpus.len()]).is_ok() && sched_setaffinity(me, &one).is_ok() {
        // Were this to fail, the thread would stay on that CPU: slower at
        // worst, never wrong.
        let _ = sched_setaffinity(me, &allowed);
    }
}

/// Elsewhere threads start where the system puts them.
#[cfg(not(target_os = "linux"))]
fn place(_n: usize) {}

// ---------------------------------------------------------------------------
// Inputs

/// One input, as listed before any is read.
#[derive(Debug)]
struct InputFile {
    /// Where to read from; `None` for standard input.
    path: Option<PathBuf>,
    /// The name in results and messages.
    name: String,
    /// The path under `--out`: relative to the directory named on the command
    /// line, or the bare file name for a file named directly.
    rel: PathBuf,
    /// Size in bytes, when known up front (for the progress bar's estimate).
    size: Option<u64>,
    /// A regular file: one with a size, or one found in a directory whose
    /// size was not looked up. (Anything else named directly, a FIFO say,
    /// is a stream.)
    regular: bool,
    /// Why it cannot be read, found while listing directories.
    error: Option<String>,
}

impl InputFile {
    fn file(path: PathBuf, rel: PathBuf, size: Option<u64>) -> InputFile {
        InputFile {
            name: path.display().to_string(),
            path: Some(path),
            rel,
            size,
            regular: size.is_some(),
            error: None,
        }
    }

    /// A regular file found in a directory, its size not looked up.
    fn listed(path: PathBuf, rel: PathBuf) -> InputFile {
        InputFile {
            regular: true,
            ..InputFile::file(path, rel, None)
        }
    }

    /// Its size in bytes: as listed, else looked up now; `None` for
    /// standard input, an input that could not be listed, or anything but
    /// a regular file.
    fn size(&self) -> Option<u64> {
        match (&self.path, &self.error) {
            (Some(path), None) => self.size.or_else(|| {
                fs::metadata(path)
                    .ok()
                    .filter(|m| m.is_file())
                    .map(|m| m.len())
            }),
            _ => None,
        }
    }

    fn failed(path: &Path, err: &io::Error) -> InputFile {
        InputFile {
            name: path.display().to_string(),
            path: Some(path.to_owned()),
            rel: PathBuf::new(),
            size: None,
            regular: false,
            error: Some(err.to_string()),
        }
    }
}

/// `--glob` patterns. A pattern without `/` is matched against the file name
/// (`*.txt` finds text files at any depth, as in .gitignore); one with `/`
/// against the path below the directory named on the command line.
#[derive(Debug)]
struct NameFilter {
    /// In command-line order: a later match wins, as in ripgrep.
    patterns: Vec<Pattern>,
    /// Some pattern keeps files: a file no pattern matches is left out.
    keeps: bool,
}

#[derive(Debug)]
struct Pattern {
    matcher: GlobMatcher,
    /// Matched against the path below the directory named (the pattern has
    /// a `/`), else against the file name.
    path: bool,
    /// `!GLOB`: leaves matching files out.
    excludes: bool,
}

impl NameFilter {
    fn new(patterns: &[String]) -> anyhow::Result<NameFilter> {
        let mut built = Vec::new();
        for pattern in patterns {
            let (excludes, glob) = match pattern.strip_prefix('!') {
                Some(rest) => (true, rest),
                None => (false, pattern.as_str()),
            };
            let matcher = GlobBuilder::new(glob)
                .literal_separator(true)
                .build()
                .map_err(|e| anyhow::anyhow!("--glob: {e}"))?
                .compile_matcher();
            built.push(Pattern {
                matcher,
                path: glob.contains('/'),
                excludes,
            });
        }
        Ok(NameFilter {
            keeps: built.iter().any(|p| !p.excludes),
            patterns: built,
        })
    }

    fn accepts(&self, rel: &Path) -> bool {
        let hit = |p: &Pattern| {
            if p.path {
                p.matcher.is_match(rel)
            } else {
                rel.file_name().is_some_and(|name| p.matcher.is_match(name))
            }
        };
        match self.patterns.iter().rev().find(|p| hit(p)) {
            Some(p) => !p.excludes,
            None => !self.keeps,
        }
    }
}

/// What identifies a file or directory however it is reached (through
/// symbolic links, `..`, or a hard link).
#[cfg(unix)]
type FileId = (u64, u64);
#[cfg(not(unix))]
type FileId = PathBuf;

#[cfg(unix)]
fn file_id(path: &Path) -> Option<FileId> {
    use std::os::unix::fs::MetadataExt;
    fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

#[cfg(not(unix))]
fn file_id(path: &Path) -> Option<FileId> {
    fs::canonicalize(path).ok()
}

/// Lists the inputs in the order they are read: the arguments in the order
/// given, each directory's files in sorted path order.
fn collect(
    args: &BatchArgs,
    filter: &NameFilter,
    out_dir: Option<&Path>,
    sizes: bool,
) -> Vec<InputFile> {
    let mut files = Vec::new();
    // The output tree may sit inside an input directory; its files are
    // results, not puzzles, and reading them would grow with every run.
    let skip = out_dir.and_then(file_id);
    // No path reads standard input, as every command does.
    let stdin_only = [PathBuf::from("-")];
    let paths = if args.paths.is_empty() {
        &stdin_only[..]
    } else {
        &args.paths[..]
    };
    for arg in paths {
        if arg.as_os_str() == "-" {
            files.push(InputFile {
                path: None,
                name: STDIN_NAME.to_owned(),
                rel: PathBuf::new(),
                size: None,
                regular: false,
                error: None,
            });
            continue;
        }
        match fs::metadata(arg) {
            Ok(meta) if meta.is_dir() => {
                let mut walk = Walk {
                    root: arg,
                    sizes,
                    recursive: args.recursive,
                    filter,
                    skip: skip.as_ref(),
                    visited: HashSet::new(),
                    files: &mut files,
                };
                walk.dir(Path::new(""));
            }
            Ok(meta) => {
                // A file named directly is read whatever its name (as rg and
                // fd do) and whatever its kind (a FIFO streams).
                let rel = arg.file_name().map(PathBuf::from).unwrap_or_default();
                let size = meta.is_file().then_some(meta.len());
                files.push(InputFile::file(arg.clone(), rel, size));
            }
            Err(err) => files.push(InputFile::failed(arg, &err)),
        }
    }
    files
}

/// A walk of one directory named on the command line.
struct Walk<'a> {
    root: &'a Path,
    /// Look up the size of every file (else only where the kind of an entry
    /// needs a look-up anyway: a symbolic link).
    sizes: bool,
    recursive: bool,
    filter: &'a NameFilter,
    skip: Option<&'a FileId>,
    /// Directories already listed: one reached again (through a symbolic
    /// link back up the tree, say) is not listed twice, so a loop ends.
    visited: HashSet<FileId>,
    files: &'a mut Vec<InputFile>,
}

impl Walk<'_> {
    fn dir(&mut self, rel: &Path) {
        // Not `join("")`, which would add a `/` to the name in messages.
        let dir = if rel.as_os_str().is_empty() {
            self.root.to_path_buf()
        } else {
            self.root.join(rel)
        };
        if let Some(id) = file_id(&dir)
            && !self.visited.insert(id)
        {
            return;
        }
        let mut names = Vec::new();
        let entries = match fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(err) => {
                self.files.push(InputFile::failed(&dir, &err));
                return;
            }
        };
        for entry in entries {
            match entry {
                // The kind as the directory listing gives it, when it does.
                Ok(entry) => names.push((entry.file_name(), entry.file_type().ok())),
                Err(err) => {
                    self.files.push(InputFile::failed(&dir, &err));
                    return;
                }
            }
        }
        // Sorting names at each level, then descending in place, gives the
        // files in sorted path order (paths compare component by component).
        names.sort_by(|a, b| a.0.cmp(&b.0));
        for (name, kind) in names {
            if name.as_encoded_bytes().starts_with(b".") {
                continue;
            }
            let rel = rel.join(&name);
            let path = self.root.join(&rel);
            if !self.sizes && kind.is_some_and(|k| k.is_file()) {
                // A regular file (not a link): no look-up needed.
                if self.filter.accepts(&rel) {
                    self.files.push(InputFile::listed(path, rel));
                }
                continue;
            }
            // `metadata` follows symbolic links: a link to a puzzle file is
            // a puzzle file; a dangling link is reported, unless --glob
            // would have skipped it anyway.
            let meta = match fs::metadata(&path) {
                Ok(meta) => meta,
                Err(err) => {
                    if self.filter.accepts(&rel) {
                        self.files.push(InputFile::failed(&path, &err));
                    }
                    continue;
                }
            };
            if meta.is_dir() {
                if !self.recursive {
                    continue;
                }
                if self.skip.is_some() && file_id(&path).as_ref() == self.skip {
                    // Said, not silent: files the user put there are left out too.
                    diag(format_args!(
                        "{}: not read, it is the --out directory",
                        path.display()
                    ));
                    continue;
                }
                self.dir(&rel);
            } else if meta.is_file() && self.filter.accepts(&rel) {
                self.files
                    .push(InputFile::file(path, rel, Some(meta.len())));
            }
            // Anything else (a FIFO, socket or device met in a directory) is
            // not a puzzle file.
        }
    }
}

/// Decides where each input's results go under `dir`, refusing (before
/// anything is written) a plan that would overwrite an input or write two
/// inputs to one file. Returns one target per input (`None` for inputs that
/// are already known to fail).
fn plan_outputs(files: &[InputFile], dir: &Path) -> anyhow::Result<Vec<Option<PathBuf>>> {
    if files.iter().any(|f| f.path.is_none()) {
        bail!(
            "--out: standard input has no path to mirror under {}",
            dir.display()
        );
    }
    if dir.as_os_str() == "-" {
        // `-` means standard input or output everywhere else; a directory
        // by that name is surely not what was meant.
        bail!("--out -: --out takes a directory (without --out, results go to standard output)");
    }
    if dir.exists() && !dir.is_dir() {
        bail!("--out {}: not a directory", dir.display());
    }
    let inputs: HashMap<FileId, &str> = files
        .iter()
        .filter_map(|f| Some((file_id(f.path.as_deref()?)?, f.name.as_str())))
        .collect();
    let mut claimed: HashMap<PathBuf, &str> = HashMap::new();
    let mut targets = Vec::with_capacity(files.len());
    for file in files {
        if file.error.is_some() || file.rel.as_os_str().is_empty() {
            targets.push(None);
            continue;
        }
        let target = dir.join(&file.rel);
        if let Some(other) = claimed.insert(target.clone(), &file.name) {
            bail!(
                "--out: {other} and {} would both be written to {}",
                file.name,
                target.display()
            );
        }
        // Only an existing file can be an input; one that does not exist
        // yet is safe to create.
        if let Some(input) = file_id(&target).and_then(|id| inputs.get(&id)) {
            bail!(
                "--out: refusing to write {}: it is the input file {input}",
                target.display()
            );
        }
        targets.push(Some(target));
    }
    // One output where another needs a directory (`a` and `a/b.txt`, from
    // two roots): whichever came second could not be written.
    let planned = files.iter().zip(&targets);
    for (target, name) in planned.filter_map(|(f, t)| Some((t.as_ref()?, &f.name))) {
        let inside = target.ancestors().skip(1).take_while(|a| *a != dir);
        if let Some((parent, other)) = inside.filter_map(|a| Some((a, claimed.get(a)?))).next() {
            bail!(
                "--out: {other} would be written to {}, which {name} needs as a directory for {}",
                parent.display(),
                target.display()
            );
        }
    }
    Ok(targets)
}

fn total_bytes(files: &[InputFile]) -> Option<u64> {
    files
        .iter()
        .map(|f| if f.error.is_some() { Some(0) } else { f.size })
        .sum()
}

// ---------------------------------------------------------------------------
// Reading and solving

/// What the reader sends on, in input order.
#[derive(Debug)]
enum Unit {
    /// The next file begins.
    Start(usize),
    /// A puzzle of the current file (the index of its file).
    Puzzle(usize, Puzzle),
    /// Lines of the current file, one puzzle per line, still to be parsed.
    Lines(usize, Block),
    /// The whole of the current file, still to be read (a small file), and
    /// about how many puzzles it holds.
    File(usize, usize),
    /// The whole of the current file as read (a small file), still to be
    /// parsed, and about how many puzzles it holds.
    Data(usize, Vec<u8>, usize),
    /// A puzzle that could not be read.
    Bad(BadItem),
    /// The current file could not be opened or read on.
    Failed(String),
    /// The current file began with [`HOLD_LIMIT`] unreadable puzzles and no
    /// readable one; the rest of it is not read.
    GaveUp,
    /// The current file is done.
    End,
}

/// What the writer receives, in input order.
#[derive(Debug)]
enum Outcome {
    Start(usize),
    /// One solved puzzle, for a file under `--out`.
    Done(Done),
    /// Puzzles in a row, solved and written for standard output.
    Run(Run),
    Bad(BadItem),
    Failed(String),
    GaveUp,
    End,
}

/// A puzzle that could not be read. The error is kept as its message: the
/// offending text in a parse error can be as long as a line, and thousands
/// of them may be in flight.
#[derive(Debug, Clone)]
struct BadItem {
    index: usize,
    line: usize,
    layout: Option<Layout>,
    /// `line:column: what was expected`.
    message: String,
}

impl BadItem {
    fn new(e: &ItemError) -> BadItem {
        BadItem {
            index: e.index,
            line: e.line,
            layout: e.layout,
            message: e.error.to_string(),
        }
    }
}

/// One solved puzzle, for a file under `--out`, rendered by the thread that
/// solved it.
#[derive(Debug)]
struct Done {
    status: Status,
    /// The result as written: a JSON line (no line end), or a whole board
    /// in its layout.
    text: String,
    /// The board's layout, for the separator between boards.
    layout: Layout,
    /// A message for standard error (an unsolved puzzle).
    note: Option<String>,
}

/// Consecutive puzzles solved for standard output, rendered into one
/// buffer by the thread that solved them: the writer only copies it.
#[derive(Debug, Default)]
struct Run {
    /// Their lines, each with its line end.
    text: Vec<u8>,
    solved: u64,
    unsolvable: u64,
    invalid: u64,
}

/// Progress figures shared between the reader and the writer.
#[derive(Debug, Default)]
struct Counters {
    /// Input bytes consumed.
    bytes: AtomicU64,
    /// Puzzles (and unreadable puzzles) read.
    items: AtomicU64,
}

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

/// Units on their way to the solver threads, and the puzzles they hold.
struct Chunk {
    units: Vec<Unit>,
    items: usize,
}

impl Chunk {
    fn push(&mut self, unit: Unit) {
        self.items += match &unit {
            Unit::Lines(_, block) => block.len().max(1),
            Unit::File(_, puzzles) | Unit::Data(_, _, puzzles) => *puzzles,
            _ => 1,
        };
        self.units.push(unit);
    }
}

/// The chunks handed to the solver threads, oldest first.
#[derive(Default)]
struct Queue {
    state: Mutex<QueueState>,
    /// Signalled when a chunk comes or the queue closes.
    ready: Condvar,
}

#[derive(Default)]
struct QueueState {
    chunks: VecDeque<Arc<Job>>,
    /// The reader is done: no chunk will come.
    closed: bool,
    /// Threads asleep in [`Queue::next`].
    sleeping: usize,
}

impl Queue {
    fn lock(&self) -> MutexGuard<'_, QueueState> {
        // Nothing panics while holding the lock; if something did, the
        // queue itself would still be whole.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn push(&self, job: Job) {
        let parts = job.units.len();
        let wake = {
            let mut state = self.lock();
            state.chunks.push_back(Arc::new(job));
            parts.min(state.sleeping)
        };
        // No more threads than the chunk has parts: with many threads and
        // few cores, waking them all for every chunk cost more than the
        // solving (64 threads on 2 cores: 42,412 sleeps for 100,000 easy
        // puzzles).
        for _ in 0..wake {
            self.ready.notify_one();
        }
    }

    fn close(&self) {
        self.lock().closed = true;
        self.ready.notify_all();
    }

    /// The oldest chunk with parts left to take; `None` once the queue is
    /// closed and empty. Sleeps while there is none.
    fn next(&self) -> Option<Arc<Job>> {
        let mut state = self.lock();
        loop {
            if let Some(job) = state.chunks.front() {
                return Some(Arc::clone(job));
            }
            if state.closed {
                return None;
            }
            state.sleeping += 1;
            state = self
                .ready
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
            state.sleeping -= 1;
        }
    }

    /// Chunks with parts left to take.
    fn backlog(&self) -> usize {
        self.lock().chunks.len()
    }

    /// Solves one part of the oldest chunk, if there is one left to take,
    /// without waiting; false when there is none.
    fn help(&self) -> bool {
        let Some(job) = self.lock().chunks.front().map(Arc::clone) else {
            return false;
        };
        let i = job.next.fetch_add(1, Ordering::Relaxed);
        if i < job.units.len() {
            job.run(i);
        } else {
            self.taken(&job);
        }
        true
    }

    /// Takes `job` off the queue once all its parts are taken (if another
    /// thread has not already).
    fn taken(&self, job: &Arc<Job>) {
        let mut state = self.lock();
        if state.chunks.front().is_some_and(|j| Arc::ptr_eq(j, job)) {
            state.chunks.pop_front();
        }
    }
}

/// Closes the queue when dropped: the solver threads then finish.
struct Closer(Arc<Queue>);

impl Drop for Closer {
    fn drop(&mut self) {
        self.0.close();
    }
}

/// A chunk being solved: its units are taken one at a time by whichever
/// thread comes, and the thread that finishes the last one hands the
/// results, in order, to the writer.
struct Job {
    work: Arc<Work>,
    units: Vec<Unit>,
    /// The next unit to take.
    next: AtomicUsize,
    /// Units not yet done.
    left: AtomicUsize,
    /// Each unit's results.
    results: Vec<Mutex<Vec<Outcome>>>,
    /// A unit's solver panicked (a bug): the chunk's results are dropped
    /// and the writer reports it.
    broken: AtomicBool,
    done: Mutex<Option<SyncSender<Vec<Outcome>>>>,
}

impl Job {
    fn new(work: Arc<Work>, units: Vec<Unit>, done: SyncSender<Vec<Outcome>>) -> Job {
        Job {
            work,
            next: AtomicUsize::new(0),
            left: AtomicUsize::new(units.len()),
            results: units.iter().map(|_| Mutex::default()).collect(),
            units,
            broken: AtomicBool::new(false),
            done: Mutex::new(Some(done)),
        }
    }

    /// Solves unit `i`; the thread that solves the last one sends the
    /// chunk's results.
    fn run(&self, i: usize) {
        let mut out = Vec::new();
        let solved =
            panic::catch_unwind(AssertUnwindSafe(|| self.work.run(&self.units[i], &mut out)));
        if solved.is_err() {
            self.broken.store(true, Ordering::Relaxed);
        }
        *self.results[i]
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = out;
        if self.left.fetch_sub(1, Ordering::AcqRel) == 1 {
            self.finish();
        }
    }

    fn finish(&self) {
        let done = self
            .done
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if self.broken.load(Ordering::Relaxed) {
            // Dropping the sender tells the writer.
            return;
        }
        let mut all = Vec::new();
        for result in &self.results {
            all.append(&mut result.lock().unwrap_or_else(PoisonError::into_inner));
        }
        if let Some(done) = done {
            // The writer may have stopped (a closed pipe); nothing to do then.
            let _ = done.send(all);
        }
    }
}

/// A solver thread: takes units of the oldest chunk until the reader is
/// done and every chunk is taken.
fn solve_chunks(queue: &Queue) {
    while let Some(job) = queue.next() {
        loop {
            let i = job.next.fetch_add(1, Ordering::Relaxed);
            if i >= job.units.len() {
                queue.taken(&job);
                break;
            }
            job.run(i);
        }
    }
}

/// The reader thread's view of its work.
struct Feed<'a> {
    /// Boards are handed out as soon as they are whole (`--line-buffered`).
    at_once: bool,
    /// Puzzles per chunk.
    size: usize,
    /// Files up to this size are handed on whole.
    whole: u64,
    /// A buffer for reading a small file whole ([`read_small`]).
    head: Vec<u8>,
    /// The reader solves while this many chunks wait.
    ahead: usize,
    queue: &'a Queue,
    /// What solving needs, and the format, block size and counters of
    /// the reading.
    work: &'a Arc<Work>,
    tx: &'a SyncSender<Receiver<Vec<Outcome>>>,
    chunk: Chunk,
}

impl Feed<'_> {
    /// Hands the chunk to the solver threads and its pending result to the
    /// writer, then solves while enough chunks wait; false once the writer
    /// has gone.
    fn send(&mut self) -> bool {
        let units = std::mem::take(&mut self.chunk.units);
        self.chunk.items = 0;
        let (done, mut done_rx) = mpsc::sync_channel(1);
        if units.is_empty() {
            // No unit to finish the chunk: it is done already.
            let _ = done.send(Vec::new());
        } else {
            self.queue
                .push(Job::new(Arc::clone(self.work), units, done));
        }
        // While the budget in flight is spent, solve rather than wait: this
        // may be the only solver thread.
        loop {
            match self.tx.try_send(done_rx) {
                Ok(()) => break,
                Err(TrySendError::Full(rx)) => {
                    done_rx = rx;
                    if !self.queue.help() {
                        // Every part is being solved: the writer moves on.
                        return self.tx.send(done_rx).is_ok();
                    }
                }
                Err(TrySendError::Disconnected(_)) => return false,
            }
        }
        while self.queue.backlog() >= self.ahead && self.queue.help() {}
        true
    }

    /// Solves what is left to take, once everything is read.
    fn finish(&self) {
        while self.queue.help() {}
    }

    /// Adds a unit, sending the chunk once full; false once the writer has gone.
    fn push(&mut self, unit: Unit) -> bool {
        self.chunk.push(unit);
        self.chunk.items < self.size || self.send()
    }
}

/// The reader thread: reads every input in order, hands each chunk to the
/// solver threads and its pending result to the writer, and solves its
/// share. Returns when done or when the writer has gone.
fn read_all(files: &[InputFile], mut feed: Feed<'_>) {
    for (i, file) in files.iter().enumerate() {
        feed.chunk.push(Unit::Start(i));
        if !read_file(i, file, &mut feed) {
            return;
        }
        if !feed.push(Unit::End) {
            return;
        }
    }
    if !feed.chunk.units.is_empty() && !feed.send() {
        return;
    }
    feed.finish();
}

/// Whether a file has shown a readable puzzle yet, and how many unreadable
/// ones came before.
#[derive(Debug, Default)]
struct Sniff {
    readable: bool,
    unreadable: usize,
}

impl Sniff {
    /// Counts one more item; true when the file has turned out not to be a
    /// puzzle file ([`HOLD_LIMIT`] unreadable items and no readable one).
    fn gave_up(&mut self, readable: bool) -> bool {
        self.readable |= readable;
        if !self.readable {
            self.unreadable += 1;
        }
        !self.readable && self.unreadable == HOLD_LIMIT
    }
}

/// Reads one input into chunks, sending each full one; false once the
/// writer has gone. A small file is handed on whole, to be parsed and
/// solved by a solver thread (and read by it too, when its size is known).
fn read_file(i: usize, file: &InputFile, feed: &mut Feed<'_>) -> bool {
    if feed.whole > 0
        && file.error.is_none()
        && let Some(path) = &file.path
    {
        match file.size {
            Some(size) if size <= feed.whole => {
                return feed.push(Unit::File(i, puzzles_in(size)));
            }
            Some(_) => {}
            None if file.regular => return read_small(i, path, feed),
            None => {}
        }
    }
    read_input(i, file, feed)
}

/// A regular file found in a directory, its size not looked up: it is read
/// here up to [`Feed::whole`] bytes, and if it ends by then its bytes go to
/// a solver thread to be recognized, parsed and solved, as one unit. A
/// larger file is read on here, as any other, the bytes read first
/// included. The reader used to look up each size first (a `stat` per
/// file) and hand the solver threads the paths to open: on 5,000 one-puzzle
/// files with two jobs that took 79 ms of processor time against 64 ms this
/// way (user and system time, means of 20 runs; one job, which opens and
/// reads every file itself, took 52 ms), and the median rate rose from
/// 103,033 to 116,968 puzzles/s over 21 alternating runs.
fn read_small(i: usize, path: &Path, feed: &mut Feed<'_>) -> bool {
    let handle = match File::open(path) {
        Ok(handle) => handle,
        Err(err) => {
            feed.last(Unit::Failed(err.to_string()));
            return true;
        }
    };
    // One byte more than a small file holds tells a larger one.
    let mut head = std::mem::take(&mut feed.head);
    head.clear();
    // Room for all of a small file: it is then read with no probing.
    head.reserve(usize::try_from(feed.whole).unwrap_or(0) + 1);
    let read = (&handle).take(feed.whole + 1).read_to_end(&mut head);
    let tail: Box<dyn Read> = match read {
        Ok(n) if n as u64 <= feed.whole => {
            let unit = Unit::Data(i, head.as_slice().to_vec(), puzzles_in(n as u64));
            feed.head = head;
            return feed.push(unit);
        }
        Ok(_) => Box::new(handle),
        // The bytes before the error first, as the reader would have seen
        // them.
        Err(err) => Box::new(Failing(Some(err))),
    };
    let rest = io::Cursor::new(head).chain(tail);
    read_from(i, BufReader::with_capacity(64 * 1024, rest), feed)
}

/// About how many puzzles a file of `bytes` holds, for the chunk's share:
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

/// Where the units of an input go: the reader's chunks, or, for a file a
/// solver thread reads whole, straight to solving.
trait Units<'c> {
    /// Adds a unit; false when reading should stop (the writer has gone).
    fn push(&mut self, unit: Unit) -> bool;
    /// Adds one of the input's last units (what ends it early: an error,
    /// giving up); its end follows at once.
    fn last(&mut self, unit: Unit);
    /// How to read (format, block size) and what to count.
    fn work(&self) -> &'c Work;
    /// Each board is awaited: handed on as soon as it is whole.
    fn at_once(&self) -> bool;
}

impl<'a> Units<'a> for Feed<'a> {
    fn push(&mut self, unit: Unit) -> bool {
        Feed::push(self, unit)
    }

    fn last(&mut self, unit: Unit) {
        // The end follows at once: it sends the chunk when full.
        self.chunk.push(unit);
    }

    fn work(&self) -> &'a Work {
        self.work
    }

    fn at_once(&self) -> bool {
        self.at_once
    }
}

/// A file read whole by a solver thread: each unit is solved as it comes.
struct Direct<'a> {
    work: &'a Work,
    out: &'a mut Vec<Outcome>,
    /// Puzzles (and unreadable puzzles) so far.
    items: usize,
}

impl<'a> Units<'a> for Direct<'a> {
    fn push(&mut self, unit: Unit) -> bool {
        self.items += match &unit {
            Unit::Lines(_, block) => block.len(),
            Unit::Puzzle(..) | Unit::Bad(_) => 1,
            _ => 0,
        };
        self.work.run(&unit, self.out);
        self.items <= WHOLE_FILE_ITEMS
    }

    fn last(&mut self, unit: Unit) {
        self.work.run(&unit, self.out);
    }

    fn work(&self) -> &'a Work {
        self.work
    }

    fn at_once(&self) -> bool {
        false
    }
}

/// Reads one input, handing its units on; false once reading should stop.
fn read_input<'c>(i: usize, file: &InputFile, units: &mut impl Units<'c>) -> bool {
    if let Some(err) = &file.error {
        units.last(Unit::Failed(err.clone()));
        return true;
    }
    let input = match open(file.path.as_deref().unwrap_or(Path::new("-"))) {
        Ok(input) => input,
        Err(err) => {
            // `open` names the path; the entry names it already.
            units.last(Unit::Failed(err.root_cause().to_string()));
            return true;
        }
    };
    read_from(i, input.reader, units)
}

/// Reads input `i` from `reader`, handing its units on; false once reading
/// should stop.
fn read_from<'c>(i: usize, reader: impl BufRead, units: &mut impl Units<'c>) -> bool {
    let reader = Counted {
        inner: reader,
        counters: &units.work().counters,
    };
    match format::split(
        reader,
        units.work().format,
        if units.at_once() {
            format::Delivery::AtOnce
        } else {
            format::Delivery::Buffered
        },
    ) {
        Ok(Split::Lines(blocks)) => read_blocks(i, blocks, units),
        Ok(Split::Other(reader)) => read_items(i, *reader, units),
        Err(err) => {
            units.last(Unit::Failed(err.to_string()));
            true
        }
    }
}

/// Reads a one-puzzle-per-line input in blocks, parsed by the solver threads.
fn read_blocks<'c>(i: usize, mut blocks: Blocks<impl BufRead>, units: &mut impl Units<'c>) -> bool {
    let mut sniff = Sniff::default();
    loop {
        // Until a readable puzzle shows up, one puzzle at a time, parsed
        // here too, to stop at the right one in a file that is not a
        // puzzle file (the first one is readable in any real puzzle file).
        let max = if sniff.readable {
            units.work().block
        } else {
            1
        };
        let block = match blocks.next_block(max) {
            Ok(Some(block)) => block,
            Ok(None) => return true,
            Err(err) => {
                units.last(Unit::Failed(err.to_string()));
                return true;
            }
        };
        let mut gave_up = false;
        if !sniff.readable {
            for item in block.items() {
                gave_up = sniff.gave_up(item.is_ok());
                if gave_up || sniff.readable {
                    break;
                }
            }
        }
        units
            .work()
            .counters
            .items
            .fetch_add(block.len() as u64, Ordering::Relaxed);
        if block.is_empty() {
            // Only blank or comment lines: nothing to solve.
            continue;
        }
        if gave_up {
            units.last(Unit::Lines(i, block));
            units.last(Unit::GaveUp);
            return true;
        }
        if !units.push(Unit::Lines(i, block)) {
            return false;
        }
    }
}

/// Reads an input puzzle by puzzle, parsed here.
fn read_items<'c>(i: usize, reader: Reader<impl BufRead>, units: &mut impl Units<'c>) -> bool {
    let mut sniff = Sniff::default();
    for item in reader {
        let (unit, readable) = match item {
            Ok(Ok(puzzle)) => (Unit::Puzzle(i, puzzle), true),
            Ok(Err(e)) => (Unit::Bad(BadItem::new(&e)), false),
            Err(err) => {
                units.last(Unit::Failed(err.to_string()));
                return true;
            }
        };
        units.work().counters.items.fetch_add(1, Ordering::Relaxed);
        if !sniff.readable && sniff.gave_up(readable) {
            units.last(unit);
            units.last(Unit::GaveUp);
            return true;
        }
        if !units.push(unit) {
            return false;
        }
    }
    true
}

/// What a solver thread needs to solve and render a puzzle.
#[derive(Debug)]
struct Work {
    files: Arc<[InputFile]>,
    json: bool,
    to_files: bool,
    to: Option<Layout>,
    /// How to read: the format asked for and the puzzles per block of
    /// lines (for the reader and for files a solver thread reads whole).
    format: Format,
    block: usize,
    /// What the progress bar counts.
    counters: Arc<Counters>,
}

impl Work {
    /// Solves and renders what `unit` holds, onto `out`.
    fn run(&self, unit: &Unit, out: &mut Vec<Outcome>) {
        match unit {
            Unit::Start(i) => out.push(Outcome::Start(*i)),
            Unit::Puzzle(i, puzzle) => self.solve(&self.files[*i].name, puzzle, out),
            Unit::Lines(i, block) => {
                let source = &self.files[*i].name;
                for item in block.items() {
                    match item {
                        Ok(puzzle) => self.solve(source, &puzzle, out),
                        Err(e) => out.push(Outcome::Bad(BadItem::new(&e))),
                    }
                }
            }
            Unit::File(i, _) => {
                self.whole(out, |direct| read_input(*i, &self.files[*i], direct));
            }
            Unit::Data(i, bytes, _) => {
                self.whole(out, |direct| read_from(*i, bytes.as_slice(), direct));
            }
            Unit::Bad(bad) => out.push(Outcome::Bad(bad.clone())),
            Unit::Failed(err) => out.push(Outcome::Failed(err.clone())),
            Unit::GaveUp => out.push(Outcome::GaveUp),
            Unit::End => out.push(Outcome::End),
        }
    }

    /// Reads a file whole with `read`, solving each unit as it comes.
    fn whole(&self, out: &mut Vec<Outcome>, read: impl FnOnce(&mut Direct<'_>) -> bool) {
        let mut direct = Direct {
            work: self,
            out,
            items: 0,
        };
        read(&mut direct);
        if direct.items > WHOLE_FILE_ITEMS {
            out.push(Outcome::Failed(format!(
                "grew past {WHOLE_FILE_ITEMS} puzzles while being read"
            )));
        }
    }

    fn solve(&self, source: &str, puzzle: &Puzzle, out: &mut Vec<Outcome>) {
        let mode = Mode::first();
        let solved = solve_grid(&puzzle.grid, mode);
        let solution = solved
            .first
            .as_ref()
            .filter(|_| solved.status == Status::Solved);
        if self.to_files {
            out.push(Outcome::Done(self.done(source, puzzle, &solved, solution)));
            return;
        }
        let run = match out.last_mut() {
            Some(Outcome::Run(run)) => run,
            _ => {
                out.push(Outcome::Run(Run::default()));
                match out.last_mut() {
                    Some(Outcome::Run(run)) => run,
                    _ => return,
                }
            }
        };
        match solved.status {
            Status::Solved => run.solved += 1,
            Status::Invalid => run.invalid += 1,
            // `multiple` is not asked for in batch; counted with the failures.
            _ => run.unsolvable += 1,
        }
        let text = &mut run.text;
        if self.json {
            // Serializing a report (strings, numbers, arrays) into memory
            // cannot fail.
            let _ = serde_json::to_writer(&mut *text, &report(source, puzzle, &solved, mode));
        } else {
            text.extend_from_slice(source.as_bytes());
            text.push(b':');
            // No `format!`: it costs more than solving an easy puzzle takes in parts.
            text.extend_from_slice(decimal(puzzle.index, &mut [0; 20]));
            text.push(b':');
            match solution {
                Some(grid) => grid.write_line(text),
                None => text.extend_from_slice(Status::word(solved.status).as_bytes()),
            }
        }
        text.push(b'\n');
    }

    /// The result of a puzzle for its file under `--out`.
    fn done(
        &self,
        source: &str,
        puzzle: &Puzzle,
        solved: &Solved,
        solution: Option<&Grid>,
    ) -> Done {
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
                    let mut message = format!(
                        "{source}:{}: puzzle {}: {}",
                        puzzle.line,
                        puzzle.index,
                        solved.status.describe()
                    );
                    for (i, conflict) in solved.conflicts.iter().enumerate() {
                        let _ = write!(message, "{}{conflict}", if i == 0 { ": " } else { "; " });
                    }
                    note = Some(message);
                }
            }
        }
        Done {
            status: solved.status,
            text,
            layout,
            note,
        }
    }
}

// ---------------------------------------------------------------------------
// Writing

/// Counts for the summary and the exit status.
#[derive(Debug, Default, Clone, Copy)]
struct Tally {
    solved: u64,
    unsolvable: u64,
    invalid: u64,
    /// Error entries: unreadable puzzles and unreadable files.
    errors: u64,
}

impl Tally {
    fn puzzles(&self) -> u64 {
        self.solved + self.unsolvable + self.invalid
    }

    fn exit_status(&self) -> ExitStatus {
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
    /// The file was not read to its end: it is not a puzzle file.
    gave_up: bool,
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
            self.failed = Some(format!("writing {}: {err}", target.display()));
            self.sink = None;
        }
    }
}

struct Writer<'a> {
    files: &'a [InputFile],
    /// Under `--out`: where each input's results go.
    targets: Option<&'a [Option<PathBuf>]>,
    json: bool,
    out: Out,
    tally: Tally,
    bar: &'a Bar,
    file: Option<FileState>,
    /// Files begun, to check at the end that every input was read.
    started: usize,
}

impl Writer<'_> {
    fn take(&mut self, outcome: Outcome) -> anyhow::Result<()> {
        match outcome {
            Outcome::Start(index) => {
                self.started += 1;
                self.file = Some(FileState {
                    index,
                    per_item: false,
                    held: Vec::new(),
                    sink: None,
                    failed: None,
                    boards: false,
                    gave_up: false,
                });
            }
            Outcome::Done(done) => {
                self.go_per_item()?;
                self.done(&done)?;
            }
            Outcome::Run(run) => {
                self.go_per_item()?;
                self.tally.solved += run.solved;
                self.tally.unsolvable += run.unsolvable;
                self.tally.invalid += run.invalid;
                self.out.bytes(&run.text)?;
                self.out.end_item()?;
            }
            Outcome::Bad(bad) => {
                let Some(file) = self.file.as_mut() else {
                    return Ok(());
                };
                if file.per_item {
                    self.bad(&bad)?;
                } else {
                    // At most HOLD_LIMIT: the reader gives up on the file then.
                    file.held.push(bad);
                }
            }
            Outcome::Failed(reason) => {
                if let Some(file) = self.file.as_mut() {
                    file.failed.get_or_insert(reason);
                    // Whole or not at all: a file not read to its end gets
                    // no output file (dropping the sink removes it).
                    file.sink = None;
                }
            }
            Outcome::GaveUp => {
                if let Some(file) = self.file.as_mut() {
                    file.gave_up = true;
                }
            }
            Outcome::End => self.end()?,
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

    fn done(&mut self, done: &Done) -> anyhow::Result<()> {
        match done.status {
            Status::Solved => self.tally.solved += 1,
            Status::Invalid => self.tally.invalid += 1,
            // `multiple` is not asked for in batch; counted with the failures.
            _ => self.tally.unsolvable += 1,
        }
        if let Some(note) = &done.note {
            self.bar.suspend(|| diag(note));
        }
        let target = self.target().map(Path::to_path_buf);
        let Some(file) = self.file.as_mut() else {
            return Ok(());
        };
        if self.json {
            file.write(target.as_deref(), &[&done.text, "\n"]);
        } else if !done.text.is_empty() {
            let separator = if std::mem::replace(&mut file.boards, true) {
                format::separator(done.layout)
            } else {
                ""
            };
            file.write(target.as_deref(), &[separator, &done.text]);
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
            // Not one puzzle could be read: the file is one error, with the
            // first reason; the first locations are on standard error.
            let held = std::mem::take(&mut file.held);
            let gave_up = file.gave_up;
            self.file = None;
            for bad in held.iter().take(ERRORS_SHOWN) {
                self.bar
                    .suspend(|| diag(format_args!("{source}:{}", bad.message)));
            }
            let mut reason = held
                .first()
                .map_or_else(|| "no puzzle".to_owned(), |b| b.message.clone());
            let more = held.len().saturating_sub(1);
            if gave_up {
                let _ = write!(
                    reason,
                    " (and {more} more errors; not a puzzle file: no puzzle in the \
                     first {HOLD_LIMIT} entries, the rest was not read)"
                );
            } else if more > 0 {
                let _ = write!(reason, " (and {more} more errors)");
            }
            let full = format!("{source}:{reason}");
            return self.file_error(&source, &reason, &full);
        }
        if target.is_some() && file.failed.is_none() {
            // A file whose puzzles all went unsolved still gets its (empty)
            // output file: it was read, and that is its result.
            file.write(target.as_deref(), &[]);
            if let Some(sink) = file.sink.take()
                && let Err(err) = sink.commit()
            {
                file.failed = Some(err);
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

/// An output file being written: a temporary file beside its final name,
/// renamed into place when complete, so that no reader ever sees half a file
/// under the final name. Dropped without `commit`, it removes itself. While
/// it exists its temporary file is listed in [`TEMPORARIES`].
#[derive(Debug)]
struct Sink {
    temp: PathBuf,
    target: PathBuf,
    writer: Option<BufWriter<File>>,
}

/// The temporary files of the live [`Sink`]s. A file is created and listed,
/// and renamed or removed and unlisted, under this lock, so that the
/// interruption handler, which holds it to the end, never misses a file nor
/// sees one renamed into place under its final name after it has looked.
static TEMPORARIES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn temporaries() -> MutexGuard<'static, Vec<PathBuf>> {
    TEMPORARIES.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Of the directories leading to `dir`, the first one that is not a
/// directory (for the error when one cannot be made).
fn blocking(dir: &Path) -> &Path {
    dir.ancestors()
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .find(|a| !a.as_os_str().is_empty() && !a.is_dir())
        .unwrap_or(dir)
}

impl Sink {
    fn create(target: &Path) -> io::Result<Sink> {
        let dir = target.parent().unwrap_or(Path::new("."));
        fs::create_dir_all(dir).map_err(|err| {
            // "File exists" would mislead: some part of the way is a file
            // (or a dangling link) where a directory must go.
            if err.kind() == io::ErrorKind::AlreadyExists {
                io::Error::other(format!("{} is not a directory", blocking(dir).display()))
            } else {
                err
            }
        })?;
        let name = target.file_name().unwrap_or_default().to_string_lossy();
        let pid = std::process::id();
        // The name is hidden (a later batch over this tree skips it) and
        // unique to this process; `create_new` never takes over a file.
        for attempt in 0..100 {
            let temp = dir.join(format!(".{name}.sudokit-{pid}-{attempt}.tmp"));
            let mut live = temporaries();
            match File::options().write(true).create_new(true).open(&temp) {
                Ok(file) => {
                    live.push(temp.clone());
                    return Ok(Sink {
                        temp,
                        target: target.to_owned(),
                        writer: Some(BufWriter::with_capacity(64 * 1024, file)),
                    });
                }
                Err(err) if err.kind() == io::ErrorKind::AlreadyExists => {}
                Err(err) => return Err(err),
            }
        }
        Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            "no free temporary file name",
        ))
    }

    fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        match self.writer.as_mut() {
            Some(writer) => writer.write_all(bytes),
            None => Ok(()),
        }
    }

    /// Completes the file and moves it into place.
    fn commit(mut self) -> Result<(), String> {
        let what = |err: io::Error| format!("writing {}: {err}", self.target.display());
        if let Some(writer) = self.writer.take() {
            let file = writer.into_inner().map_err(|e| what(e.into_error()))?;
            drop(file);
        }
        let mut live = temporaries();
        fs::rename(&self.temp, &self.target).map_err(what)?;
        live.retain(|temp| *temp != self.temp);
        self.temp = PathBuf::new();
        Ok(())
    }
}

impl Drop for Sink {
    fn drop(&mut self) {
        self.writer = None;
        if !self.temp.as_os_str().is_empty() {
            let mut live = temporaries();
            // Best effort: the run is already reporting why it gave up.
            let _ = fs::remove_file(&self.temp);
            live.retain(|temp| *temp != self.temp);
        }
    }
}

/// On an interruption (Ctrl-C, `kill`, a closed terminal), removes the
/// temporary files of the output files being written, then ends the process
/// by the same signal, as it would have ended without this handler (a shell
/// script sees the interruption). Output files already in place stay.
///
/// A signal the process was started with ignored stays ignored (`nohup`
/// ignores SIGHUP; a shell script's background jobs ignore SIGINT). Where
/// that cannot be read, SIGHUP is left alone.
#[cfg(unix)]
fn remove_temporaries_on_interrupt() -> io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let ignored = ignored_signals();
    let watched = [SIGINT, SIGTERM, SIGHUP]
        .into_iter()
        .filter(|&signal| match ignored {
            Some(mask) => mask & (1 << (signal - 1)) == 0,
            None => signal != SIGHUP,
        });
    let mut signals = signal_hook::iterator::Signals::new(watched)?;
    std::thread::Builder::new()
        .name("sudokit-signals".into())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                // Held to the end: no file is renamed into place from now on.
                let live = temporaries();
                for temp in live.iter() {
                    let _ = fs::remove_file(temp);
                }
                let _ = signal_hook::low_level::emulate_default_handler(signal);
                // Not reached for these signals; the shell's code for them.
                std::process::exit(128 + signal);
            }
        })?;
    Ok(())
}

/// The signals this process ignores (bit `n - 1` for signal `n`), from
/// Linux's `/proc/self/status`; `None` where that cannot be read.
#[cfg(unix)]
fn ignored_signals() -> Option<u64> {
    let status = fs::read_to_string("/proc/self/status").ok()?;
    let mask = status
        .lines()
        .find_map(|line| line.strip_prefix("SigIgn:"))?;
    u64::from_str_radix(mask.trim(), 16).ok()
}

/// Elsewhere an interruption ends the process at once, as before.
#[cfg(not(unix))]
fn remove_temporaries_on_interrupt() -> io::Result<()> {
    Ok(())
}

// ---------------------------------------------------------------------------
// Progress and summary

/// The progress bar, or nothing.
struct Bar {
    bar: Option<ProgressBar>,
    total_bytes: Option<u64>,
    /// The style with a bar and an ETA, put on once there is an estimate of
    /// the total (until then a bar would read "0/0").
    with_total: std::cell::Cell<Option<ProgressStyle>>,
    /// Inside [`Bar::suspend`]: a nested call just runs its closure.
    suspended: std::cell::Cell<bool>,
}

impl Bar {
    /// Whether a bar is drawn, as [`Bar::new`] decides.
    fn shown(when: Progress) -> bool {
        match when {
            Progress::Never => false,
            Progress::Auto => io::stderr().is_terminal(),
            Progress::Always => true,
        }
    }

    fn new(when: Progress, total_bytes: Option<u64>) -> Bar {
        let target = match when {
            Progress::Never => return Bar::none(),
            Progress::Auto if !io::stderr().is_terminal() => return Bar::none(),
            Progress::Auto => ProgressDrawTarget::stderr_with_hz(10),
            // indicatif hides itself off a terminal; `always` means always.
            Progress::Always => ProgressDrawTarget::term_like_with_hz(Box::new(AnsiStderr), 10),
        };
        let style = |template| {
            ProgressStyle::with_template(template)
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> ")
        };
        // The total is an estimate (puzzles read per byte, times the bytes
        // of all inputs), so the bar and the ETA firm up as the run goes on.
        // Without a size for every input (standard input), there is none.
        let with_total = total_bytes.map(|_| {
            style(
                "{spinner} {elapsed_precise} [{wide_bar}] {human_pos}/~{human_len} puzzles, \
                 {per_sec:0}, ETA {eta}",
            )
        });
        let counting = style("{spinner} {elapsed_precise} {human_pos} puzzles, {per_sec:0}");
        let bar = ProgressBar::with_draw_target(None, target).with_style(counting);
        bar.enable_steady_tick(Duration::from_millis(200));
        Bar {
            bar: Some(bar),
            total_bytes,
            with_total: std::cell::Cell::new(with_total),
            suspended: std::cell::Cell::new(false),
        }
    }

    fn none() -> Bar {
        Bar {
            bar: None,
            total_bytes: None,
            with_total: std::cell::Cell::new(None),
            suspended: std::cell::Cell::new(false),
        }
    }

    /// Whether a bar is drawn.
    fn is_shown(&self) -> bool {
        self.bar.is_some()
    }

    fn update(&self, done: u64, counters: &Counters) {
        let Some(bar) = &self.bar else { return };
        bar.set_position(done);
        if let Some(total) = self.total_bytes {
            let bytes = counters.bytes.load(Ordering::Relaxed);
            let items = counters.items.load(Ordering::Relaxed);
            if bytes > 0 && items > 0 {
                let estimate = (items as f64 * total as f64 / bytes as f64) as u64;
                bar.set_length(estimate.max(done));
                if let Some(style) = self.with_total.take() {
                    bar.set_style(style);
                }
            }
        }
    }

    /// Runs `f` (which writes to the terminal) with the bar out of the way:
    /// cleared first, drawn again after.
    fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) if !self.suspended.get() => {
                self.suspended.set(true);
                let result = bar.suspend(f);
                self.suspended.set(false);
                result
            }
            _ => f(),
        }
    }

    fn clear(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        // An error ends the run early: leave no half-drawn bar above the message.
        self.clear();
    }
}

/// Standard error as a terminal, for `--progress always` (escape sequences
/// are written whether or not a terminal reads them).
#[derive(Debug)]
struct AnsiStderr;

impl AnsiStderr {
    fn put(&self, text: &str) -> io::Result<()> {
        io::stderr().lock().write_all(text.as_bytes())
    }

    /// Moves the cursor `n` places in `direction` (the escape's final letter).
    fn cursor(&self, n: usize, direction: char) -> io::Result<()> {
        // `ESC [ 0 A` would move one place, not none.
        if n == 0 {
            return Ok(());
        }
        self.put(&format!("\x1b[{n}{direction}"))
    }
}

impl TermLike for AnsiStderr {
    fn width(&self) -> u16 {
        std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.parse().ok())
            .unwrap_or(80)
    }

    fn move_cursor_up(&self, n: usize) -> io::Result<()> {
        self.cursor(n, 'A')
    }

    fn move_cursor_down(&self, n: usize) -> io::Result<()> {
        self.cursor(n, 'B')
    }

    fn move_cursor_right(&self, n: usize) -> io::Result<()> {
        self.cursor(n, 'C')
    }

    fn move_cursor_left(&self, n: usize) -> io::Result<()> {
        self.cursor(n, 'D')
    }

    fn write_line(&self, s: &str) -> io::Result<()> {
        self.put(&format!("{s}\n"))
    }

    fn write_str(&self, s: &str) -> io::Result<()> {
        self.put(s)
    }

    fn clear_line(&self) -> io::Result<()> {
        self.put("\r\x1b[2K")
    }

    fn flush(&self) -> io::Result<()> {
        io::stderr().flush()
    }
}

/// The summary of a run over `files` inputs that took `elapsed`.
fn summary(tally: &Tally, files: usize, elapsed: Duration) -> Summary {
    let seconds = elapsed.as_secs_f64();
    let puzzles = tally.puzzles();
    Summary {
        files,
        puzzles,
        solved: tally.solved,
        unsolvable: tally.unsolvable,
        invalid: tally.invalid,
        errors: tally.errors,
        // Rounded: a summary reads better without float noise.
        seconds: (seconds * 1000.0).round() / 1000.0,
        puzzles_per_second: (puzzles as f64 / seconds.max(1e-9)).round(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file listed as small is read whole by a solver thread; if it has
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
        let work = Work {
            files: Arc::from(vec![file]),
            json: false,
            to_files: false,
            to: None,
            format: Format::Auto,
            block: BLOCK_ITEMS,
            counters: Arc::new(Counters::default()),
        };
        let mut out = Vec::new();
        work.run(&Unit::File(0, 1), &mut out);
        let solved: u64 = out
            .iter()
            .map(|o| match o {
                Outcome::Run(run) => run.solved,
                _ => 0,
            })
            .sum();
        assert!(solved > 0);
        assert!(
            solved <= (WHOLE_FILE_ITEMS + BLOCK_ITEMS) as u64,
            "{solved}"
        );
        assert!(
            matches!(out.last(), Some(Outcome::Failed(m)) if m.contains("grew past")),
            "{:?}",
            out.last()
        );
        // A file as small as listed is read to its end, with no error.
        let small = dir.path().join("small.txt");
        fs::write(&small, line.repeat(3)).expect("written");
        let work = Work {
            files: Arc::from(vec![InputFile::file(
                small,
                PathBuf::from("small.txt"),
                Some(246),
            )]),
            ..work
        };
        let mut out = Vec::new();
        work.run(&Unit::File(0, 3), &mut out);
        assert!(
            matches!(&out[..], [Outcome::Run(run)] if run.solved == 3),
            "{out:?}"
        );
    }
}
