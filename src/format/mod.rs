//! Puzzle formats: reading any of them from a byte stream, writing boards in each.
//!
//! Reading is streaming: a [`Reader`] pulls one line at a time, so memory stays
//! bounded by the longest line (or the largest JSON value), however long the input.
//! Each layout has a parser of its own behind one line-by-line interface; a
//! one-puzzle-per-line input may instead be cut into [`Block`]s of whole lines,
//! parsed on any thread into exactly the items a [`Reader`] gives.

mod block_items;
mod blocks;
mod boj;
#[cfg(test)]
mod bounds_tests;
mod detect;
mod drawn;
mod from_text;
mod items;
mod json;
mod leetcode;
mod line;
mod parser;
mod pencilmarks;
mod reader;
mod records;
mod render;
mod rows;
#[cfg(test)]
mod tests;
mod text;
mod types;

// The pieces the command-line program reads in parallel with: public for
// it, not part of the library's API, and free to change.
#[doc(hidden)]
pub use block_items::BlockItems;
#[doc(hidden)]
pub use blocks::{Block, Blocks, Split, split};
#[doc(hidden)]
pub use detect::detect;
#[doc(hidden)]
pub use items::Items;
pub use reader::{Reader, parse_str};
pub use render::{render, separator};
pub use types::{
    Candidates, Delivery, Format, Item, ItemError, Layout, MAX_DEPTH, MAX_LINE, MAX_VALUE, Origin,
    Puzzle,
};
