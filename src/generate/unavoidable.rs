//! Unavoidable sets of a solution grid: sets of cells whose digits can be
//! rearranged into another solution, so that a puzzle with no given among
//! them has two solutions. The carve tests them before any search: a
//! removal that empties one is refused at the cost of a mask test.

/// The largest set worth keeping: larger ones are seldom the last to lose
/// their givens. With the sets indexed by cell, a set costs a test only at
/// the removals of its own cells.
const MAX_SET: u32 = 12;

/// The most sets kept: bit `i` of a 64-bit word says whether a cell is in
/// set `i`. Two rows (or columns) make at most four cycles, as each spans
/// two columns or more, and a grid has 18 such pairs, but the sets of six
/// columns or fewer rarely reach 64; a set not kept costs only a search.
const MOST: usize = 64;

/// Small unavoidable sets of a solution grid, and for each cell the sets
/// that hold it. A puzzle with one solution has a given in every set, so
/// a set left without one by a removal holds a cell just emptied: only the
/// sets of those cells need a look.
pub(super) struct Unavoidable {
    sets: [u128; MOST],
    len: usize,
    /// Bit `i` of `holding[c]`: set `i` holds cell `c`.
    holding: [u64; 81],
}

impl Unavoidable {
    /// No set.
    pub(super) fn none() -> Unavoidable {
        Unavoidable {
            sets: [0; MOST],
            len: 0,
            holding: [0; 81],
        }
    }

    /// For two rows of one band (or two columns of one stack), each cycle
    /// of the permutation that takes one row's digits to the other's,
    /// column by column. Exchanging the two rows on those columns gives
    /// another solution: the rows keep their digits, and so do the columns
    /// and the band's boxes.
    ///
    /// The cycles of two columns are the rectangles of two digits; the
    /// others hold three digits or more.
    pub(super) fn of(solution: &[u8; 81]) -> Unavoidable {
        let mut found = Unavoidable::none();
        // Rows (cell = line * 9 + k) and columns (cell = k * 9 + line).
        for (across, along) in [(9, 1), (1, 9)] {
            let at = |line: usize, k: usize| line * across + k * along;
            // Where each digit stands along each line.
            let mut place = [[0u8; 10]; 9];
            for (line, place) in place.iter_mut().enumerate() {
                for k in 0..9 {
                    place[usize::from(solution[at(line, k)])] = k as u8;
                }
            }
            for band in 0..3 {
                for (i, j) in [(0, 1), (0, 2), (1, 2)] {
                    let (l1, l2) = (band * 3 + i, band * 3 + j);
                    // The permutation, four bits a position: from position
                    // `k`, the digit of the second line there stands at
                    // `next(k)` along the first. Built with independent
                    // loads, then followed in a register: following the
                    // loads themselves waits on each in turn.
                    let mut perm = 0u64;
                    for k in 0..9 {
                        let to = place[l1][usize::from(solution[at(l2, k)])];
                        perm |= u64::from(to) << (4 * k);
                    }
                    let next = |k: usize| (perm >> (4 * k)) as usize & 15;
                    let mut seen = 0u16;
                    for start in 0..9 {
                        if seen & (1 << start) != 0 {
                            continue;
                        }
                        // The cycle through `start`, as a mask of positions
                        // along the lines.
                        let mut cycle = 0u16;
                        let mut k = start;
                        while cycle & (1 << k) == 0 {
                            cycle |= 1 << k;
                            k = next(k);
                        }
                        seen |= cycle;
                        if 2 * cycle.count_ones() <= MAX_SET {
                            found.add(cycle, |k| [at(l1, k), at(l2, k)]);
                        }
                    }
                }
            }
        }
        found
    }

    /// Adds the set of the cells `cells(k)` for each position `k` of
    /// `positions`.
    fn add(&mut self, mut positions: u16, cells: impl Fn(usize) -> [usize; 2]) {
        if self.len == MOST {
            return;
        }
        let i = self.len;
        self.len += 1;
        let mut set = 0u128;
        while positions != 0 {
            let k = positions.trailing_zeros() as usize;
            positions &= positions - 1;
            for c in cells(k) {
                set |= 1 << c;
                self.holding[c] |= 1 << i;
            }
        }
        self.sets[i] = set;
    }

    /// True when a set is left without a given in `givens`, a puzzle with
    /// one solution before the cells `emptied` were taken from it: the
    /// puzzle now has two solutions or more.
    pub(super) fn emptied(&self, givens: u128, emptied: &[usize]) -> bool {
        let mut sets = emptied.iter().fold(0, |m, &c| m | self.holding[c]);
        while sets != 0 {
            let i = sets.trailing_zeros() as usize;
            sets &= sets - 1;
            if self.sets[i] & givens == 0 {
                return true;
            }
        }
        false
    }

    /// The sets, as masks of cells.
    #[cfg(test)]
    pub(super) fn sets(&self) -> &[u128] {
        &self.sets[..self.len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;

    #[test]
    fn every_set_rearranges_into_another_solution() {
        let solution: Grid =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                .parse()
                .expect("a board");
        let found = Unavoidable::of(solution.cells());
        let sets = found.sets();
        assert!(sets.len() > 10, "{}", sets.len());
        for &set in sets {
            // Blank the set: the puzzle left must have another solution.
            let mut cells = *solution.cells();
            for (c, v) in cells.iter_mut().enumerate() {
                if set & (1 << c) != 0 {
                    *v = 0;
                }
            }
            assert_eq!(
                Grid::from_cells(cells).expect("digits").count_solutions(2),
                2
            );
        }
    }
}
