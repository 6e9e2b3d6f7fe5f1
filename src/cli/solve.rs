//! `sudokit solve`: solve every puzzle of every input.

use std::time::Instant;

use super::{ExitStatus, Walk, each_puzzle};
use crate::cli::args::SolveArgs;
use crate::cli::json::{Report, StatsReport, Status};
use crate::cli::output::Out;
use sudokit::error::Quantity;
use sudokit::format::{Layout, Puzzle};
use sudokit::grid::Grid;
use sudokit::{solver, validate};

/// What solving one puzzle found, before it is written anywhere.
#[derive(Debug)]
pub struct Solved {
    pub status: Status,
    /// Solutions found (the first one for plain solving, up to the limit for `--all`).
    pub solutions: Vec<Grid>,
    /// Solutions counted, at most the search limit.
    pub count: usize,
    /// The count reached the limit: there may be more.
    pub capped: bool,
    pub conflicts: Vec<validate::Conflict>,
    pub stats: Option<StatsReport>,
}

/// How to solve: what to search for and how far.
#[derive(Debug, Clone, Copy)]
pub struct Mode {
    pub unique: bool,
    pub count: bool,
    pub all: bool,
    pub limit: usize,
    pub stats: bool,
}

impl Mode {
    pub fn from_args(args: &SolveArgs) -> Mode {
        Mode {
            unique: args.unique,
            count: args.count,
            all: args.all,
            limit: usize::try_from(args.limit).unwrap_or(usize::MAX),
            stats: args.stats,
        }
    }

    /// Plain solving: one solution, any one.
    pub fn first() -> Mode {
        Mode {
            unique: false,
            count: false,
            all: false,
            limit: 1,
            stats: false,
        }
    }
}

/// Solves one board as `mode` asks.
pub fn solve_grid(grid: &Grid, mode: Mode) -> Solved {
    let started = mode.stats.then(Instant::now);
    // Counting searches one past the limit, so that a count equal to the
    // limit is exact and only a count beyond it is reported as capped.
    let search_limit = if mode.count || mode.all {
        mode.limit.saturating_add(1)
    } else if mode.unique {
        2
    } else {
        1
    };
    // Only the solutions shown are built: the first one, or up to the limit
    // with `--all`; the one found past them is only counted.
    let keep = if mode.all { mode.limit } else { 1 };
    let mut solutions = Vec::new();
    let outcome = solver::search(grid, search_limit, keep, &mut |s| solutions.push(*s));
    let capped = (mode.count || mode.all) && outcome.solutions > mode.limit;
    let count = outcome.solutions.min(if mode.count || mode.all {
        mode.limit
    } else {
        usize::MAX
    });
    // The engine tells givens that conflict from a search that finds
    // nothing; the conflicts are only listed then.
    if outcome.conflict {
        return Solved {
            status: Status::Invalid,
            solutions: Vec::new(),
            count: 0,
            capped: false,
            conflicts: validate::conflicts(grid),
            stats: started.map(|t| StatsReport::new(outcome.stats, t.elapsed())),
        };
    }
    let status = match outcome.solutions {
        0 => Status::Unsolvable,
        n if mode.unique && n > 1 => Status::Multiple,
        _ => Status::Solved,
    };
    Solved {
        status,
        solutions,
        count,
        capped,
        conflicts: Vec::new(),
        stats: started.map(|t| StatsReport::new(outcome.stats, t.elapsed())),
    }
}

pub fn run(args: &SolveArgs) -> anyhow::Result<ExitStatus> {
    let mode = Mode::from_args(args);
    // As `batch` does without `--out`: an option that changes nothing is
    // said so, not dropped without a word.
    if args.to.is_some() && (args.output.json || args.count) {
        let why = if args.output.json {
            "--json"
        } else {
            "--count"
        };
        crate::cli::output::diag(format_args!(
            "--to only sets the layout of printed boards; it has no effect with {why}"
        ));
    }
    let mut out = Out::stdout(args.output.line_buffered);
    let walk = Walk {
        format: args.input.format.into(),
        error_records: args.output.json,
        // No look-ahead: `tail -f log | sudokit solve --line-buffered` answers
        // each puzzle as soon as it is read.
        lookahead: false,
    };
    each_puzzle(&args.files, walk, &mut out, |puzzle, source, _, out| {
        handle(puzzle, source, args, mode, out)
    })
}

/// Solves and reports one puzzle.
fn handle(
    puzzle: &Puzzle,
    source: &str,
    args: &SolveArgs,
    mode: Mode,
    out: &mut Out,
) -> anyhow::Result<ExitStatus> {
    let solved = solve_grid(&puzzle.grid, mode);
    let layout = args.to.map_or(puzzle.layout, Layout::from);
    if args.output.json {
        out.json(&report(source, puzzle, &solved, mode))?;
    } else {
        write_text(puzzle, &solved, source, layout, mode, out)?;
    }
    Ok(match solved.status {
        Status::Solved => ExitStatus::Success,
        Status::Error => ExitStatus::Error,
        _ => ExitStatus::Failure,
    })
}

/// The JSON report of one solved puzzle.
pub fn report<'a>(source: &'a str, puzzle: &Puzzle, solved: &Solved, mode: Mode) -> Report<'a> {
    let mut report = Report::new(source, puzzle.index, puzzle.line, solved.status);
    report.format = Some(puzzle.layout);
    report.puzzle = Some(puzzle.grid.to_line());
    if solved.status == Status::Solved
        && let Some(first) = solved.solutions.first()
    {
        report = report.with_solution(first);
    }
    if mode.count || mode.all {
        report.solutions = Some(solved.count);
        report.capped = Some(solved.capped);
    }
    if mode.all && solved.status == Status::Solved {
        report.all = Some(solved.solutions.iter().map(Grid::to_line).collect());
    }
    if solved.status == Status::Invalid {
        report.conflicts = Some(solved.conflicts.clone());
    }
    report.stats = solved.stats;
    report
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
            for solution in &solved.solutions {
                out.board(solution, layout)?;
            }
            if solved.capped {
                out.diag(format_args!(
                    "{}: stopped at --limit {} solutions",
                    place(),
                    mode.limit
                ));
            }
        }
        Status::Invalid => {
            let conflicts: Vec<String> = solved.conflicts.iter().map(ToString::to_string).collect();
            if mode.count {
                out.line("0")?;
            }
            out.diag(format_args!(
                "{}: {}: {}",
                place(),
                Status::Invalid.describe(),
                conflicts.join("; ")
            ));
        }
        status => {
            if mode.count {
                let plus = if solved.capped { "+" } else { "" };
                out.line(&format!("{}{plus}", solved.count))?;
            }
            out.diag_at(source, puzzle.line, puzzle.index, status.describe());
        }
    }
    Ok(())
}

/// `source:line: puzzle N`, written straight into a message (no allocation:
/// a file of a million unsolvable puzzles prints a million of these).
struct Place<'a> {
    source: &'a str,
    puzzle: &'a Puzzle,
}

impl std::fmt::Display for Place<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}:{}: puzzle {}",
            self.source, self.puzzle.line, self.puzzle.index
        )
    }
}
