//! Techniques that rest on the puzzle having one solution: unique
//! rectangles (types 1, 2 and 4) and BUG+1. They are sound only for such puzzles, as every rated
//! puzzle is.

use super::board::{Board, HOUSES, digits, sees};
use super::step::{Step, Technique};

/// Four empty cells at the corners of a rectangle over two boxes, all with
/// the candidates {a,b}: were they only a and b, they could swap them and
/// the puzzle would have two solutions. So some corner holds another digit:
/// type 1, three corners are {a,b} only: the fourth is neither a nor b;
/// type 2, the other two corners are {a,b,x} with the same x: x is in one
/// of them, so it leaves every cell that sees both; type 4, the other two
/// share a house where a has no other place: one of them is a, so neither
/// is b.
pub(super) fn unique_rectangle(board: &Board, technique: Technique) -> Option<Step> {
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    let cells = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                    // Two boxes: the rows share a band or the columns a
                    // stack, not both (that would be one box).
                    let two_boxes = (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3);
                    if !two_boxes || cells.iter().any(|&c| board.value(c) != 0) {
                        continue;
                    }
                    if let Some(step) = rectangle(board, &cells, technique) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

fn rectangle(board: &Board, cells: &[usize; 4], technique: Technique) -> Option<Step> {
    let &first = cells
        .iter()
        .find(|&&c| board.candidates(c).count_ones() == 2)?;
    let ab = board.candidates(first);
    if cells.iter().any(|&c| board.candidates(c) & ab != ab) {
        return None;
    }
    let (floor, roof): (Vec<usize>, Vec<usize>) =
        cells.iter().partition(|&&c| board.candidates(c) == ab);
    let eliminations: Vec<(usize, u8)> = match (technique, roof.as_slice()) {
        (Technique::UniqueRectangle1, &[target]) => digits(ab).map(|d| (target, d)).collect(),
        (Technique::UniqueRectangle2, &[p, q]) => {
            let extra = board.candidates(p) & !ab;
            if extra.count_ones() != 1 || board.candidates(q) & !ab != extra {
                return None;
            }
            let x = extra.trailing_zeros() as u8 + 1;
            (0..81)
                .filter(|&c| board.has(c, x) && sees(c, p) && sees(c, q))
                .map(|c| (c, x))
                .collect()
        }
        (Technique::UniqueRectangle4, &[p, q]) => {
            let mut ds = digits(ab);
            let (Some(a), Some(b)) = (ds.next(), ds.next()) else {
                return None;
            };
            let shared = HOUSES.iter().filter(|h| h.contains(&p) && h.contains(&q));
            let mut found = Vec::new();
            for house in shared {
                let only_here = |d: u8| house.iter().all(|&c| c == p || c == q || !board.has(c, d));
                if let Some(other) = [(a, b), (b, a)]
                    .into_iter()
                    .find_map(|(locked, other)| only_here(locked).then_some(other))
                {
                    found = vec![(p, other), (q, other)];
                    break;
                }
            }
            found
        }
        _ => return None,
    };
    if eliminations.is_empty() {
        return None;
    }
    let mut pattern = Vec::new();
    for &c in floor.iter().chain(&roof) {
        for d in digits(ab) {
            pattern.push((c, d));
        }
    }
    Some(Step {
        technique,
        placements: Vec::new(),
        eliminations,
        pattern,
        houses: Vec::new(),
    })
}

/// Every empty cell bivalue but one with three candidates: of these, the
/// digit without which every digit would have exactly two places in every
/// house where it has any (a deadly pattern, two solutions) must be there.
pub(super) fn bug_1(board: &Board) -> Option<Step> {
    let mut triple = None;
    for cell in 0..81 {
        if board.value(cell) != 0 {
            continue;
        }
        match board.candidates(cell).count_ones() {
            2 => {}
            3 if triple.is_none() => triple = Some(cell),
            _ => return None,
        }
    }
    let cell = triple?;
    for digit in digits(board.candidates(cell)) {
        let mut rest = *board;
        rest.eliminate(cell, digit);
        let deadly =
            (0..27).all(|h| (1..=9).all(|d| matches!(rest.positions(h, d).count_ones(), 0 | 2)));
        if deadly {
            let pattern = (0..81)
                .flat_map(|c| digits(board.candidates(c)).map(move |d| (c, d)))
                .collect();
            return Some(Step {
                technique: Technique::Bug1,
                placements: vec![(cell, digit)],
                eliminations: Vec::new(),
                pattern,
                houses: Vec::new(),
            });
        }
    }
    None
}
