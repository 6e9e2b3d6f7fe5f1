//! The kinds of hint a search draws from its runs: double chains (a
//! candidate true and false), cell chains (every candidate of a cell) and
//! region chains (every place of a digit in a house).

use super::super::board::{Board, digits, houses_of};
use super::super::dynamic::{Cause, Mode, NONE, cand};
use super::super::step::Technique;
use super::{Found, OFF_RUN, Offer, SORT_CELL, SORT_DOUBLE, SORT_REGION, Searcher, conclusion};

/// Dynamic double chains: what the candidate of run `i` true and false
/// both imply.
pub(super) fn double(
    board: &Board,
    s: &mut Searcher,
    found: &mut Found<'_>,
    i: usize,
    technique: Technique,
) {
    let runs = [i, OFF_RUN];
    agree(board, s, found, &runs, technique, SORT_DOUBLE, None, None);
}

/// Cell chains: what every candidate of the cell (runs `0..card`) implies.
pub(super) fn cells(
    board: &Board,
    s: &mut Searcher,
    found: &mut Found<'_>,
    cell: usize,
    technique: Technique,
) {
    let mut ks = [0usize; 9];
    let mut card = 0;
    for d in digits(board.candidates(cell)) {
        ks[card] = usize::from(cand(cell, d));
        card += 1;
    }
    let runs = &ks[..card];
    agree(
        board,
        s,
        found,
        runs,
        technique,
        SORT_CELL,
        None,
        Some(Cause::NakedSingle),
    );
}

/// Region chains from `cell`, the first place of `digit` in a house: what
/// every place implies; run `i` is the cell's.
#[allow(clippy::too_many_arguments)]
pub(super) fn regions(
    board: &Board,
    mode: Mode,
    s: &mut Searcher,
    found: &mut Found<'_>,
    cell: usize,
    digit: u8,
    i: usize,
    technique: Technique,
) {
    for h in houses_of(cell) {
        // House order is cell order: the places as a mask of cells.
        let mut m = s.sight.places(h, digit);
        let n = m.count_ones() as usize;
        if !(n == 2 || (mode.multiple && n > 2)) || m.trailing_zeros() as usize != cell {
            continue;
        }
        m &= m - 1;
        let mut runs = [i; 9];
        for r in &mut runs[1..n] {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            *r = usize::from(cand(c, digit));
            s.ensure(board, mode, *r);
        }
        agree(
            board,
            s,
            found,
            &runs[..n],
            technique,
            SORT_REGION,
            Some(h),
            Some(Cause::Hidden(h as u8)),
        );
    }
}

/// Offers what all of `runs` imply alike: each node of the first run (true
/// ones first, each kind in the order followed) that every other run reaches
/// in the same state. Double chains (a candidate true and false), cell chains
/// and region chains differ only in their runs and in how the hint is named.
#[allow(clippy::too_many_arguments)]
fn agree(
    board: &Board,
    s: &mut Searcher,
    found: &mut Found<'_>,
    runs: &[usize],
    technique: Technique,
    sort_key: u8,
    house: Option<usize>,
    source_cause: Option<Cause>,
) {
    // The cells reached alike by every run, per state and digit.
    let mut common = s.runs[runs[0]].reached;
    for &r in &runs[1..] {
        let reached = &s.runs[r].reached;
        for on in 0..2 {
            for d in 0..9 {
                common[on][d] &= reached[on][d];
            }
        }
    }
    if common.iter().flatten().all(|&m| m == 0) {
        return;
    }
    let first = runs[0];
    let mut targets = [(0usize, NONE); 9];
    let mut ids = std::mem::take(&mut s.ids);
    for on in [true, false] {
        // The first run's nodes of these, in the order it reached them
        // (node ids grow as they are reached).
        ids.clear();
        for (d, &m) in common[usize::from(on)].iter().enumerate() {
            let mut m = m;
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                if let Some(p) = s.runs[first].find(cand(c, d as u8 + 1), on) {
                    ids.push(p);
                }
            }
        }
        ids.sort_unstable();
        for &p in &ids {
            let node = s.runs[first].nodes[p as usize];
            targets[0] = (first, p);
            let all = (1..runs.len()).all(|j| match s.runs[runs[j]].find(node.cand, on) {
                Some(q) => {
                    targets[j] = (runs[j], q);
                    true
                }
                None => false,
            });
            if !all {
                continue;
            }
            let Some((placements, eliminations)) = conclusion(board, &node, node.on) else {
                continue;
            };
            s.offer(
                board,
                found,
                Offer {
                    technique,
                    sort_key,
                    targets: &targets[..runs.len()],
                    placements,
                    eliminations,
                    house,
                    source_cause,
                },
            );
        }
    }
    s.ids = ids;
}
