//! `boj`: the judge's format (BOJ 2580): 81 numbers `0`–`9` separated by white
//! space, 9 lines of 9 (or all 81 on one line); blank lines between puzzles
//! optional.
//!
//! Rows are checked to hold exactly 9 numbers so that a 10×10 or 8×9 board is
//! an error at the row where it goes wrong rather than a misaligned puzzle.

use super::{LineParser, Parsed, Rest, Rows, cell_value};
use crate::error::{Found, ParseError};
use crate::grid::Grid;

#[derive(Debug, Default)]
pub(super) struct Parser {
    rows: Rows,
    /// What is left of a broken board, once [`LineParser::reset`] has run.
    rest: Rest,
    /// Set by an error in a row: the rows of its board after it.
    broke: Option<Rest>,
}

/// The white-space-separated tokens of `text` with their 1-based columns.
pub(super) fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 0;
    let mut rest = text;
    std::iter::from_fn(move || {
        let skipped = rest.len() - rest.trim_start().len();
        column += rest[..skipped].chars().count();
        rest = &rest[skipped..];
        if rest.is_empty() {
            return None;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (token, tail) = rest.split_at(end);
        let at = column + 1;
        column += token.chars().count();
        rest = tail;
        Some((at, token))
    })
}

impl LineParser for Parser {
    fn line(
        &mut self,
        text: &str,
        lineno: usize,
        out: &mut Vec<Result<Parsed, ParseError>>,
    ) -> Result<(), ParseError> {
        let row = self.rows.next_row();
        let result = self.row(text, lineno, out);
        if result.is_err() {
            // Every line of a board is a row: the rows after this one are
            // its rest, or nothing when the whole board is on this line.
            let whole = row == 1 && tokens(text).count() > 9;
            self.broke = Some(Rest::Rows(if whole { 0 } else { 9 - row }));
        }
        result
    }

    fn finish(
        &mut self,
        lineno: usize,
        _out: &mut Vec<Result<Parsed, ParseError>>,
    ) -> Result<(), ParseError> {
        self.rows.unfinished(lineno)
    }

    fn reset(&mut self) {
        // A line that was not text broke the board before it was read: it
        // is its row after the complete ones, unless it was the first,
        // which may have held the whole board.
        self.rest = self.broke.take().unwrap_or(match self.rows.next_row() {
            1 => Rest::ToBlank,
            row => Rest::Rows(9 - row),
        });
        self.rows.clear();
    }

    fn skips(&mut self, text: &str) -> bool {
        self.rest.skips(!super::is_filler(text))
    }
}

impl Parser {
    /// Reads one line of a board.
    fn row(
        &mut self,
        text: &str,
        lineno: usize,
        out: &mut Vec<Result<Parsed, ParseError>>,
    ) -> Result<(), ParseError> {
        if text.trim().is_empty() {
            if self.rows.is_empty() {
                return Ok(());
            }
            let row = self.rows.next_row();
            let expected = format!("row {row} of 9");
            return Err(ParseError::expected(
                lineno,
                1,
                expected,
                Found::Text("a blank line".into()),
            ));
        }
        if text.trim_start().starts_with('#') {
            return Ok(());
        }
        self.rows.begin_row(lineno);
        let whole = self.rows.is_empty();
        let mut n = 0;
        let mut end_column = 1;
        for (column, token) in tokens(text) {
            n += 1;
            end_column = column + token.chars().count();
            let mut chars = token.chars();
            let value = match (chars.next().and_then(cell_value), chars.next()) {
                (Some(v), None) => v,
                (None, None) => {
                    let c = token.chars().next().unwrap_or(' ');
                    return Err(ParseError::expected(
                        lineno,
                        column,
                        "a number 0-9",
                        Found::Char(c),
                    ));
                }
                _ => {
                    let found = Found::Token(token.to_owned());
                    return Err(ParseError::expected(lineno, column, "a number 0-9", found));
                }
            };
            if n > 9 && !whole {
                let found = Found::Text("a 10th".into());
                return Err(ParseError::expected(
                    lineno,
                    column,
                    "9 numbers in a row",
                    found,
                ));
            }
            if n > 81 {
                let found = Found::Text("more".into());
                return Err(ParseError::expected(
                    lineno,
                    column,
                    "81 numbers in a puzzle",
                    found,
                ));
            }
            self.rows.push(value);
        }
        if n != 9 && n != 81 || (n == 81 && !whole) {
            let expected = if whole {
                "9 numbers in a row (or 81 in a puzzle)"
            } else {
                "9 numbers in a row"
            };
            let found = Found::Text(format!("{n}"));
            return Err(ParseError::expected(lineno, end_column, expected, found));
        }
        self.rows.end_row(out);
        Ok(())
    }
}

pub(super) fn render(grid: &Grid, out: &mut String) {
    for row in grid.rows() {
        for (i, v) in row.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.push(char::from(b'0' + v));
        }
        out.push('\n');
    }
}
