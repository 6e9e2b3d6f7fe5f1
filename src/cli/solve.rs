//! `sudokit solve`: solve every puzzle of every input.

use std::ops::ControlFlow;

use super::position::{pencilled_unsolvable, say_mistakes};
use super::solving::{Mode, Place, Solved, report, say_unsolved, solve_grid, solve_grid_each};
use super::{ExitStatus, Verb, Walk, each_puzzle};
use crate::cli::args::SolveArgs;
use crate::cli::json::{SolutionRecord, Status};
use crate::cli::output::{Flush, Out};
use sudokit::error::Quantity;
use sudokit::format::{Layout, Puzzle};

/// How `solve` answers, from its options.
#[derive(Debug, Clone, Copy)]
struct Settings {
    mode: Mode,
    json: bool,
    /// The layout of printed boards; each input's own when `None`.
    to: Option<Layout>,
}

pub fn run(args: &SolveArgs) -> anyhow::Result<ExitStatus> {
    let settings = Settings {
        mode: Mode {
            unique: args.unique,
            count: args.count,
            all: args.all,
            limit: usize::try_from(args.limit).unwrap_or(usize::MAX),
            stats: args.stats,
        },
        json: args.puzzles.output.json,
        to: args.to.map(Layout::from),
    };
    let mut out = Out::stdout(Flush::line_buffered(args.puzzles.output.line_buffered));
    let walk = Walk {
        verb: Verb::Solve,
        format: args.puzzles.input.format.into(),
        error_records: args.puzzles.output.json,
        // No look-ahead: `tail -f log | sudokit solve --line-buffered` answers
        // each puzzle as soon as it is read.
        lookahead: false,
    };
    each_puzzle(
        &args.puzzles.files,
        walk,
        &mut out,
        |puzzle, source, _, out| handle(puzzle, source, settings, out),
    )
}

/// Solves and reports one puzzle.
fn handle(
    puzzle: &Puzzle,
    source: &str,
    settings: Settings,
    out: &mut Out,
) -> anyhow::Result<ExitStatus> {
    let layout = settings.to.unwrap_or(puzzle.layout);
    if let Some((solved, mistakes)) = pencilled_unsolvable(puzzle) {
        if settings.mode.count && !settings.json {
            out.line("0")?;
        }
        let answer = (settings.json, settings.mode);
        say_mistakes(puzzle, source, &solved, &mistakes, answer, out)?;
        return Ok(ExitStatus::Failure);
    }
    let solved = if settings.mode.lists_all() {
        // Each solution goes out as it is found; a write that fails (a
        // reader that went away) ends the search.
        let mut failed = None;
        let mut listed = 0;
        let solved = solve_grid_each(&puzzle.grid, settings.mode, &mut |solution| {
            listed += 1;
            let written = if settings.json {
                out.json(&SolutionRecord::new(source, puzzle, listed, solution))
            } else {
                out.board(solution, layout)
            }
            // Under --line-buffered, each solution goes out as found.
            .and_then(|()| out.end_item());
            written.map_or_else(
                |err| {
                    failed = Some(err);
                    ControlFlow::Break(())
                },
                |()| ControlFlow::Continue(()),
            )
        });
        if let Some(err) = failed {
            return Err(err.into());
        }
        solved
    } else {
        solve_grid(&puzzle.grid, settings.mode)
    };
    if settings.json {
        out.json(&report(source, puzzle, &solved, settings.mode))?;
    } else {
        write_text(puzzle, &solved, source, layout, settings.mode, out)?;
    }
    Ok(match solved.status {
        Status::Solved => ExitStatus::Success,
        Status::Error => ExitStatus::Error,
        _ => ExitStatus::Failure,
    })
}

fn write_text(
    puzzle: &Puzzle,
    solved: &Solved,
    source: &str,
    layout: Layout,
    mode: Mode,
    out: &mut Out,
) -> anyhow::Result<()> {
    let place = || Place { source, puzzle };
    if let Some(stats) = solved.stats {
        out.diag(format_args!(
            "{}: {}, {}, {}, {} µs",
            place(),
            solved.status.describe(),
            Quantity(stats.guesses, "guess"),
            Quantity(stats.steps, "step"),
            stats.time_us
        ));
    }
    match solved.status {
        Status::Solved if mode.count => {
            let plus = if solved.capped { "+" } else { "" };
            out.line(&format!("{}{plus}", solved.count))?;
        }
        Status::Solved => {
            // Listed solutions went out as they were found.
            if let Some(first) = &solved.first
                && !mode.lists_all()
            {
                out.board(first, layout)?;
            }
            if solved.capped {
                out.diag(format_args!(
                    "{}: stopped at --limit {} solutions",
                    place(),
                    mode.limit
                ));
            }
        }
        _ => {
            if mode.count {
                let plus = if solved.capped { "+" } else { "" };
                out.line(&format!("{}{plus}", solved.count))?;
            }
            say_unsolved(source, puzzle, solved, out);
        }
    }
    Ok(())
}
