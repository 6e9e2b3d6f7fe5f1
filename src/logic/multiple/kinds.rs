//! The kinds of hint a search draws from its runs: double chains (a
//! candidate true and false), cell chains (every candidate of a cell) and
//! region chains (every place of a digit in a house).

use super::super::board::{Board, HOUSES, digits, houses_of};
use super::super::dynamic::{Cause, Mode, NONE, cand};
use super::super::step::Technique;
use super::{Found, OFF_RUN, Offer, SORT_CELL, SORT_DOUBLE, SORT_REGION, Searcher, conclusion};

/// True when the runs `ids` have some candidate in the same state in
/// common: without one, no hint can rest on all of them.
fn meet(s: &Searcher, ids: &[usize]) -> bool {
    (0..23).any(|w| ids.iter().fold(u64::MAX, |m, &r| m & s.runs[r].reached[w]) != 0)
}

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
        let mut places = [0usize; 9];
        let mut n = 0;
        for &c in &HOUSES[h] {
            if board.has(c, digit) {
                places[n] = c;
                n += 1;
            }
        }
        if !(n == 2 || (mode.multiple && n > 2)) || places[0] != cell {
            continue;
        }
        let mut runs = [i; 9];
        for (j, &c) in places[1..n].iter().enumerate() {
            runs[j + 1] = usize::from(cand(c, digit));
            s.ensure(board, mode, runs[j + 1]);
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
    if !meet(s, runs) {
        return;
    }
    let first = runs[0];
    let mut targets = [(0usize, NONE); 9];
    for on in [true, false] {
        let mut at = 0;
        loop {
            let run = &s.runs[first];
            let order = if on { &run.on_order } else { &run.off_order };
            let Some(&p) = order.get(at) else { break };
            at += 1;
            let node = run.nodes[p as usize];
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
}
