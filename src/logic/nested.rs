//! What SE's dynamic chains of level 1 and up do when nothing is left to
//! follow: run simpler techniques on the working board (intersections,
//! hidden and naked pairs, X-Wings; from level 2 forcing chains, from
//! level 3 multiple ones, from level 4 dynamic ones) and follow what the
//! first of them that applies removes. Each removal rests on the false
//! nodes that made its pattern (SE's "rule parents"); a removal made by a
//! nested chain also carries that chain, whose length adds to the outer
//! chain's.

use super::board::{Board, HOUSES, bit, box_of, col_of, digits, row_of};
use super::chains;
use super::dynamic::{self, Mode, NONE, Run, cand};
use super::multiple::{self, Found, Searcher};

/// Per search: the nested chains met (their patterns), and the searcher
/// the nested multiple and dynamic chains run in.
pub(super) struct Nest {
    pub chains: Vec<Vec<(usize, u8)>>,
    inner: Option<Box<Searcher>>,
}

impl Nest {
    pub fn new() -> Nest {
        Nest {
            chains: Vec::new(),
            inner: None,
        }
    }
}

/// One hint of a nested technique: what it removes, the removed
/// candidates it rests on, and its chain when it is one.
struct Removal {
    removes: Vec<u16>,
    parents: Vec<u16>,
    chain: Option<Vec<(usize, u8)>>,
}

/// Runs the nested techniques of `level` on the working board `cur` (the
/// run started from `src`) and adds what the first that applies removes
/// to `run`. False when nothing new was added.
pub(super) fn advance(src: &Board, cur: &Board, level: u8, run: &mut Run, nest: &mut Nest) -> bool {
    let mut found = Vec::new();
    let rules: &[u8] = match level {
        1 => &[0, 1, 2, 3],
        2 => &[0, 1, 2, 3, 4],
        3 => &[0, 1, 2, 3, 4, 5],
        4 => &[0, 1, 2, 3, 6],
        _ => &[0, 1, 2, 3, 6, 7],
    };
    for &rule in rules {
        match rule {
            0 => locking(src, cur, &mut found),
            1 => hidden_pairs(src, cur, &mut found),
            2 => naked_pairs(src, cur, &mut found),
            3 => x_wings(src, cur, &mut found),
            4 => {
                for h in chains::all(cur, src) {
                    found.push(Removal {
                        removes: removals(cur, &h.step),
                        parents: h.parents,
                        chain: Some(h.step.pattern),
                    });
                }
            }
            _ => {
                let mode = match rule {
                    5 => Mode {
                        multiple: true,
                        dynamic: false,
                        nishio: false,
                        level: 0,
                    },
                    6 => Mode {
                        multiple: true,
                        dynamic: true,
                        nishio: false,
                        level: 0,
                    },
                    _ => Mode {
                        multiple: true,
                        dynamic: true,
                        nishio: false,
                        level: level.saturating_sub(3),
                    },
                };
                let searcher = nest.inner.get_or_insert_with(|| Box::new(Searcher::new()));
                let mut hints = Found {
                    best_only: false,
                    hints: Vec::new(),
                    initial: Some(src),
                };
                multiple::search(cur, mode, searcher, &mut hints);
                for h in hints.hints {
                    found.push(Removal {
                        removes: removals(cur, &h.step),
                        parents: h.parents,
                        chain: Some(h.step.pattern),
                    });
                }
            }
        }
        // A pattern with no removed candidate under it was there before
        // the assumption: it proves nothing about it.
        found.retain(|r| !r.parents.is_empty() && !r.removes.is_empty());
        if !found.is_empty() {
            break;
        }
    }
    let mut added = false;
    for r in found {
        let id = match r.chain {
            Some(pattern) => {
                nest.chains.push(pattern);
                (nest.chains.len() - 1) as u32
            }
            None => NONE,
        };
        for k in r.removes {
            added |= dynamic::add_advanced(run, k, &r.parents, id);
        }
    }
    added
}

/// A nested chain's removals as candidates, by cell then digit: its
/// eliminations, and for a placement the cell's other candidates (what SE
/// removes to place it).
fn removals(cur: &Board, step: &super::step::Step) -> Vec<u16> {
    let mut out: Vec<u16> = step.eliminations.iter().map(|&(c, d)| cand(c, d)).collect();
    for &(c, d) in &step.placements {
        out.extend(digits(cur.candidates(c) & !bit(d)).map(|e| cand(c, e)));
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Candidates of `digit` in the cells given that the run removed.
fn removed_in(
    src: &Board,
    cur: &Board,
    cells: impl Iterator<Item = usize>,
    digit: u8,
    out: &mut Vec<u16>,
) {
    for c in cells {
        if src.has(c, digit) && !cur.has(c, digit) {
            out.push(cand(c, digit));
        }
    }
}

fn in_house(h: usize, cell: usize) -> bool {
    match h {
        0..=8 => row_of(cell) == h,
        9..=17 => col_of(cell) == h - 9,
        _ => box_of(cell) == h - 18,
    }
}

/// Pointing and claiming, as SE's intersections: a digit whose places in
/// one house all lie in a crossing house leaves the rest of that house.
fn locking(src: &Board, cur: &Board, found: &mut Vec<Removal>) {
    // (confining kind, removing kind): box-column, box-row, column-box,
    // row-box, as SE visits them; kinds by their first house number.
    for (k1, k2) in [(18, 9), (18, 0), (9, 18), (0, 18)] {
        for i1 in 0..9 {
            for i2 in 0..9 {
                let (h1, h2) = (k1 + i1, k2 + i2);
                if !HOUSES[h1].iter().any(|&c| in_house(h2, c)) {
                    continue;
                }
                for digit in 1..=9u8 {
                    let places = HOUSES[h1].iter().filter(|&&c| cur.has(c, digit));
                    if places.clone().count() < 2 || !places.clone().all(|&c| in_house(h2, c)) {
                        continue;
                    }
                    let removes: Vec<u16> = HOUSES[h2]
                        .iter()
                        .filter(|&&c| !in_house(h1, c) && cur.has(c, digit))
                        .map(|&c| cand(c, digit))
                        .collect();
                    if removes.is_empty() {
                        continue;
                    }
                    let mut parents = Vec::new();
                    removed_in(
                        src,
                        cur,
                        HOUSES[h1].iter().copied().filter(|&c| !in_house(h2, c)),
                        digit,
                        &mut parents,
                    );
                    found.push(Removal {
                        removes: sorted(removes),
                        parents,
                        chain: None,
                    });
                }
            }
        }
    }
}

fn sorted(mut v: Vec<u16>) -> Vec<u16> {
    v.sort_unstable();
    v
}

fn empty_cells(cur: &Board, h: usize) -> usize {
    HOUSES[h].iter().filter(|&&c| cur.value(c) == 0).count()
}

/// The houses in SE's order for subsets: boxes, columns, rows.
fn subset_houses() -> impl Iterator<Item = usize> {
    (18..27).chain(9..18).chain(0..9)
}

/// Pairs (i, j) of 0..9 in SE's order: by the larger, then the smaller.
fn pairs() -> impl Iterator<Item = (usize, usize)> {
    (1..9).flat_map(|j| (0..j).map(move |i| (i, j)))
}

/// Hidden pairs: two digits with the same two places in a house (both
/// with two places at least) leave those cells' other digits.
fn hidden_pairs(src: &Board, cur: &Board, found: &mut Vec<Removal>) {
    for h in subset_houses() {
        if empty_cells(cur, h) <= 4 {
            continue;
        }
        let pos = |d: u8| -> u16 {
            let mut m = 0;
            for (i, &c) in HOUSES[h].iter().enumerate() {
                if cur.has(c, d) {
                    m |= 1 << i;
                }
            }
            m
        };
        for (i, j) in pairs() {
            let (a, b) = (i as u8 + 1, j as u8 + 1);
            let (pa, pb) = (pos(a), pos(b));
            if pa.count_ones() < 2 || pb.count_ones() < 2 || (pa | pb).count_ones() != 2 {
                continue;
            }
            let pair = bit(a) | bit(b);
            let mut removes = Vec::new();
            let mut parents = Vec::new();
            for (at, &c) in HOUSES[h].iter().enumerate() {
                if (pa | pb) & (1 << at) != 0 {
                    removes.extend(digits(cur.candidates(c) & !pair).map(|d| cand(c, d)));
                } else {
                    for d in [a, b] {
                        removed_in(src, cur, std::iter::once(c), d, &mut parents);
                    }
                }
            }
            if !removes.is_empty() {
                found.push(Removal {
                    removes: sorted(removes),
                    parents,
                    chain: None,
                });
            }
        }
    }
}

/// Naked pairs: two cells of a house with the same two candidates leave
/// the house's other cells without them.
fn naked_pairs(src: &Board, cur: &Board, found: &mut Vec<Removal>) {
    for h in subset_houses() {
        if empty_cells(cur, h) < 4 {
            continue;
        }
        for (i, j) in pairs() {
            let (a, b) = (HOUSES[h][i], HOUSES[h][j]);
            let (ma, mb) = (cur.candidates(a), cur.candidates(b));
            if ma.count_ones() < 2 || mb.count_ones() < 2 || (ma | mb).count_ones() != 2 {
                continue;
            }
            let pair = ma | mb;
            let removes: Vec<u16> = HOUSES[h]
                .iter()
                .filter(|&&c| c != a && c != b)
                .flat_map(|&c| digits(cur.candidates(c) & pair).map(move |d| cand(c, d)))
                .collect();
            if removes.is_empty() {
                continue;
            }
            let mut parents = Vec::new();
            for c in [a, b] {
                for d in digits(src.candidates(c) & !pair) {
                    if !cur.has(c, d) {
                        parents.push(cand(c, d));
                    }
                }
            }
            found.push(Removal {
                removes: sorted(removes),
                parents,
                chain: None,
            });
        }
    }
}

/// X-Wings: a digit whose places in two base lines lie in two cover lines
/// leaves the rest of the cover lines. Columns as base first, as SE.
fn x_wings(src: &Board, cur: &Board, found: &mut Vec<Removal>) {
    let mut placed = [0usize; 10];
    for c in 0..81 {
        placed[usize::from(cur.value(c))] += 1;
    }
    for (base, cover) in [(9, 0), (0, 9)] {
        for (i, j) in pairs() {
            for digit in 1..=9u8 {
                if placed[usize::from(digit)] + 4 > 9 {
                    continue;
                }
                let pos = |h: usize| -> u16 {
                    let mut m = 0;
                    for (at, &c) in HOUSES[h].iter().enumerate() {
                        if cur.has(c, digit) {
                            m |= 1 << at;
                        }
                    }
                    m
                };
                let (pa, pb) = (pos(base + i), pos(base + j));
                if pa.count_ones() < 2 || pb.count_ones() < 2 || (pa | pb).count_ones() != 2 {
                    continue;
                }
                let covers = pa | pb;
                let mut removes = Vec::new();
                for k in 0..9 {
                    if covers & (1 << k) == 0 {
                        continue;
                    }
                    for (at, &c) in HOUSES[cover + k].iter().enumerate() {
                        if at != i && at != j && cur.has(c, digit) {
                            removes.push(cand(c, digit));
                        }
                    }
                }
                if removes.is_empty() {
                    continue;
                }
                let mut parents = Vec::new();
                for b in [i, j] {
                    let cells = HOUSES[base + b]
                        .iter()
                        .enumerate()
                        .filter(|&(at, _)| covers & (1 << at) == 0)
                        .map(|(_, &c)| c);
                    removed_in(src, cur, cells, digit, &mut parents);
                }
                found.push(Removal {
                    removes: sorted(removes),
                    parents,
                    chain: None,
                });
            }
        }
    }
}
