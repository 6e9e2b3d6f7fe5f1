//! Reading the puzzles of one input, for every command. An input is split
//! as the library decides ([`format::split`]): a one-puzzle-per-line input
//! in blocks of whole lines, any other layout item by item. Two consumers:
//!
//! - `batch` takes [`Reading`]'s pieces into its worker pool, whose
//!   workers parse the blocks; an input that is plainly not puzzle text is
//!   given up on early ([`GiveUp`]);
//! - `solve` and `validate` take [`Parsed`] items through the read-ahead
//!   thread, which parses as it reads.

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

/// Whether to stop reading an input that shows no puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GiveUp {
    /// Read every input to its end (`solve`, `validate`).
    Never,
    /// Stop after this many unreadable items with no readable one before:
    /// such an input is not puzzle text (an image, a binary), and memory
    /// stays bounded however long it is (`batch`).
    After(usize),
}

/// How [`Reading`] reads.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    pub format: Format,
    pub delivery: Delivery,
    /// Items per block of lines at most (1 with [`Delivery::AtOnce`]).
    pub block_items: usize,
    pub give_up: GiveUp,
}

/// How a [`Reading`] ended.
#[derive(Debug)]
pub enum Ending {
    /// The input was read to its end.
    Whole,
    /// Reading failed, after the pieces read whole before.
    Failed(io::Error),
    /// [`GiveUp::After`] that many unreadable items: the rest is not read.
    GaveUp,
}

/// The pieces of one input, in order. After the last one, [`Reading::ending`]
/// says why there are no more.
pub struct Reading<R> {
    state: State<R>,
    settings: Settings,
    watch: Watch,
    ending: Option<Ending>,
}

/// The [`GiveUp`] rule at work on one input.
#[derive(Debug)]
struct Watch {
    /// Unreadable items still taken before giving up; `None` once a
    /// readable one has been seen, or when nothing is given up.
    left: Option<usize>,
}

impl Watch {
    fn new(give_up: GiveUp) -> Watch {
        Watch {
            left: match give_up {
                GiveUp::Never => None,
                GiveUp::After(limit) => Some(limit),
            },
        }
    }

    /// Whether the input has yet to show a readable item.
    fn watching(&self) -> bool {
        self.left.is_some()
    }

    /// Counts an item; true when it is time to give up.
    fn sees(&mut self, readable: bool) -> bool {
        match &mut self.left {
            Some(_) if readable => self.left = None,
            Some(left) => *left = left.saturating_sub(1),
            None => {}
        }
        self.left == Some(0)
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
            watch: Watch::new(settings.give_up),
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
                    let State::Fresh(input) = std::mem::replace(&mut self.state, State::Done)
                    else {
                        unreachable!("matched as fresh just above")
                    };
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
            let gave_up = match &piece {
                _ if !self.watch.watching() => false,
                Piece::Lines(block) => block
                    .items()
                    .any(|item| self.watch.sees(item.is_ok()) || !self.watch.watching()),
                Piece::Item(item) => self.watch.sees(item.is_ok()),
            } && self.watch.watching();
            if gave_up {
                // The piece that reached the limit still goes on, as the
                // last one.
                self.state = State::Done;
                self.ending = Some(Ending::GaveUp);
            }
            return Some(piece);
        }
    }
}

/// The items of an input, parsed by the thread that reads them: the
/// read-ahead thread's source for `solve` and `validate`, which read every
/// input to its end. The library's [`Items`] splits the input as
/// [`Reading`] does and parses each line straight into the bundle, which
/// costs less per puzzle than taking a [`Block`]'s items one by one; the
/// puzzles are the same. A failure to read comes last, as an `Err` after
/// the items read before it.
pub struct Parsed<R> {
    items: Items<R>,
    watch: Watch,
    gave_up: bool,
}

impl<R> std::fmt::Debug for Parsed<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Parsed")
            .field("items", &self.items)
            .finish()
    }
}

impl<R: BufRead> Parsed<R> {
    pub fn new(input: R, format: Format, delivery: Delivery, give_up: GiveUp) -> Parsed<R> {
        Parsed {
            items: Items::new(input, format, delivery),
            watch: Watch::new(give_up),
            gave_up: false,
        }
    }

    /// Appends the next `max` items to `bundle`, or as many as are left.
    pub fn fill(&mut self, bundle: &mut Vec<io::Result<Item>>, max: usize) {
        if self.gave_up {
            return;
        }
        let start = bundle.len();
        self.items.fill(bundle, max);
        if !self.watch.watching() {
            return;
        }
        for k in start..bundle.len() {
            let Ok(item) = &bundle[k] else { return };
            if self.watch.sees(item.is_ok()) {
                bundle.truncate(k + 1);
                self.gave_up = true;
                return;
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

    fn settings(give_up: GiveUp) -> Settings {
        Settings {
            format: Format::Auto,
            delivery: Delivery::Buffered,
            block_items: 16,
            give_up,
        }
    }

    /// Every piece of `text` as items (true for a puzzle), and the ending.
    fn read(text: &str, settings: Settings) -> (Vec<bool>, Ending) {
        let mut reading = Reading::new(text.as_bytes(), settings);
        let mut items = Vec::new();
        for piece in reading.by_ref() {
            match piece {
                Piece::Lines(block) => items.extend(block.items().map(|i| i.is_ok())),
                Piece::Item(item) => items.push(item.is_ok()),
            }
        }
        (items, reading.ending())
    }

    #[test]
    fn gives_up_only_when_asked_and_only_before_a_puzzle() {
        // One puzzle per line, as the format says.
        let lines = |give_up| Settings {
            format: Format::Line,
            ..settings(give_up)
        };
        let garbage = "12x\n".repeat(50);
        let (items, ending) = read(&garbage, lines(GiveUp::After(10)));
        assert_eq!(items, vec![false; 10]);
        assert!(matches!(ending, Ending::GaveUp));
        let (items, ending) = read(&garbage, lines(GiveUp::Never));
        assert_eq!(items.len(), 50);
        assert!(matches!(ending, Ending::Whole));
        // The same rule over parsed items.
        let mut parsed = Parsed::new(
            garbage.as_bytes(),
            Format::Line,
            Delivery::Buffered,
            GiveUp::After(10),
        );
        let mut bundle = Vec::new();
        parsed.fill(&mut bundle, 100);
        parsed.fill(&mut bundle, 100);
        assert_eq!(bundle.len(), 10);
        // A puzzle first: errors after it never end the reading.
        let text = format!("{PUZZLE}\n{garbage}");
        let (items, ending) = read(&text, lines(GiveUp::After(10)));
        assert_eq!(items.len(), 51);
        assert!(items[0]);
        assert!(matches!(ending, Ending::Whole));
    }

    #[test]
    fn gives_up_on_other_layouts_too() {
        let grids = "[[1,2]]\n".repeat(30);
        let (items, ending) = read(&grids, settings(GiveUp::After(5)));
        assert_eq!(items, vec![false; 5]);
        assert!(matches!(ending, Ending::GaveUp));
    }

    #[test]
    fn pieces_and_parsed_give_the_same_items_as_the_library() {
        let text = format!("# a comment\n{PUZZLE}\nbad line\n\n{PUZZLE}\n").repeat(40);
        for delivery in [Delivery::AtOnce, Delivery::Buffered] {
            let mut parsed = Parsed::new(text.as_bytes(), Format::Auto, delivery, GiveUp::Never);
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
                ..settings(GiveUp::Never)
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
