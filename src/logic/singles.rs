//! Singles: full house, hidden single (box, row, column), naked single.

use super::board::{
    ALL_DIGITS, Board, CELL_HOUSES, Digits, HOUSE_MASKS, HOUSES, House, bit, digits,
};
use super::step::{Step, Technique};

/// The last empty cell of a house takes the one digit the house lacks.
pub(super) fn full_house(board: &Board) -> Option<Step> {
    // Asked before every step: the empty cells once as a mask, then each
    // house's is a test on its bits rather than nine reads.
    // In two 64-bit halves: a fixed count of byte tests into one word is
    // what the compiler turns into a few vector compares.
    let low = (0..64).fold(0u64, |m, c| m | u64::from(board.value(c) == 0) << c);
    let high = (64..81).fold(0u64, |m, c| m | u64::from(board.value(c) == 0) << (c - 64));
    let empty = u128::from(low) | u128::from(high) << 64;
    for (h, &cells) in HOUSE_MASKS.iter().enumerate() {
        let here = empty & cells;
        // Exactly one bit, without a popcount: the portable build has no
        // instruction for it.
        if here == 0 || here & (here - 1) != 0 {
            continue;
        }
        if let Some(step) = full_house_in(board, h) {
            return Some(step);
        }
    }
    None
}

/// The full house of house `h`, which has one empty cell.
fn full_house_in(board: &Board, h: usize) -> Option<Step> {
    let mut placed = 0;
    let mut cell = 0;
    for &c in &HOUSES[h] {
        match board.value(c) {
            0 => cell = c,
            v => placed |= bit(v),
        }
    }
    let missing = ALL_DIGITS & !placed;
    // A board whose marks already exclude the missing digit is broken;
    // claiming the digit anyway would be no deduction.
    if missing.count_ones() != 1 || board.candidates(cell) & missing == 0 {
        return None;
    }
    let digit = digits(missing).next()?;
    Some(placed_in(Technique::FullHouse, cell, digit, h))
}

/// The step of a single: `digit` placed in `cell`, found in house `h`.
fn placed_in(technique: Technique, cell: usize, digit: u8, h: usize) -> Step {
    Step {
        technique,
        placements: vec![(cell, digit)],
        eliminations: Vec::new(),
        pattern: vec![(cell, digit)],
        houses: vec![House::from_index(h)],
    }
}

/// A digit with one place left in a house of the given kind: houses
/// `first..first + 9` of [`HOUSES`].
pub(super) fn hidden_single(board: &Board, technique: Technique) -> Option<Step> {
    let first = match technique {
        Technique::HiddenSingleRow => 0,
        Technique::HiddenSingleColumn => 9,
        _ => 18,
    };
    for (h, cells) in HOUSES.iter().enumerate().skip(first).take(9) {
        // The digits seen once and those seen again, in one pass over the
        // house: the lowest digit seen once only is the first single.
        let (mut once, mut again) = (0u16, 0u16);
        for &c in cells {
            let m = board.candidates(c);
            again |= once & m;
            once |= m;
        }
        if let Some(digit) = digits(once & !again).next() {
            let positions = board.positions(h, digit);
            let cell = cells[positions.trailing_zeros() as usize];
            return Some(placed_in(technique, cell, digit, h));
        }
    }
    None
}

/// A cell with one candidate left.
pub(super) fn naked_single(board: &Board) -> Option<Step> {
    (0..81).find_map(|cell| {
        let mask = board.candidates(cell);
        (mask != 0 && mask & (mask - 1) == 0).then(|| {
            let digit = mask.trailing_zeros() as u8 + 1;
            Step {
                technique: Technique::NakedSingle,
                placements: vec![(cell, digit)],
                eliminations: Vec::new(),
                pattern: vec![(cell, digit)],
                houses: Vec::new(),
            }
        })
    })
}

/// Four bits a digit: the low bit of each of the nine.
const ONES: u64 = 0x1_1111_1111;
/// The three low bits of each of the nine.
const LOW3: u64 = 0x7_7777_7777;
/// The high bit of each of the nine.
const HIGH: u64 = 0x8_8888_8888;

/// What the singles read of a board, kept from step to step by
/// [`Tally::apply`] rather than read anew from the board each time: for
/// every house how many places each digit has (four bits a digit, digit
/// `d` at bit `4 * (d - 1)`) and how many of its cells are empty; the
/// houses with one empty cell left; and whether some empty cell has no
/// candidate left.
#[derive(Debug, Clone)]
pub(super) struct Tally {
    places: [u64; 27],
    empty: [u8; 27],
    /// Bit `h`: house `h` has one empty cell.
    last_empty: u32,
    /// Empty cells on the board.
    open: u8,
    broken: bool,
}

impl Tally {
    pub(super) fn of(board: &Board) -> Tally {
        let mut t = Tally {
            places: [0; 27],
            empty: [0; 27],
            last_empty: 0,
            open: 0,
            broken: false,
        };
        for cell in 0..81 {
            let add = SPREAD[usize::from(board.candidates(cell))];
            let empty = u8::from(board.value(cell) == 0);
            t.open += empty;
            t.broken |= empty == 1 && add == 0;
            for h in CELL_HOUSES[cell] {
                let h = usize::from(h);
                t.places[h] += add;
                t.empty[h] += empty;
            }
        }
        for (h, &n) in t.empty.iter().enumerate() {
            t.last_empty |= u32::from(n == 1) << h;
        }
        t
    }

    /// Every cell is filled.
    pub(super) fn solved(&self) -> bool {
        self.open == 0
    }

    /// Some empty cell has no candidate left: the board contradicts
    /// itself.
    pub(super) fn broken(&self) -> bool {
        self.broken
    }

    /// [`Board::apply`], the counts following the board. The board must
    /// not be broken (no step is taken from one).
    pub(super) fn apply(&mut self, board: &mut Board, step: &Step) {
        // Whether an empty cell lost its last candidate: only one that lost
        // some can have, but a later placement of the step may fill it, so
        // the board is read again when one seems to.
        let mut emptied = false;
        if !step.is_direct() {
            for &(cell, digit) in &step.eliminations {
                if board.eliminate(cell, digit) {
                    self.remove(cell, bit(digit));
                    emptied |= board.candidates(cell) == 0;
                }
            }
        }
        for &(cell, digit) in &step.placements {
            self.remove(cell, board.candidates(cell));
            if board.value(cell) == 0 {
                self.open -= 1;
                for h in CELL_HOUSES[cell] {
                    let h = usize::from(h);
                    self.empty[h] -= 1;
                    match self.empty[h] {
                        1 => self.last_empty |= 1 << h,
                        _ => self.last_empty &= !(1 << h),
                    }
                }
            }
            let one = SPREAD[usize::from(bit(digit))];
            board.place_telling(cell, digit, |p, left| {
                self.take(p, one);
                emptied |= left == 0;
            });
        }
        if emptied {
            self.broken = (0..81).any(|c| board.value(c) == 0 && board.candidates(c) == 0);
        }
    }

    /// Takes the digits `mask`, all candidates of `cell`, off its houses.
    fn remove(&mut self, cell: usize, mask: Digits) {
        self.take(cell, SPREAD[usize::from(mask & ALL_DIGITS)]);
    }

    /// [`Tally::remove`] of digits already spread to their four bits.
    fn take(&mut self, cell: usize, spread: u64) {
        for h in CELL_HOUSES[cell] {
            self.places[usize::from(h)] -= spread;
        }
    }

    /// The digits with exactly one place in house `h`, as a mask of the
    /// high bits of their four.
    fn once(&self, h: usize) -> u64 {
        // A four-bit count is 1 when its exclusive or with 1 is zero; adding
        // 7 to the low three bits carries into the high one unless they are
        // zero, and no four bits carry into the next.
        let x = self.places[h] ^ ONES;
        !(((x & LOW3) + LOW3) | x) & HIGH
    }
}

/// Each digit mask with each digit's bit moved to the low bit of its four.
static SPREAD: [u64; 512] = {
    let mut t = [0u64; 512];
    let mut m = 0;
    while m < 512 {
        let mut d = 0;
        while d < 9 {
            if m & (1 << d) != 0 {
                t[m] |= 1 << (4 * d);
            }
            d += 1;
        }
        m += 1;
    }
    t
};

/// [`full_house`] from the counts of `tally`, which must be those of
/// `board`.
pub(super) fn full_house_tallied(board: &Board, tally: &Tally) -> Option<Step> {
    let mut houses = tally.last_empty;
    while houses != 0 {
        let h = houses.trailing_zeros() as usize;
        houses &= houses - 1;
        if let Some(step) = full_house_in(board, h) {
            return Some(step);
        }
    }
    None
}

/// [`hidden_single`] from the counts of `tally`, which must be those of
/// `board`.
pub(super) fn hidden_single_tallied(
    board: &Board,
    tally: &Tally,
    technique: Technique,
) -> Option<Step> {
    let first = match technique {
        Technique::HiddenSingleRow => 0,
        Technique::HiddenSingleColumn => 9,
        _ => 18,
    };
    for (h, cells) in HOUSES.iter().enumerate().skip(first).take(9) {
        let once = tally.once(h);
        if once == 0 {
            continue;
        }
        let digit = (once.trailing_zeros() / 4) as u8 + 1;
        let Some(&cell) = cells.iter().find(|&&c| board.has(c, digit)) else {
            continue;
        };
        return Some(placed_in(technique, cell, digit, h));
    }
    None
}

#[cfg(test)]
pub(super) mod tests {
    use super::{Tally, full_house, full_house_tallied, hidden_single, hidden_single_tallied};
    use crate::Grid;
    use crate::logic::board::{Board, PEERS, digits};
    use crate::logic::step::{Step, Technique};
    use crate::random::{below, seeded};
    use rand_chacha::ChaCha8Rng;

    /// A random third of a solved grid's digits, every other cell open.
    fn start(rng: &mut ChaCha8Rng) -> Board {
        let solved: Grid =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                .parse()
                .expect("a grid");
        let mut cells = *solved.cells();
        for c in &mut cells {
            if below(rng, 3) != 0 {
                *c = 0;
            }
        }
        Board::from_grid(&Grid::from_checked(cells))
    }

    /// A random step, sound or not: a candidate placed, or two removed
    /// (one maybe not there), now and then in a direct form, which only
    /// places.
    fn random_step(rng: &mut ChaCha8Rng, board: &Board) -> Step {
        let cell = below(rng, 81) as usize;
        let digit = digits(board.candidates(cell)).next().unwrap_or(1);
        let mut step = Step {
            technique: Technique::Pointing,
            placements: Vec::new(),
            eliminations: Vec::new(),
            pattern: Vec::new(),
            houses: Vec::new(),
        };
        if below(rng, 8) == 0 {
            step.technique = Technique::DirectPointing;
        }
        step.eliminations.push((cell, digit));
        let other = PEERS[cell][below(rng, 20) as usize];
        step.eliminations.push((other, 1 + below(rng, 9) as u8));
        if below(rng, 2) == 0 {
            step.placements.push((cell, digit));
        }
        step
    }

    /// Boards on the way from random partial grids: digits placed,
    /// candidates removed, some cells emptied of candidates.
    pub(in crate::logic) fn boards() -> Vec<Board> {
        let mut rng = seeded(11);
        let mut out = Vec::new();
        for _ in 0..200 {
            let mut board = start(&mut rng);
            for _ in 0..60 {
                out.push(board);
                let step = random_step(&mut rng, &board);
                board.apply(&step);
            }
        }
        out
    }

    #[test]
    fn counts_kept_step_by_step_are_those_of_the_board() {
        let mut rng = seeded(12);
        for _ in 0..200 {
            let mut board = start(&mut rng);
            let (mut kept, mut tally) = (board, Tally::of(&board));
            for _ in 0..60 {
                let step = random_step(&mut rng, &board);
                board.apply(&step);
                tally.apply(&mut kept, &step);
                assert_eq!(kept, board);
                let fresh = Tally::of(&board);
                assert_eq!(
                    (tally.places, tally.empty, tally.last_empty, tally.open),
                    (fresh.places, fresh.empty, fresh.last_empty, fresh.open)
                );
                assert_eq!(tally.solved(), board.is_solved());
                let broken = (0..81).any(|c| board.value(c) == 0 && board.candidates(c) == 0);
                assert_eq!(fresh.broken(), broken);
                // Kept only up to the first step that breaks the board.
                assert_eq!(tally.broken(), broken);
                if broken {
                    break;
                }
                for h in 0..27 {
                    let once = (1..=9u8)
                        .filter(|&d| board.positions(h, d).count_ones() == 1)
                        .fold(0u64, |m, d| m | 8 << (4 * (d - 1)));
                    assert_eq!(tally.once(h), once);
                }
            }
        }
    }

    #[test]
    fn singles_from_counts_are_the_singles_found_on_the_board() {
        for board in boards() {
            let tally = Tally::of(&board);
            assert_eq!(full_house_tallied(&board, &tally), full_house(&board));
            for t in [
                Technique::HiddenSingleBox,
                Technique::HiddenSingleRow,
                Technique::HiddenSingleColumn,
            ] {
                assert_eq!(
                    hidden_single_tallied(&board, &tally, t),
                    hidden_single(&board, t)
                );
            }
        }
    }
}
