//! `sudokit validate`: conflicts, and optionally completeness, solvability
//! and uniqueness, of every board.

use super::{ExitStatus, Verb, Walk, each_puzzle};
use crate::cli::args::ValidateArgs;
use crate::cli::json::ValidateReport;
use crate::cli::naming::Naming;
use crate::cli::output::{Flush, Out};
use crate::cli::solving::Place;
use sudokit::format::Puzzle;
use sudokit::{Conflict, Grid};

/// What a board must be, besides free of conflicts, to be valid.
#[derive(Debug, Clone, Copy, Default)]
pub struct Checks {
    /// No blank cell (`--complete`).
    pub complete: bool,
    /// At least one solution (`--solvable`).
    pub solvable: bool,
    /// Exactly one solution (`--unique`).
    pub unique: bool,
}

/// How `validate` reports, from its options.
#[derive(Debug, Clone, Copy)]
struct Settings {
    checks: Checks,
    json: bool,
    quiet: bool,
    line_buffered: bool,
    naming: Naming,
}

/// The checks of one board under the options given.
#[derive(Debug)]
pub struct Verdict {
    pub valid: bool,
    pub complete: bool,
    pub conflicts: Vec<Conflict>,
    /// Solutions counted up to 2 (when solvability or uniqueness was asked).
    pub solutions: Option<usize>,
}

/// Checks `grid`: no repeated digit, and what `checks` asks for besides.
pub fn check(grid: &Grid, checks: Checks) -> Verdict {
    let conflicts = grid.conflicts();
    let complete = grid.is_complete();
    let solutions = (checks.solvable || checks.unique).then(|| {
        if conflicts.is_empty() {
            grid.count_solutions(if checks.unique { 2 } else { 1 })
        } else {
            0
        }
    });
    let valid = conflicts.is_empty()
        && (complete || !checks.complete)
        && (!checks.solvable || solutions.unwrap_or(0) >= 1)
        && (!checks.unique || solutions == Some(1));
    Verdict {
        valid,
        complete,
        conflicts,
        solutions,
    }
}

pub fn run(args: &ValidateArgs) -> anyhow::Result<ExitStatus> {
    let settings = Settings {
        checks: Checks {
            complete: args.complete,
            solvable: args.solvable,
            unique: args.unique,
        },
        json: args.puzzles.output.json,
        quiet: args.quiet,
        line_buffered: args.puzzles.output.line_buffered,
        naming: Naming::new(
            args.naming.with_filename,
            args.naming.no_filename,
            args.puzzles.files.len(),
        ),
    };
    let mut out = Out::stdout(Flush::line_buffered(args.puzzles.output.line_buffered));
    let walk = Walk {
        verb: Verb::Validate,
        format: args.puzzles.input.format.into(),
        error_records: args.puzzles.output.json && !args.quiet,
        // Text output names a board only when its input holds several,
        // which is known once a second one is in sight. JSON and `--quiet`
        // need not wait for it, nor `--line-buffered`, whose answers go out
        // as soon as their puzzle is read: it names every board instead.
        lookahead: !args.puzzles.output.json && !args.quiet && !args.puzzles.output.line_buffered,
    };
    each_puzzle(
        &args.puzzles.files,
        walk,
        &mut out,
        |puzzle, source, several, out| handle(puzzle, source, several, settings, out),
    )
}

fn handle(
    puzzle: &Puzzle,
    source: &str,
    several: bool,
    settings: Settings,
    out: &mut Out,
) -> anyhow::Result<ExitStatus> {
    let verdict = check(&puzzle.grid, settings.checks);
    let exit = if verdict.valid {
        ExitStatus::Success
    } else {
        ExitStatus::Failure
    };
    if settings.quiet {
        return Ok(exit);
    }
    let word = if verdict.valid { "valid" } else { "invalid" };
    let (name, index) = puzzle.named(source);
    if settings.json {
        out.json(&ValidateReport {
            source: name,
            index,
            line: puzzle.line,
            format: puzzle.layout,
            puzzle: puzzle.grid.to_line(),
            status: word,
            valid: verdict.valid,
            complete: verdict.complete,
            conflicts: verdict.conflicts,
            solvable: settings
                .checks
                .solvable
                .then(|| verdict.solutions.unwrap_or(0) > 0),
            solutions: if settings.checks.unique {
                verdict.solutions
            } else {
                None
            },
        })?;
        return Ok(exit);
    }
    // Each answer goes out before a second board is in sight with
    // --line-buffered: it names the index always.
    let several = several || settings.line_buffered;
    let prefix = settings.naming.prefix(name, index, several);
    out.line(&format!("{prefix}{word}"))?;
    for conflict in &verdict.conflicts {
        out.line(&format!("  {conflict}"))?;
    }
    // Reasons other than conflicts are diagnostics: standard output keeps
    // the documented shape (verdict, then conflict lines).
    if verdict.conflicts.is_empty() && !verdict.valid {
        let place = Place { source, puzzle };
        let blanks = 81 - puzzle.grid.givens();
        if settings.checks.complete && !verdict.complete {
            out.diag(format_args!("{place}: not complete ({blanks} blank cells)"));
        }
        match verdict.solutions {
            Some(0) => out.diag(format_args!("{place}: no solution")),
            Some(n) if n > 1 && settings.checks.unique => {
                out.diag(format_args!("{place}: more than one solution"))
            }
            _ => {}
        }
    }
    Ok(exit)
}
