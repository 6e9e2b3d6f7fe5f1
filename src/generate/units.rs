//! The board's geometry as tables, and the digits each row, column and box
//! holds, kept as cells are filled and emptied.

/// The box (0-8) of each cell.
pub(super) const BOX: [usize; 81] = {
    let mut b = [0; 81];
    let mut c = 0;
    while c < 81 {
        b[c] = (c / 27) * 3 + (c % 9) / 3;
        c += 1;
    }
    b
};

/// The cells of each row (0-8), column (9-17) and box (18-26).
pub(super) const UNITS: [[usize; 9]; 27] = {
    let mut units = [[0; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut k = 0;
        while k < 9 {
            units[i][k] = i * 9 + k;
            units[9 + i][k] = k * 9 + i;
            units[18 + i][k] = (i / 3) * 27 + (i % 3) * 3 + (k / 3) * 9 + k % 3;
            k += 1;
        }
        i += 1;
    }
    units
};

/// Each cell with the cells sharing a row, column or box with it, as an
/// 81-bit mask (bit `c` for cell `c`).
pub(super) const PEERS: [u128; 81] = {
    let mut peers = [0u128; 81];
    let mut u = 0;
    while u < 27 {
        let mut mask = 0u128;
        let mut k = 0;
        while k < 9 {
            mask |= 1 << UNITS[u][k];
            k += 1;
        }
        k = 0;
        while k < 9 {
            peers[UNITS[u][k]] |= mask;
            k += 1;
        }
        u += 1;
    }
    peers
};

/// The 20 cells sharing a row, column or box with each cell.
pub(super) const PEER_LIST: [[u8; 20]; 81] = {
    let mut list = [[0u8; 20]; 81];
    let mut c = 0;
    while c < 81 {
        let mut n = 0;
        let mut p = 0;
        while p < 81 {
            if p != c && PEERS[c] & (1 << p) != 0 {
                list[c][n] = p as u8;
                n += 1;
            }
            p += 1;
        }
        c += 1;
    }
    list
};

/// All nine digits as a mask (bit `d - 1` for digit `d`).
pub(super) const ALL: u16 = 0x1FF;

/// Digit masks of one board's rows, columns and boxes, and the same facts
/// the other way round: per digit, the units holding it, and per unit, its
/// filled cells. The second view answers "does every other blank of this
/// unit see the digit" with a few mask operations (see
/// [`is_single`](super::singles::is_single)).
#[derive(Clone, Copy, Default)]
pub(super) struct Units {
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
    /// Per digit (0-8): the rows, columns and boxes holding it.
    digit_rows: [u16; 9],
    digit_cols: [u16; 9],
    digit_boxes: [u16; 9],
    /// Filled cells: of each row (bit: column), of each column (bit: row),
    /// of each box (bit: 3 × row in the box + column in the box).
    row_cells: [u16; 9],
    col_cells: [u16; 9],
    box_cells: [u16; 9],
}

/// Three bits to nine: bit `i` becomes bits `3i` to `3i + 2` (the columns
/// of stack `i` along a row, the rows of band `i` along a column, the row
/// `i` of a box).
const TRIPLES: [u16; 8] = spread(7, 3);

/// Three bits to nine: bit `i` becomes bits `i`, `i + 3`, `i + 6` (the
/// column `i` of a box).
const STRIDES: [u16; 8] = spread(0x49, 1);

/// For each three-bit mask, `pattern` shifted by `step × i` for each set
/// bit `i`, or-ed together.
const fn spread(pattern: u16, step: u32) -> [u16; 8] {
    let mut t = [0; 8];
    let mut m = 0;
    while m < 8 {
        let mut i = 0;
        while i < 3 {
            if m & (1 << i) != 0 {
                t[m] |= pattern << (step * i);
            }
            i += 1;
        }
        m += 1;
    }
    t
}

impl Units {
    /// The units of a complete grid: every unit holds every digit.
    pub(super) const FULL: Units = Units {
        rows: [ALL; 9],
        cols: [ALL; 9],
        boxes: [ALL; 9],
        digit_rows: [ALL; 9],
        digit_cols: [ALL; 9],
        digit_boxes: [ALL; 9],
        row_cells: [ALL; 9],
        col_cells: [ALL; 9],
        box_cells: [ALL; 9],
    };

    /// The masks of the digits of `cells` (0 for blank).
    pub(super) fn of(cells: &[u8; 81]) -> Units {
        let mut units = Units::default();
        for (c, &v) in cells.iter().enumerate() {
            if v != 0 {
                units.put(c, v);
            }
        }
        units
    }

    /// Digits already in the row, column or box of `cell`.
    #[inline]
    pub(super) fn seen(&self, cell: usize) -> u16 {
        self.rows[cell / 9] | self.cols[cell % 9] | self.boxes[BOX[cell]]
    }

    /// True when every blank of a row, column or box of the blank `cell`,
    /// but `cell`, sees `digit` (1-9) in its row, column or box: the
    /// digit has no other place in that unit.
    #[inline]
    pub(super) fn only_place(&self, cell: usize, digit: u8) -> bool {
        let d = usize::from(digit - 1);
        let (r, c, b) = (cell / 9, cell % 9, BOX[cell]);
        let (rows, cols, boxes) = (self.digit_rows[d], self.digit_cols[d], self.digit_boxes[d]);
        // Along the row, a cell sees the digit through its column or box
        // (or the row itself).
        let seen = if rows & (1 << r) != 0 {
            ALL
        } else {
            cols | TRIPLES[usize::from((boxes >> (3 * (r / 3))) & 7)]
        };
        if (ALL & !self.row_cells[r] & !(1 << c)) & !seen == 0 {
            return true;
        }
        // Along the column: through its row or box (the boxes of the
        // column's stack, one per band).
        let stack = (boxes >> (c / 3)) & 0x49;
        let bands = (stack | stack >> 2 | stack >> 4) & 7;
        let seen = if cols & (1 << c) != 0 {
            ALL
        } else {
            rows | TRIPLES[usize::from(bands)]
        };
        if (ALL & !self.col_cells[c] & !(1 << r)) & !seen == 0 {
            return true;
        }
        // Within the box: through its row or column.
        let seen = if boxes & (1 << b) != 0 {
            ALL
        } else {
            TRIPLES[usize::from((rows >> (3 * (r / 3))) & 7)]
                | STRIDES[usize::from((cols >> (3 * (c / 3))) & 7)]
        };
        let k = 3 * (r % 3) + c % 3;
        (ALL & !self.box_cells[b] & !(1 << k)) & !seen == 0
    }

    /// Notes `digit` (1-9) in the units of `cell`.
    #[inline]
    pub(super) fn put(&mut self, cell: usize, digit: u8) {
        let bit = 1 << (digit - 1);
        let (r, c, b) = (cell / 9, cell % 9, BOX[cell]);
        let d = usize::from(digit - 1);
        self.rows[r] |= bit;
        self.cols[c] |= bit;
        self.boxes[b] |= bit;
        self.digit_rows[d] |= 1 << r;
        self.digit_cols[d] |= 1 << c;
        self.digit_boxes[d] |= 1 << b;
        self.row_cells[r] |= 1 << c;
        self.col_cells[c] |= 1 << r;
        self.box_cells[b] |= 1 << (3 * (r % 3) + c % 3);
    }

    /// Takes `digit` (1-9) out of the units of `cell`.
    #[inline]
    pub(super) fn take(&mut self, cell: usize, digit: u8) {
        let bit = !(1 << (digit - 1));
        let (r, c, b) = (cell / 9, cell % 9, BOX[cell]);
        let d = usize::from(digit - 1);
        self.rows[r] &= bit;
        self.cols[c] &= bit;
        self.boxes[b] &= bit;
        self.digit_rows[d] &= !(1 << r);
        self.digit_cols[d] &= !(1 << c);
        self.digit_boxes[d] &= !(1 << b);
        self.row_cells[r] &= !(1 << c);
        self.col_cells[c] &= !(1 << r);
        self.box_cells[b] &= !(1 << (3 * (r % 3) + c % 3));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_on_the_geometry() {
        for kind in 0..3 {
            let mut seen = [0; 81];
            for unit in &UNITS[kind * 9..kind * 9 + 9] {
                for &c in unit {
                    seen[c] += 1;
                }
            }
            assert!(seen.iter().all(|&n| n == 1));
        }
        assert_eq!(UNITS[18 + 4], [30, 31, 32, 39, 40, 41, 48, 49, 50]);
        for c in 0..81 {
            assert_eq!(PEERS[c].count_ones(), 21);
            assert!(PEER_LIST[c].iter().all(|&p| usize::from(p) != c));
            assert!(PEER_LIST[c].iter().all(|&p| BOX[usize::from(p)] == BOX[c]
                || usize::from(p) / 9 == c / 9
                || usize::from(p) % 9 == c % 9));
        }
    }
}
