//! `boj`: the judge's format (BOJ 2580): 81 numbers `0`–`9` separated by white
//! space, by convention 9 lines of 9; blank lines between puzzles optional.
//!
//! A board's first line sets how many numbers each of its lines holds: 9 (the
//! convention), or 1, 3, 27 or 81 (the whole board on one line). Every line
//! is checked to hold that many, so that a 10×10 or 8×9 board is an error at
//! the line where it goes wrong rather than a misaligned puzzle, and so that
//! after an error the rest of the broken board is known.

use super::parser::{Boards, LineParser, Rest};
use super::rows::Rows;
use super::text::{cell_value, is_filler, is_heading, words_only};
use crate::error::{Found, ParseError, Quantity};
use crate::grid::Grid;

#[derive(Debug, Default)]
pub(super) struct Parser {
    rows: Rows,
    /// Numbers to a line in the board being read (one of [`LAYOUTS`]), set
    /// by its first line.
    per_line: usize,
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
    fn line(&mut self, text: &str, lineno: usize, out: &mut Boards) -> Result<(), ParseError> {
        let before = self.rows.len();
        let result = self.row(text, lineno, out);
        if result.is_err() {
            // The lines after this one are the rest of the board when this
            // line is a row with a typo: the board's count of words (9 or 81
            // first in a board, 9 or more in any case), all numbers but one
            // or two. Any other line may be a stray one rather than a row (a
            // heading of nine words, a lone word among rows of one): skipping
            // by count could then join parts of two boards into one, so the
            // skip goes blind to the next blank line instead, and says so.
            let n = tokens(text).count();
            let numbers = tokens(text)
                .filter(|(_, t)| t.len() == 1 && t.chars().all(|c| cell_value(c).is_some()))
                .count();
            let per_line = if before == 0 { n } else { self.per_line };
            let shaped = if before == 0 {
                n == 9 || n == 81
            } else {
                n == per_line
            };
            let sure = shaped && numbers + 2 >= n;
            self.rows.broke(if sure {
                Rest::Rows((81 / per_line).saturating_sub(before / per_line + 1))
            } else {
                Rest::ToBlank
            });
            if text.trim().is_empty() {
                let end = format!("the blank line on line {lineno}");
                self.end_run(out, &end);
            } else if is_heading(text, self.per_line) {
                // A heading partway through a board ends it, as a blank
                // line does; the next board starts after it.
                self.rows.broke(Rest::Nothing);
                let end = format!("the heading on line {lineno}");
                self.end_run(out, &end);
            } else {
                // Mostly numbers, and more than half a row of them (of a
                // line, for 1 or 3 to a line): a row with a typo, maybe.
                let least = match per_line {
                    1 => 1,
                    3 => 2,
                    _ => 5,
                };
                let row_like = n >= least && numbers + 2 >= n;
                self.rows.broken_line(out, lineno, row_like);
                if sure && per_line < 9 {
                    // Fewer than nine to a line, a line of the right count
                    // may also be a stray one, which skipping by count would
                    // join to the next board's lines: only the end of the
                    // run shows that, so its boards wait for it, answered
                    // at once or not (the same items either way).
                    self.rows.hold_run();
                }
            }
        } else if text.trim().is_empty() {
            self.end_run(out, "");
        }
        result
    }

    fn finish(&mut self, lineno: usize, out: &mut Boards) -> Result<(), ParseError> {
        self.end_run(out, "the end of the input");
        if self.rows.is_empty() {
            return Ok(());
        }
        Err(ParseError::expected(
            lineno + 1,
            1,
            self.wanted(),
            Found::EndOfInput,
        ))
    }

    fn start(&self) -> Option<usize> {
        self.rows.start()
    }

    fn reset(&mut self) {
        self.rows.reset();
    }

    fn skips(&mut self, text: &str) -> bool {
        // A heading starts the next board, as a blank line would: whatever
        // was left of the broken one ends before it.
        if is_heading(text, self.per_line) {
            return false;
        }
        self.rows.skips(!is_filler(text))
    }

    fn skips_blind(&self) -> bool {
        self.rows.skips_blind()
    }

    fn answer_at_once(&mut self) {
        self.rows.at_once = true;
    }
}

/// The numbers to a line a board may use; all its lines use the same.
const LAYOUTS: [usize; 5] = [9, 1, 3, 27, 81];

impl Parser {
    /// The run of rows ends at a blank line or the end of the input (`end`,
    /// for the message; see [`Rows::end_run`]).
    fn end_run(&mut self, out: &mut Boards, end: &str) {
        let per_line = self.per_line.max(1);
        let lines = self.rows.len() / per_line;
        self.rows.end_run(out, lines, 81 / per_line, end);
    }

    /// What the line after the board's last one should be.
    fn wanted(&self) -> String {
        let done = self.rows.len() / self.per_line.max(1);
        if self.per_line == 9 {
            format!("row {} of 9", done + 1)
        } else {
            format!("line {} of {}", done + 1, 81 / self.per_line.max(1))
        }
    }

    /// How many numbers each line of the board holds.
    fn per_line_wanted(&self) -> String {
        if self.per_line == 9 {
            "9 numbers in a row".to_owned()
        } else {
            format!(
                "{} to a line, as on its first",
                Quantity(self.per_line as u64, "number")
            )
        }
    }

    /// Reads one line of a board.
    fn row(&mut self, text: &str, lineno: usize, out: &mut Boards) -> Result<(), ParseError> {
        if text.trim().is_empty() {
            if self.rows.is_empty() {
                return Ok(());
            }
            return Err(ParseError::expected(
                lineno,
                1,
                self.wanted(),
                Found::Text("a blank line".into()),
            ));
        }
        if is_filler(text) {
            if self.rows.is_empty() {
                // Between boards, a comment line parts them as a blank line
                // does: the boards whole before it are handed out.
                self.end_run(out, "");
            }
            return Ok(());
        }
        if is_heading(text, self.per_line) {
            words_only(text, lineno, "a heading of text")?;
            if self.rows.is_empty() {
                // Between boards it parts them as a blank line does: the
                // boards whole before it are handed out.
                self.end_run(out, "");
                return Ok(());
            }
            return Err(ParseError::expected(
                lineno,
                1,
                self.wanted(),
                Found::Text("a heading".into()),
            ));
        }
        self.rows.begin_row(lineno);
        let first = self.rows.is_empty();
        let most = if first { 81 } else { self.per_line };
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
            if n > most {
                let (expected, found) = if first {
                    ("81 numbers in a puzzle".to_owned(), "more".to_owned())
                } else {
                    let found = if self.per_line == 9 { "a 10th" } else { "more" };
                    (self.per_line_wanted(), found.to_owned())
                };
                return Err(ParseError::expected(
                    lineno,
                    column,
                    expected,
                    Found::Text(found),
                ));
            }
            self.rows.push(value);
        }
        if first && !LAYOUTS.contains(&n) {
            return Err(ParseError::expected(
                lineno,
                end_column,
                "9 numbers in a row (or 1, 3, 27 or 81 to a line)",
                Found::Text(format!("{n}")),
            ));
        }
        if first {
            self.per_line = n;
        } else if n != self.per_line {
            return Err(ParseError::expected(
                lineno,
                end_column,
                self.per_line_wanted(),
                Found::Text(format!("{n}")),
            ));
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
