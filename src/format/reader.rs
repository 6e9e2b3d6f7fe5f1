//! The [`Reader`]: lines in, items out, whatever the layout. It owns the line
//! loop: line ends and limits, the choice of layout, what comes before the
//! first data, and recovery after an error (each parser says how much of a
//! broken board is left; the reader skips it and reports what it passed over).

use std::collections::VecDeque;
use std::io::{self, BufRead};

use super::parser::{Boards, Parser};
use super::text::{decode, is_filler, is_header, line_content, words_only};
use super::types::LONG_LINE_REST;
use super::{Delivery, Format, Item, ItemError, Layout, MAX_LINE, Origin, Puzzle, detect};
use crate::error::{Found, ParseError, ParseErrorKind};
use crate::grid::Grid;

/// Lines that auto-detection may look at when the first data line opens a
/// structure but does not say yet what is inside it.
const DETECT_LOOKAHEAD: usize = 16;

/// Reads puzzles one at a time from a byte stream in a given or detected format.
pub struct Reader<R> {
    input: R,
    parser: Option<Parser>,
    layout: Option<Layout>,
    /// The layout was detected, not named: a board of another layout
    /// between boards may then be read in its own (see [`other_board`]).
    detected: bool,
    lineno: usize,
    buf: Vec<u8>,
    /// Lines read ahead for detection, replayed before reading on.
    pending: VecDeque<Line>,
    /// The last line read had no line end: the column just past it.
    open_end: Option<usize>,
    /// The line read last passed [`MAX_LINE`] and was reported: the rest
    /// of it is still to be passed over.
    long_line: bool,
    /// A line went on too far past [`MAX_LINE`]: nothing more is read.
    cut: bool,
    out: Boards,
    ready: VecDeque<Item>,
    next_index: usize,
    seen_data: bool,
    header_skipped: bool,
    skipping: bool,
    /// Lines passed over while skipping: the first one and how many.
    skipped: Option<(usize, usize)>,
    /// A line before the layout was known was not text.
    blind_start: bool,
    finished: bool,
    /// When boards are handed out (see [`Rows`](super::rows::Rows)).
    delivery: Delivery,
}

impl<R> std::fmt::Debug for Reader<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reader")
            .field("layout", &self.layout)
            .field("lineno", &self.lineno)
            .finish_non_exhaustive()
    }
}

/// One line of input, decoded, or the reason it could not be.
type Line = (usize, Result<String, ParseError>);

impl<R: BufRead> Reader<R> {
    /// A reader of `format` (`auto` detects it from the first data).
    pub fn new(input: R, format: Format) -> Reader<R> {
        let layout = format.layout();
        Reader {
            input,
            parser: layout.map(|layout| Parser::new(layout, Delivery::Buffered)),
            layout,
            detected: layout.is_none(),
            lineno: 0,
            buf: Vec::new(),
            pending: VecDeque::new(),
            open_end: None,
            long_line: false,
            cut: false,
            out: Vec::new(),
            ready: VecDeque::new(),
            next_index: 1,
            seen_data: false,
            header_skipped: false,
            skipping: false,
            skipped: None,
            blind_start: false,
            finished: false,
            delivery: Delivery::Buffered,
        }
    }

    /// The reader, handing boards out as `delivery` says: with
    /// [`Delivery::AtOnce`], each as soon as it is whole, rather than holding
    /// the boards of a run of rows until what follows them is read.
    pub fn with_delivery(mut self, delivery: Delivery) -> Reader<R> {
        self.delivery = delivery;
        if delivery == Delivery::AtOnce
            && let Some(parser) = self.parser.as_mut()
        {
            parser.get().answer_at_once();
        }
        self
    }

    /// Carries on after `lineno` lines that held no data (blank, comment or,
    /// when `header_skipped`, one header line), already read elsewhere.
    pub(super) fn resume_after(&mut self, lineno: usize, header_skipped: bool) {
        self.lineno = lineno;
        self.header_skipped = header_skipped;
    }

    /// The layout being read: given, or detected once the first data is seen.
    pub fn layout(&self) -> Option<Layout> {
        self.layout
    }

    /// Reads the next raw line, at most [`MAX_LINE`] bytes kept.
    /// `Ok(None)` at the end of the input. A longer line is an error as soon
    /// as it passes the limit, before its end is read: an endless one
    /// (`/dev/zero`) is reported too, and ends the input.
    fn read_line(&mut self) -> io::Result<Option<Line>> {
        if std::mem::take(&mut self.long_line) && !self.pass_long_rest()? {
            self.cut = true;
        }
        if self.cut {
            return Ok(None);
        }
        self.buf.clear();
        let mut any = false;
        let mut ended = false;
        loop {
            let avail = match self.input.fill_buf() {
                Ok(avail) => avail,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if avail.is_empty() {
                break;
            }
            any = true;
            let (chunk, used, done) = match avail.iter().position(|&b| b == b'\n') {
                Some(pos) => (&avail[..pos], pos + 1, true),
                None => (avail, avail.len(), false),
            };
            if self.buf.len() + chunk.len() > MAX_LINE {
                self.buf = Vec::new();
                self.input.consume(used);
                self.long_line = !done;
                self.lineno += 1;
                let kind = ParseErrorKind::LineTooLong { limit: MAX_LINE };
                return Ok(Some((
                    self.lineno,
                    Err(ParseError::new(self.lineno, 1, kind)),
                )));
            }
            self.buf.extend_from_slice(chunk);
            self.input.consume(used);
            if done {
                ended = true;
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        self.lineno += 1;
        let lineno = self.lineno;
        let text = decode(line_content(&self.buf, lineno), lineno).map(str::to_owned);
        // A last line without a line end: the input ends on it, after its
        // last character, not on a line after it.
        self.open_end = match &text {
            Ok(t) if !ended => Some(t.chars().count() + 1),
            _ => None,
        };
        Ok(Some((lineno, text)))
    }

    /// Passes over the rest of a line reported as too long, up to its end;
    /// false when it goes on for more than [`LONG_LINE_REST`] bytes.
    fn pass_long_rest(&mut self) -> io::Result<bool> {
        let mut passed = 0;
        loop {
            let avail = match self.input.fill_buf() {
                Ok(avail) => avail,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if avail.is_empty() {
                return Ok(true);
            }
            let (used, done) = match memchr::memchr(b'\n', avail) {
                Some(pos) => (pos + 1, true),
                None => (avail.len(), false),
            };
            self.input.consume(used);
            if done {
                return Ok(true);
            }
            passed += used;
            if passed > LONG_LINE_REST {
                return Ok(false);
            }
        }
    }

    /// The next line: a replayed one first, else a fresh one.
    fn next_line(&mut self) -> io::Result<Option<Line>> {
        if let Some(line) = self.pending.pop_front() {
            return Ok(Some(line));
        }
        self.read_line()
    }

    fn push_error(&mut self, error: ParseError) {
        // An input without any puzzle is an error about the whole input:
        // index and line 0, as `batch` reports a file it cannot read.
        if matches!(error.kind, ParseErrorKind::NoPuzzle) {
            self.ready.push_back(Err(ItemError {
                index: 0,
                layout: self.layout,
                line: 0,
                error,
            }));
            return;
        }
        // The lines skipped after an error are reported with the position of
        // the broken board they follow: they do not take one of their own,
        // so that the boards after them keep their positions.
        let index = if matches!(error.kind, ParseErrorKind::Skipped { .. }) {
            self.next_index.saturating_sub(1).max(1)
        } else {
            self.next_index += 1;
            self.next_index - 1
        };
        let start = self.parser.as_mut().and_then(|p| p.get().start());
        self.ready.push_back(Err(ItemError {
            index,
            layout: self.layout,
            line: error
                .start()
                .or(start)
                .map_or(error.line, |start| start.min(error.line)),
            error,
        }));
    }

    fn push_parsed(&mut self) {
        let layout = self.layout.unwrap_or(Layout::Line);
        for parsed in std::mem::take(&mut self.out) {
            match parsed {
                Ok(parsed) => {
                    self.ready.push_back(Ok(Puzzle {
                        grid: parsed.grid,
                        index: self.next_index,
                        line: parsed.line,
                        layout,
                        origin: parsed.origin,
                        candidates: parsed.candidates,
                    }));
                    self.next_index += 1;
                }
                Err(error) => self.push_error(error),
            }
        }
    }

    /// Chooses the layout from the first data line, reading ahead a few lines
    /// when it only opens a structure.
    fn choose_layout(&mut self, first: &str) -> io::Result<Layout> {
        let mut text = first.to_owned();
        if detect::needs_lookahead(first) {
            for _ in 0..DETECT_LOOKAHEAD {
                match self.read_line()? {
                    // Every parser treats a line of white space as a blank
                    // one; keeping it empty bounds what the look-ahead holds
                    // (16 lines of spaces up to MAX_LINE would be 256 MiB).
                    Some((lineno, Ok(t))) if t.trim().is_empty() => {
                        text.push('\n');
                        self.pending.push_back((lineno, Ok(String::new())));
                    }
                    Some(line) => {
                        if let (_, Ok(t)) = &line {
                            text.push('\n');
                            text.push_str(t);
                        }
                        self.pending.push_back(line);
                    }
                    None => break,
                }
                if !detect::needs_lookahead(&text) {
                    break;
                }
            }
        }
        Ok(detect(&text))
    }

    /// Reads lines until at least one item is ready or the input ends.
    fn fill(&mut self) -> io::Result<()> {
        while self.ready.is_empty() && !self.finished {
            if let Some(parser) = self.parser.as_mut().map(Parser::get)
                && parser.has_more()
            {
                let result = parser.resume(&mut self.out);
                self.push_parsed();
                if let Err(e) = result {
                    self.after_error(e, false);
                }
                continue;
            }
            let Some((lineno, text)) = self.next_line()? else {
                self.finished = true;
                if self.cut {
                    // Nothing after an endless line is read, nor said to be
                    // missing.
                    break;
                }
                // A board broken before the end was reported already.
                let broken = self.skipping;
                if broken {
                    self.end_skip();
                }
                match self.parser.as_mut() {
                    Some(parser) if self.seen_data && !broken => {
                        let result = parser.get().finish(self.lineno, &mut self.out);
                        let (lineno, open_end) = (self.lineno, self.open_end);
                        for e in self.out.iter_mut().filter_map(|r| r.as_mut().err()) {
                            at_open_end(e, lineno, open_end);
                        }
                        self.push_parsed();
                        if let Err(mut e) = result {
                            at_open_end(&mut e, lineno, open_end);
                            self.push_error(e);
                        }
                    }
                    _ => {}
                }
                // Not `!self.seen_data`: a grid input whose rows hold no
                // cell (skipped as decoration) has data but no puzzle.
                if self.next_index == 1 {
                    let line = self.lineno.max(1);
                    self.push_error(ParseError::new(line, 1, ParseErrorKind::NoPuzzle));
                }
                break;
            };
            let text = match text {
                Ok(text) => text,
                Err(e) => {
                    // Before the layout is known, a line that is not text
                    // cannot decide it: the next data line does, so that
                    // nothing after it is dropped. Should that be a layout
                    // whose boards span lines, this line may have begun a
                    // board: the skip then goes blind to a blank line.
                    self.blind_start |= self.parser.is_none();
                    self.seen_data |= self.parser.is_some();
                    if self.skipping {
                        // The lines passed over so far are reported first.
                        self.end_skip();
                    }
                    self.after_error(e, false);
                    continue;
                }
            };
            if self.skipping && self.skip_line(lineno, &text) {
                continue;
            }
            if !self.seen_data {
                if is_filler(&text) {
                    continue;
                }
                // One header at most: a second line like it is data, so that
                // it is reported rather than dropped without a word.
                if !self.header_skipped && is_header(&text) {
                    self.header_skipped = true;
                    if let Err(e) = words_only(&text, lineno, "a header of text") {
                        self.push_error(e);
                    }
                    continue;
                }
                self.seen_data = true;
                if self.parser.is_none() {
                    let layout = self.choose_layout(&text)?;
                    self.layout = Some(layout);
                    let mut parser = Parser::new(layout, self.delivery);
                    let spans_lines = matches!(
                        layout,
                        Layout::Boj | Layout::Grid | Layout::Leetcode | Layout::Pencilmarks
                    );
                    if std::mem::take(&mut self.blind_start) && spans_lines {
                        parser.get().reset();
                        self.skipping = true;
                    }
                    self.parser = Some(parser);
                    if self.skipping && self.skip_line(lineno, &text) {
                        continue;
                    }
                }
            }
            let Some(parser) = self.parser.as_mut() else {
                continue;
            };
            if self.detected
                && matches!(self.layout, Some(Layout::Boj | Layout::Grid))
                && parser.get().start().is_none()
                && let Some((grid, layout, origin)) = other_board(&text, lineno)
            {
                // Between boards, a whole board of one line (a `line`
                // puzzle, a record) is read in its own layout, as `solve
                // a.txt b.txt` writes boards of two layouts one after the
                // other. It ends the run of rows before it as a comment
                // line does: no row of them was lost or added.
                let result = parser.get().line("#", lineno, &mut self.out);
                self.push_parsed();
                if let Err(e) = result {
                    self.after_error(e, false);
                }
                self.ready.push_back(Ok(Puzzle {
                    grid,
                    index: self.next_index,
                    line: lineno,
                    layout,
                    origin,
                    candidates: None,
                }));
                self.next_index += 1;
                continue;
            }
            let result = parser.get().line(&text, lineno, &mut self.out);
            self.push_parsed();
            if let Err(e) = result {
                self.after_error(e, text.trim().is_empty());
            }
        }
        Ok(())
    }

    /// Passes `text` over while skipping a broken board; false when the
    /// skip ends before it (the line is then read as usual).
    fn skip_line(&mut self, lineno: usize, text: &str) -> bool {
        if !text.trim().is_empty()
            && let Some(parser) = self.parser.as_mut()
            && parser.get().skips(text)
        {
            if !is_filler(text) {
                self.skipped.get_or_insert((lineno, 0)).1 += 1;
            }
            return true;
        }
        let blank = text.trim().is_empty();
        self.end_skip();
        blank
    }

    /// Ends a skip after an error. The lines it passed over are reported
    /// when the broken board's end was not found (a blind skip, or brackets
    /// still open at a blank line or the end of the input); lines known to
    /// be the broken board's own are not.
    fn end_skip(&mut self) {
        self.skipping = false;
        let blind = self
            .parser
            .as_mut()
            .is_some_and(|parser| parser.get().skips_blind());
        if let Some((first, lines)) = self.skipped.take()
            && blind
        {
            let kind = crate::error::ParseErrorKind::Skipped { lines };
            self.push_error(ParseError::new(first, 1, kind));
        }
    }

    /// Records `e` and gets ready for the next puzzle: layouts whose boards
    /// span lines skip the rest of the broken board (none when the error was
    /// at a blank line, which ends it).
    fn after_error(&mut self, e: ParseError, at_blank: bool) {
        self.push_error(e);
        if let Some(parser) = self.parser.as_mut() {
            parser.get().reset();
            self.skipping = !at_blank;
        }
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = io::Result<Item>;

    /// The next puzzle or located error; `Err` only when reading itself fails.
    fn next(&mut self) -> Option<io::Result<Item>> {
        if let Err(e) = self.fill() {
            self.finished = true;
            return Some(Err(e));
        }
        self.ready.pop_front().map(Ok)
    }
}

/// A line that is a whole board of its own in a one-line layout, never a
/// row of `boj` or `grid`: a `line` puzzle (81 cells, then nothing or a
/// separator) or a `records` line with a board.
fn other_board(text: &str, lineno: usize) -> Option<(Grid, Layout, Option<Box<Origin>>)> {
    if super::records::is_record(text) {
        let (grid, origin) = super::records::parse_data(text, lineno).ok()?;
        return Some((grid, Layout::Records, Some(Box::new(origin))));
    }
    let grid = super::line::parse_data(text, lineno).ok()?;
    Some((grid, Layout::Line, None))
}

/// Reads every puzzle of a string (all in memory; for tests and small inputs).
pub fn parse_str(text: &str, format: Format) -> Vec<Item> {
    // Reading from a byte slice never fails, so no I/O error is dropped here.
    Reader::new(text.as_bytes(), format)
        .filter_map(Result::ok)
        .collect()
}

/// An error the parsers place at the end of the input, on the line after
/// the last one (`lineno`), moved to the end of the last line when that has
/// no line end (`open_end`, the column just past it): there is no line
/// after it.
fn at_open_end(error: &mut ParseError, lineno: usize, open_end: Option<usize>) {
    let at_end = matches!(
        &error.kind,
        ParseErrorKind::Expected {
            found: Found::EndOfInput,
            ..
        }
    );
    if let Some(column) = open_end
        && at_end
        && error.line == lineno + 1
    {
        error.line = lineno;
        error.column = column;
    }
}
