//! `sudokit validate`: LeetCode 36 semantics, every conflict located, and the
//! complete, solvable and unique checks.

use proptest::prelude::*;
use sudokit::Grid;

use super::{check, stderr, sudokit};

const LC37: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const LC37_SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

#[test]
fn leetcode_36_examples() {
    check(&["validate", "valid/lc36-example1.txt"], "", "valid\n", 0);
    check(
        &["validate", "invalid/lc36-example2.txt"],
        "",
        "invalid\n  column 1: 8 at r1c1, r4c1\n  box 1: 8 at r1c1, r3c3\n",
        1,
    );
}

#[test]
fn several_inputs_name_each_verdict_as_grep_does() {
    let files = [
        "valid/lc36-example1.txt",
        "invalid/lc36-example2.txt",
        "multiple/two-solutions.txt",
    ];
    check(
        &["validate", files[0], files[1], files[2]],
        "",
        "valid/lc36-example1.txt: valid\n\
         invalid/lc36-example2.txt: invalid\n  column 1: 8 at r1c1, r4c1\n  box 1: 8 at r1c1, r3c3\n\
         multiple/two-solutions.txt: valid\n",
        1,
    );
    // An input of several boards adds each board's index.
    check(
        &["validate", files[0], "formats/line.txt"],
        "",
        "valid/lc36-example1.txt: valid\nformats/line.txt:1: valid\n\
         formats/line.txt:2: valid\nformats/line.txt:3: valid\n",
        0,
    );
    // -H and --no-filename force the name on or off; the last one wins.
    check(
        &["validate", "-H", files[0]],
        "",
        "valid/lc36-example1.txt: valid\n",
        0,
    );
    check(
        &["validate", "--no-filename", files[0], files[1]],
        "",
        "valid\ninvalid\n  column 1: 8 at r1c1, r4c1\n  box 1: 8 at r1c1, r3c3\n",
        1,
    );
    check(
        &[
            "validate",
            "--with-filename",
            "--no-filename",
            "formats/line.txt",
        ],
        "",
        "1: valid\n2: valid\n3: valid\n",
        0,
    );
    check(
        &["validate", "--no-filename", "-H", "-"],
        &format!("{LC37}\n"),
        "<stdin>: valid\n",
        0,
    );
}

#[test]
fn a_conflict_only_inside_a_box() {
    check(
        &["validate", "invalid/box-only.txt"],
        "",
        "invalid\n  box 1: 1 at r1c1, r2c2\n",
        1,
    );
}

#[test]
fn conflicts_are_ordered_rows_columns_boxes_then_index_and_digit() {
    // 5 twice in row 1 (and box 1), 9 twice in column 9, 7 twice in row 9.
    let mut cells = vec!['.'; 81];
    for (i, c) in [
        (0, '5'),
        (1, '5'),
        (8, '9'),
        (80, '9'),
        (72, '7'),
        (76, '7'),
    ] {
        cells[i] = c;
    }
    let board: String = cells.into_iter().collect();
    check(
        &["validate"],
        &format!("{board}\n"),
        "invalid\n  row 1: 5 at r1c1, r1c2\n  row 9: 7 at r9c1, r9c5\n  column 9: 9 at r1c9, r9c9\n  box 1: 5 at r1c1, r1c2\n",
        1,
    );
}

#[test]
fn json_lists_conflicts_and_flags() {
    let out = sudokit(&["validate", "--json", "invalid/lc36-example2.txt"], "");
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["valid"], false);
    assert_eq!(v["complete"], false);
    assert_eq!(
        v["conflicts"],
        serde_json::json!([
            {"unit": "column", "index": 1, "digit": 8, "cells": [[1, 1], [4, 1]]},
            {"unit": "box", "index": 1, "digit": 8, "cells": [[1, 1], [3, 3]]}
        ])
    );
    assert!(v.get("solvable").is_none() && v.get("solutions").is_none());
    let out = sudokit(
        &[
            "validate",
            "--json",
            "--solvable",
            "--unique",
            "multiple/two-solutions.txt",
        ],
        "",
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(
        (
            v["valid"].as_bool(),
            v["solvable"].as_bool(),
            v["solutions"].as_u64()
        ),
        (Some(false), Some(true), Some(2))
    );
}

#[test]
fn conflict_free_but_unsolvable_is_valid_unless_solvable_is_asked() {
    check(
        &["validate", "unsolvable/no-candidate.txt"],
        "",
        "valid\n",
        0,
    );
    let out = check(
        &["validate", "--solvable", "unsolvable/no-candidate.txt"],
        "",
        "invalid\n",
        1,
    );
    assert!(stderr(&out).contains("no solution"), "{}", stderr(&out));
    let out = sudokit(
        &[
            "validate",
            "--json",
            "--unique",
            "unsolvable/no-candidate.txt",
        ],
        "",
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(
        (v["valid"].as_bool(), v["solutions"].as_u64()),
        (Some(false), Some(0))
    );
}

#[test]
fn unique() {
    check(
        &["validate", "--unique"],
        &format!("{LC37}\n"),
        "valid\n",
        0,
    );
    let out = check(
        &["validate", "--unique", "multiple/two-solutions.txt"],
        "",
        "invalid\n",
        1,
    );
    assert!(
        stderr(&out).contains("more than one solution"),
        "{}",
        stderr(&out)
    );
    check(
        &["validate", "--solvable", "multiple/two-solutions.txt"],
        "",
        "valid\n",
        0,
    );
}

#[test]
fn a_full_solution_with_and_without_complete() {
    check(&["validate"], &format!("{LC37_SOLVED}\n"), "valid\n", 0);
    check(
        &["validate", "--complete"],
        &format!("{LC37_SOLVED}\n"),
        "valid\n",
        0,
    );
    check(&["validate"], &format!("{LC37}\n"), "valid\n", 0);
    let out = check(
        &["validate", "--complete"],
        &format!("{LC37}\n"),
        "invalid\n",
        1,
    );
    assert!(
        stderr(&out).contains("not complete (51 blank cells)"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn several_boards_are_named_by_source_and_index() {
    let input = format!("{LC37_SOLVED}\n{LC37}\n");
    check(
        &["validate", "--complete"],
        &input,
        "<stdin>:1: valid\n<stdin>:2: invalid\n",
        1,
    );
}

#[test]
fn quiet_prints_nothing() {
    let out = check(&["validate", "-q", "invalid/lc36-example2.txt"], "", "", 1);
    assert_eq!(stderr(&out), "");
    let out = check(
        &["validate", "--quiet", "--complete", "formats/boj.txt"],
        "",
        "",
        1,
    );
    assert_eq!(stderr(&out), "");
    check(&["validate", "-q", "valid/lc36-example1.txt"], "", "", 0);
    // --json would shape output that --quiet never prints: a usage error.
    check(
        &["validate", "-q", "--json", "valid/lc36-example1.txt"],
        "",
        "",
        2,
    );
}

#[test]
fn every_format_reads() {
    for file in [
        "formats/boj.txt",
        "formats/leetcode-cpp.txt",
        "formats/leetcode-java.txt",
        "formats/grid.ss",
        "formats/json-grid.json",
    ] {
        check(&["validate", file], "", "valid\n", 0);
    }
    check(
        &["validate", "formats/json-array.json"],
        "",
        "formats/json-array.json:1: valid\nformats/json-array.json:2: valid\n",
        0,
    );
}

#[test]
fn unreadable_input_wins_over_invalid() {
    let out = check(
        &["validate", "invalid/box-only.txt", "missing.txt"],
        "",
        "invalid/box-only.txt: invalid\n  box 1: 1 at r1c1, r2c2\n",
        2,
    );
    assert!(stderr(&out).contains("missing.txt"), "{}", stderr(&out));
    let out = check(&["validate"], "5 3 x\n", "", 2);
    assert!(
        stderr(&out).starts_with("sudokit: <stdin>:1:"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn solve_json_piped_into_validate_complete() {
    let solved = sudokit(&["solve", "--json", "formats/line.txt"], "");
    assert_eq!(solved.status.code(), Some(0));
    let text = String::from_utf8(solved.stdout).expect("utf-8");
    check(
        &["validate", "--complete"],
        &text,
        "<stdin>:1: valid\n<stdin>:2: valid\n<stdin>:3: valid\n",
        0,
    );
    // A tampered solution is caught.
    let tampered = text.replacen(LC37_SOLVED, &format!("44{}", &LC37_SOLVED[2..]), 1);
    let out = sudokit(&["validate", "--complete"], &tampered);
    assert_eq!(out.status.code(), Some(1));
}

/// The conflicts of a board, computed the plain way: for each unit, each
/// digit held by two or more of its cells.
fn reference(cells: &[u8; 81]) -> Vec<(String, usize, u8, Vec<[usize; 2]>)> {
    let mut all = Vec::new();
    for (unit, of) in [
        (
            "row",
            (|u: usize, k: usize| (u, k)) as fn(usize, usize) -> (usize, usize),
        ),
        ("column", |u, k| (k, u)),
        ("box", |u, k| (u / 3 * 3 + k / 3, u % 3 * 3 + k % 3)),
    ] {
        for u in 0..9 {
            for digit in 1..=9u8 {
                let cells: Vec<[usize; 2]> = (0..9)
                    .map(|k| of(u, k))
                    .filter(|&(r, c)| cells[r * 9 + c] == digit)
                    .map(|(r, c)| [r + 1, c + 1])
                    .collect();
                if cells.len() > 1 {
                    all.push((unit.to_owned(), u + 1, digit, cells));
                }
            }
        }
    }
    all
}

proptest! {
    #[test]
    fn conflicts_match_a_plain_computation(
        seed in prop::collection::vec((0usize..81, 1u8..=9), 0..20),
        repeats in prop::collection::vec((0usize..27, 0usize..9, 0usize..9, 1u8..=9), 0..4),
    ) {
        let mut cells = [0u8; 81];
        for (i, v) in seed {
            cells[i] = v;
        }
        // Inject repeats: the same digit at two cells of one unit.
        for (unit, a, b, digit) in repeats {
            let at = |k: usize| match unit / 9 {
                0 => (unit % 9) * 9 + k,
                1 => k * 9 + unit % 9,
                _ => ((unit % 9) / 3 * 3 + k / 3) * 9 + (unit % 9) % 3 * 3 + k % 3,
            };
            cells[at(a)] = digit;
            cells[at(b)] = digit;
        }
        let grid = Grid::from_cells(cells).expect("values 0-9");
        let got: Vec<_> = grid.conflicts()
            .into_iter()
            .map(|c| (c.unit.to_string(), c.index, c.digit, c.cells))
            .collect();
        prop_assert_eq!(got, reference(&cells));
        prop_assert_eq!(grid.is_valid(), reference(&cells).is_empty());
        // The engine's own check, which `solve` relies on, agrees.
        let outcome = sudokit::solver::search(&grid, 1, 0, &mut |_| {});
        prop_assert_eq!(outcome.conflict, !reference(&cells).is_empty());
    }
}

/// Nothing waits for the next puzzle under `--line-buffered`: the first
/// answer arrives while standard input is still open, as JSON and as text
/// (which then names every board, as it cannot wait to see whether more
/// follow).
#[test]
fn line_buffered_answers_before_the_next_puzzle() {
    for (json, expected) in [(true, "\"valid\":true"), (false, "<stdin>:1: valid\n")] {
        let mut args = vec!["validate", "--line-buffered", "-f", "line"];
        if json {
            args.push("--json");
        }
        let line = super::answered_while_open(&args, &format!("{}\n", ".".repeat(81)), 1)
            .expect("the first answer while the input is open");
        assert!(line.contains(expected), "{line}");
    }
}
