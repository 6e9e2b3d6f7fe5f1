//! What reading costs, whatever the input: work linear in its size, and an
//! end to an input that never ends.

use super::text::work;
use super::{Delivery, Format, Items, Reader};

const LC37: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

const FORMATS: [Format; 6] = [
    Format::Auto,
    Format::Boj,
    Format::Leetcode,
    Format::Line,
    Format::Json,
    Format::Grid,
];

/// A LeetCode board on one line, named (`b[["5","3",…],…]]`).
fn named_board() -> String {
    let rows: Vec<String> = LC37
        .as_bytes()
        .chunks(9)
        .map(|row| {
            let cells: Vec<String> = row.iter().map(|&c| format!("\"{}\"", c as char)).collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    format!("b[{}] ", rows.join(","))
}

/// Inputs of about `size` bytes that once made a reading path rescan what
/// it had read: runs of brackets, braces and quotes, declarations and named
/// boards one after another on a line, and plainer runs for every parser.
fn adversarial(size: usize) -> Vec<(String, String)> {
    let n = size / 2;
    let repeat = |unit: &str| unit.repeat(size / unit.len());
    let mut inputs = vec![
        (
            "[ then ]".to_owned(),
            format!("{}{}", "[".repeat(n), "]".repeat(n)),
        ),
        (
            "{ then }".to_owned(),
            format!("{}{}", "{".repeat(n), "}".repeat(n)),
        ),
        (
            "name, [ then ]".to_owned(),
            format!("b {}{}", "[".repeat(n), "]".repeat(n)),
        ),
        (
            "name, { then }".to_owned(),
            format!("b{}{}", "{".repeat(n), "}".repeat(n)),
        ),
        (
            "declaration, [".to_owned(),
            format!("board = {}", "[".repeat(n)),
        ),
        ("declarations".to_owned(), repeat("a=")),
        ("named boards".to_owned(), repeat(&named_board())),
        ("[\"".to_owned(), repeat("[\"")),
        ("{'".to_owned(), repeat("{'")),
        ("quotes".to_owned(), repeat("\"")),
        ("single quotes".to_owned(), repeat("'")),
        ("escaped quotes".to_owned(), format!("\"{}", repeat("\\\""))),
        ("[ and blanks".to_owned(), repeat("[ ")),
        ("numbers".to_owned(), repeat("[1,")),
        ("keys".to_owned(), repeat("{\"a\":")),
        ("digits".to_owned(), repeat("1")),
        ("numbers and blanks".to_owned(), repeat("1 ")),
        ("dots".to_owned(), repeat(".")),
        ("rules".to_owned(), repeat("| -+")),
        ("words".to_owned(), repeat("ab ")),
        ("labels".to_owned(), repeat("a[")),
    ];
    // The same, cut into lines.
    let lines: Vec<(String, String)> = inputs
        .iter()
        .map(|(name, text)| {
            let cut: Vec<&str> = text
                .as_bytes()
                .chunks(1000)
                .filter_map(|chunk| std::str::from_utf8(chunk).ok())
                .collect();
            (format!("{name}, in lines"), cut.join("\n"))
        })
        .collect();
    inputs.extend(lines);
    inputs
}

/// Reading each adversarial input in every format, by a [`Reader`] and by
/// [`Items`], delivered either way, looks at no more than a few times its
/// bytes again: the count stops a superlinear scan at once. A line of 1 MiB
/// of brackets, and 64 KiB of everything (where a quadratic scan would
/// still pass the budget a thousand times over).
#[test]
fn reading_is_linear_in_the_input() {
    let large = adversarial(1 << 20).into_iter().take(2);
    let large = large.map(|(name, text)| (name, text, &FORMATS[..1]));
    let all = adversarial(1 << 16).into_iter();
    for (name, text, formats) in large.chain(all.map(|(name, text)| (name, text, &FORMATS[..]))) {
        let budget = 32 * text.len() + 4096;
        for &format in formats {
            for delivery in [Delivery::Buffered, Delivery::AtOnce] {
                work::start(budget);
                let read = Reader::new(text.as_bytes(), format)
                    .with_delivery(delivery)
                    .count();
                let scanned = work::stop();
                assert!(read > 0, "{name}, {format:?}");
                assert!(scanned <= budget, "{name}, {format:?}: {scanned}");
                work::start(budget);
                let read = Items::new(text.as_bytes(), format, delivery).count();
                let scanned = work::stop();
                assert!(read > 0, "{name}, {format:?}");
                assert!(scanned <= budget, "{name}, {format:?}: {scanned}");
            }
        }
    }
}
