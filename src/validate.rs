//! Conflict finding: digits that repeat in a row, column or box.

use std::fmt;

use serde::Serialize;

use crate::grid::Grid;

/// The kind of unit a conflict is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    /// A row, numbered 1-9 top to bottom.
    Row,
    /// A column, numbered 1-9 left to right.
    Column,
    /// A 3×3 box, numbered 1-9 left to right, top to bottom.
    Box,
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Unit::Row => "row",
            Unit::Column => "column",
            Unit::Box => "box",
        })
    }
}

/// One digit repeated in one unit, with every cell of the unit that holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Conflict {
    /// The kind of unit the digit repeats in.
    pub unit: Unit,
    /// 1-based index of the unit (boxes left to right, top to bottom).
    pub index: usize,
    /// The digit that repeats, 1-9.
    pub digit: u8,
    /// 1-based `[row, column]` of each cell, in reading order.
    pub cells: Vec<[usize; 2]>,
}

impl fmt::Display for Conflict {
    /// `row 5: 4 at r5c1, r5c6`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}: {} at ", self.unit, self.index, self.digit)?;
        for (i, [r, c]) in self.cells.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "r{r}c{c}")?;
        }
        Ok(())
    }
}

/// The 0-based cells of unit `index` (0-8) of kind `unit`, in reading order.
fn unit_cells(unit: Unit, index: usize) -> [(usize, usize); 9] {
    std::array::from_fn(|j| match unit {
        Unit::Row => (index, j),
        Unit::Column => (j, index),
        Unit::Box => ((index / 3) * 3 + j / 3, (index % 3) * 3 + j % 3),
    })
}

/// Every conflict of `grid`: ordered rows, columns, boxes; then by index, then digit.
pub fn conflicts(grid: &Grid) -> Vec<Conflict> {
    let mut found = Vec::new();
    // Most boards have none: a cheap check first keeps large runs fast.
    if is_valid(grid) {
        return found;
    }
    for unit in [Unit::Row, Unit::Column, Unit::Box] {
        for index in 0..9 {
            let cells = unit_cells(unit, index);
            let mut seen = [0u8; 10];
            for &(r, c) in &cells {
                seen[usize::from(grid.get(r, c))] += 1;
            }
            for digit in 1..=9u8 {
                if seen[usize::from(digit)] > 1 {
                    found.push(Conflict {
                        unit,
                        index: index + 1,
                        digit,
                        cells: cells
                            .iter()
                            .filter(|&&(r, c)| grid.get(r, c) == digit)
                            .map(|&(r, c)| [r + 1, c + 1])
                            .collect(),
                    });
                }
            }
        }
    }
    found
}

/// True when no digit repeats in any unit (blanks allowed).
///
/// Row by row, with every index a constant once the loops are unrolled, so
/// the row, the three boxes of the band and the nine columns seen so far
/// stay in registers: no store has to reach a later load, and no cell costs
/// a branch (a blank maps to bit 0, which is masked off).
pub fn is_valid(grid: &Grid) -> bool {
    let cells = grid.cells();
    let mut cols = [0u16; 9];
    let mut repeated = 0u16;
    for band in cells.chunks_exact(27) {
        let mut boxes = [0u16; 3];
        for row_cells in band.chunks_exact(9) {
            let mut row = 0u16;
            for (c, &v) in row_cells.iter().enumerate() {
                let bit = (1u16 << v) & !1;
                repeated |= (row | cols[c] | boxes[c / 3]) & bit;
                row |= bit;
                cols[c] |= bit;
                boxes[c / 3] |= bit;
            }
        }
    }
    repeated == 0
}
