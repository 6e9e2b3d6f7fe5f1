//! The items of a [`Block`]: its lines parsed, on any thread, into exactly
//! the puzzles and located errors a [`Reader`](super::Reader) gives for them.
//! The common line (81 cells, then its end) takes a fast path; any other goes
//! the general way, which also locates what is wrong with it.

use std::io;

use memchr::memchr;

use super::blocks::{Block, is_data};
use super::text::{decode, line_content};
use super::{Item, ItemError, Layout, MAX_LINE, Puzzle, line};
use crate::error::{ParseError, ParseErrorKind};
use crate::grid::Grid;

impl Block {
    /// Parses the block: its puzzles and located errors, in order.
    pub fn items(&self) -> BlockItems<'_> {
        BlockItems {
            bytes: &self.bytes,
            at: LinesAt::new(self),
        }
    }
}

/// The items of a [`Block`].
#[derive(Debug)]
pub struct BlockItems<'a> {
    bytes: &'a [u8],
    at: LinesAt,
}

impl Iterator for BlockItems<'_> {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        self.at.next(self.bytes)
    }
}

/// How far the lines of a block have been parsed.
#[derive(Debug, Default)]
pub(super) struct LinesAt {
    /// Where the next line starts in the block's bytes.
    at: usize,
    /// The number of the line before it.
    lineno: usize,
    /// The index of the next item.
    index: usize,
    /// The block's line too long to keep is still to be reported.
    too_long: bool,
}

impl LinesAt {
    /// At the start of `block`.
    pub(super) fn new(block: &Block) -> LinesAt {
        LinesAt {
            at: 0,
            lineno: block.line - 1,
            index: block.index,
            too_long: block.too_long,
        }
    }

    /// The next item of `bytes` (the block's lines), or `None` past its last.
    pub(super) fn next(&mut self, bytes: &[u8]) -> Option<Item> {
        match self.data_line(bytes) {
            Some((data, lineno, index)) => Some(line_item(data, lineno, index)),
            None => self.too_long(),
        }
    }

    /// Appends the next item of `bytes` to `out`; false past the last one.
    ///
    /// A puzzle is parsed where it is to stay in `out`, not built beside it
    /// and moved there: moving a puzzle just written waits for its stores
    /// (see docs/formats-design.md).
    pub(super) fn push_next(&mut self, bytes: &[u8], out: &mut Vec<io::Result<Item>>) -> bool {
        // Pushed as a constant, then filled in: a value built on the stack
        // would be copied while its last stores are still in flight, and
        // the copy waits for them.
        const BLANK: io::Result<Item> = Ok(Ok(Puzzle {
            grid: Grid::EMPTY,
            index: 0,
            line: 0,
            layout: Layout::Line,
            origin: None,
            candidates: None,
        }));
        // The common line, 81 cells and its end, needs no search for the
        // end: if the 81 are all cells, none of them is a line end.
        if let Some(line) = bytes.get(self.at..self.at + 82)
            && line[81] == b'\n'
        {
            out.push(BLANK);
            if let Some(Ok(Ok(puzzle))) = out.last_mut()
                && fast_line_into(&line[..81], &mut puzzle.grid)
            {
                self.at += 82;
                self.lineno += 1;
                puzzle.line = self.lineno;
                puzzle.index = self.index;
                self.index += 1;
                return true;
            }
            out.pop();
        }
        let Some((data, lineno, index)) = self.data_line(bytes) else {
            return match self.too_long() {
                Some(item) => {
                    out.push(Ok(item));
                    true
                }
                None => false,
            };
        };
        out.push(BLANK);
        if let Some(Ok(Ok(puzzle))) = out.last_mut() {
            puzzle.index = index;
            puzzle.line = lineno;
            if fast_line_into(data, &mut puzzle.grid) {
                return true;
            }
        }
        // Not the common line: the careful path says what is wrong with it.
        if let Some(last) = out.last_mut() {
            *last = Ok(careful_item(data, lineno, index));
        }
        true
    }

    /// The next line of `bytes` that holds data (a puzzle or an error), as
    /// [`line_content`] gives it, with its number and its item's index.
    fn data_line<'b>(&mut self, bytes: &'b [u8]) -> Option<(&'b [u8], usize, usize)> {
        while let Some(rest) = bytes.get(self.at..).filter(|rest| !rest.is_empty()) {
            let raw = match memchr(b'\n', rest) {
                Some(end) => {
                    self.at += end + 1;
                    &rest[..end]
                }
                None => {
                    self.at = bytes.len();
                    rest
                }
            };
            self.lineno += 1;
            let data = line_content(raw, self.lineno);
            if is_data(data) {
                let index = self.index;
                self.index += 1;
                return Some((data, self.lineno, index));
            }
        }
        None
    }

    /// After the last line: the error for the line too long to keep that
    /// ends the block, if one does.
    fn too_long(&mut self) -> Option<Item> {
        if !std::mem::take(&mut self.too_long) {
            return None;
        }
        self.lineno += 1;
        let index = self.index;
        self.index += 1;
        let kind = ParseErrorKind::LineTooLong { limit: MAX_LINE };
        Some(Err(line_error(
            ParseError::new(self.lineno, 1, kind),
            index,
        )))
    }
}

/// The item of a data line (as [`line_content`] gives it): line `lineno`,
/// item `index`.
fn line_item(bytes: &[u8], lineno: usize, index: usize) -> Item {
    let mut grid = Grid::EMPTY;
    if fast_line_into(bytes, &mut grid) {
        return Ok(line_puzzle(grid, lineno, index));
    }
    careful_item(bytes, lineno, index)
}

/// [`line_item`] for a line the fast path did not take: its board, read
/// the general way, or what is wrong with it and where.
fn careful_item(bytes: &[u8], lineno: usize, index: usize) -> Item {
    match decode(bytes, lineno).and_then(|text| line::parse_data(text, lineno)) {
        Ok(grid) => Ok(line_puzzle(grid, lineno, index)),
        Err(error) => Err(line_error(error, index)),
    }
}

/// [`line::fast_line_into`], for a whole line: the 81 cells, then nothing,
/// or a separator and text.
fn fast_line_into(bytes: &[u8], grid: &mut Grid) -> bool {
    line::fast_line_into(bytes, grid)
        && (bytes.len() <= 82 || std::str::from_utf8(&bytes[82..]).is_ok())
}

fn line_puzzle(grid: Grid, line: usize, index: usize) -> Puzzle {
    Puzzle {
        grid,
        index,
        line,
        layout: Layout::Line,
        origin: None,
        candidates: None,
    }
}

fn line_error(error: ParseError, index: usize) -> ItemError {
    ItemError {
        index,
        layout: Some(Layout::Line),
        line: error.line,
        error,
    }
}
