//! Intersections: pointing and claiming, and SE's direct forms of them that
//! go on to a hidden single.

use super::board::{Board, HOUSES, House, SHARED, bit, digits};
use super::chains::Places;
use super::step::{Step, Technique};

/// Do two houses share cells? A line and a box, or a house and itself.
fn crosses(a: usize, b: usize) -> bool {
    SHARED[a][b] != 0
}

/// The cells of house `h` at the positions `mask`, in order.
fn cells_at(h: usize, mask: u16) -> impl Iterator<Item = usize> {
    HOUSES[h]
        .iter()
        .enumerate()
        .filter(move |&(i, _)| mask & (1 << i) != 0)
        .map(|(_, &c)| c)
}

/// Pointing (`confined` boxes, `other` lines) or claiming (`confined` lines,
/// `other` boxes): `digit` has all its places in house `a` inside house `b`,
/// so it leaves the rest of `b`. With `direct`, only those whose
/// eliminations leave a hidden single of the digit in another house of the
/// kind of `a`, and that single is placed.
pub(super) fn intersection(board: &Board, technique: Technique) -> Option<Step> {
    intersection_with(board, &Places::of(board), technique)
}

/// [`intersection`] with the board's places table already built: the
/// solver asks the four kinds in turn of one board.
pub(super) fn intersection_with(
    board: &Board,
    places: &Places,
    technique: Technique,
) -> Option<Step> {
    let (pointing, direct) = match technique {
        Technique::Pointing => (true, false),
        Technique::Claiming => (false, false),
        Technique::DirectPointing => (true, true),
        _ => (false, true),
    };
    let confined = if pointing { 18..27 } else { 0..18 };
    for a in confined {
        // The digits with two places or more in `a`, once for all its
        // crossing houses (one place is a hidden single, found before this).
        let several = (1..=9u8).fold(0, |m, d| {
            let p = places.get(a, d);
            if p & p.wrapping_sub(1) != 0 {
                m | bit(d)
            } else {
                m
            }
        });
        let others = if pointing { 0..18 } else { 18..27 };
        for b in others.filter(|&b| crosses(a, b)) {
            for digit in digits(several) {
                let positions = places.get(a, digit);
                if positions & !SHARED[a][b] != 0 {
                    continue;
                }
                let rest = places.get(b, digit) & !SHARED[b][a];
                if rest == 0 {
                    continue;
                }
                // The removed cells as a mask: the direct forms try many
                // patterns that leave no single, and those allocate nothing.
                let removed = cells_at(b, rest).fold(0u128, |m, c| m | 1 << c);
                let mut houses = vec![House::from_index(a), House::from_index(b)];
                let mut placements = Vec::new();
                if direct {
                    let kind = (a / 9) * 9..(a / 9) * 9 + 9;
                    let Some((h, cell)) = following_single(board, kind, a, b, digit, removed)
                    else {
                        continue;
                    };
                    houses.push(House::from_index(h));
                    placements.push((cell, digit));
                }
                return Some(Step {
                    technique,
                    placements,
                    eliminations: cells_at(b, rest).map(|c| (c, digit)).collect(),
                    pattern: cells_at(a, positions).map(|c| (c, digit)).collect(),
                    houses,
                });
            }
        }
    }
    None
}

/// A house of the kind of `a` (the range `kind` of [`HOUSES`]), crossing `b`, where `digit` has
/// more than one place now and exactly one once the cells of `removed` (a mask, bit `cell`)
/// lose it.
fn following_single(
    board: &Board,
    kind: std::ops::Range<usize>,
    a: usize,
    b: usize,
    digit: u8,
    removed: u128,
) -> Option<(usize, usize)> {
    for h in kind.filter(|&h| h != a && crosses(h, b)) {
        let (mut places, mut left, mut last) = (0, 0, 0);
        for &c in HOUSES[h].iter().filter(|&&c| board.has(c, digit)) {
            places += 1;
            if removed & (1 << c) == 0 {
                left += 1;
                last = c;
            }
        }
        if places >= 2 && left == 1 {
            return Some((h, last));
        }
    }
    None
}
