//! `json`: a 9×9 array of numbers (`0` or `null` blank) or of one-character
//! strings, an 81-character string, or an object whose `solution`, `grid`,
//! `board` or `puzzle` field holds one of these (the first of them present and
//! not null). Several puzzles: a top-level array of them, or one JSON value
//! per line (JSON Lines); a value may span lines.
//!
//! A small parser of our own rather than serde_json: it keeps the line and
//! column of every value, so an error inside a board names its exact place.

use super::{LineParser, MAX_DEPTH, MAX_VALUE, Parsed, cell_value};
use crate::error::{Found, ParseError, ParseErrorKind};
use crate::grid::Grid;

#[derive(Debug, Default)]
pub(super) struct Parser {
    /// The lines of the value being gathered.
    buf: String,
    start: usize,
    depth: usize,
    in_string: bool,
    escaped: bool,
    /// After a value too deep or too large: skip until its end.
    discarding: bool,
}

impl Parser {
    /// Tracks nesting through `text`; `Err` with the column where a limit is passed.
    fn scan(&mut self, text: &str, lineno: usize) -> Result<(), ParseError> {
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
                        return Err(ParseError::new(lineno, i + 1, kind));
                    }
                }
                ']' | '}' => self.depth = self.depth.saturating_sub(1),
                _ => {}
            }
        }
        // A string cannot span lines in JSON; let the parser report it.
        self.in_string = false;
        self.escaped = false;
        Ok(())
    }
}

impl LineParser for Parser {
    fn line(
        &mut self,
        text: &str,
        lineno: usize,
        out: &mut Vec<Result<Parsed, ParseError>>,
    ) -> Result<(), ParseError> {
        if self.discarding {
            let _ = self.scan(text, lineno);
            if self.depth == 0 {
                self.discarding = false;
            }
            return Ok(());
        }
        if self.buf.is_empty() {
            if super::is_filler(text) {
                return Ok(());
            }
            self.start = lineno;
        }
        if let Err(e) = self.scan(text, lineno) {
            self.buf.clear();
            if self.depth == 0 {
                self.discarding = false;
            }
            return Err(e);
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
            return Ok(());
        }
        let chunk = std::mem::take(&mut self.buf);
        let mut reader = ValueParser::new(&chunk, self.start);
        loop {
            reader.skip_ws();
            if reader.at_end() {
                return Ok(());
            }
            let value = reader.value(0)?;
            boards(&value, true, out);
        }
    }

    fn finish(
        &mut self,
        lineno: usize,
        _out: &mut Vec<Result<Parsed, ParseError>>,
    ) -> Result<(), ParseError> {
        if self.buf.is_empty() || self.discarding {
            return Ok(());
        }
        // Let the parser say what is missing.
        let chunk = std::mem::take(&mut self.buf);
        let mut reader = ValueParser::new(&chunk, self.start);
        reader.skip_ws();
        reader.value(0)?;
        Err(ParseError::expected(
            lineno + 1,
            1,
            "the rest of the JSON value",
            Found::EndOfInput,
        ))
    }

    fn reset(&mut self) {
        self.buf.clear();
        self.depth = 0;
        self.in_string = false;
        self.escaped = false;
    }

    fn resync_at_blank(&self) -> bool {
        false
    }
}

/// A JSON value with the place it starts.
#[derive(Debug)]
struct Value {
    line: usize,
    column: usize,
    kind: Kind,
}

#[derive(Debug)]
enum Kind {
    Null,
    Bool(bool),
    /// The number as written.
    Number(String),
    Str(String),
    Array(Vec<Value>),
    Object(Vec<(String, Value)>),
}

impl Value {
    fn error(&self, expected: impl Into<String>) -> ParseError {
        ParseError::expected(self.line, self.column, expected, self.found())
    }

    fn found(&self) -> Found {
        match &self.kind {
            Kind::Null => Found::Token("null".into()),
            Kind::Bool(b) => Found::Token(b.to_string()),
            Kind::Number(n) => Found::Token(n.clone()),
            Kind::Str(s) if s.chars().count() <= 24 => Found::Token(format!("\"{s}\"")),
            Kind::Str(s) => Found::Text(format!("a string of {} characters", s.chars().count())),
            Kind::Array(a) => Found::Text(format!("an array of {}", a.len())),
            Kind::Object(_) => Found::Text("an object".into()),
        }
    }
}

/// A recursive-descent JSON parser over one gathered chunk.
struct ValueParser<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    column: usize,
}

impl<'a> ValueParser<'a> {
    fn new(text: &'a str, line: usize) -> ValueParser<'a> {
        ValueParser {
            text,
            pos: 0,
            line,
            column: 1,
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn at_end(&self) -> bool {
        self.pos >= self.text.len()
    }

    fn skip_ws(&mut self) {
        while self
            .peek()
            .is_some_and(|c| matches!(c, ' ' | '\t' | '\n' | '\r'))
        {
            self.bump();
        }
    }

    fn fail(&self, expected: &str) -> ParseError {
        let found = match self.peek() {
            Some('\n') => Found::EndOfLine,
            Some(c) => Found::Char(c),
            None => Found::EndOfInput,
        };
        ParseError::expected(self.line, self.column, expected, found)
    }

    fn value(&mut self, depth: usize) -> Result<Value, ParseError> {
        if depth > MAX_DEPTH {
            let kind = ParseErrorKind::TooDeep { limit: MAX_DEPTH };
            return Err(ParseError::new(self.line, self.column, kind));
        }
        self.skip_ws();
        let (line, column) = (self.line, self.column);
        let kind = match self.peek() {
            Some('[') => {
                self.bump();
                let mut items = Vec::new();
                self.skip_ws();
                if self.peek() == Some(']') {
                    self.bump();
                } else {
                    loop {
                        items.push(self.value(depth + 1)?);
                        self.skip_ws();
                        match self.peek() {
                            Some(',') => {
                                self.bump();
                            }
                            Some(']') => {
                                self.bump();
                                break;
                            }
                            _ => return Err(self.fail("',' or ']'")),
                        }
                    }
                }
                Kind::Array(items)
            }
            Some('{') => {
                self.bump();
                let mut fields = Vec::new();
                self.skip_ws();
                if self.peek() == Some('}') {
                    self.bump();
                } else {
                    loop {
                        self.skip_ws();
                        if self.peek() != Some('"') {
                            return Err(self.fail("a quoted field name"));
                        }
                        let key = self.string()?;
                        self.skip_ws();
                        if self.peek() != Some(':') {
                            return Err(self.fail("':'"));
                        }
                        self.bump();
                        let value = self.value(depth + 1)?;
                        fields.push((key, value));
                        self.skip_ws();
                        match self.peek() {
                            Some(',') => {
                                self.bump();
                            }
                            Some('}') => {
                                self.bump();
                                break;
                            }
                            _ => return Err(self.fail("',' or '}'")),
                        }
                    }
                }
                Kind::Object(fields)
            }
            Some('"') => Kind::Str(self.string()?),
            Some(c) if c == '-' || c.is_ascii_digit() => Kind::Number(self.number()?),
            Some(_) => {
                let rest = &self.text[self.pos..];
                let word: String = rest.chars().take_while(|c| c.is_alphanumeric()).collect();
                let kind = match word.as_str() {
                    "null" => Kind::Null,
                    "true" => Kind::Bool(true),
                    "false" => Kind::Bool(false),
                    _ => return Err(self.fail("a JSON value")),
                };
                for _ in 0..word.len() {
                    self.bump();
                }
                kind
            }
            None => return Err(self.fail("a JSON value")),
        };
        Ok(Value { line, column, kind })
    }

    fn number(&mut self) -> Result<String, ParseError> {
        let start = self.pos;
        if self.peek() == Some('-') {
            self.bump();
        }
        let digits = |p: &mut Self| {
            let from = p.pos;
            while p.peek().is_some_and(|c| c.is_ascii_digit()) {
                p.bump();
            }
            p.pos > from
        };
        if !digits(self) {
            return Err(self.fail("a digit"));
        }
        if self.peek() == Some('.') {
            self.bump();
            if !digits(self) {
                return Err(self.fail("a digit"));
            }
        }
        if matches!(self.peek(), Some('e' | 'E')) {
            self.bump();
            if matches!(self.peek(), Some('+' | '-')) {
                self.bump();
            }
            if !digits(self) {
                return Err(self.fail("a digit"));
            }
        }
        Ok(self.text[start..self.pos].to_owned())
    }

    fn string(&mut self) -> Result<String, ParseError> {
        self.bump();
        let mut s = String::new();
        loop {
            match self.peek() {
                Some('"') => {
                    self.bump();
                    return Ok(s);
                }
                Some('\\') => {
                    self.bump();
                    let c = match self.peek() {
                        Some('"') => '"',
                        Some('\\') => '\\',
                        Some('/') => '/',
                        Some('b') => '\u{8}',
                        Some('f') => '\u{c}',
                        Some('n') => '\n',
                        Some('r') => '\r',
                        Some('t') => '\t',
                        Some('u') => {
                            self.bump();
                            s.push(self.unicode_escape()?);
                            continue;
                        }
                        _ => {
                            return Err(
                                self.fail("an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u)")
                            );
                        }
                    };
                    self.bump();
                    s.push(c);
                }
                Some(c) if c >= ' ' => {
                    self.bump();
                    s.push(c);
                }
                _ => return Err(self.fail("'\"' to end the string")),
            }
        }
    }

    /// The code point of `XXXX` (after `\u`), joining a surrogate pair.
    fn unicode_escape(&mut self) -> Result<char, ParseError> {
        let high = self.hex4()?;
        if !(0xD800..0xDC00).contains(&high) {
            return char::from_u32(high).ok_or_else(|| self.fail("a valid \\u escape"));
        }
        if !self.text[self.pos..].starts_with("\\u") {
            return Err(self.fail("the second half of a surrogate pair"));
        }
        self.bump();
        self.bump();
        let low = self.hex4()?;
        if !(0xDC00..0xE000).contains(&low) {
            return Err(self.fail("the second half of a surrogate pair"));
        }
        char::from_u32(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            .ok_or_else(|| self.fail("a valid \\u escape"))
    }

    fn hex4(&mut self) -> Result<u32, ParseError> {
        let mut v = 0;
        for _ in 0..4 {
            let d = self
                .peek()
                .and_then(|c| c.to_digit(16))
                .ok_or_else(|| self.fail("a hex digit"))?;
            self.bump();
            v = v * 16 + d;
        }
        Ok(v)
    }
}

const FIELDS: [&str; 4] = ["solution", "grid", "board", "puzzle"];

/// The boards in a top-level value (or an element of a top-level array).
fn boards(value: &Value, top: bool, out: &mut Vec<Result<Parsed, ParseError>>) {
    match &value.kind {
        Kind::Array(items) if top && !is_board_array(items) => {
            for item in items {
                boards(item, false, out);
            }
        }
        Kind::Object(fields) => {
            let chosen = FIELDS.iter().find_map(|name| {
                fields
                    .iter()
                    .find(|(key, v)| key == name && !matches!(v.kind, Kind::Null))
            });
            match chosen {
                Some((_, v)) => out.push(board(v, value.line)),
                // The summary line that ends `sudokit batch --json` is not a puzzle.
                None if top && fields.iter().any(|(key, _)| key == "summary") => {}
                None => out.push(Err(value.error(
                    "an object with a \"solution\", \"grid\", \"board\" or \"puzzle\" field",
                ))),
            }
        }
        _ => out.push(board(value, value.line)),
    }
}

/// Whether an array is one board (9 rows, or 81 cells) rather than a list of puzzles.
fn is_board_array(items: &[Value]) -> bool {
    let scalar = |v: &Value| !matches!(v.kind, Kind::Array(_) | Kind::Object(_));
    let row = |v: &Value| matches!(&v.kind, Kind::Array(cells) if cells.iter().all(scalar));
    (items.len() == 81 && items.iter().all(scalar)) || (!items.is_empty() && items.iter().all(row))
}

fn board(value: &Value, line: usize) -> Result<Parsed, ParseError> {
    let mut cells = [0u8; 81];
    match &value.kind {
        Kind::Str(s) => {
            let n = s.chars().count();
            if n != 81 {
                return Err(value.error("a string of 81 cells"));
            }
            for (i, c) in s.chars().enumerate() {
                // The string's characters start one column after its quote.
                cells[i] = cell_value(c).ok_or_else(|| {
                    ParseError::expected(
                        value.line,
                        value.column + 1 + i,
                        "a digit 0-9 or '.'",
                        Found::Char(c),
                    )
                })?;
            }
        }
        Kind::Array(items)
            if items.len() == 81 && !items.iter().any(|v| matches!(v.kind, Kind::Array(_))) =>
        {
            for (i, item) in items.iter().enumerate() {
                cells[i] = cell(item)?;
            }
        }
        Kind::Array(rows) => {
            if rows.len() != 9 {
                return Err(value.error("9 rows (or 81 cells)"));
            }
            for (r, row) in rows.iter().enumerate() {
                let Kind::Array(items) = &row.kind else {
                    return Err(row.error(format!("row {} as an array of 9 cells", r + 1)));
                };
                if items.len() != 9 {
                    return Err(row.error(format!("row {} with 9 cells", r + 1)));
                }
                for (c, item) in items.iter().enumerate() {
                    cells[r * 9 + c] = cell(item)?;
                }
            }
        }
        _ => return Err(value.error("a board: a 9×9 array or a string of 81 cells")),
    }
    Ok(Parsed {
        grid: super::grid_from(&cells),
        line,
    })
}

fn cell(value: &Value) -> Result<u8, ParseError> {
    let v = match &value.kind {
        Kind::Null => Some(0),
        Kind::Number(n) if n.len() == 1 => {
            cell_value(n.chars().next().unwrap_or(' ')).filter(|_| n != ".")
        }
        Kind::Str(s) if s.chars().count() == 1 => s.chars().next().and_then(cell_value),
        _ => None,
    };
    v.ok_or_else(|| {
        value.error("a number 0-9, null, or a one-character string \"1\"-\"9\" or \".\"")
    })
}

pub(super) fn render(grid: &Grid, out: &mut String) {
    super::render_nested(grid, out, |v, out| out.push(char::from(b'0' + v)));
}
