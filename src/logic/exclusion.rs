//! Aligned Pair Exclusion, as Sudoku Explainer finds it.

use super::board::{Board, PEER_MASKS, PEERS, bit, digits, sees};
use super::step::{Step, Technique};
use super::subsets::size;

/// The cells a pair may rest on: two candidates or more, no peer left with
/// a single candidate (that single comes first), and the bivalue peers that
/// may exclude pairs of digits (as a mask; `PEERS` gives their order).
fn bases(board: &Board) -> Vec<(usize, u128)> {
    // The cells of one and of two candidates, as masks: each cell's peers
    // are then read in two steps rather than one by one.
    let (mut singles, mut bivalue) = (0u128, 0u128);
    for c in 0..81 {
        match size(board.candidates(c)) {
            1 => singles |= 1 << c,
            2 => bivalue |= 1 << c,
            _ => {}
        }
    }
    let mut out = Vec::new();
    for (cell, &peers) in PEER_MASKS.iter().enumerate() {
        if size(board.candidates(cell)) < 2 {
            continue;
        }
        let excluders = peers & bivalue;
        if peers & singles == 0 && excluders != 0 {
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
    let now = bases.iter().fold(0u128, |m, &(c, _)| m | 1 << c);
    let last = LAST_PAIRLESS.with(std::cell::Cell::get);
    let found = pair_search(
        board,
        &bases,
        last.map(|(old, old_bases)| changes(&old, board, old_bases, now, |n| n == 2)),
    );
    if found.is_none() {
        LAST_PAIRLESS.with(|l| l.set(Some((*board, now))));
    }
    found
}

thread_local! {
    /// The last board on which aligned pair exclusion found nothing, with
    /// its base cells.
    static LAST_PAIRLESS: std::cell::Cell<Option<(Board, u128)>> =
        const { std::cell::Cell::new(None) };
}

/// The cells whose candidates changed from `old` to `board` and that can
/// exclude (`excluder` of their number of candidates, before or after),
/// and the cells whose candidates changed plus those that became or
/// stopped being base cells.
fn changes(
    old: &Board,
    board: &Board,
    old_bases: u128,
    now: u128,
    excluder: fn(u32) -> bool,
) -> (u128, u128) {
    let mut changed = 0u128;
    let mut excluding = 0u128;
    for c in 0..81 {
        let (before, after) = (old.candidates(c), board.candidates(c));
        if before != after {
            changed |= 1 << c;
            if excluder(before.count_ones()) || excluder(after.count_ones()) {
                excluding |= 1 << c;
            }
        }
    }
    (excluding, changed | (now ^ old_bases))
}

/// Aligned pair exclusion's first step in SE's order. Whether two base
/// cells remove anything depends on their candidates, on their being
/// base cells, and on the candidates of the bivalue cells that see both:
/// with `since` (the cells changed that are or were bivalue, and the cells
/// changed plus the bases changed, since a board where nothing was found),
/// a pair where none of these changed is passed over.
// Out of line, so that it does not crowd the chain searches out of the
// optimiser's inlining in the large step search that asks for it.
#[inline(never)]
fn pair_search(
    board: &Board,
    bases: &[(usize, u128)],
    since: Option<(u128, u128)>,
) -> Option<Step> {
    let (changed, moved) = since.unwrap_or((u128::MAX, u128::MAX));
    // A pair with neither cell moved needs a changed common peer, so both
    // cells among those seeing a changed cell (`near`). As masks of indices
    // into `bases`: the pairs ruled out by this are never visited.
    let (mut moved_at, mut near_at) = (!0u128, !0u128);
    if since.is_some() {
        let mut near = 0u128;
        let mut rest = changed;
        while rest != 0 {
            near |= PEER_MASKS[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        (moved_at, near_at) = (0, 0);
        for (k, &(cell, _)) in bases.iter().enumerate() {
            moved_at |= u128::from(moved & 1 << cell != 0) << k;
            near_at |= u128::from((moved | near) & 1 << cell != 0) << k;
        }
    }
    for j in 1..bases.len() {
        let mut earlier = if moved_at & 1 << j != 0 {
            !0
        } else if near_at & 1 << j != 0 {
            near_at
        } else {
            moved_at
        } & ((1u128 << j) - 1);
        while earlier != 0 {
            let i = earlier.trailing_zeros() as usize;
            earlier &= earlier - 1;
            let both = bases[i].1 & bases[j].1;
            if both & both.wrapping_sub(1) == 0 {
                continue;
            }
            let (x, y) = (bases[i].0, bases[j].0);
            if ((1u128 << x) | (1 << y)) & moved == 0
                && PEER_MASKS[x] & PEER_MASKS[y] & changed == 0
            {
                continue;
            }
            let (a, b) = (&x, &y);
            let (ma, mb) = (board.candidates(*a), board.candidates(*b));
            // Only a common peer whose two digits the pair can take may
            // forbid it; with none, each cell (two digits or more) keeps
            // every digit.
            let mut covers = [0u16; 20];
            let mut len = 0;
            let mut rest = both;
            while rest != 0 {
                let m = board.candidates(rest.trailing_zeros() as usize);
                rest &= rest - 1;
                if m & !(ma | mb) == 0 {
                    covers[len] = m;
                    len += 1;
                }
            }
            if len == 0 {
                continue;
            }
            let covers = &covers[..len];
            let (mut ok_a, mut ok_b) = (0, 0);
            for da in digits(ma) {
                for db in digits(mb) {
                    if da == db && sees(*a, *b) {
                        continue;
                    }
                    let pair = bit(da) | bit(db);
                    if covers.iter().any(|&m| m & !pair == 0) {
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
            let common = PEERS[x].iter().filter(|&&c| both & (1 << c) != 0);
            for &c in [*a, *b].iter().chain(common) {
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

/// The cells of each cell's houses, box then row then column, each once,
/// as SE lists them.
static HOUSE_CELLS: [[usize; 20]; 81] = house_cells();

const fn house_cells() -> [[usize; 20]; 81] {
    let houses = super::board::HOUSES_CONST;
    let mut t = [[0; 20]; 81];
    let mut cell = 0;
    while cell < 81 {
        let b = super::board::box_of(cell);
        let lines = [
            18 + b,
            super::board::row_of(cell),
            9 + super::board::col_of(cell),
        ];
        let mut n = 0;
        let mut k = 0;
        while k < 3 {
            let mut i = 0;
            while i < 9 {
                let o = houses[lines[k]][i];
                // Row and column cells of the box come with the box.
                if o != cell && (k == 0 || super::board::box_of(o) != b) {
                    t[cell][n] = o;
                    n += 1;
                }
                i += 1;
            }
            k += 1;
        }
        cell += 1;
    }
    t
}

/// The place of each cell among the peers of another in `HOUSE_CELLS`
/// (`NOT_PEER` for a cell that is none).
static RANK: [[u8; 81]; 81] = rank();

const NOT_PEER: u8 = u8::MAX;

const fn rank() -> [[u8; 81]; 81] {
    let cells = house_cells();
    let mut t = [[NOT_PEER; 81]; 81];
    let mut cell = 0;
    while cell < 81 {
        let mut r = 0;
        while r < 20 {
            t[cell][cells[cell][r]] = r as u8;
            r += 1;
        }
        cell += 1;
    }
    t
}

/// Aligned Triplet Exclusion, as SE's aligned exclusion of degree three:
/// base cells with two candidates or more and no peer down to one, each
/// with its peers of two or three candidates; two base cells, then a third
/// among the peers of either that is also a base, with at least two such
/// peers common to all three. A combination of digits for the three is
/// impossible when it repeats a digit in cells that see each other or
/// covers every candidate of one of the common peers; a digit of a base
/// cell in no possible combination leaves it.
pub(super) fn aligned_triplet(board: &Board) -> Option<Step> {
    let last = LAST_EMPTY.with(std::cell::Cell::get);
    let (found, bases) = triplet_search(board, last.as_ref());
    if found.is_none() {
        LAST_EMPTY.with(|l| l.set(Some((*board, bases))));
    }
    found
}

thread_local! {
    /// The last board on which aligned triplet exclusion found nothing,
    /// with its base cells (see `triplet_search`).
    static LAST_EMPTY: std::cell::Cell<Option<(Board, u128)>> =
        const { std::cell::Cell::new(None) };
}

/// A cell a triplet may rest on: two candidates or more, no peer with a
/// single one, and a peer of two or three; with those peers as a mask.
fn base(board: &Board, cell: usize) -> Option<u128> {
    if board.candidates(cell).count_ones() < 2 {
        return None;
    }
    let mut single = false;
    let mut list = 0u128;
    for &o in &HOUSE_CELLS[cell] {
        match board.candidates(o).count_ones() {
            1 => single = true,
            2 | 3 => list |= 1 << o,
            _ => {}
        }
    }
    (!single && list != 0).then_some(list)
}

/// Aligned triplet exclusion's first step in SE's order. `last`: a board
/// on which it found nothing, and its base cells. Whether three cells
/// remove anything depends on their candidates, on whether they are base
/// cells, and on the candidates of the cells seeing all three that have,
/// or had, two or three: a set where none of these changed since `last`
/// removed nothing there, and removes nothing now. Also returns the base
/// cells of `board`.
fn triplet_search(board: &Board, last: Option<&(Board, u128)>) -> (Option<Step>, u128) {
    // The base cells, and the peers of each that may exclude (in the
    // order of `HOUSE_CELLS`, read where the order matters).
    let mut bases = [0usize; 81];
    let mut masks = [0u128; 81];
    let mut n = 0;
    for cell in 0..81 {
        if let Some(list) = base(board, cell) {
            bases[n] = cell;
            masks[n] = list;
            n += 1;
        }
    }
    let (bases, masks) = (&bases[..n], &masks[..n]);
    let now = bases.iter().fold(0u128, |m, &c| m | 1 << c);
    if n < 3 {
        return (None, now);
    }
    // The cells changed since `last` that have or had two or three
    // candidates, and every cell changed plus those that became or stopped
    // being base cells; everything when there is no `last`.
    let (changed, moved) = match last {
        Some((old, old_bases)) => changes(old, board, *old_bases, now, |n| n == 2 || n == 3),
        None => (u128::MAX, u128::MAX),
    };
    let mut base_of = [usize::MAX; 81];
    for (k, &b) in bases.iter().enumerate() {
        base_of[b] = k;
    }
    // The same three cells come up again from another of their pairs;
    // whether they remove anything does not depend on their order, so a
    // set that removed nothing is not tried again.
    let mut tried = vec![0u64; (n * n * n).div_ceil(64)];
    // Each base's peers that are bases themselves: the candidates for the
    // third cell.
    let mut third_masks = [0u128; 81];
    for (t, &m) in third_masks.iter_mut().zip(masks) {
        *t = m & now;
    }
    for j in 1..n {
        for i in 0..j {
            // The common peers of the three lie among those of the two.
            let pair_common = masks[i] & masks[j];
            if pair_common.count_ones() < 2 {
                continue;
            }
            // Every set of the pair unchanged since `last` (see below).
            let (x, y) = (bases[i], bases[j]);
            let pair = (1u128 << x) | (1 << y);
            let pair_changed = PEER_MASKS[x] & PEER_MASKS[y] & changed;
            if (pair | third_masks[i] | third_masks[j]) & moved == 0 && pair_changed == 0 {
                continue;
            }
            // The thirds that make a set with something changed: any when
            // the pair itself moved, else one that moved or sees a changed
            // cell seeing both.
            let open = if pair & moved != 0 {
                u128::MAX
            } else {
                let mut open = moved;
                let mut rest = pair_changed;
                while rest != 0 {
                    open |= PEER_MASKS[rest.trailing_zeros() as usize];
                    rest &= rest - 1;
                }
                open
            };
            // The third cell: a base among the peers of either, in SE's
            // order (the first's peers, then the second's), each where it
            // comes first: bit `r` of `order` for rank `r` among the
            // first's peers, `20 + r` among the second's.
            let mut left = (third_masks[i] | third_masks[j]) & open & !pair;
            let mut order = 0u64;
            while left != 0 {
                let t = left.trailing_zeros() as usize;
                left &= left - 1;
                order |= match RANK[x][t] {
                    NOT_PEER => 1 << (20 + RANK[y][t]),
                    r => 1 << r,
                };
            }
            while order != 0 {
                let r = order.trailing_zeros() as usize;
                order &= order - 1;
                let t = if r < 20 {
                    HOUSE_CELLS[x][r]
                } else {
                    HOUSE_CELLS[y][r - 20]
                };
                let k = base_of[t];
                let common_mask = pair_common & masks[k];
                if common_mask.count_ones() < 2 {
                    continue;
                }
                let mut set = [i, j, k];
                set.sort_unstable();
                let key = (set[0] * n + set[1]) * n + set[2];
                if tried[key / 64] & (1 << (key % 64)) != 0 {
                    continue;
                }
                tried[key / 64] |= 1 << (key % 64);
                let cells = [bases[i], bases[j], t];
                if let Some(step) = exclude(board, cells, common_mask, &HOUSE_CELLS[x]) {
                    return (Some(step), now);
                }
            }
        }
    }
    (None, now)
}

/// The digits of three base cells that fit no allowed combination, with
/// `common` the peers seeing all three (listed in the order of `order`).
fn exclude(board: &Board, cells: [usize; 3], common: u128, order: &[usize]) -> Option<Step> {
    let masks = cells.map(|c| board.candidates(c));
    // A common peer with a digit none of the three holds never has all its
    // digits taken: only the others can forbid a combination.
    let all = masks[0] | masks[1] | masks[2];
    let mut covers = [0u16; 20];
    let mut len = 0;
    let mut rest = common;
    while rest != 0 {
        let m = board.candidates(rest.trailing_zeros() as usize);
        rest &= rest - 1;
        if m & !all == 0 {
            covers[len] = m;
            len += 1;
        }
    }
    let covers = &covers[..len];
    let sees_pair = [
        sees(cells[0], cells[1]),
        sees(cells[0], cells[2]),
        sees(cells[1], cells[2]),
    ];
    let mut ok = [0u16; 3];
    'all: for a in digits(masks[0]) {
        for b in digits(masks[1]) {
            if a == b && sees_pair[0] {
                continue;
            }
            // The third digits that complete an allowed combination, all
            // at once: a common peer whose digits lie within a, b and c
            // forbids c when it has one digit besides a and b, every c
            // when it has none.
            let ab = bit(a) | bit(b);
            let mut third = masks[2];
            if sees_pair[1] {
                third &= !bit(a);
            }
            if sees_pair[2] {
                third &= !bit(b);
            }
            for &m in covers {
                let rest = m & !ab;
                if rest & (rest.wrapping_sub(1)) == 0 {
                    third &= !rest;
                    if rest == 0 {
                        third = 0;
                    }
                }
            }
            if third != 0 {
                ok[0] |= bit(a);
                ok[1] |= bit(b);
                ok[2] |= third;
                // Once every digit fits some combination nothing goes.
                if ok[0] == masks[0] && ok[1] == masks[1] && ok[2] == masks[2] {
                    break 'all;
                }
            }
        }
    }
    let mut eliminations = Vec::new();
    for x in 0..3 {
        eliminations.extend(digits(masks[x] & !ok[x]).map(|d| (cells[x], d)));
    }
    if eliminations.is_empty() {
        return None;
    }
    eliminations.sort_unstable();
    let mut pattern = Vec::new();
    let common = order.iter().filter(|&&o| common & (1 << o) != 0);
    for &c in cells.iter().chain(common) {
        pattern.extend(digits(board.candidates(c)).map(|d| (c, d)));
    }
    Some(Step {
        technique: Technique::AlignedTripletExclusion,
        placements: Vec::new(),
        eliminations,
        pattern,
        houses: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::{HOUSE_CELLS, NOT_PEER, RANK};

    /// The ranks put the peers of two cells in the order of the first's
    /// list then the second's, each where it comes first.
    #[test]
    fn ranks_follow_the_lists() {
        for x in 0..81 {
            for y in 0..81 {
                let mut listed: Vec<usize> = Vec::new();
                for &t in HOUSE_CELLS[x].iter().chain(&HOUSE_CELLS[y]) {
                    if t != x && t != y && !listed.contains(&t) {
                        listed.push(t);
                    }
                }
                let mut ranked: Vec<(usize, usize)> = listed
                    .iter()
                    .map(|&t| match RANK[x][t] {
                        NOT_PEER => (20 + usize::from(RANK[y][t]), t),
                        r => (usize::from(r), t),
                    })
                    .collect();
                ranked.sort_unstable();
                let by_rank: Vec<usize> = ranked.into_iter().map(|(_, t)| t).collect();
                assert_eq!(by_rank, listed, "{x} {y}");
            }
        }
    }
}
