//! Wings: XY-Wing and XYZ-Wing.

use super::board::PEER_MASKS;
use super::board::{Board, Digits, PEERS, bit, digits};
use super::step::{Step, Technique};
use super::subsets::size;

/// The candidates of each cell in `cells`, as pattern entries.
fn pattern(board: &Board, cells: &[usize]) -> Vec<(usize, u8)> {
    cells
        .iter()
        .flat_map(|&c| digits(board.candidates(c)).map(move |d| (c, d)))
        .collect()
}

/// Cells that see every one of `cells` and still hold `digit`, in order.
fn seeing_all(board: &Board, cells: &[usize], digit: u8) -> Vec<(usize, u8)> {
    let mut seeing = cells.iter().fold(!0u128, |m, &w| m & PEER_MASKS[w]);
    let mut out = Vec::new();
    while seeing != 0 {
        let c = seeing.trailing_zeros() as usize;
        seeing &= seeing - 1;
        if board.has(c, digit) {
            out.push((c, digit));
        }
    }
    out
}

/// XY-Wing: pivot {x,y}, wings {x,z} and {y,z} it sees; whichever the pivot
/// holds, one wing is z, so z leaves every cell that sees both wings.
/// XYZ-Wing: pivot {x,y,z}, wings {x,z} and {y,z}; z is in one of the three,
/// so it leaves every cell that sees all three.
pub(super) fn wing(board: &Board, technique: Technique) -> Option<Step> {
    let xyz = technique == Technique::XYZWing;
    let wanted = if xyz { 3 } else { 2 };
    for (pivot, peers) in PEERS.iter().enumerate() {
        let p: Digits = board.candidates(pivot);
        if size(p) != wanted {
            continue;
        }
        // On the stack: most pivots are tried and dropped.
        let mut found = [0usize; 20];
        let mut len = 0;
        for &w in peers {
            let m = board.candidates(w);
            // Two candidates, and for XY one shared with the pivot.
            let fits = size(m) == 2
                && if xyz {
                    m & !p == 0
                } else {
                    let shared = m & p;
                    shared != 0 && shared & (shared - 1) == 0
                };
            if fits {
                found[len] = w;
                len += 1;
            }
        }
        let wings = &found[..len];
        for (i, &w1) in wings.iter().enumerate() {
            for &w2 in &wings[i + 1..] {
                let (m1, m2) = (board.candidates(w1), board.candidates(w2));
                let z = m1 & m2;
                let one = z != 0 && z & (z - 1) == 0;
                let fits = if xyz {
                    one && m1 | m2 == p
                } else {
                    one && z & p == 0 && (m1 | m2) & p == p
                };
                if !fits {
                    continue;
                }
                let zd = z.trailing_zeros() as u8 + 1;
                debug_assert_eq!(bit(zd), z);
                let cells = [pivot, w1, w2];
                let eliminations = if xyz {
                    seeing_all(board, &cells, zd)
                } else {
                    seeing_all(board, &cells[1..], zd)
                };
                if eliminations.is_empty() {
                    continue;
                }
                return Some(Step {
                    technique,
                    placements: Vec::new(),
                    eliminations,
                    pattern: pattern(board, &cells),
                    houses: Vec::new(),
                });
            }
        }
    }
    None
}
