//! Writing boards: each layout's own writer, chosen by [`Layout`], and what
//! goes between two boards.

use super::{Layout, boj, drawn, json, leetcode, line, pencilmarks};
use crate::grid::Grid;

/// Writes `grid` in `layout`, with a line end after it.
pub fn render(grid: &Grid, layout: Layout, out: &mut String) {
    match layout {
        Layout::Boj => boj::render(grid, out),
        Layout::Leetcode => leetcode::render(grid, out),
        // A record's board is written as the next command reads it best:
        // the path and index it came with stay in messages and JSON.
        Layout::Line | Layout::Records => line::render(grid, out),
        Layout::Json => json::render(grid, out),
        Layout::Grid => drawn::render(grid, out),
        Layout::Pencilmarks => pencilmarks::render(grid, out),
    }
}

/// What goes between two boards in `layout` (a blank line for multi-line drawings).
pub fn separator(layout: Layout) -> &'static str {
    match layout {
        Layout::Boj | Layout::Grid => "\n",
        Layout::Leetcode | Layout::Line | Layout::Json | Layout::Records | Layout::Pencilmarks => {
            ""
        }
    }
}

/// A 9×9 array, `[[…],…]`, on one line, each cell written by `cell`.
pub(super) fn render_nested(grid: &Grid, out: &mut String, cell: impl Fn(u8, &mut String)) {
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
