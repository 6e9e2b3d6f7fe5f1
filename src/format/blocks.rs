//! One-puzzle-per-line input cut into [`Block`]s of whole lines, so that the
//! thread that reads only finds line ends and the threads that solve parse.
//! Each block knows the line and item index it starts at, so it parses alone.
//!
//! Only what follows the first data line is cut: what comes before it, and the
//! choice of layout, follow the [`Reader`]'s rules, and an input that is not
//! `line` is handed to a [`Reader`] from that point on.

use std::io::{self, BufRead, Chain, Cursor, Read};

use memchr::{memchr, memchr_iter};

use super::text::{decode, is_binary, is_filler, is_header, line_content};
use super::types::LONG_LINE_REST;
use super::{Delivery, Format, Layout, MAX_LINE, Reader, detect};

/// The bytes of whole lines a block holds at most, unless one line is longer:
/// enough for a few hundred puzzle lines, little next to solving them.
const BLOCK_BYTES: usize = 16 * 1024;

/// How an input is read.
pub enum Split<R> {
    /// One puzzle per line: in blocks.
    Lines(Blocks<R>),
    /// Any other layout, or a first data line that could not be decoded: a
    /// [`Reader`], carrying on where the choice of layout stopped.
    Other(Box<Reader<Chain<Cursor<Vec<u8>>, R>>>),
}

impl<R> std::fmt::Debug for Split<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Split::Lines(blocks) => f.debug_tuple("Lines").field(blocks).finish(),
            Split::Other(reader) => f.debug_tuple("Other").field(reader).finish(),
        }
    }
}

/// Reads `input` up to its first data line and decides, as a [`Reader`] of
/// `format` would, whether it holds one puzzle per line.
pub fn split<R: BufRead>(mut input: R, format: Format, delivery: Delivery) -> io::Result<Split<R>> {
    let mut held = Vec::new();
    // Lines before the one held: blank, comment or header lines.
    let mut skipped = 0;
    let mut header_skipped = false;
    loop {
        held.clear();
        let stopped = hold_line(&mut input, &mut held)?;
        let raw = held.strip_suffix(b"\n").unwrap_or(&held);
        let lineno = skipped + 1;
        // The end of the input, a line too long or not text: the reader
        // knows what to say.
        let text = if held.is_empty() || stopped || raw.len() > MAX_LINE {
            None
        } else {
            decode(line_content(raw, lineno), lineno).ok()
        };
        let Some(text) = text else { break };
        if is_filler(text) {
            skipped = lineno;
            continue;
        }
        if !header_skipped && is_header(text) {
            if text.chars().any(is_binary) {
                // Not text: the reader reports it.
                break;
            }
            header_skipped = true;
            skipped = lineno;
            continue;
        }
        let layout = match format.layout() {
            Some(layout) => Some(layout),
            None if detect::needs_lookahead(text) => None,
            None => Some(detect(text)),
        };
        if layout != Some(Layout::Line) {
            break;
        }
        return Ok(Split::Lines(Blocks {
            input,
            lineno: skipped,
            next_index: 1,
            first: held,
            skipping: None,
            done: false,
            failed: None,
        }));
    }
    let mut reader = Reader::new(Cursor::new(held).chain(input), format).with_delivery(delivery);
    reader.resume_after(skipped, header_skipped);
    Ok(Split::Other(Box::new(reader)))
}

/// Reads into `held` up to and including the next line end, or to the end
/// of the input; stops early, returning true, once the line is longer than
/// [`MAX_LINE`] (memory stays bounded).
fn hold_line(input: &mut impl BufRead, held: &mut Vec<u8>) -> io::Result<bool> {
    loop {
        let avail = match input.fill_buf() {
            Ok(avail) => avail,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if avail.is_empty() {
            return Ok(false);
        }
        let (take, ended) = line_part(avail);
        held.extend_from_slice(&avail[..take]);
        input.consume(take);
        if ended {
            return Ok(false);
        }
        if held.len() > MAX_LINE {
            return Ok(true);
        }
    }
}

/// Splits a one-puzzle-per-line input into [`Block`]s.
pub struct Blocks<R> {
    input: R,
    /// Lines read so far.
    lineno: usize,
    /// The index of the next item.
    next_index: usize,
    /// The first data line (with its line end, if any), read while choosing
    /// the layout: the start of the first block.
    first: Vec<u8>,
    /// Dropping the rest of a line longer than [`MAX_LINE`], reported
    /// already: the bytes of it dropped so far.
    skipping: Option<usize>,
    /// The input has ended.
    done: bool,
    /// A read failed after the lines of the block before it.
    failed: Option<io::Error>,
}

impl<R> std::fmt::Debug for Blocks<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Blocks")
            .field("lineno", &self.lineno)
            .field("next_index", &self.next_index)
            .finish_non_exhaustive()
    }
}

impl<R: BufRead> Blocks<R> {
    /// The next block, of at most `max_items` items (and at most a few KiB
    /// of lines, unless a line is longer); `Ok(None)` at the end of the
    /// input. An error reading comes after the block of the lines read
    /// whole before it.
    pub fn next_block(&mut self, max_items: usize) -> io::Result<Option<Block>> {
        let mut block = Block::default();
        Ok(self.refill(&mut block, max_items)?.then_some(block))
    }

    /// [`Blocks::next_block`] into `block`, whose memory is used again;
    /// false, with `block` left as it was, at the end of the input.
    pub(super) fn refill(&mut self, block: &mut Block, max_items: usize) -> io::Result<bool> {
        if let Some(err) = self.failed.take() {
            return Err(err);
        }
        if self.done {
            return Ok(false);
        }
        block.bytes.clear();
        if !self.first.is_empty() {
            // The first data line is data: it was chosen for being so.
            block.bytes = std::mem::take(&mut self.first);
            self.lineno += 1;
            block.items = 1;
        } else {
            block.items = 0;
        }
        block.line = self.lineno + 1 - block.items;
        block.index = self.next_index;
        block.too_long = false;
        let filled = self.fill(block, max_items.max(1));
        self.next_index += block.items;
        match filled {
            Ok(()) => Ok(true),
            Err(err) if block.bytes.is_empty() && block.items == 0 => {
                self.done = true;
                Err(err)
            }
            Err(err) => {
                self.done = true;
                self.failed = Some(err);
                Ok(true)
            }
        }
    }

    /// Adds whole lines to `block` until it is full or the input ends.
    fn fill(&mut self, block: &mut Block, max_items: usize) -> io::Result<()> {
        let bytes = &mut block.bytes;
        // Where the line being read starts; the bytes before it are whole lines.
        let mut start = bytes.len();
        loop {
            if block.items >= max_items || start >= BLOCK_BYTES || block.too_long {
                return Ok(());
            }
            let avail = match self.input.fill_buf() {
                Ok(avail) => avail,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    // As a reader does, a line cut short by the failure is dropped.
                    bytes.truncate(start);
                    return Err(e);
                }
            };
            if avail.is_empty() {
                self.done = true;
                if self.skipping.take().is_none() && start < bytes.len() {
                    // The last line, without a line end.
                    self.lineno += 1;
                    if is_data(line_content(&bytes[start..], self.lineno)) {
                        block.items += 1;
                    }
                }
                return Ok(());
            }
            if let Some(passed) = self.skipping {
                let (take, ended) = line_part(avail);
                self.input.consume(take);
                self.skipping = (!ended).then_some(passed + take);
                if passed + take > LONG_LINE_REST && !ended {
                    // Not a line of text (`/dev/zero`): nothing after it is read.
                    self.skipping = None;
                    self.done = true;
                    return Ok(());
                }
                continue;
            }
            if start == bytes.len() {
                // At a line start: whole lines straight from the read buffer.
                let mut cut = 0;
                for end in memchr_iter(b'\n', avail) {
                    if end - cut > MAX_LINE {
                        break;
                    }
                    self.lineno += 1;
                    if is_data(line_content(&avail[cut..end], self.lineno)) {
                        block.items += 1;
                    }
                    cut = end + 1;
                    if block.items >= max_items || start + cut >= BLOCK_BYTES {
                        break;
                    }
                }
                if cut > 0 {
                    bytes.extend_from_slice(&avail[..cut]);
                    self.input.consume(cut);
                    start = bytes.len();
                    continue;
                }
            }
            // One line, or its next part: it began in an earlier read, does
            // not end in this one, or is too long.
            let (take, ended) = line_part(avail);
            let length = bytes.len() - start + take - usize::from(ended);
            if length > MAX_LINE {
                // An error as soon as the line passes the limit, whether
                // its end ever comes or not; the rest of it is dropped
                // when the next block is read.
                bytes.truncate(start);
                self.input.consume(take);
                self.lineno += 1;
                block.items += 1;
                block.too_long = true;
                if !ended {
                    self.skipping = Some(0);
                }
                continue;
            }
            bytes.extend_from_slice(&avail[..take]);
            self.input.consume(take);
            if ended {
                self.lineno += 1;
                let line = &bytes[start..bytes.len() - 1];
                if is_data(line_content(line, self.lineno)) {
                    block.items += 1;
                }
                start = bytes.len();
            }
        }
    }
}

/// How much of `avail` belongs to the line being read, and whether it ends there.
fn line_part(avail: &[u8]) -> (usize, bool) {
    match memchr(b'\n', avail) {
        Some(end) => (end + 1, true),
        None => (avail.len(), false),
    }
}

/// Whole lines of a one-puzzle-per-line input, with where they start.
#[derive(Debug, Default)]
pub struct Block {
    /// The lines, each with its line end (the last line of the input may
    /// have none).
    pub(super) bytes: Vec<u8>,
    /// The number of the first line.
    pub(super) line: usize,
    /// The index of the first item.
    pub(super) index: usize,
    /// Items (puzzles and errors) in the block.
    pub(super) items: usize,
    /// The block ends with a line longer than [`MAX_LINE`], not kept: an error.
    pub(super) too_long: bool,
}

impl Block {
    /// The number of items (puzzles and errors) in the block.
    pub fn len(&self) -> usize {
        self.items
    }

    /// Whether the block holds no item (only blank or comment lines).
    pub fn is_empty(&self) -> bool {
        self.items == 0
    }
}

/// Whether a line (as [`line_content`] gives it) is a puzzle or an error, as
/// opposed to a blank or comment line.
pub(super) fn is_data(bytes: &[u8]) -> bool {
    match bytes.first() {
        None => false,
        // A comment, unless it is not text: that is an error wherever it is.
        Some(b'#') => std::str::from_utf8(bytes).is_err(),
        // A comment of code, or a bad line.
        Some(b'/') => std::str::from_utf8(bytes).map_or(true, |text| !is_filler(text)),
        // Printable ASCII: no white space to skip.
        Some(&b) if (0x21..0x7f).contains(&b) => true,
        // Text that is not UTF-8 is an error wherever it is.
        _ => std::str::from_utf8(bytes).map_or(true, |text| !is_filler(text)),
    }
}
