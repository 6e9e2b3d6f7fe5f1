//! The record-speed engine: per-digit band bitboards.
//!
//! The board is three horizontal bands of 27 cells; for every digit `d` and
//! band `b`, `f[3 * d + b]` holds the cells of that band where `d` may still
//! stand. Propagation re-derives those masks with table lookups and no
//! data-dependent branch ([`state`]); the search copies the state at each
//! branch point and picks the branching cell by rules that switch on as a
//! puzzle proves hard ([`search`](mod@search), [`branching`]). The search
//! is compiled twice, portable and with extra instructions picked at run
//! time ([`simd`], the only `unsafe` in the crate). `docs/engine.md`
//! explains the design and the measurements behind each rule.

mod branching;
#[cfg(test)]
mod probes;
mod search;
mod simd;
mod state;
mod tables;

pub(in crate::solver) use branching::{Branching, Weights};
#[cfg(test)]
pub(in crate::solver) use probes::Triads;
pub(in crate::solver) use search::search_with;
#[cfg(test)]
pub(in crate::solver) use search::swap_through;
pub(in crate::solver) use simd::Build;
pub(in crate::solver) use state::State;

use std::ops::ControlFlow;

use super::{Emit, Stats};

/// Finds up to `limit` solutions of `givens` (0 blank, 1-9 digits), passing
/// the first `keep` of them to `emit`, and returns how many it found. The
/// solutions past `keep` are only counted: no grid is built for them.
///
/// `stats.guesses` counts the candidates tried at branch points;
/// `stats.steps` counts propagation steps: band updates, each of which
/// re-derives one digit's candidates in one band and carries out the
/// placements and eliminations that follow (locked candidates, singles).
/// Counting updates rather than placed digits keeps the count free: it is
/// one increment where the update runs anyway. Both count the work of a
/// restart too.
#[cfg_attr(not(test), allow(dead_code))]
pub fn search(
    givens: &[u8; 81],
    limit: usize,
    keep: usize,
    emit: &mut dyn FnMut(&[u8; 81]),
    stats: &mut Stats,
) -> usize {
    search_in(givens, limit, keep, emit, stats, Build::Best)
}

/// [`search()`] with the build of the search chosen by `build` (the tests
/// compare both). The solutions of a run
/// that gives up for a restart are dropped; the restart finds them again.
#[cfg_attr(not(test), allow(dead_code))]
pub(in crate::solver) fn search_in(
    givens: &[u8; 81],
    limit: usize,
    keep: usize,
    emit: &mut dyn FnMut(&[u8; 81]),
    stats: &mut Stats,
    build: Build,
) -> usize {
    let Some(state) = State::new(givens) else {
        return 0;
    };
    let mut weights = Weights::default();
    let mut emit = |cells: &[u8; 81]| {
        emit(cells);
        ControlFlow::Continue(())
    };
    let mut run = |branching, e: Emit<'_>| {
        let budget = u64::MAX;
        search_with(
            &state,
            limit,
            keep,
            e,
            stats,
            build,
            budget,
            branching,
            &mut weights,
        )
    };
    if let Some(n) = super::complete(|e| run(Branching::Usual, e), &mut emit) {
        return n;
    }
    run(Branching::Weighted, &mut emit).unwrap_or(0)
}
