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
    for digit in 1..=9 {
        for (base_kind, cover_kind) in [(0, 9), (9, 0)] {
            let mut places = [0u16; 9];
            let mut usable = 0u16;
            for (line, p) in places.iter_mut().enumerate() {
                *p = table.get(base_kind + line, digit);
                // A line with one place is a hidden single, found before.
                if (2..=n).contains(&p.count_ones()) {
                    usable |= 1 << line;
                }
            }
            for base in super::subsets::combinations(n).filter(|&m| m & !usable == 0) {
                let cover = (0..9)
                    .filter(|&l| base & (1 << l) != 0)
                    .fold(0u16, |m, l| m | places[l]);
                if cover.count_ones() != n {
                    continue;
                }
                let mut eliminations = Vec::new();
                for c in (0..9).filter(|&c| cover & (1 << c) != 0) {
                    for (l, &cell) in HOUSES[cover_kind + c].iter().enumerate() {
                        if base & (1 << l) == 0 && board.has(cell, digit) {
                            eliminations.push((cell, digit));
                        }
                    }
                }
                if eliminations.is_empty() {
                    continue;
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
                return Some(Step {
                    technique,
                    placements: Vec::new(),
                    eliminations,
                    pattern,
                    houses: lines(base_kind, base)
                        .chain(lines(cover_kind, cover))
                        .collect(),
                });
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::Places;

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
