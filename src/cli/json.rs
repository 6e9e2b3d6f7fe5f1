// The schema is documented once, for users, in docs/json.md; it is this
// module's documentation too, so that the records and their description sit
// side by side. Every type here is serialize-only: fields are only added.
#![doc = include_str!("../../docs/json.md")]

use serde::Serialize;

use sudokit::Conflict;
use sudokit::Grid;
use sudokit::canon::Transform;
use sudokit::error::Quantity;
use sudokit::format::{Layout, Puzzle};
use sudokit::solver::Stats;

/// The outcome of one puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Solved (and, where asked, unique).
    Solved,
    /// No solution.
    Unsolvable,
    /// Givens already conflict.
    Invalid,
    /// More than one solution where uniqueness was asked for.
    Multiple,
    /// The puzzle could not be read.
    Error,
    /// No technique sudokit knows applies (`rate`, `explain`, `hint`): the
    /// puzzle needs a harder one, or a guess.
    Stuck,
}

impl Status {
    /// The status as one word, as in JSON.
    pub fn word(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unsolvable => "unsolvable",
            Status::Invalid => "invalid",
            Status::Multiple => "multiple",
            Status::Error => "error",
            Status::Stuck => "stuck",
        }
    }

    /// Words for a message on standard error.
    pub fn describe(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unsolvable => "unsolvable (no solution)",
            Status::Invalid => "invalid (givens conflict)",
            Status::Multiple => "not unique (more than one solution)",
            Status::Error => "error",
            Status::Stuck => "stuck (no technique sudokit knows applies)",
        }
    }
}

/// Search figures as reported with `--stats`.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct StatsReport {
    pub guesses: u64,
    pub steps: u64,
    pub time_us: u64,
}

impl StatsReport {
    pub fn new(stats: Stats, elapsed: std::time::Duration) -> StatsReport {
        StatsReport {
            guesses: stats.guesses,
            steps: stats.steps,
            time_us: u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX),
        }
    }
}

/// One puzzle's result, one JSON object per line. Fields are only ever added.
#[derive(Debug, Serialize)]
pub struct Report<'a> {
    pub source: &'a str,
    pub index: usize,
    pub line: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub format: Option<Layout>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<String>,
    pub status: Status,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grid: Option<[[u8; 9]; 9]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capped: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conflicts: Option<Vec<Conflict>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<StatsReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating: Option<RatingReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mistakes: Option<Vec<MistakeRecord>>,
}

impl<'a> Report<'a> {
    /// A report with only the place and status filled in.
    pub fn new(source: &'a str, index: usize, line: usize, status: Status) -> Report<'a> {
        Report {
            source,
            index,
            line,
            format: None,
            puzzle: None,
            status,
            solution: None,
            grid: None,
            solutions: None,
            capped: None,
            conflicts: None,
            error: None,
            stats: None,
            rating: None,
            mistakes: None,
        }
    }

    /// Fills `solution` and `grid` from a solved board.
    pub fn with_solution(mut self, solution: &Grid) -> Self {
        self.solution = Some(solution.to_line());
        self.grid = Some(solution.rows());
        self
    }
}

/// One solution of `solve --all --json`, written as soon as it is found;
/// the puzzle's own record follows its last solution.
#[derive(Debug, Serialize)]
pub struct SolutionRecord<'a> {
    pub source: &'a str,
    pub index: usize,
    pub line: usize,
    pub format: Layout,
    pub puzzle: String,
    pub status: Status,
    /// 1-based: the order in which the search found it.
    pub solution_index: usize,
    pub solution: String,
    pub grid: [[u8; 9]; 9],
}

impl<'a> SolutionRecord<'a> {
    /// The record of solution number `solution_index` of `puzzle`.
    pub fn new(
        source: &'a str,
        puzzle: &'a Puzzle,
        solution_index: usize,
        solution: &Grid,
    ) -> SolutionRecord<'a> {
        let (source, index) = puzzle.named(source);
        SolutionRecord {
            source,
            index,
            line: puzzle.line,
            format: puzzle.layout,
            puzzle: puzzle.grid.to_line(),
            status: Status::Solved,
            solution_index,
            solution: solution.to_line(),
            grid: solution.rows(),
        }
    }
}

/// A puzzle's difficulty on Sudoku Explainer's scale (`rate --json`).
#[derive(Debug, Clone, Serialize)]
pub struct RatingReport {
    /// The hardest step of the path.
    pub er: f32,
    /// The hardest step up to the first placement.
    pub ep: f32,
    /// The first step's rating.
    pub ed: f32,
    /// The level name of `er`.
    pub level: &'static str,
    /// The technique of the hardest step.
    pub hardest: &'static str,
    /// Steps in the path.
    pub steps: usize,
}

/// A player's mistake in a position (`hint`, `explain`, `rate`, `solve`):
/// `{"cell":"r4c7","digit":5,"kind":"mark"}`, the solution's digit that the
/// cell's pencil marks removed, or `"kind":"digit"`, a placed digit without
/// which the board has a solution.
#[derive(Debug, Clone, Serialize)]
pub struct MistakeRecord {
    pub cell: String,
    pub digit: u8,
    pub kind: &'static str,
}

/// A puzzle `sudokit generate --json` made. Read back by every command as
/// its `puzzle` (an object with `givens` is read so, not as its solution).
#[derive(Debug, Serialize)]
pub struct GeneratedRecord {
    /// 1-based position in the run: with `seed`, what makes it again.
    pub index: u64,
    /// The puzzle, 81 characters, `.` for blank.
    pub puzzle: String,
    /// Its one solution.
    pub solution: String,
    /// Its number of givens.
    pub givens: usize,
    /// The symmetry of its pattern of givens.
    pub symmetry: &'static str,
    /// The run's seed.
    pub seed: u64,
    /// Its rating, when `--rating` or `--level` asked for one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating: Option<RatingReport>,
}

/// A candidate placed or removed by a step: `{"cell":"r2c8","digit":7}`.
#[derive(Debug, Serialize)]
pub struct CellDigit {
    pub cell: String,
    pub digit: u8,
}

/// One step of `explain --json` or `hint --json`.
#[derive(Debug, Serialize)]
pub struct StepRecord<'a> {
    pub source: &'a str,
    pub index: usize,
    /// 1-based, in the order the steps are taken.
    pub step: usize,
    pub technique: &'static str,
    pub rating: f32,
    pub placements: Vec<CellDigit>,
    pub eliminations: Vec<CellDigit>,
    /// The step as one line of text, as `explain` prints it.
    pub description: String,
}

/// One board's verdict, one JSON object per line. Fields are only ever added.
#[derive(Debug, Serialize)]
pub struct ValidateReport<'a> {
    pub source: &'a str,
    pub index: usize,
    pub line: usize,
    pub format: Layout,
    pub puzzle: String,
    /// `valid` or `invalid`: the overall verdict, as `valid`.
    pub status: &'static str,
    pub valid: bool,
    pub complete: bool,
    pub conflicts: Vec<Conflict>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solvable: Option<bool>,
    /// With `--unique`: 0, 1, or 2 meaning two or more.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions: Option<usize>,
}

/// The figures of a whole run: one line on standard error, and with
/// `--json` a final `{"summary":{...}}` line on standard output.
#[derive(Debug, Serialize)]
pub struct Summary {
    pub files: usize,
    pub puzzles: u64,
    pub solved: u64,
    pub unsolvable: u64,
    pub invalid: u64,
    pub errors: u64,
    /// Files found in directories that were not puzzle text, left out.
    #[serde(skip_serializing_if = "is_zero")]
    pub skipped: u64,
    /// Inputs under `--out` that got no output file (no puzzle solved).
    #[serde(skip_serializing_if = "is_zero")]
    pub not_written: u64,
    pub seconds: f64,
    pub puzzles_per_second: f64,
}

/// Counts shown only when there is something to count.
fn is_zero(n: &u64) -> bool {
    *n == 0
}

#[derive(Debug, Serialize)]
pub struct SummaryLine {
    pub summary: Summary,
}

/// ` (1 skipped, 2 not written)` after the count of files, when any were.
struct FilesLeft<'a>(&'a Summary);

impl std::fmt::Display for FilesLeft<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (skipped, not_written) = (self.0.skipped, self.0.not_written);
        match (skipped, not_written) {
            (0, 0) => Ok(()),
            (s, 0) => write!(f, " ({s} skipped)"),
            (0, n) => write!(f, " ({n} not written)"),
            (s, n) => write!(f, " ({s} skipped, {n} not written)"),
        }
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}{}, {}: {} solved, {} unsolvable, {} invalid, {}; {:.3} s, {} puzzles/s",
            Quantity(self.files as u64, "file"),
            FilesLeft(self),
            Quantity(self.puzzles, "puzzle"),
            self.solved,
            self.unsolvable,
            self.invalid,
            Quantity(self.errors, "error"),
            self.seconds,
            self.puzzles_per_second,
        )
    }
}

/// A transformation as `canon` and `shuffle` give it: 1-based rows, columns
/// and digits, `rows[i]` the row of the (transposed) board that goes to row
/// `i`, `digits[d]` what digit `d` becomes.
#[derive(Debug, Serialize)]
pub struct TransformRecord {
    pub transpose: bool,
    pub rows: [u8; 9],
    pub columns: [u8; 9],
    pub digits: [u8; 9],
}

impl From<&Transform> for TransformRecord {
    fn from(t: &Transform) -> TransformRecord {
        TransformRecord {
            transpose: t.transposed(),
            rows: t.rows().map(|r| r + 1),
            columns: t.columns().map(|c| c + 1),
            digits: t.digits(),
        }
    }
}

/// One puzzle's canonical form (`canon --json`), one object per line.
#[derive(Debug, Serialize)]
pub struct CanonRecord<'a> {
    pub source: &'a str,
    pub index: usize,
    pub line: usize,
    /// The board read, 81 characters, `0` for blanks.
    pub puzzle: String,
    /// `minlex` or `pattern`.
    pub form: &'static str,
    pub canonical: String,
    /// How many rearrangements map the board onto itself.
    pub automorphisms: u32,
    /// One that turns `puzzle` into `canonical`.
    pub transform: TransformRecord,
    /// No digit repeats in a row, column or box.
    pub valid: bool,
}

/// One random isomorph (`shuffle --json`), one object per line.
#[derive(Debug, Serialize)]
pub struct ShuffleRecord<'a> {
    pub source: &'a str,
    pub index: usize,
    pub line: usize,
    /// 1-based number of the copy among the puzzle's `-n` copies.
    pub copy: u64,
    /// The run's seed.
    pub seed: u64,
    pub puzzle: String,
    /// The isomorph, 81 characters, `0` for blanks.
    pub board: String,
    /// The transformation that turns `puzzle` into `board`.
    pub transform: TransformRecord,
}
