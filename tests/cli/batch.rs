//! `sudokit batch`: the fixture tree `fixtures/batch/` holds every format, a
//! bad file, an unsolvable and an invalid puzzle, a nested directory and
//! hidden entries; generated trees test ordering, `--jobs` and `--out`.

use std::collections::BTreeMap;
use std::fs;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Command, Stdio};

use super::{check, fixture, fixtures, stderr, sudokit};

const LC37_SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const BOJ_SOLVED: &str =
    "135469278782135649469278135321546897874913526596827413917652384643781952258394761";
// The second board of the JSON Lines fixture: 25 givens, one solution.
const SPARSE_SOLVED: &str =
    "987654321246173985351928746128537694634892157795461832519286473472319568863745219";
const TOP1_SOLVED: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
const NORVIG_SOLVED: &str =
    "987654321246173985351928746128537694634892157795461832519286473472319568863745219";
const BAD: &str = "batch/bad.txt:error: 1:81: expected a digit 0-9 or '.', found 'x'\n";

/// `batch batch` in text: the top level, sorted, hidden entries skipped.
fn top_level_text() -> String {
    format!(
        "{BAD}\
         batch/boj.txt:1:{BOJ_SOLVED}\n\
         batch/grid.sdk:1:{LC37_SOLVED}\n\
         batch/json-lines.jsonl:1:{LC37_SOLVED}\n\
         batch/json-lines.jsonl:2:{SPARSE_SOLVED}\n\
         batch/json-lines.jsonl:3:{TOP1_SOLVED}\n\
         batch/leetcode.txt:1:{LC37_SOLVED}\n\
         batch/line.txt:1:{LC37_SOLVED}\n\
         batch/line.txt:2:unsolvable\n\
         batch/line.txt:3:invalid\n"
    )
}

fn nested_text() -> String {
    format!(
        "batch/nested/deeper/norvig.txt:1:{NORVIG_SOLVED}\n\
         batch/nested/top1.txt:1:{TOP1_SOLVED}\n"
    )
}

/// A scratch directory, removed when the test ends.
fn scratch() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary directory")
}

fn path_str(path: &Path) -> &str {
    path.to_str().expect("temporary paths are UTF-8")
}

/// Every file under `root` (hidden ones too), relative, with its contents.
fn tree(root: &Path) -> BTreeMap<String, String> {
    fn walk(root: &Path, dir: &Path, files: &mut BTreeMap<String, String>) {
        for entry in fs::read_dir(dir).expect("readable directory") {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                walk(root, &path, files);
            } else {
                let rel = path.strip_prefix(root).expect("below the root");
                let text = fs::read_to_string(&path).expect("readable file");
                files.insert(rel.to_string_lossy().replace('\\', "/"), text);
            }
        }
    }
    let mut files = BTreeMap::new();
    walk(root, root, &mut files);
    files
}

/// Copies the tree at `from` to `to`.
fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("created directory");
    for entry in fs::read_dir(from).expect("readable directory") {
        let path = entry.expect("directory entry").path();
        let target = to.join(path.file_name().expect("a name"));
        if path.is_dir() {
            copy_tree(&path, &target);
        } else {
            fs::copy(&path, &target).expect("copied file");
        }
    }
}

#[test]
fn directory_gives_its_visible_files_in_sorted_order() {
    let output = check(&["batch", "batch"], "", &top_level_text(), 2);
    let err = stderr(&output);
    assert!(
        err.contains("sudokit: batch/bad.txt:1:81: expected a digit 0-9 or '.', found 'x'"),
        "{err}"
    );
    assert!(
        err.contains("sudokit: 6 files, 9 puzzles: 7 solved, 1 unsolvable, 1 invalid, 1 error; "),
        "{err}"
    );
    assert!(err.trim_end().ends_with("puzzles/s"), "{err}");
    // A trailing slash names the same directory.
    check(&["batch", "batch/"], "", &top_level_text(), 2);
}

#[test]
fn recursive_descends_in_sorted_path_order_skipping_hidden_directories() {
    // `nested/...` sorts after `line.txt`, and `deeper/` before `top1.txt`.
    let expected = format!("{}{}", top_level_text(), nested_text());
    let output = check(&["batch", "-r", "batch"], "", &expected, 2);
    assert!(stderr(&output).contains("sudokit: 8 files, 11 puzzles:"));
    check(
        &["batch", "--recursive", "batch/nested"],
        "",
        &nested_text(),
        0,
    );
}

#[test]
fn hidden_files_are_read_only_when_named() {
    check(
        &["batch", "batch/.hidden.txt"],
        "",
        &format!("batch/.hidden.txt:1:{LC37_SOLVED}\n"),
        0,
    );
    let output = sudokit(&["batch", "-r", "batch"], "");
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(!out.contains(".hidden"), "{out}");
}

#[test]
fn files_and_standard_input_in_the_order_given() {
    let expected = format!(
        "batch/nested/top1.txt:1:{TOP1_SOLVED}\n\
         <stdin>:1:{LC37_SOLVED}\n\
         batch/boj.txt:1:{BOJ_SOLVED}\n"
    );
    check(
        &["batch", "batch/nested/top1.txt", "-", "batch/boj.txt"],
        &fixture("formats/leetcode.txt"),
        &expected,
        0,
    );
}

#[test]
fn exit_status_is_worst_of_all_results() {
    check(
        &["batch", "batch/boj.txt", "batch/nested"],
        "",
        &format!("batch/boj.txt:1:{BOJ_SOLVED}\nbatch/nested/top1.txt:1:{TOP1_SOLVED}\n"),
        0,
    );
    check(
        &["batch", "batch/line.txt"],
        "",
        &format!(
            "batch/line.txt:1:{LC37_SOLVED}\nbatch/line.txt:2:unsolvable\nbatch/line.txt:3:invalid\n"
        ),
        1,
    );
    check(&["batch", "batch/bad.txt"], "", BAD, 2);
}

#[test]
fn unreadable_files_are_one_entry_each_and_the_batch_goes_on() {
    let output = check(
        &["batch", "batch/missing.txt", "batch/nested/top1.txt", "-"],
        "",
        &format!(
            "batch/missing.txt:error: No such file or directory\n\
             batch/nested/top1.txt:1:{TOP1_SOLVED}\n\
             <stdin>:error: 1:1: expected a puzzle, found none \
             (the input is empty or holds only blank, comment or header lines)\n"
        ),
        2,
    );
    let err = stderr(&output);
    assert!(
        err.contains("sudokit: batch/missing.txt: No such file or directory"),
        "{err}"
    );
    assert!(err.contains("3 files, 1 puzzle: 1 solved, 0 unsolvable, 0 invalid, 2 errors"));

    let output = sudokit(
        &["batch", "--json", "batch/missing.txt", "batch/bad.txt"],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["source"], "batch/missing.txt");
    assert_eq!(lines[0]["status"], "error");
    assert_eq!(
        lines[0]["error"],
        "batch/missing.txt: No such file or directory"
    );
    assert_eq!(lines[1]["source"], "batch/bad.txt");
    assert_eq!(lines[1]["status"], "error");
    assert_eq!(
        lines[1]["error"],
        "batch/bad.txt:1:81: expected a digit 0-9 or '.', found 'x'"
    );
    assert_eq!(lines[2]["summary"]["errors"], 2);
}

#[test]
fn a_bad_puzzle_among_good_ones_is_its_own_entry() {
    let good = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let input = format!("{good}\n{}x\n{good}\n", &good[..80]);
    let output = check(
        &["batch", "-"],
        &input,
        &format!("<stdin>:1:{LC37_SOLVED}\n<stdin>:2:error\n<stdin>:3:{LC37_SOLVED}\n"),
        2,
    );
    assert!(
        stderr(&output).contains("sudokit: <stdin>:2:81: expected a digit 0-9 or '.', found 'x'")
    );

    let output = sudokit(&["batch", "--json", "-"], &input);
    let text = String::from_utf8_lossy(&output.stdout);
    let second: serde_json::Value =
        serde_json::from_str(text.lines().nth(1).expect("a second line")).expect("JSON");
    assert_eq!(second["index"], 2);
    assert_eq!(second["line"], 2);
    assert_eq!(second["status"], "error");
    assert_eq!(
        second["error"],
        "<stdin>:2:81: expected a digit 0-9 or '.', found 'x'"
    );
}

#[test]
fn json_lines_end_with_a_summary() {
    let output = sudokit(&["batch", "-r", "--json", "batch"], "");
    assert_eq!(output.status.code(), Some(2));
    let text = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(lines.len(), 13);
    assert_eq!(lines[1]["source"], "batch/boj.txt");
    assert_eq!(lines[1]["format"], "boj");
    assert_eq!(lines[1]["solution"], BOJ_SOLVED);
    assert_eq!(lines[8]["status"], "unsolvable");
    assert_eq!(lines[9]["status"], "invalid");
    assert_eq!(lines[9]["conflicts"][0]["unit"], "box");
    let summary = &lines[12]["summary"];
    for (field, value) in [
        ("files", 8),
        ("puzzles", 11),
        ("solved", 9),
        ("unsolvable", 1),
        ("invalid", 1),
        ("errors", 1),
    ] {
        assert_eq!(summary[field], value, "{field} in {summary}");
    }
    assert!(summary["seconds"].is_number());
    assert!(summary["puzzles_per_second"].is_number());
}

#[test]
fn glob_filters_file_names_and_relative_paths() {
    let txt = format!(
        "{BAD}\
         batch/boj.txt:1:{BOJ_SOLVED}\n\
         batch/leetcode.txt:1:{LC37_SOLVED}\n\
         batch/line.txt:1:{LC37_SOLVED}\n\
         batch/line.txt:2:unsolvable\n\
         batch/line.txt:3:invalid\n{}",
        nested_text()
    );
    check(&["batch", "-r", "--glob", "*.txt", "batch"], "", &txt, 2);
    check(
        &[
            "batch", "-r", "--glob", "*.sdk", "--glob", "*.jsonl", "batch",
        ],
        "",
        &format!(
            "batch/grid.sdk:1:{LC37_SOLVED}\n\
             batch/json-lines.jsonl:1:{LC37_SOLVED}\n\
             batch/json-lines.jsonl:2:{SPARSE_SOLVED}\n\
             batch/json-lines.jsonl:3:{TOP1_SOLVED}\n"
        ),
        0,
    );
    // A pattern with a slash matches the path below the directory named.
    check(
        &["batch", "-r", "--glob", "nested/*.txt", "batch"],
        "",
        &format!("batch/nested/top1.txt:1:{TOP1_SOLVED}\n"),
        0,
    );
    check(
        &["batch", "-r", "--glob", "nested/**/*.txt", "batch"],
        "",
        &nested_text(),
        0,
    );
    // Files named on the command line are read whatever their name.
    check(
        &["batch", "--glob", "*.json", "batch/nested/top1.txt"],
        "",
        &format!("batch/nested/top1.txt:1:{TOP1_SOLVED}\n"),
        0,
    );
    let output = check(&["batch", "--glob", "[", "batch"], "", "", 2);
    assert!(stderr(&output).starts_with("sudokit: --glob: "));
    // `!GLOB` leaves files out; the last pattern that matches decides.
    let without_line = format!(
        "{BAD}\
         batch/boj.txt:1:{BOJ_SOLVED}\n\
         batch/leetcode.txt:1:{LC37_SOLVED}\n{}",
        nested_text()
    );
    let args = [
        "batch",
        "-r",
        "--glob",
        "*.txt",
        "--glob",
        "!line.txt",
        "batch",
    ];
    check(&args, "", &without_line, 2);
    let args = [
        "batch",
        "-r",
        "--glob",
        "!line.txt",
        "--glob",
        "*.txt",
        "batch",
    ];
    check(&args, "", &txt, 2);
    // With only `!` patterns, what none of them matches is kept.
    let output = sudokit(&["batch", "-r", "--glob", "!*.txt", "batch"], "");
    let out = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(out.contains("batch/grid.sdk:1:"), "{out}");
    assert!(!out.contains(".txt:"), "{out}");
}

/// A generated tree: many small files and one large one, with every status.
fn generated_tree(root: &Path) {
    let solutions = [LC37_SOLVED, BOJ_SOLVED, TOP1_SOLVED, NORVIG_SOLVED];
    // A fixed linear congruential generator: the same tree every run.
    let mut seed: u64 = 0x5eed;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize
    };
    let mut puzzle = |n: usize| -> String {
        let mut cells: Vec<u8> = solutions[n % solutions.len()].bytes().collect();
        for _ in 0..50 {
            let at = next() % 81;
            cells[at] = b'.';
        }
        match n % 97 {
            // An invalid puzzle: a digit repeated in row 1.
            13 => {
                cells[0] = b'5';
                cells[1] = b'5';
            }
            // An unreadable one.
            41 => cells[7] = b'x',
            _ => {}
        }
        String::from_utf8(cells).expect("ASCII")
    };
    fs::create_dir_all(root.join("many/sub")).expect("directories");
    let mut n = 0;
    for file in 0..40 {
        let dir = if file % 3 == 0 { "many/sub" } else { "many" };
        let mut text = String::new();
        for _ in 0..file % 5 + 1 {
            text.push_str(&puzzle(n));
            text.push('\n');
            n += 1;
        }
        fs::write(root.join(format!("{dir}/f{file:02}.txt")), text).expect("written");
    }
    let mut big = String::new();
    for _ in 0..9000 {
        big.push_str(&puzzle(n));
        big.push('\n');
        n += 1;
    }
    fs::write(root.join("big.txt"), big).expect("written");
}

#[test]
fn output_does_not_depend_on_jobs() {
    let dir = scratch();
    generated_tree(dir.path());
    let root = path_str(dir.path());
    let mut texts = Vec::new();
    for extra in [&[][..], &["--json"][..], &["--line-buffered"][..]] {
        let run = |jobs: &str| {
            let mut args = vec!["batch", "-r", "--progress", "never", "-j", jobs, root];
            args.extend_from_slice(extra);
            let output = sudokit(&args, "");
            assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
            let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
            if extra == ["--json"] {
                // The summary's timing differs from run to run.
                let cut = text.rfind("{\"summary\"").expect("a summary line");
                text.truncate(cut);
            }
            text
        };
        let one = run("1");
        let two = run("2");
        assert_eq!(one.lines().count(), two.lines().count());
        assert!(one == two, "--jobs 1 and --jobs 2 differ with {extra:?}");
        // More solver threads than cores: they contend for every chunk.
        let seven = run("7");
        assert!(one == seven, "--jobs 1 and --jobs 7 differ with {extra:?}");
        assert!(one.lines().count() > 9000);
        assert!(one.contains(":invalid") || one.contains("\"invalid\""));
        texts.push(one);
    }
    // Small files are read whole by the solver threads, except with
    // `--line-buffered`, where the reader reads every file: the same output.
    assert!(texts[0] == texts[2], "--line-buffered changes the output");
}

/// Small files among many are read whole by whichever solver thread takes them;
/// `--line-buffered` has the reader read every file itself. Every format, a
/// bad file, an unsolvable and an invalid puzzle give the same results,
/// messages and summary both ways.
#[test]
fn small_files_read_whole_give_what_the_reader_gives() {
    let dir = scratch();
    copy_tree(&fixtures().join("batch"), dir.path());
    // Unreadable puzzles among readable ones in a grid file, and files that
    // are not puzzle text (entries with --strict, as they used to be).
    let grid = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n\
                .6....28.\n...419..5\n....8..79\n";
    let broken = grid.replace("4..8.3..1", "4..8.x..1");
    fs::write(
        dir.path().join("mixed.sdk"),
        format!("{grid}\n{broken}\n{grid}"),
    )
    .expect("written");
    fs::write(dir.path().join("junk.txt"), "1234567890123\n".repeat(1100)).expect("written");
    fs::write(
        dir.path().join("image.png"),
        b"\x89PNG\xff\xfe\n".repeat(2000),
    )
    .expect("written");
    // Only small files among many are read whole: a large one is not.
    let large = format!("{LC37}\n").repeat(4000);
    fs::write(dir.path().join("large.txt"), large).expect("written");
    for n in 0..20 {
        let puzzle = format!("{}{n}\n", &LC37[..80]);
        fs::write(dir.path().join(format!("p{n:02}.txt")), puzzle).expect("written");
    }
    let root = path_str(dir.path());
    let run = |extra: &[&str]| {
        let mut args = vec!["batch", "-r", "--strict", "--progress", "never", root];
        args.extend_from_slice(extra);
        let output = sudokit(&args, "");
        assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
        // The summary's time and rate differ from run to run.
        let err: Vec<String> = stderr(&output)
            .lines()
            .map(|l| l.split("; ").next().unwrap_or(l).to_string())
            .collect();
        (String::from_utf8_lossy(&output.stdout).into_owned(), err)
    };
    // (With one job the reader reads every file itself anyway.)
    for extra in [
        &["-j", "2"][..],
        &["-j", "2", "--json"][..],
        &["-j", "3"][..],
    ] {
        let (whole, whole_err) = run(extra);
        let mut buffered: Vec<&str> = extra.to_vec();
        buffered.push("--line-buffered");
        let (read, read_err) = run(&buffered);
        let cut = |t: &str| t[..t.rfind("{\"summary\"").unwrap_or(t.len())].to_string();
        assert_eq!(cut(&whole), cut(&read), "{extra:?}");
        assert_eq!(whole_err, read_err, "{extra:?}");
        assert!(whole.contains("bad.txt"), "{whole}");
        assert!(
            whole.contains("mixed.sdk") && whole.contains("image.png"),
            "{whole}"
        );
    }
}

#[test]
fn out_mirrors_the_tree_in_each_input_layout() {
    let dir = scratch();
    let out = dir.path().join("solved");
    let output = check(
        &["batch", "-r", "--out", path_str(&out), "batch"],
        "",
        BAD,
        2,
    );
    let err = stderr(&output);
    assert!(err.contains("sudokit: batch/line.txt:3: puzzle 2: unsolvable (no solution)"));
    assert!(err.contains("sudokit: batch/line.txt:4: puzzle 3: invalid (givens conflict)"));
    let line_expected = fixture("formats/line.expected");
    let first_line = line_expected.lines().next().expect("a line");
    let mut expected = BTreeMap::new();
    for (name, text) in [
        ("boj.txt", fixture("formats/boj.expected")),
        ("grid.sdk", fixture("formats/grid.expected")),
        ("json-lines.jsonl", fixture("formats/json-lines.expected")),
        ("leetcode.txt", fixture("formats/leetcode.expected")),
        ("line.txt", format!("{first_line}\n")),
        ("nested/deeper/norvig.txt", format!("{NORVIG_SOLVED}\n")),
        ("nested/top1.txt", format!("{TOP1_SOLVED}\n")),
    ] {
        expected.insert(name.to_owned(), text);
    }
    // No output for the bad file, none for hidden files, no temporary file.
    assert_eq!(tree(&out), expected);

    // Again, into the same tree, in another layout: the file is replaced.
    check(
        &[
            "batch",
            "--to",
            "boj",
            "--out",
            path_str(&out),
            "batch/line.txt",
        ],
        "",
        "",
        1,
    );
    let boj: String = LC37_SOLVED
        .as_bytes()
        .chunks(9)
        .map(|row| {
            let digits: Vec<String> = row.iter().map(|&d| char::from(d).to_string()).collect();
            format!("{}\n", digits.join(" "))
        })
        .collect();
    expected.insert("line.txt".into(), boj);
    assert_eq!(tree(&out), expected);

    // A directory named on the command line is mirrored from its inside.
    check(
        &["batch", "-r", "--out", path_str(&out), "batch/nested"],
        "",
        "",
        0,
    );
    expected.insert("deeper/norvig.txt".into(), format!("{NORVIG_SOLVED}\n"));
    expected.insert("top1.txt".into(), format!("{TOP1_SOLVED}\n"));
    assert_eq!(tree(&out), expected);
}

#[test]
fn out_with_json_writes_reports_and_a_summary() {
    let dir = scratch();
    let out = dir.path().join("o");
    let output = sudokit(
        &[
            "batch",
            "--json",
            "--out",
            path_str(&out),
            "batch/line.txt",
            "batch/bad.txt",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    // Standard output: the entry with no output file, then the summary.
    assert_eq!(lines.len(), 2, "{stdout}");
    assert_eq!(lines[0]["source"], "batch/bad.txt");
    assert_eq!(lines[1]["summary"]["puzzles"], 3);
    let files = tree(&out);
    assert_eq!(files.keys().collect::<Vec<_>>(), ["line.txt"]);
    let statuses: Vec<String> = files["line.txt"]
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("JSON line");
            v["status"].as_str().unwrap_or_default().to_owned()
        })
        .collect();
    assert_eq!(statuses, ["solved", "unsolvable", "invalid"]);
}

#[test]
fn out_never_overwrites_an_input() {
    let dir = scratch();
    let inputs = dir.path().join("in");
    copy_tree(&fixtures().join("batch"), &inputs);
    let before = tree(dir.path());
    for args in [
        vec!["batch", path_str(&inputs), "--out", path_str(&inputs)],
        vec!["batch", "-r", path_str(&inputs), "--out", path_str(&inputs)],
    ] {
        let output = check(&args, "", "", 2);
        let err = stderr(&output);
        assert!(
            err.starts_with("sudokit: --out: refusing to write "),
            "{err}"
        );
        assert!(err.contains("it is the input file"), "{err}");
    }
    // A file named directly, whose output would land on itself.
    let nested = inputs.join("nested");
    let top1 = nested.join("top1.txt");
    check(
        &["batch", path_str(&top1), "--out", path_str(&nested)],
        "",
        "",
        2,
    );
    // Refused before anything was written: the tree is as it was.
    assert_eq!(tree(dir.path()), before);
}

#[test]
fn out_refuses_standard_input_and_clashing_outputs() {
    let dir = scratch();
    let out = dir.path().join("o");
    let output = check(&["batch", "--out", path_str(&out), "-"], "", "", 2);
    assert!(stderr(&output).contains("standard input"));
    let output = check(
        &[
            "batch",
            "--out",
            path_str(&out),
            "batch/line.txt",
            "formats/line.txt",
        ],
        "",
        "",
        2,
    );
    assert!(stderr(&output).contains("would both be written to"));
    assert!(!out.exists());
    // One output where another needs a directory (`x`, and `x/p.txt` from
    // another root), in either order: refused before anything is written.
    let one = dir.path().join("one");
    let two = dir.path().join("two");
    fs::create_dir_all(two.join("x")).expect("made");
    fs::create_dir_all(&one).expect("made");
    fs::write(one.join("x"), format!("{LC37}\n")).expect("written");
    fs::write(two.join("x").join("p.txt"), format!("{LC37}\n")).expect("written");
    let file = one.join("x");
    for args in [
        [path_str(&file), path_str(&two)],
        [path_str(&two), path_str(&file)],
    ] {
        let output = check(
            &[&["batch", "-r", "--out", path_str(&out)], &args[..]].concat(),
            "",
            "",
            2,
        );
        assert!(
            stderr(&output).contains("needs as a directory"),
            "{}",
            stderr(&output)
        );
        assert!(!out.exists());
    }
    let file = dir.path().join("file");
    fs::write(&file, "").expect("written");
    let output = check(
        &["batch", "--out", path_str(&file), "batch/boj.txt"],
        "",
        "",
        2,
    );
    assert!(stderr(&output).contains("not a directory"));
    // `-` is standard output elsewhere, not a directory to create.
    let output = check(&["batch", "--out", "-", "batch/boj.txt"], "", "", 2);
    assert!(stderr(&output).contains("--out takes a directory"));
    assert!(!fixtures().join("-").exists());
}

#[test]
fn out_write_failure_is_that_files_error_and_leaves_no_temporary_file() {
    let dir = scratch();
    let out = dir.path().join("o");
    fs::create_dir_all(&out).expect("directory");
    // `deeper` is a file where the output needs a directory.
    fs::write(out.join("deeper"), "in the way\n").expect("written");
    let output = sudokit(
        &[
            "batch",
            "-r",
            "--out",
            path_str(&out),
            "batch/nested",
            "batch/boj.txt",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.starts_with("batch/nested/deeper/norvig.txt:error: writing "),
        "{stdout}"
    );
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    // The other files are written; nothing else is left behind.
    let files = tree(&out);
    assert_eq!(
        files.keys().collect::<Vec<_>>(),
        ["boj.txt", "deeper", "top1.txt"],
        "{files:?}"
    );
}

/// An output file holds what was solved: an input none of whose puzzles
/// was solved gets none, and standard error and the summary say why.
#[test]
fn out_writes_no_file_when_nothing_was_solved() {
    let dir = scratch();
    let input = dir.path().join("none.txt");
    fs::write(&input, fixture("unsolvable/no-candidate.txt")).expect("written");
    let solved = dir.path().join("one.txt");
    fs::write(&solved, format!("{LC37}\n")).expect("written");
    let out = dir.path().join("o");
    let output = check(
        &[
            "batch",
            "--out",
            path_str(&out),
            path_str(&input),
            path_str(&solved),
        ],
        "",
        "",
        1,
    );
    assert_eq!(
        tree(&out),
        BTreeMap::from([("one.txt".to_owned(), format!("{LC37_SOLVED}\n"))])
    );
    let err = stderr(&output);
    let why = format!(
        "sudokit: {}: no file written, no puzzle solved\n",
        input.display()
    );
    assert!(err.contains(&why), "{err}");
    assert!(
        err.contains("sudokit: 2 files (1 not written), 2 puzzles: 1 solved, 1 unsolvable"),
        "{err}"
    );
    let json = sudokit(
        &["batch", "--out", path_str(&out), "--json", path_str(&input)],
        "",
    );
    // JSON records are written for every puzzle, solved or not.
    assert_eq!(json.status.code(), Some(1));
    assert!(out.join("none.txt").exists());
}

#[cfg(unix)]
#[test]
fn symbolic_link_loops_end() {
    let dir = scratch();
    let root = dir.path().join("t");
    fs::create_dir_all(root.join("a")).expect("directories");
    fs::write(root.join("a/p.txt"), format!("{LC37_SOLVED}\n")).expect("written");
    std::os::unix::fs::symlink("..", root.join("a/up")).expect("symlink");
    std::os::unix::fs::symlink("a", root.join("b")).expect("symlink");
    std::os::unix::fs::symlink("missing", root.join("dangling.txt")).expect("symlink");
    let root = path_str(&root).to_owned();
    let output = sudokit(&["batch", "-r", &root], "");
    let stdout = String::from_utf8_lossy(&output.stdout);
    // Each directory is read once, however it is reached; the dangling link
    // is an error entry.
    assert_eq!(
        stdout,
        format!(
            "{root}/a/p.txt:1:{LC37_SOLVED}\n\
             {root}/dangling.txt:error: No such file or directory\n"
        )
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn progress_bar_only_when_asked_or_on_a_terminal() {
    let output = sudokit(&["batch", "batch/boj.txt"], "");
    assert!(!stderr(&output).contains('\u{1b}'));
    let output = sudokit(&["batch", "--progress", "never", "batch/boj.txt"], "");
    assert!(!stderr(&output).contains('\u{1b}'));
    let output = sudokit(&["batch", "--progress", "always", "batch/boj.txt"], "");
    let err = stderr(&output);
    // The bar is drawn, then cleared before the summary.
    assert!(err.contains("1 puzzles, "), "{err}");
    assert!(
        err.contains("\r\u{1b}[2Ksudokit: 1 file, 1 puzzle: "),
        "{err}"
    );
    // Standard output stays clean.
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("batch/boj.txt:1:{BOJ_SOLVED}\n")
    );
}

/// With standard output on the terminal the bar is drawn on, each run of
/// results is written with the bar cleared first, so that no result line
/// runs on from the bar's text. Needs `script` (util-linux) for a terminal;
/// skipped, and said, without it.
#[test]
fn results_on_the_bar_terminal_start_on_a_cleared_line() {
    let has_script = Command::new("script")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_script {
        eprintln!("skipped: no `script` command to run sudokit on a terminal");
        return;
    }
    let dir = scratch();
    let input = dir.path().join("p5k.txt");
    fs::write(&input, format!("{LC37}\n").repeat(20_000)).expect("written");
    let command = format!(
        "{} batch -j 2 {}",
        env!("CARGO_BIN_EXE_sudokit"),
        path_str(&input)
    );
    let output = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(Stdio::null())
        .output()
        .expect("script runs");
    assert!(output.status.success(), "{output:?}");
    let screen = String::from_utf8_lossy(&output.stdout);
    let path = path_str(&input);
    assert_eq!(screen.matches(path).count(), 20_000, "{screen}");
    // The bar was drawn at all, or the test shows nothing.
    assert!(screen.contains("puzzles, "), "{screen}");
    // Every result starts its line, or follows the bar's erase sequence.
    for (at, _) in screen.match_indices(path) {
        let line_start = &screen[screen[..at].rfind('\n').map_or(0, |i| i + 1)..at];
        assert!(
            line_start.is_empty() || line_start.ends_with("\r\u{1b}[2K"),
            "a result runs on from {line_start:?}"
        );
    }
}

#[test]
fn closed_pipe_ends_quietly() {
    let easy = format!("{}.\n", &LC37_SOLVED[..80]);
    let dir = scratch();
    let input = dir.path().join("many.txt");
    fs::write(&input, easy.repeat(200_000)).expect("written");
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(["batch", path_str(&input)])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sudokit starts");
    let stdout = child.stdout.take().expect("piped");
    let mut first = String::new();
    BufReader::new(stdout)
        .read_line(&mut first)
        .expect("a line");
    // The reader is dropped here: the pipe closes with most output unwritten.
    assert!(first.ends_with(&format!(":1:{LC37_SOLVED}\n")), "{first}");
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("piped")
        .read_to_string(&mut err)
        .expect("stderr");
    let status = child.wait().expect("sudokit ends");
    assert_eq!(status.code(), Some(0), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn no_path_reads_standard_input() {
    check(
        &["batch", "--progress", "never"],
        &format!("{LC37}\n"),
        &format!("<stdin>:1:{LC37_SOLVED}\n"),
        0,
    );
}

#[test]
fn an_output_tree_inside_the_input_tree_is_not_read_back() {
    let dir = scratch();
    let inputs = dir.path().join("in");
    copy_tree(&fixtures().join("batch/nested"), &inputs);
    let out = inputs.join("solved");
    let args = ["batch", "-r", "--out", path_str(&out), path_str(&inputs)];
    check(&args, "", "", 0);
    let first = tree(dir.path());
    // The second run finds `in/solved` but leaves it out of its inputs,
    // and says so.
    let output = check(&args, "", "", 0);
    let err = stderr(&output);
    assert!(err.contains("sudokit: 2 files, 2 puzzles"), "{err}");
    let note = format!(
        "sudokit: {}: not read, it is the --out directory",
        out.display()
    );
    assert!(err.contains(&note), "{err}");
    assert_eq!(tree(dir.path()), first);
    assert!(first.contains_key("in/solved/top1.txt"));
    assert!(first.contains_key("in/solved/deeper/norvig.txt"));
}

/// A file where `--out` needs a directory is named as such, not as the
/// "File exists" the system reports.
#[test]
fn a_file_in_the_way_of_an_output_directory_is_named() {
    let dir = scratch();
    let inputs = dir.path().join("in");
    copy_tree(&fixtures().join("batch/nested"), &inputs);
    let out = dir.path().join("out");
    fs::create_dir(&out).expect("made");
    fs::write(out.join("deeper"), "").expect("written");
    let output = sudokit(
        &["batch", "-r", "--out", path_str(&out), path_str(&inputs)],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    let expected = format!("{} is not a directory", out.join("deeper").display());
    assert!(err.contains(&expected), "{err}");
}

#[test]
fn an_empty_directory_is_an_empty_batch_with_a_warning() {
    let dir = scratch();
    let output = check(&["batch", path_str(dir.path())], "", "", 0);
    let err = stderr(&output);
    assert!(err.contains("sudokit: no input files found"), "{err}");
    assert!(err.contains("sudokit: 0 files, 0 puzzles"), "{err}");
}

#[test]
fn a_file_without_one_readable_puzzle_is_one_entry() {
    let dir = scratch();
    let bad_lines = dir.path().join("three.txt");
    let line = format!("{}x\n", &LC37_SOLVED[..80]);
    fs::write(&bad_lines, line.repeat(3)).expect("written");
    // Not text at all: invalid UTF-8 on every line, far past the first
    // entries that decide.
    let binary = dir.path().join("image.png");
    fs::write(&binary, b"\x89PNG\xff\xfe\n".repeat(5000)).expect("written");
    let (three, image) = (path_str(&bad_lines), path_str(&binary));
    let not_text = "not puzzle text (no puzzle in its first 8 entries; \
                    the first: 1:1: expected UTF-8 text, found the byte 0x89)";
    let output = check(
        &["batch", three, image],
        "",
        &format!(
            "{three}:error: 1:81: expected a digit 0-9 or '.', found 'x' (and 2 more errors)\n\
             {image}:error: {not_text}\n"
        ),
        2,
    );
    let err = stderr(&output);
    // Every location of a short file; one message for one not puzzle text.
    assert!(err.contains(&format!("sudokit: {three}:3:81: expected a digit")));
    assert!(
        err.contains(&format!("sudokit: {image}: {not_text}\n")),
        "{err}"
    );
    assert!(!err.contains(&format!("sudokit: {image}:1:")), "{err}");
    assert!(err.contains("2 files, 0 puzzles: 0 solved, 0 unsolvable, 0 invalid, 2 errors"));
}

const LC37: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// One-puzzle-per-line files are cut into blocks of lines that the solver
/// threads parse: a long file with a header, comments, blank lines, CRLF
/// line ends, puzzles followed by text, bad cells and a line that is not
/// UTF-8 at and around the boundaries of blocks and chunks, and no line end
/// at the end, keeps every puzzle's index and every error's line and column,
/// whatever `--jobs`.
#[test]
fn line_files_keep_indices_and_locations_across_blocks() {
    let dir = scratch();
    let path = dir.path().join("mixed.txt");
    let name = path_str(&path);
    let bad_at = [15, 16, 17, 63, 64, 65, 1023, 1024, 1025, 2047, 2999];
    let mut input = b"puzzle,solution\r\n".to_vec();
    let (mut out, mut errors) = (String::new(), Vec::new());
    let (mut index, mut line) = (0, 1);
    for i in 0..3000 {
        line += 1;
        if i % 97 == 5 {
            input.extend_from_slice(b"# a comment\r\n");
            continue;
        }
        if i % 101 == 7 {
            input.extend_from_slice(b"   \r\n");
            continue;
        }
        index += 1;
        if bad_at.contains(&i) {
            input.extend_from_slice(format!("53..x{}\r\n", &LC37[5..]).as_bytes());
            out.push_str(&format!("{name}:{index}:error\n"));
            errors.push(format!(
                "sudokit: {name}:{line}:5: expected a digit 0-9 or '.', found 'x'"
            ));
        } else if i == 500 {
            input.extend_from_slice(b"\xff\r\n");
            out.push_str(&format!("{name}:{index}:error\n"));
            errors.push(format!(
                "sudokit: {name}:{line}:1: expected UTF-8 text, found the byte 0xff"
            ));
        } else {
            let rest = if i % 3 == 0 { ",rated 4.5" } else { "" };
            let end = if i == 2999 { "" } else { "\r\n" };
            input.extend_from_slice(format!("{LC37}{rest}{end}").as_bytes());
            out.push_str(&format!("{name}:{index}:{LC37_SOLVED}\n"));
        }
    }
    // A blank line, then a last puzzle without a line end.
    input.extend_from_slice(format!("\n{LC37}").as_bytes());
    index += 1;
    out.push_str(&format!("{name}:{index}:{LC37_SOLVED}\n"));
    fs::write(&path, input).expect("written");
    let solved = index - bad_at.len() - 1;
    for args in [
        &["-j", "1"][..],
        &["-j", "2"],
        &["-j", "3", "--format", "line"],
        &["--line-buffered"],
    ] {
        let mut all = vec!["batch"];
        all.extend_from_slice(args);
        all.push(name);
        let output = check(&all, "", &out, 2);
        let err = stderr(&output);
        for error in &errors {
            assert!(err.contains(error), "{args:?}: {error} in\n{err}");
        }
        let summary = format!(
            "sudokit: 1 file, {solved} puzzles: {solved} solved, 0 unsolvable, 0 invalid, {} errors;",
            errors.len()
        );
        assert!(err.contains(&summary), "{args:?}: {summary} in\n{err}");
    }
}

/// The cut-off for files that are not puzzle text holds in line files too:
/// a puzzle after 7 unreadable lines is read, after 8 it is not.
#[test]
fn a_line_file_is_not_puzzle_text_after_eight_unreadable_lines_exactly() {
    let dir = scratch();
    let bad = "1234567890123\n";
    let late = dir.path().join("late.txt");
    fs::write(&late, format!("{}{LC37}\n", bad.repeat(7))).expect("written");
    let never = dir.path().join("never.txt");
    fs::write(&never, format!("{}{LC37}\n", bad.repeat(8))).expect("written");
    let (late, never) = (path_str(&late), path_str(&never));
    let mut expected: String = (1..=7).map(|i| format!("{late}:{i}:error\n")).collect();
    expected.push_str(&format!("{late}:8:{LC37_SOLVED}\n"));
    expected.push_str(&format!(
        "{never}:error: not puzzle text (no puzzle in its first 8 entries; \
         the first: 1:14: expected 81 cells, found 13 cells)\n"
    ));
    for jobs in ["1", "2"] {
        let output = check(&["batch", "-j", jobs, late, never], "", &expected, 2);
        let err = stderr(&output);
        assert!(err.contains(&format!("sudokit: {late}:7:14: expected 81 cells")));
        assert!(err.contains("2 files, 1 puzzle: 1 solved, 0 unsolvable, 0 invalid, 8 errors"));
    }
}

/// A file whose first line is too long to hold is still reported at its
/// place, and the rest of the file is read; so is one further down.
#[test]
fn over_long_lines_are_errors_in_line_files() {
    let dir = scratch();
    let path = dir.path().join("long.txt");
    let long = "1".repeat((16 << 20) + 1);
    fs::write(&path, format!("{LC37}\n{long}\n{LC37}\n{long}")).expect("written");
    let name = path_str(&path);
    let output = check(
        &["batch", name],
        "",
        &format!(
            "{name}:1:{LC37_SOLVED}\n{name}:2:error\n{name}:3:{LC37_SOLVED}\n{name}:4:error\n"
        ),
        2,
    );
    let err = stderr(&output);
    assert!(
        err.contains(&format!(
            "sudokit: {name}:4:1: line is longer than the limit of 16 MiB"
        )),
        "{err}"
    );
}

/// A `batch --out` run stopped half-way: `a.txt` is written and in place,
/// `b.txt` (named: a directory gives only regular files) is a FIFO that has sent one puzzle and stays open, so the run
/// waits with b's output in its temporary file.
#[cfg(unix)]
struct Stalled {
    dir: tempfile::TempDir,
    child: std::process::Child,
    /// Dropping it closes the FIFO's writing end.
    close: std::sync::mpsc::Sender<()>,
}

#[cfg(unix)]
impl Stalled {
    /// Starts the run, through `sh` with `before` run first (it may change
    /// how signals are handled; `exec` keeps that). `None` where `mkfifo` is
    /// missing.
    fn start(before: &str) -> Option<Stalled> {
        let dir = scratch();
        let input = dir.path().join("in");
        fs::create_dir(&input).expect("directory");
        fs::write(input.join("a.txt"), format!("{LC37}\n")).expect("written");
        let fifo = input.join("b.txt");
        if !Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .is_ok_and(|s| s.success())
        {
            eprintln!("skipped: mkfifo is not available");
            return None;
        }
        let child = Command::new("sh")
            .arg("-c")
            .arg(format!("{before}\nexec \"$0\" \"$@\""))
            .arg(env!("CARGO_BIN_EXE_sudokit"))
            .args([
                "batch",
                "--line-buffered",
                "--out",
                "out",
                "in/a.txt",
                "in/b.txt",
            ])
            .current_dir(dir.path())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("sudokit starts");
        // Opening a FIFO waits for its reader: on a thread of its own, which
        // stays blocked (and ends with the test process) if sudokit never
        // opens it.
        let (close, closed) = std::sync::mpsc::channel::<()>();
        std::thread::spawn(move || {
            let mut fifo = fs::OpenOptions::new()
                .write(true)
                .open(fifo)
                .expect("FIFO opens");
            std::io::Write::write_all(&mut fifo, format!("{LC37}\n").as_bytes()).expect("written");
            let _ = closed.recv();
        });
        let stalled = Stalled { dir, child, close };
        let out = stalled.dir.path().join("out");
        let waiting = || {
            let names = fs::read_dir(&out).into_iter().flatten().flatten();
            let names: Vec<String> = names
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect();
            names.contains(&"a.txt".to_owned()) && names.iter().any(|n| n.starts_with(".b.txt."))
        };
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while !waiting() {
            assert!(
                std::time::Instant::now() < deadline,
                "the run never wrote b's temporary file"
            );
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        Some(stalled)
    }

    fn signal(&self, name: &str) {
        let pid = self.child.id().to_string();
        let sent = Command::new("kill")
            .args([&format!("-{name}"), &pid])
            .status();
        assert!(sent.is_ok_and(|s| s.success()), "kill -{name} {pid}");
    }

    /// Waits for the run to end, at most 20 seconds, and checks that it was
    /// ended by signal `number` and left only `a.txt`, whole.
    fn ended_by(mut self, number: i32) {
        use std::os::unix::process::ExitStatusExt;
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("waiting") {
                break status;
            }
            assert!(std::time::Instant::now() < deadline, "the run did not end");
            std::thread::sleep(std::time::Duration::from_millis(10));
        };
        assert_eq!(status.signal(), Some(number), "{status:?}");
        let files = tree(&self.dir.path().join("out"));
        assert_eq!(files.keys().collect::<Vec<_>>(), ["a.txt"], "{files:?}");
        assert_eq!(files["a.txt"], format!("{LC37_SOLVED}\n"));
        drop(self.close);
    }
}

#[cfg(unix)]
#[test]
fn an_interrupted_out_run_removes_its_temporary_file_and_ends_by_the_signal() {
    for (signal, number) in [("TERM", 15), ("INT", 2), ("HUP", 1)] {
        // `trap - SIG` gives the signal its default action, whatever the test
        // process was started with (a background job ignores SIGINT).
        let Some(run) = Stalled::start(&format!("trap - {signal}")) else {
            return;
        };
        run.signal(signal);
        run.ended_by(number);
    }
}

#[cfg(unix)]
#[test]
fn a_signal_ignored_at_start_stays_ignored() {
    // As under `nohup` (SIGHUP) or as a shell script's background job (SIGINT).
    let Some(mut run) = Stalled::start("trap '' INT HUP") else {
        return;
    };
    run.signal("INT");
    run.signal("HUP");
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(
        run.child.try_wait().expect("waiting").is_none(),
        "a run ignoring SIGINT and SIGHUP ended"
    );
    run.signal("TERM");
    run.ended_by(15);
}

/// Standard output failing (a full disk, not a closed pipe) is an error
/// that names it, and the summary of what was done still ends the run.
#[test]
fn a_full_standard_output_is_named_and_summed_up() {
    for json in [false, true] {
        let args: &[&str] = if json {
            &["batch", "--json", "formats/line.txt"]
        } else {
            &["batch", "formats/line.txt"]
        };
        let Some(output) = super::to_full_device(args) else {
            return;
        };
        assert_eq!(output.status.code(), Some(2));
        let err = stderr(&output);
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 2, "{err}");
        assert!(
            lines[0].starts_with("sudokit: standard output: No space left on device"),
            "{err}"
        );
        assert!(lines[1].starts_with("sudokit: 1 file, "), "{err}");
    }
}

/// `--to` that cannot change anything is a usage error (exit 2): without
/// `--out` (the results have one shape), and with `--json` (the files hold
/// JSON records, not boards). `validate --quiet` likewise refuses the
/// options that shape what it would print.
#[test]
fn options_that_do_nothing_are_usage_errors() {
    let dir = scratch();
    let out = dir.path().join("o");
    let cases: [(&[&str], &str); 4] = [
        (&["batch", "--to", "line", "formats/boj.txt"], "--out <DIR>"),
        (
            &[
                "batch",
                "--json",
                "--to",
                "line",
                "--out",
                path_str(&out),
                "formats/boj.txt",
            ],
            "cannot be used with",
        ),
        (
            &["validate", "-q", "--json", "formats/boj.txt"],
            "cannot be used with",
        ),
        (
            &["validate", "-q", "-H", "formats/boj.txt"],
            "cannot be used with",
        ),
    ];
    for (args, said) in cases {
        let output = sudokit(args, "");
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(
            stderr(&output).contains(said),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(!out.exists(), "nothing is written");
    }
    let output = sudokit(
        &[
            "batch",
            "--to",
            "line",
            "--out",
            path_str(&out),
            "formats/boj.txt",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(out.join("boj.txt").exists());
}
