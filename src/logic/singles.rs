//! Singles: full house, hidden single (box, row, column), naked single.

use super::board::{ALL_DIGITS, Board, HOUSES, House, bit, digits};
use super::step::{Step, Technique};

/// The last empty cell of a house takes the one digit the house lacks.
pub(super) fn full_house(board: &Board) -> Option<Step> {
    for (h, cells) in HOUSES.iter().enumerate() {
        let mut empty = cells.iter().filter(|&&c| board.value(c) == 0);
        let (Some(&cell), None) = (empty.next(), empty.next()) else {
            continue;
        };
        let placed = cells.iter().fold(0, |m, &c| {
            if board.value(c) == 0 {
                m
            } else {
                m | bit(board.value(c))
            }
        });
        let missing = ALL_DIGITS & !placed;
        // A board whose marks already exclude the missing digit is broken;
        // claiming the digit anyway would be no deduction.
        if missing.count_ones() == 1 && board.candidates(cell) & missing != 0 {
            let digit = digits(missing).next()?;
            return Some(Step {
                technique: Technique::FullHouse,
                placements: vec![(cell, digit)],
                eliminations: Vec::new(),
                pattern: vec![(cell, digit)],
                houses: vec![House::from_index(h)],
            });
        }
    }
    None
}

/// A digit with one place left in a house of the given kind: houses
/// `first..first + 9` of [`HOUSES`].
pub(super) fn hidden_single(board: &Board, technique: Technique) -> Option<Step> {
    let first = match technique {
        Technique::HiddenSingleRow => 0,
        Technique::HiddenSingleColumn => 9,
        _ => 18,
    };
    for (h, cells) in HOUSES.iter().enumerate().skip(first).take(9) {
        // The digits seen once and those seen again, in one pass over the
        // house: the lowest digit seen once only is the first single.
        let (mut once, mut again) = (0u16, 0u16);
        for &c in cells {
            let m = board.candidates(c);
            again |= once & m;
            once |= m;
        }
        if let Some(digit) = digits(once & !again).next() {
            let positions = board.positions(h, digit);
            let cell = cells[positions.trailing_zeros() as usize];
            return Some(Step {
                technique,
                placements: vec![(cell, digit)],
                eliminations: Vec::new(),
                pattern: vec![(cell, digit)],
                houses: vec![House::from_index(h)],
            });
        }
    }
    None
}

/// A cell with one candidate left.
pub(super) fn naked_single(board: &Board) -> Option<Step> {
    (0..81).find_map(|cell| {
        let mask = board.candidates(cell);
        (mask.count_ones() == 1).then(|| {
            let digit = mask.trailing_zeros() as u8 + 1;
            Step {
                technique: Technique::NakedSingle,
                placements: vec![(cell, digit)],
                eliminations: Vec::new(),
                pattern: vec![(cell, digit)],
                houses: Vec::new(),
            }
        })
    })
}
