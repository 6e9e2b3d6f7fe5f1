//! Helpers on the text of one line, shared by the reader and the parsers:
//! line ends, UTF-8, lines without data, headings, columns and cells.

use super::detect;
use crate::error::{Found, ParseError, ParseErrorKind};
use crate::grid::Grid;

/// A line as read (without its `\n`), without a `\r` before the line end
/// and, on line 1, without a byte-order mark.
pub(super) fn line_content(mut bytes: &[u8], lineno: usize) -> &[u8] {
    if let [rest @ .., b'\r'] = bytes {
        bytes = rest;
    }
    if lineno == 1 {
        bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    }
    bytes
}

/// The text of line `lineno`, or where it stops being UTF-8.
pub(super) fn decode(bytes: &[u8], lineno: usize) -> Result<&str, ParseError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let valid = &bytes[..e.valid_up_to()];
        let column = String::from_utf8_lossy(valid).chars().count() + 1;
        let byte = bytes[e.valid_up_to()];
        ParseError::new(lineno, column, ParseErrorKind::InvalidUtf8 { byte })
    })
}

/// True for lines that carry no data in any format: blank, `#` comments,
/// and comment lines of code (`// …`, or `/* … */` on one line), as code
/// pasted with its board often has.
pub(super) fn is_filler(text: &str) -> bool {
    let t = text.trim();
    t.is_empty()
        || t.starts_with('#')
        || t.starts_with("//")
        || (t.starts_with("/*") && t.find("*/") == Some(t.len() - 2))
}

/// A header line (e.g. a CSV header) is skipped when it is the first data line:
/// it has a letter, no digit and nothing that starts a board.
pub(super) fn is_header(text: &str) -> bool {
    work::add(text.len());
    // `.sdk` files may open with a section label such as `[Puzzle]`.
    let t = text.trim();
    let section = t.len() > 2
        && t.starts_with('[')
        && t.ends_with(']')
        && t[1..t.len() - 1]
            .chars()
            .all(|c| c.is_alphabetic() || c == ' ');
    if section {
        return true;
    }
    // Quotes count as a structure's start, except in a CSV header of
    // quoted fields (`"quizzes","solutions"`), which has a separator.
    let quoted_csv = text.contains([',', ';', '\t']);
    // Brackets do when they open the line or follow a declaration, not in
    // a title (`Sudoku [hard]`).
    let structure = t.starts_with(['[', '{']) || detect::declaration_end(t).is_some();
    // A run of dots is blank cells: a grid row with a typo, not a header.
    text.chars().any(|c| c.is_alphabetic())
        && !text.contains("..")
        && !text.chars().any(|c| {
            c.is_ascii_digit()
                || matches!(c, '\'' | '=' | '|')
                || (matches!(c, '[' | '{') && structure)
                || (c == '"' && !quoted_csv)
        })
}

/// A heading between boards of `boj` or `grid`, as copied with them from a
/// judge's page or a collection: `예제 입력 1` ("sample input 1"), `Sample
/// Input 1`, `Case 2:`, `Puzzle 3 of 10`, `Grid 01`. It starts with a word
/// of two letters or more (not all the same, no cell among them), and has
/// no more numbers than words (at most two): a row with a typo (`5 3 x`,
/// `0 3 5 4 6 9 2 7 8x`, `..ab`, `1 ab`, `OOOOOOOOO`) stays an error. Where
/// boards are written a number to a line (`per_line` 1), a lone word may
/// be a mistyped number, so a heading there has two words or more.
pub(super) fn is_heading(text: &str, per_line: usize) -> bool {
    // Every row is read through here: most have no letter at all.
    if !text.chars().any(char::is_alphabetic)
        || (per_line == 1 && text.split_whitespace().nth(1).is_none())
    {
        return false;
    }
    let (mut words, mut numbers) = (0, 0);
    for (i, token) in text.split_whitespace().enumerate() {
        let cell = |c: char| cell_value(c).is_some() || c == '_';
        let letters = || token.chars().filter(|c| c.is_alphabetic());
        if token.chars().all(|c| matches!(c, '.' | '_'))
            || token.chars().filter(|&c| cell(c)).nth(8).is_some()
        {
            // Blank cells: a row (`ab ..`); nine cells or more in one
            // token: a board or a row written as code (`{{5,3,0,…}}`,
            // `"53..7…"`), never a heading's number.
            return false;
        } else if token.chars().any(cell) && !token.chars().any(char::is_alphabetic) {
            // A number (`2`, `9.0`, `12-31`, `#3`).
            numbers += 1;
        } else if !token.chars().any(cell)
            && letters().nth(1).is_some()
            && letters().any(|c| Some(c) != letters().next())
        {
            // Two letters or more, not all the same (`OOOOOOOOO` is a row
            // of blanks mistyped), no cell among them.
            words += 1;
        }
        if i == 0 && words == 0 {
            // A heading starts with a word: `1 ab`, `..ab` are rows.
            return false;
        }
    }
    words > 0 && numbers <= 2 && numbers <= words
}

/// A control character (NUL, BEL, ESC, …) other than white space: no text
/// holds one.
pub(super) fn is_binary(c: char) -> bool {
    c.is_control() && !c.is_whitespace()
}

/// A line passed over as words (`what`: a header, a heading, a label) that
/// holds a control character is not text: an error at its column, rather
/// than a line dropped without a word.
pub(super) fn words_only(text: &str, lineno: usize, what: &str) -> Result<(), ParseError> {
    match text.char_indices().find(|&(_, c)| is_binary(c)) {
        Some((at, c)) => Err(ParseError::expected(
            lineno,
            column_of(text, at),
            what,
            Found::Char(c),
        )),
        None => Ok(()),
    }
}

/// Column (1-based, in characters) of byte offset `byte` in `text`.
pub(super) fn column_of(text: &str, byte: usize) -> usize {
    text[..byte].chars().count() + 1
}

/// The one-character cell at `c`: `Some(0)` for a blank (`0` or `.`), `Some(d)` for a digit.
pub(super) fn cell_value(c: char) -> Option<u8> {
    match c {
        '.' | '0' => Some(0),
        '1'..='9' => Some(c as u8 - b'0'),
        _ => None,
    }
}

pub(super) fn grid_from(cells: &[u8]) -> Grid {
    let mut array = [0u8; 81];
    array.copy_from_slice(&cells[..81]);
    // Every parser only stores values from `cell_value`, which are 0-9.
    Grid::from_checked(array)
}

/// Bytes looked at by the scans that may start anywhere in a line or run
/// over text already looked at (declarations, brackets, detection, headers):
/// the tests count them to keep every reading path linear in its input.
#[cfg(test)]
pub(super) mod work {
    use std::cell::Cell;

    thread_local! {
        static SCANNED: Cell<usize> = const { Cell::new(0) };
        static BUDGET: Cell<usize> = const { Cell::new(usize::MAX) };
    }

    /// Counts `bytes` looked at; past the budget set, a test fails at once
    /// rather than running a superlinear scan to its end.
    pub(in crate::format) fn add(bytes: usize) {
        let scanned = SCANNED.with(|scanned| {
            scanned.set(scanned.get().saturating_add(bytes));
            scanned.get()
        });
        let budget = BUDGET.with(Cell::get);
        assert!(
            scanned <= budget,
            "scanned {scanned} bytes, more than the budget of {budget}"
        );
    }

    /// Starts counting from 0 on this thread, with at most `budget` bytes.
    pub(in crate::format) fn start(budget: usize) {
        SCANNED.with(|scanned| scanned.set(0));
        BUDGET.with(|b| b.set(budget));
    }

    /// The bytes counted on this thread since [`start`]; no budget after it.
    pub(in crate::format) fn stop() -> usize {
        BUDGET.with(|b| b.set(usize::MAX));
        SCANNED.with(|scanned| scanned.replace(0))
    }
}

#[cfg(not(test))]
pub(super) mod work {
    #[inline(always)]
    pub(in crate::format) fn add(_bytes: usize) {}
}
