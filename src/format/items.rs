//! [`Items`]: every item of one input, read in [`Block`]s when it holds one
//! puzzle per line and by a [`Reader`] otherwise.

use std::io::{self, BufRead, Chain, Cursor};

use super::block_items::LinesAt;
use super::blocks::{Block, Blocks, Split, split};
use super::{Delivery, Format, Item, Reader};

/// Every item of one input, in order, exactly as a [`Reader`] of `format`
/// gives them; a one-puzzle-per-line input is read in [`Block`]s and parsed
/// from bytes, which costs less per line than the [`Reader`]'s general path.
pub struct Items<R> {
    state: ItemsState<R>,
    /// Items per block: 1 when every puzzle must be answered as soon as its
    /// line is read (a block waits for its lines).
    block_items: usize,
}

enum ItemsState<R> {
    /// Not read yet: the format, and when items are handed out.
    Fresh(R, Format, Delivery),
    /// One puzzle per line: the block being parsed, and how far.
    Lines(Blocks<R>, Block, LinesAt),
    Other(Box<Reader<Chain<Cursor<Vec<u8>>, R>>>),
    Done,
}

impl<R> std::fmt::Debug for Items<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Items")
            .field("block_items", &self.block_items)
            .finish_non_exhaustive()
    }
}

impl<R: BufRead> Items<R> {
    /// The items of `input`, handed out as `delivery` says.
    pub fn new(input: R, format: Format, delivery: Delivery) -> Items<R> {
        Items {
            state: ItemsState::Fresh(input, format, delivery),
            block_items: match delivery {
                Delivery::Buffered => BLOCK_ITEMS,
                Delivery::AtOnce => 1,
            },
        }
    }

    /// Appends the next `max` items to `out`, or as many as are left;
    /// the same items, in the same order, as calling `next` would give.
    pub fn fill(&mut self, out: &mut Vec<io::Result<Item>>, max: usize) {
        let end = out.len().saturating_add(max);
        while out.len() < end {
            if let ItemsState::Lines(_, block, at) = &mut self.state
                && at.push_next(&block.bytes, out)
            {
                continue;
            }
            match self.next() {
                Some(item) => out.push(item),
                None => return,
            }
        }
    }
}

/// Items per block when nobody waits for each answer: a few KiB of lines.
const BLOCK_ITEMS: usize = 64;

impl<R: BufRead> Iterator for Items<R> {
    type Item = io::Result<Item>;

    /// The next puzzle or located error; `Err` only when reading itself
    /// fails, after which there is nothing more.
    fn next(&mut self) -> Option<io::Result<Item>> {
        loop {
            match &mut self.state {
                ItemsState::Lines(blocks, block, at) => {
                    if let Some(item) = at.next(&block.bytes) {
                        return Some(Ok(item));
                    }
                    match blocks.refill(block, self.block_items) {
                        Ok(true) => *at = LinesAt::new(block),
                        Ok(false) => self.state = ItemsState::Done,
                        Err(err) => {
                            self.state = ItemsState::Done;
                            return Some(Err(err));
                        }
                    }
                }
                ItemsState::Other(reader) => return reader.next(),
                ItemsState::Done => return None,
                ItemsState::Fresh(..) => {
                    let ItemsState::Fresh(input, format, delivery) =
                        std::mem::replace(&mut self.state, ItemsState::Done)
                    else {
                        unreachable!("matched as fresh just above")
                    };
                    match split(input, format, delivery) {
                        Ok(Split::Lines(blocks)) => {
                            self.state =
                                ItemsState::Lines(blocks, Block::default(), LinesAt::default());
                        }
                        Ok(Split::Other(reader)) => self.state = ItemsState::Other(reader),
                        Err(err) => return Some(Err(err)),
                    }
                }
            }
        }
    }
}
