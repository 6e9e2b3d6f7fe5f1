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
    let mut emit = |cells: &[u8; 81]| {
        // The engine only produces values 1-9, so this never drops a solution;
        // the check keeps a buggy engine from yielding a malformed grid.
        if let Some(solution) = Grid::from_cells(*cells) {
            on_solution(&solution);
        }
    };
    let solutions = portfolio(grid.cells(), &state, limit, keep, &mut emit, &mut stats);
    Outcome {
        solutions,
        stats,
        conflict: false,
    }
}

/// Guesses in a row without a solution that the first run may make before
/// the other engine is tried: well above what any benchmark puzzle needs
/// (the hardest published ones take a few hundred), well below a pathology.
const FIRST_BUDGET: u64 = 10_000;

/// Solutions held back until a run is known to be complete.
#[derive(Default)]
struct Held {
    first: Option<[u8; 81]>,
    rest: Vec<[u8; 81]>,
}

impl Held {
    fn push(&mut self, cells: &[u8; 81]) {
        // The first one needs no allocation: plain solving keeps one.
        match self.first {
            None => self.first = Some(*cells),
            Some(_) => self.rest.push(*cells),
        }
    }

    fn release(self, emit: &mut dyn FnMut(&[u8; 81])) {
        self.first.iter().chain(self.rest.iter()).for_each(emit);
    }
}

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
/// A run that gives up may have found some solutions; they are held back
/// until a run completes, so each solution is emitted once.
fn portfolio(
    cells: &[u8; 81],
    state: &fast::State,
    limit: usize,
    keep: usize,
    emit: &mut dyn FnMut(&[u8; 81]),
    stats: &mut Stats,
) -> usize {
    let mut weights = fast::Weights::default();
    // One run of the fast engine; the weights carry over from run to run.
    let mut fast = |branching, budget, e: &mut dyn FnMut(&[u8; 81]), stats: &mut Stats| {
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
        let run = |e: &mut dyn FnMut(&[u8; 81])| {
            reference::search_budgeted(cells, limit, keep, e, stats, budget / BASIC_SHARE)
        };
        if let Some(n) = complete(run, emit) {
            return n;
        }
        budget = budget.saturating_mul(4);
    }
}

/// Runs one engine run, holding its solutions back; passes them on and
/// returns the count only when the run completes.
fn complete(
    run: impl FnOnce(&mut dyn FnMut(&[u8; 81])) -> Option<usize>,
    emit: &mut dyn FnMut(&[u8; 81]),
) -> Option<usize> {
    let mut held = Held::default();
    let n = run(&mut |c| held.push(c))?;
    held.release(emit);
    Some(n)
}

/// The reference engine's budget is this fraction of the fast engine's.
const BASIC_SHARE: u64 = 4;

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
