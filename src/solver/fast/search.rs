//! The depth-first search: one frame per branch point, a copy of the
//! state for every candidate but the last, and the counters that decide
//! when a run gives up for a restart. Its body ([`Searcher::explore`]) is
//! always inlined, so [`simd`] compiles the whole search once per build.

use super::branching::{Branching, Goal, Scoring, Weights, choose, choose_weighted};
use super::simd::{self, Build, Explore, Wide};
use super::state::{Dead, Rules, State};
use super::tables::{ALL27, BOX0, ROW_OF_BIT, ROW0};
use crate::solver::{Emit, Stats};

/// Dead ends after which [`choose`] scores what each branch settles
/// (see `docs/engine.md`).
const HARD: u64 = 4;

/// Givens above which a board waits for dead ends before it scores its
/// branch points (see `docs/engine.md`).
const EARLY_MAX_CLUES: u32 = 30;

/// Fewer givens than this never make a puzzle with one solution (McGuire,
/// Tugemann and Civario, "There is no 16-clue Sudoku", 2012): the search
/// on such a board only looks for solutions, never proves a lone one, and
/// the root's extra rule (the triad rule) is not worth its cost there.
/// Counting to 2 on such a board stops at its first solution: a second one
/// exists (with fewer than 16 givens too, as givens taken from that
/// solution can be added up to 16).
const MIN_UNIQUE_CLUES: u32 = 17;

/// The depth-first search over states, with its limit and counters.
struct Searcher<'a> {
    limit: usize,
    /// Solutions to build and emit: only the first `keep` are.
    keep: usize,
    found: usize,
    emit: Emit<'a>,
    steps: u64,
    guesses: u64,
    /// Dead ends met so far.
    failures: u64,
    branching: Branching,
    weights: &'a mut Weights,
    /// Guesses allowed without finding a solution before giving up.
    budget: u64,
    /// Guesses since the last solution (or the start).
    dry: u64,
    /// The budget ran out: the count is incomplete.
    gave_up: bool,
    /// A second solution has been handed on: the run goes to its end, as
    /// its restart would hand the same solutions on again.
    committed: bool,
    /// Givens of the puzzle.
    clues: u32,
    /// The board's givens, from [`MIN_UNIQUE_CLUES`] to [`EARLY_MAX_CLUES`],
    /// make a long search likely (see `docs/engine.md`).
    long: bool,
    /// The tools a likely long search takes from the root: the stack view
    /// and the scores of what each branch settles. Not with
    /// [`Branching::Quick`].
    root_tools: bool,
    /// The triad rule at the root: on boards that may have one solution,
    /// not with [`Branching::Quick`].
    root_triads: bool,
    /// The given cells of each band.
    given: [u32; 3],
    /// The latest guess: its cell (band, bit) and the cell's candidates then.
    last: (usize, usize, u32),
    /// The CPU runs the AVX-512 paths ([`Wide`]): the hard branching
    /// score and the stack view in vector lanes.
    wide: Option<Wide>,
}

impl Explore for Searcher<'_> {
    type Node = State;
    type Step = Guess;

    /// Explores `from`, with `guess` made in it if any (not yet
    /// propagated), until the limit is reached; each branch is explored by
    /// `recurse`, given this frame's state and the guess to make in its
    /// copy. The state is copied once, here, rather than passed on by
    /// value, which copied it twice per branch (and a copy of a state just
    /// written waits for its stores). Always inlined, so that the whole
    /// search is compiled once per build (see [`simd`]).
    #[inline(always)]
    fn explore(
        &mut self,
        from: &State,
        guess: Option<Guess>,
        recurse: impl Fn(&mut Self, &State, Option<Guess>),
    ) {
        let mut state = *from;
        if let Some(Guess { d, b, k }) = guess {
            state.assume(d, b, k);
        }
        loop {
            let rules = Rules {
                // Once the puzzle has shown itself not easy, or from the
                // root where a long search is likely.
                stack_view: self.failures > 0 || self.root_tools,
                triads: self.guesses == 0 && self.root_triads,
                rounds: self.long || self.guesses == 0,
            };
            if let Err(Dead(mut units)) = state.propagate(&mut self.steps, rules, self.wide) {
                self.failures += 1;
                while units != 0 {
                    self.weights[units.trailing_zeros() as usize] += 1;
                    units &= units - 1;
                }
                if self.branching != Branching::Weighted
                    && self.failures >= WEIGHTED
                    && !self.committed
                {
                    // Restarted by the caller, with the weights.
                    self.gave_up = true;
                }
                return;
            }
            if state.is_solved() {
                self.found += 1;
                self.dry = 0;
                if self.found <= self.keep {
                    if (self.emit)(&state.cells()).is_break() {
                        // Asked to stop: as if the limit were reached here.
                        self.limit = self.found;
                    }
                    if self.found >= 2 {
                        self.committed = true;
                        self.budget = u64::MAX;
                    }
                }
                // When the limit is 2 and no second grid is wanted, the
                // count is complete here if a second solution is known to
                // exist: a board with fewer than [`MIN_UNIQUE_CLUES`] givens
                // that has a solution has another, and a swap through the
                // latest guess's cell makes another (see `docs/engine.md`).
                if self.found == 1
                    && self.limit == 2
                    && self.keep <= 1
                    && (self.clues < MIN_UNIQUE_CLUES || self.swap_at_last_guess(&state))
                {
                    self.found = 2;
                }
                return;
            }
            let weighted = self.branching == Branching::Weighted;
            let (b, k) = if weighted {
                choose_weighted(&state, self.weights)
            } else if self.failures >= HARD || self.root_tools {
                choose(&state, Scoring::Settles, self.goal(), self.wide)
            } else {
                // The better cell once a dead end has shown the puzzle is
                // not easy.
                let scoring = if self.failures > 0 {
                    Scoring::Peers
                } else {
                    Scoring::First
                };
                choose(&state, scoring, self.goal(), self.wide)
            };
            let mut cand = state.candidates(b, k);
            if cand == 0 {
                // Propagation leaves no empty cell; this only guards the loop.
                return;
            }
            let all = cand;
            // Of two candidates, the one with more places left among the
            // cell's peers goes first (it finds the solution after fewer
            // guesses than the other way round or digit order), on boards
            // with at most [`EARLY_MAX_CLUES`] givens (see `docs/engine.md`).
            if cand.count_ones() == 2 && self.clues <= EARLY_MAX_CLUES {
                let lo = cand.trailing_zeros() as usize;
                let hi = 31 - cand.leading_zeros() as usize;
                let (c, j) = (k % 9, k % 9 / 3);
                let near = ROW_OF_BIT[k] | (BOX0 << (3 * j));
                if state.reach(hi, b, c, near) > state.reach(lo, b, c, near) {
                    // Try `hi` first: clear `lo` from the iteration order.
                    if !self.guess(b, k, all) {
                        return;
                    }
                    recurse(self, &state, Some(Guess { d: hi, b, k }));
                    if self.stop() || !self.guess(b, k, all) {
                        return;
                    }
                    state.assume(lo, b, k);
                    continue;
                }
            }
            // Every candidate but the last gets a copy; the last one continues
            // in this frame's state.
            loop {
                let d = cand.trailing_zeros() as usize;
                cand &= cand - 1;
                if !self.guess(b, k, all) {
                    return;
                }
                if cand == 0 {
                    state.assume(d, b, k);
                    break;
                }
                recurse(self, &state, Some(Guess { d, b, k }));
                if self.stop() {
                    return;
                }
            }
        }
    }
}

impl Searcher<'_> {
    /// How far this search goes.
    #[inline(always)]
    fn goal(&self) -> Goal {
        if self.limit >= 2 {
            Goal::Count
        } else {
            Goal::FirstSolution
        }
    }

    /// Whether the solved `state` gives another solution by a swap through
    /// the latest guess's cell (see [`swap_through`]).
    fn swap_at_last_guess(&self, state: &State) -> bool {
        let (b, k, cands) = self.last;
        swap_through(state, &self.given, b, k, cands)
    }

    /// Counts a guess at cell `k` of band `b`, whose candidates are `cands`,
    /// and keeps it as the latest; false when the budget is spent (the
    /// search then unwinds).
    #[inline(always)]
    fn guess(&mut self, b: usize, k: usize, cands: u32) -> bool {
        self.last = (b, k, cands);
        self.guesses += 1;
        self.dry += 1;
        if self.dry > self.budget {
            self.gave_up = true;
        }
        !self.gave_up
    }

    /// Whether the search is over: the limit reached or the budget spent.
    #[inline(always)]
    fn stop(&self) -> bool {
        self.found >= self.limit || self.gave_up
    }
}

/// Whether the solved `state` gives another solution by swapping two digits
/// in a rectangle of four cells through cell `k1` of band `b1`: that cell's
/// digit `x` and another `y` of `cands`, with `y` in its row and column, `x`
/// at the fourth corner, the corners in exactly two boxes and none of them
/// in `given`. Every row, column and box of the rectangle then holds both
/// digits on two of its corners, so the swap keeps each rule, and the grid
/// keeps its givens.
pub(in crate::solver) fn swap_through(
    state: &State,
    given: &[u32; 3],
    b1: usize,
    k1: usize,
    cands: u32,
) -> bool {
    // The cell's digit: one of `cands` (only those are read), or no swap.
    let mut x = 9;
    let mut rest = cands;
    while rest != 0 {
        let d = rest.trailing_zeros() as usize % 9;
        rest &= rest - 1;
        if (state.f[3 * d + b1] >> k1) & 1 != 0 {
            x = d;
        }
    }
    if x == 9 {
        return false;
    }
    let (row1, c1) = (k1 / 9, k1 % 9);
    let mut others = cands & !(1 << x);
    while others != 0 {
        let y = others.trailing_zeros() as usize % 9;
        others &= others - 1;
        // `y` in the cell's row, then in its column.
        let c2 = ((state.f[3 * y + b1] >> (9 * row1)) & ROW0).trailing_zeros() as usize % 9;
        let Some(b2) = (0..3).find(|&b| (state.f[3 * y + b] >> c1) & 0x40201 != 0) else {
            continue;
        };
        let row2 = ((state.f[3 * y + b2] >> c1) & 0x40201).trailing_zeros() as usize / 9;
        let k2 = 9 * row2 + c2;
        // `x` at the fourth corner; two boxes: one band and two stacks, or
        // the other way round.
        if (state.f[3 * x + b2] >> k2) & 1 == 0 || (b1 == b2) == (c1 / 3 == c2 / 3) {
            continue;
        }
        let corners1 = 1 << k1 | 1 << (9 * row1 + c2);
        let corners2 = 1 << (9 * row2 + c1) | 1 << k2;
        if given[b1] & corners1 == 0 && given[b2] & corners2 == 0 {
            return true;
        }
    }
    false
}

/// A guess: digit `d` in cell `k` of band `b`.
#[derive(Clone, Copy)]
pub(super) struct Guess {
    d: usize,
    b: usize,
    k: usize,
}
/// Dead ends after which a search with the usual branching gives up, to be
/// restarted with [`Branching::Weighted`]. The benchmark puzzles need at most
/// about 1,100 guesses, and one of them reaches this many dead ends.
pub(super) const WEIGHTED: u64 = 500;

/// One run of the search from `state` (made by [`State::new`], so a
/// restart does not redo it): `None` when it gives up, after `budget`
/// guesses in a row that find no solution or, with [`Branching::Usual`]
/// or [`Branching::Quick`], after [`WEIGHTED`] dead ends. What was emitted before then is only part
/// of the answer. `weights` are read and added to.
#[allow(clippy::too_many_arguments)] // one private entry with every knob
pub(in crate::solver) fn search_with(
    state: &State,
    limit: usize,
    keep: usize,
    emit: Emit<'_>,
    stats: &mut Stats,
    build: Build,
    budget: u64,
    branching: Branching,
    weights: &mut Weights,
) -> Option<usize> {
    if limit == 0 {
        return Some(0);
    }
    let clues = 81 - state.open_cells();
    let long = (MIN_UNIQUE_CLUES..=EARLY_MAX_CLUES).contains(&clues);
    let quick = branching == Branching::Quick;
    let mut searcher = Searcher {
        limit,
        keep,
        found: 0,
        emit,
        steps: 0,
        guesses: 0,
        failures: 0,
        branching,
        weights,
        budget,
        dry: 0,
        gave_up: false,
        committed: false,
        clues,
        long,
        root_tools: long && !quick,
        root_triads: clues >= MIN_UNIQUE_CLUES && !quick,
        given: [
            ALL27 & !state.unsolved[0],
            ALL27 & !state.unsolved[1],
            ALL27 & !state.unsolved[2],
        ],
        last: (0, 0, 0),
        wide: match build {
            Build::Best => Wide::detect(),
            Build::Portable => None,
        },
    };
    match build {
        Build::Best => simd::run(&mut searcher, state),
        Build::Portable => simd::run_portable(&mut searcher, state, None),
    }
    stats.steps += searcher.steps;
    stats.guesses += searcher.guesses;
    (!searcher.gave_up).then_some(searcher.found)
}
