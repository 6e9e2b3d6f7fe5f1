//! Aligned Pair Exclusion, as Sudoku Explainer finds it.

use super::board::{Board, PEERS, bit, digits, sees};
use super::step::{Step, Technique};

/// The cells a pair may rest on: two candidates or more, no peer left with
/// a single candidate (that single comes first), and the bivalue peers that
/// may exclude pairs of digits.
fn bases(board: &Board) -> Vec<(usize, Vec<usize>)> {
    let mut out = Vec::new();
    for (cell, peers) in PEERS.iter().enumerate() {
        if board.candidates(cell).count_ones() < 2 {
            continue;
        }
        let mut single = false;
        let mut excluders = Vec::new();
        for &p in peers {
            match board.candidates(p).count_ones() {
                1 => single = true,
                2 => excluders.push(p),
                _ => {}
            }
        }
        if !single && !excluders.is_empty() {
            out.push((cell, excluders));
        }
    }
    out
}

/// Aligned Pair Exclusion: two cells with at least two bivalue cells seeing
/// both. A pair of digits for them is impossible when it is one digit
/// twice in cells that see each other, or when it is the two digits of a
/// bivalue cell seeing both (that cell would have none left). A digit of
/// either cell in no possible pair leaves it. Pairs are tried in SE's order
/// (by the later base cell, then the earlier).
pub(super) fn aligned_pair(board: &Board) -> Option<Step> {
    let bases = bases(board);
    for j in 1..bases.len() {
        for i in 0..j {
            let (a, ex_a) = &bases[i];
            let (b, ex_b) = &bases[j];
            let common: Vec<usize> = ex_a.iter().copied().filter(|c| ex_b.contains(c)).collect();
            if common.len() < 2 {
                continue;
            }
            let (ma, mb) = (board.candidates(*a), board.candidates(*b));
            let (mut ok_a, mut ok_b) = (0, 0);
            for da in digits(ma) {
                for db in digits(mb) {
                    if da == db && sees(*a, *b) {
                        continue;
                    }
                    let pair = bit(da) | bit(db);
                    if common.iter().any(|&c| board.candidates(c) & !pair == 0) {
                        continue;
                    }
                    ok_a |= bit(da);
                    ok_b |= bit(db);
                }
            }
            let mut eliminations: Vec<(usize, u8)> = digits(ma & !ok_a).map(|d| (*a, d)).collect();
            eliminations.extend(digits(mb & !ok_b).map(|d| (*b, d)));
            if eliminations.is_empty() {
                continue;
            }
            let mut pattern: Vec<(usize, u8)> = Vec::new();
            for &c in [*a, *b].iter().chain(&common) {
                pattern.extend(digits(board.candidates(c)).map(|d| (c, d)));
            }
            return Some(Step {
                technique: Technique::AlignedPairExclusion,
                placements: Vec::new(),
                eliminations,
                pattern,
                houses: Vec::new(),
            });
        }
    }
    None
}
