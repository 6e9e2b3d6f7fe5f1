//! Solving one puzzle as the options ask (first solution, unique, count,
//! all), and its JSON record: the rules `solve` and `batch` share.

use std::ops::ControlFlow;
use std::time::Instant;

use crate::cli::json::{Report, StatsReport, Status};
use crate::cli::output::Out;
use sudokit::format::Puzzle;
use sudokit::{Conflict, Grid, solver};

/// What solving one puzzle found, before it is written anywhere.
#[derive(Debug)]
pub struct Solved {
    pub status: Status,
    /// The first solution found, if any (`--all` hands on every solution
    /// as it comes: see [`solve_grid_each`]).
    pub first: Option<Grid>,
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
    /// Every solution is listed as it is found (`--all`, without
    /// `--unique`, which lists one or none).
    pub fn lists_all(self) -> bool {
        self.all && !self.unique
    }

    /// One solution, and `multiple` when there are more (`--unique`).
    pub fn unique() -> Mode {
        Mode {
            unique: true,
            ..Mode::first()
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
    solve_grid_each(grid, mode, &mut |_| ControlFlow::Continue(()))
}

/// [`solve_grid`], handing `each` every solution `--all` lists as soon as
/// it is found (only the first is kept in [`Solved::first`]), so that
/// listing a million solutions takes no more memory than one; `each` may
/// stop the search (a reader that went away).
pub fn solve_grid_each(
    grid: &Grid,
    mode: Mode,
    each: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
) -> Solved {
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
    // with `--all` (where `--unique` shows one or none); the one found past
    // them is only counted.
    let keep = if mode.lists_all() { mode.limit } else { 1 };
    let mut first = None;
    let outcome = solver::search_until(grid, search_limit, keep, &mut |s| {
        first.get_or_insert(*s);
        each(s)
    });
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
            first: None,
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
        first,
        count,
        capped,
        conflicts: Vec::new(),
        stats: started.map(|t| StatsReport::new(outcome.stats, t.elapsed())),
    }
}

/// The JSON report of one solved puzzle: under the name and index its
/// record gave it when it was read from one.
pub fn report<'a>(source: &'a str, puzzle: &'a Puzzle, solved: &Solved, mode: Mode) -> Report<'a> {
    let (source, index) = puzzle.named(source);
    let mut report = Report::new(source, index, puzzle.line, solved.status);
    report.format = Some(puzzle.layout);
    report.puzzle = Some(puzzle.grid.to_line());
    if solved.status == Status::Solved
        && let Some(first) = &solved.first
    {
        report = report.with_solution(first);
    }
    if mode.count || mode.all {
        report.solutions = Some(solved.count);
        report.capped = Some(solved.capped);
    }
    if solved.status == Status::Invalid {
        report.conflicts = Some(solved.conflicts.clone());
    }
    report.stats = solved.stats;
    report
}

/// Says on standard error why a puzzle has no single answer: its status, and
/// for givens that conflict, where (`solve` in text mode, `rate`,
/// `explain`, `hint`).
pub fn say_unsolved(source: &str, puzzle: &Puzzle, solved: &Solved, out: &mut Out) {
    if solved.status == Status::Invalid {
        let conflicts: Vec<String> = solved.conflicts.iter().map(ToString::to_string).collect();
        out.diag(format_args!(
            "{}: {}: {}",
            Place { source, puzzle },
            Status::Invalid.describe(),
            conflicts.join("; ")
        ));
    } else if puzzle.origin.is_some() {
        let what = solved.status.describe();
        out.diag(format_args!("{}: {what}", Place { source, puzzle }));
    } else {
        out.diag_at(source, puzzle.line, puzzle.index, solved.status.describe());
    }
}

/// `source:line: puzzle N`, written straight into a message (no allocation:
/// a file of a million unsolvable puzzles prints a million of these). A
/// puzzle read from a record is named as the record names it, then where
/// the record is: `path: puzzle N (source:line)`.
pub struct Place<'a> {
    pub source: &'a str,
    pub puzzle: &'a Puzzle,
}

impl std::fmt::Display for Place<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (source, line) = (self.source, self.puzzle.line);
        match &self.puzzle.origin {
            Some(origin) => write!(
                f,
                "{}: puzzle {} ({source}:{line})",
                origin.source, origin.index
            ),
            None => write!(f, "{source}:{line}: puzzle {}", self.puzzle.index),
        }
    }
}

/// The start of every logical path (`rate`, `explain`, `hint`): the puzzle
/// solved with `--unique`'s rules. A board without exactly one solution has
/// no path (a player's wrong digit shows here), and the uniqueness
/// techniques are only sound on one that has: it is reported as `solve
/// --unique` reports it, and `None` returned.
pub fn unique_solution(
    puzzle: &Puzzle,
    source: &str,
    json: bool,
    out: &mut Out,
) -> anyhow::Result<Option<Solved>> {
    let solved = solve_grid(&puzzle.grid, Mode::unique());
    if solved.status == Status::Solved {
        return Ok(Some(solved));
    }
    if json {
        out.json(&report(source, puzzle, &solved, Mode::unique()))?;
    } else {
        say_unsolved(source, puzzle, &solved, out);
    }
    Ok(None)
}
