//! The transformations that keep a Sudoku valid: transposition, row and
//! column permutations that respect bands and stacks, and digit relabelling.

use rand::RngCore;

use crate::Grid;
use crate::random::{below, shuffle};

/// One of the 3,359,232 validity-preserving rearrangements of the cells,
/// with a relabelling of the digits.
///
/// Applied to a board it does, in this order:
///
/// 1. transpose the board when [`transposed`](Transform::transposed) is set
///    (row `i` becomes column `i`);
/// 2. permute rows and columns: row `r` of the result is row
///    [`rows()[r]`](Transform::rows) of the board from step 1, column `c` is
///    its column [`columns()[c]`](Transform::columns);
/// 3. relabel: digit `d` becomes [`digits()[d - 1]`](Transform::digits);
///    blanks stay blank.
///
/// Rows and columns are 0-based here. The row permutation moves whole bands
/// (rows 0–2, 3–5, 6–8) and rows within a band, and the column permutation
/// whole stacks and columns within a stack, so a valid board stays valid.
///
/// ```
/// use sudokit::Grid;
/// use sudokit::canon::Transform;
///
/// let mut grid = Grid::EMPTY;
/// grid.set(0, 0, 1);
/// // Swap the first two bands, then write 1 as 9.
/// let rows = [3, 4, 5, 0, 1, 2, 6, 7, 8];
/// let cols = [0, 1, 2, 3, 4, 5, 6, 7, 8];
/// let digits = [9, 2, 3, 4, 5, 6, 7, 8, 1];
/// let t = Transform::new(false, rows, cols, digits).expect("a valid transform");
/// let moved = t.apply(&grid);
/// assert_eq!(moved.get(3, 0), 9);
/// assert_eq!(t.inverse().apply(&moved), grid);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Transform {
    transposed: bool,
    rows: [u8; 9],
    columns: [u8; 9],
    digits: [u8; 9],
}

impl Transform {
    /// The transformation that changes nothing.
    pub const IDENTITY: Transform = Transform {
        transposed: false,
        rows: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        columns: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        digits: [1, 2, 3, 4, 5, 6, 7, 8, 9],
    };

    /// Builds a transformation from its parts (see [`Transform`] for their
    /// meaning); `None` when `rows` or `columns` is not a permutation of
    /// 0–8 that keeps bands (stacks) together, or `digits` not a
    /// permutation of 1–9.
    pub fn new(
        transposed: bool,
        rows: [u8; 9],
        columns: [u8; 9],
        digits: [u8; 9],
    ) -> Option<Transform> {
        let digits_ok = digits.iter().fold(0u16, |seen, &d| {
            if (1..=9).contains(&d) {
                seen | 1 << d
            } else {
                seen
            }
        }) == 0b11_1111_1110;
        (keeps_blocks(&rows) && keeps_blocks(&columns) && digits_ok).then_some(Transform {
            transposed,
            rows,
            columns,
            digits,
        })
    }

    /// Builds a transformation the caller has already checked.
    pub(crate) fn from_checked(
        transposed: bool,
        rows: [u8; 9],
        columns: [u8; 9],
        digits: [u8; 9],
    ) -> Transform {
        let t = Transform {
            transposed,
            rows,
            columns,
            digits,
        };
        debug_assert_eq!(Transform::new(transposed, rows, columns, digits), Some(t));
        t
    }

    /// A transformation drawn uniformly from all 3,359,232 × 9! (cell
    /// rearrangement and relabelling), through [`crate::random`] so a seed
    /// always gives the same one.
    pub fn random<R: RngCore + ?Sized>(rng: &mut R) -> Transform {
        let transposed = below(rng, 2) == 1;
        let rows = block_permutation(rng);
        let columns = block_permutation(rng);
        let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        shuffle(rng, &mut digits);
        Transform::from_checked(transposed, rows, columns, digits)
    }

    /// Whether the board is transposed first.
    pub fn transposed(&self) -> bool {
        self.transposed
    }

    /// For each row of the result, the row it comes from (0-based, after
    /// the transposition).
    pub fn rows(&self) -> [u8; 9] {
        self.rows
    }

    /// For each column of the result, the column it comes from (0-based,
    /// after the transposition).
    pub fn columns(&self) -> [u8; 9] {
        self.columns
    }

    /// For each digit 1–9 (index 0–8), the digit it becomes.
    pub fn digits(&self) -> [u8; 9] {
        self.digits
    }

    /// The board this transformation makes of `grid`.
    pub fn apply(&self, grid: &Grid) -> Grid {
        let cells = grid.cells();
        let mut out = [0u8; 81];
        for (r, &from_row) in self.rows.iter().enumerate() {
            for (c, &from_col) in self.columns.iter().enumerate() {
                let (i, j) = (usize::from(from_row), usize::from(from_col));
                let v = if self.transposed {
                    cells[j * 9 + i]
                } else {
                    cells[i * 9 + j]
                };
                out[r * 9 + c] = if v == 0 {
                    0
                } else {
                    self.digits[usize::from(v - 1)]
                };
            }
        }
        Grid::from_checked(out)
    }

    /// The transformation that undoes this one:
    /// `t.inverse().apply(&t.apply(&g)) == g`.
    pub fn inverse(&self) -> Transform {
        let (rows, columns) = if self.transposed {
            (invert(&self.columns), invert(&self.rows))
        } else {
            (invert(&self.rows), invert(&self.columns))
        };
        let mut digits = [0u8; 9];
        for (d, &to) in self.digits.iter().enumerate() {
            digits[usize::from(to - 1)] = d as u8 + 1;
        }
        Transform::from_checked(self.transposed, rows, columns, digits)
    }

    /// This transformation followed by `next`:
    /// `a.then(&b).apply(&g) == b.apply(&a.apply(&g))`.
    pub fn then(&self, next: &Transform) -> Transform {
        let (row_source, col_source) = if next.transposed {
            (&self.columns, &self.rows)
        } else {
            (&self.rows, &self.columns)
        };
        let rows = next.rows.map(|r| row_source[usize::from(r)]);
        let columns = next.columns.map(|c| col_source[usize::from(c)]);
        let digits = self.digits.map(|d| next.digits[usize::from(d - 1)]);
        Transform::from_checked(self.transposed != next.transposed, rows, columns, digits)
    }
}

impl Default for Transform {
    fn default() -> Self {
        Transform::IDENTITY
    }
}

/// True when `perm` is a permutation of 0–8 that maps each block of three
/// (0–2, 3–5, 6–8) onto a block of three.
fn keeps_blocks(perm: &[u8; 9]) -> bool {
    let mut seen = 0u16;
    for block in perm.chunks(3) {
        let first = block[0] / 3;
        if block.iter().any(|&x| x > 8 || x / 3 != first) {
            return false;
        }
        for &x in block {
            seen |= 1 << x;
        }
    }
    seen == 0x1FF
}

fn invert(perm: &[u8; 9]) -> [u8; 9] {
    let mut inv = [0u8; 9];
    for (i, &p) in perm.iter().enumerate() {
        inv[usize::from(p)] = i as u8;
    }
    inv
}

/// A uniform permutation of 0–8 that keeps blocks of three together.
fn block_permutation<R: RngCore + ?Sized>(rng: &mut R) -> [u8; 9] {
    let mut blocks = [0u8, 1, 2];
    shuffle(rng, &mut blocks);
    let mut perm = [0u8; 9];
    for (k, &b) in blocks.iter().enumerate() {
        let mut within = [0u8, 1, 2];
        shuffle(rng, &mut within);
        for (j, &w) in within.iter().enumerate() {
            perm[k * 3 + j] = b * 3 + w;
        }
    }
    perm
}
