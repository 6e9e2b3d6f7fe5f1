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
    ALL_DIGITS, Board, Digits, HOUSES, House, PEERS, bit, box_of, col_of, digits, row_of,
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
    for start in 0..81 {
        let ab = board.candidates(start);
        if board.value(start) != 0 || ab.count_ones() != 2 {
            continue;
        }
        let mut search = Search {
            board,
            ab,
            path: Vec::new(),
            links: Vec::new(),
            parity: [0; 27],
            found: Vec::new(),
        };
        search.extend(start, 2, 0, None);
        for (cells, links) in search.found {
            for step in loop_steps(board, ab, &cells, &links) {
                if wanted.is_some_and(|t| t != step.technique) || step.eliminations.is_empty() {
                    continue;
                }
                if !hints.iter().any(|(_, _, s)| *s == step) {
                    let kind = loop_type(step.technique).unwrap_or(0);
                    hints.push((loop_rating(&step), kind, step));
                }
            }
        }
    }
    // Lowest rating, then lowest type; among equals the first found (a
    // stable sort), as SE orders its loop hints.
    hints.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    hints.into_iter().next().map(|(_, _, step)| step)
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
    path: Vec<usize>,
    /// The house of each link taken so far.
    links: Vec<usize>,
    /// Per house, the parities (bit 0 even, bit 1 odd) of the loop cells in
    /// it: a house with two cells of one parity can never close validly,
    /// so such paths are not walked further. That prunes only paths that
    /// could not give a loop; the loops found, and their order, are SE's.
    parity: [u8; 27],
    found: Vec<(Vec<usize>, Vec<usize>)>,
}

impl Search<'_> {
    fn extend(&mut self, cell: usize, allowed_extra: u8, extra: Digits, last_kind: Option<usize>) {
        let parity = 1u8 << (self.path.len() % 2);
        self.path.push(cell);
        for h in regions(cell) {
            self.parity[h] |= parity;
        }
        let next_parity = 1u8 << (self.path.len() % 2);
        // SE widens the extra digits with every candidate cell it looks at,
        // kept or not; the same happens here so the same paths are walked.
        let mut extra = extra;
        for (kind, &h) in regions(cell).iter().enumerate() {
            if last_kind == Some(kind) {
                continue;
            }
            for &next in &HOUSES[h] {
                if next == self.path[0] && self.path.len() >= 4 {
                    let mut links = self.links.clone();
                    links.push(h);
                    if valid_loop(&self.path) {
                        self.found.push((self.path.clone(), links));
                    }
                    continue;
                }
                if self.path.contains(&next) {
                    continue;
                }
                let candidates = self.board.candidates(next);
                if candidates & self.ab != self.ab {
                    continue;
                }
                extra |= candidates & !self.ab;
                let count = candidates.count_ones();
                if !(count == 2 || extra.count_ones() == 1 || allowed_extra > 0) {
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
        self.clear_parity(cell, parity);
    }

    fn clear_parity(&mut self, cell: usize, parity: u8) {
        for h in regions(cell) {
            self.parity[h] &= !parity;
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
    for degree in extra_count..=7 {
        for (kind, &h) in regions(c1).iter().enumerate() {
            if regions(c2)[kind] != h {
                continue;
            }
            let house = &HOUSES[h];
            let empty = board.empty_in(h);
            let (Some(i1), Some(i2)) = (
                house.iter().position(|&c| c == c1),
                house.iter().position(|&c| c == c2),
            ) else {
                continue;
            };
            if degree * 2 <= empty {
                for combo in combinations(9, degree) {
                    if combo & (1 << i1) == 0 || combo & (1 << i2) != 0 {
                        continue;
                    }
                    if let Some(hint) = naked(board, extra, c1, c2, h, combo, degree) {
                        found.push(hint);
                    }
                }
            }
            if degree * 2 < empty {
                let rest: Vec<u8> = digits(ALL_DIGITS & !ab & !extra).collect();
                if degree - 2 > rest.len() {
                    continue;
                }
                for chosen in combinations(rest.len(), degree - 2) {
                    let mut values: Digits = ab;
                    for (i, &d) in rest.iter().enumerate() {
                        if chosen & (1 << i) != 0 {
                            values |= bit(d);
                        }
                    }
                    if let Some(hint) = hidden(board, values, i1, i2, h, degree) {
                        found.push(hint);
                    }
                }
            }
        }
    }
    found
}

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
    let mut checked = extra & board.candidates(c1) & board.candidates(c2);
    let mut union = extra;
    let mut others = Vec::new();
    if extra.count_ones() <= 1 {
        return None;
    }
    for (i, &cell) in house.iter().enumerate() {
        if combo & (1 << i) == 0 || cell == c1 {
            continue;
        }
        let candidates = board.candidates(cell);
        if candidates.count_ones() <= 1 {
            return None;
        }
        checked |= candidates;
        union |= candidates;
        others.push(cell);
    }
    if checked.count_ones() as usize != degree || union.count_ones() as usize != degree {
        return None;
    }
    let eliminations = house
        .iter()
        .filter(|&&c| c != c1 && c != c2 && !others.contains(&c))
        .flat_map(|&c| digits(board.candidates(c) & union).map(move |d| (c, d)))
        .collect();
    let more = others
        .iter()
        .flat_map(|&c| digits(board.candidates(c)).map(move |d| (c, d)))
        .collect();
    Some((Technique::UniqueRectangle3, eliminations, more, h))
}

fn hidden(
    board: &Board,
    values: Digits,
    i1: usize,
    i2: usize,
    h: usize,
    degree: usize,
) -> Option<Type3> {
    let mut union = 0u16;
    for d in digits(values) {
        let places = board.positions(h, d) & !(1 << i2);
        if places == 0 {
            return None;
        }
        union |= places;
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

/// Every `k`-subset of `0..n` as a bit mask, in increasing order of mask.
fn combinations(n: usize, k: usize) -> impl Iterator<Item = u16> {
    (0u16..(1 << n)).filter(move |m| m.count_ones() as usize == k)
}
