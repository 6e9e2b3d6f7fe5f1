//! Techniques that rest on the puzzle having one solution: unique rectangle
//! type 1 and BUG+1. They are sound only for such puzzles, as every rated
//! puzzle is.

use super::board::{Board, digits};
use super::step::{Step, Technique};

/// Four empty cells at the corners of a rectangle over two boxes, three of
/// them with exactly the candidates {a,b} and the fourth with both and
/// more: were the fourth a or b, the four could swap a and b and the puzzle
/// would have two solutions; so it is neither.
pub(super) fn unique_rectangle_1(board: &Board) -> Option<Step> {
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
                    if let Some(step) = rectangle(board, &cells) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

fn rectangle(board: &Board, cells: &[usize; 4]) -> Option<Step> {
    let pairs: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&c| board.candidates(c).count_ones() == 2)
        .collect();
    if pairs.len() != 3 {
        return None;
    }
    let ab = board.candidates(pairs[0]);
    if pairs.iter().any(|&c| board.candidates(c) != ab) {
        return None;
    }
    let &target = cells.iter().find(|c| !pairs.contains(c))?;
    if board.candidates(target) & ab != ab {
        return None;
    }
    let mut pattern = Vec::new();
    for &c in cells {
        for d in digits(ab) {
            pattern.push((c, d));
        }
    }
    Some(Step {
        technique: Technique::UniqueRectangle1,
        placements: Vec::new(),
        eliminations: digits(ab).map(|d| (target, d)).collect(),
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
