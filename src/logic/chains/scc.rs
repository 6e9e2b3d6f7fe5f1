//! The strongly connected components of a pass's implication graph, to
//! skip the trees that cannot find anything.
//!
//! A node is a candidate in a state, numbered as in the link table
//! (`2 * slot + 1` when off). A cycle through a node lies within its
//! component, so a cycle tree whose source is alone in its component
//! closes no loop. A path only leads to components finished earlier
//! (Tarjan's algorithm finishes a component after every component it
//! reaches), which is the order in which `reach` gathers what each
//! reaches.

use super::tree::{LinkTable, slot};
use crate::logic::board::{Board, digits};

/// Tarjan's numbering of the components: for each node, the order in
/// which its component was finished, and whether it is alone there.
pub(super) struct Components {
    order: Vec<u32>,
    alone: Vec<bool>,
    /// The nodes by component, in the order finished.
    members: Vec<u32>,
    /// How many components there are.
    count: usize,
}

/// No number given yet.
const UNVISITED: u32 = u32::MAX;

impl Components {
    pub(super) fn of(table: &LinkTable, board: &Board) -> Components {
        let n = table.nodes();
        let items = table.items();
        let mut index = vec![UNVISITED; n];
        let mut low = vec![0u32; n];
        let mut on_stack = vec![false; n];
        let mut stack: Vec<u32> = Vec::with_capacity(n);
        let mut order = vec![UNVISITED; n];
        let mut alone = vec![false; n];
        let mut members = Vec::with_capacity(n);
        // The depth-first walk, without recursion: (node, next link, end
        // of its links).
        let mut calls: Vec<(u32, u32, u32)> = Vec::new();
        let mut next_index = 0u32;
        let mut finished = 0u32;
        // Links lead only to candidates: the walks start from them alone.
        let roots = (0..81).flat_map(|cell| {
            digits(board.candidates(cell)).flat_map(move |d| {
                let k = 2 * slot(cell, d);
                [k, k + 1]
            })
        });
        // A node is numbered and put on both stacks when first reached.
        macro_rules! enter {
            ($v:expr) => {{
                let v: usize = $v;
                index[v] = next_index;
                low[v] = next_index;
                next_index += 1;
                stack.push(v as u32);
                on_stack[v] = true;
                let (from, to) = table.range_of(v);
                calls.push((v as u32, from, to));
            }};
        }
        for root in roots {
            if index[root] != UNVISITED {
                continue;
            }
            enter!(root);
            while let Some(&mut (v, ref mut at, end)) = calls.last_mut() {
                let v = v as usize;
                if *at < end {
                    let t = usize::from(items[*at as usize]);
                    *at += 1;
                    // Links lead to the other state.
                    let w = 2 * t + (1 - v % 2);
                    if index[w] == UNVISITED {
                        enter!(w);
                    } else if on_stack[w] {
                        low[v] = low[v].min(index[w]);
                    }
                    continue;
                }
                calls.pop();
                if let Some(&(parent, ..)) = calls.last() {
                    let p = parent as usize;
                    low[p] = low[p].min(low[v]);
                }
                if low[v] == index[v] {
                    let from = members.len();
                    while let Some(w) = stack.pop() {
                        on_stack[w as usize] = false;
                        order[w as usize] = finished;
                        members.push(w);
                        if w as usize == v {
                            break;
                        }
                    }
                    if members.len() - from == 1 {
                        alone[v] = true;
                    }
                    finished += 1;
                }
            }
        }
        Components {
            order,
            alone,
            members,
            count: finished as usize,
        }
    }

    /// How many components there are; they are numbered 0.. in the
    /// order finished, so every link leads to a number no higher.
    pub(super) fn count(&self) -> usize {
        self.count
    }

    /// Every node that is a candidate, its component's nodes together,
    /// the components in the order finished.
    pub(super) fn members(&self) -> &[u32] {
        &self.members
    }

    /// The number of `node`'s component; `None` for a node that is no
    /// candidate.
    pub(super) fn of_node(&self, node: usize) -> Option<usize> {
        let o = self.order[node];
        (o != UNVISITED).then_some(o as usize)
    }

    /// True when no cycle goes through `node`.
    pub(super) fn alone(&self, node: usize) -> bool {
        self.alone[node]
    }
}
