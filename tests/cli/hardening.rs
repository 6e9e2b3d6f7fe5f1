//! Hardening: bad input is a clear, located error (exit 2) with bounded
//! memory, never a panic, a hang or a wrong answer; output failures are
//! reported or, for a closed pipe, quiet.
//!
//! Also replays every input the fuzzers once failed on
//! (`fixtures/fuzz-regressions/<target>/`) through the same checks the fuzz
//! targets run (`fuzz/checks.rs`), so those bugs stay fixed without cargo-fuzz.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output};

use sudokit::{Format, ParseErrorKind, parse_str};

use super::{check, fixtures, stderr, sudokit};

#[path = "../../fuzz/checks.rs"]
mod checks;

const LC37: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const LC37_SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// Runs `sudokit args` on `bytes` as standard input.
fn run_bytes(args: &[&str], bytes: &[u8]) -> Output {
    let bytes = bytes.to_vec();
    super::sudokit_fed(args, move |input| {
        // sudokit may stop reading early; a broken pipe here is not the test's concern.
        let _ = input.write_all(&bytes);
    })
}

/// Asserts a run failed with exit 2, nothing on standard output, and
/// standard error holding `message`.
#[track_caller]
fn assert_error(output: &Output, message: &str) {
    let err = stderr(output);
    assert_eq!(output.status.code(), Some(2), "stderr: {err}");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "", "stderr: {err}");
    assert!(err.contains(message), "expected {message:?} in: {err}");
    assert!(!err.contains("panicked"), "{err}");
}

// ---- fuzz regressions ----------------------------------------------------

type Property = fn(&[u8]);

/// Runs `property` on `data`, failing with `what` (the target and the input)
/// when it panics.
#[track_caller]
fn holds(property: Property, data: &[u8], what: &str) {
    let result = std::panic::catch_unwind(|| property(data));
    assert!(result.is_ok(), "{what} fails its fuzz check");
}

/// Every file under `dir`, recursively, in sorted order.
fn files_under(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("a fixtures directory") {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn fuzz_regressions_stay_fixed() {
    let targets: [(&str, Property); 3] = [
        ("parse", checks::parse),
        ("roundtrip", checks::roundtrip),
        ("solve", checks::solve_all),
    ];
    let mut replayed = 0;
    for (target, property) in targets {
        let dir = fixtures().join("fuzz-regressions").join(target);
        if !dir.exists() {
            continue;
        }
        for path in files_under(&dir) {
            let data = std::fs::read(&path).expect("regression input");
            holds(property, &data, &format!("{target} on {}", path.display()));
            replayed += 1;
        }
    }
    assert!(replayed > 0, "no fuzz regression inputs found");
}

/// The fuzz targets' seed corpus, as `fuzz/seed.sh` writes it from the
/// fixtures (the kept regressions among them), passes the targets' checks:
/// a check that fails on its own seeds stops the fuzzer at once, and would
/// find nothing.
#[test]
fn fuzz_seed_corpus_passes_the_checks() {
    let mut seeds = 0;
    let mut boards = std::collections::BTreeSet::new();
    for path in files_under(&fixtures()) {
        if path.extension().is_some_and(|e| e == "expected") {
            continue;
        }
        let text = std::fs::read(&path).expect("a fixture");
        // parse: the first byte picks the format (0 auto, 1 boj, 2 leetcode,
        // 3 line, 4 json, 5 grid); roundtrip: auto.
        for pick in 0..6u8 {
            let data: Vec<u8> = std::iter::once(pick).chain(text.iter().copied()).collect();
            let what = format!("parse on {} (format {pick})", path.display());
            holds(checks::parse, &data, &what);
            seeds += 1;
        }
        let data: Vec<u8> = std::iter::once(0).chain(text.iter().copied()).collect();
        holds(
            checks::roundtrip,
            &data,
            &format!("roundtrip on {}", path.display()),
        );
        // solve: every line that starts with 81 cells.
        for line in text.split(|&b| b == b'\n') {
            if let Some(cells) = line.get(..81)
                && cells.iter().all(|b| b.is_ascii_digit() || *b == b'.')
            {
                boards.insert(cells.to_vec());
            }
        }
    }
    for cells in &boards {
        let what = format!("solve on {}", String::from_utf8_lossy(cells));
        holds(checks::solve_all, cells, &what);
    }
    assert!(
        seeds > 100 && !boards.is_empty(),
        "{seeds} seeds, {} boards",
        boards.len()
    );
}

#[test]
fn slow_fuzz_inputs_are_decided_quickly() {
    slow_inputs_are_decided_quickly("solve-slow");
}

/// Inputs on which the solve target was slow under instrumentation. The
/// bound is on search work, not time, so the test cannot be flaky; the full
/// properties run too.
fn slow_inputs_are_decided_quickly(kept: &str) {
    let dir = fixtures().join("fuzz-regressions").join(kept);
    let entries = std::fs::read_dir(&dir).expect("slow solve inputs");
    for entry in entries {
        let path = entry.expect("directory entry").path();
        let data = std::fs::read(&path).expect("regression input");
        let mut cells = [0u8; 81];
        for (cell, &b) in cells.iter_mut().zip(&data) {
            if (b'1'..=b'9').contains(&b) {
                *cell = b - b'0';
            }
        }
        let grid = sudokit::Grid::from_cells(cells).expect("cells 0-9");
        let outcome = sudokit::solver::search(&grid, 2, 1, &mut |_| {});
        assert!(
            outcome.stats.guesses < 10_000,
            "{}: {} guesses",
            path.display(),
            outcome.stats.guesses
        );
        checks::solve_all(&data);
    }
}

// ---- buffering ----------------------------------------------------------------

/// What is read does not depend on buffering: with `--line-buffered` and
/// without, the same records and the same messages. The case: a BOJ board
/// of three numbers to a line, broken on its fourth line, then five more
/// lines of it; and the same board followed at once by a whole one.
#[test]
fn buffering_does_not_change_what_is_read() {
    let rows: Vec<String> = LC37
        .as_bytes()
        .chunks(3)
        .map(|r| {
            let cells: Vec<String> = r
                .iter()
                .map(|&c| {
                    if c == b'.' {
                        "0".into()
                    } else {
                        (c as char).to_string()
                    }
                })
                .collect();
            cells.join(" ") + "\n"
        })
        .collect();
    let broken = format!("{}x 0 0\n{}", rows[..3].concat(), rows[4..9].concat());
    let then_whole = format!("{broken}{}", rows.concat());
    for (input, skipped) in [(broken, true), (then_whole, false)] {
        for args in [&["solve"][..], &["solve", "--json"], &["validate"]] {
            let run = |extra: &[&str]| {
                let mut all = args.to_vec();
                all.extend(extra);
                let output = sudokit(&all, &input);
                (output.status.code(), stderr(&output), output.stdout)
            };
            let buffered = run(&[]);
            assert_eq!(buffered, run(&["--line-buffered"]), "{args:?}\n{input}");
            // The rest of the broken board was cut short by the end of the
            // input: the lines passed over are said to be.
            assert_eq!(
                buffered.1.contains("<stdin>:5:1: skipped 5 more lines"),
                skipped,
                "{args:?}: {}",
                buffered.1
            );
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

    /// The fuzz target's checks, among them that both deliveries read the
    /// same items, on runs of rows of every kind the boards of `boj` and
    /// `grid` are made of, with typos, headings, blank and stray lines.
    #[test]
    fn deliveries_agree_on_runs_of_rows(
        pick in 0u8..6,
        lines in proptest::collection::vec(
            proptest::sample::select(vec![
                "5 3 0 0 7 0 0 0 0",
                "6 0 0 1 9 5 0 0 0",
                "0 9 8",
                "0 6 0",
                "7",
                "x 0 0",
                "5 3 x 0 7 0 0 0 0",
                "5 3 0 0 7 0 0 0 0 1",
                "53..7....",
                "5 3 . | . 7 . | . . .",
                "------+-------+------",
                "Case 1",
                "# comment",
                "",
                "[\"5\",\"3\",\".\",\".\",\"7\",\".\",\".\",\".\",\".\"],",
                "[[",
                "]]",
            ]),
            0..120,
        ),
    ) {
        let mut data = vec![pick];
        for line in lines {
            data.extend_from_slice(line.as_bytes());
            data.push(b'\n');
        }
        checks::parse(&data);
    }
}

// ---- limits ---------------------------------------------------------------

#[test]
fn a_64_mib_line_without_a_newline_is_an_error_naming_the_limit() {
    // Streamed in 1 MiB pieces: the test never holds 64 MiB either.
    let output = super::sudokit_fed(&["solve"], |input| {
        let piece = vec![b'0'; 1 << 20];
        for _ in 0..64 {
            if input.write_all(&piece).is_err() {
                return;
            }
        }
    });
    assert_error(
        &output,
        "sudokit: <stdin>:1:1: line is longer than the limit of 16 MiB",
    );
}

#[test]
fn reading_goes_on_after_a_line_over_the_limit() {
    let output = super::sudokit_fed(&["solve", "-f", "line"], |input| {
        let piece = vec![b'7'; 1 << 20];
        for _ in 0..17 {
            if input.write_all(&piece).is_err() {
                return;
            }
        }
        let _ = writeln!(input, "\n{LC37}");
    });
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("{LC37_SOLVED}\n")
    );
    assert!(stderr(&output).contains("<stdin>:1:1: line is longer than the limit of 16 MiB"));
}

#[test]
fn a_json_value_over_the_limit_is_an_error_naming_it() {
    // 5 lines of 15 MiB inside one array: each line is allowed, the value is not.
    let output = super::sudokit_fed(&["solve", "-f", "json"], |input| {
        let line = b"0,".repeat(15 << 19);
        let _ = (|| -> std::io::Result<()> {
            input.write_all(b"[\n")?;
            for _ in 0..5 {
                input.write_all(&line)?;
                input.write_all(b"\n")?;
            }
            writeln!(input, "]\n\"{LC37}\"")
        })();
    });
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("<stdin>:1:1: JSON value is larger than the limit of 64 MiB"),
        "{}",
        stderr(&output)
    );
    // The value after it is still read.
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("[{}]\n", json_rows(LC37_SOLVED))
    );
}

/// The rows of an 81-digit line as the `json` layout writes them.
fn json_rows(line: &str) -> String {
    let rows: Vec<String> = line
        .as_bytes()
        .chunks(9)
        .map(|row| {
            let cells: Vec<String> = row.iter().map(|&b| char::from(b).to_string()).collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    rows.join(",")
}

#[test]
fn json_nested_200000_deep_is_an_error_naming_the_limit() {
    let limit = "JSON is nested deeper than the limit of 64 levels";
    for format in ["auto", "json"] {
        let deep = format!("{}\n", "[".repeat(200_000));
        assert_error(
            &sudokit(&["solve", "-f", format], &deep),
            &format!("<stdin>:1:65: {limit}"),
        );
        let objects = format!("{}\n", "{\"board\":".repeat(200_000));
        assert_error(&sudokit(&["solve", "-f", format], &objects), limit);
    }
    // Closed again, over 200,000 lines, then a puzzle: one error, and the
    // puzzle is still solved.
    let input = format!(
        "{}{}\"{LC37}\"\n",
        "[\n".repeat(200_000),
        "]\n".repeat(200_000)
    );
    let output = sudokit(&["solve", "--to", "line"], &input);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("{LC37_SOLVED}\n")
    );
    assert_eq!(stderr(&output), format!("sudokit: <stdin>:65:1: {limit}\n"));
    // The same on one line: the next line is read, not swallowed.
    let input = format!("{}{}\n\"{LC37}\"\n", "[".repeat(100), "]".repeat(100));
    let output = sudokit(&["solve", "--to", "line"], &input);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("{LC37_SOLVED}\n")
    );
    assert_eq!(stderr(&output), format!("sudokit: <stdin>:1:65: {limit}\n"));
}

#[test]
fn a_long_json_list_streams_with_the_same_meaning() {
    let board = format!("\"{LC37}\"");
    // 200 puzzles in one array: each read as a puzzle.
    let list = format!("[{}]", vec![board.as_str(); 200].join(","));
    let items = parse_str(&list, Format::Json);
    assert_eq!(items.len(), 200);
    assert!(items.iter().all(Result::is_ok));
    // 100 rows of 9: one board of the wrong size, not 100 errors.
    let rows = format!("[{}]", vec!["[0,0,0,0,0,0,0,0,0]"; 100].join(","));
    let items = parse_str(&rows, Format::Json);
    assert_eq!(items.len(), 1);
    let error = items[0].as_ref().expect_err("not a board");
    assert_eq!(
        error.to_string(),
        "1:1: expected 9 rows (or 81 cells), found an array of 100"
    );
    // 100 items, one of them bad: 99 puzzles and one located error, in order.
    let mut mixed = vec![board.as_str(); 100];
    mixed[50] = "7";
    let items = parse_str(&format!("[{}]", mixed.join(",")), Format::Json);
    assert_eq!(items.len(), 100);
    let error = items[50].as_ref().expect_err("a number is not a board");
    assert_eq!(error.index, 51);
    assert_eq!(error.error.column, 50 * 84 + 2);
    assert_eq!(items.iter().filter(|item| item.is_ok()).count(), 99);
    // A syntax error anywhere in a long list is one error for the whole
    // value (as for a short one); the next value is read.
    let broken = format!("[{},]\n\"{LC37}\"\n", vec![board.as_str(); 100].join(","));
    let items = parse_str(&broken, Format::Json);
    assert_eq!(items.len(), 2);
    let error = items[0].as_ref().expect_err("a syntax error");
    assert_eq!(error.error.column, 100 * 84 + 2);
    assert!(items[1].is_ok());
}

// ---- bytes that are not text ----------------------------------------------

#[test]
fn nul_bytes_are_located_errors() {
    let cases: [(&str, &[u8], &str); 6] = [
        (
            "auto",
            b"\0\0\0\n",
            "<stdin>:1:1: expected a digit, '.', '_' or a border (| - + =), found '\\0'",
        ),
        (
            "grid",
            b"--\0--\n",
            "<stdin>:1:3: expected a digit, '.', '_' or a border (| - + =), found '\\0'",
        ),
        (
            "line",
            b"53..7\0...\n",
            "<stdin>:1:6: expected a digit 0-9 or '.', found '\\0'",
        ),
        (
            "boj",
            b"0 0 \0 0 0 0 0 0 0\n",
            "<stdin>:1:5: expected a number 0-9, found '\\0'",
        ),
        (
            "json",
            b"[\0]\n",
            "<stdin>:1:2: expected a JSON value, found '\\0'",
        ),
        (
            "leetcode",
            b"[[\0\n",
            "<stdin>:1:3: expected a cell \"1\"-\"9\" or \".\", found '\\0'",
        ),
    ];
    for (format, input, message) in cases {
        // The parsers locate a NUL byte; the command line reports one in
        // the first 8 KiB of an input as binary data, once (CLI.md).
        let layout = match format {
            "auto" => Format::Auto,
            "grid" => Format::Grid,
            "line" => Format::Line,
            "boj" => Format::Boj,
            "json" => Format::Json,
            _ => Format::Leetcode,
        };
        let text = std::str::from_utf8(input).expect("NUL is UTF-8");
        let first = parse_str(text, layout).into_iter().find_map(Result::err);
        let located = first.map(|e| format!("<stdin>:{}", e.error));
        assert_eq!(located.as_deref(), Some(message), "{format}");
        assert_error(
            &run_bytes(&["solve", "-f", format], input),
            "<stdin>: not puzzle text (binary data: a NUL byte at offset",
        );
    }
    // Only NULs, no line end: still an error, not an empty success.
    assert_error(
        &run_bytes(&["solve"], &[0; 4096]),
        "<stdin>: not puzzle text",
    );
}

#[test]
fn invalid_utf8_is_a_located_error_and_reading_goes_on() {
    assert_error(
        &run_bytes(&["solve"], b"53..7....\xff\n"),
        "sudokit: <stdin>:1:10: expected UTF-8 text, found the byte 0xff",
    );
    // A bad line between two good ones: both good ones are solved.
    let mut input = format!("{LC37}\n").into_bytes();
    input.extend_from_slice(b"\xc3\x28 not utf-8\n");
    input.extend_from_slice(format!("{LC37}\n").as_bytes());
    let output = run_bytes(&["solve"], &input);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("{LC37_SOLVED}\n{LC37_SOLVED}\n")
    );
    assert_eq!(
        stderr(&output),
        "sudokit: <stdin>:2:1: expected UTF-8 text, found the byte 0xc3\n"
    );
}

/// A first data line that is not text cannot decide the layout; the next
/// one does, and nothing after the bad line is dropped, whatever the command.
#[test]
fn a_first_line_that_is_not_utf8_does_not_swallow_the_rest() {
    let mut input = b"\xff\xfe not text\n".to_vec();
    input.extend_from_slice(format!("{LC37}\n{LC37}\n").as_bytes());
    let message = "sudokit: <stdin>:1:1: expected UTF-8 text, found the byte 0xff\n";
    for format in ["auto", "line"] {
        let output = run_bytes(&["solve", "-f", format], &input);
        assert_eq!(output.status.code(), Some(2), "{format}");
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            format!("{LC37_SOLVED}\n{LC37_SOLVED}\n"),
            "{format}"
        );
        assert_eq!(stderr(&output), message, "{format}");
    }
    let output = run_bytes(&["batch", "--progress", "never", "-"], &input);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("<stdin>:1:error\n<stdin>:2:{LC37_SOLVED}\n<stdin>:3:{LC37_SOLVED}\n")
    );
    assert!(stderr(&output).starts_with(message), "{}", stderr(&output));
}

/// A line taken for a header, a heading or a label is words: one holding a
/// control character is not text, and is an error at its line and column,
/// not a line passed over without a word; the puzzles after it are read.
/// A NUL byte makes the whole input binary: one `not puzzle text` message.
#[test]
fn control_characters_in_a_header_are_located_errors() {
    let boj = "0 3 5 4 6 9 2 7 8\n";
    let cases: [(&[&str], String, &str); 6] = [
        (
            &["solve"],
            "A\x03".to_owned(),
            "<stdin>:1:2: expected a header of text, found '\\u{3}'",
        ),
        (
            &["solve"],
            "Puzzle 1\x01".to_owned(),
            "<stdin>:1:9: expected a label of text, found '\\u{1}'",
        ),
        (
            &["solve"],
            "Puzzle 1\x00".to_owned(),
            "<stdin>: not puzzle text (binary data: a NUL byte at offset 8)",
        ),
        (
            &["solve"],
            format!("Sample\x07\n{boj}"),
            "<stdin>:1:7: expected a header of text, found '\\u{7}'",
        ),
        (
            &["solve", "-f", "boj"],
            format!("{boj}Case 2\x1b\n"),
            "<stdin>:2:7: expected a heading of text, found '\\u{1b}'",
        ),
        (
            &["solve", "-f", "line"],
            format!("id\x02\n{LC37}\n"),
            "<stdin>:1:3: expected a header of text, found '\\u{2}'",
        ),
    ];
    for (args, input, message) in cases {
        let output = sudokit(args, &input);
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{input:?}: {err}");
        assert!(err.contains(message), "{input:?}: {err}");
    }
    // The line puzzle after a broken header is answered.
    let output = sudokit(&["solve", "-f", "line"], &format!("id\x02\n{LC37}\n"));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("{LC37_SOLVED}\n")
    );
}

#[test]
fn only_one_header_line_is_skipped() {
    // A CSV header is skipped; a second line like it is reported, not dropped.
    let input = format!("puzzles\nsolutions\n{LC37}\n");
    let output = check(
        &["solve", "-f", "line"],
        &input,
        &format!("{LC37_SOLVED}\n"),
        2,
    );
    assert_eq!(
        stderr(&output),
        "sudokit: <stdin>:2:1: expected a digit 0-9 or '.', found 's'\n"
    );
}

#[test]
fn an_input_without_any_cell_is_no_puzzle() {
    for input in ["@@@\n", "----+----\n| |\n", "#only\n\n"] {
        assert_error(&sudokit(&["solve"], input), "expected a puzzle, found none");
    }
}

// ---- odd numbers and board shapes -----------------------------------------

#[test]
fn huge_numbers_are_errors_not_overflows() {
    let big = "99999999999999999999";
    let boj = format!("0 0 0 0 0 0 0 0 {big}\n");
    assert_error(
        &sudokit(&["solve", "-f", "boj"], &boj),
        &format!("<stdin>:1:17: expected a number 0-9, found '{big}'"),
    );
    let mut rows = vec![[0u8; 9].map(|v| v.to_string()).join(","); 9];
    rows[4] = format!("0,0,0,0,{big},0,0,0,0");
    let json = format!("[[{}]]\n", rows.join("],["));
    for format in ["auto", "json"] {
        assert_error(
            &sudokit(&["solve", "-f", format], &json),
            &format!(
                "<stdin>:1:91: expected a number 0-9, null, or a one-character string \"1\"-\"9\" or \".\", found '{big}'"
            ),
        );
    }
    for number in ["1e400", "-1", "1.0", "-0"] {
        let json = format!("{{\"board\": [{number}{}]}}\n", ",0".repeat(80));
        assert_error(
            &sudokit(&["solve", "-f", "json"], &json),
            &format!(
                "<stdin>:1:12: expected a number 0-9, null, or a one-character string \"1\"-\"9\" or \".\", found '{number}'"
            ),
        );
    }
}

/// A board of `rows` × `cols` blank cells in `format`.
fn shaped(format: &str, rows: usize, cols: usize) -> String {
    let row = |cell: &str, sep: &str| vec![cell; cols].join(sep);
    match format {
        "boj" => format!("{}\n", vec![row("0", " "); rows].join("\n")),
        "grid" => format!("{}\n", vec![row(".", " "); rows].join("\n")),
        "line" => format!("{}\n", "0".repeat(rows * cols)),
        "json" => format!("[[{}]]\n", vec![row("0", ","); rows].join("],[")),
        "leetcode" => format!("[[{}]]\n", vec![row("\".\"", ","); rows].join("],[")),
        _ => unreachable!("a layout"),
    }
}

#[test]
fn boards_of_the_wrong_size_are_located_errors() {
    let cases = [
        (
            "boj",
            10,
            10,
            "1:20: expected 9 numbers in a row (or 1, 3, 27 or 81 to a line), found 10",
        ),
        (
            "boj",
            8,
            9,
            "9:1: expected row 9 of 9, found the end of the input",
        ),
        (
            "boj",
            9,
            8,
            "1:16: expected 9 numbers in a row (or 1, 3, 27 or 81 to a line), found 8",
        ),
        (
            "line",
            10,
            10,
            "1:82: expected 81 cells, found more than 81 cells",
        ),
        ("line", 8, 9, "1:73: expected 81 cells, found 72 cells"),
        ("grid", 10, 10, "1:19: expected 9 cells in a row, found"),
        (
            "grid",
            8,
            9,
            "9:1: expected row 9 of 9, found the end of the input",
        ),
        ("grid", 9, 8, "1:16: expected 9 cells in a row, found 8"),
        (
            "json",
            10,
            10,
            "1:1: expected 9 rows (or 81 cells), found an array of 10",
        ),
        (
            "json",
            8,
            9,
            "1:1: expected 9 rows (or 81 cells), found an array of 8",
        ),
        (
            "json",
            9,
            8,
            "1:2: expected row 1 with 9 cells, found an array of 8",
        ),
        (
            "leetcode",
            10,
            10,
            "1:39: expected the end of row 1 after 9 cells, found a 10th cell",
        ),
        (
            "leetcode",
            8,
            9,
            "1:305: expected 9 rows, found the end of the board after 8 rows",
        ),
        (
            "leetcode",
            9,
            8,
            "1:34: expected 9 cells, found the end of row 1 after 8 cells",
        ),
    ];
    for (format, rows, cols, message) in cases {
        let input = shaped(format, rows, cols);
        for given in [format, "auto"] {
            let output = sudokit(&["solve", "-f", given], &input);
            assert_error(&output, &format!("sudokit: <stdin>:{message}"));
        }
    }
}

#[test]
fn eighty_two_cells_on_a_line() {
    let input = format!("{LC37}7\n");
    for format in ["auto", "line"] {
        let output = check(&["solve", "-f", format], &input, "", 2);
        assert_eq!(
            stderr(&output),
            "sudokit: <stdin>:1:82: expected 81 cells, found more than 81 cells\n"
        );
    }
}

// ---- paths that are not files ----------------------------------------------

#[test]
fn a_directory_is_an_error_and_the_other_inputs_are_read() {
    let output = sudokit(&["solve", "formats", "formats/line.txt"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).starts_with("sudokit: formats is a directory"),
        "{}",
        stderr(&output)
    );
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        super::fixture("formats/line.expected")
    );
}

/// A new FIFO in a fresh temporary directory, or `None` where `mkfifo` is missing.
fn fifo(dir: &Path) -> Option<std::path::PathBuf> {
    let path = dir.join("pipe");
    let made = Command::new("mkfifo").arg(&path).status();
    match made {
        Ok(status) if status.success() => Some(path),
        _ => {
            eprintln!("skipped: mkfifo is not available");
            None
        }
    }
}

/// Runs `sudokit solve` on a new FIFO whose writer, on another thread,
/// writes `data` and closes it (`None`: opens it and closes it at once, so
/// the reader sees the end of the input). Opening a FIFO waits for a writer,
/// as `cat` does, so neither side can wait forever. The writer is returned
/// to be joined once the output has been checked: if sudokit never opened
/// the FIFO, it stays blocked and ends with the test process. `None` where
/// `mkfifo` is missing.
fn solve_fifo(data: Option<String>) -> Option<(Output, std::thread::JoinHandle<()>)> {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = fifo(dir.path())?;
    let writer_path = path.clone();
    let writer = std::thread::spawn(move || {
        let fifo = std::fs::OpenOptions::new().write(true).open(writer_path);
        if let Some(data) = data {
            let mut fifo = fifo.expect("open the FIFO for writing");
            fifo.write_all(data.as_bytes()).expect("write to the FIFO");
        }
    });
    let path_arg = path.to_str().expect("UTF-8 temp path");
    Some((sudokit(&["solve", path_arg], ""), writer))
}

#[test]
fn a_fifo_is_read_as_its_writer_writes() {
    let Some((output, writer)) = solve_fifo(Some(format!("{LC37}\n"))) else {
        return;
    };
    assert_eq!(stderr(&output), "");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("{LC37_SOLVED}\n")
    );
    writer.join().expect("writer");
}

#[test]
fn a_fifo_closed_without_data_is_no_puzzle() {
    let Some((output, writer)) = solve_fifo(None) else {
        return;
    };
    assert_error(&output, "pipe:1:1: expected a puzzle, found none");
    writer.join().expect("writer");
}

// ---- output failures --------------------------------------------------------

#[test]
fn solve_json_to_a_full_device_is_an_error() {
    let Some(output) = super::to_full_device(&["solve", "--json", "formats/line.txt"]) else {
        return;
    };
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("No space left on device"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn validate_to_a_full_device_is_an_error() {
    let Some(output) = super::to_full_device(&["validate", "formats/line.txt"]) else {
        return;
    };
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("No space left on device"),
        "{}",
        stderr(&output)
    );
}

/// Help, version and completion text that cannot be written is an error
/// too, said as the commands say it, not a silent success.
#[test]
fn help_version_and_completions_to_a_full_device_are_errors() {
    for args in [
        &["--help"][..],
        &["--version"],
        &["solve", "--help"],
        &["help", "batch"],
        &["completions", "bash"],
    ] {
        let Some(output) = super::to_full_device(args) else {
            return;
        };
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(
            stderr(&output),
            "sudokit: standard output: No space left on device\n",
            "{args:?}"
        );
    }
}

#[test]
fn validate_to_a_closed_pipe_ends_quietly() {
    let (first, out) = super::first_line_then_close(&["validate"], LC37);
    assert!(first.contains("valid"), "{first}");
    assert_eq!(stderr(&out), "");
    assert_eq!(out.status.code(), Some(0));
}

// ---- batch -------------------------------------------------------------------

#[test]
fn batch_goes_on_past_a_file_that_is_gone() {
    // A path that no longer exists when the batch reaches it (as if removed
    // after it was listed): reported with its path and counted, the rest solved.
    let output = sudokit(
        &[
            "batch",
            "--jobs",
            "1",
            "formats/line.txt",
            "gone.txt",
            "formats/boj.txt",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.lines().any(|l| l.starts_with("gone.txt:error: ")),
        "{text}"
    );
    assert!(
        text.lines().any(|l| l.starts_with("formats/line.txt:1:")),
        "{text}"
    );
    assert!(
        text.lines().any(|l| l.starts_with("formats/boj.txt:1:")),
        "{text}"
    );
    let json = sudokit(&["batch", "--json", "gone.txt", "formats/line.txt"], "");
    let first = String::from_utf8_lossy(&json.stdout);
    let record: serde_json::Value =
        serde_json::from_str(first.lines().next().unwrap_or("")).expect("a JSON line");
    assert_eq!(record["source"], "gone.txt");
    assert_eq!(record["status"], "error");
    assert!(record["error"].is_string());
}

#[test]
fn batch_out_to_a_directory_that_cannot_be_written_is_an_error() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("temp dir");
    let input = dir.path().join("in");
    std::fs::create_dir(&input).expect("input dir");
    std::fs::write(input.join("a.txt"), format!("{LC37}\n")).expect("input file");
    // A regular file where the output directory should be: never writable.
    let blocked = dir.path().join("blocked");
    std::fs::write(&blocked, "").expect("file");
    let read_only = dir.path().join("read-only");
    std::fs::create_dir(&read_only).expect("out dir");
    std::fs::set_permissions(&read_only, std::fs::Permissions::from_mode(0o555)).expect("chmod");
    let mut outs = vec![blocked.join("out")];
    // Root writes through permissions; only test the read-only directory
    // where it really is read-only.
    if std::fs::write(read_only.join("probe"), "").is_err() {
        outs.push(read_only.clone());
    } else {
        eprintln!("skipped the read-only case: permissions do not bind this user");
    }
    for out in outs {
        let out_arg = out.to_str().expect("UTF-8 temp path");
        let in_arg = input.to_str().expect("UTF-8 temp path");
        let output = sudokit(&["batch", "--out", out_arg, in_arg], "");
        assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
        assert!(stderr(&output).contains(out_arg), "{}", stderr(&output));
        assert!(!out.join("a.txt").exists(), "no partial output");
    }
}

// ---- the library's error kinds name their limits ---------------------------

#[test]
fn limit_errors_name_their_limits() {
    let cases = [
        (
            ParseErrorKind::LineTooLong {
                limit: sudokit::format::MAX_LINE,
            },
            "line is longer than the limit of 16 MiB",
        ),
        (
            ParseErrorKind::ValueTooLarge {
                limit: sudokit::format::MAX_VALUE,
            },
            "JSON value is larger than the limit of 64 MiB",
        ),
        (
            ParseErrorKind::TooDeep {
                limit: sudokit::format::MAX_DEPTH,
            },
            "JSON is nested deeper than the limit of 64 levels",
        ),
        (
            ParseErrorKind::LineTooLong { limit: 1000 },
            "line is longer than the limit of 1000 bytes",
        ),
    ];
    for (kind, message) in cases {
        assert_eq!(kind.to_string(), message);
    }
}
