//! `--format auto`: the layout of an input, decided from its first data.
//!
//! The rule, as documented in the README:
//! 1. starts with `[` `{` `"` `'` or a declaration `name =` (or a name or
//!    label right before the board's bracket, `board{{`, `Output: [[`) → `json` or
//!    `leetcode` (one-character quoted cells, C-style braces or a declaration
//!    mean `leetcode`; everything else `json`), except a CSV row whose
//!    first field is a quoted line puzzle followed by a separator → `line`;
//! 2. a first field (up to white space or a separator) of 81 cell characters
//!    (`0`–`9`, `.`) → `line`: a field of more than 40 cells counts, so a
//!    broken line is reported as one; a field of 10 to 40 cells is a line
//!    puzzle too, unless the next data line's first field could be a grid
//!    row, at most 9 cells (then the first is a grid row with a typo);
//! 3. white-space-separated single digits only → `boj`, and so are two
//!    numbers or more (a BOJ row with two numbers run together; not three
//!    groups of three digits, a grid row drawn by boxes), three to eight
//!    words with one typo among single digits, and nine words or more, no
//!    grid border among them, all but one or two single digits;
//! 4. anything else → `grid`, unless the first line has a letter (a label,
//!    a typo) and the next data line is `boj` or `line` by these rules.
//!
//! Before rules 2-4, `pencilmarks`: a first field of more than 405 cell
//! characters (a 729-character line of candidates, even a broken one), or
//! a boxed candidate grid: rows of nine cells parted by white space or
//! `|`, each a run of distinct digits 1-9 (or a lone `.` or `0`), where
//! the first row has two cells of several digits, or, in a board drawn
//! under a border (`.---.`, `+---+`, `*---*`, …) or with `|`, one of its
//! first nine rows has one. A grid or BOJ row holds single cells, so none
//! of them is read differently.
//!
//! Before them all: a line shaped as a record of `sudokit batch`
//! (`path:index:` then 81 cells or a status word, or `path:error: …`), whose
//! path holds at most 40 cells, → `records` (see `records.rs`).
//!
//! A "data line" is one that is not blank or a comment line (as the README
//! words it).

use super::Layout;
use super::pencilmarks::{is_border, row_cells};
use super::text::{cell_value, is_filler, work};

/// Cells a grid row can hold without a separator between them.
const LONGEST_GRID_RUN: usize = 9;

/// A first field of more cells than this is a line puzzle, whatever comes
/// next: about half of one, far more than a grid row with a typo.
const SURELY_LINE: usize = 40;

/// A first field of more cells than this is a 729-character line of
/// candidates: halfway from a line puzzle's 81 to its 729.
const SURELY_PENCILMARKS: usize = 405;

/// The cells (`0`–`9`, `.`, …) of the first field of `line`: up to white
/// space or a separator.
fn first_field_cells(line: &str) -> usize {
    line.trim()
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | ':' | '|'))
        .next()
        .unwrap_or("")
        .chars()
        .filter(|&c| cell_value(c).is_some())
        .count()
}

/// The data lines of `text`: not blank, not comments.
fn data_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines().filter(|l| !is_filler(l))
}

/// Whether `text` (the first data line, maybe with a few more) opens a
/// structure whose content is not visible yet, or starts with a line that
/// the next data line must decide (a field too long for a grid row and too
/// short to be surely a line puzzle, or a letter), with no data line after
/// it yet.
pub(super) fn needs_lookahead(text: &str) -> bool {
    work::add(text.len());
    let mut lines = data_lines(text);
    let first = lines.next().unwrap_or("");
    if super::records::is_record(first) {
        return false;
    }
    if is_border(first) || (first.contains('|') && row_cells(first).is_some()) {
        // A drawn board: its rows decide, up to the first one with cells
        // of several digits (see `drawn_rows`).
        return drawn_rows(text).is_none();
    }
    let cells = first_field_cells(first);
    // After a label, the first data line without a letter decides: there
    // may be several labels (`Sample Input 1`, then `Sample Output 1`).
    let decided = if cells > SURELY_LINE {
        // Surely a line puzzle, whatever follows (`53..7…,easy`).
        true
    } else if is_label(first) {
        lines.any(|l| !is_label(l))
    } else {
        cells <= LONGEST_GRID_RUN || lines.next().is_some()
    };
    if !decided {
        return structured_start(text).is_none();
    }
    structured_start(text).is_some_and(|body| {
        let sig: Vec<char> = body
            .chars()
            .filter(|c| !c.is_whitespace())
            .take(3)
            .collect();
        sig.len() < 3
    })
}

/// When `text` starts a JSON or code structure, the text from its first
/// bracket or quote on.
fn structured_start(text: &str) -> Option<&str> {
    let t = text.trim_start();
    if t.starts_with(['[', '{', '"', '\'']) {
        return Some(t);
    }
    let eq = declaration_end(t)?;
    Some(&t[eq..])
}

/// The byte offset just past the `=` of a leading declaration such as
/// `board =`, `char[][] board =` or `vector<vector<char>> board =`; on a
/// line without such an `=`, the offset of the bracket that a name or label
/// opens the board with: C++'s `vector<vector<char>> board{{…}}`, or
/// `Output: [[…]]` as copied from the problem's page.
///
/// The head before the `=` or the bracket is a name, maybe with a type: it
/// holds no quote, brace or parenthesis, so the scan ends at the first of
/// them (a brace that does not open the board). That keeps it short where
/// a line holds many named boards and it runs once for each, and linear
/// over a run of brackets.
pub(super) fn declaration_end(t: &str) -> Option<usize> {
    let bytes = t.as_bytes();
    let named = |head: &str| {
        head.chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_')
    };
    // The head ends at its `=`, or at the first quote, brace or parenthesis.
    let stop = bytes
        .iter()
        .position(|b| matches!(b, b'=' | b'"' | b'\'' | b'{' | b'('))
        .unwrap_or(bytes.len());
    work::add(stop);
    if bytes.get(stop) == Some(&b'=') {
        return named(&t[..stop]).then_some(stop + 1);
    }
    // The first bracket that opens a board: cells, quoted cells or more
    // brackets after it, or nothing more on this line (its rows follow).
    // An index (`board[9][9]{…}`) or a word in brackets (`Sudoku [[hard]]`)
    // does not. A `{` that does not ends the head.
    let mut i = 0;
    while i <= stop && i < bytes.len() {
        if !matches!(bytes[i], b'[' | b'{') {
            i += 1;
            continue;
        }
        // The run of brackets and white space from here, and what follows it.
        let run = t[i..]
            .find(|c: char| !(c.is_whitespace() || matches!(c, '[' | '{')))
            .map_or(bytes.len(), |n| i + n);
        work::add(run - i);
        let inner = &t[run..];
        let cells_after = inner.starts_with(|c: char| matches!(c, '"' | '\'' | '.' | '0'..='9'));
        let last = (i..run).rev().find(|&k| matches!(bytes[k], b'[' | b'{'));
        for k in i..run {
            if !matches!(bytes[k], b'[' | b'{') {
                continue;
            }
            // The next character that is not white space is a bracket of
            // the run, or the first one after it.
            let opens = inner.is_empty()
                || (cells_after && (Some(k) != last || inner.starts_with(['"', '\''])));
            if opens {
                let head = &t[..k];
                let labelled = head
                    .trim_end()
                    .ends_with(|c: char| c.is_alphanumeric() || matches!(c, '_' | ':' | ']'));
                return (named(head) && labelled).then_some(k);
            }
            if bytes[k] == b'{' {
                return None;
            }
        }
        i = run;
    }
    None
}

/// The layout of an input whose first data line (maybe with a few more) is `text`.
pub fn detect(text: &str) -> Layout {
    work::add(text.len());
    let first = text.lines().next().unwrap_or("").trim();
    // First: a record's shape, `path:index:` then 81 cells or a status word
    // at the line's end, is specific enough to overrule every rule below
    // (its path may hold `=`, brackets or words).
    if super::records::is_record(first) {
        return Layout::Records;
    }
    if declaration_end(first).is_some() && !first.starts_with(['[', '{', '"']) {
        return Layout::Leetcode;
    }
    if super::line::quoted_field(first).is_some_and(|(cells, rest)| {
        cells.chars().count() > SURELY_LINE
            && rest.starts_with([',', ';', '\t', '|', ':', ' '])
            && !rest.trim_end().ends_with([']', '}'])
    }) {
        // A CSV row whose fields are quoted (`"53..7…","534678…"`): a line
        // puzzle, not a JSON string followed by stray text. A row that
        // ends in a closing bracket is a JSON list that lost its opening
        // one (`"53..7…", "4….."]`), whose other boards a line puzzle
        // would drop.
        return Layout::Line;
    }
    if let Some(body) = structured_start(text) {
        return structured(body);
    }
    let layout = detect_plain(text, first);
    // A first line with a letter that the rules make a grid may be a label
    // or a mistyped row of another layout (`Puzzle 2`, `5a`): a next data
    // line that is surely BOJ numbers or a line puzzle decides.
    if layout == Layout::Grid
        && is_label(first)
        && let Some(rest) = after_first_line(text)
    {
        let next = detect(rest);
        if matches!(next, Layout::Boj | Layout::Line) {
            return next;
        }
    }
    layout
}

/// The text from the second data line of `text` on, if it has one.
fn after_first_line(text: &str) -> Option<&str> {
    let mut at = text.find('\n')? + 1;
    loop {
        let rest = &text[at..];
        let line = rest.split('\n').next().unwrap_or("");
        if !is_filler(line) {
            return (!rest.is_empty()).then_some(rest);
        }
        at += rest.find('\n')? + 1;
    }
}

/// Whether a first line has a letter (of any script), which no row of
/// `boj`, `line` or `grid` holds.
fn is_label(line: &str) -> bool {
    line.chars().any(char::is_alphabetic)
}

/// [`detect`] for a first line `first` that does not open a structure.
fn detect_plain(text: &str, first: &str) -> Layout {
    if is_pencilmarks(text, first) {
        return Layout::Pencilmarks;
    }
    // A grid row holds at most 9 cells: a first field (up to white space or
    // a separator) with many more is a line puzzle, even a broken one (a
    // typo early in it too), so that its error is reported as one. With a
    // few more, the next data line tells a grid row with a typo (the next
    // row fits a grid row) from a line puzzle cut short.
    let cells = first_field_cells(first);
    if cells > SURELY_LINE {
        return Layout::Line;
    }
    if cells > LONGEST_GRID_RUN {
        let next = data_lines(text).nth(1);
        return match next {
            Some(row) if first_field_cells(row) <= LONGEST_GRID_RUN => Layout::Grid,
            _ => Layout::Line,
        };
    }
    let digit = |token: &str| token.len() == 1 && token.as_bytes()[0].is_ascii_digit();
    let words: Vec<&str> = first.split_whitespace().collect();
    // One digit alone is a BOJ board written a number to a line (a grid row
    // holds 9 cells).
    if !words.is_empty() && words.iter().all(|w| digit(w)) {
        return Layout::Boj;
    }
    // White-space-separated numbers: BOJ, even with two of them run
    // together (`… 2 78`, `30 0`), which the BOJ reader then reports; but
    // three groups of three digits are a grid row drawn by boxes
    // (`003 020 600`).
    let number = |w: &str| w.bytes().all(|b| b.is_ascii_digit());
    if words.len() >= 2 && words.iter().all(|w| number(w)) && !words.iter().all(|w| w.len() == 3) {
        return Layout::Boj;
    }
    // A short BOJ line (3 numbers to a line) with one typo.
    let decoration = |w: &str| w.chars().all(|c| matches!(c, '|' | '-' | '+' | '='));
    if (3..9).contains(&words.len())
        && !words.iter().any(|w| decoration(w))
        && words.iter().filter(|w| !digit(w)).count() <= 1
    {
        return Layout::Boj;
    }
    // A row of BOJ numbers with a typo must not pick a layout that reads
    // the rest of the input wrongly: a stray word or two, no grid border
    // among them, is still a BOJ row.
    if words.len() >= 9
        && !words.iter().any(|w| decoration(w))
        && words.iter().filter(|w| !digit(w)).count() <= 2
    {
        return Layout::Boj;
    }
    Layout::Grid
}

/// The `pencilmarks` rule (see the module's documentation).
fn is_pencilmarks(text: &str, first: &str) -> bool {
    if first_field_cells(first) > SURELY_PENCILMARKS {
        return true;
    }
    if let Some(cells) = row_cells(first)
        && cells.iter().filter(|c| c.len() > 1).count() >= 2
    {
        return true;
    }
    drawn_rows(text) == Some(true)
}

/// Whether the board drawn at the start of `text` (under a border, or
/// with `|` in its rows) is a candidate grid: `Some(true)` at its first row
/// with a cell of several digits, `Some(false)` once a line that is no
/// candidate row, or a whole board of single cells, says it is not, and
/// `None` while the lines so far do not tell.
fn drawn_rows(text: &str) -> Option<bool> {
    let mut lines = data_lines(text).peekable();
    let under_border = lines.peek().is_some_and(|l| is_border(l));
    let mut rows = 0;
    for line in lines.filter(|l| !is_border(l)) {
        let Some(cells) = row_cells(line) else {
            return Some(false);
        };
        if !(under_border || line.contains('|')) {
            return Some(false);
        }
        if cells.iter().any(|c| c.len() > 1) {
            return Some(true);
        }
        rows += 1;
        if rows == 9 {
            return Some(false);
        }
    }
    None
}

/// JSON or code, from the first significant characters of a structure.
fn structured(body: &str) -> Layout {
    let sig: Vec<char> = body
        .chars()
        .filter(|c| !c.is_whitespace())
        .take(4)
        .collect();
    match sig.as_slice() {
        // C, C++ and Java initialisers use braces for arrays; JSON objects
        // hold a quoted key followed by ':'.
        ['{', '{' | '\'' | '[', ..] => Layout::Leetcode,
        ['{', '"', ..] if !is_object_key(body) => Layout::Leetcode,
        ['[', '[', '"' | '\'', _] => Layout::Leetcode,
        ['[', '\'', ..] | ['\'', ..] => Layout::Leetcode,
        _ => Layout::Json,
    }
}

/// Whether the first quoted string in `body` is followed by `:` (a JSON key).
fn is_object_key(body: &str) -> bool {
    let Some(open) = body.find('"') else {
        return false;
    };
    let rest = &body[open + 1..];
    let mut escaped = false;
    for (i, c) in rest.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '"' => return rest[i + 1..].trim_start().starts_with(':'),
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules() {
        let line =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        assert_eq!(detect(line), Layout::Line);
        assert_eq!(detect(&format!("{line},solution")), Layout::Line);
        assert_eq!(detect("0 3 5 4 6 9 2 7 8"), Layout::Boj);
        assert_eq!(detect("0"), Layout::Boj);
        assert_eq!(detect("5 3 . | . 7 . | . . ."), Layout::Grid);
        assert_eq!(detect("530070000"), Layout::Grid);
        assert_eq!(detect("53..7....6..195...x"), Layout::Line);
        // A typo early in the first line.
        assert_eq!(detect(&line.replacen('.', "x", 1)), Layout::Line);
        assert_eq!(
            detect(&format!("{},rated", line.replacen('5', "?", 1))),
            Layout::Line
        );
        assert_eq!(detect("0 3 5 4 x 9 2 7 8"), Layout::Boj);
        assert_eq!(detect("0 3 5 | 4 x 9 | 2 7 8"), Layout::Grid);
        assert_eq!(detect("5 3 x | . 7 . | . . ."), Layout::Grid);
        assert_eq!(detect("5 3 . . 7 . . . ."), Layout::Grid);
        assert_eq!(
            detect("Puzzle 12 of the top95 list by Peter Norvig"),
            Layout::Grid
        );
        assert_eq!(detect("53.|.7.|..."), Layout::Grid);
        // A grid row with an extra character, and a line puzzle cut short.
        assert_eq!(detect("53..7.....\n6..195...\n"), Layout::Grid);
        assert_eq!(detect("53..7.....\n\n# c\n6 . . | 1 9 5"), Layout::Grid);
        let cut = format!("{} {}", &line[..15], &line[15..]);
        assert_eq!(detect(&format!("{cut}\n{line}")), Layout::Line);
        assert_eq!(detect(&cut), Layout::Line);
        assert_eq!(detect("1234567890123\n1234567890123"), Layout::Line);
        assert!(needs_lookahead("53..7....."));
        assert!(!needs_lookahead("53..7.....\n6..195..."));
        assert!(!needs_lookahead(line));
        // BOJ numbers with two of them run together; boxes of a grid row.
        assert_eq!(detect("0 3 5 4 6 9 2 78"), Layout::Boj);
        assert_eq!(detect("03 5 4 69 2 7 8"), Layout::Boj);
        assert_eq!(detect("003 020 600"), Layout::Grid);
        assert_eq!(detect("30 0"), Layout::Boj);
        assert_eq!(detect("5 3 x"), Layout::Boj);
        assert_eq!(detect("5 3 . | . 7 ."), Layout::Grid);
        // A label or a mistyped first line, then data that decides.
        let boj = "0 3 5 4 6 9 2 7 8";
        assert_eq!(detect(&format!("Puzzle 2\n\n# c\n{boj}")), Layout::Boj);
        assert_eq!(detect("5a\n0\n0"), Layout::Boj);
        assert_eq!(detect(&format!("예제 입력 1\n{boj}")), Layout::Boj);
        assert_eq!(detect(&format!("id,puzzle81\n{line}")), Layout::Line);
        assert_eq!(detect("Grid 01\n003020600\n900305001"), Layout::Grid);
        assert!(needs_lookahead("Puzzle 2"));
        assert!(!needs_lookahead(&format!("Puzzle 2\n{boj}")));
        assert_eq!(detect("[[5,3,0,0,7,0,0,0,0],"), Layout::Json);
        assert_eq!(detect("[[\"5\",\"3\",\".\"],"), Layout::Leetcode);
        assert_eq!(detect("[['5','3','.'],"), Layout::Leetcode);
        assert_eq!(detect("{{'5','3','.'},"), Layout::Leetcode);
        assert_eq!(detect("board = ["), Layout::Leetcode);
        assert_eq!(detect("char[][] board = {"), Layout::Leetcode);
        assert_eq!(detect("{\"puzzle\": \"53..\"}"), Layout::Json);
        assert_eq!(detect("\"53..7....\""), Layout::Json);
        assert_eq!(detect("[\"53..7....\", \"...\"]"), Layout::Json);
        assert_eq!(detect("[[[5,3,0]]]"), Layout::Json);
        assert_eq!(detect("[\n  [\n    \"5\""), Layout::Leetcode);
        assert_eq!(detect("[\n  [\n    5"), Layout::Json);
    }
}
