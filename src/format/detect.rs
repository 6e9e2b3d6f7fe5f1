//! `--format auto`: the layout of an input, decided from its first data.
//!
//! The rule, as documented in the README:
//! 1. starts with `[` `{` `"` `'` or a declaration `name =` → `json` or
//!    `leetcode` (one-character quoted cells, C-style braces or a declaration
//!    mean `leetcode`; everything else `json`);
//! 2. a first field (up to white space or a separator) of 81 cell characters
//!    (`0`–`9`, `.`) → `line` (any field with more cells than a grid row's 9
//!    counts, so a broken line is reported as one);
//! 3. white-space-separated single digits only → `boj`, and so are nine
//!    words or more, no grid border among them, all but one or two single
//!    digits (a BOJ row with a typo);
//! 4. anything else → `grid`.

use super::{Layout, cell_value};

/// Cells a grid row can hold without a separator between them.
const LONGEST_GRID_RUN: usize = 9;

/// Whether `text` (the first data line, maybe with a few more) opens a
/// structure whose content is not visible yet.
pub(super) fn needs_lookahead(text: &str) -> bool {
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
/// `board =`, `char[][] board =` or `vector<vector<char>> board =`.
pub(super) fn declaration_end(t: &str) -> Option<usize> {
    let eq = t.find('=')?;
    let head = &t[..eq];
    let plausible = head
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
        && !head.contains(['"', '\'', '{', '(']);
    plausible.then_some(eq + 1)
}

/// The layout of an input whose first data line (maybe with a few more) is `text`.
pub fn detect(text: &str) -> Layout {
    let first = text.lines().next().unwrap_or("").trim();
    if declaration_end(first).is_some() && !first.starts_with(['[', '{', '"']) {
        return Layout::Leetcode;
    }
    if let Some(body) = structured_start(text) {
        return structured(body);
    }
    // A grid row holds at most 9 cells: a first field (up to white space or
    // a separator) with more is a line puzzle, even a broken one (a typo
    // before its 10th cell too), so that its error is reported as one.
    let field = first
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | ':' | '|'))
        .next()
        .unwrap_or("");
    if field.chars().filter(|&c| cell_value(c).is_some()).count() > LONGEST_GRID_RUN {
        return Layout::Line;
    }
    let digit = |token: &str| token.len() == 1 && token.as_bytes()[0].is_ascii_digit();
    let words: Vec<&str> = first.split_whitespace().collect();
    // One digit alone is a BOJ board written a number to a line (a grid row
    // holds 9 cells).
    if !words.is_empty() && words.iter().all(|w| digit(w)) {
        return Layout::Boj;
    }
    // A row of BOJ numbers with a typo must not pick a layout that reads
    // the rest of the input wrongly: a stray word or two, no grid border
    // among them, is still a BOJ row.
    let decoration = |w: &str| w.chars().all(|c| matches!(c, '|' | '-' | '+' | '='));
    if words.len() >= 9
        && !words.iter().any(|w| decoration(w))
        && words.iter().filter(|w| !digit(w)).count() <= 2
    {
        return Layout::Boj;
    }
    Layout::Grid
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
