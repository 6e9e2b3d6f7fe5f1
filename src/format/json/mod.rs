//! `json`: 9×9 arrays (numbers, `null`, one-character strings), 81-character
//! strings, or objects with a `solution`, `grid`, `board` or `puzzle` field;
//! several in a top-level array or one value per line (JSON Lines).
//!
//! A parser of our own rather than serde_json, so that an error names the line
//! and column of the value it is in. Memory stays bounded by the gathered text
//! ([`MAX_VALUE`]): only what can make up a board is kept of a value, and a long
//! top-level list is turned into boards an element at a time. This file gathers
//! lines into values; `value` scans one, `board` maps values to boards.

mod board;
mod value;

use self::board::{Place, boards, is_board_array};
use self::value::{After, Cursor, KEEP_ITEMS, Kind, ValueParser};
use super::parser::{Boards, LineParser};
use super::text::is_filler;
use super::{MAX_DEPTH, MAX_VALUE};
use crate::error::{Found, ParseError, ParseErrorKind};

pub(super) use self::board::render;

/// Gathered text of a top-level list from which it is turned into boards
/// before it is closed, a piece at a time, each ending between two of its
/// elements: memory then stays bounded by the piece, however long the list.
/// Far more than any board takes, so a board is never cut.
const PIECE: usize = 1 << 20;

/// Whether `text` opens a list whose first element can be a puzzle (an
/// object, an array that is not a row of cells, a string longer than a
/// cell): a list of numbers or of rows is one board, however long, and is
/// held whole (up to [`MAX_VALUE`]), as any value is.
fn opens_list_of_puzzles(text: &str) -> bool {
    let Some(rest) = text.trim_start().strip_prefix('[') else {
        return false;
    };
    if !rest.trim_start().starts_with(['{', '[', '"']) {
        return false;
    }
    // The first element says: a row of nine cells or a one-character
    // string (a cell) make the list a board, however much white space
    // pads it; anything else is a puzzle.
    let mut reader = ValueParser::new(rest, Cursor::at_line(1));
    match reader.value(1, KEEP_TOP - 1) {
        Ok(first) => match &first.kind {
            Kind::Str(s) => s.chars().count() > 1,
            Kind::Array(row) => !(row.len == 9 && row.all_scalar()),
            _ => true,
        },
        Err(_) => false,
    }
}

/// What the gathered text handed on to be turned into boards is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Gathered {
    /// A piece of a top-level list that goes on after it.
    Piece,
    /// Text that ends with every value closed.
    Closed,
}

/// What comes next in a top-level list of puzzles being read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Next {
    /// Its first element, or its end (`[]`).
    First,
    /// An element (after a comma).
    Element,
    /// A comma or the list's end.
    Separator,
}

/// Times the records after a value left open to the end are read again
/// (see [`Parser::finish_with`]): a bound on the work a crafted input can ask.
const MAX_RESTARTS: usize = 8;
/// Levels of arrays kept below a top-level value: a list of boards, each
/// of rows, each of cells.
const KEEP_TOP: usize = 3;

#[derive(Debug, Default)]
pub(super) struct Parser {
    /// The lines of the value being gathered.
    buf: String,
    /// Gathered text still being turned into boards, a piece per `resume`.
    chunk: String,
    /// Where in `chunk` to go on.
    cursor: Cursor,
    /// Inside a long top-level list of puzzles: what comes next in it.
    list: Option<Next>,
    /// `chunk` is a piece of a top-level list that goes on after it.
    partial: bool,
    /// The value being gathered was found to be one board, held whole.
    whole: bool,
    start: usize,
    depth: usize,
    in_string: bool,
    escaped: bool,
    /// After a value too deep or too large: skip until its end.
    discarding: bool,
    /// Lines of a list read in pieces skipped after an error in it: the
    /// first one and how many, reported once the list ends.
    skipped: Option<(usize, usize)>,
    /// The last syntax error was on the last line of its text: lines after
    /// it may be the rest of the broken value (see `skips`).
    cut_short: bool,
}

impl Parser {
    /// Tracks nesting through `text`; `Err` with the column where a limit is
    /// passed. The whole line is scanned even then, so that the depth stays
    /// right for skipping to the end of the value.
    fn scan(&mut self, text: &str, lineno: usize) -> Result<(), ParseError> {
        let mut result = Ok(());
        for (i, c) in text.chars().enumerate() {
            if self.in_string {
                match c {
                    _ if self.escaped => self.escaped = false,
                    '\\' => self.escaped = true,
                    '"' => self.in_string = false,
                    _ => {}
                }
                continue;
            }
            match c {
                '"' => self.in_string = true,
                '[' | '{' => {
                    self.depth += 1;
                    if self.depth > MAX_DEPTH && !self.discarding {
                        self.discarding = true;
                        let kind = ParseErrorKind::TooDeep { limit: MAX_DEPTH };
                        result = Err(ParseError::new(lineno, i + 1, kind));
                    }
                }
                ']' | '}' => self.depth = self.depth.saturating_sub(1),
                _ => {}
            }
        }
        // A string cannot span lines in JSON; let the parser report it.
        self.in_string = false;
        self.escaped = false;
        result
    }
}

impl LineParser for Parser {
    fn line(&mut self, text: &str, lineno: usize, out: &mut Boards) -> Result<(), ParseError> {
        if self.discarding {
            let _ = self.scan(text, lineno);
            if let Some((first, lines)) = self.skipped.as_mut() {
                if *lines == 0 {
                    *first = lineno;
                }
                *lines += 1;
            }
            if self.depth == 0 {
                self.discarding = false;
                self.report_skipped(out);
            }
            return Ok(());
        }
        if self.buf.is_empty() {
            // Between the pieces of a list, a comment line is not JSON.
            if self.list.is_none() && is_filler(text) {
                return Ok(());
            }
            self.start = lineno;
            self.whole = false;
        }
        // White space inside a value only counts for its line end, as in the
        // reader's look-ahead: the size limit measures content.
        let text = if text.trim().is_empty() { "" } else { text };
        if let Err(e) = self.scan(text, lineno) {
            self.buf.clear();
            if self.depth == 0 {
                self.discarding = false;
            }
            return Err(e.starting_at(self.start));
        }
        if self.buf.len() + text.len() > MAX_VALUE {
            self.buf.clear();
            self.discarding = self.depth > 0;
            let kind = ParseErrorKind::ValueTooLarge { limit: MAX_VALUE };
            return Err(ParseError::new(self.start, 1, kind));
        }
        self.buf.push_str(text);
        self.buf.push('\n');
        if self.depth > 0 {
            // A long top-level list, between two of its elements: hand on
            // what is gathered, so that it does not pile up.
            if self.depth == 1 && self.buf.len() >= PIECE && !self.whole {
                if self.list.is_some() || opens_list_of_puzzles(&self.buf) {
                    self.hand_on(Gathered::Piece);
                    return self.resume(out);
                }
                self.whole = true;
            }
            return Ok(());
        }
        // The reader drains `chunk` (through `resume`) before the next line.
        self.hand_on(Gathered::Closed);
        self.resume(out)
    }

    fn has_more(&self) -> bool {
        !self.chunk.is_empty() || (self.skipped.is_some() && !self.discarding)
    }

    fn resume(&mut self, out: &mut Boards) -> Result<(), ParseError> {
        if !self.discarding {
            // The lines of a list skipped after an error that closed it
            // too: said right after that error.
            if let Some((line, lines)) = self.skipped.take()
                && lines > 0
            {
                return Err(ParseError::new(line, 1, ParseErrorKind::Skipped { lines }));
            }
        }
        let result = self.step(out);
        if let Err(e) = &result {
            // After a syntax error the rest of the gathered text cannot be
            // trusted, nor the rest of a list still open.
            self.discarding = self.depth > 0;
            let last = self.start + self.chunk.matches('\n').count().saturating_sub(1);
            // An error on the last line of the text: the value may have been
            // cut short there (a row closed early), its rest still to come.
            self.cut_short = self.list.is_none() && e.line >= last;
            if self.list.is_some() {
                // The rest of a list read an element at a time is counted,
                // and said: the lines of this text after the error's, and
                // those to come while the list stays open.
                // Reported after the error (see `resume`), or once the list
                // ends when it is still open.
                self.skipped = Some((e.line + 1, last.saturating_sub(e.line)));
            }
            self.chunk.clear();
            self.list = None;
            self.partial = false;
        }
        result
    }

    fn finish(&mut self, lineno: usize, out: &mut Boards) -> Result<(), ParseError> {
        self.finish_with(lineno, out, MAX_RESTARTS)
    }

    fn reset(&mut self) {
        self.buf.clear();
        self.chunk.clear();
        self.list = None;
        self.partial = false;
        // Skipping a value over a limit goes on to its end.
        if !self.discarding {
            self.depth = 0;
        }
        self.in_string = false;
        self.escaped = false;
    }

    /// After a syntax error on the last line of its text (the value may
    /// have been cut short), the lines that can only be the rest of the
    /// broken value (`[6,0,0,1,9,5,0,0,0],` after a row closed early, a
    /// last row that closes more than it opens) are passed over, so that
    /// they do not each take a position as a value of their own. They are
    /// reported (see `skips_blind`): a line is judged by its shape alone.
    fn skips(&mut self, text: &str) -> bool {
        let skip = self.cut_short && !self.discarding && self.depth == 0 && leftover(text.trim());
        self.cut_short = skip;
        skip
    }

    fn skips_blind(&self) -> bool {
        true
    }
}

/// Whether a line cannot be a JSON value of its own, only part of a longer
/// one: it starts or ends with a comma, starts with a closing bracket,
/// closes more brackets than it opens (outside strings), or ends inside a
/// string (the rest of a string broken over two lines).
fn leftover(line: &str) -> bool {
    // `[[` starts a board written a row to a line, not the rest of one.
    if line.starts_with("[[") {
        return false;
    }
    if line.starts_with([',', ']', '}']) || line.ends_with(',') {
        return true;
    }
    let (mut depth, mut in_string, mut escaped) = (0i64, false, false);
    for c in line.chars() {
        match c {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            '[' | '{' if !in_string => depth += 1,
            ']' | '}' if !in_string => {
                depth -= 1;
                if depth < 0 {
                    return true;
                }
            }
            _ => {}
        }
    }
    in_string
}

impl Parser {
    /// [`LineParser::finish`], reading on after a value left open at most
    /// `restarts` more times (each pass reads the rest of the input again).
    fn finish_with(
        &mut self,
        lineno: usize,
        out: &mut Boards,
        restarts: usize,
    ) -> Result<(), ParseError> {
        if self.discarding {
            self.report_skipped(out);
            return Ok(());
        }
        if self.list.is_some() {
            // A long list, read in pieces, left open to the end: its last
            // piece is read as far as it goes, then the end is the error.
            if !self.buf.is_empty() {
                self.hand_on(Gathered::Piece);
                while self.has_more() && self.list.is_some() {
                    if let Err(e) = self.resume(out) {
                        out.push(Err(e));
                    }
                }
            }
            self.list = None;
            self.buf.clear();
            let expected = "the rest of the JSON list (',' or ']')";
            return Err(ParseError::expected(
                lineno + 1,
                1,
                expected,
                Found::EndOfInput,
            ));
        }
        if self.buf.is_empty() {
            return Ok(());
        }
        // Let the parser say what is missing.
        let chunk = std::mem::take(&mut self.buf);
        let start = self.start;
        let mut reader = ValueParser::new(&chunk, Cursor::at_line(start));
        reader.skip_ws();
        // A first value that ends with junk on its line (`"…"{`) opened what
        // took every line to the end: it is the error, and the lines after
        // it are read again, as values of their own.
        let first = match reader.value(0, KEEP_TOP) {
            // Strict: whatever follows on the line is what was left open.
            Ok(_) => reader
                .junk_after_value(After::LineEnd)
                .map(|junk| (junk.starting_at(start), true)),
            Err(e) => Some((e.starting_at(start), false)),
        };
        if let Some((e, junk)) = first {
            // JSON Lines with a bracket missing: the value stayed open, and
            // its error is at the first thing on a later line, where the
            // next record starts. Everything from that line is read again,
            // as values of their own.
            let lines: Vec<&str> = chunk.lines().collect();
            let first_column =
                |text: &str| text.chars().take_while(|c| c.is_whitespace()).count() + 1;
            let from = if junk { e.line + 1 } else { e.line };
            let restart = restarts > 0
                && (junk
                    || (e.line > start
                        && lines
                            .get(e.line - start)
                            .is_some_and(|text| first_column(text) == e.column)));
            if restart {
                out.push(Err(e.clone()));
                self.reset();
                for (n, text) in (start..).zip(&lines).skip(from - start) {
                    if let Err(err) = self.line(text, n, out) {
                        out.push(Err(err));
                        self.reset();
                    }
                    while self.has_more() {
                        if let Err(err) = self.resume(out) {
                            out.push(Err(err));
                        }
                    }
                }
                return self.finish_with(lineno, out, restarts - 1);
            }
            // A value left open (a stray `{`) took every line to the end:
            // the lines after its error are reported, not passed over unsaid.
            let after = lineno.saturating_sub(e.line);
            out.push(Err(e));
            if after > 0 {
                let kind = ParseErrorKind::Skipped { lines: after };
                out.push(Err(ParseError::new(lineno - after + 1, 1, kind)));
            }
            return Ok(());
        }
        Err(ParseError::expected(
            lineno + 1,
            1,
            "the rest of the JSON value",
            Found::EndOfInput,
        ))
    }

    /// Reports the lines of a list skipped after an error in it, if any.
    fn report_skipped(&mut self, out: &mut Boards) {
        if let Some((line, lines)) = self.skipped.take()
            && lines > 0
        {
            let kind = ParseErrorKind::Skipped { lines };
            out.push(Err(ParseError::new(line, 1, kind)));
        }
    }

    /// Makes the gathered text the chunk to turn into boards: a piece of a
    /// top-level list that goes on, or text that ends with every value closed.
    fn hand_on(&mut self, gathered: Gathered) {
        self.chunk = std::mem::take(&mut self.buf);
        self.cursor = Cursor::at_line(self.start);
        let partial = gathered == Gathered::Piece;
        self.partial = partial;
        if partial && self.list.is_none() {
            // The list's first piece: past its `[`, its elements follow.
            let mut reader = ValueParser::new(&self.chunk, self.cursor);
            reader.skip_ws();
            reader.bump();
            self.cursor = reader.cursor;
            self.list = Some(Next::First);
        }
    }

    /// Turns the next top-level value of `chunk` (or the next element of a
    /// long top-level list) into boards.
    fn step(&mut self, out: &mut Boards) -> Result<(), ParseError> {
        let mut reader = ValueParser::new(&self.chunk, self.cursor);
        if let Some(next) = self.list {
            reader.skip_ws();
            if reader.at_end() && self.partial {
                // The piece is done; the list goes on in the next one.
                self.chunk.clear();
                return Ok(());
            }
            match next {
                Next::First if reader.peek() == Some(']') => {
                    reader.bump();
                    self.list = None;
                }
                Next::First | Next::Element => {
                    let line = reader.cursor.line;
                    let item = reader
                        .value(1, KEEP_TOP - 1)
                        .map_err(|e| e.starting_at(line))?;
                    boards(&item, Place::Element, out);
                    self.list = Some(Next::Separator);
                }
                Next::Separator => match reader.peek() {
                    Some(',') => {
                        reader.bump();
                        self.list = Some(Next::Element);
                    }
                    Some(']') => {
                        reader.bump();
                        self.list = None;
                    }
                    _ => return Err(reader.fail("',' or ']'")),
                },
            }
        } else {
            reader.skip_ws();
            let start = reader.cursor;
            if !reader.at_end() {
                let value = reader
                    .value(0, KEEP_TOP)
                    .map_err(|e| e.starting_at(start.line))?;
                let after = match value.kind {
                    Kind::Str(_) => After::String,
                    _ => After::Value,
                };
                if let Some(junk) = reader.junk_after_value(after) {
                    return Err(junk.starting_at(start.line));
                }
                match &value.kind {
                    // Too long to be a board: read it again an element at a
                    // time, so that its results stream out.
                    Kind::Array(list) if list.len > KEEP_ITEMS && !is_board_array(list) => {
                        reader.cursor = start;
                        reader.bump();
                        self.list = Some(Next::First);
                    }
                    _ => boards(&value, Place::Top, out),
                }
            }
        }
        if self.list.is_none() {
            reader.skip_ws();
        }
        self.cursor = reader.cursor;
        if reader.at_end() && self.list.is_none() {
            self.chunk.clear();
        }
        Ok(())
    }
}
