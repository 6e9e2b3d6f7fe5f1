//! `pencilmarks`: a board with a player's candidates, in either of the two
//! shapes players exchange it in.
//!
//! - The 729-character line: for each cell in reading order nine places,
//!   place `k` holding the digit `k` while it is a candidate and `.` or `0`
//!   once it is not. One board to a line; a separator (white space `,` `;`
//!   `:` `|`) and anything after it are ignored, as in `line`.
//! - The boxed candidate grid that HoDoKu, Sudopedia's PM grids, Simple
//!   Sudoku and `sudokit explain --grid` print: nine rows of nine cells,
//!   each cell the run of its candidates, cells parted by white space and
//!   `|`, and border lines of `-` `=` `+` `*` `.` `:` `'` `|` between bands.
//!   A cell written `.` or `0` has no marks written: every digit is open.
//!
//! In both, a cell with one candidate is a placed digit, and a cell with
//! none is kept as it is (the position is then broken, which the commands
//! say).

use std::fmt;

use super::Candidates;
use super::parser::{Boards, LineParser, Parsed, Rest};
use super::rows::Rows;
use super::text::{column_of, is_filler, is_heading, words_only};
use crate::error::{Found, ParseError, Quantity};
use crate::grid::Grid;

/// Characters of the 729-character line: nine places for each of 81 cells.
pub(super) const LINE_CELLS: usize = 81 * 9;

/// What a row of the boxed grid may hold besides its cells.
const ROW_EXPECTED: &str = "a candidate digit 1-9, '.' or a border (| or white space)";

#[derive(Debug, Default)]
pub(super) struct Parser {
    rows: Rows,
}

/// The separators that may end the 729-character line's cells.
fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | ';' | ':' | '|')
}

/// Whether `text` is a border line of a boxed grid: rules (`-` or `=`)
/// with corners and joints of any of the styles players paste
/// (`.---.`, `:---+---:`, `'---'`, `*---*`, `+---+`, `|---+---|`), and
/// nothing else.
pub(super) fn is_border(text: &str) -> bool {
    text.contains(['-', '='])
        && text.chars().all(|c| {
            c.is_whitespace() || matches!(c, '|' | '-' | '+' | '=' | '*' | '.' | ':' | '\'')
        })
}

/// The cells of a row of the boxed grid as detection reads them: the
/// tokens between white space and `|`, when there are exactly nine and
/// each is a run of distinct candidates 1-9 or a lone `.` or `0`.
pub(super) fn row_cells(text: &str) -> Option<Vec<&str>> {
    let tokens: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == '|')
        .filter(|t| !t.is_empty())
        .collect();
    let cell = |t: &str| {
        matches!(t, "." | "0")
            || (t.len() <= 9
                && t.bytes().all(|b| matches!(b, b'1'..=b'9'))
                && mask_of(t).count_ones() as usize == t.len())
    };
    (tokens.len() == 9 && tokens.iter().all(|t| cell(t))).then_some(tokens)
}

/// The mask of a run of candidate digits (other characters add nothing).
fn mask_of(token: &str) -> u16 {
    token
        .bytes()
        .filter(|b| matches!(b, b'1'..=b'9'))
        .fold(0, |m, b| m | 1 << (b - b'1'))
}

/// The first field of `text` (up to white space or a separator) is longer
/// than any cell of a boxed row, a line puzzle's 81 cells included: it is
/// meant as a 729-character line.
fn is_long_field(text: &str) -> bool {
    let field = text.trim_start().chars().take_while(|&c| !is_separator(c));
    field.take(82).count() > 81
}

impl LineParser for Parser {
    fn line(&mut self, text: &str, lineno: usize, out: &mut Boards) -> Result<(), ParseError> {
        if self.rows.is_empty() && text.len() > 81 && is_long_field(text) {
            // Between boxed boards a 729-character line ends their run as
            // a comment line does: no row was lost or added.
            self.rows.end_run(out, 0, 9, "");
            let (grid, candidates) = match fast_line(text.as_bytes()) {
                Some(masks) => board_of(masks),
                None => parse_line(text, lineno)?,
            };
            out.push(Ok(Parsed {
                grid,
                line: lineno,
                origin: None,
                candidates: Some(Box::new(candidates)),
            }));
            return Ok(());
        }
        let row = self.rows.next_row();
        let result = self.row(text, lineno, out);
        if result.is_err() && (text.trim().is_empty() || is_heading(text, 0)) {
            // A blank line or a label partway through a board ends it.
            self.rows.broke(Rest::Nothing);
            let what = if text.trim().is_empty() {
                "blank line"
            } else {
                "label"
            };
            let end = format!("the {what} on line {lineno}");
            self.rows.end_run(out, self.rows.len() / 9, 9, &end);
        } else if result.is_err() {
            // A row with a typo has about nine tokens: the rest of its board
            // is skipped by count. Any other line may be a stray one, and
            // the skip then goes blind to the next blank line, and says so.
            let tokens = text
                .split(|c: char| c.is_whitespace() || c == '|')
                .filter(|t| !t.is_empty())
                .count();
            let row_like = (8..=10).contains(&tokens);
            self.rows.broke(if row_like {
                Rest::Rows(9 - row)
            } else {
                Rest::ToBlank
            });
            self.rows.broken_line(out, lineno, row_like);
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
        if is_heading(text, 0) {
            return false;
        }
        let has_cells = !is_filler(text) && !is_border(text);
        self.rows.skips(has_cells)
    }

    fn skips_blind(&self) -> bool {
        self.rows.skips_blind()
    }

    fn answer_at_once(&mut self) {
        self.rows.at_once = true;
    }
}

impl Parser {
    /// Reads one line of a boxed board.
    fn row(&mut self, text: &str, lineno: usize, out: &mut Boards) -> Result<(), ParseError> {
        let next = self.rows.next_row();
        let expected_row = || format!("row {next} of 9");
        if text.trim().is_empty() {
            if self.rows.blank_in_grid(out) {
                return Ok(());
            }
            let found = Found::Text("a blank line".into());
            return Err(ParseError::expected(lineno, 1, expected_row(), found));
        }
        if is_filler(text) || is_heading(text, 0) {
            if !is_filler(text) {
                words_only(text, lineno, "a label of text")?;
            }
            if self.rows.is_empty() {
                // Between boards a comment or label parts them as a blank
                // line does.
                self.rows.end_run(out, 0, 9, "");
            } else if !is_filler(text) {
                let found = Found::Text("a label".into());
                return Err(ParseError::expected(lineno, 1, expected_row(), found));
            }
            return Ok(());
        }
        if is_border(text) {
            return Ok(());
        }
        self.rows.begin_row(lineno);
        let mut masks = Vec::with_capacity(9);
        let mut token: Option<(usize, u16, bool)> = None;
        let mut end_column = 1;
        // A space after the last character ends the last cell.
        for (i, c) in text.chars().chain(std::iter::once(' ')).enumerate() {
            let column = i + 1;
            if c.is_whitespace() || c == '|' {
                if let Some((_, mask, _)) = token.take() {
                    masks.push(mask);
                }
                continue;
            }
            if token.is_none() && masks.len() == 9 {
                let found = Found::Text("a 10th".into());
                return Err(ParseError::expected(
                    lineno,
                    column,
                    "9 cells in a row",
                    found,
                ));
            }
            end_column = column + 1;
            let (start, mask, unmarked) = token.get_or_insert((column, 0, false));
            match c {
                '1'..='9' if !*unmarked => {
                    let bit = 1 << (c as u8 - b'1');
                    if *mask & bit != 0 {
                        return Err(ParseError::expected(
                            lineno,
                            column,
                            "each candidate once in a cell",
                            Found::Text(format!("a second '{c}'")),
                        ));
                    }
                    *mask |= bit;
                }
                // A cell with no marks written: every digit is open.
                '.' | '0' if column == *start => {
                    *mask = Candidates::ALL;
                    *unmarked = true;
                }
                c if !matches!(c, '.' | '0' | '1'..='9') => {
                    return Err(ParseError::expected(
                        lineno,
                        column,
                        ROW_EXPECTED,
                        Found::Char(c),
                    ));
                }
                c => {
                    let expected = if *unmarked {
                        "white space or '|' after a cell without marks"
                    } else {
                        "a candidate digit 1-9"
                    };
                    return Err(ParseError::expected(
                        lineno,
                        column,
                        expected,
                        Found::Char(c),
                    ));
                }
            }
        }
        if masks.len() < 9 {
            let found = Found::Text(masks.len().to_string());
            return Err(ParseError::expected(
                lineno,
                end_column,
                "9 cells in a row",
                found,
            ));
        }
        for mask in masks {
            self.rows.push_marks(mask);
        }
        self.rows.end_row(out);
        Ok(())
    }
}

/// The common case, a well-formed 729-character line, read byte by byte;
/// `None` sends anything else to [`parse_line`], which locates the error.
/// Only the 729 places and the byte after them are looked at: the caller
/// answers for the rest of the line being text.
fn fast_line(bytes: &[u8]) -> Option<[u16; 81]> {
    let places = bytes.get(..LINE_CELLS)?;
    if !matches!(
        bytes.get(LINE_CELLS),
        None | Some(b' ' | b'\t' | b',' | b';' | b':' | b'|')
    ) {
        return None;
    }
    let mut masks = [0u16; 81];
    for (mask, cell) in masks.iter_mut().zip(places.chunks_exact(9)) {
        for (k, &b) in (0u8..).zip(cell) {
            if b == b'1' + k {
                *mask |= 1 << k;
            } else if b != b'.' && b != b'0' {
                return None;
            }
        }
    }
    Some(masks)
}

/// Reads a 729-character line (not blank, not a comment), or locates what
/// is wrong with it.
pub(super) fn parse_line(text: &str, lineno: usize) -> Result<(Grid, Candidates), ParseError> {
    let start = text.len() - text.trim_start().len();
    let first_column = column_of(text, start);
    let mut masks = [0u16; 81];
    let mut n = 0;
    for (i, c) in text[start..].chars().enumerate() {
        let column = first_column + i;
        if n == LINE_CELLS {
            if is_separator(c) {
                break;
            }
            let (expected, found) = if matches!(c, '.' | '0'..='9') {
                ("729 candidate places", Found::Text("more".into()))
            } else {
                (
                    "a separator (white space , ; : |) after 729 candidate places",
                    Found::Char(c),
                )
            };
            return Err(ParseError::expected(lineno, column, expected, found));
        }
        let place = (n % 9) as u8 + 1;
        match c {
            '.' | '0' => {}
            '1'..='9' if c as u8 - b'0' == place => masks[n / 9] |= 1 << (place - 1),
            c if is_separator(c) => {
                let found = Found::Text(Quantity(n as u64, "place").to_string());
                return Err(ParseError::expected(
                    lineno,
                    column,
                    "729 candidate places",
                    found,
                ));
            }
            c => {
                let (row, col) = (n / 81 + 1, n / 9 % 9 + 1);
                let expected = format!("'{place}' or '.' at place {place} of r{row}c{col}");
                return Err(ParseError::expected(
                    lineno,
                    column,
                    expected,
                    Found::Char(c),
                ));
            }
        }
        n += 1;
    }
    if n < LINE_CELLS {
        let column = first_column + text[start..].chars().count();
        let found = Found::Text(Quantity(n as u64, "place").to_string());
        return Err(ParseError::expected(
            lineno,
            column,
            "729 candidate places",
            found,
        ));
    }
    Ok(board_of(masks))
}

/// The board of 81 masks: a cell with one candidate is placed.
fn board_of(masks: [u16; 81]) -> (Grid, Candidates) {
    let mut values = [0u8; 81];
    for (value, &mask) in values.iter_mut().zip(&masks) {
        if mask.count_ones() == 1 {
            // The one bit's place is the digit less one: at most 8.
            *value = mask.trailing_zeros() as u8 + 1;
        }
    }
    // Every mask was built from digits 1-9 and every value from one bit.
    (Grid::from_checked(values), Candidates::from_checked(masks))
}

/// The candidates a board of digits alone has in this layout: its digits
/// placed, every digit open in its blanks (a grid says nothing of marks,
/// and candidates pruned by the placed digits could leave a blank with one,
/// which would read back as placed).
pub(super) fn marks_of(grid: &Grid) -> [u16; 81] {
    let mut masks = [Candidates::ALL; 81];
    for (mask, &v) in masks.iter_mut().zip(grid.cells()) {
        if v != 0 {
            *mask = 1 << (v - 1);
        }
    }
    masks
}

/// Writes the 729-character line of `masks` and a line end.
pub(super) fn render_masks(masks: &[u16; 81], out: &mut String) {
    out.reserve(LINE_CELLS + 1);
    for &mask in masks {
        for d in 0..9u8 {
            out.push(if mask & 1 << d != 0 {
                char::from(b'1' + d)
            } else {
                '.'
            });
        }
    }
    out.push('\n');
}

impl fmt::Display for Candidates {
    /// The 729-character line, without a line end.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut line = String::new();
        render_masks(self.masks(), &mut line);
        f.write_str(line.trim_end())
    }
}

/// A board of digits alone as a 729-character line (see [`marks_of`]).
pub(super) fn render(grid: &Grid, out: &mut String) {
    render_masks(&marks_of(grid), out);
}

#[cfg(test)]
mod tests;
