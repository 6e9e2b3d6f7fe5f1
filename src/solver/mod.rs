//! The search engine behind [`Grid::solve`] and the other solving methods,
//! open here for callers who want its figures ([`Stats`]) or a search that
//! counts some solutions and builds fewer of them.
//!
//! Everything above this module talks to it through [`search`]; the engine
//! itself is a plain function over 81 cell values, so another engine can
//! replace it without touching formats or commands.

mod fast;
mod reference;
#[cfg(test)]
mod tests;

use std::ops::ControlFlow;

use crate::grid::Grid;

/// Search figures for one puzzle.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Candidates tried at branch points, over every run of the portfolio.
    pub guesses: u64,
    /// Propagation steps: in the fast engine, band updates (one digit's
    /// candidates in one band re-derived, with the placements and
    /// eliminations that follow), or, where its vector rounds run (with
    /// AVX-512: at the root, and everywhere on boards with 17 to 30
    /// givens), masks a round changed; in the reference engine, digits
    /// placed by deduction.
    pub steps: u64,
}

/// What one search found.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions found, at most the limit asked for.
    pub solutions: usize,
    /// Figures of the search.
    pub stats: Stats,
    /// The givens already break a rule (a digit twice in a row, column or
    /// box), so there is no solution and no search was made. Not looked
    /// at for a `limit` of 0.
    pub conflict: bool,
    /// The caller's `on_solution` ended the search ([`search_until`]):
    /// `solutions` counts those found until then.
    pub stopped: bool,
}

/// Searches `grid` for up to `limit` solutions, calling `on_solution` with
/// the first `keep` of them; the rest are only counted (no grid is built for
/// them, which is what makes counting cheap).
///
/// Givens that already conflict give no solution. A `limit` of 0 searches nothing.
pub fn search(
    grid: &Grid,
    limit: usize,
    keep: usize,
    on_solution: &mut dyn FnMut(&Grid),
) -> Outcome {
    search_until(grid, limit, keep, &mut |s| {
        on_solution(s);
        ControlFlow::Continue(())
    })
}

/// [`search`] whose `on_solution` may end the search early by returning
/// [`ControlFlow::Break`]: the outcome then counts the solutions found until
/// then, and says it was stopped.
///
/// Solutions are handed on as they are found, in bounded memory, however
/// many `keep` allows: the search holds back at most one, while it may
/// still start over with another branching.
pub fn search_until(
    grid: &Grid,
    limit: usize,
    keep: usize,
    on_solution: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
) -> Outcome {
    let mut stats = Stats::default();
    if limit == 0 {
        return Outcome::default();
    }
    // The fast engine's setup finds every pair of givens that break a rule,
    // so whoever reports the outcome needs no check of its own.
    let Some(state) = fast::State::new(grid.cells()) else {
        let conflict = true;
        return Outcome {
            conflict,
            ..Outcome::default()
        };
    };
    let mut stopped = false;
    let mut emit = |cells: &[u8; 81]| {
        // The engine only produces values 1-9, so this never drops a solution;
        // the check keeps a buggy engine from yielding a malformed grid.
        let Some(solution) = Grid::from_cells(*cells) else {
            return ControlFlow::Continue(());
        };
        let flow = on_solution(&solution);
        stopped |= flow.is_break();
        flow
    };
    let solutions = portfolio(grid.cells(), &state, limit, keep, &mut emit, &mut stats);
    Outcome {
        solutions,
        stats,
        conflict: false,
        stopped,
    }
}

/// Guesses in a row without a solution that the first run may make before
/// the other engine is tried: well above what any benchmark puzzle needs
/// (the hardest published ones take a few hundred), well below a pathology.
const FIRST_BUDGET: u64 = 10_000;

/// Runs the fast engine with its usual branching. When that run gives up,
/// after a set number of dead ends (see [`fast::Branching::Usual`]) or
/// `FIRST_BUDGET` guesses without a solution, the fast engine starts again
/// from the root branching where the contradictions showed (with the
/// weights the first run gathered), which decides every adversarial board
/// we know of within a few thousand guesses. As a safety net for a board that defeats that branching too,
/// the reference engine (different propagation, its own weighted branching)
/// then runs with a quarter of the budget, and the two alternate with four
/// times the budget each round: the cost stays a small multiple of the
/// better engine's.
///
/// Each solution is emitted once: see [`complete`] for how a run that
/// gives up is kept from handing on what its restart finds again.
fn portfolio(
    cells: &[u8; 81],
    state: &fast::State,
    limit: usize,
    keep: usize,
    emit: Emit<'_>,
    stats: &mut Stats,
) -> usize {
    let mut weights = fast::Weights::default();
    // One run of the fast engine; the weights carry over from run to run.
    let mut fast = |branching, budget, e: Emit<'_>, stats: &mut Stats| {
        fast::search_with(
            state,
            limit,
            keep,
            e,
            stats,
            fast::Build::Best,
            budget,
            branching,
            &mut weights,
        )
    };
    let usual = fast::Branching::Usual;
    if let Some(n) = complete(|e| fast(usual, FIRST_BUDGET, e, stats), emit) {
        return n;
    }
    let mut budget = FIRST_BUDGET;
    loop {
        let weighted = fast::Branching::Weighted;
        if let Some(n) = complete(|e| fast(weighted, budget, e, stats), emit) {
            return n;
        }
        // A guess of the reference engine costs about six of the fast
        // one's, so it gets a quarter of the budget: the rounds then cost
        // the two engines alike.
        let run = |e: Emit<'_>| {
            reference::search_budgeted(cells, limit, keep, e, stats, budget / BASIC_SHARE)
        };
        if let Some(n) = complete(run, emit) {
            return n;
        }
        budget = budget.saturating_mul(4);
    }
}

/// A search's way of handing on a solution; [`ControlFlow::Break`] ends
/// the search.
pub(crate) type Emit<'a> = &'a mut dyn FnMut(&[u8; 81]) -> ControlFlow<()>;

/// Runs one engine run, holding back its first solution until the run
/// completes or finds a second; returns the count when the run completes.
///
/// A run may give up (to be started over with another branching, which
/// finds its solutions again in another order) only until it has handed on
/// a second solution: the engines commit to finishing from there. So at most
/// one solution is ever held, and all but the first stream out as found.
fn complete(run: impl FnOnce(Emit<'_>) -> Option<usize>, emit: Emit<'_>) -> Option<usize> {
    let mut held = None;
    let mut passing = false;
    let n = run(&mut |cells| {
        if !passing {
            let Some(first) = held else {
                held = Some(*cells);
                return ControlFlow::Continue(());
            };
            passing = true;
            held = None;
            emit(&first)?;
        }
        emit(cells)
    });
    let Some(n) = n else {
        debug_assert!(!passing, "a run gave up after handing on solutions");
        return None;
    };
    if let Some(first) = held {
        // The caller may stop here: the count is complete either way.
        let _ = emit(&first);
    }
    Some(n)
}

/// The reference engine's budget is this fraction of the fast engine's.
const BASIC_SHARE: u64 = 4;

/// True when `grid` has a solution without `digit` (1-9) in its blank
/// `cell` (0-80). The generator asks this after blanking a cell of a
/// puzzle with one solution: the puzzle keeps one solution exactly when
/// the answer is no, and ruling the old digit out spares the search the
/// known solution that counting to 2 would first find again.
///
/// Only the fast engine runs, with its quick branching (such a search is
/// short), then its weighted branching without a budget if that one gives
/// up: a complete search either way.
pub(crate) fn has_solution_without(grid: &Grid, cell: usize, digit: u8) -> bool {
    debug_assert!(cell < 81 && (1..=9).contains(&digit) && grid.cells()[cell] == 0);
    let Some(mut state) = fast::State::new(grid.cells()) else {
        return false;
    };
    state.exclude(usize::from(digit) - 1, cell / 27, cell % 27);
    let mut weights = fast::Weights::default();
    let mut stats = Stats::default();
    let mut ignore = |_: &[u8; 81]| ControlFlow::Continue(());
    let mut run = |branching, budget| {
        fast::search_with(
            &state,
            1,
            0,
            &mut ignore,
            &mut stats,
            fast::Build::Best,
            budget,
            branching,
            &mut weights,
        )
    };
    let found = match run(fast::Branching::Quick, FIRST_BUDGET) {
        Some(n) => n,
        None => run(fast::Branching::Weighted, u64::MAX).unwrap_or(0),
    };
    found > 0
}

/// One solution of `grid`, if it has any.
pub(crate) fn solve(grid: &Grid) -> Option<Grid> {
    let mut first = None;
    search(grid, 1, 1, &mut |s| first = Some(*s));
    first
}

/// The number of solutions of `grid`, counting no further than `limit`.
/// No solution grid is built.
pub(crate) fn count(grid: &Grid, limit: usize) -> usize {
    search(grid, limit, 0, &mut |_| {}).solutions
}

/// Up to `limit` solutions of `grid`, in the order the engine finds them.
pub(crate) fn enumerate(grid: &Grid, limit: usize) -> Vec<Grid> {
    let mut all = Vec::new();
    search(grid, limit, limit, &mut |s| all.push(*s));
    all
}
