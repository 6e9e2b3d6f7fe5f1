//! `sudokit generate`: every puzzle has one solution and is minimal, the
//! symmetry holds, a seed gives the same bytes whatever --jobs or engine
//! build, the output reads back into solve, validate and rate, and options
//! that cannot be met are refused.

use std::process::{Command, Output, Stdio};

use sudokit::Grid;
use sudokit::generate::Symmetry;

use super::{check, stderr, sudokit};

/// Runs `sudokit ARGS` in the fixtures directory with `env` set.
fn sudokit_env(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sudokit"));
    command
        .args(args)
        .current_dir(super::fixtures())
        .stdin(Stdio::null());
    for (k, v) in env {
        command.env(k, v);
    }
    command.output().expect("sudokit runs")
}

fn lines(output: &Output) -> Vec<Grid> {
    assert!(output.status.success(), "{}", stderr(output));
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| l.parse().expect("a board per line"))
        .collect()
}

/// True when removing any orbit of givens gives a second solution.
fn minimal(puzzle: &Grid, symmetry: Symmetry) -> bool {
    symmetry.orbits().iter().all(|orbit| {
        let mut cells = *puzzle.cells();
        if cells[orbit[0]] == 0 {
            return true;
        }
        for &c in orbit {
            cells[c] = 0;
        }
        Grid::from_cells(cells).expect("digits").count_solutions(2) == 2
    })
}

#[test]
fn every_puzzle_has_one_solution_and_is_minimal() {
    let puzzles = lines(&sudokit(&["generate", "-n", "25", "--seed", "1"], ""));
    assert_eq!(puzzles.len(), 25);
    for p in &puzzles {
        assert_eq!(p.count_solutions(2), 1, "{p}");
        assert!(minimal(p, Symmetry::None), "{p}");
    }
    // Different puzzles, not one repeated.
    let mut distinct = puzzles.clone();
    distinct.sort_by_key(Grid::to_line);
    distinct.dedup();
    assert_eq!(distinct.len(), 25);
}

#[test]
fn each_symmetry_holds_and_is_minimal_by_its_orbits() {
    for symmetry in Symmetry::ALL {
        let args = [
            "generate",
            "-n",
            "3",
            "--seed",
            "2",
            "--symmetry",
            symmetry.name(),
        ];
        for p in lines(&sudokit(&args, "")) {
            assert!(symmetry.holds(p.cells()), "{symmetry}: {p}");
            assert_eq!(p.count_solutions(2), 1, "{p}");
            assert!(minimal(&p, symmetry), "{symmetry}: {p}");
        }
    }
}

#[test]
fn a_seed_gives_the_same_bytes_for_every_job_count_and_engine_build() {
    let args = |jobs: &'static str| ["generate", "-n", "40", "--seed", "77", "--jobs", jobs];
    let one = sudokit(&args("1"), "");
    assert!(one.status.success());
    for jobs in ["2", "3", "8"] {
        assert_eq!(sudokit(&args(jobs), "").stdout, one.stdout, "--jobs {jobs}");
    }
    // The portable build of the engine (no extra instructions) answers the
    // generator's questions alike, so the puzzles are the same.
    let portable = sudokit_env(&args("2"), &[("SUDOKIT_PORTABLE", "1")]);
    assert_eq!(portable.stdout, one.stdout);
    let symmetric = [
        "generate",
        "-n",
        "10",
        "--seed",
        "5",
        "--symmetry",
        "rotational",
    ];
    let portable = sudokit_env(&symmetric, &[("SUDOKIT_PORTABLE", "1")]);
    assert_eq!(portable.stdout, sudokit(&symmetric, "").stdout);
    // Another seed, other puzzles.
    let other = sudokit(&["generate", "-n", "40", "--seed", "78"], "");
    assert_ne!(other.stdout, one.stdout);
}

/// The first puzzle of seed 0 on the command line: it changes only when
/// the algorithm or the generator does, which a major version allows.
#[test]
fn the_puzzles_of_a_seed_are_stable() {
    check(
        &["generate", "--seed", "0"],
        "",
        ".1....9...7...8.6..967...4..28.9..5...163...8...........5..3......8..4.1..4..6...\n",
        0,
    );
}

#[test]
fn json_records_read_back_as_their_puzzles() {
    let json = sudokit(
        &[
            "generate", "-n", "3", "--seed", "9", "--level", "medium", "--json",
        ],
        "",
    );
    assert!(json.status.success(), "{}", stderr(&json));
    let text = String::from_utf8_lossy(&json.stdout).into_owned();
    let records: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(records.len(), 3);
    let mut puzzles = String::new();
    let mut ratings = String::new();
    for (i, r) in records.iter().enumerate() {
        assert_eq!(r["index"], i + 1);
        assert_eq!(r["seed"], 9);
        assert_eq!(r["symmetry"], "none");
        let puzzle: Grid = r["puzzle"]
            .as_str()
            .expect("a string")
            .parse()
            .expect("a board");
        assert_eq!(r["givens"], puzzle.givens());
        let solution = puzzle.solve_unique().expect("one solution");
        assert_eq!(r["solution"], solution.to_line());
        assert_eq!(r["rating"]["level"], "medium");
        puzzles.push_str(&format!("{}\n", puzzle.to_line()));
        ratings.push_str(&format!(
            "{:.1}/{:.1}/{:.1} medium\n",
            r["rating"]["er"].as_f64().expect("er"),
            r["rating"]["ep"].as_f64().expect("ep"),
            r["rating"]["ed"].as_f64().expect("ed"),
        ));
    }
    // Each command reads a record as its puzzle, not as its solution.
    let solutions: String = records
        .iter()
        .map(|r| format!("{}\n", r["solution"].as_str().expect("a string")))
        .collect();
    check(
        &["solve", "--unique", "--format", "line"],
        &puzzles,
        &solutions,
        0,
    );
    check(&["solve", "--unique", "--to", "line"], &text, &solutions, 0);
    check(
        &["validate", "--unique"],
        &text,
        "<stdin>:1: valid\n<stdin>:2: valid\n<stdin>:3: valid\n",
        0,
    );
    check(&["rate"], &text, &ratings, 0);
}

#[test]
fn text_round_trips_through_solve_validate_and_rate() {
    let out = sudokit(&["generate", "-n", "4", "--seed", "4", "--to", "boj"], "");
    let boards = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(boards.lines().count(), 4 * 9 + 3, "{boards}");
    let solved = sudokit(&["solve", "--unique"], &boards);
    assert!(solved.status.success(), "{}", stderr(&solved));
    let valid = sudokit(&["validate", "--unique", "-q"], &boards);
    assert!(valid.status.success());
    // Rated or stuck, never invalid or not unique.
    let rated = sudokit(&["rate", "--json"], &boards);
    for line in String::from_utf8_lossy(&rated.stdout).lines() {
        assert!(
            line.contains("\"status\":\"solved\"") || line.contains("\"stuck\""),
            "{line}"
        );
    }
}

#[test]
fn a_givens_range_is_met() {
    for p in lines(&sudokit(
        &["generate", "-n", "12", "--seed", "3", "--givens", "30-33"],
        "",
    )) {
        assert!((30..=33).contains(&p.givens()), "{p}");
        assert_eq!(p.count_solutions(2), 1);
    }
    for p in lines(&sudokit(
        &["generate", "-n", "3", "--seed", "3", "--givens", "40"],
        "",
    )) {
        assert_eq!(p.givens(), 40);
    }
}

#[test]
fn a_rating_range_is_met() {
    let out = sudokit(
        &[
            "generate", "-n", "3", "--seed", "6", "--rating", "3.0-4.5", "--json",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let r: serde_json::Value = serde_json::from_str(line).expect("JSON");
        let er = r["rating"]["er"].as_f64().expect("er");
        assert!((2.95..=4.55).contains(&er), "{er}");
    }
}

#[test]
fn from_fills_patterns_and_carves_given_solutions() {
    let out = sudokit(
        &["generate", "--from", "generate/patterns.txt", "--seed", "1"],
        "",
    );
    let made = lines(&out);
    assert_eq!(made.len(), 2, "one per pattern by default");
    let text = super::fixture("generate/patterns.txt");
    let line_pattern = text.lines().last().expect("a line pattern");
    for (c, ch) in line_pattern.chars().enumerate() {
        assert_eq!(made[1].cells()[c] != 0, ch == 'x', "cell {c}");
    }
    assert_eq!(made[0].givens(), 31);
    for p in &made {
        assert_eq!(p.count_solutions(2), 1, "{p}");
    }
    let solutions = super::fixture("generate/solutions.txt");
    let grids: Vec<Grid> = solutions
        .lines()
        .map(|l| l.parse().expect("a grid"))
        .collect();
    let out = sudokit(
        &[
            "generate",
            "--from",
            "generate/solutions.txt",
            "-n",
            "4",
            "--seed",
            "2",
        ],
        "",
    );
    for (i, p) in lines(&out).iter().enumerate() {
        assert_eq!(p.solve_unique(), Ok(grids[i % 2]), "{p}");
        assert!(minimal(p, Symmetry::None), "{p}");
    }
}

#[test]
fn options_that_cannot_be_met_are_refused_with_exit_2() {
    let cases: [(&[&str], &str); 6] = [
        (&["generate", "--givens", "10-15"], "at least 17 givens"),
        (
            &["generate", "--symmetry", "dihedral", "--givens", "18-19"],
            "no pattern with dihedral symmetry has 18 to 19 givens",
        ),
        (&["generate", "--rating", "5-2"], "the range 5-2 is empty"),
        (
            &["generate", "--from", "generate/bad-pattern.txt"],
            "generate/bad-pattern.txt:2:6: expected 'x' for a given or '.' for a blank, found '?'",
        ),
        (
            &["generate", "--from", "generate/not-a-solution.txt"],
            "generate/not-a-solution.txt:1: a complete board that is no solution",
        ),
        (
            &[
                "generate",
                "--from",
                "generate/patterns.txt",
                "--givens",
                "30-40",
            ],
            "generate/patterns.txt:2: a pattern fixes the givens",
        ),
    ];
    for (args, message) in cases {
        let out = sudokit(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
    }
    let out = sudokit(&["generate", "--rating", "x"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_timeout_prints_what_was_made_and_exits_1() {
    // No puzzle rates 11.5 with the techniques sudokit knows: the run can
    // only end by the timeout.
    let out = sudokit(
        &[
            "generate",
            "-n",
            "2",
            "--rating",
            "11.5-12",
            "--timeout",
            "0.2",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
    assert!(stderr(&out).contains("timed out after"), "{}", stderr(&out));
}

#[test]
fn verbose_says_the_seed_it_chose() {
    let out = sudokit(&["generate", "-v", "--json"], "");
    assert!(out.status.success());
    let said = stderr(&out);
    let seed: u64 = said
        .lines()
        .find_map(|l| l.strip_prefix("sudokit: seed "))
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or_else(|| panic!("no seed in {said}"));
    let record: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON record");
    assert_eq!(record["seed"], seed);
    // The seed makes the same puzzle again.
    let again = sudokit(&["generate", "--seed", &seed.to_string(), "--json"], "");
    assert_eq!(again.stdout, out.stdout);
}
