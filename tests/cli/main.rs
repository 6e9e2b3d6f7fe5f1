//! Black-box tests of the `sudokit` binary: one line per case where possible —
//! arguments, standard input, expected standard output, expected exit code.

// Tests report skips on standard error.
#![allow(clippy::print_stderr)]

mod batch;
mod canon;
mod completions;
mod generate;
mod hardening;
mod inputs;
mod logic;
mod pencilmarks;
mod props;
mod rate;
mod readme;
mod records;
mod scale;
mod solve;
mod validate;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Every command with a `--help`, the top level (`""`) first.
pub const COMMANDS: [&str; 11] = [
    "",
    "solve",
    "validate",
    "batch",
    "rate",
    "explain",
    "hint",
    "canon",
    "shuffle",
    "completions",
    "generate",
];

/// The repository's fixtures directory.
pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

/// A fixture's contents.
pub fn fixture(name: &str) -> String {
    let path = fixtures().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

/// Runs `sudokit ARGS`, writes `input` to its standard input and, while
/// that is still open, reads the first `lines` lines of its output: what an
/// answer streamed under `--line-buffered` must be there for. `None` when
/// they do not come within 20 seconds (read on another thread, so that an
/// answer that never comes fails the test instead of hanging it).
/// Standard input is then closed, and the run must succeed.
pub fn answered_while_open(args: &[&str], input: &str, lines: usize) -> Option<String> {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("starts");
    let mut stdin = child.stdin.take().expect("piped");
    let output = child.stdout.take().expect("piped");
    stdin.write_all(input.as_bytes()).expect("write");
    stdin.flush().expect("flush");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut output = BufReader::new(output);
        let mut text = String::new();
        for _ in 0..lines {
            let _ = output.read_line(&mut text);
        }
        let _ = tx.send(text);
    });
    let answer = rx.recv_timeout(std::time::Duration::from_secs(20)).ok();
    drop(stdin);
    if answer.is_none() {
        let _ = child.kill();
    }
    let status = child.wait().expect("ends");
    assert!(answer.is_none() || status.success(), "{status}");
    answer
}

/// Runs `sudokit` in the fixtures directory with `args`, feeding `stdin`.
pub fn sudokit(args: &[&str], stdin: &str) -> Output {
    let stdin = stdin.to_owned();
    sudokit_fed(args, move |input| {
        // sudokit may stop reading early; a broken pipe here is not the test's concern.
        let _ = input.write_all(stdin.as_bytes());
    })
}

/// Runs `sudokit` in the fixtures directory with `args`, its standard input
/// written by `feed` from another thread, so that a large input cannot
/// dead-lock against the output.
pub fn sudokit_fed(
    args: &[&str],
    feed: impl FnOnce(&mut std::process::ChildStdin) + Send + 'static,
) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(args)
        .current_dir(fixtures())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sudokit starts");
    let mut input = child.stdin.take().expect("stdin is piped");
    let writer = std::thread::spawn(move || feed(&mut input));
    let output = child.wait_with_output().expect("sudokit runs");
    writer.join().expect("stdin writer");
    output
}

/// Checks one run: its standard output and exit code.
#[track_caller]
pub fn check(args: &[&str], stdin: &str, stdout: &str, code: i32) -> Output {
    let output = sudokit(args, stdin);
    let got = String::from_utf8_lossy(&output.stdout);
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(got, stdout, "stdout of sudokit {args:?}\nstderr: {err}");
    assert_eq!(
        output.status.code(),
        Some(code),
        "exit code of sudokit {args:?}\nstderr: {err}"
    );
    output
}

/// The standard error of a run, as text.
pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Runs `sudokit ARGS` (in the fixtures directory) with standard output on
/// `/dev/full`; `None`, with a note, where the system has no such device.
pub fn to_full_device(args: &[&str]) -> Option<Output> {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("skipped: this system has no /dev/full");
        return None;
    };
    let output = Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(args)
        .current_dir(fixtures())
        .stdin(Stdio::null())
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .expect("sudokit runs");
    Some(output)
}

/// Runs `sudokit ARGS BIG` (in the fixtures directory) on a large input of
/// `line` repeated, reads the first line of its output and closes the pipe,
/// as `| head -1` does; returns that line and how the process ended.
pub fn first_line_then_close(args: &[&str], line: &str) -> (String, Output) {
    use std::io::{BufRead, BufReader};
    let dir = tempfile::tempdir().expect("temp dir");
    let big = dir.path().join("big.txt");
    std::fs::write(&big, format!("{line}\n").repeat(20_000)).expect("write input");
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(args)
        .arg(&big)
        .current_dir(fixtures())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sudokit starts");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("piped"))
        .read_line(&mut first)
        .expect("one line");
    // The reader is dropped here: the pipe is closed.
    let output = child.wait_with_output().expect("sudokit ends");
    (first, output)
}
