//! `sudokit generate`: new puzzles with one solution, made on every core
//! and written in the order of their indices. Puzzle `i` is made from
//! stream `i` of the seed's generator alone, so the output is the same for
//! every `--jobs`.

mod from;

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use rand::TryRngCore;
use sudokit::generate::{
    GenerateError, Generated, Options, RatingRange, Shape, Start, Symmetry, generate,
};
use sudokit::logic::{self, Board};
use sudokit::random::stream;

use super::ExitStatus;
use super::args::{GenerateArgs, SymmetryArg};
use super::json::GeneratedRecord;
use super::output::{Flush, Out, diag};
use super::pool::{self, Lost, Pool, Work};
use super::progress::Bar;
use super::rate;

/// Puzzles handed to a thread at a time when each is quick to make: enough
/// to keep the pool's hand-overs rare, few enough for an even spread and a
/// smooth progress bar.
const BUNDLE: usize = 16;

/// Bundles in flight, per thread.
const DEPTH_PER_JOB: usize = 4;

pub fn run(args: &GenerateArgs) -> anyhow::Result<ExitStatus> {
    let started = Instant::now();
    let options = options(args)?;
    let count = args.number.unwrap_or(if args.from.is_some() {
        options.len() as u64
    } else {
        1
    });
    let seed = match args.seed {
        Some(seed) => seed,
        None => fresh_seed(),
    };
    if args.verbose {
        diag(format_args!("seed {seed}"));
    }
    let jobs = match args.jobs {
        Some(n) => usize::try_from(n).unwrap_or(1),
        None => std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
    };
    // Slow puzzles (rated, or filling patterns, which takes many grids)
    // go one at a time, so that every thread has one while any is left.
    let slow = options
        .iter()
        .any(|o| o.rating.is_some() || matches!(o.start, Start::Pattern(_)));
    let bundle = if slow || args.output.line_buffered {
        1
    } else {
        BUNDLE
    };
    let deadline = args
        .timeout
        .map(|s| started + Duration::from_secs_f64(s.min(1e9)));
    let maker = Arc::new(Maker {
        options,
        seed,
        deadline,
    });
    let pool = Pool::start(jobs.saturating_sub(1)).context("starting the generator threads")?;
    let (submit, results) = pool.submitter(maker, (DEPTH_PER_JOB * jobs).max(2), jobs + 1);
    std::thread::Builder::new()
        .name("sudokit-feed".into())
        .spawn(move || {
            if jobs > 1 {
                pool::place(0);
            }
            let mut next = 0;
            // Past the deadline no puzzle is handed out: the ones left
            // would each only say they timed out.
            while next < count && deadline.is_none_or(|d| Instant::now() < d) {
                let end = (next + bundle as u64).min(count);
                if !submit.submit((next..end).collect()) {
                    return;
                }
                next = end;
            }
            submit.finish();
        })
        .context("starting the generator threads")?;

    let bar = Bar::towards(args.progress, count, "puzzles");
    let mut out = Out::stdout(Flush::line_buffered(args.output.line_buffered));
    let mut tally = Tally::default();
    let written = (|| -> anyhow::Result<()> {
        for bundle in results {
            let made = bundle
                .map_err(|Lost| anyhow::anyhow!("a generator thread stopped unexpectedly"))?;
            for (index, outcome) in made {
                match outcome {
                    Outcome::Made(made) => {
                        bar.suspend(|| write(&mut out, args, index, seed, &made))?;
                        tally.made += 1;
                    }
                    Outcome::TimedOut => {}
                    Outcome::Failed(err) => anyhow::bail!("puzzle {}: {err}", index + 1),
                }
            }
            bar.set_done(tally.made);
        }
        out.flush()?;
        Ok(())
    })();
    bar.clear();
    written?;
    let elapsed = started.elapsed();
    if tally.made < count {
        diag(format_args!(
            "timed out after {:.1} s: {} of {count} puzzles made",
            elapsed.as_secs_f64(),
            tally.made
        ));
        return Ok(ExitStatus::Failure);
    }
    if args.verbose {
        diag(format_args!(
            "{} puzzles in {:.3} s ({:.0} puzzles/s)",
            tally.made,
            elapsed.as_secs_f64(),
            tally.made as f64 / elapsed.as_secs_f64().max(1e-9)
        ));
    }
    Ok(ExitStatus::Success)
}

/// A seed from the operating system; the clock if it has none to give.
fn fresh_seed() -> u64 {
    rand::rngs::OsRng.try_next_u64().unwrap_or_else(|_| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    })
}

/// The options of each source of puzzles: one, or one per entry of
/// `--from`. Options that cannot be met are an error here, before any
/// work starts, named with the entry's line.
fn options(args: &GenerateArgs) -> anyhow::Result<Vec<Options>> {
    let shape = match args.givens {
        Some((min, max)) => Shape::Givens { min, max },
        None => Shape::Minimal,
    };
    let rating = match (args.rating, args.level) {
        (Some((min, max)), _) => Some(RatingRange { min, max }),
        (None, Some(level)) => {
            let (min, max) = sudokit::Level::from(level).range();
            Some(RatingRange { min, max })
        }
        (None, None) => None,
    };
    let base = Options {
        symmetry: symmetry(args.symmetry),
        shape,
        rating,
        ..Options::default()
    };
    let Some(path) = &args.from else {
        base.check()?;
        return Ok(vec![base]);
    };
    let entries = from::read(path)?;
    let name = path.display();
    entries
        .into_iter()
        .map(|entry| {
            let options = Options {
                start: entry.start,
                ..base.clone()
            };
            match options.check() {
                Ok(()) => Ok(options),
                Err(err) => Err(anyhow::anyhow!("{name}:{}: {err}", entry.line)),
            }
        })
        .collect()
}

fn symmetry(arg: SymmetryArg) -> Symmetry {
    match arg {
        SymmetryArg::None => Symmetry::None,
        SymmetryArg::Rotational => Symmetry::Rotational,
        SymmetryArg::QuarterTurn => Symmetry::QuarterTurn,
        SymmetryArg::Diagonal => Symmetry::Diagonal,
        SymmetryArg::Antidiagonal => Symmetry::Antidiagonal,
        SymmetryArg::Horizontal => Symmetry::Horizontal,
        SymmetryArg::Vertical => Symmetry::Vertical,
        SymmetryArg::Dihedral => Symmetry::Dihedral,
    }
}

/// Writes one puzzle: its board in the layout asked for, or its record.
fn write(
    out: &mut Out,
    args: &GenerateArgs,
    index: u64,
    seed: u64,
    made: &Generated,
) -> anyhow::Result<()> {
    if args.output.json {
        // The record's rating is `sudokit rate --json`'s, from the same
        // path the generator rated.
        let rating = made.rating.map(|_| {
            let path = logic::solve_steps(Board::from_grid(&made.puzzle));
            rate::rating_report(&path)
        });
        out.json(&GeneratedRecord {
            index: index + 1,
            puzzle: made.puzzle.to_line(),
            solution: made.solution.to_line(),
            givens: made.givens,
            symmetry: made.symmetry.name(),
            seed,
            rating,
        })?;
    } else {
        out.board(&made.puzzle, args.to.into())?;
    }
    out.end_item()?;
    Ok(())
}

/// What the run has made so far.
#[derive(Debug, Default)]
struct Tally {
    made: u64,
}

/// Makes puzzle `i` of the run from stream `i` of the seed.
struct Maker {
    /// The options of each source; puzzle `i` takes entry `i` modulo
    /// their number.
    options: Vec<Options>,
    seed: u64,
    deadline: Option<Instant>,
}

/// How one puzzle's making ended.
enum Outcome {
    Made(Box<Generated>),
    TimedOut,
    Failed(GenerateError),
}

impl Maker {
    fn make(&self, index: u64) -> Outcome {
        let which = usize::try_from(index % self.options.len() as u64).unwrap_or(0);
        // One attempt per call, and the clock read between them: the
        // generator goes on from where the last call stopped, so the
        // puzzle is the one a single long call would make.
        let options = Options {
            max_attempts: 1,
            ..self.options[which].clone()
        };
        let mut rng = stream(self.seed, index);
        loop {
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                return Outcome::TimedOut;
            }
            match generate(&options, &mut rng) {
                Ok(made) => return Outcome::Made(Box::new(made)),
                Err(GenerateError::GaveUp { .. }) => {}
                Err(err) => return Outcome::Failed(err),
            }
        }
    }
}

impl Work for Maker {
    type Task = u64;
    type Done = (u64, Outcome);

    fn run(&self, &index: &u64, out: &mut Vec<(u64, Outcome)>) {
        out.push((index, self.make(index)));
    }
}
