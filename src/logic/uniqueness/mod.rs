//! Techniques that rest on the puzzle having one solution: unique
//! rectangles and loops (types 1 to 4) and the bivalue universal grave
//! (BUG, types 1 to 4). They are sound only for such puzzles, as every
//! rated puzzle is.
//!
//! Each family is searched as Sudoku Explainer searches it: every hint of
//! the family is found, and the lowest rated (for loops, then the lowest
//! type) is the one taken, so that paths and ratings follow SE's.

mod bug;
mod loops;

use super::board::Board;
use super::step::{Step, Technique};

pub(super) use bug::bug;
pub(super) use loops::{loop_len, loop_rating, unique_loop};

/// The four unique-loop techniques and their type numbers, SE's tie-break
/// between loop hints of equal rating.
pub(super) fn loop_type(technique: Technique) -> Option<u8> {
    match technique {
        Technique::UniqueRectangle1 => Some(1),
        Technique::UniqueRectangle2 => Some(2),
        Technique::UniqueRectangle3 | Technique::UniqueRectangle3Hidden => Some(3),
        Technique::UniqueRectangle4 => Some(4),
        _ => None,
    }
}

/// The first step of `technique` alone (a test asks for one type), or with
/// `None` the step SE takes among every hint of the family.
pub(super) fn find(board: &Board, technique: Technique) -> Option<Step> {
    if loop_type(technique).is_some() {
        unique_loop(board, Some(technique))
    } else {
        bug(board, Some(technique))
    }
}
