//! Exactness tests for the engines: fixtures with known solution counts
//! here, with the helpers every test file uses; the search's behaviour,
//! the vector paths and the benchmark pass in the files beside this one.

use std::collections::HashSet;

use super::{Stats, fast, reference};
use crate::grid::Grid;

mod benchmark;
mod search;
mod vectors;

/// Solution count class: 0, 1, or 2 for "two or more".
fn class(n: usize) -> usize {
    n.min(2)
}

/// Parses an 81-character puzzle line ('.' or '0' blank).
fn parse(line: &str) -> Option<[u8; 81]> {
    let bytes = line.as_bytes();
    if bytes.len() != 81 {
        return None;
    }
    let mut cells = [0u8; 81];
    for (cell, &ch) in cells.iter_mut().zip(bytes) {
        *cell = match ch {
            b'1'..=b'9' => ch - b'0',
            b'.' | b'0' => 0,
            _ => return None,
        };
    }
    Some(cells)
}

/// Parses a fixture file: `PUZZLE,EXPECTED` lines (see fixtures/engine/README.md).
fn fixture(text: &str) -> Vec<([u8; 81], usize)> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (puzzle, expected) = l
                .split_once(',')
                .unwrap_or_else(|| panic!("no comma in {l}"));
            let cells = parse(puzzle).unwrap_or_else(|| panic!("bad puzzle {puzzle}"));
            let expected = match expected {
                "0" => 0,
                "1" => 1,
                "2+" => 2,
                other => panic!("bad expected count {other}"),
            };
            (cells, expected)
        })
        .collect()
}

/// True when `cells` is a complete grid obeying the rules that keeps every
/// given of `givens`.
fn valid_solution(givens: &[u8; 81], cells: &[u8; 81]) -> bool {
    for i in 0..81 {
        if !(1..=9).contains(&cells[i]) || (givens[i] != 0 && givens[i] != cells[i]) {
            return false;
        }
    }
    for unit in 0..9 {
        let (mut row, mut col, mut bx) = (0u16, 0u16, 0u16);
        for j in 0..9 {
            row |= 1 << cells[unit * 9 + j];
            col |= 1 << cells[j * 9 + unit];
            let (r, c) = ((unit / 3) * 3 + j / 3, (unit % 3) * 3 + j % 3);
            bx |= 1 << cells[r * 9 + c];
        }
        if row != 0x3FE || col != 0x3FE || bx != 0x3FE {
            return false;
        }
    }
    true
}

type Engine = fn(&[u8; 81], usize, usize, &mut dyn FnMut(&[u8; 81]), &mut Stats) -> usize;

/// Runs `engine` and returns (count, solutions), checking that the count
/// matches the number of solutions emitted and that they are distinct.
fn run(engine: Engine, givens: &[u8; 81], limit: usize) -> (usize, Vec<[u8; 81]>) {
    let mut solutions = Vec::new();
    let mut stats = Stats::default();
    let n = engine(
        givens,
        limit,
        limit,
        &mut |s| solutions.push(*s),
        &mut stats,
    );
    assert_eq!(n, solutions.len(), "count differs from solutions emitted");
    assert!(n <= limit, "more solutions than the limit");
    let distinct: HashSet<_> = solutions.iter().collect();
    assert_eq!(distinct.len(), n, "a solution was emitted twice");
    (n, solutions)
}

/// The fast engine's portable build and the one picked for this CPU (see
/// `fast/simd/`) must agree on the count, the solutions (in order) and the
/// guesses. Not on the steps: where the accelerated build settles the
/// masks in rounds (`Wide::settle`: at the root, and everywhere on boards
/// with 17 to 30 givens), a step is a mask a round changed, not a mask
/// update; a test of its own holds the rounds to a scalar copy of them.
fn same_in_both_builds(givens: &[u8; 81], limit: usize) -> bool {
    let mut results = Vec::new();
    for build in [fast::Build::Portable, fast::Build::Best] {
        let mut solutions = Vec::new();
        let mut stats = Stats::default();
        let n = fast::search_in(
            givens,
            limit,
            limit,
            &mut |s| solutions.push(*s),
            &mut stats,
            build,
        );
        results.push((n, solutions, stats.guesses));
    }
    results[0] == results[1]
}

/// Full check of one fixture line against both engines at limits 1 and 2.
fn check(givens: &[u8; 81], expected: usize) {
    let line = Grid::from_cells(*givens).map_or_else(String::new, |g| g.to_line());
    assert!(
        same_in_both_builds(givens, 3),
        "portable and accelerated builds differ on {line}"
    );
    for limit in [1, 2] {
        let (n, solutions) = run(fast::search, givens, limit);
        assert_eq!(n, expected.min(limit), "fast, limit {limit}: {line}");
        for s in &solutions {
            assert!(
                valid_solution(givens, s),
                "fast gave a bad solution for {line}"
            );
        }
        let (m, reference) = run(reference::search, givens, limit);
        assert_eq!(m, n, "fast and reference disagree at limit {limit}: {line}");
        for s in &reference {
            assert!(
                valid_solution(givens, s),
                "reference gave a bad solution for {line}"
            );
        }
        if expected == 1 {
            assert_eq!(
                solutions, reference,
                "two different unique solutions for {line}"
            );
        }
    }
}

fn check_file(text: &str) -> usize {
    let cases = fixture(text);
    assert!(!cases.is_empty());
    for (givens, expected) in &cases {
        check(givens, *expected);
    }
    cases.len()
}

#[test]
fn unique_fixtures() {
    assert!(check_file(include_str!("../../../fixtures/engine/unique.csv")) >= 40);
}

#[test]
fn unsolvable_fixtures() {
    assert!(check_file(include_str!("../../../fixtures/engine/none.csv")) >= 24);
}

#[test]
fn multiple_solution_fixtures() {
    assert!(check_file(include_str!("../../../fixtures/engine/multiple.csv")) >= 24);
}

#[test]
fn famous_fixtures() {
    assert!(check_file(include_str!("../../../fixtures/engine/famous.csv")) >= 12);
}

/// Boards that once sent an engine into a search of millions of guesses are
/// decided by each engine alone, and by the public search, within a bound on
/// work (guesses, not time, so the test cannot be flaky).
#[test]
fn adversarial_fixtures_are_decided_within_a_bounded_search() {
    let cases = fixture(include_str!("../../../fixtures/engine/adversarial.csv"));
    assert!(cases.len() >= 3);
    let engines: [(&str, Engine, u64); 2] = [
        ("fast", fast::search, 5_000),
        ("reference", reference::search, 50_000),
    ];
    for (givens, expected) in cases {
        let grid = Grid::from_cells(givens).expect("fixture cells 0-9");
        for limit in [1, 2] {
            let outcome = super::search(&grid, limit, 1, &mut |_| {});
            assert_eq!(outcome.solutions, expected.min(limit), "{grid:?}");
            assert!(
                outcome.stats.guesses < 5_000,
                "{grid:?}: {} guesses",
                outcome.stats.guesses
            );
            for (name, engine, bound) in engines {
                let mut stats = Stats::default();
                let n = engine(&givens, limit, 0, &mut |_| {}, &mut stats);
                assert_eq!(n, expected.min(limit), "{name}: {grid:?}");
                assert!(
                    stats.guesses < bound,
                    "{name}: {grid:?}: {} guesses",
                    stats.guesses
                );
            }
        }
    }
}

/// Arbitrary 64-bit values from a xorshift generator started at `seed`
/// (not zero): the same every run.
pub(super) fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut x = seed;
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}
