//! The fast search against a slow one that tries every rearrangement, and
//! the algebra of [`Transform`].

use proptest::prelude::*;

use super::search::PERMS;
use super::{Canonicalizer, Form, Transform};
use crate::Grid;
use crate::random::{below, seeded};

/// Every validity-preserving order of 0–8: blocks of three, then within.
fn block_orders() -> Vec<[usize; 9]> {
    let mut all = Vec::with_capacity(1296);
    for blocks in PERMS {
        for a in PERMS {
            for b in PERMS {
                for c in PERMS {
                    let within = [a, b, c];
                    let mut order = [0; 9];
                    for k in 0..3 {
                        for j in 0..3 {
                            order[k * 3 + j] = blocks[k] * 3 + within[k][j];
                        }
                    }
                    all.push(order);
                }
            }
        }
    }
    all
}

/// The smallest string of `grid` over all 3,359,232 rearrangements, each
/// relabelled in order of first appearance, and how many give it. With
/// `pattern_first` strings compare by pattern first. A string is dropped as
/// soon as it passes the best one, which keeps this affordable in a debug
/// build without skipping any rearrangement.
fn reference(grid: &Grid, pattern_first: bool) -> ([u8; 81], u32) {
    let orders = block_orders();
    let cells = grid.cells();
    // Compared as (pattern, digits) pairs; plain minlex uses digits alone.
    let mut best = [(u8::MAX, u8::MAX); 81];
    let mut best_pattern = [u8::MAX; 81];
    let mut count = 0;
    for transposed in [false, true] {
        for rows in &orders {
            let mut board = [[0u8; 9]; 9];
            for (r, &from) in rows.iter().enumerate() {
                for (c, cell) in board[r].iter_mut().enumerate() {
                    *cell = if transposed {
                        cells[c * 9 + from]
                    } else {
                        cells[from * 9 + c]
                    };
                }
            }
            'columns: for cols in &orders {
                if pattern_first {
                    let mut order = std::cmp::Ordering::Equal;
                    for i in 0..81 {
                        let given = u8::from(board[i / 9][cols[i % 9]] != 0);
                        order = given.cmp(&best_pattern[i]);
                        if order != std::cmp::Ordering::Equal {
                            break;
                        }
                    }
                    match order {
                        std::cmp::Ordering::Greater => continue 'columns,
                        std::cmp::Ordering::Less => {
                            best_pattern = [u8::MAX; 81];
                            best = [(u8::MAX, u8::MAX); 81];
                            for i in 0..81 {
                                best_pattern[i] = u8::from(board[i / 9][cols[i % 9]] != 0);
                            }
                        }
                        std::cmp::Ordering::Equal => {}
                    }
                }
                let mut labels = [0u8; 10];
                let mut next = 1;
                let mut smaller = false;
                for i in 0..81 {
                    let d = usize::from(board[i / 9][cols[i % 9]]);
                    let v = if d == 0 {
                        0
                    } else {
                        if labels[d] == 0 {
                            labels[d] = next;
                            next += 1;
                        }
                        labels[d]
                    };
                    if !smaller {
                        if v > best[i].1 {
                            continue 'columns;
                        }
                        if v < best[i].1 {
                            smaller = true;
                            count = 0;
                        }
                    }
                    best[i] = (0, v);
                }
                count += 1;
            }
        }
    }
    (best.map(|(_, v)| v), count)
}

fn check(grid: &Grid, canon: &mut Canonicalizer) {
    for (form, pattern_first) in [(Form::Minlex, false), (Form::PatternFirst, true)] {
        let fast = canon.canonicalize(grid, form);
        let (slow, count) = reference(grid, pattern_first);
        assert_eq!(
            fast.form.cells(),
            &slow,
            "{form:?} form of {grid}: {} != {}",
            fast.form,
            Grid::from_cells(slow).map_or(String::new(), |g| g.to_string())
        );
        assert_eq!(
            fast.automorphisms, count,
            "{form:?} automorphisms of {grid}"
        );
        assert_eq!(fast.transform.apply(grid), fast.form);
    }
}

/// A highly symmetric complete grid: row r is the first row shifted.
fn cyclic_grid() -> Grid {
    let mut cells = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            cells[r * 9 + c] = ((r % 3 * 3 + r / 3 + c) % 9 + 1) as u8;
        }
    }
    Grid::from_cells(cells).expect("digits 1-9")
}

/// Boards of every kind: complete grids, puzzles of every density, boards
/// with a digit twice in a unit, and symmetric ones.
fn boards(n: usize, seed: u64) -> Vec<Grid> {
    let mut rng = seeded(seed);
    let solution = Grid::EMPTY.solve().expect("the empty board has solutions");
    let mut out = vec![cyclic_grid()];
    let mut one = Grid::EMPTY;
    one.set(4, 4, 5);
    out.push(one);
    while out.len() < n {
        let kind = below(&mut rng, 5);
        let grid = match kind {
            // A disguised solution, thinned to a random density.
            0 | 1 => {
                let full = solution.isomorph(&mut rng);
                let keep = below(&mut rng, 82);
                thin(&full, keep, &mut rng)
            }
            // A symmetric grid thinned, often keeping much symmetry.
            2 => {
                let keep = below(&mut rng, 30);
                thin(&cyclic_grid(), keep, &mut rng)
            }
            // Random digits anywhere: mostly invalid boards.
            3 => {
                let mut g = Grid::EMPTY;
                for _ in 0..below(&mut rng, 30) {
                    let i = below(&mut rng, 81) as usize;
                    g.set(i / 9, i % 9, below(&mut rng, 9) as u8 + 1);
                }
                g
            }
            // A complete grid.
            _ => solution.isomorph(&mut rng),
        };
        out.push(grid);
    }
    out
}

fn thin(grid: &Grid, keep: u32, rng: &mut impl rand::RngCore) -> Grid {
    let mut cells = *grid.cells();
    let mut order: Vec<usize> = (0..81).collect();
    crate::random::shuffle(rng, &mut order);
    for &i in &order[keep as usize..] {
        cells[i] = 0;
    }
    Grid::from_cells(cells).expect("cells of a board")
}

// The reference costs a debug build up to seconds per board, most where
// few strings can be dropped early (complete grids, boards with many
// automorphisms): the default run takes a few boards, the empty one (every
// rearrangement ties) and most complete grids only in the long run.

#[test]
fn agrees_with_the_exhaustive_reference() {
    let mut canon = Canonicalizer::new();
    // One complete grid, the symmetric one: in a debug build each costs
    // seconds, as every first row ties.
    let boards = boards(24, 1);
    let complete = boards.iter().filter(|g| g.is_complete()).take(1);
    let others = boards.iter().filter(|g| !g.is_complete()).take(7);
    for grid in complete.chain(others) {
        check(grid, &mut canon);
    }
}

/// The same on the empty board and many more: run in release with
/// `cargo test --release --lib canon -- --ignored`.
#[test]
#[ignore]
fn agrees_with_the_exhaustive_reference_on_many_boards() {
    let mut canon = Canonicalizer::new();
    check(&Grid::EMPTY, &mut canon);
    for grid in boards(400, 2) {
        check(&grid, &mut canon);
    }
}

#[test]
fn the_empty_board_is_fixed_by_every_rearrangement() {
    let mut canon = Canonicalizer::new();
    for form in [Form::Minlex, Form::PatternFirst] {
        let empty = canon.canonicalize(&Grid::EMPTY, form);
        assert_eq!(empty.form, Grid::EMPTY);
        assert_eq!(empty.automorphisms, 3_359_232);
    }
}

fn any_board() -> impl Strategy<Value = Grid> {
    prop::collection::vec(prop_oneof![3 => Just(0u8), 2 => 1u8..=9], 81).prop_map(|cells| {
        let mut array = [0u8; 81];
        array.copy_from_slice(&cells);
        Grid::from_cells(array).expect("values 0-9")
    })
}

fn any_transform() -> impl Strategy<Value = Transform> {
    any::<u64>().prop_map(|seed| Transform::random(&mut seeded(seed)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn an_isomorph_has_the_same_forms(grid in any_board(), seed in any::<u64>()) {
        let mut canon = Canonicalizer::new();
        let disguised = grid.isomorph(&mut seeded(seed));
        for form in [Form::Minlex, Form::PatternFirst] {
            let a = canon.canonicalize(&grid, form);
            let b = canon.canonicalize(&disguised, form);
            prop_assert_eq!(a.form, b.form);
            prop_assert_eq!(a.automorphisms, b.automorphisms);
        }
    }

    #[test]
    fn inverse_undoes_and_then_composes(grid in any_board(), a in any_transform(), b in any_transform()) {
        prop_assert_eq!(a.inverse().apply(&a.apply(&grid)), grid);
        prop_assert_eq!(a.apply(&a.inverse().apply(&grid)), grid);
        prop_assert_eq!(a.then(&b).apply(&grid), b.apply(&a.apply(&grid)));
        prop_assert_eq!(a.then(&a.inverse()), Transform::IDENTITY);
    }
}

#[test]
fn new_refuses_what_breaks_bands_or_digits() {
    let id = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    let digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    assert!(Transform::new(true, id, id, digits).is_some());
    // Rows 2 and 3 lie in different bands.
    assert!(Transform::new(false, [0, 1, 3, 2, 4, 5, 6, 7, 8], id, digits).is_none());
    assert!(Transform::new(false, id, [0, 0, 2, 3, 4, 5, 6, 7, 8], digits).is_none());
    assert!(Transform::new(false, id, id, [1, 1, 3, 4, 5, 6, 7, 8, 9]).is_none());
    assert!(Transform::new(false, id, id, [0, 2, 3, 4, 5, 6, 7, 8, 9]).is_none());
}
