//! Command-line definition: clap derive types only; the commands turn them
//! into plain settings.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use sudokit::format::{Format, Layout};

// Help texts. Every command's --help ends with examples that run as written
// in any directory (a test runs each of them in an empty one, with the exit
// status its `# exit N` comment names, 0 when there is none) and with its
// exit codes. `printf '%081d\n' 0` is the empty board as one line: a puzzle
// that fits in an example without a file.
// Lines stay within 80 columns: clap wraps help to the terminal, and a
// wrapped example would no longer be one command.

const AFTER_HELP: &str = "\
Examples:
  printf '%081d\\n' 0 | sudokit solve --to grid
  printf '55%079d\\n' 0 | sudokit validate   # 5 twice in row 1: exit 1
  printf '%081d\\n' 0 | sudokit solve | sudokit validate --complete

Exit status: 0 every puzzle succeeded, 1 some puzzle had a negative result
(unsolvable, invalid, not unique), 2 usage error or unreadable input.";

/// Solve, validate and batch-solve Sudoku puzzles.
#[derive(Debug, Parser)]
#[command(name = "sudokit", version, about, after_help = AFTER_HELP)]
#[command(propagate_version = true, arg_required_else_help = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

// `display_name` keeps `sudokit solve --version` printing `sudokit X.Y.Z`, as
// the top level does, rather than clap's `sudokit-solve X.Y.Z`.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve every puzzle and print the solutions.
    #[command(display_name = "sudokit", after_help = SOLVE_AFTER_HELP)]
    Solve(SolveArgs),
    /// Check that no digit repeats in any row, column or box.
    #[command(display_name = "sudokit", after_help = VALIDATE_AFTER_HELP)]
    Validate(ValidateArgs),
    /// Solve many files and directories on every core.
    #[command(display_name = "sudokit", after_help = BATCH_AFTER_HELP)]
    Batch(BatchArgs),
    /// Rate every puzzle on Sudoku Explainer's scale (ER/EP/ED and a level).
    #[command(display_name = "sudokit", after_help = RATE_AFTER_HELP)]
    Rate(RateArgs),
    /// Print the logical solving path of every puzzle, step by step.
    #[command(display_name = "sudokit", after_help = EXPLAIN_AFTER_HELP)]
    Explain(ExplainArgs),
    /// Print the next logical step from the position given.
    #[command(display_name = "sudokit", after_help = HINT_AFTER_HELP)]
    Hint(HintArgs),
    /// Make new puzzles with exactly one solution.
    #[command(display_name = "sudokit", after_help = GENERATE_AFTER_HELP)]
    Generate(GenerateArgs),
    /// Print each puzzle's canonical (minlex) form: one name per class.
    #[command(display_name = "sudokit", after_help = CANON_AFTER_HELP)]
    Canon(CanonArgs),
    /// Print random isomorphs of each puzzle (rearranged and relabelled).
    #[command(display_name = "sudokit", after_help = SHUFFLE_AFTER_HELP)]
    Shuffle(ShuffleArgs),
    /// Print a shell completion script (or the man page).
    #[command(display_name = "sudokit", after_help = COMPLETIONS_AFTER_HELP)]
    Completions(CompletionsArgs),
}

// `tr 1 0` blanks every 1 of a solved board: a puzzle with one solution that
// fits in an example line.
const RATE_AFTER_HELP: &str = "\
Levels by ER: easy up to 2.5, medium up to 5.9, hard up to 7.9, very hard
up to 8.9, extreme from 9.0. A puzzle no technique solves, nested forcing
chains included (one that needs guessing), is stuck: exit 1.

Examples:
  printf '%081d\\n' 0 | sudokit solve | tr 1 0 | sudokit rate
  printf '%081d\\n' 0 | sudokit solve | tr 1 0 | sudokit rate --json -j 2
  printf '%081d\\n' 0 | sudokit rate   # not unique: exit 1

Exit status: 0 every puzzle rated, 1 some puzzle invalid, unsolvable, not
unique or stuck, 2 usage error or unreadable input.";

const EXPLAIN_AFTER_HELP: &str = "\
Examples:
  printf '%081d\\n' 0 | sudokit solve | tr 1 0 | sudokit explain
  printf '%081d\\n' 0 | sudokit solve | tr 12 00 | sudokit explain   # exit 1
  printf '%081d\\n' 0 | sudokit solve | tr 1 0 | sudokit explain --grid

Exit status: 0 every puzzle explained to its end, 1 some puzzle invalid,
unsolvable, not unique or stuck, 2 usage error or unreadable input.";

const HINT_AFTER_HELP: &str = "\
Examples:
  printf '%081d\\n' 0 | sudokit solve | tr 1 0 | sudokit hint
  printf '%081d\\n' 0 | sudokit solve | tr 1 0 | sudokit hint --json

The position may carry the player's pencil marks (--format pencilmarks, or
detected); the step found starts from them. A placed digit or a pencil mark
that contradicts the solution is reported with its cell (unsolvable).

Exit status: 0 a step was found (or the board is solved), 1 the board is
invalid, unsolvable, not unique or stuck, 2 usage error or unreadable input.";

const SOLVE_AFTER_HELP: &str = "\
Examples:
  printf '%081d\\n' 0 | sudokit solve --to boj
  printf '%081d\\n' 0 | sudokit solve --unique --json   # not unique: exit 1
  printf '%081d\\n' 0 | sudokit solve --all --limit 5 | sort -u | wc -l

Exit status: 0 every puzzle solved, 1 some puzzle unsolvable, invalid or
(with --unique) not unique, 2 usage error or unreadable input.";

const VALIDATE_AFTER_HELP: &str = "\
Examples:
  printf '%081d\\n' 0 | sudokit validate --solvable
  printf '55%079d\\n' 0 | sudokit validate --json   # invalid: exit 1
  printf '%081d\\n' 0 | sudokit solve | sudokit validate --complete --unique

Exit status: 0 every board valid, 1 some board invalid, 2 usage error or
unreadable input.";

const BATCH_AFTER_HELP: &str = "\
Examples:
  printf '%081d\\n' 0 0 0 | sudokit batch --jobs 2
  printf '%081d\\n' 0 > a.txt && sudokit batch --out solved a.txt && ls solved
  printf '%081d\\n' 0 0 | sudokit batch --json | tail -n 1   # the summary

Exit status: 0 every puzzle solved, 1 some puzzle unsolvable or invalid,
2 usage error or some input unreadable.";

const COMPLETIONS_AFTER_HELP: &str = "\
Shells: bash, zsh, fish, powershell, elvish; 'sudokit completions man' prints
the man page, sudokit(1), in roff.

Examples:
  sudokit completions bash > ~/.local/share/bash-completion/completions/sudokit
  sudokit completions zsh > ~/.zfunc/_sudokit
  sudokit completions man | gzip > ~/.local/share/man/man1/sudokit.1.gz

Exit status: 0 on success, 2 usage error.";

const GENERATE_AFTER_HELP: &str = "\
Puzzles are minimal unless --givens is given: no given (with --symmetry, no
symmetric set of givens) can be removed without a second solution. Without
--seed a random seed is chosen (-v says it). Puzzles the logical solver gets
stuck on have no rating: --rating and --level never pick them.

Examples:
  sudokit generate -n 3 --seed 1 --symmetry rotational
  sudokit generate -n 2 --seed 3 --level medium --json | sudokit rate
  sudokit generate --givens 10-15   # no such puzzle: exit 2

Exit status: 0 every puzzle was made, 1 --timeout ended the run first (the
puzzles made are printed), 2 options that cannot be met or unreadable --from.";

/// The files a command reads puzzles from, and how it reads and writes
/// them: what solve, validate, rate, explain and hint share.
#[derive(Debug, Args)]
pub struct PuzzleArgs {
    /// Files to read; standard input when none or '-'.
    #[arg(value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Options shared by every command that reads puzzles.
#[derive(Debug, Args)]
pub struct InputArgs {
    /// Input format (auto: decided per input from its first data).
    #[arg(short = 'f', long, value_enum, default_value_t = FormatArg::Auto)]
    pub format: FormatArg,
}

/// Options shared by every command that writes results.
#[derive(Debug, Args)]
pub struct OutputArgs {
    /// Write one JSON object per puzzle (JSON Lines) instead of text.
    #[arg(long)]
    pub json: bool,
    /// Flush output after every puzzle (for streaming pipelines).
    #[arg(long)]
    pub line_buffered: bool,
}

// An option that cannot take effect is a usage error (exit 2), as clap says
// it, not a warning or silence: e.g. --limit without --count or --all.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("listing").args(["count", "all"])))]
pub struct SolveArgs {
    #[command(flatten)]
    pub puzzles: PuzzleArgs,
    /// Layout of printed boards (default: the layout of the input).
    #[arg(long, value_enum, value_name = "LAYOUT", conflicts_with_all = ["json", "count"])]
    pub to: Option<LayoutArg>,
    /// Treat a puzzle with more than one solution as a failure (multiple).
    #[arg(long)]
    pub unique: bool,
    /// Print the number of solutions instead of a board.
    #[arg(long, conflicts_with = "all")]
    pub count: bool,
    /// Print every solution (up to --limit).
    #[arg(long)]
    pub all: bool,
    /// Most solutions to count or print with --count and --all.
    #[arg(long, value_name = "N", default_value_t = 1000, requires = "listing",
          value_parser = clap::value_parser!(u64).range(1..=u32::MAX as u64))]
    pub limit: u64,
    /// Add search figures (guesses, propagation steps, time).
    #[arg(long)]
    pub stats: bool,
}

#[derive(Debug, Args)]
pub struct ValidateArgs {
    #[command(flatten)]
    pub puzzles: PuzzleArgs,
    /// A board with blank cells is invalid (checks a finished solution).
    #[arg(long)]
    pub complete: bool,
    /// Also require at least one solution.
    #[arg(long)]
    pub solvable: bool,
    /// Also require exactly one solution.
    #[arg(long)]
    pub unique: bool,
    /// Print nothing; the exit status answers.
    #[arg(short, long, conflicts_with_all = ["json", "line_buffered", "with_filename", "no_filename"])]
    pub quiet: bool,
    #[command(flatten)]
    pub naming: NamingArgs,
}

/// Whether verdict lines name their input, as grep's -H and --no-filename.
#[derive(Debug, Args)]
pub struct NamingArgs {
    /// Start each verdict line with its input's name (the default when
    /// several inputs are named).
    #[arg(short = 'H', long, overrides_with = "no_filename")]
    pub with_filename: bool,
    /// Never start a verdict line with its input's name.
    #[arg(long, overrides_with = "with_filename")]
    pub no_filename: bool,
}

#[derive(Debug, Args)]
pub struct BatchArgs {
    /// Files and directories to solve; standard input when none or '-'.
    #[arg(value_name = "PATH", value_hint = clap::ValueHint::AnyPath)]
    pub paths: Vec<PathBuf>,
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub output: OutputArgs,
    /// Layout of the boards written under --out (default: each input's).
    #[arg(
        long,
        value_enum,
        value_name = "LAYOUT",
        requires = "out",
        conflicts_with = "json"
    )]
    pub to: Option<LayoutArg>,
    /// Descend into subdirectories.
    #[arg(short, long)]
    pub recursive: bool,
    /// Only files whose name matches this glob (e.g. '*.txt'); '!GLOB' leaves
    /// matching files out; may be repeated, the last match wins.
    #[arg(long, value_name = "GLOB")]
    pub glob: Vec<String>,
    /// Worker threads (default: every core).
    #[arg(short, long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub jobs: Option<u64>,
    /// Write each input's solutions to a file at the same relative path under DIR.
    #[arg(long, value_name = "DIR", value_hint = clap::ValueHint::DirPath)]
    pub out: Option<PathBuf>,
    /// When to show a progress bar on standard error.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = Progress::Auto)]
    pub progress: Progress,
    /// A file found in a directory that is not puzzle text (binary, or no
    /// puzzle in its first entries) is an error, as a file named is, rather
    /// than skipped with a note.
    #[arg(long)]
    pub strict: bool,
    /// No summary and no progress bar on standard error (errors are still
    /// reported there).
    #[arg(short, long, conflicts_with = "progress")]
    pub quiet: bool,
}

#[derive(Debug, Args)]
pub struct RateArgs {
    #[command(flatten)]
    pub puzzles: PuzzleArgs,
    #[command(flatten)]
    pub naming: NamingArgs,
    /// Worker threads (default: every core).
    #[arg(short, long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub jobs: Option<u64>,
    /// When to show a progress bar on standard error.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = Progress::Auto)]
    pub progress: Progress,
}

#[derive(Debug, Args)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub puzzles: PuzzleArgs,
    /// Print the candidate grid before each step.
    #[arg(long, conflicts_with = "json")]
    pub grid: bool,
}

#[derive(Debug, Args)]
pub struct HintArgs {
    #[command(flatten)]
    pub puzzles: PuzzleArgs,
}

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// How many puzzles to make (default 1, or one per entry of --from).
    #[arg(short = 'n', long = "number", value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub number: Option<u64>,
    /// Seed of the random choices: the same seed gives the same puzzles,
    /// whatever --jobs or CPU (default: a random seed).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Symmetry of the pattern of givens.
    #[arg(long, value_enum, value_name = "NAME", default_value_t = SymmetryArg::None)]
    pub symmetry: SymmetryArg,
    /// Minimal puzzles: no given can be removed (the default).
    #[arg(long, conflicts_with = "givens")]
    pub minimal: bool,
    /// A number of givens in this range instead (e.g. 28-32, or 30).
    #[arg(long, value_name = "MIN-MAX", value_parser = parse_count_range)]
    pub givens: Option<(usize, usize)>,
    /// Only puzzles whose ER (as sudokit rate gives it) lies in this range
    /// (e.g. 3.0-5.5, or 4.5).
    #[arg(long, value_name = "MIN-MAX", value_parser = parse_rating_range)]
    pub rating: Option<(f32, f32)>,
    /// Only puzzles of this level (as sudokit rate names levels).
    #[arg(long, value_enum, value_name = "NAME", conflicts_with = "rating")]
    pub level: Option<LevelArg>,
    /// Make the puzzles from the solution grids in FILE, or fill the patterns
    /// of givens in it (lines of x and ., or puzzles whose givens are used).
    #[arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub from: Option<PathBuf>,
    /// Layout of printed boards.
    #[arg(long, value_enum, value_name = "LAYOUT", default_value_t = LayoutArg::Line,
          conflicts_with = "json")]
    pub to: LayoutArg,
    #[command(flatten)]
    pub output: OutputArgs,
    /// Worker threads (default: every core).
    #[arg(short, long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub jobs: Option<u64>,
    /// When to show a progress bar on standard error.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = Progress::Auto)]
    pub progress: Progress,
    /// Stop after this many seconds, printing the puzzles made by then.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<f64>,
    /// Say the seed, and the time taken, on standard error.
    #[arg(short, long)]
    pub verbose: bool,
}

/// `--symmetry`: the library's [`sudokit::generate::Symmetry`], as clap offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SymmetryArg {
    /// No symmetry.
    None,
    /// Half-turn: r,c and 10-r,10-c.
    Rotational,
    /// Quarter-turn: the pattern looks the same turned by 90°.
    QuarterTurn,
    /// Mirror in the main diagonal: r,c and c,r.
    Diagonal,
    /// Mirror in the anti-diagonal: r,c and 10-c,10-r.
    Antidiagonal,
    /// Mirror top to bottom: r,c and 10-r,c.
    Horizontal,
    /// Mirror left to right: r,c and r,10-c.
    Vertical,
    /// All eight symmetries of the square at once.
    Dihedral,
}

/// `--level`: the levels of sudokit rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LevelArg {
    /// ER up to 2.5.
    Easy,
    /// ER 2.6 to 5.9.
    Medium,
    /// ER 6.0 to 7.9.
    Hard,
    /// ER 8.0 to 8.9.
    VeryHard,
    /// ER 9.0 and up.
    Extreme,
}

impl From<LevelArg> for sudokit::Level {
    fn from(level: LevelArg) -> sudokit::Level {
        match level {
            LevelArg::Easy => sudokit::Level::Easy,
            LevelArg::Medium => sudokit::Level::Medium,
            LevelArg::Hard => sudokit::Level::Hard,
            LevelArg::VeryHard => sudokit::Level::VeryHard,
            LevelArg::Extreme => sudokit::Level::Extreme,
        }
    }
}

/// `MIN-MAX` or `N`, as two ends.
fn split_range(text: &str) -> (&str, &str) {
    match text.split_once('-') {
        Some((low, high)) => (low.trim(), high.trim()),
        None => (text.trim(), text.trim()),
    }
}

fn parse_count_range(text: &str) -> Result<(usize, usize), String> {
    let (low, high) = split_range(text);
    let number = |s: &str| {
        s.parse::<usize>().map_err(|_| {
            format!("expected MIN-MAX with whole numbers (e.g. 28-32), found '{text}'")
        })
    };
    Ok((number(low)?, number(high)?))
}

fn parse_rating_range(text: &str) -> Result<(f32, f32), String> {
    let (low, high) = split_range(text);
    let number = |s: &str| match s.parse::<f32>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(v),
        _ => Err(format!(
            "expected MIN-MAX with ratings (e.g. 3.0-5.5), found '{text}'"
        )),
    };
    Ok((number(low)?, number(high)?))
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => Err(format!(
            "expected a number of seconds above 0, found '{text}'"
        )),
    }
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to generate a script for.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: Shell,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Progress {
    /// Only when standard error is a terminal.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// What `sudokit completions` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Shell {
    /// Bash (bash-completion).
    Bash,
    /// Zsh (a _sudokit file for a directory on fpath).
    Zsh,
    /// Fish.
    Fish,
    /// PowerShell.
    Powershell,
    /// Elvish.
    Elvish,
    /// Not a shell: the man page, sudokit(1), in roff.
    Man,
}

/// `--format`: the library's [`Format`], as clap offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// Decide per input from its first data.
    Auto,
    /// 81 numbers 0-9 separated by white space (BOJ 2580): 9 to a line, or 1, 3, 27 or 81.
    Boj,
    /// A 9×9 array of one-character strings, as in LeetCode 36/37 or pasted from code.
    Leetcode,
    /// One puzzle per line, 81 cell characters.
    Line,
    /// JSON: 9×9 arrays, 81-character strings or objects; JSON Lines for several.
    Json,
    /// A board drawn for people, with | - + = as decoration.
    Grid,
    /// sudokit batch's text output read back: path:index: then 81 cells.
    Records,
    /// A board with pencil marks: the 729-character line or the boxed candidate grid.
    Pencilmarks,
}

impl From<FormatArg> for Format {
    fn from(arg: FormatArg) -> Format {
        match arg {
            FormatArg::Auto => Format::Auto,
            FormatArg::Boj => Format::Boj,
            FormatArg::Leetcode => Format::Leetcode,
            FormatArg::Line => Format::Line,
            FormatArg::Json => Format::Json,
            FormatArg::Grid => Format::Grid,
            FormatArg::Records => Format::Records,
            FormatArg::Pencilmarks => Format::Pencilmarks,
        }
    }
}

/// `--to`: the library's [`Layout`], as clap offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LayoutArg {
    /// 9 lines of 9 space-separated digits (BOJ 2580).
    Boj,
    /// A 9×9 JSON array of one-character strings (LeetCode 37).
    Leetcode,
    /// One 81-character line per board.
    Line,
    /// A 9×9 JSON array of numbers per line.
    Json,
    /// A board drawn for people.
    Grid,
    /// A 729-character line of candidates per board (blanks: every digit).
    Pencilmarks,
}

impl From<LayoutArg> for Layout {
    fn from(arg: LayoutArg) -> Layout {
        match arg {
            LayoutArg::Boj => Layout::Boj,
            LayoutArg::Leetcode => Layout::Leetcode,
            LayoutArg::Line => Layout::Line,
            LayoutArg::Json => Layout::Json,
            LayoutArg::Grid => Layout::Grid,
            LayoutArg::Pencilmarks => Layout::Pencilmarks,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn definition_is_consistent() {
        Cli::command().debug_assert();
    }
}

const CANON_AFTER_HELP: &str = "\
Examples:
  printf '%081d\\n' 0 | sudokit solve | sudokit canon
  printf '5%080d\\n' 0 | sudokit canon --json
  printf '1%080d\\n2%080d\\n' 0 0 | sudokit canon --dedupe   # one line

Exit status: 0 every puzzle read, 2 usage error or unreadable input.";

const SHUFFLE_AFTER_HELP: &str = "\
Copy k of the i-th puzzle read (across all inputs) comes from stream i of
the seed: the same seed gives the same boards.

Examples:
  printf '%081d\\n' 0 | sudokit solve | sudokit shuffle -n 3 --seed 7
  printf '%081d\\n' 0 | sudokit solve | sudokit shuffle | sudokit canon

Exit status: 0 every puzzle read, 2 usage error or unreadable input.";

#[derive(Debug, Args)]
pub struct CanonArgs {
    #[command(flatten)]
    pub puzzles: PuzzleArgs,
    /// Layout of printed forms (default: one 81-character line, 0 for blanks).
    #[arg(long, value_enum, value_name = "LAYOUT", conflicts_with = "json")]
    pub to: Option<LayoutArg>,
    /// Which canonical form to print.
    #[arg(long, value_enum, value_name = "FORM", default_value_t = CanonForm::Minlex)]
    pub form: CanonForm,
    /// Keep only the first puzzle of each class, in input order; the number
    /// dropped goes to standard error.
    #[arg(long)]
    pub dedupe: bool,
    /// Worker threads (default: 1).
    #[arg(short, long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub jobs: Option<u64>,
}

#[derive(Debug, Args)]
pub struct ShuffleArgs {
    #[command(flatten)]
    pub puzzles: PuzzleArgs,
    /// Layout of printed boards (default: the layout of the input).
    #[arg(long, value_enum, value_name = "LAYOUT", conflicts_with = "json")]
    pub to: Option<LayoutArg>,
    /// Random isomorphs to print per puzzle.
    #[arg(short = 'n', long = "copies", value_name = "K", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub copies: u64,
    /// Seed of the random choices (default: a random one, given with -v).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Say the seed used on standard error.
    #[arg(short, long)]
    pub verbose: bool,
}

/// `--form` of `sudokit canon`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CanonForm {
    /// The smallest string over every isomorph.
    Minlex,
    /// The smallest pattern of givens first, then the smallest digits.
    Pattern,
}
