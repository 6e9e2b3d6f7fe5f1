//! The kinds of hint a search draws from its runs: double chains (a
//! candidate true and false), cell chains (every candidate of a cell) and
//! region chains (every place of a digit in a house).

use super::super::board::{Board, HOUSES, digits};
use super::super::dynamic::{Cause, Mode, NONE, cand, houses_of};
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
    if !meet(s, &[i, OFF_RUN]) {
        return;
    }
    for on in [true, false] {
        let mut at = 0;
        loop {
            let order = if on {
                &s.runs[i].on_order
            } else {
                &s.runs[i].off_order
            };
            let Some(&p) = order.get(at) else { break };
            at += 1;
            let node = s.runs[i].nodes[p as usize];
            let Some(q) = s.runs[OFF_RUN].find(node.cand, on) else {
                continue;
            };
            let Some((placements, eliminations)) = conclusion(board, &node, node.on) else {
                continue;
            };
            s.offer(
                board,
                found,
                Offer {
                    technique,
                    sort_key: SORT_DOUBLE,
                    targets: &[(i, p), (OFF_RUN, q)],
                    placements,
                    eliminations,
                    house: None,
                    source_cause: None,
                },
            );
        }
    }
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
    let first = ks[0];
    if !meet(s, &ks[..card]) {
        return;
    }
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
            let all = (1..card).all(|j| match s.runs[ks[j]].find(node.cand, on) {
                Some(q) => {
                    targets[j] = (ks[j], q);
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
                    sort_key: SORT_CELL,
                    targets: &targets[..card],
                    placements,
                    eliminations,
                    house: None,
                    source_cause: Some(Cause::NakedSingle),
                },
            );
        }
    }
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
        if !meet(s, &runs[..n]) {
            continue;
        }
        let mut targets = [(0usize, NONE); 9];
        for on in [true, false] {
            let mut at = 0;
            loop {
                let order = if on {
                    &s.runs[i].on_order
                } else {
                    &s.runs[i].off_order
                };
                let Some(&p) = order.get(at) else { break };
                at += 1;
                let node = s.runs[i].nodes[p as usize];
                targets[0] = (i, p);
                let all = (1..n).all(|j| match s.runs[runs[j]].find(node.cand, on) {
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
                        sort_key: SORT_REGION,
                        targets: &targets[..n],
                        placements,
                        eliminations,
                        house: Some(h),
                        source_cause: Some(Cause::Hidden(h as u8)),
                    },
                );
            }
        }
    }
}
