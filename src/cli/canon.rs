//! `sudokit canon`: each puzzle's canonical form, with `--dedupe` keeping
//! the first of each class, and `--jobs` sharing the work out in order.

use std::cell::RefCell;
use std::collections::{HashSet, VecDeque};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use serde::Serialize;
use sudokit::Grid;
use sudokit::canon::{Canonical, Canonicalizer, Form, Transform};
use sudokit::format::{Layout, Puzzle};

use super::{ExitStatus, Verb, Walk, each_puzzle, is_broken_pipe};
use crate::cli::args::{CanonArgs, CanonForm};
use crate::cli::output::{Flush, Out};
use crate::cli::pool::{Lost, Pool, Work};

/// Puzzles handed to the pool at a time: enough to make the hand-over
/// cheap beside about ten microseconds each.
const BUNDLE: usize = 64;

/// How `canon` answers, from its options.
#[derive(Debug, Clone, Copy)]
struct Settings {
    form: Form,
    json: bool,
    to: Option<Layout>,
}

/// The transformation as JSON gives it: 1-based rows, columns and digits.
#[derive(Debug, Serialize)]
pub struct TransformRecord {
    pub transpose: bool,
    pub rows: [u8; 9],
    pub columns: [u8; 9],
    pub digits: [u8; 9],
}

impl From<&Transform> for TransformRecord {
    fn from(t: &Transform) -> TransformRecord {
        TransformRecord {
            transpose: t.transposed(),
            rows: t.rows().map(|r| r + 1),
            columns: t.columns().map(|c| c + 1),
            digits: t.digits(),
        }
    }
}

/// One puzzle's canonical form, one JSON object per line.
#[derive(Debug, Serialize)]
struct CanonRecord<'a> {
    source: &'a str,
    index: usize,
    line: usize,
    puzzle: String,
    form: &'static str,
    canonical: String,
    automorphisms: u32,
    transform: TransformRecord,
    valid: bool,
}

/// The 81 cells with `0` for blanks, as canonical forms are written.
pub fn zeros(grid: &Grid) -> String {
    grid.cells().iter().map(|&v| char::from(b'0' + v)).collect()
}

/// What a worker gives back for one puzzle.
struct Done {
    canonical: Canonical,
    valid: bool,
}

fn canonicalize(grid: &Grid, form: Form) -> Done {
    thread_local! {
        static CANON: RefCell<Canonicalizer> = RefCell::new(Canonicalizer::new());
    }
    let canonical = CANON.with(|c| c.borrow_mut().canonicalize(grid, form));
    Done {
        canonical,
        valid: grid.is_valid(),
    }
}

struct Canonize {
    form: Form,
}

impl Work for Canonize {
    type Task = Grid;
    type Done = Done;

    fn run(&self, task: &Grid, out: &mut Vec<Done>) {
        out.push(canonicalize(task, self.form));
    }
}

/// Writes results, dropping repeated classes under `--dedupe`.
struct Writer {
    settings: Settings,
    /// A 128-bit hash of each form met: classes are told apart by it with
    /// a chance of a false match near 2^-128 per pair, at 16 bytes each.
    seen: Option<HashSet<u128>>,
    dropped: usize,
}

impl Writer {
    fn write(
        &mut self,
        source: &str,
        puzzle: &Puzzle,
        done: &Done,
        out: &mut Out,
    ) -> anyhow::Result<()> {
        let form = &done.canonical.form;
        if let Some(seen) = &mut self.seen
            && !seen.insert(hash128(form))
        {
            self.dropped += 1;
            return Ok(());
        }
        if self.settings.json {
            let (source, index) = puzzle.named(source);
            out.json(&CanonRecord {
                source,
                index,
                line: puzzle.line,
                puzzle: zeros(&puzzle.grid),
                form: match self.settings.form {
                    Form::Minlex => "minlex",
                    Form::PatternFirst => "pattern",
                },
                canonical: zeros(form),
                automorphisms: done.canonical.automorphisms,
                transform: TransformRecord::from(&done.canonical.transform),
                valid: done.valid,
            })?;
        } else if let Some(layout) = self.settings.to {
            out.board(form, layout)?;
        } else {
            out.line(&zeros(form))?;
        }
        Ok(())
    }
}

fn hash128(grid: &Grid) -> u128 {
    // Two SipHash runs with different leading bytes give two independent
    // 64-bit halves; the keys are fixed, so a run's classes never depend
    // on chance.
    let half = |salt: u8| {
        let mut h = std::hash::DefaultHasher::new();
        salt.hash(&mut h);
        grid.cells().hash(&mut h);
        h.finish()
    };
    u128::from(half(0)) << 64 | u128::from(half(1))
}

pub fn run(args: &CanonArgs) -> anyhow::Result<ExitStatus> {
    let settings = Settings {
        form: match args.form {
            CanonForm::Minlex => Form::Minlex,
            CanonForm::Pattern => Form::PatternFirst,
        },
        json: args.puzzles.output.json,
        to: args.to.map(Layout::from),
    };
    let mut writer = Writer {
        settings,
        seen: args.dedupe.then(HashSet::new),
        dropped: 0,
    };
    let mut out = Out::stdout(Flush::line_buffered(args.puzzles.output.line_buffered));
    let walk = Walk {
        verb: Verb::Canon,
        format: args.puzzles.input.format.into(),
        error_records: args.puzzles.output.json,
        lookahead: false,
    };
    let jobs = usize::try_from(args.jobs.unwrap_or(1)).unwrap_or(1);
    let files = &args.puzzles.files;
    let status = if jobs <= 1 || args.puzzles.output.line_buffered {
        each_puzzle(files, walk, &mut out, |puzzle, source, _, out| {
            let done = canonicalize(&puzzle.grid, settings.form);
            writer.write(source, puzzle, &done, out)?;
            Ok(ExitStatus::Success)
        })?
    } else {
        in_parallel(files, walk, jobs, &mut writer, &mut out)?
    };
    if writer.seen.is_some() {
        out.diag(format_args!(
            "canon: {} duplicate{} dropped",
            writer.dropped,
            if writer.dropped == 1 { "" } else { "s" }
        ));
    }
    Ok(status)
}

/// The puzzles of a bundle in flight, to write beside their results.
type Pending = VecDeque<Vec<(Arc<str>, Puzzle)>>;

/// `run` over `jobs` threads: the reading thread hands bundles to the pool
/// and writes each bundle's results, in order, once it is done.
fn in_parallel(
    files: &[std::path::PathBuf],
    walk: Walk,
    jobs: usize,
    writer: &mut Writer,
    out: &mut Out,
) -> anyhow::Result<ExitStatus> {
    let form = writer.settings.form;
    let pool = Pool::start(jobs - 1)?;
    // Bundles in flight: enough to keep every thread busy while the oldest
    // is written. The reader writes, so it never submits past this.
    let depth = 4 * jobs;
    let (submit, mut results) = pool.submitter(Arc::new(Canonize { form }), depth, jobs + 1);
    let mut pending: Pending = VecDeque::new();
    let mut tasks = Vec::with_capacity(BUNDLE);
    let mut places = Vec::with_capacity(BUNDLE);
    let mut source_name: Option<Arc<str>> = None;

    let mut write_oldest = |pending: &mut Pending,
                            results: &mut dyn Iterator<Item = Result<Vec<Done>, Lost>>,
                            out: &mut Out|
     -> anyhow::Result<()> {
        let Some(places) = pending.pop_front() else {
            return Ok(());
        };
        let done = results
            .next()
            .ok_or_else(|| anyhow::anyhow!("a canon thread stopped unexpectedly"))?
            .map_err(|Lost| anyhow::anyhow!("a canon thread stopped unexpectedly"))?;
        for ((source, puzzle), done) in places.iter().zip(&done) {
            writer.write(source, puzzle, done, out)?;
        }
        Ok(())
    };

    let mut submit = Some(submit);
    let walked = each_puzzle(files, walk, out, |puzzle, source, _, out| {
        let name = match &source_name {
            Some(name) if &**name == source => Arc::clone(name),
            _ => {
                let name: Arc<str> = source.into();
                source_name = Some(Arc::clone(&name));
                name
            }
        };
        tasks.push(puzzle.grid);
        places.push((name, puzzle.clone()));
        if tasks.len() == BUNDLE {
            if pending.len() + 1 >= depth {
                write_oldest(&mut pending, &mut results, out)?;
            }
            pending.push_back(std::mem::replace(&mut places, Vec::with_capacity(BUNDLE)));
            let handed = submit.as_ref().is_some_and(|s| {
                s.submit(std::mem::replace(&mut tasks, Vec::with_capacity(BUNDLE)))
            });
            if !handed {
                anyhow::bail!("the canon threads stopped unexpectedly");
            }
        }
        Ok(ExitStatus::Success)
    });
    let mut rest = || -> anyhow::Result<()> {
        if let Some(submit) = submit.take() {
            if !tasks.is_empty() {
                if pending.len() + 1 >= depth {
                    write_oldest(&mut pending, &mut results, out)?;
                }
                pending.push_back(std::mem::take(&mut places));
                submit.submit(std::mem::take(&mut tasks));
            }
            submit.finish();
        }
        while !pending.is_empty() {
            write_oldest(&mut pending, &mut results, out)?;
        }
        out.flush()?;
        Ok(())
    };
    let status = walked?;
    match rest() {
        Err(err) if is_broken_pipe(&err) => Ok(status),
        Err(err) => Err(err),
        Ok(()) => Ok(status),
    }
}
