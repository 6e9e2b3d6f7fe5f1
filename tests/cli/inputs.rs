//! What every command does with the inputs it is given: input that is not
//! puzzle text, directories, system errors in words, a terminal on standard
//! input; and `batch`'s skipping, quiet mode, output files and left-over
//! temporary files.

use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::{check, stderr, sudokit, sudokit_fed};

const LC37: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const LC37_SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn scratch() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary directory")
}

fn path_str(path: &Path) -> &str {
    path.to_str().expect("temporary paths are UTF-8")
}

/// `n` bytes that look random (a fixed sequence, so that a failure repeats).
fn noise(n: usize) -> Vec<u8> {
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    (0..n)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 24) as u8
        })
        .collect()
}

/// A page of prose, as a README is: many lines, not one puzzle.
fn prose() -> String {
    let mut text = String::from("# sudokit\n\nSolve, validate and batch-solve puzzles.\n\n");
    for n in 1..=80 {
        text.push_str(&format!(
            "- point {n}: the tool reads files and writes answers.\n\n"
        ));
    }
    text
}

// ---- not puzzle text --------------------------------------------------------

#[test]
fn binary_input_is_one_message_for_every_command() {
    let dir = scratch();
    let path = dir.path().join("random.bin");
    fs::write(&path, noise(1 << 20)).expect("written");
    let name = path_str(&path);
    for command in ["solve", "validate"] {
        let started = Instant::now();
        let output = check(&[command, name], "", "", 2);
        assert!(started.elapsed() < Duration::from_secs(5));
        let err = stderr(&output);
        assert_eq!(err.lines().count(), 1, "{command}: {err}");
        assert!(
            err.starts_with(&format!(
                "sudokit: {name}: not puzzle text (binary data: a NUL byte at offset "
            )),
            "{command}: {err}"
        );
    }
    // JSON: one error record for the input as a whole.
    let output = sudokit(&["solve", "--json", name], "");
    let records: Vec<serde_json::Value> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(records.len(), 1, "{records:?}");
    assert_eq!(records[0]["status"], "error");
    assert_eq!(records[0]["index"], 0);
    let error = records[0]["error"].as_str().unwrap_or_default();
    assert!(
        error.starts_with(&format!("{name}: not puzzle text (")),
        "{error}"
    );
    // batch names the file once too.
    let output = check(
        &["batch", name],
        "",
        &format!(
            "{name}:error: {}\n",
            &err_of(&sudokit(&["solve", name], ""))[name.len() + 2..]
        ),
        2,
    );
    assert_eq!(stderr(&output).lines().count(), 2, "{}", stderr(&output));
}

/// The one message of a run, without its `sudokit: ` and line end.
fn err_of(output: &std::process::Output) -> String {
    let err = stderr(output);
    err.trim_end()
        .strip_prefix("sudokit: ")
        .unwrap_or(&err)
        .to_owned()
}

#[test]
fn an_endless_binary_stream_ends_at_once() {
    for command in ["solve", "validate", "batch"] {
        let started = Instant::now();
        let output = sudokit_fed(&[command], |input| {
            // Up to 100 MB, as `head -c 100000000 /dev/urandom |` gives,
            // until sudokit stops reading.
            let block = noise(64 * 1024);
            for _ in 0..1600 {
                if input.write_all(&block).is_err() {
                    return;
                }
            }
        });
        assert_eq!(output.status.code(), Some(2), "{command}");
        let err = stderr(&output);
        assert!(
            err.starts_with("sudokit: <stdin>: not puzzle text (binary data: a NUL byte at offset"),
            "{command}: {err}"
        );
        assert!(err.lines().count() <= 2, "{command}: {err}");
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{command}: {:?}",
            started.elapsed()
        );
    }
}

#[test]
fn prose_is_not_puzzle_text() {
    let dir = scratch();
    let path = dir.path().join("README.md");
    fs::write(&path, prose()).expect("written");
    let name = path_str(&path);
    for command in ["solve", "validate"] {
        let output = check(&[command, name], "", "", 2);
        let err = stderr(&output);
        assert_eq!(
            err.lines().collect::<Vec<_>>(),
            [format!(
                "sudokit: {name}: not puzzle text (no puzzle in its first 8 entries; the first: 5:3: \
                 expected a digit, '.', '_' or a border (| - + =), found 'p')"
            )],
            "{command}"
        );
    }
}

/// A puzzle file whose first puzzles are malformed is puzzle text: each
/// error is reported at its place, in order, and the rest is read.
#[test]
fn malformed_first_puzzles_are_located_errors_and_the_rest_is_read() {
    let bad = format!("{}x\n", &LC37[..80]);
    let input = format!("{}{LC37}\n{LC37}\n", bad.repeat(7));
    let output = check(
        &["solve"],
        &input,
        &format!("{LC37_SOLVED}\n{LC37_SOLVED}\n"),
        2,
    );
    let err = stderr(&output);
    let expected: Vec<String> = (1..=7)
        .map(|n| format!("sudokit: <stdin>:{n}:81: expected a digit 0-9 or '.', found 'x'"))
        .collect();
    assert_eq!(err.lines().collect::<Vec<_>>(), expected);
    // Through JSON, the records stay in input order.
    let output = sudokit(&["validate", "--json"], &input);
    let indexes: Vec<u64> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| {
            let record: serde_json::Value = serde_json::from_str(l).expect("a JSON line");
            record["index"].as_u64().unwrap_or(0)
        })
        .collect();
    assert_eq!(indexes, (1..=9).collect::<Vec<_>>());
    // Errors after a first puzzle never end the reading.
    let late = format!("{LC37}\n{}{LC37}\n", bad.repeat(20));
    let output = check(
        &["solve"],
        &late,
        &format!("{LC37_SOLVED}\n{LC37_SOLVED}\n"),
        2,
    );
    assert_eq!(stderr(&output).lines().count(), 20);
    // A short input with no puzzle keeps its located errors.
    let output = check(&["solve"], &bad.repeat(2), "", 2);
    assert_eq!(stderr(&output).lines().count(), 2);
}

// ---- directories and system errors -------------------------------------------

#[test]
fn a_directory_says_what_to_do_instead() {
    let output = check(&["solve", "batch"], "", "", 2);
    assert_eq!(
        stderr(&output),
        "sudokit: batch is a directory; to solve every file in it use 'sudokit batch batch'\n"
    );
    let output = check(
        &["validate", "batch", "valid/lc36-example1.txt"],
        "",
        "valid/lc36-example1.txt: valid\n",
        2,
    );
    assert_eq!(
        stderr(&output),
        "sudokit: batch is a directory; to validate its files name them \
         ('sudokit validate batch/*')\n"
    );
}

#[test]
fn system_errors_are_said_in_words() {
    let output = check(&["solve", "no-such-file.txt"], "", "", 2);
    assert_eq!(
        stderr(&output),
        "sudokit: no-such-file.txt: No such file or directory\n"
    );
    let output = check(
        &["batch", "no-such-file.txt"],
        "",
        "no-such-file.txt:error: No such file or directory\n",
        2,
    );
    assert!(!stderr(&output).contains("os error"), "{}", stderr(&output));
    if let Some(output) = super::to_full_device(&["solve", "formats/line.txt"]) {
        assert_eq!(
            stderr(&output),
            "sudokit: standard output: No space left on device\n"
        );
    }
    // An output directory that cannot be made.
    let dir = scratch();
    let blocked = dir.path().join("file");
    fs::write(&blocked, "").expect("written");
    let out = blocked.join("out");
    let output = sudokit(&["batch", "--out", path_str(&out), "formats/line.txt"], "");
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert!(
        err.contains("out/line.txt: Not a directory\n") && !err.contains("os error"),
        "{err}"
    );
}

// ---- batch: files that are not puzzle text ------------------------------------

/// A folder of puzzles with a README and an image in it.
fn puzzle_folder(dir: &Path) {
    fs::write(dir.join("a.txt"), format!("{LC37}\n")).expect("written");
    fs::write(dir.join("notes.md"), prose()).expect("written");
    fs::write(dir.join("scan.png"), noise(4096)).expect("written");
}

#[test]
fn batch_skips_files_in_a_folder_that_are_not_puzzle_text() {
    let dir = scratch();
    puzzle_folder(dir.path());
    let root = path_str(dir.path());
    let output = check(
        &["batch", root],
        "",
        &format!("{root}/a.txt:1:{LC37_SOLVED}\n"),
        0,
    );
    let err = stderr(&output);
    assert!(
        err.contains(&format!(
            "sudokit: {root}/notes.md: skipped, not puzzle text (no puzzle"
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "sudokit: {root}/scan.png: skipped, not puzzle text (binary data"
        )),
        "{err}"
    );
    assert!(
        err.contains("sudokit: 3 files (2 skipped), 1 puzzle: 1 solved"),
        "{err}"
    );
    // JSON: no record for a file skipped; the summary counts it.
    let output = sudokit(&["batch", "--json", root], "");
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(text.lines().count(), 2, "{text}");
    assert!(text.contains("\"skipped\":2"), "{text}");
    // --strict: each is an error, as before.
    let output = sudokit(&["batch", "--strict", root], "");
    assert_eq!(output.status.code(), Some(2));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains(&format!("{root}/notes.md:error: not puzzle text (")),
        "{text}"
    );
    assert!(
        text.contains(&format!("{root}/scan.png:error: not puzzle text (")),
        "{text}"
    );
    // A file named on the command line is read as asked: an error.
    let notes = format!("{root}/notes.md");
    let output = sudokit(&["batch", &notes], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stdout)
            .starts_with(&format!("{notes}:error: not puzzle text ("))
    );
    // A file that looks like puzzles, one malformed, is still an error.
    fs::write(dir.path().join("typo.txt"), format!("{}x\n", &LC37[..80])).expect("written");
    let output = sudokit(&["batch", root], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stdout).contains("typo.txt:error: 1:81: expected a digit")
    );
}

// ---- batch: quiet, and one way of counting ------------------------------------

#[test]
fn batch_quiet_leaves_only_errors_on_standard_error() {
    let output = check(
        &["batch", "-q", "formats/line.txt"],
        "",
        &super::fixture("formats/line.expected")
            .lines()
            .enumerate()
            .map(|(i, s)| format!("formats/line.txt:{}:{s}\n", i + 1))
            .collect::<String>(),
        0,
    );
    assert_eq!(stderr(&output), "");
    let output = sudokit(&["batch", "--quiet", "formats/line.txt", "missing.txt"], "");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "sudokit: missing.txt: No such file or directory\n"
    );
    // A bar that cannot be shown is a usage error, as clap says it.
    let output = sudokit(
        &["batch", "-q", "--progress", "always", "formats/line.txt"],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
}

/// The progress bar counts what the summary counts (puzzles answered, not
/// unreadable files), and writes numbers the way the summary does.
#[test]
fn the_progress_bar_and_the_summary_agree() {
    let dir = scratch();
    for n in 0..3 {
        fs::write(
            dir.path().join(format!("p{n}.txt")),
            format!("{LC37}\n").repeat(500),
        )
        .expect("written");
    }
    fs::write(dir.path().join("bad.txt"), "12x\n").expect("written");
    let root = path_str(dir.path());
    let output = sudokit(&["batch", "--progress", "always", root], "");
    let err = stderr(&output);
    assert!(err.contains("4 files, 1500 puzzles: 1500 solved"), "{err}");
    let frames: Vec<&str> = err
        .split(['\r', '\n'])
        .filter(|f| f.contains(" puzzles"))
        .collect();
    for frame in &frames {
        let Some(count) = frame
            .split_whitespace()
            .find(|w| w.starts_with(|c: char| c.is_ascii_digit()) && !w.contains(':'))
        else {
            continue;
        };
        let done: u64 = count
            .split('/')
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        assert!(done <= 1500, "{frame:?}");
        // No digit grouping: the summary writes 1500, not 1,500.
        assert!(!frame.contains(",0") && !frame.contains(",5"), "{frame:?}");
    }
}

// ---- a terminal on standard input ---------------------------------------------

#[test]
fn reading_a_terminal_says_so_first() {
    // `script` gives the command a terminal; where it is missing, skip.
    let probe = Command::new("script").arg("--version").output();
    if !probe.is_ok_and(|o| o.status.success()) {
        eprintln!("skipped: no `script` to run sudokit on a terminal");
        return;
    }
    let bin = env!("CARGO_BIN_EXE_sudokit");
    for command in ["solve", "validate", "batch"] {
        let mut child = Command::new("script")
            .args(["-qec", &format!("'{bin}' {command}"), "/dev/null"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("script starts");
        let mut input = child.stdin.take().expect("piped");
        let _ = input.write_all(format!("{LC37}\n").as_bytes());
        drop(input);
        let output = child.wait_with_output().expect("script ends");
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(
            text.contains("sudokit: reading puzzles from standard input (Ctrl-D to end)…"),
            "{command}: {text}"
        );
    }
    // Not on a pipe.
    let output = check(
        &["solve"],
        &format!("{LC37}\n"),
        &format!("{LC37_SOLVED}\n"),
        0,
    );
    assert_eq!(stderr(&output), "");
}

// ---- batch --out: left-over temporary files -----------------------------------

/// The id of a process that has ended.
fn dead_pid() -> u32 {
    let mut child = Command::new("true").spawn().expect("true runs");
    let pid = child.id();
    child.wait().expect("true ends");
    pid
}

#[cfg(target_os = "linux")]
#[test]
fn batch_out_removes_only_its_own_stale_temporary_files() {
    let dir = scratch();
    let input = dir.path().join("a.txt");
    fs::write(&input, format!("{LC37}\n")).expect("written");
    let out = dir.path().join("out");
    fs::create_dir(&out).expect("made");
    let dead = dead_pid();
    let stale = format!(".a.txt.sudokit-{dead}-0.tmp");
    let live = format!(".a.txt.sudokit-{}-0.tmp", std::process::id());
    let others = [
        format!(".a.txt.sudokit-{dead}-0.tmp.keep"),
        format!("a.txt.sudokit-{dead}-0.tmp"),
        format!(".a.txt.other-{dead}-0.tmp"),
        ".notes.tmp".to_owned(),
    ];
    for name in others.iter().chain([&stale, &live]) {
        fs::write(out.join(name), "partial").expect("written");
    }
    let output = check(
        &["batch", "--out", path_str(&out), path_str(&input)],
        "",
        "",
        0,
    );
    assert!(!out.join(&stale).exists(), "the stale file is removed");
    assert!(out.join(&live).exists(), "a running process's file is kept");
    for name in &others {
        assert!(out.join(name).exists(), "{name} is kept");
    }
    assert_eq!(
        fs::read_to_string(out.join("a.txt")).ok(),
        Some(format!("{LC37_SOLVED}\n"))
    );
    let err = stderr(&output);
    assert!(
        err.contains(&format!(
            "{}: removed, left by an earlier run that was killed (process {dead})",
            out.join(&stale).display()
        )),
        "{err}"
    );
}
