//! Keeping only puzzles whose rating lies in a range: the logical solver's
//! path, cut short as soon as it proves the puzzle too hard.

use crate::Grid;
use crate::logic::{Board, Outcome, Path, Rating, next_step};

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
        let step = next_step(&board)?;
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
