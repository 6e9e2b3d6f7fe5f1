//! Reading the puzzles of one input, for every command. An input is split
//! as the library decides ([`format::split`]): a one-puzzle-per-line input
//! in blocks of whole lines, any other layout item by item. Two consumers:
//!
//! - `batch` takes [`Reading`]'s pieces into its worker pool, whose
//!   workers parse the blocks;
//! - `solve` and `validate` take [`Parsed`] items through the read-ahead
//!   thread, which parses as it reads.
//!
//! Both give up early on an input that is plainly not puzzle text
//! ([`NotText`]), by one rule for every command.

use std::io::{self, BufRead, Chain, Cursor};

use sudokit::format::{self, Block, Blocks, Delivery, Format, Item, Items, Reader, Split};

/// What reading an input yields, in order.
#[derive(Debug)]
pub enum Piece {
    /// Lines of a one-puzzle-per-line input, parsed by whoever takes them.
    Lines(Block),
    /// A puzzle, or a located error, of any other layout.
    Item(Item),
}

impl Piece {
    /// The items (puzzles and errors) it holds.
    pub fn items(&self) -> usize {
        match self {
            Piece::Lines(block) => block.len(),
            Piece::Item(_) => 1,
        }
    }
}

/// Unreadable entries at the start of an input, with no puzzle among them,
/// that make it not puzzle text: a page of prose, a README, a file in
/// another format give that many at once, while a puzzle file whose first
/// puzzles are malformed shows a puzzle long before. The rest of such an
/// input is not read, so that it costs one message however long it is.
pub const UNREADABLE_AT_START: usize = 8;

/// Bytes at the start of an input in which a NUL byte makes it binary
/// data, as ripgrep decides: no text format has one, and an image, an
/// executable or an archive has one almost at once. Only what the first
/// read brought is looked at, so that the check costs no read of its own.
pub const BINARY_HEAD: usize = 8 * 1024;

/// Why an input is not puzzle text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotText {
    /// A NUL byte at this offset, in the first [`BINARY_HEAD`] bytes.
    Nul(usize),
    /// [`UNREADABLE_AT_START`] unreadable entries and no puzzle; the first
    /// one's `line:column: reason`.
    Unreadable(String),
}

impl std::fmt::Display for NotText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotText::Nul(at) => write!(f, "binary data: a NUL byte at offset {at}"),
            NotText::Unreadable(first) => write!(
                f,
                "no puzzle in its first {UNREADABLE_AT_START} entries; the first: {first}"
            ),
        }
    }
}

/// Carried by the read error that ends a [`Parsed`] input that is not
/// puzzle text.
impl std::error::Error for NotText {}

impl NotText {
    /// The reason an input ended, if it was this.
    pub fn of(err: &io::Error) -> Option<&NotText> {
        err.get_ref()?.downcast_ref()
    }
}

/// Where the first [`BINARY_HEAD`] bytes of `input` hold a NUL byte, looking
/// only at what its buffer holds once filled (nothing is consumed).
fn binary_at(input: &mut impl BufRead) -> io::Result<Option<usize>> {
    loop {
        match input.fill_buf() {
            Ok(head) => return Ok(memchr::memchr(0, &head[..head.len().min(BINARY_HEAD)])),
            Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
            Err(err) => return Err(err),
        }
    }
}

/// How [`Reading`] reads.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    pub format: Format,
    pub delivery: Delivery,
    /// Items per block of lines at most (1 with [`Delivery::AtOnce`]).
    pub block_items: usize,
}

/// How a [`Reading`] ended.
#[derive(Debug)]
pub enum Ending {
    /// The input was read to its end.
    Whole,
    /// Reading failed, after the pieces read whole before.
    Failed(io::Error),
    /// Not puzzle text: the rest is not read.
    NotText(NotText),
}

/// The pieces of one input, in order. After the last one, [`Reading::ending`]
/// says why there are no more.
pub struct Reading<R> {
    state: State<R>,
    settings: Settings,
    watch: Watch,
    ending: Option<Ending>,
}

/// The not-puzzle-text rule at work on one input, until it shows a puzzle.
#[derive(Debug)]
struct Watch {
    /// Unreadable items still taken before giving up; `None` once a
    /// readable one has been seen.
    left: Option<usize>,
    /// The first unreadable item's `line:column: reason`.
    first: Option<String>,
}

impl Watch {
    fn new() -> Watch {
        Watch {
            left: Some(UNREADABLE_AT_START),
            first: None,
        }
    }

    /// Whether the input has yet to show a readable item.
    fn watching(&self) -> bool {
        self.left.is_some()
    }

    /// Counts an item; the reason to give up, when it is time to.
    fn sees(&mut self, item: &Item) -> Option<NotText> {
        let left = self.left.as_mut()?;
        let Err(e) = item else {
            self.left = None;
            return None;
        };
        self.first.get_or_insert_with(|| e.error.to_string());
        *left = left.saturating_sub(1);
        (*left == 0).then(|| NotText::Unreadable(self.first.take().unwrap_or_default()))
    }
}

enum State<R> {
    Fresh(R),
    Lines(Blocks<R>),
    Other(Box<Reader<Chain<Cursor<Vec<u8>>, R>>>),
    Done,
}

impl<R> std::fmt::Debug for Reading<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reading")
            .field("settings", &self.settings)
            .field("watch", &self.watch)
            .field("ending", &self.ending)
            .finish_non_exhaustive()
    }
}

impl<R: BufRead> Reading<R> {
    pub fn new(input: R, settings: Settings) -> Reading<R> {
        Reading {
            state: State::Fresh(input),
            watch: Watch::new(),
            settings,
            ending: None,
        }
    }

    /// How reading ended, once [`Reading::next`] has returned `None`.
    pub fn ending(&mut self) -> Ending {
        self.ending.take().unwrap_or(Ending::Whole)
    }

    /// Ends the reading: no piece comes after this.
    fn end(&mut self, ending: Ending) -> Option<Piece> {
        self.state = State::Done;
        self.ending = Some(ending);
        None
    }
}

impl<R: BufRead> Iterator for Reading<R> {
    type Item = Piece;

    /// The next piece; `None` once the input has ended, failed or been
    /// given up on.
    fn next(&mut self) -> Option<Piece> {
        loop {
            let piece = match &mut self.state {
                State::Done => return None,
                State::Fresh(_) => {
                    let State::Fresh(mut input) = std::mem::replace(&mut self.state, State::Done)
                    else {
                        unreachable!("matched as fresh just above")
                    };
                    match binary_at(&mut input) {
                        Ok(None) => {}
                        Ok(Some(at)) => return self.end(Ending::NotText(NotText::Nul(at))),
                        Err(err) => return self.end(Ending::Failed(err)),
                    }
                    match format::split(input, self.settings.format, self.settings.delivery) {
                        Ok(Split::Lines(blocks)) => self.state = State::Lines(blocks),
                        Ok(Split::Other(reader)) => self.state = State::Other(reader),
                        Err(err) => return self.end(Ending::Failed(err)),
                    }
                    continue;
                }
                State::Lines(blocks) => {
                    // Until a readable puzzle shows up, one item at a time,
                    // parsed here too, to stop at the right one in an input
                    // that is not puzzle text.
                    let max = if self.watch.watching() {
                        1
                    } else {
                        self.settings.block_items
                    };
                    match blocks.next_block(max) {
                        // Only blank or comment lines: nothing to hand on.
                        Ok(Some(block)) if block.is_empty() => continue,
                        Ok(Some(block)) => Piece::Lines(block),
                        Ok(None) => return self.end(Ending::Whole),
                        Err(err) => return self.end(Ending::Failed(err)),
                    }
                }
                State::Other(reader) => match reader.next() {
                    Some(Ok(item)) => Piece::Item(item),
                    Some(Err(err)) => return self.end(Ending::Failed(err)),
                    None => return self.end(Ending::Whole),
                },
            };
            let not_text = match &piece {
                _ if !self.watch.watching() => None,
                Piece::Lines(block) => block.items().find_map(|item| self.watch.sees(&item)),
                Piece::Item(item) => self.watch.sees(item),
            };
            if let Some(not_text) = not_text {
                // The piece that reached the limit still goes on, as the
                // last one.
                self.state = State::Done;
                self.ending = Some(Ending::NotText(not_text));
            }
            return Some(piece);
        }
    }
}

/// The items of an input, parsed by the thread that reads them: the
/// read-ahead thread's source for `solve` and `validate`. The library's
/// [`Items`] splits the input as [`Reading`] does and parses each line
/// straight into the bundle, which costs less per puzzle than taking a
/// [`Block`]'s items one by one; the puzzles are the same. A failure to read
/// comes last, as an `Err` after the items read before it; so does an input
/// found not to be puzzle text, as an `Err` carrying [`NotText`].
pub struct Parsed<R> {
    /// The input before its first read, and how to read it.
    fresh: Option<(R, Format, Delivery)>,
    items: Option<Items<R>>,
    watch: Watch,
}

impl<R> std::fmt::Debug for Parsed<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Parsed")
            .field("items", &self.items)
            .field("watch", &self.watch)
            .finish_non_exhaustive()
    }
}

impl<R: BufRead> Parsed<R> {
    pub fn new(input: R, format: Format, delivery: Delivery) -> Parsed<R> {
        Parsed {
            fresh: Some((input, format, delivery)),
            items: None,
            watch: Watch::new(),
        }
    }

    /// Ends the input with `err` as its last item.
    fn end(&mut self, bundle: &mut Vec<io::Result<Item>>, err: io::Error) {
        bundle.push(Err(err));
        self.items = None;
    }

    /// Appends the next `max` items to `bundle`, or as many as are left.
    pub fn fill(&mut self, bundle: &mut Vec<io::Result<Item>>, max: usize) {
        if self.fresh.is_some()
            && let Some((mut input, format, delivery)) = self.fresh.take()
        {
            match binary_at(&mut input) {
                Ok(None) => self.items = Some(Items::new(input, format, delivery)),
                Ok(Some(at)) => {
                    let not_text = NotText::Nul(at);
                    return self.end(bundle, io::Error::new(io::ErrorKind::InvalidData, not_text));
                }
                Err(err) => return self.end(bundle, err),
            }
        }
        let Some(items) = &mut self.items else { return };
        let start = bundle.len();
        items.fill(bundle, max);
        if !self.watch.watching() {
            return;
        }
        for k in start..bundle.len() {
            let Ok(item) = &bundle[k] else { return };
            if let Some(not_text) = self.watch.sees(item) {
                bundle.truncate(k + 1);
                return self.end(bundle, io::Error::new(io::ErrorKind::InvalidData, not_text));
            }
            if !self.watch.watching() {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn settings(format: Format) -> Settings {
        Settings {
            format,
            delivery: Delivery::Buffered,
            block_items: 16,
        }
    }

    /// Every piece of `text` as items (true for a puzzle), and the ending.
    fn read(text: &[u8], settings: Settings) -> (Vec<bool>, Ending) {
        let mut reading = Reading::new(text, settings);
        let mut items = Vec::new();
        for piece in reading.by_ref() {
            match piece {
                Piece::Lines(block) => items.extend(block.items().map(|i| i.is_ok())),
                Piece::Item(item) => items.push(item.is_ok()),
            }
        }
        (items, reading.ending())
    }

    /// Every item `parsed` gives, as true for a puzzle, and how it ended.
    fn drain<R: BufRead>(mut parsed: Parsed<R>) -> (Vec<bool>, Option<io::Error>) {
        let mut bundle = Vec::new();
        loop {
            let before = bundle.len();
            parsed.fill(&mut bundle, 3);
            if bundle.len() == before {
                break;
            }
        }
        let mut items = Vec::new();
        for item in bundle {
            match item {
                Ok(item) => items.push(item.is_ok()),
                Err(err) => return (items, Some(err)),
            }
        }
        (items, None)
    }

    #[test]
    fn gives_up_only_before_a_puzzle() {
        let garbage = "12x\n".repeat(50);
        let (items, ending) = read(garbage.as_bytes(), settings(Format::Line));
        assert_eq!(items, vec![false; UNREADABLE_AT_START]);
        assert!(
            matches!(&ending, Ending::NotText(NotText::Unreadable(first)) if first.starts_with("1:")),
            "{ending:?}"
        );
        // The same rule over parsed items.
        let parsed = Parsed::new(garbage.as_bytes(), Format::Line, Delivery::Buffered);
        let (items, err) = drain(parsed);
        assert_eq!(items, vec![false; UNREADABLE_AT_START]);
        let err = err.expect("ended early");
        assert!(
            matches!(NotText::of(&err), Some(NotText::Unreadable(_))),
            "{err}"
        );
        // A puzzle first: errors after it never end the reading.
        let text = format!("{PUZZLE}\n{garbage}");
        let (items, ending) = read(text.as_bytes(), settings(Format::Line));
        assert_eq!(items.len(), 51);
        assert!(items[0]);
        assert!(matches!(ending, Ending::Whole));
        let (items, err) = drain(Parsed::new(text.as_bytes(), Format::Line, Delivery::AtOnce));
        assert_eq!((items.len(), err.is_none()), (51, true));
        // A few errors, then a puzzle: all of it is read.
        let late = format!("{}{PUZZLE}\n", "12x\n".repeat(UNREADABLE_AT_START - 1));
        let (items, ending) = read(late.as_bytes(), settings(Format::Line));
        assert_eq!(items.len(), UNREADABLE_AT_START);
        assert!(matches!(ending, Ending::Whole));
    }

    #[test]
    fn gives_up_on_other_layouts_too() {
        let grids = "[[1,2]]\n".repeat(30);
        let (items, ending) = read(grids.as_bytes(), settings(Format::Auto));
        assert_eq!(items, vec![false; UNREADABLE_AT_START]);
        assert!(matches!(ending, Ending::NotText(_)));
    }

    #[test]
    fn a_nul_byte_in_the_first_block_is_binary_data() {
        let mut text = format!("{PUZZLE}\n").repeat(20).into_bytes();
        text[100] = 0;
        let (items, ending) = read(&text, settings(Format::Auto));
        assert!(items.is_empty());
        assert!(
            matches!(ending, Ending::NotText(NotText::Nul(100))),
            "{ending:?}"
        );
        let (items, err) = drain(Parsed::new(&text[..], Format::Auto, Delivery::Buffered));
        assert!(items.is_empty());
        let err = err.expect("ended at once");
        assert_eq!(NotText::of(&err), Some(&NotText::Nul(100)));
        // Past the first block, a NUL byte is an error of its line, no more.
        let mut late = format!("{PUZZLE}\n").repeat(200).into_bytes();
        late[BINARY_HEAD + 10] = 0;
        let (items, err) = drain(Parsed::new(&late[..], Format::Auto, Delivery::Buffered));
        assert_eq!(items.len(), 200);
        assert_eq!(items.iter().filter(|&&ok| !ok).count(), 1);
        assert!(err.is_none());
    }

    #[test]
    fn pieces_and_parsed_give_the_same_items_as_the_library() {
        let text = format!("# a comment\n{PUZZLE}\nbad line\n\n{PUZZLE}\n").repeat(40);
        for delivery in [Delivery::AtOnce, Delivery::Buffered] {
            let mut parsed = Parsed::new(text.as_bytes(), Format::Auto, delivery);
            let mut got = Vec::new();
            loop {
                let before = got.len();
                parsed.fill(&mut got, 7);
                if got.len() == before {
                    break;
                }
            }
            let got: Vec<Item> = got.into_iter().map(|i| i.expect("no read error")).collect();
            let want: Vec<Item> = format::Reader::new(text.as_bytes(), Format::Auto)
                .map(|i| i.expect("no read error"))
                .collect();
            assert_eq!(got, want, "{delivery:?}");
            let settings = Settings {
                delivery,
                ..settings(Format::Auto)
            };
            let mut pieces: Vec<Item> = Vec::new();
            for piece in Reading::new(text.as_bytes(), settings) {
                match piece {
                    Piece::Lines(block) => pieces.extend(block.items()),
                    Piece::Item(item) => pieces.push(item),
                }
            }
            assert_eq!(pieces, want, "{delivery:?}");
        }
    }
}
