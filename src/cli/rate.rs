//! `sudokit rate`: every puzzle's difficulty on Sudoku Explainer's scale,
//! from the path of the logical solver that always takes the easiest step.

use std::sync::Arc;

use sudokit::format::Puzzle;
use sudokit::logic::{self, Outcome, Path};

use super::parallel::{Threads, each_puzzle_parallel};
use super::pool;
use super::position::checked_start;
use super::solving::{Mode, report, say_unsolved, unique_solution};
use super::{ExitStatus, Verb, Walk};
use crate::cli::args::RateArgs;
use crate::cli::json::{RatingReport, Status};
use crate::cli::naming::Naming;
use crate::cli::output::{Flush, Out};

/// How `rate` answers, from its options.
#[derive(Debug, Clone, Copy)]
struct Settings {
    json: bool,
    naming: Naming,
}

pub fn run(args: &RateArgs) -> anyhow::Result<ExitStatus> {
    let settings = Settings {
        json: args.puzzles.output.json,
        naming: Naming::new(
            args.naming.with_filename,
            args.naming.no_filename,
            args.puzzles.files.len(),
        ),
    };
    let mut out = Out::stdout(Flush::line_buffered(args.puzzles.output.line_buffered));
    let walk = Walk {
        verb: Verb::Rate,
        format: args.puzzles.input.format.into(),
        error_records: args.puzzles.output.json,
        // Text names a board's index when its input holds several.
        lookahead: !args.puzzles.output.json && !args.puzzles.output.line_buffered,
    };
    let threads = Threads {
        jobs: pool::jobs(args.jobs),
        progress: args.progress,
    };
    let line_buffered = args.puzzles.output.line_buffered;
    each_puzzle_parallel(
        &args.puzzles.files,
        walk,
        threads,
        &mut out,
        Arc::new(
            move |puzzle: &Puzzle, source: &str, several, out: &mut Out| {
                rate_one(puzzle, source, several || line_buffered, settings, out)
            },
        ),
    )
}

/// The rating of a finished path, as JSON holds it.
pub fn rating_report(path: &Path) -> RatingReport {
    let rating = path.rating();
    RatingReport {
        er: rating.er,
        ep: rating.ep,
        ed: rating.ed,
        level: rating.level().name(),
        hardest: path.hardest().map_or("", |t| t.name()),
        steps: path.steps.len(),
    }
}

fn rate_one(
    puzzle: &Puzzle,
    source: &str,
    several: bool,
    settings: Settings,
    out: &mut Out,
) -> anyhow::Result<ExitStatus> {
    // SE rates only puzzles with one solution.
    let unique = Mode::unique();
    let Some(mut solved) = unique_solution(puzzle, source, settings.json, out)? else {
        return Ok(ExitStatus::Failure);
    };
    let Some(start) = checked_start(puzzle, source, &mut solved, settings.json, out)? else {
        return Ok(ExitStatus::Failure);
    };
    let path = logic::solve_steps(start);
    let stuck = path.outcome == Outcome::Stuck;
    if stuck {
        solved.status = Status::Stuck;
    }
    if settings.json {
        let mut record = report(source, puzzle, &solved, unique);
        if !stuck {
            record.rating = Some(rating_report(&path));
        }
        out.json(&record)?;
    } else if stuck {
        say_unsolved(source, puzzle, &solved, out);
    } else {
        let rating = path.rating();
        let (source, index) = puzzle.named(source);
        let prefix = settings.naming.prefix_when_named(source, index, several);
        out.line(&format!("{prefix}{rating} {}", rating.level()))?;
    }
    Ok(if stuck {
        ExitStatus::Failure
    } else {
        ExitStatus::Success
    })
}
