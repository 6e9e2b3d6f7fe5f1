//! The candidate board the techniques read and the solver changes, and the
//! unit tables they share.

use std::fmt;

use crate::grid::Grid;
use crate::validate::Unit;

/// A set of digits 1-9 as a 9-bit mask: bit `d - 1` for digit `d`.
pub type Digits = u16;

/// Every digit 1-9.
pub const ALL_DIGITS: Digits = 0x1FF;

/// The mask of one digit, 1-9.
pub const fn bit(digit: u8) -> Digits {
    1 << (digit - 1)
}

/// The digits of a mask, in increasing order.
pub fn digits(mask: Digits) -> impl Iterator<Item = u8> {
    // One step per digit present, not nine tests: the chain searches read
    // the digits of cells in their innermost loops.
    let mut rest = mask & ALL_DIGITS;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let d = rest.trailing_zeros() as u8 + 1;
            rest &= rest - 1;
            d
        })
    })
}

/// A row, column or box: what a deduction names as the place of its pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct House {
    /// Row, column or box.
    pub unit: Unit,
    /// 0-based index: rows top to bottom, columns left to right, boxes left
    /// to right then top to bottom.
    pub index: usize,
}

impl House {
    /// The house numbered `h` in [`HOUSES`] order: rows 0-8, columns 9-17,
    /// boxes 18-26.
    pub const fn from_index(h: usize) -> House {
        let unit = match h / 9 {
            0 => Unit::Row,
            1 => Unit::Column,
            _ => Unit::Box,
        };
        House { unit, index: h % 9 }
    }

    /// Its place in [`HOUSES`].
    pub const fn number(self) -> usize {
        let base = match self.unit {
            Unit::Row => 0,
            Unit::Column => 9,
            Unit::Box => 18,
        };
        base + self.index
    }

    /// Its nine cells, in reading order.
    pub fn cells(self) -> &'static [usize; 9] {
        &HOUSES[self.number()]
    }
}

impl fmt::Display for House {
    /// `row 3`, `column 8`, `box 5`: 1-based, as players count.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.unit, self.index + 1)
    }
}

/// The name of a cell, `r5c6`, 1-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellName(pub usize);

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.0 / 9 + 1, self.0 % 9 + 1)
    }
}

/// The 0-based row of a cell index 0-80.
pub const fn row_of(cell: usize) -> usize {
    cell / 9
}

/// The 0-based column of a cell index 0-80.
pub const fn col_of(cell: usize) -> usize {
    cell % 9
}

/// The 0-based box of a cell index 0-80.
pub const fn box_of(cell: usize) -> usize {
    (cell / 27) * 3 + (cell % 9) / 3
}

/// The houses of a cell (0-8 rows, 9-17 columns, 18-26 boxes) in the order
/// SE visits them: box, row, column.
pub(super) const fn houses_of(cell: usize) -> [usize; 3] {
    [18 + box_of(cell), row_of(cell), 9 + col_of(cell)]
}

/// [`houses_of`] of each cell, as a table: what is read for every
/// candidate a solve removes.
pub(super) static CELL_HOUSES: [[u8; 3]; 81] = {
    let mut t = [[0u8; 3]; 81];
    let mut c = 0;
    while c < 81 {
        let h = houses_of(c);
        t[c] = [h[0] as u8, h[1] as u8, h[2] as u8];
        c += 1;
    }
    t
};

const fn houses() -> [[usize; 9]; 27] {
    let mut t = [[0; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            t[i][j] = i * 9 + j;
            t[9 + i][j] = j * 9 + i;
            t[18 + i][j] = ((i / 3) * 3 + j / 3) * 9 + (i % 3) * 3 + j % 3;
            j += 1;
        }
        i += 1;
    }
    t
}

/// The cells of the 27 houses: rows 0-8, columns 9-17, boxes 18-26, each
/// in reading order.
pub static HOUSES: [[usize; 9]; 27] = houses();

/// [`HOUSES`] for tables built at compile time.
pub(super) const HOUSES_CONST: [[usize; 9]; 27] = houses();

/// Positions in house `a` of the cells it shares with house `b`.
const fn shared_positions() -> [[u16; 27]; 27] {
    let houses = HOUSES_CONST;
    let mut t = [[0u16; 27]; 27];
    let mut a = 0;
    while a < 27 {
        let mut b = 0;
        while b < 27 {
            let mut i = 0;
            while i < 9 {
                let mut j = 0;
                while j < 9 {
                    if houses[a][i] == houses[b][j] {
                        t[a][b] |= 1 << i;
                    }
                    j += 1;
                }
                i += 1;
            }
            b += 1;
        }
        a += 1;
    }
    t
}

pub(super) static SHARED: [[u16; 27]; 27] = shared_positions();

const fn peers() -> [[usize; 20]; 81] {
    let mut t = [[0; 20]; 81];
    let mut c = 0;
    while c < 81 {
        let mut n = 0;
        let mut o = 0;
        while o < 81 {
            if o != c
                && (row_of(o) == row_of(c) || col_of(o) == col_of(c) || box_of(o) == box_of(c))
            {
                t[c][n] = o;
                n += 1;
            }
            o += 1;
        }
        c += 1;
    }
    t
}

/// The 20 peers of each cell (same row, column or box), in reading order.
pub static PEERS: [[usize; 20]; 81] = peers();

/// The cells of each house as a mask (bit `cell`), for other tables.
pub(super) const fn house_masks() -> [u128; 27] {
    let mut t = [0u128; 27];
    let mut h = 0;
    while h < 27 {
        let mut i = 0;
        while i < 9 {
            t[h] |= 1 << HOUSES_CONST[h][i];
            i += 1;
        }
        h += 1;
    }
    t
}

/// The cells of each house as a mask (bit `cell`).
pub(super) static HOUSE_MASKS: [u128; 27] = house_masks();

/// The peers of each cell as a mask (bit `cell`).
pub(super) static PEER_MASKS: [u128; 81] = {
    let peers = peers();
    let mut t = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        let mut i = 0;
        while i < 20 {
            t[c] |= 1 << peers[c][i];
            i += 1;
        }
        c += 1;
    }
    t
};

/// True when two distinct cells share a row, column or box.
pub const fn sees(a: usize, b: usize) -> bool {
    a != b && (row_of(a) == row_of(b) || col_of(a) == col_of(b) || box_of(a) == box_of(b))
}

/// A board as a player works on it: placed digits, and for every empty cell
/// the digits still possible there (its candidates).
///
/// Built from a [`Grid`] (candidates are the digits no placed peer holds) or
/// from a player's own pencil marks ([`Board::from_candidates`]); the logical
/// techniques read it and the solver changes it one step at a time.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    values: [u8; 81],
    candidates: [Digits; 81],
}

impl Board {
    /// The board of a grid: its digits placed, each blank cell with every
    /// digit that no digit in its row, column or box rules out.
    ///
    /// A grid whose givens conflict gives a board the techniques can read
    /// without harm; some cell may have no candidate left.
    pub fn from_grid(grid: &Grid) -> Board {
        let values = *grid.cells();
        // The digits placed in each house, then each blank cell's three
        // houses: a blank cell's peers are its houses' other cells.
        let mut placed = [0; 27];
        for (cell, &v) in values.iter().enumerate() {
            if v != 0 {
                for h in CELL_HOUSES[cell] {
                    placed[usize::from(h)] |= bit(v);
                }
            }
        }
        let mut candidates = [0; 81];
        for (cell, c) in candidates.iter_mut().enumerate() {
            if values[cell] == 0 {
                let [b, r, col] = CELL_HOUSES[cell].map(usize::from);
                *c = ALL_DIGITS & !(placed[b] | placed[r] | placed[col]);
            }
        }
        Board { values, candidates }
    }

    /// A board from placed digits (`0` blank) and explicit candidate masks
    /// (bit `d - 1` for digit `d`) for the blank cells, as a player's pencil
    /// marks give them. Masks of placed cells are ignored. Candidates a
    /// placed peer rules out are dropped, as a player would.
    ///
    /// `None` when a value is above 9 or a mask has bits above the ninth.
    pub fn from_candidates(values: [u8; 81], masks: [Digits; 81]) -> Option<Board> {
        if values.iter().any(|&v| v > 9) || masks.iter().any(|&m| m > ALL_DIGITS) {
            return None;
        }
        let open = Board::from_grid(&Grid::from_checked(values));
        let mut candidates = [0; 81];
        for cell in 0..81 {
            if values[cell] == 0 {
                candidates[cell] = masks[cell] & open.candidates[cell];
            }
        }
        Some(Board { values, candidates })
    }

    /// The digit placed in a cell (0-80), `0` when it is empty.
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// The candidates of a cell (0-80) as a mask; `0` for a placed cell.
    pub fn candidates(&self, cell: usize) -> Digits {
        self.candidates[cell]
    }

    /// True when `digit` is a candidate of `cell`.
    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.candidates[cell] & bit(digit) != 0
    }

    /// Places `digit` in `cell` and removes it from the candidates of every
    /// peer.
    pub fn place(&mut self, cell: usize, digit: u8) {
        self.values[cell] = digit;
        self.candidates[cell] = 0;
        for &p in &PEERS[cell] {
            self.candidates[p] &= !bit(digit);
        }
    }

    /// [`Board::place`], telling `lost` of each peer that loses `digit`,
    /// with the candidates it has left: a solve that keeps counts of the
    /// board follows it in the same pass.
    pub(super) fn place_telling(
        &mut self,
        cell: usize,
        digit: u8,
        mut lost: impl FnMut(usize, Digits),
    ) {
        self.values[cell] = digit;
        self.candidates[cell] = 0;
        for &p in &PEERS[cell] {
            if self.candidates[p] & bit(digit) != 0 {
                self.candidates[p] &= !bit(digit);
                lost(p, self.candidates[p]);
            }
        }
    }

    /// Removes `digit` from the candidates of `cell`; true when it was one.
    pub fn eliminate(&mut self, cell: usize, digit: u8) -> bool {
        let had = self.has(cell, digit);
        self.candidates[cell] &= !bit(digit);
        had
    }

    /// The cells of house `h` (see [`HOUSES`]) where `digit` is a candidate,
    /// as a 9-bit mask of positions within the house.
    pub fn positions(&self, h: usize, digit: u8) -> u16 {
        let mut mask = 0;
        for (i, &cell) in HOUSES[h].iter().enumerate() {
            if self.candidates[cell] & bit(digit) != 0 {
                mask |= 1 << i;
            }
        }
        mask
    }

    /// The cells where `digit` is a candidate, as a mask (bit `cell`):
    /// everything a search confined to that digit reads of the board.
    pub(super) fn cells_with(&self, digit: u8) -> u128 {
        let mut mask = 0;
        for (cell, &m) in self.candidates.iter().enumerate() {
            if m & bit(digit) != 0 {
                mask |= 1 << cell;
            }
        }
        mask
    }

    /// True when `digit` is already placed somewhere in house `h`.
    pub fn placed_in(&self, h: usize, digit: u8) -> bool {
        HOUSES[h].iter().any(|&c| self.values[c] == digit)
    }

    /// Number of empty cells in house `h`.
    pub fn empty_in(&self, h: usize) -> usize {
        HOUSES[h].iter().filter(|&&c| self.values[c] == 0).count()
    }

    /// True when every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The placed digits as a grid.
    pub fn to_grid(&self) -> Grid {
        Grid::from_checked(self.values)
    }
}

impl From<&Grid> for Board {
    fn from(grid: &Grid) -> Board {
        Board::from_grid(grid)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.to_grid().to_line())
    }
}

#[cfg(test)]
mod tests {
    use super::{ALL_DIGITS, Board, PEERS, bit};
    use crate::Grid;
    use crate::random::{below, seeded};

    #[test]
    fn candidates_of_a_grid_are_the_digits_no_peer_holds() {
        let mut rng = seeded(5);
        for _ in 0..500 {
            // Random digits, conflicts and all.
            let cells: [u8; 81] = std::array::from_fn(|_| {
                if below(&mut rng, 3) == 0 {
                    1 + below(&mut rng, 9) as u8
                } else {
                    0
                }
            });
            let board = Board::from_grid(&Grid::from_checked(cells));
            for cell in 0..81 {
                let seen = PEERS[cell]
                    .iter()
                    .filter(|&&p| cells[p] != 0)
                    .fold(0, |m, &p| m | bit(cells[p]));
                let expected = if cells[cell] == 0 {
                    ALL_DIGITS & !seen
                } else {
                    0
                };
                assert_eq!(board.candidates(cell), expected);
            }
        }
    }
}
