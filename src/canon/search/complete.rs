//! The first two rows of a board whose rows and columns each hold every
//! digit once (complete grids): row 1 is then always 123456789, and the
//! general search would split each of its 108 choices into 216 relabellings
//! before row 2 told them apart.
//!
//! Here, with rows `a` and `b` of a band as rows 1 and 2 and `σ(j)` the
//! column where row `a` holds the digit row `b` has in column `j`, the
//! second row reads `π⁻¹(σ(π(c)))` for the column order `π`: the
//! smallest one is built a column at a time. Where a column's source is
//! still open, every choice is tried; where a value needs the place of a
//! column not placed yet, only the first free place can give the smallest
//! value, so that choice is forced. The few orders that tie become fully
//! fixed partials, and the general search goes on from row 3.

use super::{PERMS, Partial, Search};
use crate::Grid;

const OPEN: u8 = u8::MAX;

/// True when every row and every column of `grid` holds each digit once.
pub(super) fn applies(grid: &Grid) -> bool {
    let cells = grid.cells();
    (0..9).all(|i| {
        let (mut row, mut col) = (0u16, 0u16);
        for j in 0..9 {
            row |= 1 << cells[i * 9 + j];
            col |= 1 << cells[j * 9 + i];
        }
        row == 0b11_1111_1110 && col == 0b11_1111_1110
    })
}

/// A column order being built.
#[derive(Clone, Copy)]
struct Order {
    /// Target column → source column.
    to_source: [u8; 9],
    /// Source column → target column.
    to_target: [u8; 9],
    /// Target stack → source stack.
    stack_at: [u8; 3],
}

impl Order {
    const OPEN: Order = Order {
        to_source: [OPEN; 9],
        to_target: [OPEN; 9],
        stack_at: [OPEN; 3],
    };

    fn place(&mut self, source: usize, target: usize) {
        self.to_source[target] = source as u8;
        self.to_target[source] = target as u8;
        self.stack_at[target / 3] = (source / 3) as u8;
    }

    fn target_stack_of(&self, source_stack: u8) -> Option<usize> {
        self.stack_at.iter().position(|&s| s == source_stack)
    }
}

/// The best second row so far and the orders (with their rows) giving it.
struct Best {
    row: [u8; 9],
    ties: Vec<(bool, usize, usize, Order)>,
    /// The source stacks that may open the row being tried (bits).
    first_stacks: u8,
}

impl Search {
    /// Fills `current` with the partials that place rows 1 and 2 best.
    pub(super) fn start_complete(&mut self) {
        let mut best = Best {
            row: [OPEN; 9],
            ties: Vec::new(),
            first_stacks: 0b111,
        };
        let pure = self.pure_stacks();
        let any_pure = pure.iter().flatten().flatten().any(|&p| p != 0);
        for transposed in [false, true] {
            let board = &self.boards[usize::from(transposed)];
            for band in 0..3 {
                for a in band * 3..band * 3 + 3 {
                    let mut column_of = [0u8; 10];
                    for (j, &d) in board[a].iter().enumerate() {
                        column_of[usize::from(d)] = j as u8;
                    }
                    for (b, row) in board.iter().enumerate().skip(band * 3).take(3) {
                        if b != a {
                            if any_pure {
                                best.first_stacks = pure[usize::from(transposed)][a][b];
                                if best.first_stacks == 0 {
                                    continue;
                                }
                            }
                            let sigma = row.map(|d| column_of[usize::from(d)]);
                            let at = (transposed, a, b);
                            extend(&sigma, at, Order::OPEN, 0, &mut best);
                        }
                    }
                }
            }
        }
        self.current.clear();
        for &(transposed, a, b, order) in &best.ties {
            let board = &self.boards[usize::from(transposed)];
            let mut labels = [0u8; 10];
            for (c, &source) in order.to_source.iter().enumerate() {
                labels[usize::from(board[a][usize::from(source)])] = c as u8 + 1;
            }
            let mut orders = [0u8; 3];
            for (k, o) in orders.iter_mut().enumerate() {
                let within = [0, 1, 2].map(|j| usize::from(order.to_source[k * 3 + j] % 3));
                let p = PERMS.iter().position(|&p| p == within).unwrap_or(0);
                *o = 1 << p;
            }
            let mut rows = [0u8; 9];
            rows[0] = a as u8;
            rows[1] = b as u8;
            self.current.push(Partial {
                transposed,
                rows,
                used: 1 << a | 1 << b,
                stacks: order.stack_at,
                orders,
                labels,
                next_label: 10,
            });
        }
    }
}

impl Search {
    /// For each transposition and rows `a`, `b` of a band, the source
    /// stacks (bits) where the three digits of row `b` lie in one box of row
    /// `a`; none when the board breaks a box. On a valid grid such a stack
    /// first gives the second row 456, and any other 457 at best: where one
    /// exists anywhere, the others need not be tried.
    fn pure_stacks(&self) -> [[[u8; 9]; 9]; 2] {
        let mut pure = [[[0u8; 9]; 9]; 2];
        if !self.valid {
            return pure;
        }
        for (t, board) in self.boards.iter().enumerate() {
            for a in 0..9 {
                let mut stack_of = [0u8; 10];
                for (j, &d) in board[a].iter().enumerate() {
                    stack_of[usize::from(d)] = (j / 3) as u8;
                }
                for b in a / 3 * 3..a / 3 * 3 + 3 {
                    if b == a {
                        continue;
                    }
                    for s in 0..3 {
                        let cells = &board[b][s * 3..s * 3 + 3];
                        let first = stack_of[usize::from(cells[0])];
                        if cells.iter().all(|&d| stack_of[usize::from(d)] == first) {
                            pure[t][a][b] |= 1 << s;
                        }
                    }
                }
            }
        }
        pure
    }
}

/// Extends `order` from target column `c` on, keeping in `best` the orders
/// whose second row ties for the smallest.
fn extend(sigma: &[u8; 9], at: (bool, usize, usize), order: Order, c: usize, best: &mut Best) {
    if c == 9 {
        best.ties.push((at.0, at.1, at.2, order));
        return;
    }
    if order.to_source[c] != OPEN {
        return settle(sigma, at, order, c, best);
    }
    let k = c / 3;
    let stacks: &[u8] = if order.stack_at[k] == OPEN {
        &[0, 1, 2]
    } else {
        std::slice::from_ref(&order.stack_at[k])
    };
    for &s in stacks {
        if order.stack_at[k] == OPEN
            && (order.target_stack_of(s).is_some() || (k == 0 && best.first_stacks & 1 << s == 0))
        {
            continue;
        }
        for source in usize::from(s) * 3..usize::from(s) * 3 + 3 {
            if order.to_target[source] == OPEN {
                let mut next = order;
                next.place(source, c);
                settle(sigma, at, next, c, best);
            }
        }
    }
}

/// With column `c`'s source placed, places what its value needs, compares
/// it with the best row and goes on.
fn settle(sigma: &[u8; 9], at: (bool, usize, usize), mut order: Order, c: usize, best: &mut Best) {
    let y = usize::from(sigma[usize::from(order.to_source[c])]);
    if order.to_target[y] == OPEN {
        let stack = (y / 3) as u8;
        let k = match order.target_stack_of(stack) {
            Some(k) => k,
            // A stack with no place yet takes the first free one.
            None => match order.stack_at.iter().position(|&s| s == OPEN) {
                Some(k) => k,
                None => return,
            },
        };
        let Some(j) = (0..3).find(|&j| order.to_source[k * 3 + j] == OPEN) else {
            return;
        };
        order.place(y, k * 3 + j);
    }
    let value = order.to_target[y];
    if value > best.row[c] {
        return;
    }
    if value < best.row[c] {
        best.row[c] = value;
        best.row[c + 1..].fill(OPEN);
        best.ties.clear();
    }
    extend(sigma, at, order, c + 1, best);
}
