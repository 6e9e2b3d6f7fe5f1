//! The bivalue universal grave (BUG). Were every empty cell bivalue and
//! every digit in exactly two places of each house it has, the candidates
//! would form a deadly pattern: two solutions. So in a puzzle with one
//! solution, the cells holding more than two candidates (the BUG cells)
//! cannot all drop their extra digits: at least one extra digit is true.
//! Type 1: one BUG cell: its extra digit is placed. Type 2: one extra digit
//! shared by every BUG cell: it leaves every cell that sees them all.
//! Type 3: the extra digits, as one cell, form a naked subset with other
//! cells of a house all BUG cells are in. Type 4: two BUG cells in a house
//! where a non-extra digit they share is in no other cell: each is that
//! digit or its extra digit.

use super::super::board::PEER_MASKS;
use super::super::board::{Board, Digits, HOUSES, box_of, col_of, digits, row_of};
use super::super::chains::Places;
use super::super::step::{Step, Technique};
use super::super::subsets::size;

/// The BUG cells and their extra digits, and the cells that see every BUG
/// cell, as SE finds them; `None` when the board is not a BUG pattern.
struct Grave {
    cells: Vec<usize>,
    extra: [Digits; 81],
    all_extra: Digits,
    common: Vec<usize>,
}

/// SE's order of region kinds: boxes, rows, columns.
fn house(kind: usize, index: usize) -> usize {
    [18, 0, 9][kind] + index
}

fn grave(board: &Board) -> Option<Grave> {
    let mut rest = *board;
    let mut g = Grave {
        cells: Vec::new(),
        extra: [0; 81],
        all_extra: 0,
        common: Vec::new(),
    };
    // Masks (bit `cell`) of the BUG cells and of the cells seeing them all.
    let mut bug_cells = 0u128;
    let mut common: Option<u128> = None;
    let places = Places::of(board);
    for kind in 0..3 {
        for index in 0..9 {
            let h = house(kind, index);
            // The positions of the house's cells of three candidates or more.
            let wide_here = HOUSES[h]
                .iter()
                .enumerate()
                .filter(|&(_, &c)| size(board.candidates(c)) >= 3)
                .fold(0u16, |m, (i, _)| m | 1 << i);
            for digit in 1..=9u8 {
                let places = places.get(h, digit);
                if matches!(size(places), 0 | 2) {
                    continue;
                }
                let wide = places & wide_here;
                // Two wide cells here: this house cannot tell which one
                // is off; another house will.
                if wide == 0 {
                    return None;
                }
                if wide & (wide - 1) != 0 {
                    continue;
                }
                let cell = HOUSES[h][wide.trailing_zeros() as usize];
                if bug_cells & 1 << cell == 0 {
                    bug_cells |= 1 << cell;
                    g.cells.push(cell);
                }
                g.extra[cell] |= 1 << (digit - 1);
                g.all_extra |= 1 << (digit - 1);
                rest.eliminate(cell, digit);
                let seen = common.get_or_insert(PEER_MASKS[cell]);
                *seen &= PEER_MASKS[cell] & !bug_cells;
                if g.cells.len() > 1 && size(g.all_extra) > 1 && *seen == 0 {
                    return None;
                }
            }
        }
    }
    let deadly = (0..81).all(|c| rest.value(c) != 0 || size(rest.candidates(c)) == 2)
        && (0..27).all(|h| (1..=9).all(|d| matches!(rest.positions(h, d).count_ones(), 0 | 2)));
    if !deadly || g.cells.is_empty() {
        return None;
    }
    let mut common = common.unwrap_or_default();
    while common != 0 {
        g.common.push(common.trailing_zeros() as usize);
        common &= common - 1;
    }
    Some(g)
}

/// The first BUG step SE makes on `board` (or the first of one type).
pub(in crate::logic) fn bug(board: &Board, wanted: Option<Technique>) -> Option<Step> {
    let g = grave(board)?;
    let mut steps = Vec::new();
    if let &[cell] = g.cells.as_slice() {
        steps.push(type_1(board, &g, cell));
    } else if g.all_extra.count_ones() == 1 {
        steps.extend(type_2(board, &g));
        if g.cells.len() == 2 {
            steps.extend(type_4(board, &g));
        }
    } else if !g.common.is_empty() {
        if g.cells.len() == 2 {
            steps.extend(type_4(board, &g));
        }
        steps.extend(type_3(board, &g));
    }
    steps
        .into_iter()
        .find(|s| wanted.is_none_or(|t| t == s.technique))
}

fn type_1(board: &Board, g: &Grave, cell: usize) -> Step {
    let extra = g.extra[cell];
    // One extra digit: it is the cell's digit. More: the others leave it.
    let (placements, eliminations) = if extra.count_ones() == 1 {
        (digits(extra).map(|d| (cell, d)).collect(), Vec::new())
    } else {
        let others = board.candidates(cell) & !extra;
        (Vec::new(), digits(others).map(|d| (cell, d)).collect())
    };
    Step {
        technique: Technique::Bug1,
        placements,
        eliminations,
        pattern: (0..81)
            .flat_map(|c| digits(board.candidates(c)).map(move |d| (c, d)))
            .collect(),
        houses: Vec::new(),
    }
}

fn extra_pattern(g: &Grave) -> Vec<(usize, u8)> {
    g.cells
        .iter()
        .flat_map(|&c| digits(g.extra[c]).map(move |d| (c, d)))
        .collect()
}

fn type_2(board: &Board, g: &Grave) -> Option<Step> {
    let x = digits(g.all_extra).next()?;
    let eliminations: Vec<(usize, u8)> = g
        .common
        .iter()
        .filter(|&&c| board.has(c, x))
        .map(|&c| (c, x))
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    Some(Step {
        technique: Technique::Bug2,
        placements: Vec::new(),
        eliminations,
        pattern: extra_pattern(g),
        houses: Vec::new(),
    })
}

/// The house of `kind` that holds every cell of `cells`, if one does.
fn shared(kind: usize, cells: &[usize]) -> Option<usize> {
    let of = |c: usize| house(kind, [box_of(c), row_of(c), col_of(c)][kind]);
    let first = of(*cells.first()?);
    cells.iter().all(|&c| of(c) == first).then_some(first)
}

fn type_4(board: &Board, g: &Grave) -> Option<Step> {
    let (c1, c2) = (g.cells[0], g.cells[1]);
    let common = board.candidates(c1) & board.candidates(c2) & !g.all_extra;
    if common.count_ones() != 1 {
        return None;
    }
    let region = (0..3).find_map(|kind| shared(kind, &[c1, c2]))?;
    let mut eliminations = Vec::new();
    for c in [c1, c2] {
        let off = board.candidates(c) & !g.extra[c] & !common;
        eliminations.extend(digits(off).map(|d| (c, d)));
    }
    eliminations.sort_unstable();
    let mut pattern = extra_pattern(g);
    pattern.extend(digits(common).flat_map(|d| [(c1, d), (c2, d)]));
    Some(Step {
        technique: Technique::Bug4,
        placements: Vec::new(),
        eliminations,
        pattern,
        houses: vec![super::super::board::House::from_index(region)],
    })
}

fn type_3(board: &Board, g: &Grave) -> Vec<Step> {
    let mut steps = Vec::new();
    for kind in 0..3 {
        let Some(region) = shared(kind, &g.cells) else {
            continue;
        };
        let in_region: Vec<usize> = g
            .common
            .iter()
            .copied()
            .filter(|c| HOUSES[region].contains(c))
            .collect();
        for degree in 2..=6usize {
            if in_region.len() < degree {
                continue;
            }
            let n = in_region.len();
            for combo in (0u32..(1 << n)).filter(|m| m.count_ones() as usize == degree - 1) {
                let chosen: Vec<usize> = (0..n)
                    .filter(|i| combo & (1 << i) != 0)
                    .map(|i| in_region[i])
                    .collect();
                let others = chosen
                    .iter()
                    .fold(0, |m: Digits, &c| m | board.candidates(c));
                if others.count_ones() as usize != degree {
                    continue;
                }
                let naked = others | g.all_extra;
                let narrow = chosen
                    .iter()
                    .any(|&c| board.candidates(c).count_ones() <= 1);
                if narrow || g.all_extra.count_ones() <= 1 || naked.count_ones() as usize != degree
                {
                    continue;
                }
                let mut eliminations: Vec<(usize, u8)> = in_region
                    .iter()
                    .filter(|c| !chosen.contains(c) && !g.cells.contains(c))
                    .flat_map(|&c| digits(board.candidates(c) & naked).map(move |d| (c, d)))
                    .collect();
                if eliminations.is_empty() {
                    continue;
                }
                eliminations.sort_unstable();
                let mut pattern = extra_pattern(g);
                pattern.extend(
                    chosen
                        .iter()
                        .flat_map(|&c| digits(board.candidates(c)).map(move |d| (c, d))),
                );
                steps.push(Step {
                    technique: Technique::Bug3,
                    placements: Vec::new(),
                    eliminations,
                    pattern,
                    houses: vec![super::super::board::House::from_index(region)],
                });
            }
        }
    }
    steps
}
