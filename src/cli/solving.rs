//! Solving one puzzle as the options ask (first solution, unique, count,
//! all), and its JSON record: the rules `solve` and `batch` share.

use std::time::Instant;

use crate::cli::json::{Report, StatsReport, Status};
use sudokit::format::Puzzle;
use sudokit::{Conflict, Grid, solver};

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
    pub conflicts: Vec<Conflict>,
    pub stats: Option<StatsReport>,
}

/// How to solve: what to search for and how far.
#[derive(Debug, Clone, Copy)]
pub struct Mode {
    /// More than one solution is status `multiple` (`--unique`).
    pub unique: bool,
    /// Count the solutions, up to `limit` (`--count`).
    pub count: bool,
    /// Keep every solution, up to `limit` (`--all`).
    pub all: bool,
    /// The most solutions counted or kept.
    pub limit: usize,
    /// Time the search and keep its figures (`--stats`).
    pub stats: bool,
}

impl Mode {
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
            conflicts: grid.conflicts(),
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
