//! Unavoidable sets of a solution grid: sets of cells whose digits can be
//! rearranged into another solution, so that a puzzle with no given among
//! them has two solutions. The carve tests them before any search: a
//! removal that empties one is refused at the cost of a mask test.

/// The largest set worth keeping: larger ones are seldom the last to lose
/// their givens, and each costs a test at every removal.
const MAX_SET: u32 = 12;

/// Small unavoidable sets of `solution`, as 81-bit masks: for two rows of
/// one band (or two columns of one stack), each cycle of the permutation
/// that takes one row's digits to the other's, column by column.
/// Exchanging the two rows on those columns gives another solution: the
/// rows keep their digits, and so do the columns and the band's boxes.
///
/// The cycles of two columns are the rectangles of two digits; the others
/// hold three digits or more.
pub(super) fn unavoidable_sets(solution: &[u8; 81]) -> Vec<u128> {
    let mut sets = Vec::with_capacity(64);
    line_pairs(solution, &mut sets);
    sets.retain(|s| s.count_ones() <= MAX_SET);
    sets
}

fn line_pairs(solution: &[u8; 81], sets: &mut Vec<u128>) {
    // Rows (cell = line * 9 + k) and columns (cell = k * 9 + line).
    let rows = |line: usize, k: usize| line * 9 + k;
    let cols = |line: usize, k: usize| k * 9 + line;
    for at in [&rows as &dyn Fn(usize, usize) -> usize, &cols] {
        for band in 0..3 {
            for (i, j) in [(0, 1), (0, 2), (1, 2)] {
                let (l1, l2) = (band * 3 + i, band * 3 + j);
                // Where each digit stands along the first line.
                let mut place = [0usize; 10];
                for k in 0..9 {
                    place[usize::from(solution[at(l1, k)])] = k;
                }
                let mut seen = 0u16;
                for start in 0..9 {
                    if seen & (1 << start) != 0 {
                        continue;
                    }
                    let mut set = 0u128;
                    let mut k = start;
                    while seen & (1 << k) == 0 {
                        seen |= 1 << k;
                        set |= (1 << at(l1, k)) | (1 << at(l2, k));
                        k = place[usize::from(solution[at(l2, k)])];
                    }
                    sets.push(set);
                }
            }
        }
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
        let sets = unavoidable_sets(solution.cells());
        assert!(sets.len() > 10, "{}", sets.len());
        for set in sets {
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
