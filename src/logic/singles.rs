//! Singles: full house, hidden single (box, row, column), naked single.

use super::board::{ALL_DIGITS, Board, HOUSES, HOUSES_CONST, House, bit, digits};
use super::step::{Step, Technique};

/// The cells of each house as a mask (bit `cell`), for counting a house's
/// empty cells in one step.
const HOUSE_CELLS: [u128; 27] = {
    let mut t = [0u128; 27];
    let mut h = 0;
    while h < 27 {
        let mut i = 0;
        while i < 9 {
            t[h] |= 1 << HOUSES_CONST[h][i];
            i += 1;
        }
        h += 1;
    }
    t
};

/// The last empty cell of a house takes the one digit the house lacks.
pub(super) fn full_house(board: &Board) -> Option<Step> {
    // Asked before every step: the empty cells once as a mask, then each
    // house's is a test on its bits rather than nine reads.
    // In two 64-bit halves: a fixed count of byte tests into one word is
    // what the compiler turns into a few vector compares.
    let low = (0..64).fold(0u64, |m, c| m | u64::from(board.value(c) == 0) << c);
    let high = (64..81).fold(0u64, |m, c| m | u64::from(board.value(c) == 0) << (c - 64));
    let empty = u128::from(low) | u128::from(high) << 64;
    for (h, cells) in HOUSES.iter().enumerate() {
        let here = empty & HOUSE_CELLS[h];
        // Exactly one bit, without a popcount: the portable build has no
        // instruction for it.
        if here == 0 || here & (here - 1) != 0 {
            continue;
        }
        let cell = here.trailing_zeros() as usize;
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
        (mask != 0 && mask & (mask - 1) == 0).then(|| {
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
