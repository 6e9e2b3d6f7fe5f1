//! What reading yields: the formats and layouts, a puzzle read, an error at its
//! place, and the limits that keep memory bounded.

use serde::Serialize;

use crate::error::ParseError;
use crate::grid::Grid;

/// The longest line read, in bytes; a longer one is an error (memory stays bounded).
pub const MAX_LINE: usize = 16 << 20;
/// How far past [`MAX_LINE`] a line may still go on for reading to resume
/// after it (a line only a little too long, in a file of lines); a line
/// longer still is not a line of text (`/dev/zero`), and nothing after it
/// is read.
pub(crate) const LONG_LINE_REST: usize = MAX_LINE / 4;
/// The largest JSON value (possibly spanning lines), in bytes.
pub const MAX_VALUE: usize = 64 << 20;
/// The deepest JSON nesting accepted.
pub const MAX_DEPTH: usize = 64;

/// When the items read are handed out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Delivery {
    /// As reading goes best: a one-puzzle-per-line input in blocks of lines,
    /// and the boards of a run of rows held until the run ends, so that a
    /// stray or lost row among them makes them errors rather than answers.
    #[default]
    Buffered,
    /// Each item as soon as its lines are read, for answers awaited one at
    /// a time (`--line-buffered`, a terminal).
    AtOnce,
}

/// An input format, as named by `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
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
    /// `sudokit batch`'s text output read back: `path:index:` then 81 cells.
    Records,
}

/// A concrete layout for reading or writing boards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Layout {
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
    /// `path:index:` then the board's 81 cells, as `sudokit batch` writes
    /// its results; boards read from records are written as [`Layout::Line`].
    Records,
}

impl Layout {
    /// The name used in `--format`, `--to` and JSON output.
    pub fn name(self) -> &'static str {
        match self {
            Layout::Boj => "boj",
            Layout::Leetcode => "leetcode",
            Layout::Line => "line",
            Layout::Json => "json",
            Layout::Grid => "grid",
            Layout::Records => "records",
        }
    }
}

impl Format {
    /// The concrete layout, or `None` for `auto`.
    pub fn layout(self) -> Option<Layout> {
        match self {
            Format::Auto => None,
            Format::Boj => Some(Layout::Boj),
            Format::Leetcode => Some(Layout::Leetcode),
            Format::Line => Some(Layout::Line),
            Format::Json => Some(Layout::Json),
            Format::Grid => Some(Layout::Grid),
            Format::Records => Some(Layout::Records),
        }
    }
}

/// One puzzle read from an input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// The board as given.
    pub grid: Grid,
    /// 1-based position among the input's puzzles (errors take a position too).
    pub index: usize,
    /// 1-based line where the puzzle starts.
    pub line: usize,
    /// The layout it was read in.
    pub layout: Layout,
    /// Where the puzzle was first read, when the input names it: a record
    /// of [`Layout::Records`] keeps the path and index `sudokit batch` read
    /// it at. Boxed, so that a puzzle without one (nearly all) stays small
    /// to move.
    pub origin: Option<Box<Origin>>,
}

/// The place a puzzle was first read at, as a record of another run names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    /// The input's name, as the record gives it (a path, or `<stdin>`).
    pub source: String,
    /// The puzzle's 1-based position in that input.
    pub index: usize,
}

impl Puzzle {
    /// The name and position to report the puzzle under: its [`Origin`]
    /// when it has one, else `source` (the input being read) and its index.
    pub fn named<'a>(&'a self, source: &'a str) -> (&'a str, usize) {
        match &self.origin {
            Some(origin) => (&origin.source, origin.index),
            None => (source, self.index),
        }
    }
}

/// A puzzle's board, or the located reason it could not be read.
pub type Item = Result<Puzzle, ItemError>;

/// A puzzle that could not be read, at its position in the input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{error}")]
pub struct ItemError {
    /// 1-based position among the input's puzzles; 0 for an error about
    /// the whole input (it holds no puzzle).
    pub index: usize,
    /// The layout being read (`None` when the input could not be read at all).
    pub layout: Option<Layout>,
    /// 1-based line where the puzzle starts: for a board spanning lines, its
    /// first one, whichever line the error is on; 0 with index 0.
    pub line: usize,
    /// Where and what.
    pub error: ParseError,
}
