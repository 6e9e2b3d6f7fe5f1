//! `sudokit canon`: each puzzle's canonical form, with `--dedupe` keeping
//! the first of each class, and `--jobs` sharing the work out on the
//! threads of [`each_puzzle_judged`], whose output is that of one thread.

use std::cell::RefCell;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use sudokit::Grid;
use sudokit::canon::{Canonical, Canonicalizer, Form};
use sudokit::format::{Layout, Puzzle};

use super::parallel::{Threads, each_puzzle_judged};
use super::{ExitStatus, Verb, Walk, each_puzzle};
use crate::cli::args::{CanonArgs, CanonForm, Progress};
use crate::cli::json::{CanonRecord, TransformRecord};
use crate::cli::output::{Flush, Out};

/// How `canon` answers, from its options.
#[derive(Debug, Clone, Copy)]
struct Settings {
    form: Form,
    json: bool,
    to: Option<Layout>,
}

/// The 81 cells with `0` for blanks, as canonical forms are written.
pub fn zeros(grid: &Grid) -> String {
    grid.cells().iter().map(|&v| char::from(b'0' + v)).collect()
}

/// What is found for one puzzle.
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

/// Writes one puzzle's answer.
fn write(
    settings: Settings,
    source: &str,
    puzzle: &Puzzle,
    done: &Done,
    out: &mut Out,
) -> anyhow::Result<()> {
    let form = &done.canonical.form;
    if settings.json {
        let (source, index) = puzzle.named(source);
        out.json(&CanonRecord {
            source,
            index,
            line: puzzle.line,
            puzzle: puzzle.grid.to_line(),
            form: match settings.form {
                Form::Minlex => "minlex",
                Form::PatternFirst => "pattern",
            },
            canonical: zeros(form),
            automorphisms: done.canonical.automorphisms,
            transform: TransformRecord::from(&done.canonical.transform),
            valid: done.valid,
        })?;
    } else if let Some(layout) = settings.to {
        out.board(form, layout)?;
    } else {
        out.line(&zeros(form))?;
    }
    Ok(())
}

/// A worker's answer, written by the writing thread.
struct Judged {
    /// The form's hash, under `--dedupe`.
    hash: Option<u128>,
    done: Done,
    puzzle: Puzzle,
    source: String,
}

/// The classes met so far under `--dedupe`.
#[derive(Default)]
struct Seen {
    /// A 128-bit hash of each form met: classes are told apart by it with
    /// a chance of a false match near 2^-128 per pair, at 16 bytes each.
    hashes: HashSet<u128>,
    dropped: usize,
}

impl Seen {
    /// Whether a form of this hash is met for the first time.
    fn first(&mut self, hash: u128) -> bool {
        let first = self.hashes.insert(hash);
        if !first {
            self.dropped += 1;
        }
        first
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
    let mut seen = args.dedupe.then(Seen::default);
    let mut out = Out::stdout(Flush::line_buffered(args.puzzles.output.line_buffered));
    let walk = Walk {
        verb: Verb::Canon,
        format: args.puzzles.input.format.into(),
        error_records: args.puzzles.output.json,
        lookahead: false,
    };
    let jobs = usize::try_from(args.jobs.unwrap_or(1)).unwrap_or(1);
    let files = &args.puzzles.files;
    let status = if jobs <= 1 {
        // One thread needs no recording: each answer is written as found.
        each_puzzle(files, walk, &mut out, |puzzle, source, _, out| {
            let done = canonicalize(&puzzle.grid, settings.form);
            if seen
                .as_mut()
                .is_none_or(|seen| seen.first(hash128(&done.canonical.form)))
            {
                write(settings, source, puzzle, &done, out)?;
            }
            Ok(ExitStatus::Success)
        })?
    } else {
        // Workers canonicalize and hash; the writer, in input order, keeps
        // the first of each class, so `--dedupe` keeps what one thread
        // keeps, and writes every answer: a board's separator depends on
        // the boards before, and a dropped answer is never rendered.
        let dedupe = args.dedupe;
        let threads = Threads {
            jobs,
            progress: Progress::Never,
        };
        each_puzzle_judged(
            files,
            walk,
            threads,
            &mut out,
            Arc::new(move |puzzle: &Puzzle, source: &str, _, _: &mut Out| {
                let done = canonicalize(&puzzle.grid, settings.form);
                let judged = Judged {
                    hash: dedupe.then(|| hash128(&done.canonical.form)),
                    done,
                    puzzle: puzzle.clone(),
                    source: source.to_owned(),
                };
                Ok((ExitStatus::Success, judged))
            }),
            |judged: Judged, out: &mut Out| {
                if let (Some(seen), Some(hash)) = (&mut seen, judged.hash)
                    && !seen.first(hash)
                {
                    return Ok(false);
                }
                write(settings, &judged.source, &judged.puzzle, &judged.done, out)?;
                Ok(true)
            },
        )?
    };
    if let Some(seen) = &seen {
        out.diag(format_args!(
            "canon: {} duplicate{} dropped",
            seen.dropped,
            if seen.dropped == 1 { "" } else { "s" }
        ));
    }
    Ok(status)
}
