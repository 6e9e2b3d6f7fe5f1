//! `sudokit solve`: every format, every status, every option.

use sudokit::Grid;

use super::{answered_while_open, check, fixture, stderr, sudokit};

const LC37: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const LC37_SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

#[test]
fn boj_2580_sample_gives_the_judges_output() {
    check(
        &["solve", "formats/boj.txt"],
        "",
        &fixture("formats/boj.expected"),
        0,
    );
    check(
        &["solve"],
        &fixture("formats/boj.txt"),
        &fixture("formats/boj.expected"),
        0,
    );
    check(
        &["solve", "-"],
        &fixture("formats/boj.txt"),
        &fixture("formats/boj.expected"),
        0,
    );
    check(
        &["solve", "-f", "boj", "formats/boj.txt"],
        "",
        &fixture("formats/boj.expected"),
        0,
    );
}

#[test]
fn boj_takes_crlf_bom_tabs_trailing_blanks_and_one_line_puzzles() {
    let messy = format!(
        "\u{feff}{}",
        fixture("formats/boj.txt")
            .replace(' ', " \t")
            .replace('\n', "  \r\n")
    );
    check(&["solve"], &messy, &fixture("formats/boj.expected"), 0);
    let one_line = fixture("formats/boj.txt").replace('\n', " ");
    check(
        &["solve", "--to", "boj"],
        &one_line,
        &fixture("formats/boj.expected"),
        0,
    );
}

#[test]
fn boj_row_with_two_numbers_run_together_is_a_boj_error() {
    // Not read as a grid row (which would give the board in another layout).
    let boj = fixture("formats/boj.txt");
    let first = boj.lines().next().expect("a first row");
    let fused = format!("{}{}", &first[..first.len() - 2], &first[first.len() - 1..]);
    assert_eq!(fused.split_whitespace().count(), 8);
    let output = check(&["solve"], &boj.replacen(first, &fused, 1), "", 2);
    assert!(
        stderr(&output).contains(":1:15: expected a number 0-9, found"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn grid_row_with_an_extra_cell_is_that_boards_error() {
    // A typo in the first row of a drawn board must not make the input a
    // file of line puzzles (every row an error, no board read).
    let grid = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
    let input = format!("{}\n{grid}", grid.replacen("53..7....", "53..7.....", 1));
    let output = sudokit(&["solve", "--to", "line"], &input);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("{LC37_SOLVED}\n")
    );
    assert!(
        stderr(&output).contains("<stdin>:1:10: expected 9 cells in a row, found a 10th"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn boj_several_puzzles_with_and_without_blank_lines() {
    let boj = fixture("formats/boj.txt");
    let expected = fixture("formats/boj.expected");
    let both = format!("{expected}\n{expected}");
    check(&["solve"], &format!("{boj}{boj}"), &both, 0);
    check(&["solve"], &format!("{boj}\n\n{boj}"), &both, 0);
}

#[test]
fn leetcode_37_example_in_every_spelling() {
    let expected = fixture("formats/leetcode.expected");
    for file in [
        "leetcode.txt",
        "leetcode-cpp.txt",
        "leetcode-java.txt",
        "leetcode-python.txt",
    ] {
        check(&["solve", &format!("formats/{file}")], "", &expected, 0);
    }
    let single_quotes = fixture("formats/leetcode.txt").replace('"', "'");
    check(&["solve"], &single_quotes, &expected, 0);
    let bare = fixture("formats/leetcode.txt").replace("board = ", "");
    check(
        &["solve"],
        &format!("{bare}{bare}"),
        &format!("{expected}{expected}"),
        0,
    );
    // Without `=`: C++'s brace initialisation, and the problem page's
    // `Output:` line (its `Input: board = …` reads as a declaration).
    let braced = fixture("formats/leetcode-cpp.txt").replacen("board = {", "board{", 1);
    assert!(braced.contains("board{"));
    check(&["solve"], &braced, &expected, 0);
    let labelled = fixture("formats/leetcode.txt").replace("board = ", "Output: ");
    assert!(labelled.starts_with("Output: ["));
    check(&["solve"], &labelled, &expected, 0);
}

#[test]
fn leetcode_pasted_with_comments_of_code() {
    let expected = fixture("formats/leetcode.expected");
    // A comment line before the board, and comments after code on a line.
    let cpp = fixture("formats/leetcode-cpp.txt")
        .replacen("board = {", "board = { // the board", 1)
        .replace("'3','.'},", "'3','.'}, // a row")
        .replace("};", "}; // LeetCode 37");
    for first in ["// LeetCode 37, example 1\n", "/* LeetCode 37 */\n", ""] {
        check(&["solve"], &format!("{first}{cpp}"), &expected, 0);
    }
    let python = fixture("formats/leetcode-python.txt")
        .replacen("],\n", "],  # row 1\n", 1)
        .replace("\n]", "\n]  # example 1");
    assert!(python.contains("# example 1"));
    check(&["solve"], &python, &expected, 0);
    // Brackets in a comment after a broken row do not count when the rest
    // of the board is skipped: the next board is read.
    let board = fixture("formats/leetcode-python.txt");
    let broken = board
        .replacen("\"3\"", "\"x\"", 1)
        .replacen("],\n", "],  # row 1 ]]\n", 1);
    let output = check(
        &["solve", "-f", "leetcode"],
        &format!("{broken}{board}"),
        &expected,
        2,
    );
    assert_eq!(stderr(&output).lines().count(), 1, "{}", stderr(&output));
    // A '#' inside a quoted cell is still a bad cell, not a comment.
    let bad = fixture("formats/leetcode.txt").replacen("\"3\"", "\"#\"", 1);
    let output = check(&["solve", "-f", "leetcode"], &bad, "", 2);
    assert!(
        stderr(&output).contains(":1:15: expected a cell \"1\"-\"9\" or \".\", found '\"#\"'"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn leetcode_output_is_json() {
    let output = check(
        &["solve", "formats/leetcode.txt"],
        "",
        &fixture("formats/leetcode.expected"),
        0,
    );
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).expect("valid JSON");
    assert_eq!(value[0][2], "4");
}

#[test]
fn line_grid_and_json_formats() {
    for (input, expected) in [
        ("formats/line.txt", "formats/line.expected"),
        ("formats/line.csv", "formats/line.csv.expected"),
        ("formats/line-quoted.csv", "formats/line.csv.expected"),
        ("formats/grid.txt", "formats/grid.expected"),
        ("formats/grid.sdk", "formats/grid.expected"),
        ("formats/grid.ss", "formats/grid.expected"),
        ("formats/grid-qqwing.txt", "formats/grid.expected"),
        ("formats/json-grid.json", "formats/json-grid.expected"),
        ("formats/json-lines.jsonl", "formats/json-lines.expected"),
        ("formats/json-array.json", "formats/json-array.expected"),
    ] {
        check(&["solve", input], "", &fixture(expected), 0);
    }
}

#[test]
fn line_output_keeps_order() {
    let out = sudokit(&["solve", "--to", "line", "formats/line.txt"], "");
    let lines: Vec<&str> = std::str::from_utf8(&out.stdout)
        .expect("utf-8")
        .lines()
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0], LC37_SOLVED);
}

#[test]
fn to_converts_between_layouts() {
    check(
        &["solve", "--to", "line", "formats/boj.txt"],
        "",
        "135469278782135649469278135321546897874913526596827413917652384643781952258394761\n",
        0,
    );
    check(
        &["solve", "--to", "leetcode", "formats/grid.txt"],
        "",
        &fixture("formats/leetcode.expected"),
        0,
    );
    check(
        &["solve", "--to", "grid", "formats/leetcode.txt"],
        "",
        &fixture("formats/grid.expected"),
        0,
    );
    check(
        &["solve", "--to", "json", "formats/grid.txt"],
        "",
        &fixture("formats/json-grid.expected"),
        0,
    );
    check(
        &["solve", "--to", "boj", "-f", "line"],
        &format!("{LC37}\n"),
        &fixture("formats/grid.expected")
            .replace(" |", "")
            .lines()
            .filter(|l| !l.starts_with('-'))
            .map(|l| format!("{l}\n"))
            .collect::<String>(),
        0,
    );
}

#[test]
fn invalid_givens_are_reported_with_their_conflicts() {
    let out = check(&["solve", "invalid/lc36-example2.txt"], "", "", 1);
    let err = stderr(&out);
    assert!(err.contains("invalid"), "{err}");
    assert!(
        err.contains("column 1: 8 at r1c1, r4c1; box 1: 8 at r1c1, r3c3"),
        "{err}"
    );
}

#[test]
fn invalid_json_lists_conflicts() {
    let out = sudokit(&["solve", "--json", "invalid/box-only.txt"], "");
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON line");
    assert_eq!(v["status"], "invalid");
    assert_eq!(v["line"], 2);
    assert_eq!(
        v["conflicts"],
        serde_json::json!([{"unit": "box", "index": 1, "digit": 1, "cells": [[1, 1], [2, 2]]}])
    );
}

#[test]
fn unsolvable_and_multiple() {
    let out = check(&["solve", "unsolvable/no-candidate.txt"], "", "", 1);
    assert!(
        stderr(&out).contains("unsolvable/no-candidate.txt:2: puzzle 1: unsolvable"),
        "{}",
        stderr(&out)
    );
    // Several solutions: one is printed, as BOJ 2580 allows...
    let out = sudokit(&["solve", "--to", "line", "multiple/sixteen-clues.txt"], "");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout.iter().filter(|&&b| b == b'\n').count(), 2);
    // ...unless uniqueness is asked for.
    let out = check(
        &["solve", "--unique", "multiple/sixteen-clues.txt"],
        "",
        "",
        1,
    );
    assert!(stderr(&out).contains("not unique"), "{}", stderr(&out));
    check(
        &["solve", "--unique", "--to", "line", "formats/line.txt"],
        "",
        &fixture("formats/line.expected"),
        0,
    );
}

#[test]
fn multiple_in_json() {
    let out = sudokit(
        &["solve", "--unique", "--json", "multiple/sixteen-clues.txt"],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    for line in std::str::from_utf8(&out.stdout).expect("utf-8").lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("JSON line");
        assert_eq!(v["status"], "multiple");
        assert!(v.get("solution").is_none());
    }
}

#[test]
fn count_all_and_limit() {
    let empty = ".".repeat(81) + "\n";
    check(&["solve", "--count"], &format!("{LC37}\n"), "1\n", 0);
    check(&["solve", "--count", "--limit", "5"], &empty, "5+\n", 0);
    check(
        &["solve", "--count"],
        "12345678.........9.......................................................\n",
        "",
        2,
    );
    check(
        &["solve", "--count"],
        &format!(
            "{}\n",
            fixture("unsolvable/no-candidate.txt")
                .lines()
                .skip(1)
                .collect::<String>()
        ),
        "0\n",
        1,
    );
    let out = sudokit(&["solve", "--all", "--limit", "3", "--to", "line"], &empty);
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<&str> = std::str::from_utf8(&out.stdout)
        .expect("utf-8")
        .lines()
        .collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[0] != lines[1] && lines[1] != lines[2] && lines[0] != lines[2]);
    let out = sudokit(&["solve", "--count", "--json", "--limit", "7"], &empty);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(
        (v["solutions"].as_u64(), v["capped"].as_bool()),
        (Some(7), Some(true))
    );
    let out = sudokit(&["solve", "--count", "--json"], &format!("{LC37}\n"));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(
        (v["solutions"].as_u64(), v["capped"].as_bool()),
        (Some(1), Some(false))
    );
}

#[test]
fn all_solutions_stream_and_a_closed_pipe_stops_the_search() {
    let empty = format!("{}\n", "0".repeat(81));
    // Four billion solutions asked for: the first ones must come out as they
    // are found, and the reader going away must end the run quietly.
    for json in [false, true] {
        let mut args = vec![
            "solve",
            "--line-buffered",
            "--all",
            "--limit",
            "4294967295",
            "--to",
            "line",
        ];
        if json {
            args.retain(|a| !matches!(*a, "--to" | "line"));
            args.push("--json");
        }
        let first = answered_while_open(&args, &empty, 3)
            .unwrap_or_else(|| panic!("{args:?}: no solution within 20 s"));
        let lines: Vec<&str> = first.lines().collect();
        assert_eq!(lines.len(), 3, "{args:?}: {first}");
        for (k, line) in lines.iter().enumerate() {
            let board = if json {
                let v: serde_json::Value = serde_json::from_str(line).expect("JSON");
                assert_eq!(v["solution_index"], k + 1, "{line}");
                assert_eq!(v["status"], "solved");
                v["solution"].as_str().expect("a solution").to_owned()
            } else {
                (*line).to_owned()
            };
            let grid: Grid = board.parse().expect("a board");
            assert!(grid.is_complete() && grid.is_valid(), "{board}");
        }
    }
}

#[test]
fn all_with_json_writes_a_record_per_solution_then_the_puzzles() {
    let out = sudokit(
        &["solve", "--all", "--json", "--limit", "5"],
        &format!("{}\n", "0".repeat(81)),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let records: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(records.len(), 6, "{text}");
    for (k, record) in records[..5].iter().enumerate() {
        assert_eq!(record["solution_index"], k + 1);
        assert_eq!(record["index"], 1);
    }
    let last = &records[5];
    assert!(last.get("solution_index").is_none() && last.get("all").is_none());
    assert_eq!(
        (&last["solutions"], &last["capped"]),
        (&5.into(), &true.into())
    );
    assert_eq!(last["solution"], records[0]["solution"], "the first one");
    // Read back, every record is its solution.
    let back = sudokit(&["solve", "--to", "line"], &text);
    assert_eq!(back.status.code(), Some(0), "{}", stderr(&back));
    assert_eq!(String::from_utf8_lossy(&back.stdout).lines().count(), 6);
}

#[test]
fn count_exactly_at_the_limit_is_not_capped() {
    // Exactly two solutions: counted with a limit of 2 the count is exact.
    check(
        &[
            "solve",
            "--count",
            "--limit",
            "2",
            "multiple/two-solutions.txt",
        ],
        "",
        "2\n",
        0,
    );
    check(
        &[
            "solve",
            "--count",
            "--limit",
            "1",
            "multiple/two-solutions.txt",
        ],
        "",
        "1+\n",
        0,
    );
    check(
        &["solve", "--count", "--unique", "multiple/two-solutions.txt"],
        "",
        "2\n",
        1,
    );
    let out = sudokit(
        &[
            "solve",
            "--all",
            "--to",
            "line",
            "multiple/two-solutions.txt",
        ],
        "",
    );
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(text.lines().count(), 2);
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn json_output_has_every_field_and_reads_back() {
    let out = sudokit(&["solve", "--json", "formats/line.txt"], "");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let first: serde_json::Value =
        serde_json::from_str(text.lines().next().expect("a line")).expect("JSON");
    assert_eq!(first["source"], "formats/line.txt");
    assert_eq!(first["index"], 1);
    assert_eq!(first["line"], 2);
    assert_eq!(first["format"], "line");
    assert_eq!(first["puzzle"], LC37);
    assert_eq!(first["status"], "solved");
    assert_eq!(first["solution"], LC37_SOLVED);
    assert_eq!(
        first["grid"][0],
        serde_json::json!([5, 3, 4, 6, 7, 8, 9, 1, 2])
    );
    // sudokit's own JSON is valid input: it reads back as its solutions.
    check(
        &["solve", "--to", "line"],
        &text,
        &fixture("formats/line.expected"),
        0,
    );
}

#[test]
fn stats_in_json_and_text() {
    let out = sudokit(&["solve", "--json", "--stats"], &format!("{LC37}\n"));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert!(
        v["stats"]["guesses"].is_u64()
            && v["stats"]["steps"].as_u64() > Some(0)
            && v["stats"]["time_us"].is_u64()
    );
    let out = check(
        &["solve", "--stats", "--to", "line"],
        &format!("{LC37}\n"),
        &format!("{LC37_SOLVED}\n"),
        0,
    );
    assert!(stderr(&out).contains("guesses"), "{}", stderr(&out));
}

#[test]
fn bad_input_is_a_located_error() {
    let out = check(&["solve"], &format!("{}x\n", &LC37[..80]), "", 2);
    assert_eq!(
        stderr(&out),
        "sudokit: <stdin>:1:81: expected a digit 0-9 or '.', found 'x'\n"
    );
    let out = check(&["solve", "-f", "boj"], "0 3 5 4 6 9 2 7 10\n", "", 2);
    assert_eq!(
        stderr(&out),
        "sudokit: <stdin>:1:17: expected a number 0-9, found '10'\n"
    );
    let out = check(&["solve"], "", "", 2);
    assert!(
        stderr(&out).starts_with("sudokit: <stdin>:1:1: expected a puzzle, found none"),
        "{}",
        stderr(&out)
    );
    let out = check(&["solve", "no-such-file.txt"], "", "", 2);
    assert!(
        stderr(&out).starts_with("sudokit: no-such-file.txt: "),
        "{}",
        stderr(&out)
    );
}

#[test]
fn every_input_is_processed_before_exiting() {
    // A bad line between good ones: the good ones are still solved, exit 2.
    let input = format!("{LC37}\n{}\n{LC37}\n", &LC37[..40]);
    let out = check(
        &["solve", "--to", "line"],
        &input,
        &format!("{LC37_SOLVED}\n{LC37_SOLVED}\n"),
        2,
    );
    assert!(
        stderr(&out).contains("<stdin>:2:41: expected 81 cells, found 40 cells"),
        "{}",
        stderr(&out)
    );
    // A missing file between good ones, and a negative result: 2 wins over 1.
    let out = sudokit(
        &[
            "solve",
            "formats/boj.txt",
            "nope",
            "unsolvable/no-candidate.txt",
            "formats/boj.txt",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    let expected = fixture("formats/boj.expected");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("{expected}\n{expected}")
    );
}

#[test]
fn errors_in_json_mode_are_records() {
    let out = sudokit(&["solve", "--json"], &format!("{LC37}\n{}\n", &LC37[..40]));
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let second: serde_json::Value =
        serde_json::from_str(text.lines().nth(1).expect("two lines")).expect("JSON");
    assert_eq!(second["status"], "error");
    assert_eq!(second["index"], 2);
    assert_eq!(second["line"], 2);
    assert!(
        second["error"]
            .as_str()
            .is_some_and(|e| e.contains("<stdin>:2:41"))
    );
}

/// An input that cannot be opened is a record too, about the input as a
/// whole (index and line 0); the inputs after it are still solved.
#[test]
fn an_unreadable_input_in_json_mode_is_a_record() {
    let out = sudokit(
        &["solve", "--json", "no-such-file.txt", "formats/boj.txt"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let records: Vec<serde_json::Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).expect("JSON"))
        .collect();
    assert_eq!(records.len(), 2, "{text}");
    assert_eq!(records[0]["source"], "no-such-file.txt");
    assert_eq!(records[0]["status"], "error");
    assert_eq!(records[0]["index"], 0);
    assert_eq!(records[0]["line"], 0);
    assert!(
        records[0]["error"]
            .as_str()
            .is_some_and(|e| e.starts_with("no-such-file.txt: "))
    );
    assert_eq!(records[1]["status"], "solved");
}

/// An option that cannot take effect is a usage error (exit 2, nothing on
/// standard output), not a warning or silence: `--to` with `--json` or
/// `--count` (no boards are printed), `--limit` without `--count` or `--all`.
#[test]
fn options_that_do_nothing_are_usage_errors() {
    let cases: [(&[&str], &str); 4] = [
        (&["solve", "--count", "--to", "boj"], "cannot be used with"),
        (&["solve", "--json", "--to", "boj"], "cannot be used with"),
        (&["solve", "--limit", "5"], "<--count|--all>"),
        (&["solve", "--unique", "--limit", "5"], "<--count|--all>"),
    ];
    for (args, said) in cases {
        let out = sudokit(args, &format!("{LC37}\n"));
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(stderr(&out).contains(said), "{args:?}: {}", stderr(&out));
    }
    // Where they do take effect, they are taken.
    check(
        &["solve", "--to", "line"],
        &format!("{LC37}\n"),
        &format!("{LC37_SOLVED}\n"),
        0,
    );
    check(
        &["solve", "--count", "--limit", "5"],
        &format!("{LC37}\n"),
        "1\n",
        0,
    );
    let out = sudokit(
        &["solve", "--all", "--limit", "5", "--to", "line"],
        &format!("{LC37}\n"),
    );
    assert_eq!((out.status.code(), stderr(&out).as_str()), (Some(0), ""));
}

/// An input that holds no puzzle is an error about the input as a whole
/// too: index and line 0 in every command, as `batch` reports it.
#[test]
fn an_input_without_a_puzzle_is_a_record_about_the_whole_input() {
    for command in ["solve", "validate", "batch"] {
        let out = sudokit(&[command, "--json", "-"], "# only a comment\n\n");
        assert_eq!(out.status.code(), Some(2));
        let text = String::from_utf8(out.stdout).expect("utf-8");
        let record: serde_json::Value =
            serde_json::from_str(text.lines().next().unwrap_or("")).expect("JSON");
        assert_eq!(record["status"], "error", "{command}: {text}");
        assert_eq!(record["index"], 0, "{command}: {text}");
        assert_eq!(record["line"], 0, "{command}: {text}");
        assert!(
            record["error"]
                .as_str()
                .is_some_and(|e| e.contains("expected a puzzle, found none")),
            "{command}: {text}"
        );
    }
}

/// The `line` of a board spanning lines is its first line, also when the
/// error is further down (the message says where).
#[test]
fn an_error_record_names_the_line_its_board_starts_on() {
    let boj = fixture("formats/boj.txt");
    let broken = boj.replacen("7 8 2 1", "7 8 x 1", 1);
    let out = sudokit(&["solve", "--json"], &format!("{boj}\n{broken}"));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let second: serde_json::Value =
        serde_json::from_str(text.lines().nth(1).expect("two records")).expect("JSON");
    assert_eq!(second["status"], "error");
    assert_eq!(second["line"], 11);
    assert!(
        second["error"]
            .as_str()
            .is_some_and(|e| e.starts_with("<stdin>:12:5: ")),
        "{second}"
    );
}

#[test]
fn writing_to_a_full_device_is_an_error() {
    let Some(out) = super::to_full_device(&["solve", "formats/line.txt"]) else {
        return;
    };
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("No space left on device"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let (first, out) = super::first_line_then_close(&["solve"], LC37);
    assert_eq!(first.trim_end(), LC37_SOLVED);
    assert_eq!(stderr(&out), "");
    assert_eq!(out.status.code(), Some(0));
}

/// A closed pipe ends the run quietly, yet what was already reported still
/// counts: an input that could not be read (2), a puzzle without a
/// solution (1), as under `set -o pipefail` a script must see.
#[test]
fn a_closed_pipe_keeps_the_status_earned() {
    let (first, out) = super::first_line_then_close(&["solve", "no-such-file.txt"], LC37);
    assert_eq!(first.trim_end(), LC37_SOLVED);
    assert!(
        stderr(&out).starts_with("sudokit: no-such-file.txt: "),
        "{}",
        stderr(&out)
    );
    assert_eq!(out.status.code(), Some(2));
    let unsolvable = "unsolvable/no-candidate.txt";
    let (first, out) = super::first_line_then_close(&["solve", unsolvable], LC37);
    assert_eq!(first.trim_end(), LC37_SOLVED);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let (first, out) = super::first_line_then_close(&["solve", "--json", unsolvable], LC37);
    assert!(first.contains(r#""status":"unsolvable""#), "{first}");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    for args in [["batch", "-j", "1"], ["batch", "-j", "2"]] {
        let (first, out) = super::first_line_then_close(&[&args[..], &[unsolvable]].concat(), LC37);
        assert_eq!(first.trim_end(), format!("{unsolvable}:1:unsolvable"));
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    }
}

#[test]
fn line_buffered_flushes_each_puzzle() {
    use std::io::{BufRead, BufReader, Write};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(["solve", "--line-buffered", "-f", "line"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("starts");
    let mut input = child.stdin.take().expect("piped");
    let mut output = BufReader::new(child.stdout.take().expect("piped"));
    // The answer to the first puzzle arrives while standard input is still open.
    writeln!(input, "{LC37}").expect("write");
    input.flush().expect("flush");
    let mut line = String::new();
    output.read_line(&mut line).expect("read");
    assert_eq!(line.trim_end(), LC37_SOLVED);
    drop(input);
    assert!(child.wait().expect("ends").success());
}

/// Under `--line-buffered` a BOJ board is answered once its ninth row is
/// read, without waiting for what follows it.
#[test]
fn line_buffered_answers_a_boj_board_at_its_last_row() {
    let board = super::answered_while_open(
        &["solve", "--line-buffered"],
        &fixture("formats/boj.txt"),
        9,
    );
    assert_eq!(
        board.expect("the answer while the input is open"),
        fixture("formats/boj.expected")
    );
}

/// A rated list (`puzzle,easy`: a word after the puzzle) streams too: a
/// first line of 81 cells is a line puzzle whatever follows it, so no
/// line is held back to decide the layout.
#[test]
fn line_buffered_answers_a_rated_line_at_once() {
    let answer = super::answered_while_open(
        &["solve", "--line-buffered", "--to", "line"],
        &format!("{LC37},easy\n"),
        1,
    );
    assert_eq!(
        answer.expect("the answer while the input is open"),
        format!("{LC37_SOLVED}\n")
    );
}

/// A stray or lost row in a run of BOJ or grid rows with a single whole
/// board in it may have shifted that board: it is an error, not an answer.
#[test]
fn a_board_with_a_row_too_many_is_not_answered() {
    let boj = fixture("formats/boj.txt");
    let expected = fixture("formats/boj.expected");
    let zeros = "0 0 0 0 0 0 0 0 0\n";
    let message = "<stdin>:1:1: expected 9 rows to a board, found 10 rows before";
    for input in [
        format!("{zeros}{boj}"),
        format!("{boj}{zeros}"),
        format!("{zeros}{boj}\n"),
    ] {
        let output = check(&["solve"], &input, "", 2);
        assert!(stderr(&output).contains(message), "{}", stderr(&output));
    }
    // A blank line ends the run: the board after it is read as usual.
    let output = check(&["solve"], &format!("{zeros}{boj}\n{boj}"), &expected, 2);
    assert!(stderr(&output).contains(message), "{}", stderr(&output));
    // Two whole boards in a run, then the end: both answered.
    check(
        &["solve"],
        &format!("{boj}{boj}"),
        &format!("{expected}\n{expected}"),
        0,
    );
    // A run that ends at a broken line, after a row of the next board (or
    // at a row with a typo): the held board may be shifted too.
    for broken in ["0 0 0 0 x 0 0 0 0\n", "0 0 0 0 0 0 0 0\n"] {
        let output = sudokit(&["solve"], &format!("{zeros}{boj}{broken}"));
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(String::from_utf8_lossy(&output.stdout), "");
        assert!(
            stderr(&output).contains(
                "<stdin>:1:1: expected a blank line or another whole board after this one, \
                 found the error on line 11"
            ),
            "{}",
            stderr(&output)
        );
    }
    // A heading there ends the run as a blank line would.
    let output = sudokit(&["solve"], &format!("{zeros}{boj}Puzzle 2\n"));
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "");
    assert!(
        stderr(&output).contains(
            "<stdin>:1:1: expected 9 rows to a board, found 10 rows before the heading on line 11"
        ),
        "{}",
        stderr(&output)
    );
    // A row with a typo in its first number, after a row of the next board.
    let output = sudokit(&["solve"], &format!("{zeros}{boj}10 0 0 0 0 0 0 0\n"));
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "");
    // A heading right after a board says nothing about it: it parts boards
    // as a blank line does.
    check(&["solve"], &format!("{boj}Puzzle 2\n"), &expected, 0);
    // The same in a drawn grid, with a row repeated.
    let grid = fixture("formats/grid.txt");
    let row = grid
        .lines()
        .find(|l| l.contains('.'))
        .expect("a row with cells");
    let doubled = grid.replacen(row, &format!("{row}\n{row}"), 1);
    let output = check(&["solve", "-f", "grid"], &doubled, "", 2);
    assert!(
        stderr(&output)
            .contains("expected 9 rows to a board, found 10 rows before the end of the input"),
        "{}",
        stderr(&output)
    );
    // A blank line partway through a drawn board ends it: the shifted
    // board before it is an error, the board after it is read.
    let output = check(
        &["solve", "-f", "grid", "--to", "line"],
        &format!("{doubled}\n{grid}"),
        &format!("{LC37_SOLVED}\n"),
        2,
    );
    assert!(
        stderr(&output).contains("found a blank line"),
        "{}",
        stderr(&output)
    );
    // A blank line between drawn boards ends a run: the board before it is
    // answered, the shifted one after it is not.
    let output = check(
        &["solve", "-f", "grid", "--to", "line"],
        &format!("{grid}\n{doubled}"),
        &format!("{LC37_SOLVED}\n"),
        2,
    );
    assert!(
        stderr(&output).contains("expected 9 rows to a board, found 10 rows"),
        "{}",
        stderr(&output)
    );
}

/// A long line file is read in blocks of lines: puzzles, comments, blank
/// and bad lines anywhere in it keep their order, line numbers and
/// indices, in text and in JSON.
#[test]
fn long_line_files_keep_every_position() {
    let mut input = String::from("puzzle,solution\n");
    let mut expected_err = String::new();
    let mut solved = 0;
    for line in 2..=400 {
        if line % 97 == 0 {
            input.push_str("# a comment\n");
        } else if line % 89 == 0 {
            input.push('\n');
        } else if line % 61 == 0 {
            input.push_str(&format!("{}x\n", &LC37[..80]));
            expected_err.push_str(&format!(
                "sudokit: <stdin>:{line}:81: expected a digit 0-9 or '.', found 'x'\n"
            ));
        } else {
            input.push_str(&format!("{LC37},\r\n"));
            solved += 1;
        }
    }
    let output = sudokit(&["solve"], &input);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stderr(&output), expected_err);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(stdout.lines().count(), solved);
    assert!(stdout.lines().all(|l| l == LC37_SOLVED));

    // JSON: every item's index and line, in order.
    let output = sudokit(&["solve", "--json"], &input);
    let mut expected = Vec::new();
    let mut index = 0;
    for line in 2..=400 {
        if line % 97 != 0 && line % 89 != 0 {
            index += 1;
            expected.push((index, line));
        }
    }
    let got: Vec<(u64, u64)> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("JSON line");
            (
                v["index"].as_u64().expect("index"),
                v["line"].as_u64().expect("line"),
            )
        })
        .collect();
    let expected: Vec<(u64, u64)> = expected
        .into_iter()
        .map(|(i, l)| (i as u64, l as u64))
        .collect();
    assert_eq!(got, expected);
}

/// Comment lines of code (`//`, a `/* … */` line) are skipped between
/// boards as `#` lines are; a line that only starts with a comment is data.
#[test]
fn comment_lines_of_code_between_boards() {
    let boj = fixture("formats/boj.txt");
    let boj_out = fixture("formats/boj.expected");
    check(
        &["solve"],
        &format!("{boj}// puzzle 2\n{boj}"),
        &format!("{boj_out}\n{boj_out}"),
        0,
    );
    let grid = fixture("formats/grid.txt");
    check(
        &["solve", "--to", "line"],
        &format!("{grid}/* puzzle 2 */\n{grid}"),
        &format!("{LC37_SOLVED}\n{LC37_SOLVED}\n"),
        0,
    );
    check(
        &["solve"],
        &format!("{LC37}\n// the second one\n{LC37}\n"),
        &format!("{LC37_SOLVED}\n{LC37_SOLVED}\n"),
        0,
    );
    // Detection passes over such a line too: a broken first line puzzle,
    // a comment, then a good one is a line file.
    let broken = format!("{} {}", &LC37[..30], &LC37[30..]);
    let output = check(
        &["solve"],
        &format!("{broken}\n// note\n{LC37}\n"),
        &format!("{LC37_SOLVED}\n"),
        2,
    );
    assert!(
        stderr(&output).contains("<stdin>:1:"),
        "{}",
        stderr(&output)
    );
    // A comment that closes partway through a line leaves data after it:
    // the line is not dropped without a word.
    let output = sudokit(&["solve"], &format!("/* 1 */ {LC37} /* easy */\n{LC37}\n"));
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("<stdin>:1:"),
        "{}",
        stderr(&output)
    );
}

/// A first line with a label or a typo that the rules would read as a grid
/// row does not make the whole input a grid when the next data line is
/// surely BOJ numbers: a label is a heading, passed over; with a typo only
/// the broken board is lost.
#[test]
fn a_label_before_boj_boards_does_not_make_them_a_grid() {
    let boj = fixture("formats/boj.txt");
    let expected = fixture("formats/boj.expected");
    let both = format!("{expected}\n{expected}");
    check(&["solve"], &format!("Puzzle 2\n{boj}\n{boj}"), &both, 0);
    let output = check(&["solve"], &format!("5a\n{boj}\n{boj}"), &expected, 2);
    assert!(
        stderr(&output).contains("<stdin>:1:"),
        "{}",
        stderr(&output)
    );
}

/// The judge's page, copied whole: each sample under its heading, the
/// expected output under its own. Every board is read, in `boj` layout.
#[test]
fn a_judge_page_pasted_with_its_headings_reads_every_board() {
    let boj = fixture("formats/boj.txt");
    let expected = fixture("formats/boj.expected");
    let page = format!("예제 입력 1\n{boj}\n예제 출력 1\n{expected}");
    check(&["solve"], &page, &format!("{expected}\n{expected}"), 0);
    let page = format!("Sample Input 1\n{boj}Sample Output 1\n{expected}");
    check(&["solve"], &page, &format!("{expected}\n{expected}"), 0);
}

/// Project Euler's sudoku file (problem 96): each board under a `Grid NN`
/// label. The labels are passed over, as `#` lines are.
#[test]
fn project_euler_96_file() {
    let boards = [
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
        "200080300060070084030500209000105408000000000402706000301007040720040060004010003",
    ];
    let mut input = String::new();
    for (i, board) in boards.iter().enumerate() {
        input.push_str(&format!("Grid {:02}\n", i + 1));
        for row in board.as_bytes().chunks(9) {
            input.push_str(std::str::from_utf8(row).expect("ASCII"));
            input.push('\n');
        }
    }
    // The boards' solutions, checked independently (a Python checker).
    check(
        &["solve", "--to", "line"],
        &input,
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382\n\
         245981376169273584837564219976125438513498627482736951391657842728349165654812793\n",
        0,
    );
}

/// The digits of a line-format puzzle or solution renamed: `d` becomes
/// `(d + shift) % 9 + 1`, blanks stay.
fn renamed(line: &str, shift: u8) -> String {
    line.bytes()
        .map(|b| match b {
            b'1'..=b'9' => char::from(b'1' + (b - b'1' + shift) % 9),
            other => char::from(other),
        })
        .collect()
}

#[test]
fn a_long_input_keeps_its_order_and_locates_an_error_past_the_read_ahead() {
    // Long enough that reading moves to a second thread partway (after
    // 4,096 puzzles), with a broken line well past that point.
    let bad_line = 7_001;
    let mut input = String::new();
    let mut expected = String::new();
    for n in 1..=10_000 {
        if n == bad_line {
            input.push_str(&format!("{}x\n", &LC37[..80]));
            continue;
        }
        let shift = (n % 9) as u8;
        input.push_str(&renamed(LC37, shift));
        input.push('\n');
        expected.push_str(&renamed(LC37_SOLVED, shift));
        expected.push('\n');
    }
    let out = sudokit(&["solve", "-f", "line", "--to", "line"], &input);
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
    assert_eq!(
        stderr(&out),
        format!("sudokit: <stdin>:{bad_line}:81: expected a digit 0-9 or '.', found 'x'\n")
    );
    assert_eq!(out.status.code(), Some(2));
}
