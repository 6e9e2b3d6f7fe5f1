//! `sudokit completions`: shell completion scripts and the man page, all
//! generated from the clap definition in `cli.rs`, so they cannot disagree
//! with the flags the binary accepts.

use std::io;

use clap::CommandFactory;
use clap_complete::Shell as Generator;
use clap_mangen::Man;
use clap_mangen::roff::{Roff, bold, italic, roman};

use super::ExitStatus;
use clap::ValueEnum;

use crate::cli::args::{Cli, CompletionsArgs, FormatArg, Shell};
use crate::cli::output::{Flush, Out};

pub fn run(args: &CompletionsArgs) -> anyhow::Result<ExitStatus> {
    let text = render(Cli::command(), args.shell)?;
    let mut out = Out::stdout(Flush::Buffered);
    out.bytes(&text)?;
    out.flush()?;
    Ok(ExitStatus::Success)
}

/// What `sudokit completions SHELL` prints for the command line `cmd`.
///
/// The text is built in memory first: clap_complete panics when its writer
/// fails, and a reader that goes away (`| head -1`) must end the run quietly,
/// which only an error returned from the write to standard output can do.
pub fn render(mut cmd: clap::Command, shell: Shell) -> io::Result<Vec<u8>> {
    let generator = match shell {
        Shell::Bash => Generator::Bash,
        Shell::Zsh => Generator::Zsh,
        Shell::Fish => Generator::Fish,
        Shell::Powershell => Generator::PowerShell,
        Shell::Elvish => Generator::Elvish,
        Shell::Man => return man_page(cmd),
    };
    let mut text = Vec::new();
    let name = cmd.get_name().to_owned();
    clap_complete::generate(generator, &mut cmd, name, &mut text);
    Ok(text)
}

/// The man page, sudokit(1), in roff.
///
/// clap_mangen writes the head of the page (name, synopsis, description,
/// global options). Its own page for a command with subcommands only lists
/// them and points to one page per subcommand; sudokit ships a single page,
/// so each subcommand gets a subsection here with its usage, every option and
/// its examples and exit status, taken from the same definition as `--help`.
pub fn man_page(mut cmd: clap::Command) -> io::Result<Vec<u8>> {
    // Building fills in the derived parts (bin names such as `sudokit solve`,
    // the help and version flags) that the rendering below reads.
    cmd.build();
    let man = Man::new(cmd.clone());
    let mut page = Vec::new();
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    man.render_synopsis_section(&mut page)?;
    man.render_description_section(&mut page)?;
    man.render_options_section(&mut page)?;

    let mut roff = Roff::new();
    roff.control("SH", ["COMMANDS"]);
    // clap's own `help` subcommand only repeats what this page says.
    let subcommands = cmd
        .get_subcommands()
        .filter(|sub| !sub.is_hide_set() && sub.get_name() != "help");
    for sub in subcommands {
        let usage = sub.clone().render_usage().to_string();
        let usage = usage.strip_prefix("Usage: ").unwrap_or(&usage).to_owned();
        roff.control("SS", [usage.as_str()]);
        if let Some(about) = sub.get_long_about().or_else(|| sub.get_about()) {
            roff.text([roman(about.to_string())]);
        }
        // Help and version are the same everywhere and described once above.
        let args = sub
            .get_arguments()
            .filter(|arg| !arg.is_hide_set())
            .filter(|arg| !matches!(arg.get_id().as_str(), "help" | "version"));
        // Positional arguments first, as the usage line reads.
        let (positional, options): (Vec<_>, Vec<_>) = args.partition(|arg| arg.is_positional());
        for arg in positional.into_iter().chain(options) {
            argument(&mut roff, arg);
        }
        if let Some(after) = sub.get_after_long_help().or_else(|| sub.get_after_help()) {
            let after = after.to_string();
            let (examples, exit) = split_exit_status(&after);
            roff.control("PP", []);
            preformatted(&mut roff, examples);
            if let Some(exit) = exit {
                roff.control("PP", []);
                roff.text([roman(exit)]);
            }
        }
    }
    formats(&mut roff);
    roff.control("SH", ["OUTPUT"]);
    for paragraph in OUTPUT {
        roff.control("PP", []);
        roff.text([roman(*paragraph)]);
    }
    if let Some(after) = cmd.get_after_long_help().or_else(|| cmd.get_after_help()) {
        let after = after.to_string();
        let (examples, exit) = split_exit_status(&after);
        // The section headings say what the labels of `--help` say.
        roff.control("SH", ["EXAMPLES"]);
        preformatted(&mut roff, examples.trim_start_matches("Examples:\n"));
        if let Some(exit) = exit {
            roff.control("SH", ["EXIT STATUS"]);
            let exit = exit.strip_prefix("Exit status: ").unwrap_or(&exit);
            roff.text([roman(exit)]);
        }
    }
    roff.to_writer(&mut page)?;
    man.render_version_section(&mut page)?;

    // Every roff fragment starts with the same preamble (the definition of an
    // apostrophe string); a page needs it once, at the top.
    let preamble = Roff::new().render();
    let text = String::from_utf8_lossy(&page);
    let body = text.get(preamble.len()..).unwrap_or_default();
    let mut deduplicated = preamble.clone();
    deduplicated.push_str(&body.replace(&preamble, ""));
    Ok(ascii_roff(&deduplicated).into_bytes())
}

/// The OUTPUT section: what standard output and standard error carry.
const OUTPUT: &[&str] = &[
    "Boards are written in the layout of their input, or the one --to names: \
     BOJ in, BOJ out; one 81-digit line per puzzle for line input. Diagnostics \
     go to standard error, so standard output carries results only; in text \
     mode a puzzle that is not solved writes nothing to standard output.",
    "With --json, one JSON object per puzzle, one per line (JSON Lines): \
     source, index (the puzzle's position in its input), line (where it \
     starts), format, puzzle and status (solved, unsolvable, invalid, \
     multiple or error), then solution and grid when solved, conflicts when \
     invalid, error when unreadable. batch --json ends with a summary record. \
     Fields are only ever added. The output of solve --json reads back as its \
     solutions.",
    "Output is block-buffered when standard output is not a terminal; \
     --line-buffered flushes after every puzzle.",
];

/// The FORMATS section: every --format, as its help describes it, and how
/// auto decides.
fn formats(roff: &mut Roff) {
    roff.control("SH", ["FORMATS"]);
    roff.text([roman(
        "Every command reads the files it is given, or standard input, in any \
         of these formats (--format, default auto); an input may hold several \
         puzzles. Blanks are 0 or . (the grid layout also takes _).",
    )]);
    for format in FormatArg::value_variants() {
        let Some(value) = format.to_possible_value() else {
            continue;
        };
        roff.control("TP", []);
        roff.text([bold(value.get_name())]);
        if let Some(help) = value.get_help() {
            roff.text([roman(help.to_string())]);
        }
    }
    roff.control("PP", []);
    roff.text([roman(
        "auto decides per input from its first data line (not blank, not a # \
         comment, not a header without digits): a record of sudokit batch \
         (path:index: then 81 cells or a status word) means records; [ { \" or \
         name = means json or leetcode; a run of 81 cell characters means line; \
         white-space-separated \
         numbers only mean boj; anything else is read as grid.",
    )]);
}

/// Writes every character outside ASCII (the `×` of "9×9") as a roff
/// Unicode escape: troff reads its input as Latin-1 unless a preprocessor
/// converts it, and `groff -man` would warn about and garble UTF-8.
fn ascii_roff(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            out.push_str(&format!("\\[u{:04X}]", u32::from(c)));
        }
    }
    out
}

/// Splits an after-help text into what comes before its `Exit status:`
/// paragraph and that paragraph, joined into one line.
fn split_exit_status(text: &str) -> (&str, Option<String>) {
    match text.find("Exit status:") {
        Some(at) => {
            let exit = text[at..].split_whitespace().collect::<Vec<_>>().join(" ");
            (text[..at].trim_end(), Some(exit))
        }
        None => (text.trim_end(), None),
    }
}

/// Lines kept as they are (examples), without filling or hyphenation.
fn preformatted(roff: &mut Roff, text: &str) {
    roff.control("nf", []);
    for line in text.lines() {
        roff.text([roman(line)]);
    }
    roff.control("fi", []);
}

/// One argument as a tagged paragraph: its names and value, then its help,
/// default and possible values.
fn argument(roff: &mut Roff, arg: &clap::Arg) {
    let mut head = Vec::new();
    if let Some(short) = arg.get_short() {
        head.push(bold(format!("-{short}")));
        if arg.get_long().is_some() {
            head.push(roman(", "));
        }
    }
    if let Some(long) = arg.get_long() {
        head.push(bold(format!("--{long}")));
    }
    let takes_value = arg.get_num_args().is_some_and(|n| n.takes_values());
    if takes_value {
        let names = arg
            .get_value_names()
            .map(|names| names.join(" "))
            .unwrap_or_else(|| arg.get_id().as_str().to_uppercase());
        let many = arg.get_num_args().is_some_and(|n| n.max_values() > 1);
        let dots = if many { "..." } else { "" };
        if arg.is_positional() {
            let (open, close) = if arg.is_required_set() {
                ("<", ">")
            } else {
                ("[", "]")
            };
            head.push(italic(format!("{open}{names}{close}{dots}")));
        } else {
            head.push(roman(" "));
            head.push(italic(format!("<{names}>{dots}")));
        }
    }
    roff.control("TP", []);
    roff.text(head);
    let mut body = arg
        .get_long_help()
        .or_else(|| arg.get_help())
        .map(ToString::to_string)
        .unwrap_or_default();
    let defaults: Vec<String> = arg
        .get_default_values()
        .iter()
        .map(|v| v.to_string_lossy().into_owned())
        .collect();
    if !defaults.is_empty() && takes_value {
        body.push_str(&format!(" [default: {}]", defaults.join(", ")));
    }
    roff.text([roman(body)]);
    let values: Vec<_> = arg
        .get_possible_values()
        .into_iter()
        .filter(|value| !value.is_hide_set())
        .collect();
    // A plain switch has the possible values `true` and `false`; only
    // listing real choices helps the reader.
    if takes_value && !values.is_empty() {
        roff.control("RS", []);
        for value in values {
            let mut item = vec![bold(value.get_name().to_owned())];
            if let Some(help) = value.get_help() {
                item.push(roman(format!(": {help}")));
            }
            roff.control("IP", ["\\(bu", "2"]);
            roff.text(item);
        }
        roff.control("RE", []);
    }
}
