//! What each candidate reaches in the implication graph of the unary
//! chains with both kinds of links, as bit sets: which forcing chains can
//! exist, and whether SE's multiple (static) forcing chains can find
//! anything.
//!
//! The sets come from the graph's strongly connected components: a
//! component reaches itself and whatever the components it links to
//! reach, and those are finished before it.
//!
//! A run of the multiple search follows exactly these links (the board
//! does not change under it), so its nodes are among those its assumption
//! reaches. A cell or region chain needs a node that the runs of every
//! candidate of a cell, or of every place of a digit in a house, reach:
//! when those sets have nothing in common, the search has nothing to find.

use super::super::board::houses_of;
use super::scc::Components;
use super::tree::{LinkTable, Places, SCRATCH, slot};
use crate::logic::board::{Board, HOUSES, digits};

/// The nodes each node reaches (itself included).
pub(super) struct Reach {
    pub(super) components: Components,
    /// Dense number of each candidate (by slot): bit `2i` (on) and
    /// `2i + 1` (off) of a set.
    dense: Vec<u32>,
    words: usize,
    /// The set of each component, `words` words each.
    rows: Vec<u64>,
}

impl Reach {
    pub(super) fn of(board: &Board, table: &LinkTable) -> Reach {
        let components = Components::of(table, board);
        let mut dense = vec![u32::MAX; 729];
        let mut n = 0;
        for cell in 0..81 {
            for d in digits(board.candidates(cell)) {
                dense[slot(cell, d)] = n;
                n += 1;
            }
        }
        let words = (2 * n as usize).div_ceil(64).max(1);
        let count = components.count();
        let mut rows = vec![0u64; count * words];
        // The component whose set last took in each component's: the
        // links of a component often lead to the same one.
        let mut taken = vec![u32::MAX; count];
        let items = table.items();
        // Components in the order finished: those they link to come first.
        for &node in components.members() {
            let node = node as usize;
            let Some(c) = components.of_node(node) else {
                continue;
            };
            let (done, rest) = rows.split_at_mut(c * words);
            let row = &mut rest[..words];
            let bit = 2 * dense[node / 2] as usize + node % 2;
            row[bit / 64] |= 1 << (bit % 64);
            let (from, to) = table.range_of(node);
            for &t in &items[from as usize..to as usize] {
                let target = 2 * usize::from(t) + (1 - node % 2);
                let (first, end) = table.range_of(target);
                if components.alone(target) && first == end {
                    // A node that implies nothing reaches only itself.
                    let bit = 2 * dense[target / 2] as usize + target % 2;
                    row[bit / 64] |= 1 << (bit % 64);
                } else if let Some(t) = components.of_node(target)
                    && t != c
                    && taken[t] != c as u32
                {
                    taken[t] = c as u32;
                    for (a, b) in row.iter_mut().zip(&done[t * words..(t + 1) * words]) {
                        *a |= b;
                    }
                }
            }
        }
        Reach {
            components,
            dense,
            words,
            rows,
        }
    }

    /// The set `node` reaches; empty for a node that is no candidate.
    fn row(&self, node: usize) -> &[u64] {
        match self.components.of_node(node) {
            Some(c) => &self.rows[c * self.words..(c + 1) * self.words],
            None => &[],
        }
    }

    /// True when a path leads from node `from` to node `to`.
    pub(super) fn reaches(&self, from: usize, to: usize) -> bool {
        let Some(&i) = self.dense.get(to / 2) else {
            return false;
        };
        if i == u32::MAX {
            return false;
        }
        let bit = 2 * i as usize + to % 2;
        self.row(from)
            .get(bit / 64)
            .is_some_and(|w| w & (1 << (bit % 64)) != 0)
    }
}

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
        (graph.board == *board).then(|| may_find(board, &places, &graph.reach))
    });
    kept.unwrap_or_else(|| {
        let table = LinkTable::of(board, &places);
        may_find(board, &places, &Reach::of(board, &table))
    })
}

fn may_find(board: &Board, places: &Places, reach: &Reach) -> bool {
    let mut common = vec![0u64; reach.words];
    let mut meet = |sources: &mut dyn Iterator<Item = (usize, u8)>| -> bool {
        common.fill(u64::MAX);
        for (cell, d) in sources {
            let row = reach.row(2 * slot(cell, d));
            for (i, a) in common.iter_mut().enumerate() {
                *a &= row.get(i).copied().unwrap_or(0);
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
