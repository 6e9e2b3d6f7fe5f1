//! Typed errors of the library: where in the input, and what was expected and
//! found. The binary adds the source's name with anyhow.

use std::fmt;

/// A located problem in puzzle input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {kind}")]
pub struct ParseError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What went wrong.
    pub kind: ParseErrorKind,
    /// The line where the board (or value) the error is in starts, when the
    /// parser that found it knows it better than the reader does.
    start: Option<usize>,
}

impl ParseError {
    pub(crate) fn new(line: usize, column: usize, kind: ParseErrorKind) -> ParseError {
        ParseError {
            line,
            column,
            kind,
            start: None,
        }
    }

    /// The error, said to lie in a board or value that starts on `line`
    /// (unless an inner one was named already).
    pub(crate) fn starting_at(mut self, line: usize) -> ParseError {
        self.start.get_or_insert(line);
        self
    }

    /// The line where the board or value in error starts, if known.
    pub(crate) fn start(&self) -> Option<usize> {
        self.start
    }

    pub(crate) fn expected(
        line: usize,
        column: usize,
        expected: impl Into<String>,
        found: Found,
    ) -> ParseError {
        ParseError::new(
            line,
            column,
            ParseErrorKind::Expected {
                expected: expected.into(),
                found,
            },
        )
    }
}

/// The kinds of input problems.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// Something other than what the format allows at this point.
    #[error("expected {expected}, found {found}")]
    Expected {
        /// What the format allows there, in words.
        expected: String,
        /// What stood there instead.
        found: Found,
    },
    /// The input holds no puzzle at all.
    #[error(
        "expected a puzzle, found none (the input is empty or holds only blank, comment or header lines)"
    )]
    NoPuzzle,
    /// A line longer than [`crate::format::MAX_LINE`].
    #[error("line is longer than the limit of {}", Size(*limit))]
    LineTooLong {
        /// The limit, in bytes.
        limit: usize,
    },
    /// A JSON value larger than [`crate::format::MAX_VALUE`].
    #[error("JSON value is larger than the limit of {}", Size(*limit))]
    ValueTooLarge {
        /// The limit, in bytes.
        limit: usize,
    },
    /// JSON nested deeper than [`crate::format::MAX_DEPTH`].
    #[error("JSON is nested deeper than the limit of {limit} levels")]
    TooDeep {
        /// The deepest nesting accepted.
        limit: usize,
    },
    /// Bytes that are not UTF-8.
    #[error("expected UTF-8 text, found the byte 0x{byte:02x}")]
    InvalidUtf8 {
        /// The first byte that does not decode.
        byte: u8,
    },
    /// Lines passed over after an error whose board's extent could not be
    /// told (up to a blank line, or the end of the input): boards among
    /// them are not read.
    #[error(
        "skipped {lines} more line{} after the error above, as the broken board's end could not be told; boards among them were not read",
        if *lines == 1 { "" } else { "s" }
    )]
    Skipped {
        /// How many lines were passed over.
        lines: usize,
    },
}

/// A size in bytes, said in MiB when it is a whole number of them.
struct Size(usize);

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const MIB: usize = 1 << 20;
        match self.0 {
            n if n >= MIB && n % MIB == 0 => write!(f, "{} MiB", n / MIB),
            n => write!(f, "{n} bytes"),
        }
    }
}

/// What was found where something else was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// One character.
    Char(char),
    /// A word or number.
    Token(String),
    /// A count, said in words (e.g. "8 cells").
    Text(String),
    /// The end of the line.
    EndOfLine,
    /// The end of the input.
    EndOfInput,
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Char(c) => write!(f, "'{}'", Shown(&c.to_string())),
            Found::Token(t) => {
                // A 64 MiB token must not become a 64 MiB message.
                const SHOWN: usize = 24;
                let mut chars = t.chars();
                let head: String = chars.by_ref().take(SHOWN).collect();
                let more = if chars.next().is_some() { "…" } else { "" };
                write!(f, "'{}{more}'", Shown(&head))
            }
            Found::Text(t) => f.write_str(t),
            Found::EndOfLine => f.write_str("the end of the line"),
            Found::EndOfInput => f.write_str("the end of the input"),
        }
    }
}

/// Text as shown in a message: control characters (NUL, escapes) spelled
/// out so that they are visible, everything else as it is.
struct Shown<'a>(&'a str);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0.chars() {
            if c.is_control() || c == '\u{feff}' {
                write!(f, "{}", c.escape_debug())?;
            } else {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

/// A count and its noun, plural unless the count is one: `1 cell`,
/// `2 cells`, `3 guesses`. Public only so that the binary's messages say
/// counts the same way; not part of the API.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub struct Quantity<'a>(pub u64, pub &'a str);

impl fmt::Display for Quantity<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Quantity(n, noun) = *self;
        let ending = match (n, noun.ends_with('s')) {
            (1, _) => "",
            (_, true) => "es",
            (_, false) => "s",
        };
        write!(f, "{n} {noun}{ending}")
    }
}

#[cfg(test)]
mod tests {
    use super::Quantity;

    #[test]
    fn quantities_are_singular_only_for_one() {
        let said = |n, noun| Quantity(n, noun).to_string();
        assert_eq!(said(1, "cell"), "1 cell");
        assert_eq!(said(0, "cell"), "0 cells");
        assert_eq!(said(2, "guess"), "2 guesses");
        assert_eq!(said(1, "guess"), "1 guess");
    }
}
