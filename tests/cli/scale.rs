//! docs/batch.md's scale-out example, run for real: GNU parallel sharding
//! `sudokit solve` gives the same output, in the same order, as one
//! `sudokit solve` over the whole file. Skipped (with a note) where GNU
//! parallel is not installed; `.ci/run` installs it.

use std::path::PathBuf;
use std::process::Command;

use super::{fixtures, sudokit_fed};

/// docs/batch.md's `parallel --pipe …` command lines, comments removed.
fn readme_commands() -> Vec<String> {
    let readme =
        std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/batch.md"))
            .expect("docs/batch.md");
    readme
        .lines()
        .filter(|line| line.starts_with("parallel --pipe"))
        .map(|line| line.split(" # ").next().unwrap_or(line).trim().to_owned())
        .collect()
}

/// A file of 25,000 puzzle lines, so that `-N 10000` cuts it into three
/// shards: every hundredth a fixture puzzle (solvable, unsolvable, with
/// several solutions), the others a solved board with one cell blanked, which
/// even a debug build solves at once.
fn big_input() -> String {
    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let mut puzzles = Vec::new();
    for name in ["unique.csv", "none.csv", "multiple.csv", "famous.csv"] {
        let text = std::fs::read_to_string(fixtures().join("engine").join(name)).expect("fixture");
        puzzles.extend(
            text.lines()
                .filter(|l| {
                    l.len() >= 81 && l[..81].bytes().all(|b| b == b'.' || b.is_ascii_digit())
                })
                .map(|l| l[..81].to_owned()),
        );
    }
    assert!(puzzles.len() > 100, "puzzles found in fixtures/engine");
    let mut text = String::new();
    for k in 0..25_000 {
        if k % 100 == 0 {
            text.push_str(&puzzles[(k / 100) % puzzles.len()]);
        } else {
            let blank = k % 81;
            text.push_str(&SOLVED[..blank]);
            text.push('.');
            text.push_str(&SOLVED[blank + 1..]);
        }
        text.push('\n');
    }
    text
}

/// The fields of a JSON record that do not depend on where a shard starts.
fn results(jsonl: &str) -> Vec<(String, String, String)> {
    jsonl
        .lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            let field = |k: &str| v[k].as_str().unwrap_or_default().to_owned();
            (field("puzzle"), field("status"), field("solution"))
        })
        .collect()
}

#[test]
fn gnu_parallel_sharding_matches_one_run() {
    if Command::new("parallel").arg("--version").output().is_err() {
        eprintln!("skipped: GNU parallel is not installed");
        return;
    }
    let commands = readme_commands();
    assert_eq!(
        commands.len(),
        2,
        "docs/batch.md's two sharding examples: {commands:?}"
    );
    let scratch = tempfile::tempdir().expect("scratch directory");
    let big = big_input();
    std::fs::write(scratch.path().join("big.txt"), &big).expect("big.txt");
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_sudokit"));
    let mut path = vec![binary.parent().expect("the binary's directory").to_owned()];
    path.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    for command in &commands {
        let output = Command::new("sh")
            .args(["-c", command])
            .current_dir(scratch.path())
            .env("PATH", std::env::join_paths(&path).expect("PATH"))
            // GNU parallel asks for a citation once, on a terminal only.
            .env("HOME", scratch.path())
            .output()
            .expect("sh runs");
        assert!(
            !String::from_utf8_lossy(&output.stderr).contains("panicked"),
            "{command}"
        );
    }
    let input = big.clone();
    let whole = sudokit_fed(&["solve", "-f", "line", "--to", "line"], move |stdin| {
        let _ = std::io::Write::write_all(stdin, input.as_bytes());
    });
    let sharded = std::fs::read(scratch.path().join("solved.txt")).expect("solved.txt");
    assert!(!sharded.is_empty());
    assert!(
        sharded == whole.stdout,
        "sharded text output differs from one run"
    );

    let input = big.clone();
    let whole = sudokit_fed(&["solve", "-f", "line", "--json"], move |stdin| {
        let _ = std::io::Write::write_all(stdin, input.as_bytes());
    });
    let sharded =
        std::fs::read_to_string(scratch.path().join("results.jsonl")).expect("results.jsonl");
    let whole = String::from_utf8(whole.stdout).expect("UTF-8");
    assert_eq!(results(&sharded).len(), 25_000);
    assert!(
        results(&sharded) == results(&whole),
        "sharded JSON differs from one run"
    );
}
