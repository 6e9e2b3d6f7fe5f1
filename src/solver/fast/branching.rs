//! The choice of the cell to branch on. Cheap rules while a puzzle looks
//! easy, costlier scores once dead ends show it is not (or from the root
//! where a long search is likely), and weights gathered from dead ends for
//! a restart; `docs/engine.md` gives the evidence for each.

use super::simd::{BandMasks, Wide};
use super::state::State;
use super::tables::{BAND_PEERS, POP9};

/// How the search picks the cell to branch on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Branching {
    /// The rules of [`choose`]; the search gives up after
    /// [`WEIGHTED`](super::search::WEIGHTED) dead ends, to be restarted
    /// with [`Branching::Weighted`].
    Usual,
    /// The usual rules without the tools boards with few givens get from
    /// the root (the scores of [`choose`], the stack view) and without the
    /// root's triad rule, for a search expected to end within a few
    /// guesses: the generator asking whether a blank of a puzzle it keeps
    /// unique can hold another digit. There they cost more than the
    /// guesses they save. Gives up and is restarted like
    /// [`Branching::Usual`].
    Quick,
    /// By the weights of the units, from the root (see [`choose_weighted`]).
    Weighted,
}

/// Per unit (rows 0-8, columns 9-17, boxes 18-26), the dead ends whose
/// contradiction showed in it; carried from a run to its restart.
pub type Weights = [u32; 27];

/// How [`choose`] scores the bi-value cells.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Scoring {
    /// No score: the first bi-value cell is taken.
    First,
    /// The bi-value cells among its peers.
    Peers,
    /// What each of its two branches settles.
    Settles,
}

/// How far a search goes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Goal {
    /// It stops at its first solution.
    FirstSolution,
    /// It goes on past its first solution (counting to 2 or more), and so
    /// explores every branch of a branch point until the limit.
    Count,
}

/// The cell to branch on (band, bit): the bi-value cell scoring best by
/// `scoring`, or with [`Scoring::First`] the first bi-value cell; failing
/// those, with a score and [`Goal::Count`], the cell with the fewest
/// candidates whose digits have the most places among its peers
/// ([`fewest_candidates`]), else the first unsolved cell of a band, the one
/// of the three with the fewest candidates. Only called on a propagated,
/// unsolved state.
#[inline(always)]
pub(super) fn choose(
    state: &State,
    scoring: Scoring,
    goal: Goal,
    wide: Option<Wide>,
) -> (usize, usize) {
    let smart = scoring != Scoring::First;
    let hard = scoring == Scoring::Settles;
    let whole = goal == Goal::Count;
    if smart && (state.pairs[0] | state.pairs[1] | state.pairs[2]) != 0 {
        if let (true, Some(wide)) = (hard, wide) {
            return wide.best_pair(&state.f, &state.pairs);
        }
        // A cell's score: the bi-value cells among its peers (row, box,
        // column), one population count per cell: the band's own peers
        // and, above them, its column in the other two bands.
        let mut best = (0, 0);
        let mut best_score = 0;
        for b in 0..3 {
            let p = state.pairs[b];
            if p == 0 {
                continue;
            }
            let (p1, p2) = (state.pairs[(b + 1) % 3], state.pairs[(b + 2) % 3]);
            let masks = BandMasks::new(&state.f, b);
            let mut q = p;
            while q != 0 {
                let k = q.trailing_zeros() as usize & 31;
                q &= q - 1;
                let score = if hard {
                    // For both digits: twice the bi-value peers holding it,
                    // plus its places among the peers. The bi-value peers
                    // holding a digit are its places among the bi-value
                    // peers: one extraction of the peers per mask.
                    let cand = masks.at(k);
                    let lo = cand.trailing_zeros() as usize;
                    let hi = 31 - cand.leading_zeros() as usize;
                    let (b1, b2) = ((b + 1) % 3, (b + 2) % 3);
                    let pairs = peer_bits(p, p1, p2, k);
                    let places = |d: usize| {
                        peer_bits(
                            state.f[3 * d + b],
                            state.f[3 * d + b1],
                            state.f[3 * d + b2],
                            k,
                        )
                    };
                    let (at_lo, at_hi) = (places(lo), places(hi));
                    // The product of the two branches' figures, each plus
                    // one: every cell scores above the starting best.
                    let settle_lo = at_lo.count_ones() + 2 * (at_lo & pairs).count_ones();
                    let settle_hi = at_hi.count_ones() + 2 * (at_hi & pairs).count_ones();
                    (1 + settle_lo) * (1 + settle_hi)
                } else {
                    // Plus one: every cell scores above the starting best.
                    1 + peers_in(p, p1, p2, k)
                };
                if score > best_score {
                    best_score = score;
                    best = (b, k);
                }
            }
        }
        return best;
    }
    for b in 0..3 {
        let p = state.pairs[b];
        if p != 0 {
            return (b, p.trailing_zeros() as usize);
        }
    }
    if smart && whole {
        return fewest_candidates(state);
    }
    // No bi-value cell: of the first unsolved cell of each band, the one
    // with the fewest candidates. Staying at the top of each band fills the
    // grid in a compact order; on puzzles with many solutions, picking
    // tri-value cells scattered over the grid instead led some searches
    // into large dead subtrees (hundreds of times slower on a few puzzles).
    let mut best = (0, 0);
    let mut best_n = u32::MAX;
    for b in 0..3 {
        let u = state.unsolved[b];
        if u != 0 {
            let k = u.trailing_zeros() as usize;
            let n = u32::from(POP9[state.candidates(b, k) as usize & 511]);
            if n < best_n {
                best_n = n;
                best = (b, k);
            }
        }
    }
    best
}

/// Of the unsolved cells with the fewest candidates, the one whose digits
/// have the most places among its peers (what its branches eliminate, all
/// added up); for a branch point with no bi-value cell, on a search that
/// explores every branch (counting past the first solution), where the
/// size of the tree matters more than which branch holds a solution.
fn fewest_candidates(state: &State) -> (usize, usize) {
    let mut best = (0, 0);
    let (mut best_n, mut best_score) = (u32::MAX, 0);
    for b in 0..3 {
        let (b1, b2) = ((b + 1) % 3, (b + 2) % 3);
        let masks = BandMasks::new(&state.f, b);
        let mut open = state.unsolved[b];
        while open != 0 {
            let k = open.trailing_zeros() as usize & 31;
            open &= open - 1;
            let mut cand = masks.at(k);
            let n = cand.count_ones();
            if n > best_n {
                continue;
            }
            let mut score = 0;
            while cand != 0 {
                let d = cand.trailing_zeros() as usize % 9;
                cand &= cand - 1;
                score += peers_in(
                    state.f[3 * d + b],
                    state.f[3 * d + b1],
                    state.f[3 * d + b2],
                    k,
                );
            }
            if n < best_n || score > best_score {
                (best_n, best_score) = (n, score);
                best = (b, k);
            }
        }
    }
    best
}

/// The cells of a band mask among the peers of cell `k` (index below 32;
/// the cell itself excluded): `own` in the band's row, box and column, and
/// `other1`, `other2` in the cell's column in the other two bands.
#[inline(always)]
fn peers_in(own: u32, other1: u32, other2: u32, k: usize) -> u32 {
    peer_bits(own, other1, other2, k).count_ones()
}

/// The cells of [`peers_in`], as a set: the band's peers at bits 0-26, the
/// column in the other two bands above them.
#[inline(always)]
fn peer_bits(own: u32, other1: u32, other2: u32, k: usize) -> u64 {
    let c = k % 9;
    let col = 0x40201u32;
    let column = ((other1 >> c) & col) | (((other2 >> c) & col) << 1);
    u64::from(own & BAND_PEERS[k]) | u64::from(column) << 27
}

/// The cell to branch on with [`Branching::Weighted`]: the unsolved cell
/// with the most dead ends in its units per candidate (the "dom/wdeg" rule
/// of constraint solvers). On boards whose contradiction lies in a corner of
/// the grid, the usual rules keep branching on the open part, and every
/// filling of it repeats the same refutation; this one turns to where the
/// refutations happen.
pub(super) fn choose_weighted(state: &State, weights: &Weights) -> (usize, usize) {
    let mut best = (0, 0);
    let (mut best_w, mut best_n) = (0u64, 1u64);
    for b in 0..3 {
        let mut u = state.unsolved[b];
        while u != 0 {
            let k = u.trailing_zeros() as usize;
            u &= u - 1;
            let (r, c) = (3 * b + k / 9, k % 9);
            let w = u64::from(1 + weights[r] + weights[9 + c] + weights[18 + r / 3 * 3 + c / 3]);
            let n = u64::from(state.candidates(b, k).count_ones());
            if w * best_n > best_w * n {
                (best_w, best_n) = (w, n);
                best = (b, k);
            }
        }
    }
    best
}
