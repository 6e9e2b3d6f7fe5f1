//! Basic fish: X-Wing, Swordfish, Jellyfish.

use super::board::{Board, HOUSES, House};
use super::chains::Places;
use super::step::{Step, Technique};

/// `n` base lines (rows, or columns) where a digit's places all lie in `n`
/// cover lines of the other kind: the digit leaves the cover lines outside
/// the base.
pub(super) fn fish(board: &Board, technique: Technique) -> Option<Step> {
    fish_with(board, &Places::of(board), technique)
}

/// [`fish`] with the board's places table already built: the solver asks
/// the three sizes in turn of one board, after the intersections that
/// read the same table.
pub(super) fn fish_with(board: &Board, table: &Places, technique: Technique) -> Option<Step> {
    let n = match technique {
        Technique::XWing => 2,
        Technique::Swordfish => 3,
        _ => 4,
    };
    BARREN.with(|cell| {
        let Ok(mut barren) = cell.try_borrow_mut() else {
            return (1..=9).find_map(|digit| fish_of(board, table, n, digit, technique));
        };
        for digit in 1..=9u8 {
            let key: DigitKey = std::array::from_fn(|row| table.get(row, digit));
            let seen = &mut barren[n as usize - 2][usize::from(digit - 1)];
            if *seen == Some(key) {
                continue;
            }
            match fish_of(board, table, n, digit, technique) {
                Some(step) => return Some(step),
                None => *seen = Some(key),
            }
        }
        None
    })
}

/// A digit's places, row by row: all that a fish of the digit reads.
type DigitKey = [u16; 9];

thread_local! {
    /// Per size of fish and digit, the digit's places as they were the
    /// last time they held no fish of that size: a digit whose places have
    /// not changed since holds none now, and is passed over.
    static BARREN: std::cell::RefCell<[[Option<DigitKey>; 9]; 3]> =
        const { std::cell::RefCell::new([[None; 9]; 3]) };
}

/// The first fish of `n` lines of `digit`: rows as base, then columns.
fn fish_of(board: &Board, table: &Places, n: u32, digit: u8, technique: Technique) -> Option<Step> {
    for (base_kind, cover_kind) in [(0, 9), (9, 0)] {
        let mut places = [0u16; 9];
        let mut usable = 0u16;
        for (line, p) in places.iter_mut().enumerate() {
            *p = table.get(base_kind + line, digit);
            // A line with one place is a hidden single, found before.
            if (2..=n).contains(&super::subsets::size(*p)) {
                usable |= 1 << line;
            }
        }
        let found = super::subsets::within(usable, n, &places, &mut |base, cover| {
            let mut eliminations = Vec::new();
            for c in (0..9).filter(|&c| cover & (1 << c) != 0) {
                for (l, &cell) in HOUSES[cover_kind + c].iter().enumerate() {
                    if base & (1 << l) == 0 && board.has(cell, digit) {
                        eliminations.push((cell, digit));
                    }
                }
            }
            if eliminations.is_empty() {
                return None;
            }
            eliminations.sort_unstable();
            let lines = |kind: usize, mask: u16| {
                (0..9)
                    .filter(move |&l| mask & (1 << l) != 0)
                    .map(move |l| House::from_index(kind + l))
            };
            let mut pattern = Vec::new();
            for l in (0..9).filter(|&l| base & (1 << l) != 0) {
                for &cell in &HOUSES[base_kind + l] {
                    if board.has(cell, digit) {
                        pattern.push((cell, digit));
                    }
                }
            }
            pattern.sort_unstable();
            Some(Step {
                technique,
                placements: Vec::new(),
                eliminations,
                pattern,
                houses: lines(base_kind, base)
                    .chain(lines(cover_kind, cover))
                    .collect(),
            })
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{Places, fish_of, fish_with};
    use crate::logic::step::Technique;

    #[test]
    fn fish_passing_over_unchanged_digits_are_the_fish_of_every_digit() {
        let mut found = 0;
        // Boards one random step apart: most digits keep their places.
        for board in crate::logic::singles::tests::boards() {
            let table = Places::of(&board);
            for (n, t) in [
                (2, Technique::XWing),
                (3, Technique::Swordfish),
                (4, Technique::Jellyfish),
            ] {
                let step = fish_with(&board, &table, t);
                found += usize::from(step.is_some());
                let every = (1..=9).find_map(|d| fish_of(&board, &table, n, d, t));
                assert_eq!(step, every);
            }
        }
        assert!(found > 100, "{found}");
    }

    #[test]
    fn the_places_table_holds_each_house_s_positions_of_each_digit() {
        for board in crate::logic::singles::tests::boards() {
            let table = Places::of(&board);
            for h in 0..27 {
                for d in 1..=9 {
                    assert_eq!(table.get(h, d), board.positions(h, d));
                }
            }
        }
    }
}
