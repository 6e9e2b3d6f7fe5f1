//! `line`: one puzzle per line, 81 cell characters, then optionally a
//! separator and anything (so CSV rows and rated lists read as they are).

use super::parser::{Boards, LineParser, Parsed};
use super::text::{cell_value, column_of, grid_from, is_filler};
use crate::error::{Found, ParseError, Quantity};
use crate::grid::Grid;

#[derive(Debug, Default)]
pub(super) struct Parser;

fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | ';' | ':' | '|')
}

impl LineParser for Parser {
    fn line(&mut self, text: &str, lineno: usize, out: &mut Boards) -> Result<(), ParseError> {
        if is_filler(text) {
            return Ok(());
        }
        let grid = parse_data(text, lineno)?;
        out.push(Ok(Parsed {
            grid,
            line: lineno,
            origin: None,
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

/// A line that opens with a double-quoted field, as CSV writers quote them:
/// the field's content and what follows its closing quote. `None` when the
/// line does not start with a quote or the quote is not closed.
pub(super) fn quoted_field(text: &str) -> Option<(&str, &str)> {
    let inner = text.trim_start().strip_prefix('"')?;
    let end = inner.find('"')?;
    Some((&inner[..end], &inner[end + 1..]))
}

/// Reads one data line (not blank, not a comment) as a board, or locates
/// what is wrong with it. The puzzle may be a quoted CSV field
/// (`"53..7…","534678…"`).
pub(super) fn parse_data(text: &str, lineno: usize) -> Result<Grid, ParseError> {
    if let Some(grid) = fast_line(text.as_bytes()) {
        return Ok(grid);
    }
    if let Some(inner) = text.trim_start().strip_prefix('"') {
        // A quoted field: the 81 cells, the closing quote, then the end of
        // the line or a separator.
        let start = text.len() - inner.len();
        let first_column = column_of(text, start);
        let field = inner.find('"').map_or(inner, |end| &inner[..end]);
        let grid = parse_cells(field, lineno, first_column)?;
        let closing = "'\"' to close the quoted cells";
        if let Some(c) = field.chars().nth(81) {
            // The cells stopped at a separator inside the quotes.
            let column = first_column + 81;
            return Err(ParseError::expected(
                lineno,
                column,
                closing,
                Found::Char(c),
            ));
        }
        let mut after = inner[field.len()..].chars();
        let (column, expected, found) = match (after.next(), after.next()) {
            // Closed, then nothing or a separator: the common case.
            (Some('"'), None) => return Ok(grid),
            (Some('"'), Some(c)) if is_separator(c) => return Ok(grid),
            (Some('"'), Some(c)) => (
                first_column + field.chars().count() + 1,
                "a separator (white space , ; : |) after the quoted cells",
                Found::Char(c),
            ),
            // The line ended with the quote still open.
            _ => (first_column + 81, closing, Found::EndOfLine),
        };
        return Err(ParseError::expected(lineno, column, expected, found));
    }
    let start = text.len() - text.trim_start().len();
    parse_cells(&text[start..], lineno, column_of(text, start))
}

/// The 81 cells at the start of `text`, whose first character is at
/// `first_column`, up to a separator or the end.
fn parse_cells(text: &str, lineno: usize, first_column: usize) -> Result<Grid, ParseError> {
    let mut cells = [0u8; 81];
    let mut n = 0;
    for (i, c) in text.chars().enumerate() {
        let column = first_column + i;
        if n == 81 {
            if is_separator(c) {
                break;
            }
            if cell_value(c).is_some() {
                let found = Found::Text("more than 81 cells".into());
                return Err(ParseError::expected(lineno, column, "81 cells", found));
            }
            let expected = "a separator (white space , ; : |) after 81 cells";
            return Err(ParseError::expected(
                lineno,
                column,
                expected,
                Found::Char(c),
            ));
        }
        match cell_value(c) {
            Some(v) => {
                cells[n] = v;
                n += 1;
            }
            None if is_separator(c) => {
                let found = Found::Text(Quantity(n as u64, "cell").to_string());
                return Err(ParseError::expected(lineno, column, "81 cells", found));
            }
            None => {
                let expected = "a digit 0-9 or '.'";
                return Err(ParseError::expected(
                    lineno,
                    column,
                    expected,
                    Found::Char(c),
                ));
            }
        }
    }
    if n < 81 {
        let column = first_column + text.chars().count();
        let found = Found::Text(Quantity(n as u64, "cell").to_string());
        return Err(ParseError::expected(lineno, column, "81 cells", found));
    }
    Ok(grid_from(&cells))
}

/// The common case, a well-formed line, checked byte by byte; `None` sends
/// anything else to the careful path that locates the error. Only the 81
/// cells and the byte after them are looked at: the caller answers for the
/// rest of the line being text.
pub(super) fn fast_line(bytes: &[u8]) -> Option<Grid> {
    let mut grid = Grid::EMPTY;
    fast_line_into(bytes, &mut grid).then_some(grid)
}

/// [`fast_line`], writing the board into `grid`, where it is to stay; false
/// (with `grid` holding anything from 0 to 9) for a line it does not take.
pub(super) fn fast_line_into(bytes: &[u8], grid: &mut Grid) -> bool {
    let Some(cells) = bytes.get(..81) else {
        return false;
    };
    if !matches!(
        bytes.get(81),
        None | Some(b' ' | b'\t' | b',' | b';' | b':' | b'|')
    ) {
        return false;
    }
    // A digit is its value and `.` is 0; anything else is flagged, with one
    // test for all 81 afterwards. Arithmetic rather than a table, so that
    // the loop vectorizes.
    let mut bad = 0u8;
    for (slot, &b) in grid.cells_mut().iter_mut().zip(cells) {
        let v = b.wrapping_sub(b'0');
        let digit = v <= 9;
        *slot = if digit { v } else { 0 };
        bad |= u8::from(!digit & (b != b'.'));
    }
    bad == 0
}

pub(super) fn render(grid: &Grid, out: &mut String) {
    let mut line = [b'\n'; 82];
    for (slot, &v) in line.iter_mut().zip(grid.cells()) {
        *slot = if v == 0 { b'.' } else { b'0' + v };
    }
    // Only ASCII was written, so this never takes the fallback.
    out.push_str(std::str::from_utf8(&line).unwrap_or_default());
}
