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
    /// A board with a player's pencil marks: the 729-character line or the
    /// boxed candidate grid.
    Pencilmarks,
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
    /// A board with candidates: read as the 729-character line or the boxed
    /// candidate grid, written as the line (nine places per cell).
    Pencilmarks,
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
            Layout::Pencilmarks => "pencilmarks",
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
            Format::Pencilmarks => Some(Layout::Pencilmarks),
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
    /// The player's pencil marks, when the input gives them
    /// ([`Layout::Pencilmarks`]); `None` when only digits are given. Boxed,
    /// as [`Puzzle::origin`] is.
    pub candidates: Option<Box<Candidates>>,
}

/// The digits a player still holds possible in each cell: a board's pencil
/// marks, as [`Layout::Pencilmarks`] gives them.
///
/// One 9-bit mask per cell, in reading order: bit `d - 1` set when `d` is a
/// candidate. A cell of the puzzle's [`Grid`] that holds a digit has that
/// digit alone. A blank cell may have no candidate at all (a player erased
/// them all), which no solution can fill.
///
/// ```
/// use sudokit::format::{Format, parse_str};
///
/// // r1c1 holds 1 or 2, every other cell 1-9 but 5, a placed 5 in r9c9.
/// let mut line = String::from("12.......");
/// line.push_str(&"1234.6789".repeat(79));
/// line.push_str("....5....");
/// let items = parse_str(&line, Format::Auto);
/// let puzzle = items[0].as_ref().expect("a board with marks");
/// let marks = puzzle.candidates.as_deref().expect("marks");
/// assert_eq!(marks.mask(0), 0b11);
/// assert!(marks.has(1, 9) && !marks.has(1, 5));
/// assert_eq!(puzzle.grid.get(8, 8), 5);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Candidates {
    masks: [u16; 81],
}

impl Candidates {
    /// Every digit of each mask's 9 bits: nine 1-bits.
    pub const ALL: u16 = 0x1FF;

    /// The marks of 81 masks; `None` when a mask has a bit above the ninth.
    pub fn from_masks(masks: [u16; 81]) -> Option<Candidates> {
        masks
            .iter()
            .all(|&m| m <= Candidates::ALL)
            .then_some(Candidates { masks })
    }

    /// Masks known to have no bit above the ninth.
    pub(crate) fn from_checked(masks: [u16; 81]) -> Candidates {
        debug_assert!(masks.iter().all(|&m| m <= Candidates::ALL));
        Candidates { masks }
    }

    /// The masks, one per cell in reading order.
    pub fn masks(&self) -> &[u16; 81] {
        &self.masks
    }

    /// The candidates of `cell` (0-80, reading order) as a mask.
    pub fn mask(&self, cell: usize) -> u16 {
        self.masks[cell]
    }

    /// True when `digit` (1-9) is a candidate of `cell` (0-80).
    pub fn has(&self, cell: usize, digit: u8) -> bool {
        (1..=9).contains(&digit) && self.masks[cell] & (1 << (digit - 1)) != 0
    }
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
