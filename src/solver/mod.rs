//! The search engine behind `solve`, `count` and `enumerate`.
//!
//! Everything above this module talks to it through [`search`]; the engine
//! itself is a plain function over 81 cell values, so another engine can
//! replace it without touching formats or commands.

#[cfg_attr(not(test), allow(dead_code))]
mod basic;
mod fast;
#[cfg(test)]
mod tests;

use crate::grid::Grid;

/// Search figures for one puzzle.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Branch points: times the engine had to try a candidate.
    pub guesses: u64,
    /// Propagation steps: digits placed or candidates removed by deduction.
    pub steps: u64,
}

/// What one search found.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions found, at most the limit asked for.
    pub solutions: usize,
    /// Figures of the search.
    pub stats: Stats,
}

/// Searches `grid` for up to `limit` solutions, calling `on_solution` with each.
///
/// Givens that already conflict give no solution. A `limit` of 0 searches nothing.
pub fn search(grid: &Grid, limit: usize, on_solution: &mut dyn FnMut(&Grid)) -> Outcome {
    let mut stats = Stats::default();
    if limit == 0 {
        return Outcome::default();
    }
    let mut emit = |cells: &[u8; 81]| {
        // The engine only produces values 1-9, so this never drops a solution;
        // the check keeps a buggy engine from yielding a malformed grid.
        if let Some(solution) = Grid::from_cells(*cells) {
            on_solution(&solution);
        }
    };
    let solutions = fast::search(grid.cells(), limit, &mut emit, &mut stats);
    Outcome { solutions, stats }
}

/// One solution of `grid`, if it has any.
pub fn solve(grid: &Grid) -> Option<Grid> {
    let mut first = None;
    search(grid, 1, &mut |s| first = Some(*s));
    first
}

/// The number of solutions of `grid`, counting no further than `limit`.
pub fn count(grid: &Grid, limit: usize) -> usize {
    search(grid, limit, &mut |_| {}).solutions
}

/// Up to `limit` solutions of `grid`, in the order the engine finds them.
pub fn enumerate(grid: &Grid, limit: usize) -> Vec<Grid> {
    let mut all = Vec::new();
    search(grid, limit, &mut |s| all.push(*s));
    all
}
