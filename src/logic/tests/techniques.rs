//! Each technique on a hand-made position where it must fire: the exact
//! step and its text. Positions start from an empty board (every digit a
//! candidate everywhere) and remove candidates, as a player's marks would.

use crate::Grid;
use crate::logic::{Board, Step, Technique, bit, find};

/// Cell index of a 1-based (row, column).
fn rc(row: usize, col: usize) -> usize {
    (row - 1) * 9 + col - 1
}

fn open() -> Board {
    Board::from_grid(&Grid::EMPTY)
}

/// Removes `digit` from every cell of `cells`.
fn remove(board: &mut Board, cells: impl IntoIterator<Item = usize>, digit: u8) {
    for c in cells {
        board.eliminate(c, digit);
    }
}

/// Leaves `cell` with exactly the candidates `digits`.
fn keep(board: &mut Board, cell: usize, digits: &[u8]) {
    for d in 1..=9 {
        if !digits.contains(&d) {
            board.eliminate(cell, d);
        }
    }
}

fn row(r: usize) -> impl Iterator<Item = usize> {
    (1..=9).map(move |c| rc(r, c))
}

fn found(board: &Board, technique: Technique) -> Step {
    match find(board, technique) {
        Some(step) => step,
        None => panic!("{technique:?} not found"),
    }
}

#[test]
fn full_house_fills_the_last_cell_of_a_row() {
    let mut grid = Grid::EMPTY;
    for (c, d) in (0..8).zip(1..) {
        grid.set(0, c, d);
    }
    let step = found(&Board::from_grid(&grid), Technique::FullHouse);
    assert_eq!(step.placements, vec![(rc(1, 9), 9)]);
    assert_eq!(step.to_string(), "Full House in row 1: r1c9=9");
    assert_eq!(step.rating(), 1.0);
}

#[test]
fn hidden_singles_by_house_kind() {
    let mut board = open();
    remove(
        &mut board,
        [rc(1, 7), rc(1, 8), rc(1, 9), rc(2, 7), rc(2, 9)],
        7,
    );
    remove(&mut board, [rc(3, 7), rc(3, 8), rc(3, 9)], 7);
    let step = found(&board, Technique::HiddenSingleBox);
    assert_eq!(step.to_string(), "Hidden Single in box 3: r2c8=7");
    assert_eq!(step.rating(), 1.2);

    let mut board = open();
    remove(&mut board, row(4).filter(|&c| c != rc(4, 6)), 3);
    let step = found(&board, Technique::HiddenSingleRow);
    assert_eq!(step.to_string(), "Hidden Single in row 4: r4c6=3");
    assert_eq!(step.rating(), 1.5);
    assert!(find(&board, Technique::HiddenSingleBox).is_none());

    let mut board = open();
    remove(&mut board, (1..=9).filter(|&r| r != 8).map(|r| rc(r, 2)), 6);
    let step = found(&board, Technique::HiddenSingleColumn);
    assert_eq!(step.to_string(), "Hidden Single in column 2: r8c2=6");
}

#[test]
fn naked_single() {
    let mut board = open();
    keep(&mut board, rc(4, 4), &[5]);
    let step = found(&board, Technique::NakedSingle);
    assert_eq!(step.to_string(), "Naked Single: r4c4=5");
    assert_eq!(step.rating(), 2.3);
}

#[test]
fn pointing_and_claiming() {
    let mut board = open();
    // 4 in box 5 only on row 6; on row 6 outside box 5 only in c1, c2.
    remove(
        &mut board,
        [rc(4, 4), rc(4, 5), rc(4, 6), rc(5, 4), rc(5, 5), rc(5, 6)],
        4,
    );
    remove(&mut board, [rc(6, 3), rc(6, 7), rc(6, 8), rc(6, 9)], 4);
    let step = found(&board, Technique::Pointing);
    assert_eq!(
        step.to_string(),
        "Pointing: 4 in box 5 on row 6 => r6c1<>4, r6c2<>4"
    );
    assert_eq!(
        step.pattern,
        vec![(rc(6, 4), 4), (rc(6, 5), 4), (rc(6, 6), 4)]
    );
    assert!(find(&board, Technique::DirectPointing).is_none());

    let mut board = open();
    // 8 in row 2 only in box 1.
    remove(&mut board, (4..=9).map(|c| rc(2, c)), 8);
    let step = found(&board, Technique::Claiming);
    assert_eq!(
        step.to_string(),
        "Claiming: 8 in row 2 on box 1 => r1c1<>8, r1c2<>8, r1c3<>8, r3c1<>8, r3c2<>8, r3c3<>8"
    );
    assert_eq!(step.rating(), 2.8);
}

#[test]
fn direct_pointing_goes_on_to_a_hidden_single() {
    let mut board = open();
    remove(
        &mut board,
        [rc(4, 4), rc(4, 5), rc(4, 6), rc(5, 4), rc(5, 5), rc(5, 6)],
        4,
    );
    // Box 4 keeps 4 only in r4c1 and on row 6.
    let box4 = [rc(4, 2), rc(4, 3), rc(5, 1), rc(5, 2), rc(5, 3), rc(6, 3)];
    remove(&mut board, box4, 4);
    let step = found(&board, Technique::DirectPointing);
    assert_eq!(
        step.to_string(),
        "Direct Pointing: 4 in box 5 on row 6 => r6c1<>4, r6c2<>4, r6c7<>4, r6c8<>4, r6c9<>4 \
         => Hidden Single in box 4: r4c1=4"
    );
    assert_eq!(step.placements, vec![(rc(4, 1), 4)]);
    assert_eq!(step.rating(), 1.7);
    // As in SE, applying it places the single and leaves the pointing's
    // candidates for a later step.
    let mut after = board;
    after.apply(&step);
    assert_eq!(after.value(rc(4, 1)), 4);
    assert!(after.has(rc(6, 7), 4));
}

#[test]
fn naked_pair() {
    let mut board = open();
    keep(&mut board, rc(3, 1), &[2, 7]);
    keep(&mut board, rc(3, 5), &[2, 7]);
    for c in [3, 4, 6, 7, 8] {
        remove(&mut board, [rc(3, c)], 2);
        remove(&mut board, [rc(3, c)], 7);
    }
    remove(&mut board, [rc(3, 2)], 7);
    remove(&mut board, [rc(3, 9)], 2);
    let step = found(&board, Technique::NakedPair);
    assert_eq!(
        step.to_string(),
        "Naked Pair in row 3: r3c1, r3c5 {2,7} => r3c2<>2, r3c9<>7"
    );
    assert_eq!(step.rating(), 3.0);
}

#[test]
fn hidden_pair_and_its_direct_form() {
    let mut board = open();
    for c in [2, 3, 4, 6, 7, 8, 9] {
        remove(&mut board, [rc(3, c)], 2);
        remove(&mut board, [rc(3, c)], 7);
    }
    let step = found(&board, Technique::HiddenPair);
    assert_eq!(step.eliminations.len(), 14);
    assert!(
        step.to_string()
            .starts_with("Hidden Pair in row 3: r3c1, r3c5 {2,7} => r3c1<>1,")
    );
    assert!(find(&board, Technique::DirectHiddenPair).is_none());

    // 9 in row 3 only in the pair's cells and r3c9: the pair leaves it one.
    remove(&mut board, [2, 3, 4, 6, 7, 8].map(|c| rc(3, c)), 9);
    let step = found(&board, Technique::DirectHiddenPair);
    assert_eq!(step.placements, vec![(rc(3, 9), 9)]);
    assert!(
        step.to_string()
            .ends_with("=> Hidden Single in row 3: r3c9=9")
    );
    assert_eq!(step.rating(), 2.0);
}

#[test]
fn naked_and_hidden_triples_and_quads() {
    let mut board = open();
    for (c, ds) in [(1, [1, 2]), (4, [2, 3]), (8, [1, 3])] {
        keep(&mut board, rc(5, c), &ds);
    }
    let step = found(&board, Technique::NakedTriple);
    assert!(
        step.to_string()
            .starts_with("Naked Triple in row 5: r5c1, r5c4, r5c8 {1,2,3} =>")
    );
    assert_eq!(step.eliminations.len(), 18);

    let mut board = open();
    for c in [2, 3, 5, 6, 8, 9] {
        remove(&mut board, [rc(7, c)], 4);
        remove(&mut board, [rc(7, c)], 5);
        remove(&mut board, [rc(7, c)], 6);
    }
    let step = found(&board, Technique::HiddenTriple);
    assert!(
        step.to_string()
            .starts_with("Hidden Triple in row 7: r7c1, r7c4, r7c7 {4,5,6} =>")
    );
    assert_eq!(step.eliminations.len(), 18);

    let mut board = open();
    for (c, ds) in [(1, [1, 2]), (2, [2, 3]), (3, [3, 4]), (9, [1, 4])] {
        keep(&mut board, rc(9, c), &ds);
    }
    let step = found(&board, Technique::NakedQuad);
    assert!(
        step.to_string()
            .starts_with("Naked Quad in row 9: r9c1, r9c2, r9c3, r9c9 {1,2,3,4}")
    );
    assert_eq!(step.rating(), 5.0);
}

#[test]
fn fish_of_each_size() {
    let mut board = open();
    for r in [2, 7] {
        remove(&mut board, row(r).filter(|&c| c % 9 != 2 && c % 9 != 7), 5);
    }
    let step = found(&board, Technique::XWing);
    assert!(
        step.to_string()
            .starts_with("X-Wing: 5 in rows 2, 7 and columns 3, 8 => r1c3<>5, r1c8<>5,"),
        "{step}"
    );
    assert_eq!(step.eliminations.len(), 14);
    assert!(
        step.eliminations
            .iter()
            .all(|&(c, d)| d == 5 && c / 9 != 1 && c / 9 != 6)
    );

    let mut board = open();
    for r in [1, 4, 8] {
        remove(
            &mut board,
            row(r).filter(|&c| ![0, 4, 8].contains(&(c % 9))),
            9,
        );
    }
    let step = found(&board, Technique::Swordfish);
    assert!(
        step.to_string()
            .starts_with("Swordfish: 9 in rows 1, 4, 8 and columns 1, 5, 9 =>")
    );
    assert_eq!(step.eliminations.len(), 18);

    let mut board = open();
    for r in [1, 3, 5, 7] {
        remove(
            &mut board,
            row(r).filter(|&c| ![1, 3, 5, 7].contains(&(c % 9))),
            1,
        );
    }
    let step = found(&board, Technique::Jellyfish);
    assert!(
        step.to_string()
            .starts_with("Jellyfish: 1 in rows 1, 3, 5, 7 and columns 2, 4, 6, 8")
    );
    assert_eq!(step.eliminations.len(), 20);
}

#[test]
fn xy_wing_and_xyz_wing() {
    let mut board = open();
    keep(&mut board, rc(1, 1), &[1, 2]);
    keep(&mut board, rc(1, 5), &[1, 3]);
    keep(&mut board, rc(3, 2), &[2, 3]);
    let step = found(&board, Technique::XYWing);
    assert_eq!(
        step.to_string(),
        "XY-Wing: r1c1 {1,2}, r1c5 {1,3}, r3c2 {2,3} => r1c2<>3, r1c3<>3, r3c4<>3, r3c5<>3, r3c6<>3"
    );

    let mut board = open();
    keep(&mut board, rc(1, 1), &[1, 2, 3]);
    keep(&mut board, rc(1, 5), &[1, 3]);
    keep(&mut board, rc(2, 2), &[2, 3]);
    let step = found(&board, Technique::XYZWing);
    assert_eq!(
        step.to_string(),
        "XYZ-Wing: r1c1 {1,2,3}, r1c5 {1,3}, r2c2 {2,3} => r1c2<>3, r1c3<>3"
    );
    assert_eq!(step.rating(), 4.4);
}

#[test]
fn unique_rectangles_types_1_2_and_4() {
    let mut board = open();
    for cell in [rc(1, 1), rc(1, 4), rc(2, 1)] {
        keep(&mut board, cell, &[3, 5]);
    }
    let step = found(&board, Technique::UniqueRectangle1);
    assert_eq!(step.eliminations, vec![(rc(2, 4), 3), (rc(2, 4), 5)]);
    assert!(step.to_string().ends_with("=> r2c4<>3, r2c4<>5"), "{step}");

    let mut board = open();
    for cell in [rc(1, 1), rc(1, 4)] {
        keep(&mut board, cell, &[3, 5]);
    }
    for cell in [rc(2, 1), rc(2, 4)] {
        keep(&mut board, cell, &[3, 5, 8]);
    }
    assert!(find(&board, Technique::UniqueRectangle1).is_none());
    let step = found(&board, Technique::UniqueRectangle2);
    // The roof r2c1, r2c4 shares only row 2.
    assert_eq!(step.eliminations.len(), 7);
    assert!(step.eliminations.iter().all(|&(c, d)| d == 8 && c / 9 == 1));
    assert!(
        step.to_string().starts_with(
            "Unique Rectangle Type 2: r1c1 {3,5}, r1c4 {3,5}, r2c1 {3,5}, r2c4 {3,5} => r2c2<>8,"
        ),
        "{step}"
    );

    let mut board = open();
    for cell in [rc(1, 1), rc(1, 4)] {
        keep(&mut board, cell, &[3, 5]);
    }
    remove(
        &mut board,
        row(2).filter(|&c| c != rc(2, 1) && c != rc(2, 4)),
        3,
    );
    let step = found(&board, Technique::UniqueRectangle4);
    assert_eq!(
        step.to_string(),
        "Unique Rectangle Type 4: r1c1 {3,5}, r1c4 {3,5}, r2c1 {3,5}, r2c4 {3,5} => r2c1<>5, r2c4<>5"
    );

    // Over four boxes the swap is not forced by the puzzle: no deduction.
    let mut board = open();
    for cell in [rc(1, 1), rc(1, 4), rc(5, 1)] {
        keep(&mut board, cell, &[3, 5]);
    }
    assert!(find(&board, Technique::UniqueRectangle1).is_none());
}

#[test]
fn unique_rectangle_type_3_with_a_naked_pair() {
    // The roof r2c1 {3,5,7}, r2c4 {3,5,8} must hold 7 or 8: with r2c7
    // {7,8} that is a naked pair of row 2.
    let mut board = open();
    for cell in [rc(1, 1), rc(1, 4)] {
        keep(&mut board, cell, &[3, 5]);
    }
    keep(&mut board, rc(2, 1), &[3, 5, 7]);
    keep(&mut board, rc(2, 4), &[3, 5, 8]);
    keep(&mut board, rc(2, 7), &[7, 8]);
    let step = found(&board, Technique::UniqueRectangle3);
    let expected: Vec<(usize, u8)> = [2, 3, 5, 6, 8, 9]
        .into_iter()
        .flat_map(|c| [(rc(2, c), 7), (rc(2, c), 8)])
        .collect();
    assert_eq!(step.eliminations, expected);
    assert!(
        step.to_string().starts_with(
            "Unique Rectangle Type 3: r1c1 {3,5}, r1c4 {3,5}, r2c1 {3,5}, r2c4 {3,5}, r2c7 {7,8} => r2c2<>7, r2c2<>8,"
        ),
        "{step}"
    );
    assert_eq!(step.rating(), 4.6);
}

#[test]
fn unique_loop_of_six_cells() {
    // r1c1-r1c4-r2c4-r2c7-r3c7-r3c1: every house holds two of them, so
    // were r3c1 only {3,5} the loop could swap 3 and 5.
    let mut board = open();
    for cell in [rc(1, 1), rc(1, 4), rc(2, 4), rc(2, 7), rc(3, 7)] {
        keep(&mut board, cell, &[3, 5]);
    }
    keep(&mut board, rc(3, 1), &[3, 5, 9]);
    // No rectangle inside the loop: its fourth corners lack 3.
    remove(&mut board, [rc(2, 1), rc(1, 7), rc(3, 4)], 3);
    let step = found(&board, Technique::UniqueRectangle1);
    assert_eq!(step.eliminations, vec![(rc(3, 1), 3), (rc(3, 1), 5)]);
    assert_eq!(
        step.to_string(),
        "Unique Loop Type 1: r1c1 {3,5}, r1c4 {3,5}, r2c4 {3,5}, r2c7 {3,5}, r3c1 {3,5}, r3c7 {3,5} => r3c1<>3, r3c1<>5"
    );
    assert_eq!(step.rating(), 4.6);
}

#[test]
fn candidates_from_marks_drop_what_placed_digits_rule_out() {
    let mut values = [0u8; 81];
    values[0] = 4;
    let mut masks = [bit(4) | bit(6); 81];
    masks[80] = 0x3FF;
    assert!(Board::from_candidates(values, masks).is_none());
    masks[80] = bit(4);
    let board = Board::from_candidates(values, masks).expect("masks in range");
    assert_eq!(board.candidates(1), bit(6));
    assert_eq!(board.candidates(80), bit(4));
    assert_eq!(board.value(0), 4);
}

/// Digit 4 on a rectangle: rows 1 and 5 and column 8 hold it only at the
/// corners, column 2 also at r3c2. The loop starts at r1c8, the first cell
/// from which it closes (from r1c2, true, column 2 has no strong link).
#[test]
fn x_cycle_on_a_rectangle_of_conjugate_pairs() {
    let mut board = open();
    let corners = [rc(1, 2), rc(1, 8), rc(5, 8), rc(5, 2)];
    for r in [1, 5] {
        remove(&mut board, row(r).filter(|c| !corners.contains(c)), 4);
    }
    remove(
        &mut board,
        (1..=9)
            .filter(|&r| ![1, 3, 5].contains(&r))
            .map(|r| rc(r, 2)),
        4,
    );
    remove(
        &mut board,
        (1..=9).filter(|&r| ![1, 5].contains(&r)).map(|r| rc(r, 8)),
        4,
    );
    let step = found(&board, Technique::BidirectionalXCycle);
    assert_eq!(
        step.to_string(),
        "Bidirectional X-Cycle: 4 r1c8-r5c8=r5c2-r1c2=r1c8 => r3c2<>4"
    );
    assert_eq!(step.rating(), 6.5);
}
