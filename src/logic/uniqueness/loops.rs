//! Unique rectangles and loops. Cells that all hold the same two candidates
//! {a,b}, linked in a loop where every house holds exactly two of them, one
//! at an odd place and one at an even place, could swap a and b and the
//! puzzle would have two solutions. So some cell of the loop holds another
//! digit, and what follows depends on the cells with more candidates:
//! type 1, one such cell: it is neither a nor b; type 2, all of them share
//! one more digit x: x leaves every cell that sees them all; type 3, two
//! such cells in one house act as one cell with their extra digits, which
//! with other cells of the house forms a naked (or, with a and b, a
//! hidden) subset; type 4, two such cells share a house where a has no
//! other place: one of them is a, so neither is b.

use super::super::board::{
    ALL_DIGITS, Board, Digits, HOUSE_MASKS, HOUSES, House, PEERS, bit, box_of, col_of, digits,
    row_of,
};
use super::super::step::{Step, Technique};
use super::loop_type;

/// The houses of a cell in SE's order of region kinds: box, row, column.
fn regions(cell: usize) -> [usize; 3] {
    [18 + box_of(cell), row_of(cell), 9 + col_of(cell)]
}

/// The step SE takes among every unique-loop hint on `board` (or, with a
/// technique, the first of that type).
pub(in crate::logic) fn unique_loop(board: &Board, wanted: Option<Technique>) -> Option<Step> {
    let mut hints: Vec<(f64, u8, Step)> = Vec::new();
    // The cells each pair of digits may loop through, per pair met.
    let mut pairs: Vec<(Digits, u128, u128)> = Vec::new();
    let mut met = Vec::new();
    for start in 0..81 {
        let ab = board.candidates(start);
        if board.value(start) != 0 || ab.count_ones() != 2 {
            continue;
        }
        let (with_ab, loopable) = match pairs.iter().find(|p| p.0 == ab) {
            Some(&(_, with_ab, loopable)) => (with_ab, loopable),
            None => {
                let mut ds = digits(ab);
                let (a, b) = (ds.next().unwrap_or(1), ds.next().unwrap_or(1));
                let with_ab = board.cells_with(a) & board.cells_with(b);
                let loopable = loopable(with_ab);
                pairs.push((ab, with_ab, loopable));
                (with_ab, loopable)
            }
        };
        if loopable & (1 << start) == 0 {
            continue;
        }
        let mut search = Search {
            board,
            ab,
            with_ab,
            loopable,
            path: Vec::new(),
            in_path: 0,
            links: Vec::new(),
            parity: [0; 27],
            wanted,
            hints: &mut hints,
            met: &mut met,
        };
        search.extend(start, 2, 0, None);
    }
    // Lowest rating, then lowest type; among equals the first found (a
    // stable sort), as SE orders its loop hints.
    hints.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    hints.into_iter().next().map(|(_, _, step)| step)
}

/// The cells of `with_ab` that may lie on a valid loop: each of the box,
/// row and column of a loop cell holds another loop cell, so a cell alone
/// in one of its houses is dropped, until no more is.
fn loopable(with_ab: u128) -> u128 {
    let mut cells = with_ab;
    loop {
        let mut alone = 0u128;
        for mask in HOUSE_MASKS {
            let here = cells & mask;
            if here != 0 && here & (here - 1) == 0 {
                alone |= here;
            }
        }
        if alone == 0 {
            return cells;
        }
        cells &= !alone;
    }
}

/// SE's rating of a loop step: 4.5, plus 0.1 for a loop of six or seven
/// cells, 0.2 for eight or nine, 0.5 from ten; for type 3 plus 0.1 per cell
/// of the subset outside the loop (one less for a hidden subset).
pub(in crate::logic) fn loop_rating(step: &Step) -> f64 {
    let with_region = matches!(
        step.technique,
        Technique::UniqueRectangle3
            | Technique::UniqueRectangle3Hidden
            | Technique::UniqueRectangle4
    );
    let len = step.houses.len() - usize::from(with_region);
    let subset = step.pattern_cells().len().saturating_sub(len);
    let mut rating = 4.5;
    if len >= 10 {
        rating += 0.3;
    }
    if len >= 8 {
        rating += 0.2;
    } else if len >= 6 {
        rating += 0.1;
    }
    match step.technique {
        Technique::UniqueRectangle3 => rating + subset as f64 * 0.1,
        Technique::UniqueRectangle3Hidden => rating + subset.saturating_sub(1) as f64 * 0.1,
        _ => rating,
    }
}

/// The number of cells of a loop step's loop.
pub(in crate::logic) fn loop_len(step: &Step) -> usize {
    let with_region = matches!(
        step.technique,
        Technique::UniqueRectangle3
            | Technique::UniqueRectangle3Hidden
            | Technique::UniqueRectangle4
    );
    step.houses.len() - usize::from(with_region)
}

/// A depth-first walk from a bivalue cell through cells holding both of
/// its digits, changing the kind of house at every link, as SE walks.
struct Search<'a> {
    board: &'a Board,
    ab: Digits,
    /// The cells holding both digits, and those of them that may be on a
    /// valid loop (see `loopable`).
    with_ab: u128,
    loopable: u128,
    path: Vec<usize>,
    in_path: u128,
    /// The house of each link taken so far.
    links: Vec<usize>,
    /// Per house, the parities (bit 0 even, bit 1 odd) of the loop cells in
    /// it: a house with two cells of one parity can never close validly,
    /// so such paths are not walked further. That prunes only paths that
    /// could not give a loop; the loops found, and their order, are SE's.
    parity: [u8; 27],
    wanted: Option<Technique>,
    /// The hints found, each once, in SE's order of finding them.
    hints: &'a mut Vec<(f64, u8, Step)>,
    /// The loops whose hints were made (see `add_hints`).
    met: &'a mut Vec<(u128, u32, u128, usize)>,
}

impl Search<'_> {
    fn extend(&mut self, cell: usize, allowed_extra: u8, extra: Digits, last_kind: Option<usize>) {
        let parity = 1u8 << (self.path.len() % 2);
        self.path.push(cell);
        self.in_path |= 1 << cell;
        for h in regions(cell) {
            self.parity[h] |= parity;
        }
        let next_parity = 1u8 << (self.path.len() % 2);
        let start = self.path[0];
        // Back at the start closes a loop of four cells or more.
        let closing = if self.path.len() >= 4 {
            1u128 << start
        } else {
            0
        };
        // SE widens the extra digits with every candidate cell it looks at,
        // kept or not; the same happens here so the same paths are walked.
        let mut extra = extra;
        for (kind, &h) in regions(cell).iter().enumerate() {
            if last_kind == Some(kind) {
                continue;
            }
            // The house's cells in its order (increasing), as SE looks at them.
            let mut open = HOUSE_MASKS[h] & ((self.with_ab & !self.in_path) | closing);
            while open != 0 {
                let next = open.trailing_zeros() as usize;
                open &= open - 1;
                if next == start {
                    if valid_loop(&self.path) {
                        self.links.push(h);
                        self.add_hints();
                        self.links.pop();
                    }
                    continue;
                }
                let candidates = self.board.candidates(next);
                extra |= candidates & !self.ab;
                let count = candidates.count_ones();
                if !(count == 2 || extra.count_ones() == 1 || allowed_extra > 0) {
                    continue;
                }
                // A walk through a cell on no valid loop closes none.
                if self.loopable & (1 << next) == 0 {
                    continue;
                }
                if regions(next)
                    .iter()
                    .any(|&r| self.parity[r] & next_parity != 0)
                {
                    continue;
                }
                self.links.push(h);
                self.extend(
                    next,
                    allowed_extra.saturating_sub(u8::from(count > 2)),
                    extra,
                    Some(kind),
                );
                self.links.pop();
            }
        }
        self.path.pop();
        self.in_path &= !(1 << cell);
        self.clear_parity(cell, parity);
    }

    fn clear_parity(&mut self, cell: usize, parity: u8) {
        for h in regions(cell) {
            self.parity[h] &= !parity;
        }
    }

    /// The hints of the loop on `path` closed by `links`, each kept once.
    /// They depend on the loop's cells and houses and on its cells with
    /// extra digits, the first of them met: a loop met again from another
    /// start or way round with the same first extra cell gives only hints
    /// already kept, and is passed over.
    fn add_hints(&mut self) {
        let extras = self
            .path
            .iter()
            .filter(|&&c| self.board.candidates(c) != self.ab)
            .fold(0u128, |m, &c| m | 1 << c);
        let Some(&first) = self
            .path
            .iter()
            .find(|&&c| self.board.candidates(c) != self.ab)
        else {
            // Without extra digits a loop gives no hint.
            return;
        };
        let links = self.links.iter().fold(0u32, |m, &h| m | 1 << h);
        let key = (self.in_path, links, extras, first);
        if self.met.contains(&key) {
            return;
        }
        self.met.push(key);
        for step in loop_steps(self.board, self.ab, &self.path, &self.links) {
            if self.wanted.is_some_and(|t| t != step.technique) || step.eliminations.is_empty() {
                continue;
            }
            if !self.hints.iter().any(|(_, _, s)| *s == step) {
                let kind = loop_type(step.technique).unwrap_or(0);
                self.hints.push((loop_rating(&step), kind, step));
            }
        }
    }
}

/// Every house a loop cell is in holds exactly two loop cells, one at an
/// even place and one at an odd place: then swapping a and b round the
/// loop leaves every house with one a and one b.
fn valid_loop(path: &[usize]) -> bool {
    let mut seen = [[false; 27]; 2];
    for (i, &cell) in path.iter().enumerate() {
        for h in regions(cell) {
            if seen[i % 2][h] {
                return false;
            }
            seen[i % 2][h] = true;
        }
    }
    seen[0] == seen[1]
}

/// The hints one loop gives, in SE's order of making them.
fn loop_steps(board: &Board, ab: Digits, path: &[usize], links: &[usize]) -> Vec<Step> {
    let mut cells = path.to_vec();
    cells.sort_unstable();
    let mut houses: Vec<House> = links.iter().map(|&h| House::from_index(h)).collect();
    houses.sort();
    let pattern: Vec<(usize, u8)> = cells
        .iter()
        .flat_map(|&c| digits(ab).map(move |d| (c, d)))
        .collect();
    let step =
        |technique, eliminations: Vec<(usize, u8)>, more: &[(usize, u8)], region: Option<usize>| {
            let mut eliminations = eliminations;
            eliminations.sort_unstable();
            eliminations.dedup();
            let mut houses = houses.clone();
            houses.extend(region.map(House::from_index));
            let mut pattern = pattern.clone();
            pattern.extend_from_slice(more);
            Step {
                technique,
                placements: Vec::new(),
                eliminations,
                pattern,
                houses,
            }
        };
    let extras: Vec<usize> = path
        .iter()
        .copied()
        .filter(|&c| board.candidates(c).count_ones() > 2)
        .collect();
    let mut steps = Vec::new();
    match extras.as_slice() {
        [] => {}
        &[cell] => {
            let eliminations = digits(ab).map(|d| (cell, d)).collect();
            steps.push(step(Technique::UniqueRectangle1, eliminations, &[], None));
        }
        &[c1, c2] => {
            let extra = (board.candidates(c1) | board.candidates(c2)) & !ab;
            if extra.count_ones() == 1 {
                let eliminations = type_2(board, ab, &extras);
                steps.push(step(Technique::UniqueRectangle2, eliminations, &[], None));
            } else {
                for (technique, eliminations, more, region) in type_3(board, ab, c1, c2) {
                    steps.push(step(technique, eliminations, &more, Some(region)));
                }
            }
            if let Some((eliminations, region)) = type_4(board, ab, c1, c2) {
                steps.push(step(
                    Technique::UniqueRectangle4,
                    eliminations,
                    &[],
                    Some(region),
                ));
            }
        }
        _ => {
            let eliminations = type_2(board, ab, &extras);
            steps.push(step(Technique::UniqueRectangle2, eliminations, &[], None));
        }
    }
    steps
}

/// The extra digit of the first extra cell leaves every cell that sees all
/// of them.
fn type_2(board: &Board, ab: Digits, extras: &[usize]) -> Vec<(usize, u8)> {
    let Some(&first) = extras.first() else {
        return Vec::new();
    };
    let Some(x) = digits(board.candidates(first) & !ab).next() else {
        return Vec::new();
    };
    PEERS[first]
        .iter()
        .copied()
        .filter(|&c| !extras.contains(&c) && board.has(c, x))
        .filter(|&c| extras.iter().all(|&e| PEERS[e].contains(&c)))
        .map(|c| (c, x))
        .collect()
}

type Type3 = (Technique, Vec<(usize, u8)>, Vec<(usize, u8)>, usize);

/// Naked and hidden subsets with the two extra cells as one cell, in every
/// house both are in, by growing size (SE tries up to seven).
fn type_3(board: &Board, ab: Digits, c1: usize, c2: usize) -> Vec<Type3> {
    let mut found = Vec::new();
    let extra = (board.candidates(c1) | board.candidates(c2)) & !ab;
    let extra_count = extra.count_ones() as usize;
    // One extra digit is type 2; the subset needs two.
    if extra_count <= 1 {
        return found;
    }
    let rest = ALL_DIGITS & !ab & !extra;
    let mut houses = Vec::new();
    for (kind, &h) in regions(c1).iter().enumerate() {
        if regions(c2)[kind] != h {
            continue;
        }
        let house = &HOUSES[h];
        let (Some(i1), Some(i2)) = (
            house.iter().position(|&c| c == c1),
            house.iter().position(|&c| c == c2),
        ) else {
            continue;
        };
        // Cells down to one candidate make no subset: only the others
        // are combined with the first extra cell.
        let others = (0..9)
            .filter(|&i| i != i1 && i != i2 && board.candidates(house[i]).count_ones() > 1)
            .fold(0u16, |m, i| m | 1 << i);
        // The places of each digit in the house but the second extra cell.
        let mut places = [0u16; 9];
        for (d, p) in (1..=9).zip(places.iter_mut()) {
            *p = board.positions(h, d) & !(1 << i2);
        }
        let usable = (1..=9)
            .filter(|&d| places[usize::from(d) - 1] != 0)
            .fold(0, |m, d| m | bit(d));
        houses.push((h, i1, board.empty_in(h), others, places, usable));
    }
    for degree in extra_count..=7 {
        for &(h, i1, empty, others, places, usable) in &houses {
            if degree * 2 <= empty {
                for combo in subsets_of(others, degree - 1) {
                    if let Some(hint) = naked(board, extra, c1, c2, h, combo, degree) {
                        found.push(hint);
                    }
                }
            }
            if degree * 2 < empty {
                // A digit with no place left makes no hidden subset.
                if ab & !usable != 0 {
                    continue;
                }
                for chosen in subsets_of(rest & usable, degree - 2) {
                    let values = ab | chosen;
                    if let Some(hint) = hidden(board, values, i1, h, &places, degree) {
                        found.push(hint);
                    }
                }
            }
        }
    }
    found
}

/// The cells at `combo` in house `h` with the two extra cells (seen as one
/// holding `extra`) make a naked subset of `degree` digits.
fn naked(
    board: &Board,
    extra: Digits,
    c1: usize,
    c2: usize,
    h: usize,
    combo: u16,
    degree: usize,
) -> Option<Type3> {
    let house = &HOUSES[h];
    let in_combo = |i: usize| combo & (1 << i) != 0;
    let digits_of_combo = (0..9)
        .filter(|&i| in_combo(i))
        .fold(0, |m, i| m | board.candidates(house[i]));
    let checked = (extra & board.candidates(c1) & board.candidates(c2)) | digits_of_combo;
    let union = extra | digits_of_combo;
    if checked.count_ones() as usize != degree || union.count_ones() as usize != degree {
        return None;
    }
    let eliminations = (0..9)
        .filter(|&i| house[i] != c1 && house[i] != c2 && !in_combo(i))
        .flat_map(|i| digits(board.candidates(house[i]) & union).map(move |d| (house[i], d)))
        .collect();
    let more = (0..9)
        .filter(|&i| in_combo(i))
        .flat_map(|i| digits(board.candidates(house[i])).map(move |d| (house[i], d)))
        .collect();
    Some((Technique::UniqueRectangle3, eliminations, more, h))
}

/// The digits `values` (the loop's two and `degree - 2` more) have
/// `degree` places in house `h` with the two extra cells as one.
fn hidden(
    board: &Board,
    values: Digits,
    i1: usize,
    h: usize,
    places: &[u16; 9],
    degree: usize,
) -> Option<Type3> {
    let mut union = 0u16;
    for d in digits(values) {
        let here = places[usize::from(d) - 1];
        if here == 0 {
            return None;
        }
        union |= here;
    }
    if union.count_ones() as usize != degree {
        return None;
    }
    let cells: Vec<usize> = (0..9)
        .filter(|&i| union & (1 << i) != 0 && i != i1)
        .map(|i| HOUSES[h][i])
        .collect();
    let eliminations = cells
        .iter()
        .flat_map(|&c| digits(board.candidates(c) & !values).map(move |d| (c, d)))
        .collect();
    let more = cells
        .iter()
        .flat_map(|&c| digits(board.candidates(c) & values).map(move |d| (c, d)))
        .collect();
    Some((Technique::UniqueRectangle3Hidden, eliminations, more, h))
}

/// In a house both extra cells share where one of the loop's digits has no
/// other place, the other digit leaves both. SE keeps the last such house
/// for the first digit, else for the second.
fn type_4(board: &Board, ab: Digits, c1: usize, c2: usize) -> Option<(Vec<(usize, u8)>, usize)> {
    let mut ds = digits(ab);
    let (a, b) = (ds.next()?, ds.next()?);
    let mut lock_a = None;
    let mut lock_b = None;
    for (kind, &h) in regions(c1).iter().enumerate() {
        if regions(c2)[kind] != h {
            continue;
        }
        let elsewhere = |d: u8| {
            HOUSES[h]
                .iter()
                .any(|&c| c != c1 && c != c2 && board.has(c, d))
        };
        if !elsewhere(a) {
            lock_a = Some(h);
        }
        if !elsewhere(b) {
            lock_b = Some(h);
        }
    }
    let (remove, region) = match (lock_a, lock_b) {
        (Some(h), _) => (b, h),
        (None, Some(h)) => (a, h),
        (None, None) => return None,
    };
    Some((vec![(c1, remove), (c2, remove)], region))
}

/// Every `k`-subset of the bits of `set`, in increasing order of mask.
fn subsets_of(set: u16, k: usize) -> impl Iterator<Item = u16> {
    let mut places = [0u32; 16];
    let mut n = 0;
    for i in 0..16 {
        if set & (1 << i) != 0 {
            places[n] = i;
            n += 1;
        }
    }
    // Gosper's next k-subset of 0..n, each spread onto the bits of `set`
    // (which keeps the order).
    let mut next = (k <= n).then_some((1u32 << k) - 1);
    std::iter::from_fn(move || {
        let c = next?;
        next = if c == 0 {
            None
        } else {
            let low = c & c.wrapping_neg();
            let up = c + low;
            let following = (((up ^ c) >> 2) / low) | up;
            (following < 1 << n).then_some(following)
        };
        Some(
            places[..n]
                .iter()
                .enumerate()
                .filter(|&(i, _)| c & (1 << i) != 0)
                .fold(0u16, |m, (_, &p)| m | 1 << p),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::subsets_of;

    #[test]
    fn subsets_are_those_of_the_set_in_order() {
        for set in [0u16, 1, 0b1_0110_1101, 0x1FF, 0b0100_0010] {
            for k in 0..=10 {
                let all: Vec<u16> = (0u16..512)
                    .filter(|&m| m & !set == 0 && m.count_ones() as usize == k)
                    .collect();
                assert_eq!(subsets_of(set, k).collect::<Vec<_>>(), all, "{set:b} {k}");
            }
        }
    }
}
