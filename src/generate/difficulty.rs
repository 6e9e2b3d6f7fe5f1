//! Keeping only puzzles whose rating lies in a range: the logical solver's
//! path, cut short as soon as it proves the puzzle too hard.

use crate::Grid;
use crate::logic::{Board, Outcome, Path, Rating, Step, Technique, find, next_step};

/// A range of ER on Sudoku Explainer's scale, both ends included. Ratings
/// have one decimal, and are compared as such.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingRange {
    /// The lowest ER accepted.
    pub min: f32,
    /// The highest ER accepted.
    pub max: f32,
}

/// Half the step between two ratings of one decimal: what makes `7.2`
/// stored as a float compare equal to `7.2` written in a range.
const HALF_STEP: f32 = 0.05;

impl RatingRange {
    /// True when `er` lies in the range.
    pub fn contains(&self, er: f32) -> bool {
        er >= self.min - HALF_STEP && er <= self.max + HALF_STEP
    }

    /// True when a puzzle solved by singles alone (ER at most 2.3, the
    /// naked single's rating) cannot lie in the range.
    pub(super) fn above_singles(&self) -> bool {
        self.min - HALF_STEP > 2.3
    }
}

/// The rating of `puzzle` when it lies in `range`; `None` when it does not,
/// or when the logical solver gets stuck (the puzzle then has no ER).
pub(super) fn rated_within(puzzle: &Grid, range: RatingRange) -> Option<Rating> {
    let mut board = Board::from_grid(puzzle);
    let mut steps = Vec::new();
    while !board.is_solved() {
        let step = easiest_within(&board, range.max + HALF_STEP)?;
        // The ER only grows along the path: past the top, no need to go on.
        if step.rating() > range.max + HALF_STEP {
            return None;
        }
        board.apply(&step);
        steps.push(step);
    }
    let rating = Path {
        steps,
        board,
        outcome: Outcome::Solved,
    }
    .rating();
    range.contains(rating.er).then_some(rating)
}

/// The step [`next_step`] takes from `board` when it rates at most `top`;
/// `None` when that step rates higher, or there is none.
///
/// The techniques are tried in the order `next_step` tries them, which is
/// by rating; those above `top` need not be tried at all. That spares the
/// chain searches, by far the costliest, whenever `top` is below the
/// lowest chain rating, and most puzzles of a random sample need one.
fn easiest_within(board: &Board, top: f32) -> Option<Step> {
    let chains = Technique::ALL.iter().find(|t| t.is_chain())?;
    if top >= chains.rating() {
        return next_step(board);
    }
    if (0..81).any(|c| board.value(c) == 0 && board.candidates(c) == 0) {
        return None;
    }
    Technique::ALL
        .iter()
        .take_while(|t| t.rating() <= top)
        .find_map(|&t| find(board, t))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_compare_on_one_decimal() {
        let range = RatingRange { min: 2.6, max: 7.2 };
        assert!(range.contains(2.6) && range.contains(7.2) && range.contains(4.0));
        assert!(!range.contains(2.5) && !range.contains(7.3));
        assert!(range.above_singles());
        assert!(!RatingRange { min: 2.3, max: 9.0 }.above_singles());
    }

    #[test]
    fn the_capped_step_is_the_easiest_step_whenever_it_is_low_enough() {
        // Along the path of a puzzle that needs most families, the capped
        // search gives the step next_step gives, or none when it rates
        // above the cap.
        let puzzle: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .expect("a board");
        let mut board = Board::from_grid(&puzzle);
        let mut checked = 0;
        while let Some(step) = next_step(&board) {
            for top in [2.5, 4.0, 6.0] {
                let capped = easiest_within(&board, top);
                if step.rating() <= top {
                    assert_eq!(capped.as_ref(), Some(&step));
                } else {
                    assert_eq!(capped, None);
                }
                checked += 1;
            }
            board.apply(&step);
        }
        assert!(checked > 100, "{checked}");
    }

    #[test]
    fn a_puzzle_is_kept_only_inside_its_range() {
        // Solved by hidden singles: ER 1.5 or less.
        let easy: Grid =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
                .parse()
                .expect("a board");
        let rating = rated_within(&easy, RatingRange { min: 1.0, max: 2.5 }).expect("easy");
        assert!(rating.er <= 2.5);
        assert_eq!(
            rated_within(&easy, RatingRange { min: 3.0, max: 9.0 }),
            None
        );
    }
}
