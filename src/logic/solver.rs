//! The solving loop: always the easiest step, as Sudoku Explainer rates.

use std::fmt;

use super::board::Board;
use super::dynamic::Mode;
use super::multiple::{self, Found, Searcher};
use super::singles::Tally;
use super::step::{Step, Technique};
use super::{chains, exclusion, fish, intersections, singles, subsets, uniqueness, wings};

/// The first step `technique` finds on `board`, if any; for a chain
/// technique the one SE would take among that technique's chains.
pub fn find(board: &Board, technique: Technique) -> Option<Step> {
    use Technique as T;
    match technique {
        T::FullHouse => singles::full_house(board),
        T::HiddenSingleBox | T::HiddenSingleRow | T::HiddenSingleColumn => {
            singles::hidden_single(board, technique)
        }
        T::NakedSingle => singles::naked_single(board),
        T::DirectPointing | T::DirectClaiming | T::Pointing | T::Claiming => {
            intersections::intersection(board, technique)
        }
        T::NakedPair | T::NakedTriple | T::NakedQuad => subsets::naked(board, technique),
        T::DirectHiddenPair
        | T::DirectHiddenTriple
        | T::HiddenPair
        | T::HiddenTriple
        | T::HiddenQuad => subsets::hidden(board, technique),
        T::XWing | T::Swordfish | T::Jellyfish => fish::fish(board, technique),
        T::XYWing | T::XYZWing => wings::wing(board, technique),
        T::UniqueRectangle1
        | T::UniqueRectangle2
        | T::UniqueRectangle3
        | T::UniqueRectangle3Hidden
        | T::UniqueRectangle4
        | T::Bug1
        | T::Bug2
        | T::Bug3
        | T::Bug4 => uniqueness::find(board, technique),
        T::AlignedPairExclusion => exclusion::aligned_pair(board),
        T::BidirectionalXCycle
        | T::BidirectionalYCycle
        | T::ForcingXChain
        | T::BidirectionalCycle
        | T::ForcingChain => chains::find(board, Some(technique)),
        T::AlignedTripletExclusion => exclusion::aligned_triplet(board),
        T::NishioForcingChain
        | T::CellForcingChain
        | T::RegionForcingChain
        | T::DynamicContradictionForcingChain(_)
        | T::DynamicDoubleForcingChain(_)
        | T::DynamicCellForcingChain(_)
        | T::DynamicRegionForcingChain(_) => {
            let mode = mode_of(technique)?;
            with_searcher(|s| {
                let mut found = Found {
                    best_only: false,
                    hints: Vec::new(),
                    initial: None,
                };
                multiple::search(board, mode, s, &mut found);
                found
                    .hints
                    .into_iter()
                    .find(|h| h.step.technique == technique)
                    .map(|h| h.step)
            })
        }
    }
}

/// SE's chaining rules after its unary chains and aligned triplet
/// exclusion, in the order it asks them: Nishio, multiple, dynamic,
/// dynamic with the simple techniques nested (+), then forcing chains,
/// multiple, dynamic and nested dynamic chains nested.
const FORCING_MODES: [Mode; 8] = [
    Mode {
        multiple: false,
        dynamic: true,
        nishio: true,
        level: 0,
    },
    Mode {
        multiple: true,
        dynamic: false,
        nishio: false,
        level: 0,
    },
    Mode {
        multiple: true,
        dynamic: true,
        nishio: false,
        level: 0,
    },
    Mode {
        multiple: true,
        dynamic: true,
        nishio: false,
        level: 1,
    },
    Mode {
        multiple: true,
        dynamic: true,
        nishio: false,
        level: 2,
    },
    Mode {
        multiple: true,
        dynamic: true,
        nishio: false,
        level: 3,
    },
    Mode {
        multiple: true,
        dynamic: true,
        nishio: false,
        level: 4,
    },
    Mode {
        multiple: true,
        dynamic: true,
        nishio: false,
        level: 5,
    },
];

fn mode_of(technique: Technique) -> Option<Mode> {
    match technique {
        Technique::NishioForcingChain => Some(FORCING_MODES[0]),
        Technique::CellForcingChain | Technique::RegionForcingChain => Some(FORCING_MODES[1]),
        t => t.nesting().map(|level| Mode {
            level,
            ..FORCING_MODES[2]
        }),
    }
}

thread_local! {
    /// The forcing chains' buffers, kept from step to step so that a
    /// search allocates nothing once they have grown.
    static SEARCHER: std::cell::RefCell<Option<Searcher>> = const { std::cell::RefCell::new(None) };
}

fn with_searcher<R>(f: impl FnOnce(&mut Searcher) -> R) -> R {
    SEARCHER.with(|cell| match cell.try_borrow_mut() {
        Ok(mut slot) => f(slot.get_or_insert_with(Searcher::new)),
        Err(_) => f(&mut Searcher::new()),
    })
}

/// The first of SE's multiple and dynamic chaining rules that finds a
/// hint, and its best hint (lowest rated, then shortest, then by kind).
fn forcing_chain(board: &Board, max_nesting: u8) -> Option<Step> {
    with_searcher(|s| {
        FORCING_MODES
            .iter()
            .filter(|m| m.level <= max_nesting)
            .find_map(|&mode| {
                let mut found = Found {
                    best_only: true,
                    hints: Vec::new(),
                    initial: None,
                };
                multiple::search(board, mode, s, &mut found);
                found.hints.pop().map(|h| h.step)
            })
    })
}

/// The easiest step from `board`: the first found by the lowest-rated
/// technique that applies, as SE picks it. `None` when the board is solved,
/// when some empty cell has no candidate left (it contradicts itself), or
/// when no technique applies.
pub fn next_step(board: &Board) -> Option<Step> {
    next_step_within(board, u8::MAX)
}

/// [`next_step`] with forcing chains nested at most `max_nesting` deep:
/// the tests' way to leave out the slowest steps.
pub(super) fn next_step_within(board: &Board, max_nesting: u8) -> Option<Step> {
    next_step_tallied(board, &Tally::of(board), max_nesting)
}

/// [`next_step_within`] with the singles' counts of `board` at hand: a
/// solve keeps them from step to step.
pub(super) fn next_step_tallied(board: &Board, tally: &Tally, max_nesting: u8) -> Option<Step> {
    if tally.broken() {
        return None;
    }
    single(board, tally).or_else(|| past_singles(board, max_nesting))
}

/// The singles, from the counts: the first four techniques, and most
/// steps.
fn single(board: &Board, tally: &Tally) -> Option<Step> {
    singles::full_house_tallied(board, tally)
        .or_else(|| singles::hidden_single_tallied(board, tally, Technique::HiddenSingleBox))
        .or_else(|| singles::hidden_single_tallied(board, tally, Technique::HiddenSingleRow))
        .or_else(|| singles::hidden_single_tallied(board, tally, Technique::HiddenSingleColumn))
}

/// The easiest step that is not a full house or a hidden single.
fn past_singles(board: &Board, max_nesting: u8) -> Option<Step> {
    // The chain techniques are ranked together, by each chain's own rating
    // (which grows with its length), as SE ranks its chaining hints.
    // So are the unique loops, and the BUG types: SE finds each family's
    // hints together and takes the lowest rated.
    // After them SE asks aligned triplet exclusion, then each family of
    // forcing chains in turn, and takes the first that finds anything.
    // The four intersection kinds and the three fish read one places
    // table, built once.
    let mut places = None;
    Technique::ALL
        .iter()
        .filter(|t| !t.is_chain())
        .find_map(|&t| match t {
            Technique::FullHouse
            | Technique::HiddenSingleBox
            | Technique::HiddenSingleRow
            | Technique::HiddenSingleColumn => None,
            Technique::DirectPointing
            | Technique::DirectClaiming
            | Technique::Pointing
            | Technique::Claiming => {
                let places = places.get_or_insert_with(|| chains::Places::of(board));
                intersections::intersection_with(board, places, t)
            }
            Technique::XWing | Technique::Swordfish | Technique::Jellyfish => {
                let places = places.get_or_insert_with(|| chains::Places::of(board));
                fish::fish_with(board, places, t)
            }
            Technique::UniqueRectangle1 => uniqueness::unique_loop(board, None),
            Technique::Bug1 => uniqueness::bug(board, None),
            _ if uniqueness::loop_type(t).is_some() => None,
            Technique::Bug2 | Technique::Bug3 | Technique::Bug4 => None,
            _ => find(board, t),
        })
        .or_else(|| chains::find(board, None))
        .or_else(|| exclusion::aligned_triplet(board))
        .or_else(|| forcing_chain(board, max_nesting))
}

impl Board {
    /// Applies a step: removes its eliminations, then places its digits.
    /// A direct step only places its digit (see [`Step::is_direct`]).
    pub fn apply(&mut self, step: &Step) {
        if !step.is_direct() {
            for &(cell, digit) in &step.eliminations {
                self.eliminate(cell, digit);
            }
        }
        for &(cell, digit) in &step.placements {
            self.place(cell, digit);
        }
    }
}

/// How a logical solve ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Every cell is filled.
    Solved,
    /// No technique applies to the board reached.
    Stuck,
}

/// The steps of a logical solve, in order, and the board they lead to.
#[derive(Debug, Clone)]
pub struct Path {
    /// The steps taken, each the easiest available at its turn.
    pub steps: Vec<Step>,
    /// The board after the last step.
    pub board: Board,
    /// Solved, or stuck where no technique applies.
    pub outcome: Outcome,
}

/// Sudoku Explainer's three figures for a solving path.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// ER: the highest rating of any step.
    pub er: f32,
    /// EP: the highest rating up to and including the first step that
    /// places a digit.
    pub ep: f32,
    /// ED: the rating of the first step.
    pub ed: f32,
}

impl fmt::Display for Rating {
    /// `7.2/1.2/1.2`: ER/EP/ED.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.1}/{:.1}/{:.1}", self.er, self.ep, self.ed)
    }
}

/// ER, EP and ED over the steps of a path so far, one step at a time.
#[derive(Default)]
struct RatingSoFar {
    er: f32,
    ep: Option<f32>,
    ed: Option<f32>,
}

impl RatingSoFar {
    fn add(&mut self, step: &Step) {
        let rating = step.rating();
        self.er = self.er.max(rating);
        if self.ep.is_none() && !step.placements.is_empty() {
            self.ep = Some(self.er);
        }
        self.ed.get_or_insert(rating);
    }

    /// What [`Path::rating`] says of the steps added.
    fn rating(&self) -> Rating {
        Rating {
            er: self.er,
            ep: self.ep.unwrap_or(self.er),
            ed: self.ed.unwrap_or(0.0),
        }
    }
}

impl Path {
    /// The path's ER, EP and ED. For a stuck path they cover only the steps
    /// taken; the puzzle is harder than its ER says. A board solved
    /// already rates 0.0/0.0/0.0.
    pub fn rating(&self) -> Rating {
        let mut so_far = RatingSoFar::default();
        for step in &self.steps {
            so_far.add(step);
        }
        so_far.rating()
    }

    /// The technique of the hardest step, the first of them when several
    /// share its rating.
    pub fn hardest(&self) -> Option<Technique> {
        let er = self.rating().er;
        self.steps
            .iter()
            .find(|s| s.rating() == er)
            .map(|s| s.technique)
    }
}

/// Solves `board` step by step, each time taking the easiest step, until it
/// is solved or no technique applies.
///
/// ```
/// use sudokit::Grid;
/// use sudokit::logic::{Board, Outcome, solve_steps};
///
/// let puzzle: Grid =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///         .parse()?;
/// let path = solve_steps(Board::from_grid(&puzzle));
/// assert_eq!(path.outcome, Outcome::Solved);
/// assert_eq!(path.board.to_grid(), puzzle.solve_unique()?);
/// println!("{}", path.steps[0]); // e.g. "Hidden Single in box 1: ..."
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_steps(mut board: Board) -> Path {
    // Most steps place a digit: room for one a cell, so that the list
    // seldom grows.
    let mut steps = Vec::with_capacity(81);
    let mut tally = Tally::of(&board);
    while !tally.solved() {
        let Some(step) = next_step_tallied(&board, &tally, u8::MAX) else {
            return Path {
                steps,
                board,
                outcome: Outcome::Stuck,
            };
        };
        tally.apply(&mut board, &step);
        steps.push(step);
    }
    Path {
        steps,
        board,
        outcome: Outcome::Solved,
    }
}

/// The rating of the path [`solve_steps`] takes from `start`, when it ends
/// solved; the path itself when it is stuck.
///
/// A rating needs no step once it is counted: each is dropped as soon as
/// it is applied, but for those past the singles, which a stuck path is
/// rebuilt from (its singles are found again, at a fraction of the cost).
///
/// `confirm` says whether the puzzle has one solution. It is asked once,
/// before the first step past the singles, or when the path stops short:
/// full houses and hidden singles are sound on any board, so a path of
/// singles alone that fills every cell (each digit placed where it was
/// still a candidate) has found the one solution, and needs no other
/// check. The techniques after them include unique rectangles and BUG,
/// which are sound only on a puzzle with one solution. The board must
/// start with no two equal digits in a house.
pub(crate) fn rate_steps<E>(
    start: Board,
    confirm: impl FnOnce() -> Result<(), E>,
) -> Result<Result<Rating, Box<Path>>, E> {
    let mut board = start;
    let mut tally = Tally::of(&board);
    let mut so_far = RatingSoFar::default();
    let mut confirm = Some(confirm);
    // Each step past the singles, with its place in the path.
    let mut kept = Vec::new();
    let mut taken = 0;
    while !tally.solved() {
        let found = if tally.broken() {
            None
        } else {
            single(&board, &tally)
        };
        let (step, past_singles) = match found {
            Some(step) => (step, false),
            None => {
                if let Some(confirm) = confirm.take() {
                    confirm()?;
                }
                let Some(step) = next_step_tallied(&board, &tally, u8::MAX) else {
                    return Ok(Err(Box::new(replay(start, taken, kept))));
                };
                (step, true)
            }
        };
        tally.apply(&mut board, &step);
        so_far.add(&step);
        if past_singles {
            kept.push((taken, step));
        }
        taken += 1;
    }
    Ok(Ok(so_far.rating()))
}

/// The stuck path of `taken` steps from `start`, from the steps past the
/// singles (`kept`, each with its place): the others are found again, on
/// the same boards, and they are singles, found first.
fn replay(start: Board, taken: usize, kept: Vec<(usize, Step)>) -> Path {
    let mut board = start;
    let mut tally = Tally::of(&board);
    let mut steps = Vec::with_capacity(taken);
    let mut kept = kept.into_iter().peekable();
    for at in 0..taken {
        let again = match kept.next_if(|(k, _)| *k == at) {
            Some((_, step)) => Some(step),
            None => next_step_tallied(&board, &tally, u8::MAX),
        };
        let Some(step) = again else { break };
        tally.apply(&mut board, &step);
        steps.push(step);
    }
    Path {
        steps,
        board,
        outcome: Outcome::Stuck,
    }
}

#[cfg(test)]
mod tests {
    use super::{Step, Technique, replay, solve_steps};
    use crate::Grid;
    use crate::logic::Board;

    #[test]
    fn a_path_replayed_from_the_steps_past_its_singles_is_the_same_path() {
        // Singles, direct steps, subsets, chains.
        for text in [
            "..2...4..394......6..3...1.54.6..9...8..5..2.....3.7......6..7..3.71.......5..2..",
            "8...2..4...7..32.6......5.35.38....2...6.9....1....7...5..94............1.9...83.",
        ] {
            let grid: Grid = text.parse().expect("a puzzle");
            let start = Board::from_grid(&grid);
            let path = solve_steps(start);
            let kept: Vec<(usize, Step)> = path
                .steps
                .iter()
                .enumerate()
                .filter(|(_, s)| s.technique > Technique::HiddenSingleColumn)
                .map(|(at, s)| (at, s.clone()))
                .collect();
            // Any prefix: a path stuck anywhere.
            for taken in [path.steps.len() / 2, path.steps.len()] {
                let kept = kept.iter().filter(|(at, _)| *at < taken).cloned().collect();
                let again = replay(start, taken, kept);
                assert_eq!(again.steps, path.steps[..taken], "{text}");
                if taken == path.steps.len() {
                    assert_eq!(again.board, path.board, "{text}");
                }
            }
        }
    }
}
