//! Puzzle formats: reading any of them from a byte stream, writing boards in each.
//!
//! Reading is streaming: a [`Reader`] pulls one line at a time, so memory stays
//! bounded by the longest line (or the largest JSON value), however long the input.

mod blocks;
mod boj;
mod detect;
mod from_text;
mod grid;
mod json;
mod leetcode;
mod line;
#[cfg(test)]
mod tests;

use std::collections::VecDeque;
use std::io::{self, BufRead};

use serde::Serialize;

use crate::error::{Found, ParseError, ParseErrorKind};
use crate::grid::Grid;

pub use blocks::{Block, BlockItems, Blocks, Items, Split, split};
pub use detect::detect;

/// The longest line read, in bytes; a longer one is an error (memory stays bounded).
pub const MAX_LINE: usize = 16 << 20;
/// The largest JSON value (possibly spanning lines), in bytes.
pub const MAX_VALUE: usize = 64 << 20;
/// The deepest JSON nesting accepted.
pub const MAX_DEPTH: usize = 64;

/// An input format, as named by `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// Decide per input from its first data.
    Auto,
    /// 81 numbers 0-9 separated by white space (BOJ 2580): 9 to a line, or 1, 3, 27 or 81.
    Boj,
    /// A 9×9 array of one-character strings, as in LeetCode 36/37 or pasted from code.
    Leetcode,
    /// One puzzle per line, 81 cell characters.
    Line,
    /// JSON: 9×9 arrays, 81-character strings or objects; JSON Lines for several.
    Json,
    /// A board drawn for people, with | - + = as decoration.
    Grid,
}

/// A concrete layout for reading or writing boards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Layout {
    /// 9 lines of 9 space-separated digits (BOJ 2580).
    Boj,
    /// A 9×9 JSON array of one-character strings (LeetCode 37).
    Leetcode,
    /// One 81-character line per board.
    Line,
    /// A 9×9 JSON array of numbers per line.
    Json,
    /// A board drawn for people.
    Grid,
}

impl Layout {
    /// The name used in `--format`, `--to` and JSON output.
    pub fn name(self) -> &'static str {
        match self {
            Layout::Boj => "boj",
            Layout::Leetcode => "leetcode",
            Layout::Line => "line",
            Layout::Json => "json",
            Layout::Grid => "grid",
        }
    }
}

impl Format {
    /// The concrete layout, or `None` for `auto`.
    pub fn layout(self) -> Option<Layout> {
        match self {
            Format::Auto => None,
            Format::Boj => Some(Layout::Boj),
            Format::Leetcode => Some(Layout::Leetcode),
            Format::Line => Some(Layout::Line),
            Format::Json => Some(Layout::Json),
            Format::Grid => Some(Layout::Grid),
        }
    }
}

/// One puzzle read from an input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// The board as given.
    pub grid: Grid,
    /// 1-based position among the input's puzzles (errors take a position too).
    pub index: usize,
    /// 1-based line where the puzzle starts.
    pub line: usize,
    /// The layout it was read in.
    pub layout: Layout,
}

/// A puzzle's board, or the located reason it could not be read.
pub type Item = Result<Puzzle, ItemError>;

/// A puzzle that could not be read, at its position in the input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{error}")]
pub struct ItemError {
    /// 1-based position among the input's puzzles; 0 for an error about
    /// the whole input (it holds no puzzle).
    pub index: usize,
    /// The layout being read (`None` when the input could not be read at all).
    pub layout: Option<Layout>,
    /// 1-based line where the puzzle starts: for a board spanning lines, its
    /// first one, whichever line the error is on; 0 with index 0.
    pub line: usize,
    /// Where and what.
    pub error: ParseError,
}

/// A board found by a format parser, and the line it starts on.
#[derive(Debug)]
pub(crate) struct Parsed {
    pub grid: Grid,
    pub line: usize,
}

/// The interface each format's line-by-line parser implements.
trait LineParser {
    /// Feeds one line (without its line end). Completed boards go to `out`.
    fn line(
        &mut self,
        text: &str,
        lineno: usize,
        out: &mut Vec<Result<Parsed, ParseError>>,
    ) -> Result<(), ParseError>;
    /// The input ended after `lineno` lines: a half-read board is an error.
    fn finish(
        &mut self,
        lineno: usize,
        out: &mut Vec<Result<Parsed, ParseError>>,
    ) -> Result<(), ParseError>;
    /// Whether boards of text already fed are still to be handed out (by
    /// [`LineParser::resume`]) before the next line.
    fn has_more(&self) -> bool {
        false
    }
    /// Hands out the next boards of text already fed: a parser that finds
    /// many boards in one line or value gives them a few at a time, so that
    /// memory does not grow with their number.
    fn resume(&mut self, _out: &mut Vec<Result<Parsed, ParseError>>) -> Result<(), ParseError> {
        Ok(())
    }
    /// The line where the board being read starts, if one is begun: an
    /// error inside it is reported as the board's (JSON `line`).
    fn start(&self) -> Option<usize> {
        None
    }
    /// Forgets a half-read board after an error.
    fn reset(&mut self);
    /// After an error, whether `text`, the next line that is not blank,
    /// still belongs to the broken board and is skipped. A blank line always
    /// ends a broken board. Layouts whose boards span lines skip exactly the
    /// rest of it where its shape tells (the rows left, the brackets left
    /// open), so that the boards after it are read even with no blank line
    /// between them, and to the next blank line where it does not.
    fn skips(&mut self, text: &str) -> bool;
    /// Whether the skip under way goes to the next blank line because the
    /// broken board's extent could not be told: the lines it passes over
    /// are then reported, so that no board among them is lost unsaid.
    fn skips_blind(&self) -> bool {
        false
    }
    /// Hands each board out as soon as it is whole, for a reader whose
    /// answers are awaited one at a time (see [`Rows`] for what holding
    /// the first board of a run guards against).
    fn answer_at_once(&mut self) {}
}

/// How much of a broken board is left to skip.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) enum Rest {
    /// Nothing: the next line is read as usual.
    #[default]
    Nothing,
    /// This many more lines holding cells (lines without cells go too).
    Rows(usize),
    /// Lines up to the one that closes this many brackets left open.
    Open(usize),
    /// Everything up to the next blank line: the shape does not tell.
    ToBlank,
}

impl Rest {
    /// After an error at the start of `text`, with `open` brackets of the
    /// board open before it: what is left once the line is skipped. Only
    /// the board's own kind of bracket counts (`close` is `]` or `}`): a
    /// stray one of the other kind (`["5", "3"} …`) is most likely the
    /// typo, and must not end the skip a row early.
    pub(crate) fn after_brackets(open: usize, close: char, text: &str) -> Rest {
        let opener = if close == '}' { '{' } else { '[' };
        let mut open = open;
        // Brackets inside a quoted cell (`"["`) or a comment do not count.
        let mut quote = None;
        for (i, c) in text.char_indices() {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, '#') => break,
                (None, '/') if text[i..].starts_with("//") => break,
                (None, '"' | '\'') => quote = Some(c),
                (None, c) if c == opener => open += 1,
                (None, c) if c == close && open > 0 => {
                    open -= 1;
                    if open == 0 {
                        return Rest::Nothing;
                    }
                }
                _ => {}
            }
        }
        if open == 0 {
            Rest::Nothing
        } else {
            Rest::Open(open)
        }
    }

    /// Whether the broken board's end is not known (yet): a skip to the
    /// next blank line, or brackets still open.
    pub(crate) fn is_blind(self) -> bool {
        matches!(self, Rest::ToBlank | Rest::Open(_))
    }

    /// Whether a line, holding cells or not, is skipped.
    pub(crate) fn skips(&mut self, has_cells: bool) -> bool {
        match *self {
            Rest::Nothing => false,
            Rest::ToBlank => true,
            Rest::Open(_) => true,
            Rest::Rows(0) => {
                *self = Rest::Nothing;
                false
            }
            Rest::Rows(n) => {
                if has_cells {
                    *self = Rest::Rows(n - 1);
                }
                true
            }
        }
    }
}

enum Parser {
    Boj(boj::Parser),
    Leetcode(leetcode::Parser),
    Line(line::Parser),
    Json(json::Parser),
    Grid(grid::Parser),
}

impl Parser {
    fn new(layout: Layout, at_once: bool) -> Parser {
        let mut parser = match layout {
            Layout::Boj => Parser::Boj(boj::Parser::default()),
            Layout::Leetcode => Parser::Leetcode(leetcode::Parser::default()),
            Layout::Line => Parser::Line(line::Parser),
            Layout::Json => Parser::Json(json::Parser::default()),
            Layout::Grid => Parser::Grid(grid::Parser::default()),
        };
        if at_once {
            parser.get().answer_at_once();
        }
        parser
    }

    fn get(&mut self) -> &mut dyn LineParser {
        match self {
            Parser::Boj(p) => p,
            Parser::Leetcode(p) => p,
            Parser::Line(p) => p,
            Parser::Json(p) => p,
            Parser::Grid(p) => p,
        }
    }
}

/// A line as read (without its `\n`), without a `\r` before the line end
/// and, on line 1, without a byte-order mark.
fn line_content(mut bytes: &[u8], lineno: usize) -> &[u8] {
    if let [rest @ .., b'\r'] = bytes {
        bytes = rest;
    }
    if lineno == 1 {
        bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    }
    bytes
}

/// The text of line `lineno`, or where it stops being UTF-8.
fn decode(bytes: &[u8], lineno: usize) -> Result<&str, ParseError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let valid = &bytes[..e.valid_up_to()];
        let column = String::from_utf8_lossy(valid).chars().count() + 1;
        let byte = bytes[e.valid_up_to()];
        ParseError::new(lineno, column, ParseErrorKind::InvalidUtf8 { byte })
    })
}

/// True for lines that carry no data in any format: blank, `#` comments,
/// and comment lines of code (`// …`, or `/* … */` on one line), as code
/// pasted with its board often has.
fn is_filler(text: &str) -> bool {
    let t = text.trim();
    t.is_empty()
        || t.starts_with('#')
        || t.starts_with("//")
        || (t.starts_with("/*") && t.find("*/") == Some(t.len() - 2))
}

/// A header line (e.g. a CSV header) is skipped when it is the first data line:
/// it has a letter, no digit and nothing that starts a board.
fn is_header(text: &str) -> bool {
    // `.sdk` files may open with a section label such as `[Puzzle]`.
    let t = text.trim();
    let section = t.len() > 2
        && t.starts_with('[')
        && t.ends_with(']')
        && t[1..t.len() - 1]
            .chars()
            .all(|c| c.is_alphabetic() || c == ' ');
    if section {
        return true;
    }
    // Quotes count as a structure's start, except in a CSV header of
    // quoted fields (`"quizzes","solutions"`), which has a separator.
    let quoted_csv = text.contains([',', ';', '\t']);
    // Brackets do when they open the line or follow a declaration, not in
    // a title (`Sudoku [hard]`).
    let structure = t.starts_with(['[', '{']) || detect::declaration_end(t).is_some();
    // A run of dots is blank cells: a grid row with a typo, not a header.
    text.chars().any(|c| c.is_alphabetic())
        && !text.contains("..")
        && !text.chars().any(|c| {
            c.is_ascii_digit()
                || matches!(c, '\'' | '=' | '|')
                || (matches!(c, '[' | '{') && structure)
                || (c == '"' && !quoted_csv)
        })
}

/// Lines that auto-detection may look at when the first data line opens a
/// structure but does not say yet what is inside it.
const DETECT_LOOKAHEAD: usize = 16;

/// Reads puzzles one at a time from a byte stream in a given or detected format.
pub struct Reader<R> {
    input: R,
    parser: Option<Parser>,
    layout: Option<Layout>,
    lineno: usize,
    buf: Vec<u8>,
    /// Lines read ahead for detection, replayed before reading on.
    pending: VecDeque<Line>,
    /// The last line read had no line end: the column just past it.
    open_end: Option<usize>,
    out: Vec<Result<Parsed, ParseError>>,
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
    /// Each board is handed out as soon as it is whole (see [`Rows`]).
    at_once: bool,
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
            parser: layout.map(|layout| Parser::new(layout, false)),
            layout,
            lineno: 0,
            buf: Vec::new(),
            pending: VecDeque::new(),
            open_end: None,
            out: Vec::new(),
            ready: VecDeque::new(),
            next_index: 1,
            seen_data: false,
            header_skipped: false,
            skipping: false,
            skipped: None,
            blind_start: false,
            finished: false,
            at_once: false,
        }
    }

    /// Hands each board out as soon as it is whole, rather than holding the
    /// first of a run of rows until what follows it is read (see `Rest::Rows`):
    /// for answers awaited one at a time (`--line-buffered`, a terminal).
    pub fn answering_at_once(mut self, at_once: bool) -> Reader<R> {
        self.at_once = at_once;
        if at_once && let Some(parser) = self.parser.as_mut() {
            parser.get().answer_at_once();
        }
        self
    }

    /// Carries on after `lineno` lines that held no data (blank, comment or,
    /// when `header_skipped`, one header line), already read elsewhere.
    fn resume_after(&mut self, lineno: usize, header_skipped: bool) {
        self.lineno = lineno;
        self.header_skipped = header_skipped;
    }

    /// The layout being read: given, or detected once the first data is seen.
    pub fn layout(&self) -> Option<Layout> {
        self.layout
    }

    /// Reads the next raw line, at most [`MAX_LINE`] bytes kept.
    /// `Ok(None)` at the end of the input.
    fn read_line(&mut self) -> io::Result<Option<Line>> {
        self.buf.clear();
        let mut too_long = false;
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
            if !too_long {
                if self.buf.len() + chunk.len() > MAX_LINE {
                    too_long = true;
                    self.buf = Vec::new();
                } else {
                    self.buf.extend_from_slice(chunk);
                }
            }
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
        if too_long {
            let kind = ParseErrorKind::LineTooLong { limit: MAX_LINE };
            return Ok(Some((lineno, Err(ParseError::new(lineno, 1, kind)))));
        }
        let text = decode(line_content(&self.buf, lineno), lineno).map(str::to_owned);
        // A last line without a line end: the input ends on it, after its
        // last character, not on a line after it.
        self.open_end = match &text {
            Ok(t) if !ended => Some(t.chars().count() + 1),
            _ => None,
        };
        Ok(Some((lineno, text)))
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
                    continue;
                }
                self.seen_data = true;
                if self.parser.is_none() {
                    let layout = self.choose_layout(&text)?;
                    self.layout = Some(layout);
                    let mut parser = Parser::new(layout, self.at_once);
                    let spans_lines =
                        matches!(layout, Layout::Boj | Layout::Grid | Layout::Leetcode);
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

/// Reads every puzzle of a string (all in memory; for tests and small inputs).
pub fn parse_str(text: &str, format: Format) -> Vec<Item> {
    // Reading from a byte slice never fails, so no I/O error is dropped here.
    Reader::new(text.as_bytes(), format)
        .filter_map(Result::ok)
        .collect()
}

/// Writes `grid` in `layout`, with a line end after it.
pub fn render(grid: &Grid, layout: Layout, out: &mut String) {
    match layout {
        Layout::Boj => boj::render(grid, out),
        Layout::Leetcode => leetcode::render(grid, out),
        Layout::Line => line::render(grid, out),
        Layout::Json => json::render(grid, out),
        Layout::Grid => grid::render(grid, out),
    }
}

/// A heading between boards of `boj` or `grid`, as copied with them from a
/// judge's page or a collection: `예제 입력 1` ("sample input 1"), `Sample
/// Input 1`, `Case 2:`, `Puzzle 3 of 10`, `Grid 01`. It starts with a word
/// of two letters or more (not all the same, no cell among them), and has
/// no more numbers than words (at most two): a row with a typo (`5 3 x`,
/// `0 3 5 4 6 9 2 7 8x`, `..ab`, `1 ab`, `OOOOOOOOO`) stays an error. Where
/// boards are written a number to a line (`per_line` 1), a lone word may
/// be a mistyped number, so a heading there has two words or more.
pub(super) fn is_heading(text: &str, per_line: usize) -> bool {
    // Every row is read through here: most have no letter at all.
    if !text.chars().any(char::is_alphabetic)
        || (per_line == 1 && text.split_whitespace().nth(1).is_none())
    {
        return false;
    }
    let (mut words, mut numbers) = (0, 0);
    for (i, token) in text.split_whitespace().enumerate() {
        let cell = |c: char| cell_value(c).is_some() || c == '_';
        let letters = || token.chars().filter(|c| c.is_alphabetic());
        if token.chars().all(|c| matches!(c, '.' | '_'))
            || token.chars().filter(|&c| cell(c)).nth(8).is_some()
        {
            // Blank cells: a row (`ab ..`); nine cells or more in one
            // token: a board or a row written as code (`{{5,3,0,…}}`,
            // `"53..7…"`), never a heading's number.
            return false;
        } else if token.chars().any(cell) && !token.chars().any(char::is_alphabetic) {
            // A number (`2`, `9.0`, `2024-01-01`, `#3`).
            numbers += 1;
        } else if !token.chars().any(cell)
            && letters().nth(1).is_some()
            && letters().any(|c| Some(c) != letters().next())
        {
            // Two letters or more, not all the same (`OOOOOOOOO` is a row
            // of blanks mistyped), no cell among them.
            words += 1;
        }
        if i == 0 && words == 0 {
            // A heading starts with a word: `1 ab`, `..ab` are rows.
            return false;
        }
    }
    words > 0 && numbers <= 2 && numbers <= words
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
pub(crate) struct Rows {
    cells: Vec<u8>,
    start: usize,
    /// Set by an error in a line: what is left of its board after it.
    broke: Option<Rest>,
    /// What is left of a broken board, once [`Rows::reset`] has run.
    rest: Rest,
    /// The whole boards of the run, not handed out yet.
    held: VecDeque<Parsed>,
    /// No board is held: answers are awaited one at a time.
    at_once: bool,
}

impl Rows {
    /// A row with cells starts on `lineno`; the first one starts the board.
    fn begin_row(&mut self, lineno: usize) {
        if self.cells.is_empty() {
            self.start = lineno;
        }
    }

    fn push(&mut self, value: u8) {
        self.cells.push(value);
    }

    fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The line where the board being read starts, once it has a cell.
    fn start(&self) -> Option<usize> {
        (!self.cells.is_empty()).then_some(self.start)
    }

    /// Cells read of the board.
    fn len(&self) -> usize {
        self.cells.len()
    }

    /// The 1-based number of the row being read.
    fn next_row(&self) -> usize {
        self.cells.len() / 9 + 1
    }

    /// After a complete row: the board, once it has all 81 cells, is held
    /// to the end of its run (handed out at once when answers are awaited
    /// one at a time).
    fn end_row(&mut self, out: &mut Vec<Result<Parsed, ParseError>>) {
        if self.cells.len() == 81 {
            let board = Parsed {
                grid: grid_from(&self.cells),
                line: self.start,
            };
            if self.at_once {
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
    fn release(&mut self, out: &mut Vec<Result<Parsed, ParseError>>) {
        out.extend(self.held.drain(..).map(Ok));
    }

    /// The run ends (a blank line in `boj`, the end of the input) after
    /// `rows` rows; `lines` (of `rows_per_board` to a board) is what
    /// ended it, for the message. Whole, the held board is handed out;
    /// partway through a board, the held one becomes an error.
    fn end_run(
        &mut self,
        out: &mut Vec<Result<Parsed, ParseError>>,
        rows: usize,
        rows_per_board: usize,
        end: &str,
    ) {
        if self.cells.is_empty() {
            self.release(out);
            return;
        }
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
    fn broken_line(
        &mut self,
        out: &mut Vec<Result<Parsed, ParseError>>,
        lineno: usize,
        row_like: bool,
    ) {
        if self.cells.is_empty() && !row_like {
            self.release(out);
            return;
        }
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
    fn blank_in_grid(&mut self, out: &mut Vec<Result<Parsed, ParseError>>) -> bool {
        if self.cells.is_empty() {
            self.release(out);
            return true;
        }
        self.cells.len().is_multiple_of(27)
    }

    /// Notes, after an error in a line, what is left of its board.
    fn broke(&mut self, rest: Rest) {
        self.broke = Some(rest);
    }

    /// Forgets the broken board; what is left of it is what the error
    /// noted, else (a line that was not text, of unknown shape) everything
    /// up to the next blank line.
    fn reset(&mut self) {
        self.rest = self.broke.take().unwrap_or(Rest::ToBlank);
        self.cells.clear();
    }

    /// Whether a line, holding cells or not, is skipped (see [`Rest::skips`]).
    fn skips(&mut self, has_cells: bool) -> bool {
        self.rest.skips(has_cells)
    }

    fn skips_blind(&self) -> bool {
        self.rest.is_blind()
    }

    /// At the end of the input after `lineno` lines: an error when the board
    /// has rows but not all nine (see [`Rows::end_run`] for the held one).
    fn unfinished(
        &mut self,
        lineno: usize,
        out: &mut Vec<Result<Parsed, ParseError>>,
    ) -> Result<(), ParseError> {
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

/// A 9×9 array, `[[…],…]`, on one line, each cell written by `cell`.
fn render_nested(grid: &Grid, out: &mut String, cell: impl Fn(u8, &mut String)) {
    out.push('[');
    for (r, row) in grid.rows().iter().enumerate() {
        if r > 0 {
            out.push(',');
        }
        out.push('[');
        for (c, &v) in row.iter().enumerate() {
            if c > 0 {
                out.push(',');
            }
            cell(v, out);
        }
        out.push(']');
    }
    out.push_str("]\n");
}

/// What goes between two boards in `layout` (a blank line for multi-line drawings).
pub fn separator(layout: Layout) -> &'static str {
    match layout {
        Layout::Boj | Layout::Grid => "\n",
        Layout::Leetcode | Layout::Line | Layout::Json => "",
    }
}

/// Column (1-based, in characters) of byte offset `byte` in `text`.
pub(crate) fn column_of(text: &str, byte: usize) -> usize {
    text[..byte].chars().count() + 1
}

/// The one-character cell at `c`: `Some(0)` for a blank (`0` or `.`), `Some(d)` for a digit.
pub(crate) fn cell_value(c: char) -> Option<u8> {
    match c {
        '.' | '0' => Some(0),
        '1'..='9' => Some(c as u8 - b'0'),
        _ => None,
    }
}

pub(crate) fn grid_from(cells: &[u8]) -> Grid {
    let mut array = [0u8; 81];
    array.copy_from_slice(&cells[..81]);
    // Every parser only stores values from `cell_value`, which are 0-9.
    Grid::from_checked(array)
}
