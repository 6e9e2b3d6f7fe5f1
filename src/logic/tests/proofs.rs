//! Every step of whole logical solves checked against the puzzle's one
//! solution: a placement must be the solution's digit, an elimination never
//! the solution's digit. And the ratings compared with Sudoku Explainer's.

// The agreement figures and the skips are this module's report.
#![allow(clippy::print_stderr)]

use std::path::Path as FsPath;

use crate::Grid;
use crate::logic::{Board, Outcome, Path, Step, next_step};

const SE_SAMPLE: &str = include_str!("../../../fixtures/ratings/se_sample.tsv");
const UNIQUE: &str = include_str!("../../../fixtures/engine/unique.csv");
const FAMOUS: &str = include_str!("../../../fixtures/engine/famous.csv");

/// A puzzle and SE's ER, EP, ED for it.
struct Rated {
    puzzle: Grid,
    se: [f32; 3],
}

fn parse_rated(text: &str) -> Vec<Rated> {
    let mut out = Vec::new();
    for line in text.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let Some(puzzle) = fields.first().and_then(|p| p.parse::<Grid>().ok()) else {
            continue;
        };
        let num = |i: usize| {
            fields
                .get(i)
                .and_then(|f| f.parse::<f32>().ok())
                .unwrap_or(0.0)
        };
        out.push(Rated {
            puzzle,
            se: [num(1), num(2), num(3)],
        });
    }
    out
}

/// The puzzles of a `PUZZLE,EXPECTED` file with exactly one solution.
fn unique_puzzles(text: &str) -> Vec<Grid> {
    text.lines()
        .filter(|l| !l.starts_with('#') && l.ends_with(",1"))
        .filter_map(|l| l.split(',').next()?.parse().ok())
        .collect()
}

fn check_step(step: &Step, solution: &Grid, puzzle: &Grid) {
    let cells = solution.cells();
    for &(cell, digit) in &step.placements {
        assert_eq!(cells[cell], digit, "wrong placement in {puzzle}: {step}");
    }
    for &(cell, digit) in &step.eliminations {
        assert_ne!(cells[cell], digit, "true digit removed in {puzzle}: {step}");
    }
}

/// Solves `puzzle` logically, checking every step against its solution.
fn proven_path(puzzle: &Grid) -> Path {
    let solution = match puzzle.solve_unique() {
        Ok(s) => s,
        Err(e) => panic!("{puzzle}: {e}"),
    };
    let mut board = Board::from_grid(puzzle);
    let mut steps = Vec::new();
    while !board.is_solved() {
        let Some(step) = next_step(&board) else {
            return Path {
                steps,
                board,
                outcome: Outcome::Stuck,
            };
        };
        check_step(&step, &solution, puzzle);
        assert!(
            !step.placements.is_empty() || !step.eliminations.is_empty(),
            "a step that changes nothing in {puzzle}: {step}"
        );
        board.apply(&step);
        steps.push(step);
    }
    assert_eq!(board.to_grid(), solution);
    Path {
        steps,
        board,
        outcome: Outcome::Solved,
    }
}

/// Agreement of our ratings with SE's: how many solved, and for the solved
/// puzzles SE rates at most `cap`, how many ER equal and within 0.2, and
/// how many EP and ED equal.
#[derive(Debug, Default)]
struct Agreement {
    solved: usize,
    in_range: usize,
    in_range_solved: usize,
    er_exact: usize,
    er_near: usize,
    ep_exact: usize,
    ed_exact: usize,
}

fn agreement(rated: &[Rated], cap: f32) -> Agreement {
    let mut a = Agreement::default();
    for r in rated {
        let path = proven_path(&r.puzzle);
        let solved = path.outcome == Outcome::Solved;
        a.solved += usize::from(solved);
        if r.se[0] > cap {
            continue;
        }
        a.in_range += 1;
        if !solved {
            continue;
        }
        a.in_range_solved += 1;
        let ours = path.rating();
        let same = |x: f32, y: f32| (x - y).abs() < 0.05;
        if !(same(ours.er, r.se[0]) && same(ours.ep, r.se[1]) && same(ours.ed, r.se[2])) {
            eprintln!("differs from SE: {} ours {ours}, SE {:?}", r.puzzle, r.se);
        }
        a.er_exact += usize::from(same(ours.er, r.se[0]));
        a.er_near += usize::from((ours.er - r.se[0]).abs() < 0.25);
        a.ep_exact += usize::from(same(ours.ep, r.se[1]));
        a.ed_exact += usize::from(same(ours.ed, r.se[2]));
    }
    a
}

#[test]
fn every_step_on_the_rated_sample_is_true() {
    let rated = parse_rated(SE_SAMPLE);
    assert_eq!(rated.len(), 100);
    for r in &rated {
        proven_path(&r.puzzle);
    }
}

#[test]
fn every_step_on_the_engine_fixtures_is_true() {
    let puzzles: Vec<Grid> = unique_puzzles(UNIQUE)
        .into_iter()
        .chain(unique_puzzles(FAMOUS))
        .collect();
    assert!(puzzles.len() > 40);
    for p in &puzzles {
        proven_path(p);
    }
}

#[test]
fn ratings_agree_with_se_on_the_sample() {
    let a = agreement(&parse_rated(SE_SAMPLE), 4.4);
    eprintln!("SE sample, ER <= 4.4: {a:?}");
    // Every puzzle within the techniques' range is finished on SE's path:
    // the same ER, EP and ED.
    assert_eq!(a.in_range, 63, "{a:?}");
    assert_eq!(a.in_range_solved, a.in_range, "{a:?}");
    assert_eq!(a.er_exact, a.in_range, "{a:?}");
    assert_eq!(a.ep_exact, a.in_range, "{a:?}");
    assert_eq!(a.ed_exact, a.in_range, "{a:?}");
    assert_eq!(a.solved, 98, "{a:?}");
    let all = agreement(&parse_rated(SE_SAMPLE), 20.0);
    assert_eq!(all.er_exact, all.in_range_solved, "{all:?}");
    assert_eq!(all.ep_exact, all.in_range_solved, "{all:?}");
    assert_eq!(all.ed_exact, all.in_range_solved, "{all:?}");
}

/// The shared rated lists and benchmark sets, when the checkout sits beside
/// them; skipped otherwise.
fn shared(path: &str) -> Option<String> {
    let full = FsPath::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(path);
    std::fs::read_to_string(full).ok()
}

#[test]
fn ratings_agree_with_se_on_the_shared_lists() {
    for name in ["ratings/gen10k_300.tsv", "ratings/qqwing_200.tsv"] {
        let Some(text) = shared(name) else {
            eprintln!("{name} absent: skipped");
            continue;
        };
        let rated = parse_rated(&text);
        for cap in [4.4, 6.2] {
            let a = agreement(&rated, cap);
            eprintln!("{name}, SE ER <= {cap}: {a:?}");
            assert_eq!(a.in_range_solved, a.in_range, "{a:?}");
            assert_eq!(a.er_exact, a.in_range, "{a:?}");
        }
        let all = agreement(&rated, 20.0);
        eprintln!("{name}, all: {all:?}");
        // Finished puzzles, each with SE's ER.
        let solved = if name.contains("gen10k") { 289 } else { 193 };
        assert_eq!(all.solved, solved, "{all:?}");
        assert_eq!(all.er_exact, solved, "{all:?}");
        assert_eq!(all.ep_exact, solved, "{all:?}");
        assert_eq!(all.ed_exact, solved, "{all:?}");
    }
}

#[test]
fn every_step_on_shared_benchmark_puzzles_is_true() {
    for (name, take) in [("bench-data/gen10k.txt", 400), ("bench-data/top95.txt", 95)] {
        let Some(text) = shared(name) else {
            eprintln!("{name} absent: skipped");
            continue;
        };
        let puzzles = text
            .lines()
            .filter_map(|l| l.get(..81)?.parse::<Grid>().ok())
            .filter(|p| p.solve_unique().is_ok())
            .take(take);
        let (mut n, mut solved) = (0, 0);
        for p in puzzles {
            n += 1;
            solved += usize::from(proven_path(&p).outcome == Outcome::Solved);
        }
        eprintln!("{name}: {solved} of {n} solved without getting stuck");
    }
}
