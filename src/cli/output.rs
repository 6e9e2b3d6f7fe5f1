//! The writers for standard output and standard error.

use std::io::{self, BufWriter, IsTerminal, StdoutLock, Write};
use std::ops::Range;

use serde::Serialize;

use sudokit::Grid;
use sudokit::format::{self, Layout};

/// Standard output: one locked, buffered writer. Boards are separated the way
/// their layout needs, and the buffer is flushed after each puzzle when asked
/// (`--line-buffered`) or when a person is watching (a terminal).
pub struct Out {
    writer: BufWriter<Named>,
    /// Diagnostics, buffered too: a million unsolvable puzzles must not
    /// cost a million writes. Flushed with standard output.
    errors: BufWriter<Sink>,
    /// The puzzles recorded so far by an [`Out::recording`].
    recorded: Option<Recorded>,
    /// A person reads standard error as it comes: no buffering then.
    errors_each: bool,
    flush_each: bool,
    boards_written: bool,
    scratch: String,
    /// The last [`Out::diag_at`] message.
    last_at: PlaceMessage,
}

impl std::fmt::Debug for Out {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Out")
            .field("flush_each", &self.flush_each)
            .finish_non_exhaustive()
    }
}

/// When standard output is flushed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flush {
    /// When the buffer fills, and at the end; after every puzzle on a terminal.
    Buffered,
    /// After every puzzle, wherever it goes (`--line-buffered`).
    EachPuzzle,
}

impl Flush {
    /// `--line-buffered`, said as a [`Flush`].
    pub fn line_buffered(line_buffered: bool) -> Flush {
        if line_buffered {
            Flush::EachPuzzle
        } else {
            Flush::Buffered
        }
    }
}

impl Out {
    /// Standard output, locked for the whole run, flushed as `flush` says.
    pub fn stdout(flush: Flush) -> Out {
        let stdout = io::stdout();
        let flush_each = flush == Flush::EachPuzzle || stdout.is_terminal();
        Out {
            writer: BufWriter::with_capacity(64 * 1024, Named(Sink::Stdout(stdout.lock()))),
            errors: BufWriter::with_capacity(64 * 1024, Sink::Stderr(io::stderr())),
            recorded: None,
            errors_each: io::stderr().is_terminal(),
            flush_each,
            boards_written: false,
            scratch: String::new(),
            last_at: PlaceMessage::default(),
        }
    }

    /// A writer that keeps what it is given, to be written later, in order,
    /// by [`Out::replay`] (see [`Recorded`]): what a worker thread answers
    /// for one puzzle. `flush_each` is the real writer's
    /// [`Out::flushes_each`], for whoever reads the puzzles.
    pub fn recording(flush_each: bool) -> Out {
        Out {
            // Nothing buffered: every write goes straight to memory.
            writer: BufWriter::with_capacity(0, Named(Sink::Memory(Vec::new()))),
            errors: BufWriter::with_capacity(0, Sink::Memory(Vec::new())),
            recorded: Some(Recorded::default()),
            errors_each: false,
            flush_each,
            boards_written: false,
            scratch: String::new(),
            last_at: PlaceMessage::default(),
        }
    }

    /// What a [`Out::recording`] has kept since it was last taken.
    pub fn take_recorded(&mut self) -> Recorded {
        self.cut(false);
        self.recorded
            .take()
            .map_or_else(Recorded::default, |recorded| {
                self.recorded = Some(Recorded::default());
                recorded
            })
    }

    /// Writes what a recording kept, as it would have been written here:
    /// each stream's bytes in order, each puzzle's end where it was.
    pub fn replay(&mut self, recorded: &Recorded) -> io::Result<()> {
        for part in &recorded.parts {
            self.writer.write_all(&part.out)?;
            if !part.errors.is_empty() {
                let _ = self.errors.write_all(&part.errors);
                if self.errors_each {
                    let _ = self.errors.flush();
                }
            }
            if part.ended {
                self.end_item()?;
            }
        }
        Ok(())
    }

    /// Closes the recording's current part, as a puzzle's end when `ended`.
    fn cut(&mut self, ended: bool) {
        let Some(recorded) = &mut self.recorded else {
            return;
        };
        let out = match self.writer.get_mut() {
            Named(Sink::Memory(bytes)) => std::mem::take(bytes),
            Named(_) => Vec::new(),
        };
        let errors = match self.errors.get_mut() {
            Sink::Memory(bytes) => std::mem::take(bytes),
            _ => Vec::new(),
        };
        if ended || !out.is_empty() || !errors.is_empty() {
            recorded.parts.push(Part { out, errors, ended });
        }
    }

    /// Writes a board in `layout`, preceded by the layout's separator when
    /// another board came before it.
    pub fn board(&mut self, grid: &Grid, layout: Layout) -> io::Result<()> {
        self.scratch.clear();
        if self.boards_written {
            self.scratch.push_str(format::separator(layout));
        }
        format::render(grid, layout, &mut self.scratch);
        self.boards_written = true;
        self.writer.write_all(self.scratch.as_bytes())
    }

    /// Writes text already rendered, line ends included.
    pub fn bytes(&mut self, text: &[u8]) -> io::Result<()> {
        self.writer.write_all(text)
    }

    /// Writes one line of text.
    pub fn line(&mut self, text: &str) -> io::Result<()> {
        self.writer.write_all(text.as_bytes())?;
        self.writer.write_all(b"\n")
    }

    /// Writes `value` as one JSON line.
    pub fn json(&mut self, value: &impl Serialize) -> io::Result<()> {
        serde_json::to_writer(&mut self.writer, value).map_err(io::Error::from)?;
        self.writer.write_all(b"\n")
    }

    /// Writes one diagnostic line, `sudokit: …`, to standard error.
    pub fn diag(&mut self, message: impl std::fmt::Display) {
        // Nothing useful can be done when standard error itself is gone.
        let _ = writeln!(self.errors, "sudokit: {message}");
        if self.errors_each {
            let _ = self.errors.flush();
        }
    }

    /// Writes `sudokit: SOURCE:LINE: puzzle INDEX: WHAT` to standard error:
    /// [`Out::diag`] for the one message a file of a million unsolvable
    /// puzzles prints a million times, written without the formatting
    /// machinery.
    pub fn diag_at(&mut self, source: &str, line: usize, index: usize, what: &'static str) {
        let message = self.last_at.of(source, line, index, what);
        // Nothing useful can be done when standard error itself is gone.
        let _ = self.errors.write_all(message);
        if self.errors_each {
            let _ = self.errors.flush();
        }
    }

    /// Whether each puzzle's output is flushed as soon as it is written
    /// (`--line-buffered`, or a terminal): then each puzzle should be read
    /// and answered on its own, not in a batch of lines.
    pub fn flushes_each(&self) -> bool {
        self.flush_each
    }

    /// Marks the end of one puzzle's output.
    pub fn end_item(&mut self) -> io::Result<()> {
        if self.recorded.is_some() {
            self.cut(true);
        } else if self.flush_each {
            self.flush()?;
        }
        Ok(())
    }

    /// Writes out what standard output and standard error hold.
    pub fn flush(&mut self) -> io::Result<()> {
        let _ = self.errors.flush();
        self.writer.flush()
    }
}

/// What an [`Out::recording`] kept: parts in order, each the bytes for
/// standard output and for standard error, and whether a puzzle's output
/// ended there (where a real writer may flush).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Recorded {
    parts: Vec<Part>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Part {
    out: Vec<u8>,
    errors: Vec<u8>,
    ended: bool,
}

impl Recorded {
    /// Nothing was kept.
    pub fn is_empty(&self) -> bool {
        self.parts.is_empty()
    }

    /// Drops a first part that only ends a puzzle: its end when it was
    /// recorded again elsewhere.
    pub fn skip_leading_end(&mut self) {
        if self
            .parts
            .first()
            .is_some_and(|p| p.ended && p.out.is_empty() && p.errors.is_empty())
        {
            self.parts.remove(0);
        }
    }
}

/// Where an [`Out`] writes: a standard stream, or memory when recording.
enum Sink {
    Stdout(StdoutLock<'static>),
    Stderr(io::Stderr),
    Memory(Vec<u8>),
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Sink::Stdout(w) => w.write(buf),
            Sink::Stderr(w) => w.write(buf),
            Sink::Memory(w) => w.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Sink::Stdout(w) => w.write_all(buf),
            Sink::Stderr(w) => w.write_all(buf),
            Sink::Memory(w) => w.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Sink::Stdout(w) => w.flush(),
            Sink::Stderr(w) => w.flush(),
            Sink::Memory(_) => Ok(()),
        }
    }
}

/// Standard output whose errors say that they are about it (`standard
/// output: No space left on device`), as errors about inputs name them.
/// The error's kind is kept: a closed pipe is still told apart.
struct Named(Sink);

impl Named {
    fn name(err: io::Error) -> io::Error {
        io::Error::new(err.kind(), format!("standard output: {}", in_words(&err)))
    }
}

impl Write for Named {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(Named::name)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(Named::name)
    }
}

/// What went wrong in an input or output operation, in words, without the
/// `(os error N)` that the standard library appends: the C library's wording
/// for the common kinds, so that messages read the same on every system, and
/// the system's own description otherwise. An error made with a message of
/// its own (not from the system) is that message.
pub fn in_words(err: &io::Error) -> String {
    use io::ErrorKind as K;
    if err.raw_os_error().is_none() {
        return err.to_string();
    }
    let words = match err.kind() {
        K::NotFound => "No such file or directory",
        K::PermissionDenied => "Permission denied",
        K::AlreadyExists => "File exists",
        K::IsADirectory => "Is a directory",
        K::NotADirectory => "Not a directory",
        K::StorageFull => "No space left on device",
        K::ReadOnlyFilesystem => "Read-only file system",
        K::QuotaExceeded => "Disk quota exceeded",
        K::FileTooLarge => "File too large",
        K::BrokenPipe => "Broken pipe",
        K::ResourceBusy => "Device or resource busy",
        K::TooManyLinks => "Too many links",
        K::DirectoryNotEmpty => "Directory not empty",
        _ => {
            let text = err.to_string();
            return match text.rfind(" (os error ") {
                Some(at) if text.ends_with(')') => text[..at].to_owned(),
                _ => text,
            };
        }
    };
    words.to_owned()
}

/// `err`, of the same kind, said [`in_words`]: for an error that is shown
/// through a chain of causes (`anyhow`'s `{:#}`), where the kind still
/// matters (a closed pipe ends the run quietly).
pub fn worded(err: io::Error) -> io::Error {
    if err.raw_os_error().is_none() {
        return err;
    }
    io::Error::new(err.kind(), in_words(&err))
}

/// Writes one diagnostic line, `sudokit: …`, to standard error.
pub fn diag(message: impl std::fmt::Display) {
    // One write for the whole line: standard error is unbuffered, and a
    // line written in pieces can be split by another process's output into
    // the same pipe or log file.
    let line = format!("sudokit: {message}\n");
    // Nothing useful can be done when standard error itself is gone.
    let _ = io::stderr().lock().write_all(line.as_bytes());
}

/// The line `sudokit: SOURCE:LINE: puzzle INDEX: WHAT` and its end, kept
/// from one message to the next: in a file of unsolvable puzzles the next
/// message differs only in its line and index, each one more, and adding
/// one to their digits where they stand costs less than writing the line
/// anew.
#[derive(Debug, Default)]
struct PlaceMessage {
    /// The message, empty before the first one.
    bytes: Vec<u8>,
    /// Where the line's digits and the index's digits are in it (the
    /// source runs from after [`PlaceMessage::PREFIX`] to the `:` before
    /// the line).
    line: Range<usize>,
    index: Range<usize>,
    /// The numbers the digits spell.
    line_value: usize,
    index_value: usize,
    /// The outcome at its end.
    what: &'static str,
}

impl PlaceMessage {
    const PREFIX: &[u8] = b"sudokit: ";

    /// The message for `source`, `line`, `index` and `what`.
    fn of(&mut self, source: &str, line: usize, index: usize, what: &'static str) -> &[u8] {
        // Outcomes are told apart by where their text lies: each is one
        // static text, and an equal one elsewhere only costs writing the
        // line anew.
        let next = !self.bytes.is_empty()
            && self.line_value.checked_add(1) == Some(line)
            && self.index_value.checked_add(1) == Some(index)
            && std::ptr::eq(self.what, what)
            && self.bytes[Self::PREFIX.len()..self.line.start - 1] == *source.as_bytes();
        let counted = next
            && add_one(&mut self.bytes[self.line.clone()])
            && add_one(&mut self.bytes[self.index.clone()]);
        if !counted {
            self.write(source, line, index, what);
        }
        self.line_value = line;
        self.index_value = index;
        self.what = what;
        &self.bytes
    }

    /// Writes the message anew.
    fn write(&mut self, source: &str, line: usize, index: usize, what: &str) {
        let bytes = &mut self.bytes;
        bytes.clear();
        bytes.extend_from_slice(Self::PREFIX);
        bytes.extend_from_slice(source.as_bytes());
        bytes.push(b':');
        let mut at = bytes.len();
        bytes.extend_from_slice(decimal(line, &mut [0; 20]));
        self.line = at..bytes.len();
        bytes.extend_from_slice(b": puzzle ");
        at = bytes.len();
        bytes.extend_from_slice(decimal(index, &mut [0; 20]));
        self.index = at..bytes.len();
        bytes.extend_from_slice(b": ");
        bytes.extend_from_slice(what.as_bytes());
        bytes.push(b'\n');
    }
}

/// Adds one to the decimal `digits`; false, leaving them all 0, when they
/// were all 9 (the number needs one more place).
fn add_one(digits: &mut [u8]) -> bool {
    for digit in digits.iter_mut().rev() {
        if *digit == b'9' {
            *digit = b'0';
        } else {
            *digit += 1;
            return true;
        }
    }
    false
}

/// `n` in decimal, written at the end of `buf`, two digits per division.
pub(crate) fn decimal(mut n: usize, buf: &mut [u8; 20]) -> &[u8] {
    const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
        2021222324252627282930313233343536373839\
        4041424344454647484950515253545556575859\
        6061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899";
    let mut at = buf.len();
    while n >= 100 {
        let pair = 2 * (n % 100);
        n /= 100;
        at -= 2;
        buf[at..at + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
    }
    if n >= 10 {
        at -= 2;
        buf[at..at + 2].copy_from_slice(&PAIRS[2 * n..2 * n + 2]);
    } else {
        at -= 1;
        buf[at] = b'0' + n as u8;
    }
    &buf[at..]
}

#[cfg(test)]
mod tests {
    #[test]
    fn os_errors_are_said_in_words_with_their_kind_kept() {
        use std::io::Error;
        for (code, words) in [
            (2, "No such file or directory"),
            (13, "Permission denied"),
            (21, "Is a directory"),
            (28, "No space left on device"),
        ] {
            let err = Error::from_raw_os_error(code);
            assert_eq!(super::in_words(&err), words);
            let worded = super::worded(Error::from_raw_os_error(code));
            assert_eq!(worded.to_string(), words);
            assert_eq!(worded.kind(), err.kind());
        }
        // A kind without words of its own: the system's, without the code.
        let odd = super::in_words(&Error::from_raw_os_error(71));
        assert!(!odd.contains("os error"), "{odd}");
        let own = Error::other("the disk went away");
        assert_eq!(super::in_words(&own), "the disk went away");
    }

    #[test]
    fn decimal_writes_every_digit() {
        let wide = [1_000_001, 123_456_789, usize::MAX / 7, usize::MAX];
        for n in (0..10_000).chain(wide) {
            let mut buf = [0; 20];
            assert_eq!(super::decimal(n, &mut buf), n.to_string().as_bytes());
        }
    }

    #[test]
    fn a_place_message_follows_any_sequence_of_places() {
        let mut message = super::PlaceMessage::default();
        // Steps of one across every carry, repeats, jumps back and forth,
        // a line and an index that do not move together, other sources and
        // outcomes, and the widest numbers.
        let (none, many) = (
            crate::cli::json::Status::Unsolvable.describe(),
            crate::cli::json::Status::Multiple.describe(),
        );
        let mut places: Vec<(&str, usize, usize, &str)> =
            (0..1_200).map(|n| ("a.txt", n + 1, n, none)).collect();
        places.extend([
            ("a.txt", 1_201, 1_199, none),
            ("a.txt", 1_202, 1_201, none),
            ("a.txt", 1_203, 1_202, none),
            ("a.txt", 1_204, 1_203, many),
            ("a.txt", 1_205, 1_204, many),
            ("b.txt", 1_206, 1_205, many),
            ("a.txt", 1_207, 1_206, many),
            ("<stdin>", 1_207, 1_206, none),
            ("<stdin>", 5, 6, none),
            ("<stdin>", 999_999, 99, none),
            ("<stdin>", 1_000_000, 100, none),
            ("<stdin>", 1_000_001, 101, none),
            ("<stdin>", 3, 3, none),
            ("<stdin>", usize::MAX - 1, usize::MAX - 1, none),
            ("<stdin>", usize::MAX, usize::MAX, none),
            ("<stdin>", 0, 0, none),
        ]);
        for (source, line, index, what) in places {
            let expected = format!("sudokit: {source}:{line}: puzzle {index}: {what}\n");
            assert_eq!(
                String::from_utf8_lossy(message.of(source, line, index, what)),
                expected
            );
        }
    }
}

#[cfg(test)]
mod recording_tests {
    use super::Out;

    #[test]
    fn a_recording_keeps_each_stream_in_order_and_each_puzzle_end() {
        let mut out = Out::recording(false);
        out.line("first").expect("in memory");
        out.diag("a message");
        out.end_item().expect("in memory");
        out.end_item().expect("in memory");
        out.json(&[1, 2]).expect("in memory");
        let recorded = out.take_recorded();
        let parts: Vec<(&[u8], &[u8], bool)> = recorded
            .parts
            .iter()
            .map(|p| (&p.out[..], &p.errors[..], p.ended))
            .collect();
        assert_eq!(
            parts,
            vec![
                (&b"first\n"[..], &b"sudokit: a message\n"[..], true),
                (&b""[..], &b""[..], true),
                (&b"[1,2]\n"[..], &b""[..], false),
            ]
        );
        // Taken: the next recording starts empty.
        assert!(out.take_recorded().is_empty());
        out.end_item().expect("in memory");
        let mut end_only = out.take_recorded();
        assert!(!end_only.is_empty());
        end_only.skip_leading_end();
        assert!(end_only.is_empty());
    }
}
