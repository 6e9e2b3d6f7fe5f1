//! `sudokit canon` and `sudokit shuffle`: forms that do not change under
//! disguise, the transform JSON gives read as docs/canon.md says, first of
//! each class kept, output order under --jobs, reproducible shuffles.

use serde_json::Value;
use sudokit::Grid;

use super::{check, fixture, stderr, sudokit};

const MIXED: &str = "canon/mixed.txt";

fn stdout(args: &[&str], stdin: &str) -> String {
    let output = sudokit(args, stdin);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{args:?}: {}",
        stderr(&output)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

fn puzzles() -> Vec<String> {
    fixture(MIXED)
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

/// A board's cells as digits, from its 81 characters.
fn cells(line: &str) -> [u8; 81] {
    let grid: Grid = line.parse().expect("a board");
    *grid.cells()
}

/// Applies a transform as docs/canon.md describes its JSON: transpose,
/// then row i is row rows[i], column j is column columns[j] (1-based),
/// then digit d becomes digits[d-1].
fn apply(transform: &Value, board: &[u8; 81]) -> [u8; 81] {
    let list = |name: &str| -> Vec<usize> {
        transform[name]
            .as_array()
            .expect("a list")
            .iter()
            .map(|v| v.as_u64().expect("a number") as usize)
            .collect()
    };
    let (rows, columns, digits) = (list("rows"), list("columns"), list("digits"));
    let transpose = transform["transpose"].as_bool().expect("a bool");
    let mut out = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (i, j) = (rows[r] - 1, columns[c] - 1);
            let v = if transpose {
                board[j * 9 + i]
            } else {
                board[i * 9 + j]
            };
            out[r * 9 + c] = if v == 0 {
                0
            } else {
                digits[usize::from(v) - 1] as u8
            };
        }
    }
    out
}

#[test]
fn one_given_goes_to_the_last_cell_as_1() {
    let expected = format!("{}1\n", "0".repeat(80));
    check(
        &["canon"],
        &format!("{}7{}\n", "0".repeat(40), "0".repeat(40)),
        &expected,
        0,
    );
    check(
        &["canon", "--form", "pattern"],
        &format!("9{}\n", ".".repeat(80)),
        &expected,
        0,
    );
}

#[test]
fn forms_do_not_change_under_shuffle_and_are_their_own_form() {
    for form in ["minlex", "pattern"] {
        let forms = stdout(&["canon", "--form", form, MIXED], "");
        assert_eq!(forms.lines().count(), puzzles().len());
        let again = stdout(&["canon", "--form", form], &forms);
        assert_eq!(again, forms, "{form} of a {form} form");
        for seed in ["1", "2"] {
            let shuffled = stdout(&["shuffle", "--seed", seed, "--to", "line", MIXED], "");
            assert_ne!(shuffled.replace('.', "0"), fixture(MIXED));
            assert_eq!(
                stdout(&["canon", "--form", form], &shuffled),
                forms,
                "{form}, seed {seed}"
            );
        }
    }
}

#[test]
fn json_transform_maps_the_puzzle_to_its_form() {
    let records = json_lines(&stdout(&["canon", "--json", MIXED], ""));
    let puzzles = puzzles();
    assert_eq!(records.len(), puzzles.len());
    for (record, puzzle) in records.iter().zip(&puzzles) {
        let canonical = record["canonical"].as_str().expect("canonical");
        assert_eq!(
            apply(&record["transform"], &cells(puzzle)),
            cells(canonical),
            "{puzzle}"
        );
        assert!(record["automorphisms"].as_u64().expect("a count") >= 1);
    }
    // The empty board: every rearrangement; the invalid one says so.
    assert_eq!(records[6]["automorphisms"], 3_359_232);
    assert_eq!(records[7]["valid"], false);
    assert_eq!(records[0]["valid"], true);
}

#[test]
fn dedupe_keeps_the_first_of_each_class_in_order() {
    let puzzles = puzzles();
    let disguised = stdout(&["shuffle", "--seed", "5", "--to", "line"], &puzzles[1]);
    let input = format!(
        "{}\n{}\n{disguised}{}\n{}\n",
        puzzles[0], puzzles[1], puzzles[0], puzzles[2]
    );
    let forms: Vec<String> = stdout(&["canon"], &input)
        .lines()
        .map(str::to_owned)
        .collect();
    let output = sudokit(&["canon", "--dedupe"], &input);
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("{}\n{}\n{}\n", forms[0], forms[1], forms[4])
    );
    assert_eq!(output.status.code(), Some(0));
    assert!(
        stderr(&output).contains("2 duplicates dropped"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn jobs_keep_the_input_order() {
    // Enough puzzles for several bundles per thread.
    let many = stdout(
        &["shuffle", "-n", "40", "--seed", "9", "--to", "line", MIXED],
        "",
    );
    for form in ["minlex", "pattern"] {
        let one = stdout(&["canon", "--form", form], &many);
        assert_eq!(one.lines().count(), 40 * puzzles().len());
        assert_eq!(
            stdout(&["canon", "--form", form, "--jobs", "3"], &many),
            one
        );
    }
    let one = stdout(&["canon", "--dedupe"], &many);
    assert_eq!(one.lines().count(), puzzles().len());
    assert_eq!(stdout(&["canon", "--dedupe", "-j", "2"], &many), one);
}

/// Copies of the fixture's puzzles, with a line that cannot be read after
/// every 37th and a board with a digit twice in a row before every 53rd:
/// several bundles per thread, error records among them.
fn mixed_with_errors() -> String {
    let copies = stdout(
        &["shuffle", "-n", "20", "--seed", "9", "--to", "line", MIXED],
        "",
    );
    let mut input = String::new();
    for (i, line) in copies.lines().enumerate() {
        let n = i + 1;
        if n % 37 == 0 {
            input.push_str("not a puzzle x\n");
        }
        if n % 53 == 0 {
            input.push_str(&format!("55{}\n", &line[2..]));
        }
        input.push_str(line);
        input.push('\n');
    }
    input
}

#[test]
fn jobs_write_what_one_thread_writes_errors_included() {
    let input = mixed_with_errors();
    // Standard input, an input that cannot be opened, then a file.
    let files = ["-", "no-such.txt", MIXED];
    for options in [
        &[][..],
        &["--json"],
        &["--dedupe"],
        &["--json", "--dedupe"],
        // Boards: a separator goes between two, none before the first.
        &["--to", "grid", "--dedupe"],
        &["--to", "boj"],
    ] {
        let run = |jobs: &str| {
            let mut args = vec!["canon", "--jobs", jobs];
            args.extend_from_slice(options);
            args.extend_from_slice(&files);
            sudokit(&args, &input)
        };
        let one = run("1");
        assert_eq!(one.status.code(), Some(2), "{options:?}: {}", stderr(&one));
        let said = stderr(&one);
        assert!(said.contains("<stdin>:37:1:"), "{options:?}: {said}");
        assert!(said.contains("no-such.txt"), "{options:?}: {said}");
        if options.contains(&"--json") {
            let records = json_lines(&String::from_utf8_lossy(&one.stdout));
            let errors = records.iter().filter(|r| r["status"] == "error").count();
            // One a 37th of the 200 copies, and the missing input.
            assert_eq!(errors, 200 / 37 + 1, "{options:?}");
            assert!(records.iter().any(|r| r["valid"] == false), "{options:?}");
        }
        for jobs in ["2", "4"] {
            let many = run(jobs);
            assert_eq!(many.status.code(), Some(2), "{options:?} --jobs {jobs}");
            assert_eq!(
                String::from_utf8_lossy(&many.stdout),
                String::from_utf8_lossy(&one.stdout),
                "{options:?} --jobs {jobs}"
            );
            assert_eq!(stderr(&many), said, "{options:?} --jobs {jobs}");
        }
    }
}

#[test]
fn shuffle_is_reproducible_and_draws_each_puzzle_from_its_own_stream() {
    let a = stdout(&["shuffle", "-n", "3", "--seed", "7", MIXED], "");
    assert_eq!(a, stdout(&["shuffle", "-n", "3", "--seed", "7", MIXED], ""));
    assert_ne!(a, stdout(&["shuffle", "-n", "3", "--seed", "8", MIXED], ""));
    assert_eq!(a.lines().count(), 3 * puzzles().len());
    // The second puzzle's copies do not depend on the first's.
    let puzzles = puzzles();
    let both = stdout(
        &["shuffle", "--seed", "7"],
        &format!("{}\n{}\n", puzzles[0], puzzles[1]),
    );
    let other = stdout(
        &["shuffle", "--seed", "7"],
        &format!("{}\n{}\n", puzzles[2], puzzles[1]),
    );
    assert_eq!(both.lines().nth(1), other.lines().nth(1));
}

#[test]
fn shuffle_without_a_seed_says_the_one_it_drew() {
    let puzzle = &puzzles()[0];
    let output = sudokit(&["shuffle", "-v"], puzzle);
    let said = stderr(&output);
    let seed = said
        .trim()
        .rsplit(' ')
        .next()
        .expect("a seed in the message");
    assert!(said.contains("seed"), "{said}");
    let board = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(stdout(&["shuffle", "--seed", seed], puzzle), board);
    let record = &json_lines(&stdout(&["shuffle", "--json"], puzzle))[0];
    let seed = record["seed"].as_u64().expect("a seed").to_string();
    let again = &json_lines(&stdout(&["shuffle", "--json", "--seed", &seed], puzzle))[0];
    assert_eq!(record["board"], again["board"]);
    let board = record["board"].as_str().expect("a board");
    assert_eq!(apply(&record["transform"], &cells(puzzle)), cells(board));
}

#[test]
fn unreadable_input_is_exit_2_and_the_rest_goes_on() {
    let puzzles = puzzles();
    let input = format!("{}\nnot a puzzle\n{}\n", puzzles[0], puzzles[1]);
    let output = sudokit(&["canon"], &input);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 2);
    assert!(stderr(&output).contains("2:1"), "{}", stderr(&output));
    let output = sudokit(&["shuffle", "no-such-file.txt"], "");
    assert_eq!(output.status.code(), Some(2));
    // Content never fails canon: invalid and empty boards are exit 0.
    // A digit twice in a row is one label twice.
    check(
        &["canon"],
        &format!("55{}\n", "0".repeat(79)),
        &format!("{}11\n", "0".repeat(79)),
        0,
    );
}

#[test]
fn to_writes_another_layout() {
    let puzzle = &puzzles()[0];
    let line = stdout(&["canon"], puzzle);
    let boj = stdout(&["canon", "--to", "boj"], puzzle);
    assert_eq!(stdout(&["canon"], &boj), line);
    assert_eq!(boj.lines().count(), 9);
}
