//! Singles, the cheapest proof that a puzzle still forces its solution: a
//! blank with one candidate left (naked), or a digit with one place left
//! in a row, column or box (hidden). Every single holds in every solution,
//! so when the cells just emptied come back by singles, the puzzle has no
//! other solution than the one it had with them filled.

use super::units::{ALL, PEER_LIST, UNITS, Units};

/// True when `digit` is forced in the blank `cell` of the board whose units
/// hold `units`.
#[inline]
pub(super) fn is_single(units: &Units, cell: usize, digit: u8) -> bool {
    let open = ALL & !units.seen(cell);
    open & (open - 1) == 0 || units.only_place(cell, digit)
}

/// The candidates of every cell (0 for a filled one), for rounds of singles
/// over the whole board.
pub(super) struct Board {
    cells: [u8; 81],
    candidates: [u16; 81],
}

impl Board {
    pub(super) fn new(cells: &[u8; 81], units: &Units) -> Board {
        let candidates = std::array::from_fn(|c| {
            if cells[c] == 0 {
                ALL & !units.seen(c)
            } else {
                0
            }
        });
        Board {
            cells: *cells,
            candidates,
        }
    }

    fn place(&mut self, cell: usize, digit: u8) {
        self.cells[cell] = digit;
        self.candidates[cell] = 0;
        let keep = !(1 << (digit - 1));
        for &p in &PEER_LIST[cell] {
            self.candidates[usize::from(p)] &= keep;
        }
    }

    /// True when every cell is filled.
    pub(super) fn is_solved(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// One round of naked then hidden singles over the whole board, each
    /// placing the digit `solution` has there (a single holds in every
    /// solution, so in this one). False when it placed nothing.
    pub(super) fn round(&mut self, solution: &[u8; 81]) -> bool {
        let mut placed = false;
        for (cell, &digit) in solution.iter().enumerate() {
            let open = self.candidates[cell];
            if open != 0 && open & (open - 1) == 0 {
                self.place(cell, digit);
                placed = true;
            }
        }
        for unit in &UNITS {
            let (mut once, mut twice) = (0u16, 0u16);
            for &e in unit {
                let open = self.candidates[e];
                twice |= once & open;
                once |= open;
            }
            let lone = once & !twice;
            if lone != 0 {
                for &e in unit {
                    if self.candidates[e] & lone != 0 {
                        self.place(e, solution[e]);
                        placed = true;
                    }
                }
            }
        }
        placed
    }
}

#[cfg(test)]
mod tests {
    use super::super::units::BOX;
    use super::*;
    use crate::random::{below, seeded};

    /// The single, found by looking at every cell of the three units.
    fn single_by_cells(cells: &[u8; 81], units: &Units, cell: usize, digit: u8) -> bool {
        let open = ALL & !units.seen(cell);
        let bit = 1 << (digit - 1);
        open & (open - 1) == 0
            || [cell / 9, 9 + cell % 9, 18 + BOX[cell]].iter().any(|&u| {
                UNITS[u]
                    .iter()
                    .all(|&e| e == cell || cells[e] != 0 || units.seen(e) & bit != 0)
            })
    }

    #[test]
    fn the_unit_masks_find_the_singles_the_cells_do() {
        let solution: [u8; 81] =
            *"534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                .parse::<crate::Grid>()
                .expect("a board")
                .cells();
        let mut rng = seeded(3);
        let (mut singles, mut others) = (0, 0);
        for _ in 0..200 {
            // Blanks taken at random, down to a random number of givens.
            let mut cells = solution;
            let mut units = Units::of(&cells);
            let keep = 20 + below(&mut rng, 50) as usize;
            for _ in keep..81 {
                let c = below(&mut rng, 81) as usize;
                if cells[c] != 0 {
                    units.take(c, cells[c]);
                    cells[c] = 0;
                }
            }
            for c in (0..81).filter(|&c| cells[c] == 0) {
                let by_cells = single_by_cells(&cells, &units, c, solution[c]);
                assert_eq!(is_single(&units, c, solution[c]), by_cells, "{c}");
                if by_cells { singles += 1 } else { others += 1 }
            }
        }
        assert!(singles > 100 && others > 100, "{singles} {others}");
    }
}
