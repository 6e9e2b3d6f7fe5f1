//! The parsers' tests, by concern: the errors and shapes each format
//! takes, how a broken board is recovered from, and long inputs and runs.

mod recovery;
mod shapes;
mod streams;

use super::{Format, parse_str};

pub(super) const LC37: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The rows of an 81-cell line as JSON arrays of numbers, `[5,3,0,…]`.
pub(super) fn json_rows(line: &str) -> Vec<String> {
    boj_rows(line)
        .lines()
        .map(|r| format!("[{}]", r.split_whitespace().collect::<Vec<_>>().join(",")))
        .collect()
}

/// The items of `text` as `Ok(line form)` or `Err("line:col: message")`.
pub(super) fn items(text: &str, format: Format) -> Vec<Result<String, String>> {
    parse_str(text, format)
        .into_iter()
        .map(|item| {
            item.map(|p| p.grid.to_line())
                .map_err(|e| e.error.to_string())
        })
        .collect()
}

/// The single error of `text`.
#[track_caller]
pub(super) fn error(text: &str, format: Format) -> String {
    let all = items(text, format);
    let errors: Vec<String> = all.iter().filter_map(|i| i.clone().err()).collect();
    assert_eq!(errors.len(), 1, "expected one error in {all:?}");
    errors[0].clone()
}

pub(super) fn boj_rows(line: &str) -> String {
    line.as_bytes()
        .chunks(9)
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .map(|&b| {
                    if b == b'.' {
                        "0".into()
                    } else {
                        (b as char).to_string()
                    }
                })
                .collect();
            cells.join(" ") + "\n"
        })
        .collect()
}

/// Each item's line: where its puzzle starts, for an error too, and
/// whether it is one.
pub(super) fn item_lines(text: &str) -> Vec<(usize, bool)> {
    parse_str(text, Format::Auto)
        .into_iter()
        .map(|item| match item {
            Ok(p) => (p.line, true),
            Err(e) => (e.line, false),
        })
        .collect()
}

/// LC37's board as LeetCode writes it, on one line.
pub(super) fn leetcode_board() -> String {
    let rows: Vec<String> = LC37
        .as_bytes()
        .chunks(9)
        .map(|row| {
            let cells: Vec<String> = row.iter().map(|&c| format!("\"{}\"", c as char)).collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    format!("[{}]", rows.join(","))
}
