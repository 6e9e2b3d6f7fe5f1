//! `boj`: the judge's format (BOJ 2580): 81 numbers `0`–`9` separated by white
//! space, 9 lines of 9 (or all 81 on one line); blank lines between puzzles
//! optional.
//!
//! Rows are checked to hold exactly 9 numbers so that a 10×10 or 8×9 board is
//! an error at the row where it goes wrong rather than a misaligned puzzle.

use super::{LineParser, Parsed, Rows, cell_value};
use crate::error::{Found, ParseError};
use crate::grid::Grid;

#[derive(Debug, Default)]
pub(super) struct Parser {
    rows: Rows,
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

    fn finish(
        &mut self,
        lineno: usize,
        _out: &mut Vec<Result<Parsed, ParseError>>,
    ) -> Result<(), ParseError> {
        self.rows.unfinished(lineno)
    }

    fn reset(&mut self) {
        self.rows.clear();
    }

    fn resync_at_blank(&self) -> bool {
        true
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
