//! Whether SE's multiple (static) forcing chains can find anything, from
//! what each candidate reaches in the implication graph of the unary
//! chains with both kinds of links.
//!
//! A run of the multiple search follows exactly those links (the board
//! does not change under it), so its nodes are among those its assumption
//! reaches in that graph. A cell or region chain needs a node that the
//! runs of every candidate of a cell, or of every place of a digit in a
//! house, reach: when those sets have nothing in common, the search has
//! nothing to find. The sets come from the graph's components, each
//! reaching itself and what the components it links to reach.

use super::scc::Components;
use super::tree::{LinkTable, Links, Places, SCRATCH, houses_of, slot};
use crate::logic::board::{Board, HOUSES, digits};

/// False when the multiple (static) search on `board` finds no hint: no
/// cell of three candidates or more whose candidates all reach a common
/// node, and no digit whose places in a house (the first of them in such
/// a cell) all do.
pub(in crate::logic) fn multiple_may_find(board: &Board) -> bool {
    let places = Places::of(board);
    // The unary chains' last XY pass, when it ran on this board.
    let kept = SCRATCH.with(|cell| {
        let slot = cell.try_borrow().ok()?;
        let graph = slot.as_ref()?.xy_graph.as_ref()?;
        (graph.board == *board).then(|| may_find(board, &places, &graph.table, &graph.components))
    });
    kept.unwrap_or_else(|| {
        let table = LinkTable::of(board, &places, Links::XY);
        let components = Components::of(&table, board);
        may_find(board, &places, &table, &components)
    })
}

fn may_find(board: &Board, places: &Places, table: &LinkTable, components: &Components) -> bool {
    // Candidates numbered densely: bit 2i (on) and 2i + 1 (off) of a set.
    let mut dense = [u32::MAX; 729];
    let mut n = 0;
    let mut by_component: Vec<(u32, u32)> = Vec::new();
    for cell in 0..81 {
        for d in digits(board.candidates(cell)) {
            let s = slot(cell, d);
            dense[s] = n;
            n += 1;
            for node in [2 * s, 2 * s + 1] {
                if let Some(c) = components.of_node(node) {
                    by_component.push((c as u32, node as u32));
                }
            }
        }
    }
    let words = (2 * n as usize).div_ceil(64).max(1);
    let count = components.count();
    let mut reach = vec![0u64; count * words];
    by_component.sort_unstable();
    // Components in the order finished: those they link to come first.
    for &(c, node) in &by_component {
        let (c, node) = (c as usize, node as usize);
        let (done, rest) = reach.split_at_mut(c * words);
        let row = &mut rest[..words];
        let bit = 2 * dense[node / 2] as usize + node % 2;
        row[bit / 64] |= 1 << (bit % 64);
        for &(tc, td) in table.of_node(node) {
            let target = 2 * slot(usize::from(tc), td) + (1 - node % 2);
            if let Some(t) = components.of_node(target)
                && t != c
            {
                for (a, b) in row.iter_mut().zip(&done[t * words..(t + 1) * words]) {
                    *a |= b;
                }
            }
        }
    }
    let reached = |cell: usize, d: u8| -> &[u64] {
        let c = components.of_node(2 * slot(cell, d)).unwrap_or(0);
        &reach[c * words..(c + 1) * words]
    };
    let mut common = vec![0u64; words];
    let mut meet = |sources: &mut dyn Iterator<Item = (usize, u8)>| -> bool {
        common.fill(u64::MAX);
        for (cell, d) in sources {
            for (a, b) in common.iter_mut().zip(reached(cell, d)) {
                *a &= b;
            }
        }
        common.iter().any(|&w| w != 0)
    };
    for cell in 0..81 {
        let mask = board.candidates(cell);
        if mask.count_ones() < 3 {
            continue;
        }
        if meet(&mut digits(mask).map(|d| (cell, d))) {
            return true;
        }
        for d in digits(mask) {
            for h in houses_of(cell) {
                let at = places.get(h, d);
                if at.count_ones() < 2 || HOUSES[h][at.trailing_zeros() as usize] != cell {
                    continue;
                }
                let mut cells = (0..9)
                    .filter(|&i| at & (1 << i) != 0)
                    .map(|i| (HOUSES[h][i], d));
                if meet(&mut cells) {
                    return true;
                }
            }
        }
    }
    false
}
