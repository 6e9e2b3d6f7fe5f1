//! `records`: `sudokit batch`'s text output read back. A line is
//! `path:index:` then the board's 81 cells, or a status word for a puzzle
//! that was not solved (`path:index:unsolvable`), or `path:error: message`
//! for an input that could not be read. A board keeps the path and index as
//! its [`Origin`]; a status or error record holds no board, and reading one
//! is an error that says so.
//!
//! Paths may hold `:` themselves, so a record is read from the right: the
//! last field is the board or status, the one before it the index, and
//! everything before that the path.

use super::Origin;
use super::parser::{Boards, LineParser, Parsed};
use super::text::{cell_value, column_of, grid_from, is_filler};
use crate::error::{Found, ParseError};
use crate::grid::Grid;

/// The status words `sudokit batch` writes for a puzzle it did not solve
/// (`multiple` is `solve --unique`'s, kept so that any status reads back
/// as one).
const STATUS_WORDS: [&str; 4] = ["unsolvable", "invalid", "multiple", "error"];

/// Cells a path may hold for auto-detection to take its line for a record:
/// a `line` puzzle (81 cells, whole or with a typo) followed by `:`-separated
/// fields is never taken for one.
const MOST_PATH_CELLS: usize = 40;

/// What sits after the `:` that ends a record's `path:index` (or `path`).
const WHAT: &str = "81 cells or a status word after 'path:index:'";

#[derive(Debug, Default)]
pub(super) struct Parser;

impl LineParser for Parser {
    fn line(&mut self, text: &str, lineno: usize, out: &mut Boards) -> Result<(), ParseError> {
        if is_filler(text) {
            return Ok(());
        }
        let (grid, origin) = parse_data(text, lineno)?;
        out.push(Ok(Parsed {
            grid,
            line: lineno,
            origin: Some(Box::new(origin)),
            candidates: None,
        }));
        Ok(())
    }

    fn finish(&mut self, _lineno: usize, _out: &mut Boards) -> Result<(), ParseError> {
        Ok(())
    }

    fn reset(&mut self) {}

    fn skips(&mut self, _text: &str) -> bool {
        false
    }
}

/// A record line, taken apart.
#[derive(Debug, PartialEq, Eq)]
enum Record<'a> {
    /// `path:index:` and the board's cells (`tail`).
    Board {
        path: &'a str,
        index: &'a str,
        tail: &'a str,
    },
    /// `path:index:status`.
    Status {
        path: &'a str,
        index: &'a str,
        tail: &'a str,
    },
    /// `path:error: message`: an input that could not be read.
    Failed { path: &'a str },
}

/// `text` (trimmed) taken apart as a record, or `None` when it has no
/// record's shape.
fn split(text: &str) -> Option<Record<'_>> {
    let numbered = text.rsplit_once(':').and_then(|(head, tail)| {
        let (path, index) = head.rsplit_once(':')?;
        let digits = !index.is_empty() && index.bytes().all(|b| b.is_ascii_digit());
        (digits && !path.is_empty()).then_some((path, index, tail))
    });
    if let Some((path, index, tail)) = numbered
        && tail.chars().count() == 81
        && tail.chars().all(|c| cell_value(c).is_some())
    {
        return Some(Record::Board { path, index, tail });
    }
    // Before a status: an error's message may itself end like one.
    if let Some((path, _)) = text.split_once(":error: ")
        && !path.is_empty()
    {
        return Some(Record::Failed { path });
    }
    match numbered {
        Some((path, index, tail)) if STATUS_WORDS.contains(&tail) => {
            Some(Record::Status { path, index, tail })
        }
        _ => None,
    }
}

/// Whether the first data line `first` is a record, as auto-detection
/// decides: the shape of one, with a path that is not a `line` puzzle.
pub(super) fn is_record(first: &str) -> bool {
    let path = match split(first.trim()) {
        Some(
            Record::Board { path, .. } | Record::Status { path, .. } | Record::Failed { path },
        ) => path,
        None => return false,
    };
    path.chars().filter(|&c| cell_value(c).is_some()).count() <= MOST_PATH_CELLS
}

/// Reads one data line as a record's board and origin, or locates what is
/// wrong with it: a status or error record holds no board.
pub(super) fn parse_data(text: &str, lineno: usize) -> Result<(Grid, Origin), ParseError> {
    let start = text.len() - text.trim_start().len();
    let trimmed = text.trim();
    let column = |part: &str| {
        column_of(
            text,
            start + (part.as_ptr() as usize - trimmed.as_ptr() as usize),
        )
    };
    match split(trimmed) {
        Some(Record::Board { path, index, tail }) => {
            let index = parse_index(index, lineno, column(index))?;
            let mut cells = [0u8; 81];
            for (slot, c) in cells.iter_mut().zip(tail.chars()) {
                *slot = cell_value(c).unwrap_or(0);
            }
            let origin = Origin {
                source: path.to_owned(),
                index,
            };
            Ok((grid_from(&cells), origin))
        }
        Some(Record::Status { path, index, tail }) => Err(ParseError::expected(
            lineno,
            column(tail),
            "81 cells after 'path:index:'",
            Found::Text(format!(
                "the status '{tail}' of {path}:{index}, which holds no board"
            )),
        )),
        Some(Record::Failed { path }) => Err(ParseError::expected(
            lineno,
            column(path) + path.chars().count() + 1,
            "'path:index:' then 81 cells",
            Found::Text(format!("the error record of {path}, which holds no board")),
        )),
        None => Err(misshapen(text, trimmed, lineno, start)),
    }
}

/// The error for a line that is not a record: at the field after the last
/// `:` when there is a `path:index:` before it, at the line's start otherwise.
fn misshapen(text: &str, trimmed: &str, lineno: usize, start: usize) -> ParseError {
    let numbered = trimmed.rsplit_once(':').filter(|(head, _)| {
        head.rsplit_once(':').is_some_and(|(path, index)| {
            !path.is_empty() && !index.is_empty() && index.bytes().all(|b| b.is_ascii_digit())
        })
    });
    match numbered {
        Some((head, tail)) => {
            let column = column_of(text, start + head.len() + 1);
            let cells = tail.chars().filter(|&c| cell_value(c).is_some()).count();
            let found = if tail.chars().all(|c| cell_value(c).is_some()) {
                Found::Text(crate::error::Quantity(cells as u64, "cell").to_string())
            } else {
                Found::Token(tail.to_owned())
            };
            ParseError::expected(lineno, column, WHAT, found)
        }
        None => ParseError::expected(
            lineno,
            start + 1,
            "a record, 'path:index:' then 81 cells or a status word",
            Found::Token(trimmed.to_owned()),
        ),
    }
}

/// The record's index, a 1-based position.
fn parse_index(index: &str, lineno: usize, column: usize) -> Result<usize, ParseError> {
    index.parse().map_err(|_| {
        ParseError::expected(
            lineno,
            column,
            "an index that fits a number",
            Found::Token(index.to_owned()),
        )
    })
}

/// Writes `grid` as a record of `source`'s puzzle `index`, as `sudokit
/// batch` does; for tests of reading records back.
#[cfg(test)]
pub(super) fn render(source: &str, index: usize, grid: &Grid, out: &mut String) {
    out.push_str(source);
    out.push(':');
    out.push_str(&index.to_string());
    out.push(':');
    super::line::render(grid, out);
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn records_are_read_from_the_right() {
        let line = format!("C:\\a:b.txt:12:{SOLVED}");
        let (grid, origin) = parse_data(&line, 3).expect("a record");
        assert_eq!(grid.to_string(), SOLVED);
        assert_eq!(origin.source, "C:\\a:b.txt");
        assert_eq!(origin.index, 12);
        assert!(is_record(&line));
        assert!(is_record("a.txt:2:unsolvable"));
        assert!(is_record("a.txt:error: 1:81: expected a digit"));
        // A `line` puzzle with `:`-separated fields is not a record.
        let puzzle = SOLVED.replacen('5', ".", 3);
        assert!(!is_record(&format!("{puzzle}:1:{SOLVED}")));
        assert!(!is_record(&format!("{}x:1:{SOLVED}", &puzzle[..80])));
        assert!(!is_record(&format!("{puzzle}:easy:1.2")));
        assert!(!is_record(&format!("{puzzle}:1:unsolvable")));
        assert!(!is_record(SOLVED));
        assert!(!is_record(":1:unsolvable"));
        assert!(!is_record("a.txt:x:unsolvable"));
    }

    #[test]
    fn status_and_error_records_are_located_errors() {
        let err = parse_data("a.txt:2:unsolvable", 4).expect_err("no board");
        assert_eq!(
            err.to_string(),
            "4:9: expected 81 cells after 'path:index:', \
             found the status 'unsolvable' of a.txt:2, which holds no board"
        );
        let err = parse_data("b.txt:error: 1:81: bad", 5).expect_err("no board");
        assert_eq!(
            err.to_string(),
            "5:7: expected 'path:index:' then 81 cells, \
             found the error record of b.txt, which holds no board"
        );
        let err = parse_data("a.txt:2:12x", 1).expect_err("not a board");
        assert_eq!((err.line, err.column), (1, 9));
        let err = parse_data("no record here", 1).expect_err("not a record");
        assert_eq!((err.line, err.column), (1, 1));
    }

    #[test]
    fn a_rendered_record_reads_back() {
        let grid: Grid = SOLVED.replacen('3', ".", 5).parse().expect("a board");
        let mut text = String::new();
        render("dir/a b:c.txt", 7, &grid, &mut text);
        let (back, origin) = parse_data(text.trim_end(), 1).expect("a record");
        assert_eq!(back, grid);
        assert_eq!((origin.source.as_str(), origin.index), ("dir/a b:c.txt", 7));
    }
}
