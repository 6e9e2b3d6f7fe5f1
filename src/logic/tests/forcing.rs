//! The forcing chains beyond SE's unary chaining, and aligned triplet
//! exclusion, each on a puzzle that needs it: the first step of the
//! technique on the solving path, its text and rating, found again by
//! `find` alone, and proven against the solution.

use crate::Grid;
use crate::logic::{Board, Step, Technique, find, next_step};

/// Solves `puzzle` step by step up to the first step `wanted` accepts;
/// the board it is taken on and the step. Every step on the way is checked
/// against the solution.
fn first_step(puzzle: &str, wanted: impl Fn(Technique) -> bool) -> (Board, Step) {
    let grid: Grid = match puzzle.parse() {
        Ok(g) => g,
        Err(e) => panic!("{puzzle}: {e}"),
    };
    let solution = match grid.solve_unique() {
        Ok(s) => s,
        Err(e) => panic!("{puzzle}: {e}"),
    };
    let mut board = Board::from_grid(&grid);
    while let Some(step) = next_step(&board) {
        for &(c, d) in &step.placements {
            assert_eq!(solution.cells()[c], d, "{step}");
        }
        for &(c, d) in &step.eliminations {
            assert_ne!(solution.cells()[c], d, "{step}");
        }
        if wanted(step.technique) {
            return (board, step);
        }
        board.apply(&step);
    }
    panic!("{puzzle}: no step of the technique wanted");
}

/// The first step of `technique` on `puzzle`: its text and rating, and the
/// same step from `find`.
fn check(puzzle: &str, technique: Technique, text: &str, rating: f32) {
    let (board, step) = first_step(puzzle, |t| t == technique);
    assert_eq!(step.to_string(), text);
    assert_eq!(step.rating(), rating, "{step}");
    assert_eq!(
        find(&board, technique).map(|s| s.to_string()),
        Some(text.to_string())
    );
}

#[test]
fn nishio_forcing_chains() {
    check(
        "...6..7.....8......73..4.18..7.3.....9.2..4..48...613..6.3...2.12.........8....65",
        Technique::NishioForcingChain,
        "Nishio Forcing Chains: r1c6=5 leads to a contradiction => r1c6<>5",
        7.8,
    );
}

#[test]
fn cell_forcing_chains() {
    check(
        ".3..7.8........2.95.4.....1..123......3..19..4....5.2....68.7...........9....3..5",
        Technique::CellForcingChain,
        "Cell Forcing Chains: every candidate of r1c4 agrees => r2c4<>1",
        8.3,
    );
}

#[test]
fn region_forcing_chains() {
    check(
        "27............9...953.24.............379.6...164..2.....56...93....9.6.2.....574.",
        Technique::RegionForcingChain,
        "Region Forcing Chains: every place of 3 in box 3 agrees => r2c7<>5",
        8.3,
    );
}

#[test]
fn aligned_triplet_exclusion() {
    check(
        "...1.......983...5.48..2..1.86....4....7.....2.4.6.9...67..1.9.4....68....2.7...6",
        Technique::AlignedTripletExclusion,
        "Aligned Triplet Exclusion: r7c1 {3,8}, r8c4 {2,3,9}, r8c5 {2,5}, r8c3 {1,5}, r7c4 {2,3,5}, r7c5 {2,5,8} => r8c4<>2",
        7.5,
    );
}

#[test]
fn dynamic_contradiction_forcing_chains() {
    check(
        "....5...11......7..6.....8......4.....9.1.3.....596.2..8..62..7..7......3.5.7.2..",
        Technique::DynamicContradictionForcingChain(0),
        "Dynamic Contradiction Forcing Chains: r2c9=4 leads to a contradiction => r2c9<>4",
        8.9,
    );
}
