//! Documentation that runs: every example command in README.md,
//! CONTRIBUTING.md, the pages of `docs/` and the `Examples:` of every
//! `--help` is executed and must end with the exit status it documents, so
//! none can drift from the tool.
//!
//! Which lines are examples:
//! - Markdown pages: lines inside ```sh fences in which `sudokit` stands where a
//!   command starts: first on the line (a `$ ` prompt before it is dropped),
//!   or after `|`, `||`, `&&`, `;`, `(` or `$(`. `cargo run -- solve …` and
//!   `parallel … sudokit solve` are not examples by this rule.
//! - `--help`: the indented lines of the `Examples:` paragraph.
//!
//! A trailing comment (` # …`, outside quotes) may carry markers:
//! - `exit N`: the documented exit status is N (default 0); for a pipeline,
//!   as in sh, it is the status of the last command;
//! - `no-test`: the example is not run (it needs the network, a program
//!   such as GNU parallel, or input that is not in the repository); such a
//!   line is listed in the test's notes when it mentions `sudokit` anywhere.
//!
//! Each example runs with `sh -c` in a fresh scratch directory that holds a
//! copy of the repository's `fixtures/` and `completions/`, so paths read as
//! from the repository root while examples that write (`--out solved`,
//! `> ~/...`) cannot touch the checkout or the real home: `HOME` is a scratch
//! directory too, and the directory a `> ~/...` redirection names is created
//! first, as a user following the install steps would have it. The binary
//! under test comes first on `PATH`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One documented command line.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Example {
    /// Where it is documented, e.g. `README.md:120`.
    origin: String,
    /// The command line, prompt and comment removed.
    command: String,
    /// The documented exit status; `None` when marked `no-test`.
    exit: Option<i32>,
}

/// Splits a shell line into its command and its trailing comment: the first
/// `#` outside quotes that begins a word.
fn split_comment(line: &str) -> (&str, &str) {
    let mut quote = None;
    let mut previous = ' ';
    for (at, c) in line.char_indices() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '#') if previous.is_whitespace() => {
                return (line[..at].trim_end(), line[at + 1..].trim());
            }
            _ => {}
        }
        previous = c;
    }
    (line.trim_end(), "")
}

/// Whether `sudokit` stands where a command starts in `command`.
fn runs_sudokit(command: &str) -> bool {
    if command.starts_with("sudokit ") || command == "sudokit" {
        return true;
    }
    ["|", "&&", ";", "(", "$("].iter().any(|separator| {
        command
            .split(separator)
            .skip(1)
            .any(|rest| rest.trim_start().starts_with("sudokit ") || rest.trim() == "sudokit")
    })
}

/// The example on one documentation line, if it is one.
fn parse_example(origin: String, line: &str) -> Option<Example> {
    let line = line.trim();
    let line = line.strip_prefix("$ ").unwrap_or(line);
    let (command, comment) = split_comment(line);
    let words: Vec<&str> = comment
        .split(|c: char| c.is_whitespace() || c == ':' || c == ',' || c == ';')
        .collect();
    // A `no-test` line that only hands sudokit to another program (GNU
    // parallel) is still listed, so the test's notes show what it left out.
    let listed =
        runs_sudokit(command) || (words.contains(&"no-test") && command.contains("sudokit "));
    if command.is_empty() || !listed {
        return None;
    }
    let exit = if words.contains(&"no-test") {
        None
    } else {
        let code = words.windows(2).find(|pair| pair[0] == "exit").map(|pair| {
            pair[1]
                .parse()
                .unwrap_or_else(|_| panic!("{origin}: `exit` needs a number: {comment}"))
        });
        Some(code.unwrap_or(0))
    };
    Some(Example {
        origin,
        command: command.to_owned(),
        exit,
    })
}

/// The examples of a Markdown text: lines in ```sh fences.
fn markdown_examples(name: &str, text: &str) -> Vec<Example> {
    let mut in_sh = false;
    let mut examples = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if let Some(fence) = trimmed.strip_prefix("```") {
            in_sh = !in_sh && matches!(fence.trim(), "sh" | "shell" | "bash" | "console");
            continue;
        }
        if in_sh {
            examples.extend(parse_example(format!("{name}:{}", number + 1), line));
        }
    }
    examples
}

/// The examples of one `--help` text: the indented lines after `Examples:`.
fn help_examples(name: &str, help: &str) -> Vec<Example> {
    help.split("Examples:\n")
        .nth(1)
        .unwrap_or_default()
        .lines()
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| parse_example(name.to_owned(), line))
        .collect()
}

fn repo_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("creating a scratch directory");
    for entry in std::fs::read_dir(from).expect("reading a directory to copy") {
        let entry = entry.expect("directory entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("file type").is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copying a file");
        }
    }
}

/// What became of one example.
enum Outcome {
    Passed,
    Failed(String),
}

/// What an example's scratch directory holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scratch {
    /// A copy of the repository's `fixtures/` and `completions/`: the pages
    /// are read in a checkout.
    Repository,
    /// Nothing: `--help` is read wherever sudokit is installed.
    Empty,
}

fn run_example(example: &Example, expected: i32, scratch_holds: Scratch) -> Outcome {
    let scratch = tempfile::tempdir().expect("scratch directory");
    if scratch_holds == Scratch::Repository {
        for tree in ["fixtures", "completions"] {
            copy_tree(&repo_root().join(tree), &scratch.path().join(tree));
        }
    }
    let home = scratch.path().join("home");
    std::fs::create_dir(&home).expect("scratch home");
    for target in example.command.split('>').skip(1) {
        let target = target.split_whitespace().next().unwrap_or_default();
        if let Some(under_home) = target.strip_prefix("~/")
            && let Some(parent) = home.join(under_home).parent()
        {
            std::fs::create_dir_all(parent).expect("directory for a redirection");
        }
    }
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_sudokit"));
    let mut path = vec![binary.parent().expect("the binary's directory").to_owned()];
    path.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    let output = Command::new("sh")
        .args(["-c", &example.command])
        .current_dir(scratch.path())
        .env("PATH", std::env::join_paths(path).expect("PATH"))
        .env("HOME", &home)
        .stdin(Stdio::null())
        .output()
        .expect("sh runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let code = output.status.code();
    if code != Some(expected) || stderr.contains("panicked") {
        return Outcome::Failed(format!(
            "{}: `{}` exited with {code:?}, documented {expected}\nstderr: {stderr}",
            example.origin, example.command
        ));
    }
    Outcome::Passed
}

/// Runs `examples` and fails listing every one that did not end as
/// documented. Returns how many ran.
fn check_examples(examples: &[Example], scratch_holds: Scratch) -> usize {
    let mut failures = Vec::new();
    let mut ran = 0;
    for example in examples {
        let Some(expected) = example.exit else {
            eprintln!(
                "note: {}: not run (no-test): {}",
                example.origin, example.command
            );
            continue;
        };
        match run_example(example, expected, scratch_holds) {
            Outcome::Passed => ran += 1,
            Outcome::Failed(message) => failures.push(message),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    ran
}

#[test]
fn readme_examples_run_as_documented() {
    let readme = std::fs::read_to_string(repo_root().join("README.md")).expect("README.md");
    let examples = markdown_examples("README.md", &readme);
    // A guard against an extraction that silently finds nothing: the README
    // documents every command, and every example not marked no-test runs.
    let runnable = examples.iter().filter(|e| e.exit.is_some()).count();
    assert!(
        runnable >= 30,
        "only {runnable} runnable examples found in README.md"
    );
    for command in ["solve", "validate", "batch", "completions"] {
        assert!(
            examples
                .iter()
                .any(|e| e.command.contains(&format!("sudokit {command}"))),
            "README.md has no example of `sudokit {command}`"
        );
    }
    let ran = check_examples(&examples, Scratch::Repository);
    assert_eq!(ran, runnable, "every runnable README example runs");
}

/// CONTRIBUTING.md and every `docs/*.md` page, by path from the repository
/// root, in sorted order.
fn other_pages() -> Vec<(String, String)> {
    let mut names = vec!["CONTRIBUTING.md".to_owned()];
    let docs = repo_root().join("docs");
    if let Ok(entries) = std::fs::read_dir(&docs) {
        let mut pages: Vec<String> = entries
            .map(|entry| entry.expect("directory entry").file_name())
            .map(|name| name.to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".md"))
            .map(|name| format!("docs/{name}"))
            .collect();
        pages.sort();
        names.extend(pages);
    }
    names
        .into_iter()
        .filter_map(|name| {
            let text = std::fs::read_to_string(repo_root().join(&name)).ok()?;
            Some((name, text))
        })
        .collect()
}

#[test]
fn docs_examples_run_as_documented() {
    let pages = other_pages();
    // A guard against a lookup that silently finds nothing: these pages
    // exist and hold examples.
    for page in ["CONTRIBUTING.md", "docs/batch.md", "docs/formats.md"] {
        assert!(
            pages.iter().any(|(name, _)| name == page),
            "{page} not found"
        );
    }
    let examples: Vec<Example> = pages
        .iter()
        .flat_map(|(name, text)| markdown_examples(name, text))
        .collect();
    let runnable = examples.iter().filter(|e| e.exit.is_some()).count();
    assert!(
        runnable >= 15,
        "only {runnable} runnable examples found in CONTRIBUTING.md and docs/"
    );
    let ran = check_examples(&examples, Scratch::Repository);
    assert_eq!(ran, runnable, "every runnable example of docs/ runs");
}

#[test]
fn help_examples_run_as_documented() {
    let mut all = Vec::new();
    for command in super::COMMANDS {
        let mut args = vec![command, "--help"];
        args.retain(|a| !a.is_empty());
        let output = super::sudokit(&args, "");
        let help = String::from_utf8_lossy(&output.stdout);
        let name = format!("sudokit {command} --help").replace("  ", " ");
        let examples = help_examples(&name, &help);
        assert!(
            examples.len() >= 2,
            "{name}: {} examples found",
            examples.len()
        );
        all.extend(examples);
    }
    // Help is read after `cargo install`, far from this repository: its
    // examples must run in an empty directory.
    check_examples(&all, Scratch::Empty);
}

#[test]
fn example_lines_and_markers_are_read_as_documented() {
    let example = |line: &str| parse_example("t".to_owned(), line);
    let expect = |command: &str, exit: Option<i32>| {
        Some(Example {
            origin: "t".to_owned(),
            command: command.to_owned(),
            exit,
        })
    };
    assert_eq!(
        example("sudokit solve a.txt"),
        expect("sudokit solve a.txt", Some(0))
    );
    assert_eq!(
        example("$ sudokit solve a.txt"),
        expect("sudokit solve a.txt", Some(0))
    );
    assert_eq!(
        example("sudokit solve a.txt   # no solution: exit 1"),
        expect("sudokit solve a.txt", Some(1))
    );
    assert_eq!(
        example("cat a | sudokit solve  # no-test"),
        expect("cat a | sudokit solve", None)
    );
    assert_eq!(
        example("sudokit batch --glob '*.txt' d | grep -c '\"status\" # x'"),
        expect(
            "sudokit batch --glob '*.txt' d | grep -c '\"status\" # x'",
            Some(0)
        )
    );
    assert_eq!(example("cargo run -- solve a.txt"), None);
    assert_eq!(example("parallel --pipe sudokit solve"), None);
    assert_eq!(
        example("parallel --pipe sudokit solve  # no-test: needs parallel"),
        expect("parallel --pipe sudokit solve", None)
    );
    assert_eq!(example("# sudokit solve a.txt"), None);
    assert_eq!(
        example("x=$(sudokit solve a)"),
        expect("x=$(sudokit solve a)", Some(0))
    );

    let markdown = "```sh\nsudokit solve a\n```\n\nsudokit solve b\n```json\nsudokit c\n```\n";
    let found = markdown_examples("m", markdown);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].origin, "m:2");
    let help =
        "Solve\n\nExamples:\n  sudokit solve a\n  sudokit solve b  # exit 1\n\nExit status: 0\n";
    let found = help_examples("h", help);
    assert_eq!(found.len(), 2);
    assert_eq!(found[1].exit, Some(1));
}
