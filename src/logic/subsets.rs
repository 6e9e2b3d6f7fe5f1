//! Subsets: naked and hidden pairs, triples and quads, and SE's direct
//! hidden pair and triple that go on to a hidden single.

use super::board::{Board, Digits, HOUSES, House, digits};
use super::step::{Step, Technique};

/// Houses in the order SE scans them for subsets: boxes, columns, rows.
/// Only the choice between steps of equal rating depends on it.
const SCAN: [usize; 27] = {
    let mut order = [0; 27];
    let mut i = 0;
    while i < 27 {
        order[i] = if i < 9 {
            18 + i
        } else if i < 18 {
            i
        } else {
            i - 18
        };
        i += 1;
    }
    order
};

/// The number of bits of each 9-bit mask. The baseline target counts bits
/// in a dozen instructions; the simple techniques count candidates and
/// places of every cell and house at every step.
static SIZES: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = (m as u16).count_ones() as u8;
        m += 1;
    }
    t
};

/// The number of digits (or positions) in a 9-bit mask.
#[inline]
pub(super) fn size(mask: u16) -> u32 {
    u32::from(SIZES[usize::from(mask & 0x1FF)])
}

/// Calls `found` on each set of `n` members of `allowed` (a 9-bit mask)
/// whose `parts` together have exactly `n` bits, with that union, in
/// increasing order of the set as a mask, until it gives something. A set
/// is built from its highest member down, and one whose union already has
/// more than `n` bits is dropped before it is complete: most are.
pub(super) fn within<T>(
    allowed: u16,
    n: u32,
    parts: &[u16; 9],
    found: &mut impl FnMut(u16, u16) -> Option<T>,
) -> Option<T> {
    extend(allowed, n, 0, 0, n, parts, found)
}

/// [`within`] with `chosen` taken above `allowed`, their parts' union
/// `union`, and `need` members still to choose.
fn extend<T>(
    allowed: u16,
    need: u32,
    chosen: u16,
    union: u16,
    n: u32,
    parts: &[u16; 9],
    found: &mut impl FnMut(u16, u16) -> Option<T>,
) -> Option<T> {
    if need == 0 {
        return if size(union) == n {
            found(chosen, union)
        } else {
            None
        };
    }
    let mut rest = allowed;
    while rest != 0 {
        let top = rest.trailing_zeros();
        rest &= rest - 1;
        let below = allowed & ((1 << top) - 1);
        if size(below) + 1 < need {
            continue;
        }
        let joined = union | parts[top as usize];
        if size(joined) > n {
            continue;
        }
        if let Some(x) = extend(below, need - 1, chosen | 1 << top, joined, n, parts, found) {
            return Some(x);
        }
    }
    None
}

/// `n` cells of a house whose candidates together are `n` digits: those
/// digits leave the house's other cells.
pub(super) fn naked(board: &Board, technique: Technique) -> Option<Step> {
    let n = match technique {
        Technique::NakedPair => 2,
        Technique::NakedTriple => 3,
        _ => 4,
    };
    by_house(board, (n - 2) as usize, |h| {
        naked_in(board, h, n, technique)
    })
}

/// Naked subsets of `n` cells in house `h`.
fn naked_in(board: &Board, h: usize, n: u32, technique: Technique) -> Option<Step> {
    let cells = &HOUSES[h];
    let empty = (0..9)
        .filter(|&i| board.value(cells[i]) == 0)
        .fold(0u16, |m, i| m | 1 << i);
    if size(empty) <= n {
        return None;
    }
    // A cell of the subset holds two to n candidates.
    let candidates: [Digits; 9] = std::array::from_fn(|i| board.candidates(cells[i]));
    let fitting = (0..9)
        .filter(|&i| (2..=n).contains(&size(candidates[i])))
        .fold(0u16, |m, i| m | 1 << i);
    within(fitting, n, &candidates, &mut |combo, union| {
        let mut eliminations = Vec::new();
        for i in (0..9).filter(|&i| combo & (1 << i) == 0) {
            for d in digits(candidates[i] & union) {
                eliminations.push((cells[i], d));
            }
        }
        if eliminations.is_empty() {
            return None;
        }
        Some(Step {
            technique,
            placements: Vec::new(),
            eliminations,
            pattern: pattern(board, cells, combo, union),
            houses: vec![House::from_index(h)],
        })
    })
}

/// `n` digits of a house whose places together are `n` cells: those cells
/// lose their other candidates. The direct forms keep only a subset whose
/// eliminations leave another digit one place in the house, and place it.
pub(super) fn hidden(board: &Board, technique: Technique) -> Option<Step> {
    let (n, direct, variant) = match technique {
        Technique::HiddenPair => (2, false, 3),
        Technique::HiddenTriple => (3, false, 4),
        Technique::HiddenQuad => (4, false, 5),
        Technique::DirectHiddenPair => (2, true, 6),
        _ => (3, true, 7),
    };
    by_house(board, variant, |h| {
        hidden_in(board, h, n, direct, technique)
    })
}

/// Hidden subsets of `n` digits in house `h`.
fn hidden_in(board: &Board, h: usize, n: u32, direct: bool, technique: Technique) -> Option<Step> {
    let cells = &HOUSES[h];
    let empty = board.empty_in(h) as u32;
    // With 2n empty cells or fewer the other cells form a naked subset
    // of n or fewer, rated lower: SE leaves those to it.
    if empty <= if direct { n } else { 2 * n } {
        return None;
    }
    // Each digit's places in the house, in one pass over its cells rather
    // than one per digit: this runs at most steps, for every house.
    let mut places = [0u16; 9];
    for (i, &c) in cells.iter().enumerate() {
        for d in digits(board.candidates(c)) {
            places[usize::from(d - 1)] |= 1 << i;
        }
    }
    // A digit of the subset has one to n places.
    let fitting = (0..9)
        .filter(|&i| (1..=n).contains(&size(places[i])))
        .fold(0u16, |m, i| m | 1 << i);
    // Every digit of `fitting` has a place: a set of them covering `n`
    // places is a subset.
    within(fitting, n, &places, &mut |combo, union| {
        // Whether it removes anything, and the direct forms' single, before
        // anything is built: most subsets do neither, and they should cost
        // no allocation.
        let removes = (0..9)
            .filter(|&i| union & (1 << i) != 0)
            .any(|i| board.candidates(cells[i]) & !combo != 0);
        if !removes {
            return None;
        }
        let mut placements = Vec::new();
        if direct {
            let single = (1..=9u8).find_map(|d| {
                let p = places[usize::from(d - 1)];
                let left = p & !union;
                (combo & (1 << (d - 1)) == 0 && p.count_ones() > 1 && left.count_ones() == 1)
                    .then(|| (cells[left.trailing_zeros() as usize], d))
            });
            let single = single?;
            placements.push(single);
        }
        let mut eliminations = Vec::new();
        for i in (0..9).filter(|&i| union & (1 << i) != 0) {
            for d in digits(board.candidates(cells[i]) & !combo) {
                eliminations.push((cells[i], d));
            }
        }
        let mut houses = vec![House::from_index(h)];
        if direct {
            houses.push(House::from_index(h));
        }
        Some(Step {
            technique,
            placements,
            eliminations,
            pattern: pattern(board, cells, union, combo),
            houses,
        })
    })
}

/// The kinds of subset searched house by house: naked of two, three,
/// four cells, hidden of two, three, four digits, direct hidden of two,
/// three.
const VARIANTS: usize = 8;

/// A house as a subset search reads it: its cells' candidates and which
/// are empty.
type HouseKey = [u16; 10];

fn house_key(board: &Board, h: usize) -> HouseKey {
    let mut key = [0u16; 10];
    for (i, &c) in HOUSES[h].iter().enumerate() {
        key[i] = board.candidates(c);
        if board.value(c) == 0 {
            key[9] |= 1 << i;
        }
    }
    key
}

/// What the subset searches remember between calls.
struct Memory {
    /// The board the keys were read from, and its 27 house keys: the
    /// solver asks the eight kinds in turn of one board.
    board: Option<Board>,
    keys: [HouseKey; 27],
    /// Per kind of subset and house, the house as it was the last time it
    /// held no subset of that kind.
    barren: [[Option<HouseKey>; 27]; VARIANTS],
}

thread_local! {
    static MEMORY: std::cell::RefCell<Memory> = const {
        std::cell::RefCell::new(Memory {
            board: None,
            keys: [[0; 10]; 27],
            barren: [[None; 27]; VARIANTS],
        })
    };
}

/// The first step `find` gives over the houses in SE's order. A subset
/// search reads nothing outside its house, so a house that held none of
/// `variant` and has not changed since holds none now and is passed over.
fn by_house(board: &Board, variant: usize, find: impl Fn(usize) -> Option<Step>) -> Option<Step> {
    MEMORY.with(|cell| {
        let Ok(mut memory) = cell.try_borrow_mut() else {
            return SCAN.iter().find_map(|&h| find(h));
        };
        let memory = &mut *memory;
        if memory.board.as_ref() != Some(board) {
            memory.board = Some(*board);
            for (h, key) in memory.keys.iter_mut().enumerate() {
                *key = house_key(board, h);
            }
        }
        for h in SCAN {
            let key = memory.keys[h];
            if memory.barren[variant][h] == Some(key) {
                continue;
            }
            match find(h) {
                Some(step) => return Some(step),
                None => memory.barren[variant][h] = Some(key),
            }
        }
        None
    })
}

/// The candidates among `digits_mask` of the house cells in `positions`.
fn pattern(
    board: &Board,
    cells: &[usize; 9],
    positions: u16,
    digits_mask: Digits,
) -> Vec<(usize, u8)> {
    let mut out = Vec::new();
    for i in (0..9).filter(|&i| positions & (1 << i) != 0) {
        for d in digits(board.candidates(cells[i]) & digits_mask) {
            out.push((cells[i], d));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{size, within};

    /// The 9-bit masks with `n` bits set, in increasing order.
    fn combinations(n: u32) -> impl Iterator<Item = u16> {
        (0..512u16).filter(move |m| m.count_ones() == n)
    }

    #[test]
    fn sets_built_downward_are_the_combinations_that_fit() {
        // A small generator: the parts of many houses, dense and sparse.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut found = 0;
        for _ in 0..3000 {
            let r = next();
            let parts: [u16; 9] = std::array::from_fn(|i| {
                let m = (r >> (7 * i)) as u16 & 0x1FF;
                if i % 2 == 0 { m & (next() as u16) } else { m }
            });
            let allowed = next() as u16 & 0x1FF;
            for n in 2..=4 {
                let mut fast = Vec::new();
                within::<()>(allowed, n, &parts, &mut |set, union| {
                    fast.push((set, union));
                    None
                });
                let plain: Vec<(u16, u16)> = combinations(n)
                    .filter(|&c| c & !allowed == 0)
                    .map(|c| {
                        (
                            c,
                            (0..9)
                                .filter(|&i| c & (1 << i) != 0)
                                .fold(0, |m, i| m | parts[i]),
                        )
                    })
                    .filter(|&(_, union)| size(union) == n)
                    .collect();
                found += plain.len();
                assert_eq!(fast, plain);
            }
        }
        assert!(found > 1000, "{found}");
    }
}
