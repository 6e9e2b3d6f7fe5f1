//! The properties the fuzz targets check, one function per target.
//!
//! Shared by the cargo-fuzz targets (`fuzz/fuzz_targets/*.rs`) and by
//! `cargo test`, which replays every input kept in
//! `fixtures/fuzz-regressions/<target>/` through the same function, so a
//! crash once found stays fixed without cargo-fuzz. Each function panics when
//! a property fails.

// Each fuzz target uses one of these functions; the tests use them all.
#![allow(dead_code)]

use std::io::{self, BufRead, BufReader, Read};

use sudokit::format::{Delivery, Item, Items, separator};
use sudokit::{Format, Grid, Layout, ParseErrorKind, Reader, parse_str, render};

const FORMATS: [Format; 6] = [
    Format::Auto,
    Format::Boj,
    Format::Leetcode,
    Format::Line,
    Format::Json,
    Format::Grid,
];

const LAYOUTS: [(Layout, Format); 6] = [
    (Layout::Boj, Format::Boj),
    (Layout::Leetcode, Format::Leetcode),
    (Layout::Line, Format::Line),
    (Layout::Json, Format::Json),
    (Layout::Grid, Format::Grid),
    (Layout::Pencilmarks, Format::Pencilmarks),
];

/// The format a fuzz input's first byte picks, and the rest of the input.
fn pick_format(data: &[u8]) -> Option<(Format, u8, &[u8])> {
    let (&pick, input) = data.split_first()?;
    Some((FORMATS[usize::from(pick) % FORMATS.len()], pick, input))
}

/// A reader that hands out at most `step` bytes per read.
struct Trickle<'a> {
    data: &'a [u8],
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.step.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

fn read_all(input: impl BufRead, format: Format) -> Vec<Item> {
    read_with(input, format, Delivery::Buffered)
}

/// [`read_all`], handing boards out as `delivery` says.
fn read_with(input: impl BufRead, format: Format, delivery: Delivery) -> Vec<Item> {
    Reader::new(input, format)
        .with_delivery(delivery)
        .map(|item| match item {
            Ok(item) => item,
            Err(e) => panic!("reading from memory cannot fail: {e}"),
        })
        .collect()
}

/// Target `parse`: detection and every parser over arbitrary bytes (the
/// first byte picks `auto` or a layout). Reading never panics, yields at
/// least one puzzle or error, numbers items in order, places every error
/// inside the input with a short message, and does not depend on how the
/// input is split into reads.
pub fn parse(data: &[u8]) {
    let Some((format, pick, input)) = pick_format(data) else {
        return;
    };
    parse_as(format, pick, input);
    // Every input is read as `pencilmarks` too: the first byte's choice
    // among the other formats stays what it was when the inputs kept in
    // fixtures/fuzz-regressions/ were found.
    parse_as(Format::Pencilmarks, pick, input);
}

/// [`parse`]'s checks of `input` read as `format`.
fn parse_as(format: Format, pick: u8, input: &[u8]) {
    let items = read_all(input, format);
    assert!(!items.is_empty(), "every input yields a puzzle or an error");
    let lines = input.split(|&b| b == b'\n').count();
    check_positions(&items);
    for item in &items {
        match item {
            Ok(puzzle) => {
                assert!(puzzle.line >= 1 && puzzle.line <= lines, "{puzzle:?}");
                if let Some(layout) = format.layout() {
                    assert_eq!(puzzle.layout, layout);
                }
            }
            Err(e) => {
                assert!(e.error.line >= 1 && e.error.line <= lines + 1, "{e:?}");
                assert!(e.error.column >= 1, "{e:?}");
                // A message stays short however large the offending input.
                let message = e.to_string();
                assert!(message.len() < 400, "{message}");
            }
        }
    }
    if format == Format::Line {
        let (fewest, most) = line_items(input);
        let n = items.len();
        assert!(fewest <= n && n <= most, "{n} items, one per data line");
    }
    let step = usize::from(pick / 6) % 7 + 1;
    let trickled = read_all(
        BufReader::with_capacity(step + 2, Trickle { data: input, step }),
        format,
    );
    assert_eq!(items, trickled, "reads of {step} bytes");
    // The block path that solve and validate read with gives the same items,
    // in blocks and one line at a time, whole or trickled. One at a time,
    // the same items too, but for the one check that waits for the rows
    // after a board.
    let at_once = read_with(input, format, Delivery::AtOnce);
    same_but_held(&items, &at_once);
    for delivery in [Delivery::Buffered, Delivery::AtOnce] {
        let expected = match delivery {
            Delivery::Buffered => &items,
            Delivery::AtOnce => &at_once,
        };
        let whole: Vec<Item> = Items::new(input, format, delivery)
            .map(|item| item.expect("reading from memory cannot fail"))
            .collect();
        assert_eq!(expected, &whole, "blocks, delivered {delivery:?}");
        let trickle = BufReader::with_capacity(step + 2, Trickle { data: input, step });
        let trickled: Vec<Item> = Items::new(trickle, format, delivery)
            .map(|item| item.expect("reading from memory cannot fail"))
            .collect();
        assert_eq!(expected, &trickled, "blocks of reads of {step} bytes");
    }
}

/// The positions items take: puzzles and errors are numbered 1, 2, 3, …
/// in order; an input without any puzzle is one error about the whole
/// input, at index and line 0; the lines skipped after an error are
/// reported with the position of the broken board they follow, which is
/// an error (they take none of their own, so that the boards after them
/// keep theirs). Every other error is placed at the line where its board
/// starts, at or before the line of the error itself.
fn check_positions(items: &[Item]) {
    let mut next = 1;
    let mut last_error = None;
    for item in items {
        match item {
            Ok(puzzle) => {
                assert_eq!(puzzle.index, next, "{puzzle:?}");
                next += 1;
            }
            Err(e) if matches!(e.error.kind, ParseErrorKind::NoPuzzle) => {
                assert_eq!(items.len(), 1, "no puzzle, and other items: {items:?}");
                assert_eq!((e.index, e.line), (0, 0), "{e:?}");
            }
            Err(e) if matches!(e.error.kind, ParseErrorKind::Skipped { .. }) => {
                assert_eq!(Some(e.index), last_error, "a skip after an error: {e:?}");
                assert!(e.line >= 1 && e.line <= e.error.line, "{e:?}");
            }
            Err(e) => {
                assert_eq!(e.index, next, "{e:?}");
                // The puzzle's line: where its board starts, not after the error.
                assert!(e.line >= 1 && e.line <= e.error.line, "{e:?}");
                last_error = Some(e.index);
                next += 1;
            }
        }
    }
}

/// The items read handing each board out at once (`at_once`) are those read
/// holding the boards of a run of rows to its end (`held`), item for item,
/// skips and messages alike, except one: a board that the held reading
/// turned into an error because a stray or lost row later in its run may
/// have shifted it, which the other answered before that row was read.
fn same_but_held(held: &[Item], at_once: &[Item]) {
    assert_eq!(held.len(), at_once.len(), "{held:?}\n{at_once:?}");
    for (held, at_once) in held.iter().zip(at_once) {
        match (held, at_once) {
            (held, at_once) if held == at_once => {}
            (Err(e), Ok(board))
                if e.to_string().contains("may be shifted")
                    && (e.index, e.line) == (board.index, board.line) => {}
            _ => panic!("held: {held:?}, at once: {at_once:?}"),
        }
    }
}

/// The items the `line` format must give: one per line that is not blank
/// or a comment line (`#`, or code's `//` and `/* … */`), except that a
/// first data line without a digit may be skipped as a header. Nothing else
/// is dropped silently. Returns the fewest and the most items allowed.
fn line_items(input: &[u8]) -> (usize, usize) {
    let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let input = input.strip_suffix(b"\n").unwrap_or(input);
    let mut count = 0;
    let mut first_has_no_digit = false;
    for line in input.split(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let Ok(text) = std::str::from_utf8(line) else {
            count += 1;
            continue;
        };
        // Comment lines: `#`, and those of code (`// …`, `/* … */` on one line).
        let t = text.trim();
        let code_comment =
            t.starts_with("//") || (t.starts_with("/*") && t.find("*/") == Some(t.len() - 2));
        if t.is_empty() || t.starts_with('#') || code_comment {
            continue;
        }
        if count == 0 {
            first_has_no_digit = !text.chars().any(|c| c.is_ascii_digit());
        }
        count += 1;
    }
    // An input with no puzzle at all is one error.
    let fewest = if first_has_no_digit { count - 1 } else { count };
    (fewest.max(1), count.max(1))
}

fn read_back(text: &str, format: Format) -> Vec<(Grid, Layout)> {
    parse_str(text, format)
        .into_iter()
        .map(|item| match item {
            Ok(puzzle) => (puzzle.grid, puzzle.layout),
            Err(e) => panic!("rendered text must read back ({format:?}): {e}\n{text}"),
        })
        .collect()
}

/// Target `roundtrip`: render ∘ parse. Every board read from arbitrary input
/// (first byte picks the format), written in each layout and read back with
/// that layout named and with `auto`, is the same board; several boards
/// written one after another read back in order.
pub fn roundtrip(data: &[u8]) {
    let Some((format, _, input)) = pick_format(data) else {
        return;
    };
    let Ok(text) = std::str::from_utf8(input) else {
        return;
    };
    let grids: Vec<Grid> = parse_str(text, format)
        .into_iter()
        .filter_map(Result::ok)
        .map(|puzzle| puzzle.grid)
        .take(8)
        .collect();
    if grids.is_empty() {
        return;
    }
    for (layout, named) in LAYOUTS {
        let mut all = String::new();
        for (i, grid) in grids.iter().enumerate() {
            let mut one = String::new();
            render(grid, layout, &mut one);
            for format in [named, Format::Auto] {
                assert_eq!(
                    read_back(&one, format),
                    [(*grid, layout)],
                    "{format:?}\n{one}"
                );
            }
            if i > 0 {
                all.push_str(separator(layout));
            }
            all.push_str(&one);
        }
        for format in [named, Format::Auto] {
            let back: Vec<Grid> = read_back(&all, format)
                .into_iter()
                .map(|(g, _)| g)
                .collect();
            assert_eq!(back, grids, "{format:?}\n{all}");
        }
    }
}

/// Target `solve`: up to 81 cells (`1`-`9` a digit, any other byte blank),
/// then one byte for the search limit (0-15). Every solution is complete,
/// breaks no rule and keeps the givens; counts never pass the limit and
/// agree with `enumerate`; conflicting givens have no solution; the conflict
/// list agrees with `is_valid` and is ordered.
pub fn solve_all(data: &[u8]) {
    let mut cells = [0u8; 81];
    for (cell, &b) in cells.iter_mut().zip(data) {
        if (b'1'..=b'9').contains(&b) {
            *cell = b - b'0';
        }
    }
    let Some(grid) = Grid::from_cells(cells) else {
        panic!("cells 0-9 make a grid");
    };
    let limit = data.get(81).map_or(2, |&b| usize::from(b % 16));

    let found = grid.conflicts();
    assert_eq!(found.is_empty(), grid.is_valid());
    let outcome = sudokit::solver::search(&grid, 1, 0, &mut |_| {});
    assert_eq!(
        outcome.conflict,
        !grid.is_valid(),
        "the engine's conflict check"
    );
    for conflict in &found {
        assert!(conflict.cells.len() >= 2, "{conflict:?}");
        for &[r, c] in &conflict.cells {
            assert_eq!(grid.get(r - 1, c - 1), conflict.digit, "{conflict:?}");
        }
    }
    let mut sorted = found.clone();
    sorted.sort_by_key(|c| (c.unit, c.index, c.digit));
    assert_eq!(sorted, found, "conflicts are ordered");

    let check = |solution: &Grid| {
        assert!(solution.is_complete(), "{grid:?} -> {solution:?}");
        assert!(solution.is_valid(), "{grid:?} -> {solution:?}");
        assert!(grid.is_kept_by(solution), "{grid:?} -> {solution:?}");
    };
    let one = grid.solve();
    if let Some(solution) = &one {
        check(solution);
    }
    if !grid.is_valid() {
        assert_eq!(one, None, "conflicting givens have no solution");
    }
    if grid.is_complete() && grid.is_valid() {
        assert_eq!(one, Some(grid), "a finished board is its own solution");
    }

    let n = grid.count_solutions(limit);
    assert!(n <= limit);
    assert_eq!(n > 0, one.is_some() && limit > 0);
    let all = grid.solutions(limit);
    assert_eq!(all.len(), n);
    for (i, solution) in all.iter().enumerate() {
        check(solution);
        assert!(!all[..i].contains(solution), "solutions are distinct");
    }
    if n < limit {
        // The search was exhaustive, so a higher limit finds no more.
        assert_eq!(grid.count_solutions(limit + 1), n);
    }
}
