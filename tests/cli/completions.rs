//! The command line as a shell user meets it: the generated completion
//! scripts and man page kept in `completions/`, `--help`, `--version`, and
//! what a mistyped command line gets back.

use std::path::{Path, PathBuf};
use std::process::Command;

use clap::CommandFactory;

use super::{stderr, sudokit};

// The binary's clap definition, compiled in here too, so that these tests
// walk every subcommand and flag it declares.
#[allow(dead_code)]
#[path = "../../src/cli/args.rs"]
mod args;
use args::Cli;

/// Every generated file: the `sudokit completions` argument that prints it,
/// and where it is kept.
const GENERATED: [(&str, &str); 6] = [
    ("bash", "sudokit.bash"),
    ("zsh", "_sudokit"),
    ("fish", "sudokit.fish"),
    ("powershell", "_sudokit.ps1"),
    ("elvish", "sudokit.elv"),
    ("man", "sudokit.1"),
];

fn repo_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn completions_dir() -> PathBuf {
    repo_root().join("completions")
}

#[test]
fn kept_completion_scripts_and_man_page_are_up_to_date() {
    let mut stale = Vec::new();
    for (arg, file) in GENERATED {
        let output = sudokit(&["completions", arg], "");
        assert_eq!(
            output.status.code(),
            Some(0),
            "sudokit completions {arg}: {}",
            stderr(&output)
        );
        assert!(
            !output.stdout.is_empty(),
            "sudokit completions {arg} prints nothing"
        );
        let kept = std::fs::read(completions_dir().join(file)).unwrap_or_default();
        if kept != output.stdout {
            stale.push(format!(
                "completions/{file} is stale, regenerate with \
                 `cargo run -q -- completions {arg} > completions/{file}`"
            ));
        }
    }
    assert!(stale.is_empty(), "{}", stale.join("\n"));
}

#[test]
fn nothing_else_is_kept_in_completions() {
    let mut names: Vec<String> = std::fs::read_dir(completions_dir())
        .expect("completions/ exists")
        .map(|entry| {
            entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    let mut expected: Vec<String> = GENERATED.iter().map(|g| g.1.to_owned()).collect();
    expected.sort();
    assert_eq!(names, expected, "completions/ holds only generated files");
}

#[test]
fn man_page_documents_every_command_and_option() {
    let output = sudokit(&["completions", "man"], "");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let page = String::from_utf8(output.stdout).expect("the man page is UTF-8");
    assert!(
        page.is_ascii(),
        "troff reads Latin-1: other characters are escaped"
    );
    assert!(
        page.contains("9\\[u00D7]9"),
        "× is written as a roff escape"
    );
    assert!(page.starts_with(".ie"), "one roff preamble at the top");
    assert_eq!(
        page.matches(".ie \\n(.g").count(),
        1,
        "the preamble appears once"
    );
    for heading in [
        ".TH sudokit 1",
        ".SH NAME",
        ".SH SYNOPSIS",
        ".SH COMMANDS",
        ".SH FORMATS",
        ".SH OUTPUT",
        ".SH EXAMPLES",
        ".SH \"EXIT STATUS\"",
    ] {
        assert!(page.contains(heading), "man page lacks {heading:?}");
    }
    for sub in Cli::command().get_subcommands() {
        let name = sub.get_name();
        if name == "help" {
            continue;
        }
        assert!(
            page.contains(&format!(".SS \"sudokit {name}")),
            "man page lacks a subsection for {name}"
        );
        for arg in sub.get_arguments() {
            if let Some(long) = arg.get_long() {
                // roff writes a hyphen as `\-`.
                let roff_long = format!("\\fB\\-\\-{}\\fR", long.replace('-', "\\-"));
                assert!(
                    page.contains(&roff_long),
                    "man page lacks --{long} of {name}"
                );
            }
        }
    }
}

/// Runs the kept bash script's completion function as bash would on <Tab>
/// with the command line `words`, the last of them being completed, and
/// returns the candidates. `None` when bash is not installed.
fn bash_complete(words: &[&str]) -> Option<Vec<String>> {
    let script = completions_dir().join("sudokit.bash");
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    // bash calls a completion function with the command name, the word being
    // completed and the word before it; the generated function reads all three.
    let program = format!(
        "source '{}' || exit 3
COMP_WORDS=({})
COMP_CWORD={}
_sudokit sudokit \"${{COMP_WORDS[COMP_CWORD]}}\" \"${{COMP_WORDS[COMP_CWORD-1]}}\"
printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        script.display(),
        quoted.join(" "),
        words.len() - 1,
    );
    let output = match Command::new("bash")
        .args(["--norc", "--noprofile", "-c", &program])
        .current_dir(repo_root())
        .output()
    {
        Ok(output) => output,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
        Err(e) => panic!("running bash: {e}"),
    };
    assert!(
        output.status.success(),
        "bash completion of {words:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    Some(
        String::from_utf8_lossy(&output.stdout)
            .lines()
            .filter(|line| !line.is_empty())
            .map(str::to_owned)
            .collect(),
    )
}

#[test]
fn bash_script_completes_subcommands_flags_and_values() {
    let cases: [(&[&str], &[&str], &[&str]); 6] = [
        // (command line, offered, not offered)
        (&["sudokit", "so"], &["solve"], &["validate"]),
        (
            &["sudokit", ""],
            &["solve", "validate", "batch", "completions"],
            &[],
        ),
        (&["sudokit", "solve", "--un"], &["--unique"], &["--count"]),
        (&["sudokit", "batch", "--pro"], &["--progress"], &[]),
        (
            &["sudokit", "solve", "--format", ""],
            &["auto", "boj", "leetcode", "line", "json", "grid"],
            &[],
        ),
        // (clap_complete's bash script also offers the hidden `man`, which
        // is harmless: the binary accepts it.)
        (
            &["sudokit", "completions", ""],
            &["bash", "zsh", "fish", "powershell", "elvish"],
            &["--format"],
        ),
    ];
    for (words, offered, absent) in cases {
        let Some(candidates) = bash_complete(words) else {
            eprintln!("note: bash is not installed; skipping the bash completion test");
            return;
        };
        for want in offered {
            assert!(
                candidates.iter().any(|c| c == want),
                "completing {words:?} does not offer {want:?}: {candidates:?}"
            );
        }
        for unwanted in absent {
            assert!(
                !candidates.iter().any(|c| c == unwanted),
                "completing {words:?} offers {unwanted:?}: {candidates:?}"
            );
        }
    }
}

#[test]
fn version_is_the_package_version_everywhere() {
    let expected = format!("sudokit {}\n", env!("CARGO_PKG_VERSION"));
    for args in [
        &["--version"][..],
        &["-V"],
        &["solve", "--version"],
        &["batch", "-V"],
    ] {
        let output = sudokit(args, "");
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            expected,
            "{args:?}"
        );
        assert_eq!(output.status.code(), Some(0), "{args:?}");
    }
}

#[test]
fn every_help_has_a_summary_documented_flags_examples_and_exit_codes() {
    let cli = Cli::command();
    let mut commands: Vec<(String, &clap::Command)> = vec![(String::new(), &cli)];
    for sub in cli.get_subcommands().filter(|sub| sub.get_name() != "help") {
        commands.push((sub.get_name().to_owned(), sub));
    }
    for (name, command) in commands {
        for arg in command.get_arguments() {
            assert!(
                arg.get_help().is_some(),
                "`sudokit {name}`: argument {} has no help text",
                arg.get_id()
            );
        }
        let mut args: Vec<&str> = Vec::new();
        if !name.is_empty() {
            args.push(&name);
        }
        args.push("--help");
        let output = sudokit(&args, "");
        assert_eq!(output.status.code(), Some(0), "sudokit {name} --help");
        let help = String::from_utf8_lossy(&output.stdout);
        let summary = help.lines().next().unwrap_or_default();
        assert!(
            !summary.is_empty() && summary.len() <= 80,
            "`sudokit {name} --help` starts with a one-line summary, not {summary:?}"
        );
        let examples: Vec<&str> = help
            .split("Examples:\n")
            .nth(1)
            .unwrap_or_default()
            .lines()
            .take_while(|line| !line.is_empty())
            .collect();
        for example in &examples {
            assert!(
                example.chars().count() <= 80,
                "`sudokit {name} --help`: example wider than 80 columns: {example}"
            );
        }
        assert!(
            (2..=3).contains(&examples.len()),
            "`sudokit {name} --help` shows 2-3 examples: {examples:?}"
        );
        assert!(
            examples.iter().any(|e| e.contains(" | ")),
            "`sudokit {name} --help` shows a pipeline: {examples:?}"
        );
        let exit = help.split("Exit status:").nth(1).unwrap_or_default();
        for code in ["0 ", "2 "] {
            assert!(
                exit.contains(code),
                "`sudokit {name} --help` explains exit status {code}"
            );
        }
    }
}

#[test]
fn help_text_is_plain_text_and_lists_the_man_page() {
    for command in super::COMMANDS {
        let mut args = vec![command, "--help"];
        args.retain(|a| !a.is_empty());
        let help = String::from_utf8(sudokit(&args, "").stdout).expect("UTF-8 help");
        assert!(
            !help.contains('`'),
            "`sudokit {command} --help` has Markdown backticks:\n{help}"
        );
    }
    let help = String::from_utf8(sudokit(&["completions", "--help"], "").stdout).expect("UTF-8");
    assert!(
        help.contains("- man:"),
        "`completions man` is among the possible values:\n{help}"
    );
}

#[test]
fn mistyped_subcommand_gets_a_suggestion_and_exit_2() {
    let output = sudokit(&["slove", "formats/boj.txt"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let err = stderr(&output);
    assert!(err.contains("unrecognized subcommand 'slove'"), "{err}");
    assert!(err.contains("similar subcommand exists: 'solve'"), "{err}");
}

#[test]
fn mistyped_flag_gets_a_suggestion_and_exit_2() {
    let output = sudokit(&["solve", "--uniqe", "formats/boj.txt"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let err = stderr(&output);
    assert!(err.contains("unexpected argument '--uniqe'"), "{err}");
    assert!(err.contains("similar argument exists: '--unique'"), "{err}");
}

#[test]
fn unknown_choices_list_the_possible_values_and_exit_2() {
    let output = sudokit(&["completions", "tcsh"], "");
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert!(
        err.contains("[possible values: bash, zsh, fish, powershell, elvish, man]"),
        "{err}"
    );
    let output = sudokit(&["solve", "--to", "xml"], "");
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert!(
        err.contains("invalid value 'xml' for '--to <LAYOUT>'"),
        "{err}"
    );
    assert!(err.contains("boj, leetcode, line, json, grid"), "{err}");
}

#[test]
fn no_arguments_shows_help_on_stderr_and_exits_2() {
    let output = sudokit(&[], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert!(stderr(&output).contains("Usage: sudokit <COMMAND>"));
}

/// A message about one input is one line, `sudokit: ` first, saying where
/// (source, line, column), what was expected and what was found.
#[test]
fn input_errors_are_one_line_with_place_expected_and_found() {
    let cases: [(&[&str], &str, &str); 6] = [
        (
            &["solve", "-f", "line"],
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x\n",
            "sudokit: <stdin>:1:81: expected a digit 0-9 or '.', found 'x'",
        ),
        (
            &["solve"],
            "1 2 3 4\n",
            "sudokit: <stdin>:1:8: expected 9 numbers in a row (or 1, 3, 27 or 81 to a line), found 4",
        ),
        (
            &["solve"],
            "",
            "sudokit: <stdin>:1:1: expected a puzzle, found none",
        ),
        (
            &["solve"],
            "[[1,2]]",
            "sudokit: <stdin>:1:1: expected 9 rows (or 81 cells), found an array of 1",
        ),
        (
            &["solve", "-f", "json"],
            "{\"a\":",
            // Just past the last character: the input has no line end.
            "sudokit: <stdin>:1:6: expected a JSON value, found the end of the input",
        ),
        (
            &["solve", "no-such-file.txt"],
            "",
            // Like ripgrep: the path, then the system's words for the failure.
            "sudokit: no-such-file.txt: ",
        ),
    ];
    for (args, stdin, start) in cases {
        let output = sudokit(args, stdin);
        assert_eq!(output.status.code(), Some(2), "{args:?} {stdin:?}");
        assert!(output.stdout.is_empty(), "{args:?} {stdin:?}");
        let err = stderr(&output);
        assert_eq!(
            err.lines().count(),
            1,
            "one line for {args:?} {stdin:?}: {err}"
        );
        assert!(err.starts_with(start), "{args:?} {stdin:?}: {err}");
    }
}

/// `sudokit completions bash | head -1` ends quietly: clap_complete would
/// panic on a failed write, so the text must reach standard output through
/// a write whose error is handled.
#[test]
fn closed_pipe_ends_quietly() {
    for (arg, _) in GENERATED {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudokit"))
            .args(["completions", arg])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("sudokit starts");
        // Close the reading end at once, like `head` that has seen enough.
        drop(child.stdout.take());
        let output = child.wait_with_output().expect("sudokit runs");
        assert_eq!(output.status.code(), Some(0), "completions {arg}");
        assert_eq!(stderr(&output), "", "completions {arg}");
    }
}
