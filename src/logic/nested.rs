//! What SE's dynamic chains of level 1 and up do when nothing is left to
//! follow: run simpler techniques on the working board (intersections,
//! hidden and naked pairs, X-Wings; from level 2 forcing chains, from
//! level 3 multiple ones, from level 4 dynamic ones) and follow what the
//! first of them that applies removes. Each removal rests on the false
//! nodes that made its pattern (SE's "rule parents"); a removal made by a
//! nested chain also carries that chain, whose length adds to the outer
//! chain's.

use super::board::{Board, HOUSES, SHARED, bit, digits};
use super::chains::{self, Places};
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
pub(super) fn advance(b: &Boards<'_>, level: u8, run: &mut Run, nest: &mut Nest) -> bool {
    let (src, cur) = (b.src, b.cur);
    let touched = b.touched;
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
            0 => locking(b, touched, &mut found),
            1 => hidden_pairs(b, touched, &mut found),
            2 => naked_pairs(b, touched, &mut found),
            3 => x_wings(b, touched, &mut found),
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

/// The candidates of `digit` at the positions `mask` of house `h`, in
/// house order (which is cell order).
fn at_positions(h: usize, mask: u16, digit: u8, out: &mut Vec<u16>) {
    let mut m = mask;
    while m != 0 {
        out.push(cand(HOUSES[h][m.trailing_zeros() as usize], digit));
        m &= m - 1;
    }
}

/// The two boards a nested technique compares: the one the outer run
/// started from and its working copy, each with its places.
pub(super) struct Boards<'a> {
    pub src: &'a Board,
    pub cur: &'a Board,
    pub src_places: &'a Places,
    pub cur_places: &'a Places,
    /// Per house, the digits the run removed somewhere in it: a pattern
    /// counts only with such a removal under it, so the techniques look
    /// only where these are.
    pub touched: &'a [u16; 27],
    pub counts: &'a Counts,
}

impl Boards<'_> {
    /// Places of `digit` in house `h` the run removed.
    fn removed(&self, h: usize, digit: u8) -> u16 {
        self.src_places.get(h, digit) & !self.cur_places.get(h, digit)
    }
}

/// What the nested techniques read of the board a run started from, which
/// the run does not change: empty cells per house, placed digits.
pub(super) struct Counts {
    empty: [u8; 27],
    placed: [u8; 10],
}

impl Counts {
    pub(super) fn of(board: &Board) -> Counts {
        let mut empty = [0u8; 27];
        for (h, n) in empty.iter_mut().enumerate() {
            *n = HOUSES[h].iter().filter(|&&c| board.value(c) == 0).count() as u8;
        }
        let mut placed = [0u8; 10];
        for c in 0..81 {
            placed[usize::from(board.value(c))] += 1;
        }
        Counts { empty, placed }
    }
}

/// Pointing and claiming, as SE's intersections: a digit whose places in
/// one house all lie in a crossing house leaves the rest of that house.
/// Only patterns with a removed candidate under them count (see
/// `advance`), so the others are not built.
fn locking(b: &Boards<'_>, touched: &[u16; 27], found: &mut Vec<Removal>) {
    // (confining kind, removing kind): box-column, box-row, column-box,
    // row-box, as SE visits them; kinds by their first house number.
    for (k1, k2) in [(18, 9), (18, 0), (9, 18), (0, 18)] {
        for i1 in 0..9 {
            let h1 = k1 + i1;
            if touched[h1] == 0 {
                continue;
            }
            for h2 in crossing(h1, k2) {
                let (in1, in2) = (SHARED[h1][h2], SHARED[h2][h1]);
                for digit in digits(touched[h1]) {
                    let m1 = b.cur_places.get(h1, digit);
                    if m1.count_ones() < 2 || m1 & !in1 != 0 {
                        continue;
                    }
                    let rest = b.cur_places.get(h2, digit) & !in2;
                    let under = b.removed(h1, digit) & !in1;
                    if rest == 0 || under == 0 {
                        continue;
                    }
                    let mut removes = Vec::new();
                    at_positions(h2, rest, digit, &mut removes);
                    let mut parents = Vec::new();
                    at_positions(h1, under, digit, &mut parents);
                    found.push(Removal {
                        removes,
                        parents,
                        chain: None,
                    });
                }
            }
        }
    }
}

/// The three houses of the kind starting at `kind` (0 rows, 9 columns,
/// 18 boxes) that cross house `h` of another kind, in order.
fn crossing(h: usize, kind: usize) -> [usize; 3] {
    let i = h % 9;
    match (h / 9, kind) {
        // A box: its three rows or columns.
        (2, 0) => [0, 1, 2].map(|k| (i / 3) * 3 + k),
        (2, _) => [0, 1, 2].map(|k| 9 + (i % 3) * 3 + k),
        // A row or a column: the three boxes along it.
        (0, _) => [0, 1, 2].map(|k| 18 + (i / 3) * 3 + k),
        _ => [0, 1, 2].map(|k| 18 + (i / 3) + 3 * k),
    }
}

fn sorted(mut v: Vec<u16>) -> Vec<u16> {
    v.sort_unstable();
    v
}

/// The houses in SE's order for subsets: boxes, columns, rows.
fn subset_houses() -> impl Iterator<Item = usize> {
    (18..27).chain(9..18).chain(0..9)
}

/// Pairs (i, j) of 0..9 in SE's order: by the larger, then the smaller.
fn pairs() -> impl Iterator<Item = (usize, usize)> {
    pairs_in(0x1FF)
}

/// The pairs of `pairs` with both in `mask` (bit `i` for `i`), in the
/// same order.
fn pairs_in(mask: u16) -> impl Iterator<Item = (usize, usize)> {
    let bits = move |m: u16| digits(m).map(|d| usize::from(d - 1));
    bits(mask).flat_map(move |j| bits(mask & ((1 << j) - 1)).map(move |i| (i, j)))
}

/// Hidden pairs: two digits with the same two places in a house (both
/// with two places at least) leave those cells' other digits.
fn hidden_pairs(b: &Boards<'_>, touched: &[u16; 27], found: &mut Vec<Removal>) {
    for h in subset_houses() {
        if touched[h] == 0 || b.counts.empty[h] <= 4 {
            continue;
        }
        // Only digits with two places can pair.
        let mut two = 0u16;
        for d in 1..=9u8 {
            if b.cur_places.get(h, d).count_ones() == 2 {
                two |= bit(d);
            }
        }
        for (i, j) in pairs_in(two) {
            let (da, db) = (i as u8 + 1, j as u8 + 1);
            if touched[h] & (bit(da) | bit(db)) == 0 {
                continue;
            }
            let (pa, pb) = (b.cur_places.get(h, da), b.cur_places.get(h, db));
            // Two places each and three or more together: not a pair.
            if pa != pb || pa.count_ones() != 2 {
                continue;
            }
            let (ua, ub) = (b.removed(h, da) & !pa, b.removed(h, db) & !pa);
            if ua | ub == 0 {
                continue;
            }
            let pair = bit(da) | bit(db);
            let mut removes = Vec::new();
            let mut parents = Vec::new();
            for (at, &c) in HOUSES[h].iter().enumerate() {
                if pa & (1 << at) != 0 {
                    removes.extend(digits(b.cur.candidates(c) & !pair).map(|d| cand(c, d)));
                } else {
                    if ua & (1 << at) != 0 {
                        parents.push(cand(c, da));
                    }
                    if ub & (1 << at) != 0 {
                        parents.push(cand(c, db));
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
fn naked_pairs(b: &Boards<'_>, touched: &[u16; 27], found: &mut Vec<Removal>) {
    for h in subset_houses() {
        if touched[h] == 0 || b.counts.empty[h] < 4 {
            continue;
        }
        // Only cells with two candidates can pair.
        let mut two = 0u16;
        for (at, &c) in HOUSES[h].iter().enumerate() {
            if b.cur.candidates(c).count_ones() == 2 {
                two |= 1 << at;
            }
        }
        for (i, j) in pairs_in(two) {
            let (ca, cb) = (HOUSES[h][i], HOUSES[h][j]);
            let (ma, mb) = (b.cur.candidates(ca), b.cur.candidates(cb));
            if ma != mb || ma.count_ones() != 2 {
                continue;
            }
            let pair = ma;
            // The digits the run removed from the pair's two cells.
            let (ga, gb) = (b.src.candidates(ca) & !pair, b.src.candidates(cb) & !pair);
            if ga | gb == 0 {
                continue;
            }
            let removes: Vec<u16> = HOUSES[h]
                .iter()
                .filter(|&&c| c != ca && c != cb)
                .flat_map(|&c| digits(b.cur.candidates(c) & pair).map(move |d| cand(c, d)))
                .collect();
            if removes.is_empty() {
                continue;
            }
            let mut parents = Vec::new();
            parents.extend(digits(ga).map(|d| cand(ca, d)));
            parents.extend(digits(gb).map(|d| cand(cb, d)));
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
fn x_wings(b: &Boards<'_>, touched: &[u16; 27], found: &mut Vec<Removal>) {
    let placed = &b.counts.placed;
    for (base, cover) in [(9, 0), (0, 9)] {
        for (i, j) in pairs() {
            for digit in digits(touched[base + i] | touched[base + j]) {
                if placed[usize::from(digit)] + 4 > 9 {
                    continue;
                }
                let (pa, pb) = (
                    b.cur_places.get(base + i, digit),
                    b.cur_places.get(base + j, digit),
                );
                if pa != pb || pa.count_ones() != 2 {
                    continue;
                }
                let covers = pa;
                let (ua, ub) = (
                    b.removed(base + i, digit) & !covers,
                    b.removed(base + j, digit) & !covers,
                );
                if ua | ub == 0 {
                    continue;
                }
                let mut removes = Vec::new();
                let mut m = covers;
                while m != 0 {
                    let k = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let rest = b.cur_places.get(cover + k, digit) & !(1 << i | 1 << j);
                    at_positions(cover + k, rest, digit, &mut removes);
                }
                if removes.is_empty() {
                    continue;
                }
                let mut parents = Vec::new();
                at_positions(base + i, ua, digit, &mut parents);
                at_positions(base + j, ub, digit, &mut parents);
                found.push(Removal {
                    removes: sorted(removes),
                    parents,
                    chain: None,
                });
            }
        }
    }
}
