//! What reading costs, whatever the input: work linear in its size, and an
//! end to an input that never ends.

use std::cell::Cell;
use std::io::{self, BufReader, Read};

use super::text::work;
use super::types::LONG_LINE_REST;
use super::{Delivery, Format, Item, Items, MAX_LINE, Reader};
use crate::error::ParseErrorKind;

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
    format!("b{} ", super::tests::leetcode_board())
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

/// An input that never ends (`/dev/zero`, or a writer that never writes a
/// line end): `start`, then the same byte forever. Counts what is read.
struct Endless<'a> {
    start: &'a [u8],
    byte: u8,
    read: &'a Cell<usize>,
}

impl Read for Endless<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = if self.start.is_empty() {
            buf.fill(self.byte);
            buf.len()
        } else {
            let n = self.start.len().min(buf.len());
            buf[..n].copy_from_slice(&self.start[..n]);
            self.start = &self.start[n..];
            n
        };
        self.read.set(self.read.get() + n);
        // A reader that would read on forever fails here instead of hanging.
        assert!(
            self.read.get() < 4 * MAX_LINE,
            "read on past an endless line"
        );
        Ok(n)
    }
}

/// What an endless line gives: the items before it, then one error, at
/// once, naming the limit; then nothing more, having read no more than the
/// limit and the little past it that a line only a little too long may go
/// on for. By the [`Reader`] and by [`Items`] (in blocks of lines when the
/// input starts with a line puzzle), in every format.
#[test]
fn an_endless_line_is_one_error_and_ends_the_input() {
    const BUFFER: usize = 1 << 16;
    let most = MAX_LINE + LONG_LINE_REST + 3 * BUFFER;
    let puzzle = format!("{LC37}\n");
    for (start, byte) in [
        ("", 0),
        ("", b'7'),
        (puzzle.as_str(), b'0'),
        ("# c\n", b' '),
    ] {
        for format in FORMATS {
            for delivery in [Delivery::Buffered, Delivery::AtOnce] {
                let read = Cell::new(0);
                let input = || {
                    let endless = Endless {
                        start: start.as_bytes(),
                        byte,
                        read: &read,
                    };
                    BufReader::with_capacity(BUFFER, endless)
                };
                let by_reader: Vec<Item> = Reader::new(input(), format)
                    .with_delivery(delivery)
                    .map(|item| item.expect("reading from memory"))
                    .collect();
                let case = format!("{start:?} then {byte} forever, {format:?}, {delivery:?}");
                assert!(read.get() <= most, "{case}: read {}", read.get());
                let last = by_reader.last().and_then(|item| item.as_ref().err());
                assert!(
                    last.is_some_and(
                        |e| e.error.kind == ParseErrorKind::LineTooLong { limit: MAX_LINE }
                    ),
                    "{case}: {by_reader:?}"
                );
                let too_long = by_reader
                    .iter()
                    .filter(|item| {
                        item.as_ref().is_err_and(|e| {
                            matches!(e.error.kind, ParseErrorKind::LineTooLong { .. })
                        })
                    })
                    .count();
                assert_eq!(too_long, 1, "{case}: {by_reader:?}");
                read.set(0);
                let by_items: Vec<Item> = Items::new(input(), format, delivery)
                    .map(|item| item.expect("reading from memory"))
                    .collect();
                assert!(read.get() <= most, "{case}, items: read {}", read.get());
                assert_eq!(by_items, by_reader, "{case}");
            }
        }
    }
}
