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
    let kind = usize::from(pointing);
    if !direct {
        let known = FIRST.with(|f| match &f.borrow()[kind] {
            Some((seen, first)) if seen == board => Some(*first),
            _ => None,
        });
        if let Some(first) = known {
            return first.map(|(a, b, digit)| step(places, technique, a, b, digit, None));
        }
    }
    // The first pattern that removes anything: the plain form's step, kept
    // when the direct form finds none.
    let mut first = None;
    let confined = if pointing { 18..27 } else { 0..18 };
    for a in confined {
        // Each digit with two places or more in `a` (one place is a hidden
        // single, found before this) under the crossing house that holds
        // them all, if one does; read from the places' rows, columns or
        // boxes rather than tried against each crossing house.
        let crossing = crossing_houses(a);
        let mut confined_to = [0u16; 6];
        for digit in 1..=9u8 {
            let p = places.get(a, digit);
            if p & p.wrapping_sub(1) == 0 {
                continue;
            }
            // The third of the positions holding them all (a row of a box
            // or a box of a line), else for a box the column that does.
            let [third, column] = CONFINED[usize::from(p)];
            if third < 3 {
                confined_to[usize::from(third)] |= bit(digit);
            } else if a >= 18 && column < 3 {
                confined_to[3 + usize::from(column)] |= bit(digit);
            }
        }
        // In the order of the crossing houses, then of the digits.
        for (&b, &mask) in crossing.iter().zip(&confined_to) {
            for digit in digits(mask) {
                let rest = places.get(b, digit) & !SHARED[b][a];
                if rest == 0 {
                    continue;
                }
                if !direct {
                    return Some(step(places, technique, a, b, digit, None));
                }
                first.get_or_insert((a, b, digit));
                // The removed cells as a mask: the direct forms try many
                // patterns that leave no single, and those allocate nothing.
                let removed = cells_at(b, rest).fold(0u128, |m, c| m | 1 << c);
                let kind = (a / 9) * 9..(a / 9) * 9 + 9;
                let Some(single) = following_single(board, kind, a, b, digit, removed) else {
                    continue;
                };
                return Some(step(places, technique, a, b, digit, Some(single)));
            }
        }
    }
    if direct {
        FIRST.with(|f| f.borrow_mut()[kind] = Some((*board, first)));
    }
    None
}

/// A confining house, the house crossing it and the digit: one pattern.
type Pattern = (usize, usize, u8);

/// A board, and the first pattern of one kind that removes anything there.
type Known = Option<(Board, Option<Pattern>)>;

thread_local! {
    /// Per kind (claiming, pointing), the last board where the direct form
    /// found nothing, and the first pattern of the kind that removes
    /// anything there: the plain form, asked next of the same board, takes
    /// it without a second scan.
    static FIRST: std::cell::RefCell<[Known; 2]> =
        const { std::cell::RefCell::new([None, None]) };
}

/// The step of `digit` confined in house `a` to its cells in house `b`,
/// leaving the rest of `b`; with `single`, the hidden single it leaves.
fn step(
    places: &Places,
    technique: Technique,
    a: usize,
    b: usize,
    digit: u8,
    single: Option<(usize, usize)>,
) -> Step {
    let positions = places.get(a, digit);
    let rest = places.get(b, digit) & !SHARED[b][a];
    let mut houses = vec![House::from_index(a), House::from_index(b)];
    let mut placements = Vec::new();
    if let Some((h, cell)) = single {
        houses.push(House::from_index(h));
        placements.push((cell, digit));
    }
    Step {
        technique,
        placements,
        eliminations: cells_at(b, rest).map(|c| (c, digit)).collect(),
        pattern: cells_at(a, positions).map(|c| (c, digit)).collect(),
        houses,
    }
}

/// For each 9-bit mask of positions, the only third (positions 0-2, 3-5 or
/// 6-8) that holds them all and the only column of a box (positions
/// `i % 3`) that does, each 3 when there is none: read for every house and
/// digit at every step.
static CONFINED: [[u8; 2]; 512] = {
    let mut t = [[3u8; 2]; 512];
    let mut p = 1u16;
    while p < 512 {
        let thirds =
            (p & 0o7 != 0) as u16 | ((p & 0o70 != 0) as u16) << 1 | ((p & 0o700 != 0) as u16) << 2;
        if thirds & (thirds - 1) == 0 {
            t[p as usize][0] = thirds.trailing_zeros() as u8;
        }
        let columns = (p | p >> 3 | p >> 6) & 0o7;
        if columns & (columns - 1) == 0 {
            t[p as usize][1] = columns.trailing_zeros() as u8;
        }
        p += 1;
    }
    t
};

/// The houses crossing house `a` of the other kind, in increasing order:
/// for a box its three rows, then its three columns; for a line its three
/// boxes. Position `i` of `a` lies in the `i / 3`-th of the first three (a
/// box's rows, a line's boxes) and, in a box, in the `i % 3`-th column.
const fn crossing_houses(a: usize) -> [usize; 6] {
    if a >= 18 {
        let (r, c) = (((a - 18) / 3) * 3, ((a - 18) % 3) * 3);
        [r, r + 1, r + 2, 9 + c, 10 + c, 11 + c]
    } else if a >= 9 {
        let c = a - 9;
        [18 + c / 3, 21 + c / 3, 24 + c / 3, 0, 0, 0]
    } else {
        let r = (a / 3) * 3;
        [18 + r, 19 + r, 20 + r, 0, 0, 0]
    }
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

#[cfg(test)]
mod tests {
    use super::{House, following_single, intersection_with};
    use super::{Places, SHARED, Step, Technique, bit, cells_at, crosses, digits};
    use crate::logic::board::Board;

    /// The search as SE words it: each confining house, each house crossing
    /// it, each digit.
    fn plain(board: &Board, places: &Places, technique: Technique) -> Option<Step> {
        let (pointing, direct) = match technique {
            Technique::Pointing => (true, false),
            Technique::Claiming => (false, false),
            Technique::DirectPointing => (true, true),
            _ => (false, true),
        };
        let confined = if pointing { 18..27 } else { 0..18 };
        for a in confined {
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

    #[test]
    fn confined_digits_read_by_thirds_are_those_tried_house_by_house() {
        let mut found = 0;
        for board in crate::logic::singles::tests::boards() {
            let places = Places::of(&board);
            for t in [
                Technique::DirectPointing,
                Technique::DirectClaiming,
                Technique::Pointing,
                Technique::Claiming,
            ] {
                let step = intersection_with(&board, &places, t);
                found += usize::from(step.is_some());
                assert_eq!(step, plain(&board, &places, t));
            }
        }
        assert!(found > 1000, "{found}");
    }
}
