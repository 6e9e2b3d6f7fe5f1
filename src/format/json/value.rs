//! A scanner of one JSON value over gathered text, keeping the line and
//! column where each value starts and, of arrays and objects, only what can
//! make up a board.

use crate::error::{Found, ParseError, ParseErrorKind};
use crate::format::MAX_DEPTH;

/// Items kept per array: a board has at most 81 cells or 9 rows.
pub(super) const KEEP_ITEMS: usize = 81;

/// The fields of an object that can hold a board, in the order one is chosen.
pub(super) const FIELDS: [&str; 4] = ["solution", "grid", "board", "puzzle"];

/// The same fields in the order one is chosen in a record of `sudokit
/// generate --json`: its puzzle is what the next command works on.
pub(super) const GENERATED_FIELDS: [&str; 4] = ["puzzle", "solution", "grid", "board"];

/// What may follow a top-level value on its line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum After {
    /// Only white space: whatever follows was left open to the end.
    LineEnd,
    /// Another value, after a value that is not a string.
    Value,
    /// Another value, after a string (which a string may follow at once).
    String,
}

/// A JSON value with the place it starts.
#[derive(Debug)]
pub(super) struct Value {
    pub(super) line: usize,
    pub(super) column: usize,
    pub(super) kind: Kind,
}

#[derive(Debug)]
pub(super) enum Kind {
    Null,
    Bool(bool),
    /// The number as written.
    Number(String),
    Str(String),
    Array(Array),
    Object(Object),
}

/// What an object holds, as far as reading boards goes.
#[derive(Debug)]
pub(super) struct Object {
    /// The fields that can hold a board (the last non-null value of each
    /// name), and `summary`; other fields are read and dropped.
    pub(super) fields: Vec<(String, Value)>,
    /// Distinct field names, kept or not.
    pub(super) keys: usize,
    /// `"status":"error"`: an error record of sudokit's own `--json`.
    pub(super) error_record: bool,
    /// A number of `givens`: a record of `sudokit generate --json`, read
    /// as its puzzle rather than its solution.
    pub(super) generated: bool,
}

/// An array: its first [`KEEP_ITEMS`] items (none below the levels kept) and
/// what is known of all of them.
#[derive(Debug)]
pub(super) struct Array {
    pub(super) items: Vec<Value>,
    pub(super) len: usize,
    /// Every item is an array of scalars (a board row).
    pub(super) all_rows: bool,
    /// Items that are neither arrays nor objects.
    pub(super) scalars: usize,
}

impl Array {
    fn new() -> Array {
        Array {
            items: Vec::new(),
            len: 0,
            all_rows: true,
            scalars: 0,
        }
    }

    fn push(&mut self, item: Value, keep: bool) {
        self.len += 1;
        self.scalars += usize::from(item.is_scalar());
        self.all_rows &= matches!(&item.kind, Kind::Array(a) if a.all_scalar());
        if keep && self.items.len() < KEEP_ITEMS {
            self.items.push(item);
        }
    }

    /// No item is an array or an object.
    pub(super) fn all_scalar(&self) -> bool {
        self.scalars == self.len
    }

    /// All items, when every one was kept.
    pub(super) fn whole(&self) -> Option<&[Value]> {
        (self.items.len() == self.len).then_some(&self.items)
    }
}

impl Value {
    fn is_scalar(&self) -> bool {
        !matches!(self.kind, Kind::Array(_) | Kind::Object(_))
    }

    pub(super) fn error(&self, expected: impl Into<String>) -> ParseError {
        ParseError::expected(self.line, self.column, expected, self.found())
    }

    fn found(&self) -> Found {
        match &self.kind {
            Kind::Null => Found::Token("null".into()),
            Kind::Bool(b) => Found::Token(b.to_string()),
            Kind::Number(n) => Found::Token(n.clone()),
            Kind::Str(s) if s.chars().count() <= 24 => Found::Token(format!("\"{s}\"")),
            Kind::Str(s) => Found::Text(format!("a string of {} characters", s.chars().count())),
            Kind::Array(a) => Found::Text(format!("an array of {}", a.len)),
            Kind::Object(o) if o.error_record => {
                Found::Text("an error record (\"status\":\"error\"), which holds no board".into())
            }
            Kind::Object(_) => Found::Text("an object".into()),
        }
    }
}

/// A place in a gathered chunk: byte offset, and 1-based line and column.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Cursor {
    pub(super) pos: usize,
    pub(super) line: usize,
    pub(super) column: usize,
}

impl Cursor {
    pub(super) fn at_line(line: usize) -> Cursor {
        Cursor {
            pos: 0,
            line,
            column: 1,
        }
    }
}

/// A recursive-descent JSON parser over one gathered chunk.
pub(super) struct ValueParser<'a> {
    text: &'a str,
    pub(super) cursor: Cursor,
}

impl<'a> ValueParser<'a> {
    pub(super) fn new(text: &'a str, cursor: Cursor) -> ValueParser<'a> {
        ValueParser { text, cursor }
    }

    pub(super) fn peek(&self) -> Option<char> {
        self.text[self.cursor.pos..].chars().next()
    }

    pub(super) fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.cursor.pos += c.len_utf8();
        if c == '\n' {
            self.cursor.line += 1;
            self.cursor.column = 1;
        } else {
            self.cursor.column += 1;
        }
        Some(c)
    }

    pub(super) fn at_end(&self) -> bool {
        self.cursor.pos >= self.text.len()
    }

    pub(super) fn skip_ws(&mut self) {
        while self
            .peek()
            .is_some_and(|c| matches!(c, ' ' | '\t' | '\n' | '\r'))
        {
            self.bump();
        }
    }

    /// After a top-level value: an error when the rest of its line holds
    /// more than white space or, unless `after` is [`After::LineEnd`],
    /// another value. Junk right after a value (`{"puzzle":"…"},"solution":…`,
    /// `"…"9"`, `]]}`) means the value is not what was written.
    pub(super) fn junk_after_value(&mut self, after: After) -> Option<ParseError> {
        let strict = after == After::LineEnd;
        let after_string = after == After::String;
        let mut spaced = false;
        while self.peek().is_some_and(|c| matches!(c, ' ' | '\t' | '\r')) {
            self.bump();
            spaced = true;
        }
        match self.peek() {
            None | Some('\n') => None,
            // Another value: an array or object may follow at once (two
            // records joined), and a string after a string; a number or
            // word only after a space (`"…"9"` is a string closed a cell
            // early, `{…}"solution":…` an object closed early).
            Some('{' | '[') if !strict => None,
            Some('"') if !strict && after_string => None,
            Some('-' | '0'..='9' | 't' | 'f' | 'n') if spaced => None,
            Some(_) => Some(self.fail("the end of the line after the JSON value")),
        }
    }

    pub(super) fn fail(&self, expected: &str) -> ParseError {
        let found = match self.peek() {
            Some('\n') => Found::EndOfLine,
            Some(c) => Found::Char(c),
            None => Found::EndOfInput,
        };
        ParseError::expected(self.cursor.line, self.cursor.column, expected, found)
    }

    /// The next value, keeping the items of `keep` levels of arrays below it.
    pub(super) fn value(&mut self, depth: usize, keep: usize) -> Result<Value, ParseError> {
        if depth > MAX_DEPTH {
            let kind = ParseErrorKind::TooDeep { limit: MAX_DEPTH };
            return Err(ParseError::new(self.cursor.line, self.cursor.column, kind));
        }
        self.skip_ws();
        let Cursor { line, column, .. } = self.cursor;
        let kind = match self.peek() {
            Some('[') => {
                self.bump();
                let mut items = Array::new();
                self.skip_ws();
                if self.peek() == Some(']') {
                    self.bump();
                } else {
                    loop {
                        let item = self.value(depth + 1, keep.saturating_sub(1))?;
                        items.push(item, keep > 0);
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
                let mut names: Vec<String> = Vec::new();
                let mut error_record = false;
                let mut generated = false;
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
                        // Objects do not count as a level: `{"grid": …}`
                        // holds its board where an array would.
                        let value = self.value(depth + 1, keep)?;
                        // A key given twice counts once, with its last
                        // value, as in jq (a null one drops the field).
                        if key == "status" {
                            error_record = matches!(&value.kind, Kind::Str(s) if s == "error");
                        }
                        if key == "givens" {
                            generated = matches!(value.kind, Kind::Number(_));
                        }
                        if names.len() < 2 && !names.contains(&key) {
                            names.push(key.clone());
                        }
                        if FIELDS.contains(&key.as_str()) || key == "summary" {
                            fields.retain(|(k, _)| *k != key);
                            if !matches!(value.kind, Kind::Null) {
                                fields.push((key, value));
                            }
                        }
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
                Kind::Object(Object {
                    fields,
                    keys: names.len(),
                    error_record,
                    generated,
                })
            }
            Some('"') => Kind::Str(self.string()?),
            Some(c) if c == '-' || c.is_ascii_digit() => Kind::Number(self.number()?),
            Some(_) => {
                let rest = &self.text[self.cursor.pos..];
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
        let start = self.cursor.pos;
        if self.peek() == Some('-') {
            self.bump();
        }
        let digits = |p: &mut Self| {
            let from = p.cursor.pos;
            while p.peek().is_some_and(|c| c.is_ascii_digit()) {
                p.bump();
            }
            p.cursor.pos > from
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
        Ok(self.text[start..self.cursor.pos].to_owned())
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
        if !self.text[self.cursor.pos..].starts_with("\\u") {
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
