//! `grid`: a board drawn for people — 9 rows of 9 cells with `|` `-` `+` `=`
//! and white space as decoration (qqwing's readable form, Norvig's display,
//! `.sdk` and `.ss` files). Rows without cells and `#` lines are skipped.

use super::parser::{Boards, LineParser, Rest};
use super::rows::Rows;
use super::text::{cell_value, column_of, is_binary, is_filler, is_heading, words_only};
use crate::error::{Found, ParseError};
use crate::grid::Grid;

#[derive(Debug, Default)]
pub(super) struct Parser {
    rows: Rows,
}

/// A label between boards: Project Euler's sudoku file (problem 96) names
/// each board on a line of its own, `Grid 01`; other collections write
/// `Puzzle 1` or `Sudoku 1` (see [`is_heading`]).
fn is_grid_label(text: &str) -> bool {
    is_heading(text, 0)
}

fn has_cells(text: &str) -> bool {
    text.chars().any(|c| cell(c).is_some())
}

fn cell(c: char) -> Option<u8> {
    match c {
        '_' => Some(0),
        c => cell_value(c),
    }
}

fn is_decoration(c: char) -> bool {
    c.is_whitespace() || matches!(c, '|' | '-' | '+' | '=')
}

impl LineParser for Parser {
    fn line(&mut self, text: &str, lineno: usize, out: &mut Boards) -> Result<(), ParseError> {
        let row = self.rows.next_row();
        let result = self.row(text, lineno, out);
        if result.is_err() && (text.trim().is_empty() || is_grid_label(text)) {
            // A blank line or a label partway through a board: it ends
            // the board.
            self.rows.broke(Rest::Nothing);
            let what = if is_grid_label(text) {
                "label"
            } else {
                "blank line"
            };
            let end = format!("the {what} on line {lineno}");
            self.rows.end_run(out, self.rows.len() / 9, 9, &end);
        } else if result.is_err() {
            // The rows after this one when it is a row with a typo: 9 cells
            // counting the characters that are neither cells nor borders,
            // all cells but one or two. A line of another shape may be a
            // stray one rather than a row (a heading of nine characters):
            // skipping by count could then join parts of two boards, so the
            // skip goes blind to the next blank line instead, and says so.
            // A line without cells is not a row.
            let cells = text.chars().filter(|&c| cell(c).is_some()).count();
            let width = text
                .chars()
                .filter(|&c| cell(c).is_some() || !is_decoration(c))
                .count();
            self.rows.broke(match (has_cells(text), row) {
                (true, _) if width == 9 && cells >= 7 => Rest::Rows(9 - row),
                (true, _) => Rest::ToBlank,
                (false, 1) => Rest::Nothing,
                (false, _) => Rest::Rows(10 - row),
            });
            // More than half a row of cells: a row with a typo, maybe.
            self.rows.broken_line(out, lineno, cells >= 5);
        }
        result
    }

    fn finish(&mut self, lineno: usize, out: &mut Boards) -> Result<(), ParseError> {
        self.rows.unfinished(lineno, out)
    }

    fn start(&self) -> Option<usize> {
        self.rows.start()
    }

    fn reset(&mut self) {
        self.rows.reset();
    }

    fn skips(&mut self, text: &str) -> bool {
        // A label starts the next board: what was left of the broken one
        // ends before it.
        if is_grid_label(text) {
            return false;
        }
        self.rows.skips(!is_filler(text) && has_cells(text))
    }

    fn skips_blind(&self) -> bool {
        self.rows.skips_blind()
    }

    fn answer_at_once(&mut self) {
        self.rows.at_once = true;
    }
}

impl Parser {
    /// Reads one line of a board.
    fn row(&mut self, text: &str, lineno: usize, out: &mut Boards) -> Result<(), ParseError> {
        if text.trim().is_empty() {
            if self.rows.blank_in_grid(out) {
                return Ok(());
            }
            return Err(ParseError::expected(
                lineno,
                1,
                format!("row {} of 9", self.rows.next_row()),
                Found::Text("a blank line".into()),
            ));
        }
        if is_filler(text) || is_grid_label(text) {
            if !is_filler(text) {
                words_only(text, lineno, "a label of text")?;
            }
            if self.rows.is_empty() {
                // Between boards, a comment or label parts them as a blank
                // line does: the boards whole before it are handed out.
                self.rows.end_run(out, 0, 9, "");
            } else if is_grid_label(text) {
                return Err(ParseError::expected(
                    lineno,
                    1,
                    format!("row {} of 9", self.rows.next_row()),
                    Found::Text("a label".into()),
                ));
            }
            return Ok(());
        }
        if !has_cells(text) {
            // Rows without cells are decoration or labels, but control
            // characters (NUL, ESC, …) mean the input is not text at all.
            return match text.char_indices().find(|&(_, c)| is_binary(c)) {
                Some((at, c)) => Err(ParseError::expected(
                    lineno,
                    column_of(text, at),
                    "a digit, '.', '_' or a border (| - + =)",
                    Found::Char(c),
                )),
                None => Ok(()),
            };
        }
        self.rows.begin_row(lineno);
        let mut n = 0;
        let mut end_column = 0;
        for (i, c) in text.chars().enumerate() {
            let column = i + 1;
            if let Some(v) = cell(c) {
                n += 1;
                if n > 9 {
                    let found = Found::Text("a 10th".into());
                    return Err(ParseError::expected(
                        lineno,
                        column,
                        "9 cells in a row",
                        found,
                    ));
                }
                self.rows.push(v);
                end_column = column + 1;
            } else if !is_decoration(c) {
                let expected = "a digit, '.', '_' or a border (| - + =)";
                return Err(ParseError::expected(
                    lineno,
                    column,
                    expected,
                    Found::Char(c),
                ));
            }
        }
        if n < 9 {
            let found = Found::Text(n.to_string());
            return Err(ParseError::expected(
                lineno,
                end_column,
                "9 cells in a row",
                found,
            ));
        }
        self.rows.end_row(out);
        Ok(())
    }
}

/// Norvig-style drawing: digits and `.` separated by spaces, `|` between
/// boxes, a `------+-------+------` rule between bands.
pub(super) fn render(grid: &Grid, out: &mut String) {
    for (r, row) in grid.rows().iter().enumerate() {
        if r == 3 || r == 6 {
            out.push_str("------+-------+------\n");
        }
        for (c, &v) in row.iter().enumerate() {
            if c == 3 || c == 6 {
                out.push_str(" |");
            }
            if c > 0 {
                out.push(' ');
            }
            out.push(if v == 0 { '.' } else { char::from(b'0' + v) });
        }
        out.push('\n');
    }
}
