//! `sudokit rate --jobs`, `--progress`: the same bytes on both streams and
//! the same exit status whatever the number of threads, on a file that
//! mixes rated, unreadable, invalid, not unique, unsolvable and stuck
//! puzzles (`fixtures/ratings/mixed.txt`).

use std::process::Output;

use super::{answered_while_open, first_line_then_close, stderr, sudokit};

const MIXED: &str = "ratings/mixed.txt";
/// A puzzle SE rates 2.6/1.2/1.2 (top95's first).
const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// Runs `rate ARGS` with 1, 2 and 4 jobs and checks that the runs agree
/// byte for byte; returns the run with one job.
#[track_caller]
fn same_for_every_job_count(args: &[&str]) -> Output {
    let run = |jobs: &str| {
        let mut all = vec!["rate", "--progress", "never", "--jobs", jobs];
        all.extend_from_slice(args);
        sudokit(&all, "")
    };
    let one = run("1");
    for jobs in ["2", "4"] {
        let other = run(jobs);
        assert_eq!(
            String::from_utf8_lossy(&other.stdout),
            String::from_utf8_lossy(&one.stdout),
            "stdout of --jobs {jobs} {args:?}"
        );
        assert_eq!(
            stderr(&other),
            stderr(&one),
            "stderr of --jobs {jobs} {args:?}"
        );
        assert_eq!(
            other.status.code(),
            one.status.code(),
            "--jobs {jobs} {args:?}"
        );
    }
    one
}

/// A text rating line: `ER/EP/ED level`.
fn is_rating_line(line: &str) -> bool {
    let Some((rating, level)) = line.split_once(' ') else {
        return false;
    };
    let figures: Vec<&str> = rating.split('/').collect();
    figures.len() == 3
        && figures
            .iter()
            .all(|f| f.len() >= 3 && f.parse::<f32>().is_ok() && f.as_bytes()[f.len() - 2] == b'.')
        && ["easy", "medium", "hard", "very hard", "extreme"].contains(&level)
}

#[test]
fn text_output_and_messages_do_not_depend_on_jobs() {
    let out = same_for_every_job_count(&[MIXED]);
    // An unreadable puzzle: exit 2, after everything is rated.
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    let expected = [
        "mixed.txt:4:81: expected a digit 0-9 or '.', found 'x'",
        "mixed.txt:5: puzzle 4: invalid (givens conflict): row 1: 5 at r1c1, r1c2",
        "mixed.txt:7: puzzle 6: not unique",
        "mixed.txt:8: puzzle 7: unsolvable",
        "mixed.txt:12: puzzle 11: not unique",
    ];
    for message in expected {
        assert!(err.contains(message), "{message:?} missing from\n{err}");
    }
    // Every other puzzle is rated (a line on standard output, in order) or
    // stuck (said on standard error).
    let stuck = err.matches(": stuck").count();
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len() + stuck, 10, "{text}{err}");
    assert!(lines.iter().all(|l| is_rating_line(l)), "{text}");
    assert_eq!(lines.first(), Some(&"7.2/1.2/1.2 hard"));
}

#[test]
fn json_records_and_error_records_do_not_depend_on_jobs() {
    let out = same_for_every_job_count(&["--json", MIXED]);
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8_lossy(&out.stdout);
    let records: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let statuses: Vec<(u64, &str)> = records
        .iter()
        .map(|r| {
            (
                r["index"].as_u64().expect("index"),
                r["status"].as_str().expect("status"),
            )
        })
        .collect();
    assert_eq!(statuses.len(), 15, "one record per puzzle: {text}");
    for (k, &(index, status)) in statuses.iter().enumerate() {
        assert_eq!(index, k as u64 + 1, "{text}");
        let want = match index {
            3 => "error",
            4 => "invalid",
            6 | 11 => "multiple",
            7 => "unsolvable",
            _ if status == "stuck" => "stuck",
            _ => "solved",
        };
        assert_eq!(status, want, "puzzle {index}");
        assert_eq!(
            records[k].get("rating").is_some(),
            status == "solved",
            "puzzle {index}"
        );
    }
}

#[test]
fn several_inputs_and_unreadable_ones_keep_their_order_whatever_the_jobs() {
    for args in [
        &["missing.txt", MIXED, "valid"][..],
        &["--json", "--line-buffered", "valid", MIXED, "missing.txt"],
    ] {
        let out = same_for_every_job_count(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(
            err.contains("missing.txt: No such file or directory"),
            "{err}"
        );
        assert!(err.contains("valid is a directory"), "{err}");
    }
    // Each verdict line names its source, as asked, also line by line.
    let out = same_for_every_job_count(&["-H", "--line-buffered", MIXED]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.is_empty());
    for line in text.lines() {
        let rating = line
            .strip_prefix("ratings/mixed.txt:")
            .map(|l| &l[l.find(": ").map_or(0, |at| at + 2)..]);
        assert!(rating.is_some_and(is_rating_line), "{text}");
    }
}

#[test]
fn exit_status_is_the_worst_outcome_whatever_the_jobs() {
    let empty = "0".repeat(81);
    for jobs in ["1", "3"] {
        let run = |input: String| sudokit(&["rate", "-j", jobs], &input);
        let rated = run(format!("{PUZZLE}\n{PUZZLE}\n"));
        assert_eq!(rated.status.code(), Some(0), "{}", stderr(&rated));
        assert_eq!(
            String::from_utf8_lossy(&rated.stdout),
            "2.6/1.2/1.2 medium\n2.6/1.2/1.2 medium\n"
        );
        assert_eq!(run(format!("{PUZZLE}\n{empty}\n")).status.code(), Some(1));
        assert_eq!(run(format!("{empty}\n{PUZZLE}x\n")).status.code(), Some(2));
    }
}

#[test]
fn the_progress_bar_goes_to_standard_error_only_when_asked() {
    let input = format!("{PUZZLE}\n{}\n{PUZZLE}\n", "0".repeat(81));
    let never = sudokit(&["rate", "-j", "2", "--progress", "never"], &input);
    let always = sudokit(&["rate", "-j", "2", "--progress", "always"], &input);
    assert_eq!(always.stdout, never.stdout);
    assert!(
        stderr(&always).contains(" puzzles, "),
        "{}",
        stderr(&always)
    );
    // Standard error is not a terminal here: `auto` draws nothing.
    let auto = sudokit(&["rate", "-j", "2"], &input);
    assert_eq!(stderr(&auto), stderr(&never));
    // Every message still comes through whole.
    for line in stderr(&never).lines() {
        assert!(stderr(&always).contains(line), "{line}");
    }
}

#[test]
fn a_closed_pipe_ends_a_parallel_run_quietly() {
    // JSON: long lines fill the output buffer after a few puzzles.
    let (first, output) = first_line_then_close(&["rate", "-j", "2", "--json"], PUZZLE);
    assert!(first.contains(r#""er":2.6,"ep":1.2,"ed":1.2"#), "{first}");
    assert_eq!(stderr(&output), "");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn each_puzzle_is_answered_as_it_comes_with_line_buffered_output() {
    // Standard input stays open: no answer may wait for more puzzles.
    for jobs in ["1", "2"] {
        let answer = answered_while_open(
            &["rate", "--line-buffered", "-j", jobs],
            &format!("{PUZZLE}\n"),
            1,
        );
        assert_eq!(answer.as_deref(), Some("2.6/1.2/1.2 medium\n"), "-j {jobs}");
    }
}
