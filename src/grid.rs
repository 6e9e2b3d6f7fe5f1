//! The board: 81 cells in row-major order, `0` for blank, `1`–`9` for a digit.

use std::fmt;

/// A 9×9 Sudoku board with 3×3 boxes.
///
/// Cells are stored row-major; a cell holds `0` (blank) or a digit `1`–`9`.
/// Rows, columns and boxes are 0-based in the API and 1-based in messages.
///
/// Aligned to 16 bytes: a board is copied several times between reading and
/// solving, and at an odd offset inside a larger value its copies are loaded
/// in pieces that straddle the stores just made, stalling the reader.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(align(16))]
pub struct Grid {
    cells: [u8; 81],
}

impl Grid {
    /// An empty board.
    pub const EMPTY: Grid = Grid { cells: [0; 81] };

    /// Builds a board from cell values; `None` if any value is above 9.
    pub fn from_cells(cells: [u8; 81]) -> Option<Grid> {
        // A fold rather than `all`: without an early exit it vectorizes, and
        // the engine calls this for every solution it hands out.
        let max = cells.iter().fold(0, |m, &v| m.max(v));
        (max <= 9).then_some(Grid { cells })
    }

    /// Builds a board from values the caller has already checked to be 0-9
    /// (parsers and engines produce no others); checked in debug builds.
    pub(crate) fn from_checked(cells: [u8; 81]) -> Grid {
        debug_assert!(cells.iter().all(|&v| v <= 9), "cell value above 9");
        Grid { cells }
    }

    /// The cells, row-major, `0` for blank.
    pub fn cells(&self) -> &[u8; 81] {
        &self.cells
    }

    /// The cells, for a parser that writes a board where it is to stay; it
    /// stores only values it has checked to be 0-9, as with
    /// [`Grid::from_checked`].
    pub(crate) fn cells_mut(&mut self) -> &mut [u8; 81] {
        &mut self.cells
    }

    /// The value at (row, col), both 0-based; `0` for blank.
    pub fn get(&self, row: usize, col: usize) -> u8 {
        self.cells[row * 9 + col]
    }

    /// Sets (row, col) to `value` (`0` clears the cell).
    ///
    /// # Panics
    /// When `row` or `col` is above 8 or `value` above 9: a programming error.
    pub fn set(&mut self, row: usize, col: usize, value: u8) {
        assert!(row < 9 && col < 9 && value <= 9, "cell out of range");
        self.cells[row * 9 + col] = value;
    }

    /// Number of filled cells.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// True when no cell is blank.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// True when every given of `self` is kept in `other`.
    pub fn is_kept_by(&self, other: &Grid) -> bool {
        self.cells
            .iter()
            .zip(other.cells.iter())
            .all(|(&a, &b)| a == 0 || a == b)
    }

    /// The 81-character line form, `.` for blank.
    pub fn to_line(&self) -> String {
        self.cells
            .iter()
            .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) })
            .collect()
    }

    /// Appends the 81-character line form, `.` for blank, to `out`.
    pub fn write_line(&self, out: &mut Vec<u8>) {
        out.extend(
            self.cells
                .iter()
                .map(|&v| if v == 0 { b'.' } else { b'0' + v }),
        );
    }

    /// The rows as a 9×9 array of values.
    pub fn rows(&self) -> [[u8; 9]; 9] {
        let mut rows = [[0; 9]; 9];
        for (i, row) in rows.iter_mut().enumerate() {
            row.copy_from_slice(&self.cells[i * 9..i * 9 + 9]);
        }
        rows
    }
}

/// The 0-based box of a 0-based (row, col).
pub const fn box_of(row: usize, col: usize) -> usize {
    (row / 3) * 3 + col / 3
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl Default for Grid {
    fn default() -> Self {
        Grid::EMPTY
    }
}
