//! [`Rows`]: a board read row by row, shared by the layouts that write one
//! row to a line (`boj`, `grid`), and the rule that a stray or lost row must
//! not turn into a wrong answer.

use std::collections::VecDeque;

use super::Candidates;
use super::parser::{Boards, Parsed, Rest};
use super::text::grid_from;
use crate::error::{Found, ParseError};

/// Whole boards a run of rows holds before it hands out its oldest ones: a
/// bound on memory (a few hundred KiB) and on how long an answer waits.
const HOLD_RUN: usize = 1024;

/// A board read row by row (`boj`, `grid`): its cells so far and the line
/// it starts on.
///
/// The whole boards of a run of rows (from the input's start, a blank line
/// between boards, a heading, or an error) are held until the run ends. A
/// run that ends partway through a board (one row too many or too few
/// somewhere), or an error in it after rows of the next board or at a line
/// that looks like a row, may mean that any of the held boards was shifted
/// by a row, and which cannot be told, so each is then an error instead of
/// an answer: a stray or lost row must not turn into a wrong answer. A run
/// longer than [`HOLD_RUN`] boards hands out its oldest ones as it goes.
#[derive(Debug, Default)]
pub(super) struct Rows {
    cells: Vec<u8>,
    /// Each cell's candidates, in a layout that gives them (`pencilmarks`):
    /// as long as `cells`, or empty.
    marks: Vec<u16>,
    start: usize,
    /// Set by an error in a line: what is left of its board after it.
    broke: Option<Rest>,
    /// What is left of a broken board, once [`Rows::reset`] has run.
    rest: Rest,
    /// The whole boards of the run, not handed out yet.
    held: VecDeque<Parsed>,
    /// No board is held: answers are awaited one at a time.
    pub(super) at_once: bool,
    /// The boards are held to the end of the run even so (see [`Rows::hold_run`]).
    holding: bool,
}

impl Rows {
    /// A row with cells starts on `lineno`; the first one starts the board.
    pub(super) fn begin_row(&mut self, lineno: usize) {
        if self.cells.is_empty() {
            self.start = lineno;
        }
    }

    pub(super) fn push(&mut self, value: u8) {
        self.cells.push(value);
    }

    /// A cell given by its candidates: placed when it has one alone.
    pub(super) fn push_marks(&mut self, mask: u16) {
        let value = if mask.count_ones() == 1 {
            // The one bit's place is the digit less one: at most 8.
            mask.trailing_zeros() as u8 + 1
        } else {
            0
        };
        self.cells.push(value);
        self.marks.push(mask);
    }

    pub(super) fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The line where the board being read starts, once it has a cell.
    pub(super) fn start(&self) -> Option<usize> {
        (!self.cells.is_empty()).then_some(self.start)
    }

    /// Cells read of the board.
    pub(super) fn len(&self) -> usize {
        self.cells.len()
    }

    /// The 1-based number of the row being read.
    pub(super) fn next_row(&self) -> usize {
        self.cells.len() / 9 + 1
    }

    /// After a complete row: the board, once it has all 81 cells, is held
    /// to the end of its run (handed out at once when answers are awaited
    /// one at a time).
    pub(super) fn end_row(&mut self, out: &mut Boards) {
        if self.cells.len() == 81 {
            let masks = <[u16; 81]>::try_from(self.marks.as_slice()).ok();
            let board = Parsed {
                grid: grid_from(&self.cells),
                line: self.start,
                origin: None,
                candidates: masks.and_then(Candidates::from_masks).map(Box::new),
            };
            self.marks.clear();
            if self.at_once && !self.holding {
                out.push(Ok(board));
            } else {
                if self.held.len() == HOLD_RUN {
                    out.extend(self.held.pop_front().map(Ok));
                }
                self.held.push_back(board);
            }
            self.cells.clear();
        }
    }

    /// Hands out the held boards.
    pub(super) fn release(&mut self, out: &mut Boards) {
        self.holding = false;
        out.extend(self.held.drain(..).map(Ok));
    }

    /// Holds the boards to the end of this run also when answers are
    /// awaited one at a time: after an error, where only the run's end can
    /// show whether the rest of the broken board was skipped right.
    pub(super) fn hold_run(&mut self) {
        self.holding = true;
    }

    /// The run ends (a blank line in `boj`, the end of the input) after
    /// `rows` rows; `lines` (of `rows_per_board` to a board) is what
    /// ended it, for the message. Whole, the held board is handed out;
    /// partway through a board, the held one becomes an error.
    pub(super) fn end_run(
        &mut self,
        out: &mut Boards,
        rows: usize,
        rows_per_board: usize,
        end: &str,
    ) {
        if self.cells.is_empty() {
            self.release(out);
            return;
        }
        self.holding = false;
        let noun = if rows_per_board == 9 { "rows" } else { "lines" };
        let total = rows_per_board * self.held.len() + rows;
        let first = self.held.front().map_or(0, |b| b.line);
        let several = self.held.len() > 1;
        for board in self.held.drain(..) {
            let found = if several {
                format!(
                    "{total} {noun} in its run of boards from line {first} to {end}, \
                     so this board may be shifted by a stray or lost one"
                )
            } else {
                format!(
                    "{total} {noun} before {end}, so this board may be shifted by a stray or lost one"
                )
            };
            out.push(Err(ParseError::expected(
                board.line,
                1,
                format!("{rows_per_board} {noun} to a board"),
                Found::Text(found),
            )));
        }
    }

    /// An error in line `lineno` of the run. When rows of another board
    /// came before it, or it looks like a row (`row_like`: mostly numbers or
    /// cells, a row with a typo), a stray or lost row may have shifted the
    /// held boards, so they are errors too. A line of another kind right
    /// after a whole board (a stray word) says nothing about them: they are
    /// handed out.
    pub(super) fn broken_line(&mut self, out: &mut Boards, lineno: usize, row_like: bool) {
        if self.cells.is_empty() && !row_like {
            self.release(out);
            return;
        }
        self.holding = false;
        // A stray or lost row anywhere before the error may have shifted
        // any of the held boards (with the error, that makes two damages,
        // which no count can tell apart from one): none is answered.
        let last = self.held.len().saturating_sub(1);
        for (i, board) in self.held.drain(..).enumerate() {
            let expected = if i == last {
                "a blank line or another whole board after this one"
            } else {
                "whole boards to the end of this run"
            };
            out.push(Err(ParseError::expected(
                board.line,
                1,
                expected,
                Found::Text(format!(
                    "the error on line {lineno}, so this board may be shifted by a stray or lost row"
                )),
            )));
        }
    }

    /// A blank line in a drawn grid: between boards it ends the run (the
    /// held board is handed out); between bands of a drawing (after 3 or 6
    /// rows) it changes nothing; anywhere else it ends a board partway,
    /// which [`Rows::end_run`] and the caller's error report.
    pub(super) fn blank_in_grid(&mut self, out: &mut Boards) -> bool {
        if self.cells.is_empty() {
            self.release(out);
            return true;
        }
        self.cells.len().is_multiple_of(27)
    }

    /// Notes, after an error in a line, what is left of its board.
    pub(super) fn broke(&mut self, rest: Rest) {
        self.broke = Some(rest);
    }

    /// Forgets the broken board; what is left of it is what the error
    /// noted, else (a line that was not text, of unknown shape) everything
    /// up to the next blank line.
    pub(super) fn reset(&mut self) {
        self.rest = self.broke.take().unwrap_or(Rest::ToBlank);
        self.cells.clear();
        self.marks.clear();
    }

    /// Whether a line, holding cells or not, is skipped (see [`Rest::skips`]).
    pub(super) fn skips(&mut self, has_cells: bool) -> bool {
        self.rest.skips(has_cells)
    }

    pub(super) fn skips_blind(&self) -> bool {
        self.rest.is_blind()
    }

    /// At the end of the input after `lineno` lines: an error when the board
    /// has rows but not all nine (see [`Rows::end_run`] for the held one).
    pub(super) fn unfinished(&mut self, lineno: usize, out: &mut Boards) -> Result<(), ParseError> {
        self.end_run(out, self.cells.len() / 9, 9, "the end of the input");
        if self.cells.is_empty() {
            return Ok(());
        }
        let expected = format!("row {} of 9", self.next_row());
        Err(ParseError::expected(
            lineno + 1,
            1,
            expected,
            Found::EndOfInput,
        ))
    }
}
