//! The record-speed engine: per-digit band bitboards.
//!
//! # Representation
//!
//! The board is split into three horizontal bands of 27 cells. For every
//! digit `d` and band `b`, `f[3 * d + b]` is a 27-bit mask of the cells of
//! that band where `d` may still stand (placed or possible). Bit `9 * r + c`
//! is row `r` of the band (0..3) and column `c` (0..9). A cell is *solved*
//! once it has left `unsolved[b]`; from then on only its own digit keeps it.
//!
//! # Propagation
//!
//! A sweep visits the 27 masks in order and *updates* each one that differs
//! from `prev`, its value after its own last update (the change test of
//! JCZSolve; each update is its own copy with constant indices). Sweeps
//! repeat until one finds nothing. An update of digit `d` in band `b`:
//!
//! * **Rows against boxes within the band.** Each row of a band needs the
//!   digit exactly once and so does each box, so the 3×3 pattern of
//!   non-empty "mini-rows" (row ∩ box) must contain a perfect matching. A
//!   table keeps only the mini-rows that lie on some matching: pointing and
//!   claiming (locked candidates), hidden singles in boxes and the empty
//!   row/box contradiction in one lookup.
//! * **Columns to the other bands.** A column that is the only one left to
//!   the digit in one of the band's boxes is closed in the other two bands.
//! * **Rows with one cell left** are placements: the cell leaves `unsolved`
//!   and every other digit's mask.
//!
//! Everything in an update is branch-free apart from the contradiction
//! test: which updates place a digit is too erratic to predict.
//!
//! On CPUs with AVX-512 ([`Wide`]), **rounds** take the sweeps' place
//! ([`Wide::settle`]) at the root of every board, and at every node of
//! boards with 17 to [`EARLY_MAX_CLUES`] givens: a round applies the same
//! three rules to all 27 masks at once, every mask from the masks the
//! round started with, and rounds repeat until one changes nothing. Each
//! rule only removes candidates, and what it removes from some masks it
//! still removes from any smaller ones, so the sweeps and the rounds end on
//! the same masks, or both on a contradiction: the search makes the same
//! guesses and finds the same solutions in the same order (the tests
//! compare both builds on every fixture, and the ignored test on every
//! benchmark puzzle). A test compares the vector rounds with a scalar copy
//! of them ([`State::settle_rounds`]) on random masks and on the fixtures'
//! boards. Where they run, a step is a mask a round changed. A round has
//! no change test to mispredict but does the work of all 27 masks: it pays
//! where a guess sets off long chains of placements, and loses where a
//! guess changes little. Over two alternating runs on 2026-12-02, in the
//! `sudoku` crate's time, rounds at every node against sweeps, at limit 1
//! / counting to 2: 17clue 0.500-0.518 / 0.485-0.497 against 0.821-0.828
//! / 0.779, gen10k 0.628-0.632 / 0.578-0.625 against 0.858-0.864 /
//! 0.850-0.854, nosolution10k 0.406-0.415 / 0.405-0.413 against
//! 0.741-0.751 / 0.743-0.756, top1465 0.542-0.600 / 0.487-0.532 against
//! 0.663 / 0.594-0.600, forum_hardest_1905_11plus 0.675-0.678 /
//! 0.655-0.657 against 0.713-0.718 / 0.689, forum_hardest_1106
//! 0.558-0.628 / 0.559-0.596 against 0.632-0.646 / 0.575-0.637. On the
//! boards with more or fewer givens, whose guesses change little, rounds
//! at every node lost: serg_benchmark_multisol (34 and 35 givens) took
//! 0.96-1.15 of the crate's time against 0.87-0.92, multisolution10k (16)
//! 0.84-0.98 against 0.83-0.90; one to three sweeps before the rounds did
//! worse than either. Rounds at their root only (placing all the givens
//! at once, the longest chain of their search) won instead: over three
//! alternating runs serg_benchmark_multisol took 0.784-0.814 / 0.824-0.839
//! against 0.860-0.864 / 0.902-0.908, multisolution10k 0.752-0.785 /
//! 0.721-0.757 against 0.875-0.878 / 0.850-0.853.
//!
//! When a sweep finds nothing, one pass per band counts candidates per cell
//! with bit-sliced accumulators: a cell with none is a contradiction, cells
//! with one are naked singles (their rows are narrowed to them, and the
//! next sweep places them), cells with two and three are kept for branching.
//!
//! Once the search has met its first dead end (the puzzle is not easy),
//! two costlier tools join in, and a third after a few more (the first
//! two from the root on boards where a long search is likely, see below):
//!
//! * **Bands against columns** (the "stack view"). A column that only one
//!   band can still serve must take the digit in that band, so the band's
//!   box holding that column drops its other columns (claiming along
//!   columns; hidden singles in columns follow), and a column no band can
//!   serve is a contradiction. (The full band × column matching of a stack,
//!   like the one used within a band, found nothing more on the benchmark
//!   sets and cost more.) It runs when singles have run dry, for the digits
//!   with a mask updated since it last ran, as long as a bi-value cell
//!   exists. The updates mark the digits: finding them by comparing all 27
//!   column projections with the ones it last saw took 2.5% more
//!   instructions on forum_hardest_1905_11plus, and kept 104 more bytes
//!   in the state copied at every branch.
//! * **A better branching cell**: the bi-value cell with the most bi-value
//!   peers (its row, box and column), whose choice settles the most.
//! * **What each branch settles** (from the [`HARD`]th dead end on): for
//!   both of the cell's digits, twice the bi-value peers that hold that
//!   digit (each becomes a single in the branch that places it) plus the
//!   places the digit has left among the cell's peers (eliminated in that
//!   branch). On the hard benchmark sets the places alone, added to twice
//!   the bi-value peers of any digits, cut guesses by a fifth to a third;
//!   counting only the peers that hold one of the cell's digits cut
//!   forum_hardest_1905_11plus's guesses by another 9% (limit 2: 159.7 to
//!   146.1) and forum_hardest_1106's by 8% (258.5 to 238.4), and their time
//!   by 3-4%. (Weighing also the units where a digit has two places left,
//!   whose other place the branch then forces, added guesses, with either
//!   sign.) Run from the root the places cut guesses on every set, but
//!   their cost per branch made the puzzles that need few guesses
//!   (ordinary, multi-solution) 5-70% slower, hence the wait.
//!   The two digits' figures are multiplied (each plus one), not added:
//!   the cell wins whose branches both settle much, as look-ahead SAT
//!   solvers weigh a variable by the product of what its two values
//!   reduce. At limit 2 this cut guesses on forum_hardest_1905_11plus
//!   from 144.93 to 143.66, on forum_hardest_1106 from 237.06 to 235.01 and
//!   on top1465 from 17.00 to 16.89 (17clue: 1.41 to 1.42); over three
//!   alternating runs top1465 took 0.676-0.678 of the crate's time against
//!   0.684-0.708, the forum sets within noise. Three times the bi-value
//!   peers, the smaller figure alone, or three times it plus the larger
//!   made more guesses on the forum sets.
//!
//! On boards with 17 to [`EARLY_MAX_CLUES`] givens, where a long search
//! is likely, every branch point scores what each branch settles, from
//! the root: the first branch points decide the shape of the whole tree
//! and can rarely wait for dead ends. Until 2026-12-02 only the first
//! eight guesses did, while more than 40 cells were open (the scoring's
//! cost per branch point outweighed the guesses it saved further down:
//! with no bound 17clue took 1-2.5% longer, gen10k about 1%); once CPUs
//! with AVX-512 scored sixteen cells at a time ([`Wide`]), the bound cost
//! more than it saved. Over two alternating runs, against the bound: at
//! limit 1 top1465 took 0.665-0.671 of the `sudoku` crate's time against
//! 0.701-0.712, forum_hardest_1905_11plus 0.720-0.721 against
//! 0.729-0.733, gen10k 0.868-0.873 against 0.879-0.885, 17clue
//! 0.822-0.824 against 0.830-0.851; at limit 2 forum_hardest_1905_11plus
//! 0.693-0.694 against 0.697-0.707. The portable build lost on gen10k
//! (0.935 against 0.904 at limit 1, one run each) and gained on 17clue
//! and forum_hardest_1106. Boards with more givens keep the cheap choice:
//! on serg_benchmark_multisol (34 and 35 givens, several solutions each)
//! the scoring took 18% more instructions and more guesses, and boards
//! with fewer than 17 never have a lone solution.
//! The same boards (17 to [`EARLY_MAX_CLUES`] givens) use the stack view
//! from the root: at limit 2 it cut guesses on 17clue from 1.63 to 1.41,
//! on gen10k from 2.29 to 2.07 and on top1465 from 17.45 to 17.00, and
//! took about 1% off their time. On the boards outside those bounds it
//! cost about 10% (multisolution10k) and 15% (serg_benchmark_multisol).
//! They also take the better branching cell from the root: at limit 2,
//! guesses on 17clue fell from 1.42 to 1.30, on gen10k from 2.06 to 1.93
//! and on top1465 from 16.89 to 16.46. Over four alternating runs top1465
//! took 2-4% less time, 17clue at limit 2 about 1% less, gen10k the same.
//!
//! Easy puzzles never pay for these. One cheap rule holds from the root:
//! of a bi-value cell's two digits, the one with more places left among the
//! cell's peers is tried first (just the chosen cell's two counts). At the
//! first solution this cut forum_hardest_1106's time by 7% and top95's by
//! 6%. Boards with more than [`EARLY_MAX_CLUES`] givens keep the digit
//! order: on serg_benchmark_multisol (34 and 35 givens, several solutions
//! each) the rule made fewer guesses (5.54 against 5.93 at limit 1) but
//! took 2-3% longer, once its searches were cheap enough for that to show.
//!
//! At the root, once the rest has run dry with more than [`TRIAD_MIN`]
//! cells open, the **triad rule** runs once: every mini-row (row ∩ box)
//! and mini-column holds three different digits, so a mini-line that only
//! three digits can reach takes all three, and one that three digits are
//! sure of takes no other ([`State::triads`]; tdoku's write-up reasons
//! with these "triads" throughout). Its cost, about a sweep's worth of
//! counting per call, pays only where the whole search profits from it:
//! at limit 2 it cut top1465's guesses from 22.4 to 20.5 and its time by
//! 6%, top95's time by 9%, 17clue's by 2%. Run at every node, or at the
//! first few levels, its cost outgrew the guesses it saved. A board with
//! fewer than [`MIN_UNIQUE_CLUES`] givens skips it: such a board never has
//! just one solution, so its search looks for solutions rather than
//! refuting branches, and there the rule only cost time (multisolution10k,
//! all 16 givens, took 3-4% longer with it, and 5% less time at limit 1,
//! 3-4% at limit 2, once it skipped it).
//!
//! Every dead end adds to the weight of the units (rows, columns, boxes)
//! where its contradiction showed. A search that meets [`WEIGHTED`] dead
//! ends (one of the 139,859 benchmark puzzles does, proving uniqueness) gives
//! up, and is restarted from the root with [`Branching::Weighted`]: the
//! cell with the most weight per candidate ("dom/wdeg" from constraint
//! solving). Boards with few givens whose contradiction lies in one part of
//! the grid otherwise drown in the fillings of the open part: an unsolvable
//! 12-given board took 3.5 million guesses before, and under 1,000 with
//! it. The restart matters: switching rules deep in the tree would keep the
//! upper levels branching on the open part.
//!
//! # Search
//!
//! Branching takes a bi-value cell when there is one (first found, or the
//! best one as above), else, of the first unsolved cell of each band, the
//! one with the fewest candidates; a search that goes on past its first
//! solution (counting to 2) and would use the better cell takes instead,
//! of all the cells with the fewest candidates, the one whose digits have
//! the most places among its peers ([`fewest_candidates`]).
//! Every candidate but the last gets a copy of the state; the last one
//! continues in the frame's own state.
//!
//! Counting to 2 without building the second grid (`--unique`), the search
//! stops at the first solution when that solution proves a second: the
//! latest guess's cell, its digit `x` and another digit `y` it could take
//! then make one corner of a rectangle of non-given cells over two boxes,
//! `x` `y` on one side and `y` `x` on the other ([`swap_through`]): swapped,
//! they give another solution. It costs a few lookups per search. On
//! serg_benchmark_multisol (several solutions each) it cut guesses at limit
//! 2 from 7.62 to 7.10, and the time from 0.946-0.950 of the crate's to
//! 0.933-0.941 over three alternating runs; gen10k and 17clue gained 0.4%
//! and 0.25% instructions (callgrind), under the noise in time. Trying the
//! rectangles through the last eight guesses' cells cut guesses to 6.76 (as
//! many as every rectangle of the grid did), but cost more than it saved.

use super::Stats;
use super::simd::{self, BandMasks, Wide};

/// All nine digits, one bit each.
const ALL_DIGITS: u32 = 0x1FF;

/// All 27 cells of a band.
const ALL27: u32 = (1 << 27) - 1;
/// The nine cells of the first row of a band.
const ROW0: u32 = 0x1FF;

/// For a 9-bit row, which of its three boxes (3-bit groups) are non-empty.
static SHRINK: [u8; 512] = build_shrink();

const fn build_shrink() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        let mut s = 0u8;
        if m & 0o007 != 0 {
            s |= 1;
        }
        if m & 0o070 != 0 {
            s |= 2;
        }
        if m & 0o700 != 0 {
            s |= 4;
        }
        t[m] = s;
        m += 1;
    }
    t
}

/// For a 3×3 0/1 pattern (bit `3 * i + j`), the entries lying on at least
/// one perfect matching (a permutation `i -> j` using only set entries).
/// Zero when there is no perfect matching.
static MATCH9: [u16; 512] = build_match9();

const fn build_match9() -> [u16; 512] {
    // The six permutations of three, as the 9-bit pattern each one uses.
    const PERMS: [u16; 6] = [
        1 | (1 << 4) | (1 << 8),
        1 | (1 << 5) | (1 << 7),
        (1 << 1) | (1 << 3) | (1 << 8),
        (1 << 1) | (1 << 5) | (1 << 6),
        (1 << 2) | (1 << 3) | (1 << 7),
        (1 << 2) | (1 << 4) | (1 << 6),
    ];
    let mut t = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut keep = 0u16;
        let mut p = 0;
        while p < 6 {
            if (m as u16) & PERMS[p] == PERMS[p] {
                keep |= PERMS[p];
            }
            p += 1;
        }
        t[m] = keep;
        m += 1;
    }
    t
}

/// [`MATCH9`] on a band's mini-row pattern (bit `3 * row + box`), widened to
/// the 27 cells those mini-rows cover.
static COMPLEX: [u32; 512] = build_complex();

const fn build_complex() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let keep = MATCH9[m];
        let mut cells = 0u32;
        let mut k = 0;
        while k < 9 {
            if keep & (1 << k) != 0 {
                let (row, bx) = (k / 3, k % 3);
                cells |= 7 << (9 * row + 3 * bx);
            }
            k += 1;
        }
        t[m] = cells;
        m += 1;
    }
    t
}

/// For each cell of a band: its row within the band.
static ROW_OF_BIT: [u32; 27] = build_row_of_bit();

const fn build_row_of_bit() -> [u32; 27] {
    let mut t = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        t[i] = ROW0 << (9 * (i / 9));
        i += 1;
    }
    t
}

/// For a band's column projection: the cells the other two bands keep,
/// i.e. all but the columns that are the only one left in their box.
static LOCKED_COLS_KEEP: [u32; 512] = build_locked_cols();
const fn build_locked_cols() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut cols = 0u32;
        let mut k = 0;
        while k < 3 {
            let g = (m >> (3 * k)) & 7;
            if g == 1 || g == 2 || g == 4 {
                cols |= (g as u32) << (3 * k);
            }
            k += 1;
        }
        t[m] = !(cols | (cols << 9) | (cols << 18)) & ALL27;
        m += 1;
    }
    t
}

/// For a set of columns (9 bits): the columns to keep, i.e. in each box
/// (3-bit group) holding some of the set just those, elsewhere all three.
static CLAIM_KEEP: [u32; 512] = build_claim_keep();
const fn build_claim_keep() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut keep = 0u32;
        let mut k = 0;
        while k < 3 {
            let g = ((m >> (3 * k)) & 7) as u32;
            keep |= (if g != 0 { g } else { 7 }) << (3 * k);
            k += 1;
        }
        t[m] = keep;
        m += 1;
    }
    t
}

/// A 9-bit row if it holds exactly one cell, else 0.
static SINGLE9: [u16; 512] = build_single9();
const fn build_single9() -> [u16; 512] {
    let mut t = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        if (m as u32).count_ones() == 1 {
            t[m] = m as u16;
        }
        m += 1;
    }
    t
}

/// An 8-bit value spread to eight bytes (bit `i` to the low bit of byte `i`).
static SPREAD8: [u64; 256] = build_spread8();
const fn build_spread8() -> [u64; 256] {
    let mut t = [0u64; 256];
    let mut m = 0;
    while m < 256 {
        let mut x = 0u64;
        let mut i = 0;
        while i < 8 {
            if m & (1 << i) != 0 {
                x |= 1 << (8 * i);
            }
            i += 1;
        }
        t[m] = x;
        m += 1;
    }
    t
}

/// Number of set bits of a 9-bit value (no popcount instruction in a
/// portable build).
static POP9: [u8; 512] = build_pop9();
const fn build_pop9() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    t
}

/// Dead ends after which [`choose`] scores what each branch settles
/// (see the module notes).
const HARD: u64 = 4;

/// Givens above which a board waits for dead ends before it scores its
/// branch points (see the module notes).
const EARLY_MAX_CLUES: u32 = 30;

/// Open cells above which the root runs the triad rule (see the module
/// notes): below, propagation has left too little for it to find.
const TRIAD_MIN: u32 = 50;

/// Fewer givens than this never make a puzzle with one solution (McGuire,
/// Tugemann and Civario, "There is no 16-clue Sudoku", 2012): the search
/// on such a board only looks for solutions, never proves a lone one, and
/// the root's extra rule (the triad rule) is not worth its cost there.
/// Counting to 2 on such a board stops at its first solution: a second one
/// exists (with fewer than 16 givens too, as givens taken from that
/// solution can be added up to 16). At limit 2 this took
/// multisolution10k's time from 0.937 of the `sudoku` crate's to
/// 0.867-0.886, over three alternating runs.
const MIN_UNIQUE_CLUES: u32 = 17;

/// The nine cells of the first box of a band.
const BOX0: u32 = 0o007_007_007;

/// For each cell of a band: its peers within the band (its row, its box and
/// the band's part of its column), itself excluded. Padded to 32 entries
/// (none past 27), so that an index masked to five bits needs no bounds
/// check.
pub(super) static BAND_PEERS: [u32; 32] = build_band_peers();
const fn build_band_peers() -> [u32; 32] {
    let mut t = [0u32; 32];
    let mut k = 0;
    while k < 27 {
        let (r, c) = (k / 9, k % 9);
        let row = ROW0 << (9 * r);
        let col = 0x40201 << c;
        let bx = BOX0 << (3 * (c / 3));
        t[k] = (row | col | bx) & !(1 << k);
        k += 1;
    }
    t
}

/// The non-blank cells of a grid as an 81-bit mask, eight cells at a time:
/// a byte is non-zero exactly when one of its low four bits is (values are
/// at most 9 here), and a multiplication gathers one bit per byte.
fn filled_cells(givens: &[u8; 81]) -> u128 {
    let mut mask = 0u128;
    for (i, chunk) in givens.chunks(8).enumerate() {
        let mut bytes = [0u8; 8];
        bytes[..chunk.len()].copy_from_slice(chunk);
        let w = u64::from_le_bytes(bytes);
        let x = (w | (w >> 1) | (w >> 2) | (w >> 3)) & 0x0101_0101_0101_0101;
        let bits = x.wrapping_mul(0x0102_0408_1020_4080) >> 56;
        mask |= u128::from(bits) << (8 * i);
    }
    mask
}

/// A 9-bit column set repeated on the three rows of a band.
#[inline(always)]
fn widen(cols: u32) -> u32 {
    cols | (cols << 9) | (cols << 18)
}

/// The columns of a band mask that still hold at least one cell.
#[inline(always)]
fn project(a: u32) -> u32 {
    (a | (a >> 9) | (a >> 18)) & ROW0
}

/// Mini-row `(r, j)` of a band (row `r`, box `j`) as bit `9r + 3j`: the
/// mini-row patterns of [`State::triads`].
const MINI_AT: u32 = 0o111_111_111;

/// The mini-rows of a band mask that hold at least one cell.
#[inline(always)]
fn minis(a: u32) -> u32 {
    (a | a >> 1 | a >> 2) & MINI_AT
}

/// Of a mini-row pattern, the mini-rows that are the only one of their row.
#[inline(always)]
fn alone_in_row(e: u32) -> u32 {
    // Each mini-row's neighbours in its row: boxes j + 1 and j + 2.
    let next = ((e >> 3) & 0o011_011_011) | ((e << 6) & 0o100_100_100);
    let after = ((e >> 6) & 0o001_001_001) | ((e << 3) & 0o110_110_110);
    e & !(next | after)
}

/// Of a 9-bit column set, the columns that are the only one of their box.
#[inline(always)]
fn alone_in_box(p: u32) -> u32 {
    let next = ((p >> 1) & 0o333) | ((p << 2) & 0o444);
    let after = ((p >> 2) & 0o111) | ((p << 1) & 0o666);
    p & !(next | after)
}

/// A branch died; the units (bit `u`: rows 0-8, columns 9-17, boxes
/// 18-26) where the contradiction showed, for the weights of [`choose_weighted`].
struct Dead(u32);

#[derive(Clone, Copy)]
pub(super) struct State {
    /// `f[3 * d + b]`: cells of band `b` still open to digit `d`.
    f: [u32; 27],
    /// Cells of each band not yet placed.
    unsolved: [u32; 3],
    /// Each mask as its last update left it: a mask that differs has news.
    /// Starts at an impossible value so that every mask gets a first update.
    prev: [u32; 27],
    /// Bi-value unsolved cells per band, as found by the last candidate count.
    pairs: [u32; 3],
    /// Digits (bit `d`) with a mask updated since the last stack view: the
    /// stack view only has news for them.
    touched: u32,
}

impl State {
    /// The state with `givens` placed, or `None` when they break a rule (a
    /// digit twice in a row, column or box: every such pair is found here)
    /// or hold a value above 9.
    pub(super) fn new(givens: &[u8; 81]) -> Option<State> {
        // A fold rather than `any`: it has no early exit, so it vectorizes.
        if givens.iter().fold(0u8, |m, &v| m.max(v)) > 9 {
            return None;
        }
        // Per digit and band (slot `3 * d + b`): the given cells, and the
        // rows holding one. A given whose digit already stands among its
        // peers within the band (row, box, or column part) is a clash. The
        // given cells of a band are found with a branch-free pass first, so
        // the per-given loop only visits givens.
        let mut given = [0u32; 32];
        let mut rows = [0u32; 32];
        let mut clash = 0u32;
        let filled_all = filled_cells(givens);
        let mut occupied = [0u32; 3];
        for (b, o) in occupied.iter_mut().enumerate() {
            let band = &givens[27 * b..27 * b + 27];
            *o = (filled_all >> (27 * b)) as u32 & ALL27;
            let mut filled = *o;
            while filled != 0 {
                let k = filled.trailing_zeros() as usize;
                filled &= filled - 1;
                let v = usize::from(band[k]);
                // Slot 3 * (v - 1) + b; v is 1..=9 here.
                let slot = (3 * v + b + 29) & 31;
                clash |= given[slot] & BAND_PEERS[k];
                given[slot] |= 1 << k;
                rows[slot] |= ROW_OF_BIT[k];
            }
        }
        let mut f = [0u32; 27];
        for d in 0..9 {
            let g = [given[3 * d], given[3 * d + 1], given[3 * d + 2]];
            let p = [project(g[0]), project(g[1]), project(g[2])];
            // A digit given twice in one column, across bands.
            clash |= (p[0] & p[1]) | (p[0] & p[2]) | (p[1] & p[2]);
            // Columns holding the digit anywhere are closed in every band,
            // and a row holding it keeps just the given. The boxes of the
            // givens need no closing here: the first update's row/box
            // matching closes the rest of each.
            let open_cols = !widen(p[0] | p[1] | p[2]);
            for (b, &gb) in g.iter().enumerate() {
                let closed = occupied[b] | rows[3 * d + b];
                f[3 * d + b] = (ALL27 & !closed & open_cols) | gb;
            }
        }
        if clash != 0 {
            return None;
        }
        Some(State {
            f,
            unsolved: [
                ALL27 & !occupied[0],
                ALL27 & !occupied[1],
                ALL27 & !occupied[2],
            ],
            prev: [u32::MAX; 27],
            pairs: [0; 3],
            touched: ALL_DIGITS,
        })
    }

    /// Removes `cells` from digit-band mask `j`; the sweep notices the change.
    #[inline(always)]
    fn clear(&mut self, j: usize, cells: u32) {
        self.f[j] &= !cells;
    }

    /// Updates digit-band mask `I` (see the module notes).
    #[inline(always)]
    fn update<const I: usize>(&mut self) -> Result<(), Dead> {
        let i = I;
        let d = i / 3;
        let b = i % 3;
        let mut a = self.f[i];
        let shrink = u32::from(SHRINK[(a & ROW0) as usize])
            | u32::from(SHRINK[((a >> 9) & ROW0) as usize]) << 3
            | u32::from(SHRINK[((a >> 18) & ROW0) as usize]) << 6;
        a &= COMPLEX[(shrink & 511) as usize];
        if a == 0 {
            // The digit has no place left in the band's rows and boxes.
            return Err(Dead((7 << (3 * b)) | (7 << (18 + 3 * b))));
        }
        self.f[i] = a;

        // Columns this band holds in a single column of a box are closed in
        // the other two bands (pointing along columns).
        let pa = project(a);
        let keep = LOCKED_COLS_KEEP[pa as usize];
        self.prev[i] = a;
        self.touched |= 1 << d;
        self.f[3 * d + (b + 1) % 3] &= keep;
        self.f[3 * d + (b + 2) % 3] &= keep;

        // Rows of the band reduced to one cell are placements; those still
        // marked unsolved are new. Everything below runs without a branch:
        // whether an update places anything is erratic.
        let single = u32::from(SINGLE9[(a & ROW0) as usize])
            | u32::from(SINGLE9[((a >> 9) & ROW0) as usize]) << 9
            | u32::from(SINGLE9[((a >> 18) & ROW0) as usize]) << 18;
        let placed = single & self.unsolved[b];
        self.unsolved[b] &= !placed;
        let mut dd = 0;
        while dd < 9 {
            if dd != d {
                self.f[3 * dd + b] &= !placed;
            }
            dd += 1;
        }
        Ok(())
    }

    /// The stack view (see the module notes) of every digit with a mask
    /// updated since the last one (the others have no news).
    #[inline(always)]
    fn stack_view(&mut self) -> Result<bool, Dead> {
        let mut digits = self.touched;
        self.touched = 0;
        let mut moved = false;
        while digits != 0 {
            let base = 3 * (digits.trailing_zeros() as usize % 9);
            digits &= digits - 1;
            let p = [
                project(self.f[base]),
                project(self.f[base + 1]),
                project(self.f[base + 2]),
            ];
            let open = p[0] | p[1] | p[2];
            if open != ROW0 {
                // A column with no place left for the digit.
                return Err(Dead(1 << (9 + (!open & ROW0).trailing_zeros())));
            }
            // Columns only one band can serve: in that band, the box of such
            // a column must take the digit there.
            let keep = [
                CLAIM_KEEP[(p[0] & !p[1] & !p[2]) as usize],
                CLAIM_KEEP[(p[1] & !p[0] & !p[2]) as usize],
                CLAIM_KEEP[(p[2] & !p[0] & !p[1]) as usize],
            ];
            for (x, &k) in keep.iter().enumerate() {
                let j = base + x;
                let new = self.f[j] & widen(k);
                moved |= new != self.f[j];
                self.f[j] = new;
            }
        }
        Ok(moved)
    }

    /// The triad rule: each mini-row (row ∩ box) and each mini-column
    /// (column ∩ box) holds three different digits. A mini-line only
    /// three digits can reach takes all three: each leaves the rest of its
    /// row or column and of its box. A mini-line three digits are sure of
    /// (confined to it along its line, within its box, or, for a column,
    /// to its band) loses every other digit. A mini-line fewer than three
    /// digits reach, or more than three are sure of, is a contradiction.
    /// All masks must be as their last update left them.
    fn triads(&mut self) -> Result<bool, Dead> {
        let mut proj = [0u32; 27];
        for (p, &a) in proj.iter_mut().zip(&self.f) {
            *p = project(a);
        }
        // Per digit: the columns only one band can serve.
        let mut once = [0u32; 9];
        for (d, o) in once.iter_mut().enumerate() {
            let (p0, p1, p2) = (proj[3 * d], proj[3 * d + 1], proj[3 * d + 2]);
            *o = (p0 ^ p1 ^ p2) & !(p0 & p1 & p2);
        }
        // Per mask: the mini-lines it reaches and those it is sure of, as
        // mini-rows at bits 9r + 3j and mini-columns at bits 32 + c.
        let mut reach = [0u64; 27];
        let mut sure = [0u64; 27];
        for i in 0..27 {
            let e = minis(self.f[i]);
            let p = proj[i];
            reach[i] = u64::from(e) | u64::from(p) << 32;
            let cols = alone_in_box(p) | (p & once[i / 3]);
            sure[i] = u64::from(alone_in_row(e)) | u64::from(cols) << 32;
        }
        // Per band, bit-sliced counts: digits reaching each mini-line (up
        // to 4) and sure of it (up to 4); the lines some digit reaches
        // without being sure of them.
        let mut r = [[0u64; 4]; 3];
        let mut s = [[0u64; 4]; 3];
        let mut open = [0u64; 3];
        for d in 0..9 {
            for b in 0..3 {
                let (x, y) = (reach[3 * d + b], sure[3 * d + b]);
                let c = &mut r[b];
                c[3] |= c[2] & x;
                c[2] |= c[1] & x;
                c[1] |= c[0] & x;
                c[0] |= x;
                let c = &mut s[b];
                c[3] |= c[2] & y;
                c[2] |= c[1] & y;
                c[1] |= c[0] & y;
                c[0] |= y;
                open[b] |= x & !y;
            }
        }
        const LINES: u64 = MINI_AT as u64 | (ROW0 as u64) << 32;
        let mut moved = false;
        for b in 0..3 {
            let bad = (LINES & !r[b][2]) | s[b][3];
            if bad != 0 {
                let t = bad.trailing_zeros();
                let bx = 18 + 3 * b as u32;
                return Err(Dead(if t < 32 {
                    1 << (3 * b as u32 + t / 9) | 1 << (bx + t % 9 / 3)
                } else {
                    1 << (9 + t - 32) | 1 << (bx + (t - 32) / 3)
                }));
            }
            let naked = r[b][2] & !r[b][3] & open[b];
            let hidden = s[b][2] & open[b];
            if naked | hidden == 0 {
                continue;
            }
            for d in 0..9 {
                let j = 3 * d + b;
                let (x, y) = (reach[j], sure[j]);
                let must = x & naked & !y;
                let drop = x & hidden & !y;
                if must | drop == 0 {
                    continue;
                }
                let mut a = self.f[j];
                let mut rows = must as u32 & MINI_AT;
                while rows != 0 {
                    let t = rows.trailing_zeros();
                    rows &= rows - 1;
                    let line = (ROW0 << (t - t % 9)) | (BOX0 << (t % 9));
                    a &= !line | (7 << t);
                }
                let mut cols = (must >> 32) as u32;
                while cols != 0 {
                    let c = cols.trailing_zeros();
                    cols &= cols - 1;
                    a &= !widen(7 << (c - c % 3)) | widen(1 << c);
                    for o in [(b + 1) % 3, (b + 2) % 3] {
                        self.f[3 * d + o] &= !widen(1 << c);
                    }
                }
                let gone = drop as u32 & MINI_AT;
                a &= !(gone | gone << 1 | gone << 2) & !widen((drop >> 32) as u32);
                self.f[j] = a;
            }
            moved = true;
        }
        Ok(moved)
    }

    /// Updates every mask with news, in mask order, until a sweep over
    /// the 27 finds none.
    #[inline(always)]
    fn sweep(&mut self, steps: &mut u64) -> Result<(), Dead> {
        loop {
            // One sweep over the 27 masks, each with its own copy of the
            // update so every index is a constant.
            let mut quiet = true;
            macro_rules! sweep {
                ($($i:literal)*) => {$(
                    if self.f[$i] != self.prev[$i] {
                        quiet = false;
                        self.update::<$i>()?;
                        *steps += 1;
                    }
                )*};
            }
            sweep!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26);
            if quiet {
                return Ok(());
            }
        }
    }

    /// Sweeps until no mask has news, then looks for naked singles, and,
    /// with `view`, runs the stack view once those run dry; repeats while
    /// either finds something. With `root`, the triad rule runs once too,
    /// the first time all of that runs dry (see the module notes). With
    /// `settle` and `wide`, rounds ([`Wide::settle`]) take the sweeps'
    /// place. On success `pairs` is current.
    fn propagate(
        &mut self,
        steps: &mut u64,
        view: bool,
        mut root: bool,
        wide: Option<Wide>,
        settle: bool,
    ) -> Result<(), Dead> {
        let settle = wide.filter(|_| settle);
        loop {
            if let Some(wide) = settle {
                wide.settle(&mut self.f, &mut self.unsolved, steps)
                    .map_err(Dead)?;
                // Rounds keep no account of the masks they change: the
                // sweeps and the stack view after them start afresh (the
                // masks without news then find nothing).
                self.prev = self.f;
                self.touched = ALL_DIGITS;
            } else {
                self.sweep(steps)?;
            }
            if self.is_solved() {
                // Solved: every mask holds its digit's nine cells.
                return Ok(());
            }
            // Candidates per cell, counted to 3 with bit-sliced accumulators,
            // the three bands side by side (they vectorize together).
            let (mut r1, mut r2, mut r3) = ([0u32; 3], [0u32; 3], [0u32; 3]);
            for d in 0..9 {
                for b in 0..3 {
                    let m = self.f[3 * d + b];
                    r3[b] |= r2[b] & m;
                    r2[b] |= r1[b] & m;
                    r1[b] |= m;
                }
            }
            let mut found = false;
            for b in 0..3 {
                let u = self.unsolved[b];
                // A cell with no candidate left, or a placed one with two
                // (placed by two digits at once; only `Wide::settle` leaves
                // such a cell for this count to find).
                let empty = (u & !r1[b]) | (r2[b] & !u);
                if empty != 0 {
                    let k = empty.trailing_zeros();
                    let (r, c) = (3 * b as u32 + k / 9, k % 9);
                    return Err(Dead(1 << r | 1 << (9 + c) | 1 << (18 + r / 3 * 3 + c / 3)));
                }
                let singles = u & !r2[b];
                self.pairs[b] = u & r2[b] & !r3[b];
                if singles != 0 {
                    found = true;
                    for d in 0..9 {
                        let j = 3 * d + b;
                        let mut mine = self.f[j] & singles;
                        while mine != 0 {
                            let k = mine.trailing_zeros() as usize;
                            mine &= mine - 1;
                            // Keep the cell and drop the rest of its row: the
                            // update then places it. Two singles of one digit
                            // in one row empty the row, a contradiction the
                            // update reports.
                            self.clear(j, ROW_OF_BIT[k] & !(1 << k));
                        }
                    }
                }
            }
            if !found {
                // Stuck on singles: try the stack view of every digit with
                // a mask updated since it last looked. Measured on
                // the benchmark sets, it pays only where a bi-value cell
                // exists (otherwise it rarely changes the branch).
                let mut moved = false;
                if view && (self.pairs[0] | self.pairs[1] | self.pairs[2]) != 0 {
                    moved = match wide {
                        Some(wide) => {
                            let digits = std::mem::take(&mut self.touched);
                            wide.stack_view(&mut self.f, digits)
                                .map_err(|column| Dead(1 << (9 + column)))?
                        }
                        None => self.stack_view()?,
                    };
                }
                if root && !moved && self.open_cells() > TRIAD_MIN {
                    // Once: run to a fixpoint it cost more than it saved.
                    root = false;
                    moved = self.triads()?;
                }
                if !moved {
                    return Ok(());
                }
            }
        }
    }

    /// Confines digit `d` to cell `k` of band `b` (a guess).
    #[inline(always)]
    fn assume(&mut self, d: usize, b: usize, k: usize) {
        self.clear(3 * d + b, ROW_OF_BIT[k] & !(1 << k));
    }

    /// Cells not yet placed.
    fn open_cells(&self) -> u32 {
        self.unsolved[0].count_ones()
            + self.unsolved[1].count_ones()
            + self.unsolved[2].count_ones()
    }

    /// Every cell placed.
    #[inline(always)]
    fn is_solved(&self) -> bool {
        self.unsolved[0] | self.unsolved[1] | self.unsolved[2] == 0
    }

    /// The grid of a solved state, without a data-dependent branch: per
    /// band, four bit planes (bit `j` of each cell's digit) are ORed from the
    /// digit masks, then spread to bytes eight cells at a time by table.
    fn cells(&self) -> [u8; 81] {
        let mut cells = [0u8; 81];
        for (b, out) in cells.chunks_exact_mut(27).enumerate() {
            let f = |d: usize| self.f[3 * d + b];
            // Digit d + 1 has bit j set: 1,3,5,7,9 / 2,3,6,7 / 4,5,6,7 / 8,9.
            let planes = [
                f(0) | f(2) | f(4) | f(6) | f(8),
                f(1) | f(2) | f(5) | f(6),
                f(3) | f(4) | f(5) | f(6),
                f(7) | f(8),
            ];
            for (c, chunk) in out.chunks_mut(8).enumerate() {
                let mut bytes = 0u64;
                for (j, &plane) in planes.iter().enumerate() {
                    bytes |= SPREAD8[((plane >> (8 * c)) & 0xFF) as usize] << j;
                }
                chunk.copy_from_slice(&bytes.to_le_bytes()[..chunk.len()]);
            }
        }
        cells
    }

    /// Places left to digit `d` among the peers of a cell of band `b`: in
    /// `near` (the cell's row and box) and in column `c` of the other bands.
    #[inline(always)]
    fn reach(&self, d: usize, b: usize, c: usize, near: u32) -> u32 {
        let col = 0x40201u32;
        let o1 = (self.f[3 * d + (b + 1) % 3] >> c) & col;
        let o2 = (self.f[3 * d + (b + 2) % 3] >> c) & col;
        (u64::from(self.f[3 * d + b] & near) | u64::from(o1 | (o2 << 1)) << 27).count_ones()
    }

    /// The candidates of every cell (bit `d` for digit `d + 1`) once
    /// propagation, with the triad rule when `triads`, has done all it
    /// can from the givens; `None` when it finds a contradiction. Runs the
    /// triad rule whatever the number of open cells.
    #[cfg(test)]
    pub(super) fn root_candidates(givens: &[u8; 81], triads: bool) -> Option<[u32; 81]> {
        let mut state = State::new(givens)?;
        let mut steps = 0;
        state
            .propagate(&mut steps, false, false, None, false)
            .ok()?;
        while triads && state.triads().ok()? {
            state
                .propagate(&mut steps, false, false, None, false)
                .ok()?;
        }
        let mut cells = [0; 81];
        for (i, cell) in cells.iter_mut().enumerate() {
            *cell = state.candidates(i / 27, i % 27);
        }
        Some(cells)
    }

    /// The hard score's branching cell on masks `f` (with their bi-value
    /// cells found by counting, and no cell placed), as the scalar code
    /// and as [`Wide`] find it; `None` without a bi-value cell or without
    /// the CPU features.
    #[cfg(test)]
    pub(super) fn hard_choices(f: [u32; 27]) -> Option<((usize, usize), (usize, usize))> {
        let wide = Wide::detect()?;
        let mut pairs = [0u32; 3];
        for (b, p) in pairs.iter_mut().enumerate() {
            for k in 0..27 {
                let n = (0..9).filter(|&d| f[3 * d + b] >> k & 1 != 0).count();
                *p |= u32::from(n == 2) << k;
            }
        }
        if pairs == [0; 3] {
            return None;
        }
        let state = State {
            f,
            unsolved: [ALL27; 3],
            prev: f,
            pairs,
            touched: 0,
        };
        Some((
            choose(&state, true, true, true, None),
            choose(&state, true, true, true, Some(wide)),
        ))
    }

    /// The stack view of the digits `touched` on masks `f`, as the scalar
    /// code and as [`Wide`] work it out: the masks after it, or the
    /// column of the contradiction; `None` without the CPU features.
    #[cfg(test)]
    #[allow(clippy::type_complexity)] // two results side by side
    pub(super) fn stack_views(
        f: [u32; 27],
        touched: u32,
    ) -> Option<(
        Result<(bool, [u32; 27]), u32>,
        Result<(bool, [u32; 27]), u32>,
    )> {
        let wide = Wide::detect()?;
        let mut state = State {
            f,
            unsolved: [ALL27; 3],
            prev: f,
            pairs: [0; 3],
            touched,
        };
        let scalar = match state.stack_view() {
            Ok(moved) => Ok((moved, state.f)),
            Err(Dead(units)) => Err((units >> 9).trailing_zeros()),
        };
        let mut masks = f;
        let vector = wide
            .stack_view(&mut masks, touched)
            .map(|moved| (moved, masks));
        Some((scalar, vector))
    }

    /// What [`Wide::settle`] does, one mask at a time: rounds that each
    /// derive every mask from the masks the round started with, until one
    /// changes nothing. A round, per mask: the row and box matching
    /// ([`COMPLEX`]; a mask left empty ends the rounds, naming its band, the
    /// first such mask in mask order); the columns the same digit's other
    /// two bands lock in their boxes ([`LOCKED_COLS_KEEP`], from those
    /// bands' matched masks) leave it; its rows with one cell left are
    /// placements (see `lone_rows` in `simd.rs` for a row left empty); a
    /// cell placed by two digits of a band ends the rounds (units 0); the
    /// band's other placements leave it. `steps` gains the masks each
    /// completed round changed; `f` and `unsolved` change only when the
    /// rounds end without a contradiction.
    #[cfg(test)]
    pub(super) fn settle_rounds(
        f: &mut [u32; 27],
        unsolved: &mut [u32; 3],
        steps: &mut u64,
    ) -> Result<(), u32> {
        let mut v = *f;
        let mut placed_all = [0u32; 3];
        loop {
            let mut a = [0u32; 27];
            let mut keep = [0u32; 27];
            for j in 0..27 {
                let x = v[j];
                let shrink = u32::from(SHRINK[(x & ROW0) as usize])
                    | u32::from(SHRINK[((x >> 9) & ROW0) as usize]) << 3
                    | u32::from(SHRINK[((x >> 18) & ROW0) as usize]) << 6;
                a[j] = x & COMPLEX[shrink as usize];
                if a[j] == 0 {
                    let b = j % 3;
                    return Err((7 << (3 * b)) | (7 << (18 + 3 * b)));
                }
                keep[j] = LOCKED_COLS_KEEP[project(a[j]) as usize];
            }
            let mut lone = [0u32; 27];
            let mut placed = [0u32; 3];
            let mut twice = 0;
            for j in 0..27 {
                let (d, b) = (j / 3, j % 3);
                a[j] &= keep[3 * d + (b + 1) % 3] & keep[3 * d + (b + 2) % 3];
                let rest = a[j] & a[j].wrapping_sub(0x40201);
                for r in 0..3 {
                    if rest & (ROW0 << (9 * r)) == 0 {
                        lone[j] |= a[j] & (ROW0 << (9 * r));
                    }
                }
                twice |= placed[b] & lone[j];
                placed[b] |= lone[j];
            }
            if twice != 0 {
                return Err(0);
            }
            let mut changed = 0;
            for j in 0..27 {
                let b = j % 3;
                let new = a[j] & !(placed[b] & !lone[j]);
                changed += u64::from(new != v[j]);
                v[j] = new;
                placed_all[b] |= placed[b];
            }
            *steps += changed;
            if changed == 0 {
                break;
            }
        }
        *f = v;
        for (u, p) in unsolved.iter_mut().zip(placed_all) {
            *u &= !p;
        }
        Ok(())
    }

    /// The masks and unsolved cells of the board `givens` as set up, or
    /// `None` when the givens break a rule.
    #[cfg(test)]
    pub(super) fn masks(givens: &[u8; 81]) -> Option<([u32; 27], [u32; 3])> {
        State::new(givens).map(|s| (s.f, s.unsolved))
    }

    /// [`State::settle_rounds`] and [`Wide::settle`] on the same masks and
    /// unsolved cells: each one's result, masks, unsolved cells and steps;
    /// `None` without the CPU features.
    #[cfg(test)]
    #[allow(clippy::type_complexity)] // two results side by side
    pub(super) fn settles(
        f: [u32; 27],
        unsolved: [u32; 3],
    ) -> Option<[(Result<(), u32>, [u32; 27], [u32; 3], u64); 2]> {
        let wide = Wide::detect()?;
        let (mut f1, mut u1, mut s1) = (f, unsolved, 0);
        let scalar = State::settle_rounds(&mut f1, &mut u1, &mut s1);
        let (mut f2, mut u2, mut s2) = (f, unsolved, 0);
        let vector = wide.settle(&mut f2, &mut u2, &mut s2);
        Some([(scalar, f1, u1, s1), (vector, f2, u2, s2)])
    }

    /// Candidate digits of cell `k` in band `b`, as a 9-bit mask.
    fn candidates(&self, b: usize, k: usize) -> u32 {
        let mut c = 0;
        for d in 0..9 {
            c |= ((self.f[3 * d + b] >> k) & 1) << d;
        }
        c
    }
}

/// How the search picks the cell to branch on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Branching {
    /// The rules of the module notes; the search gives up after
    /// [`WEIGHTED`] dead ends, to be restarted with [`Branching::Weighted`].
    Usual,
    /// By the weights of the units, from the root (see [`choose_weighted`]).
    Weighted,
}

/// Per unit (rows 0-8, columns 9-17, boxes 18-26), the dead ends whose
/// contradiction showed in it; carried from a run to its restart.
pub type Weights = [u32; 27];

/// The depth-first search over states, with its limit and counters.
pub(super) struct Searcher<'a> {
    limit: usize,
    /// Solutions to build and emit: only the first `keep` are.
    keep: usize,
    found: usize,
    emit: &'a mut dyn FnMut(&[u8; 81]),
    steps: u64,
    guesses: u64,
    /// Dead ends met so far.
    failures: u64,
    branching: Branching,
    weights: &'a mut Weights,
    /// Guesses allowed without finding a solution before giving up.
    budget: u64,
    /// Guesses since the last solution (or the start).
    dry: u64,
    /// The budget ran out: the count is incomplete.
    gave_up: bool,
    /// Givens of the puzzle.
    clues: u32,
    /// The given cells of each band.
    given: [u32; 3],
    /// The latest guess: its cell (band, bit) and the cell's candidates then.
    last: (usize, usize, u32),
    /// The CPU runs the AVX-512 paths ([`Wide`]): the hard branching
    /// score and the stack view in vector lanes.
    wide: Option<Wide>,
}

impl Searcher<'_> {
    /// Explores `from`, with `guess` made in it if any (not yet
    /// propagated), until the limit is reached; each branch is explored by
    /// `recurse`, given this frame's state and the guess to make in its
    /// copy. The state is copied once, here: passed on by value, it was
    /// copied twice per branch, and a copy of a state just written waits
    /// for its stores (1.6% of the instructions on serg_benchmark_multisol,
    /// but 2-5% of the time on every set). Always inlined, so that the whole search
    /// is compiled once per caller: once portable ([`run_portable`]) and
    /// once with extra instructions in [`super::simd`].
    #[inline(always)]
    pub(super) fn explore(
        &mut self,
        from: &State,
        guess: Option<Guess>,
        recurse: impl Fn(&mut Self, &State, Option<Guess>),
    ) {
        let mut state = *from;
        if let Some(Guess { d, b, k }) = guess {
            state.assume(d, b, k);
        }
        loop {
            // The stack view, once the puzzle has shown itself not easy,
            // or from the root where a long search is likely.
            let long = self.likely_long();
            let view = self.failures > 0 || long;
            if let Err(Dead(mut units)) = state.propagate(
                &mut self.steps,
                view,
                self.guesses == 0 && self.clues >= MIN_UNIQUE_CLUES,
                self.wide,
                long || self.guesses == 0,
            ) {
                self.failures += 1;
                while units != 0 {
                    self.weights[units.trailing_zeros() as usize] += 1;
                    units &= units - 1;
                }
                if self.branching == Branching::Usual && self.failures >= WEIGHTED {
                    // Restarted by the caller, with the weights.
                    self.gave_up = true;
                }
                return;
            }
            if state.is_solved() {
                self.found += 1;
                self.dry = 0;
                if self.found <= self.keep {
                    (self.emit)(&state.cells());
                }
                // When the limit is 2 and no second grid is wanted, the
                // count is complete here if a second solution is known to
                // exist: a board with fewer than [`MIN_UNIQUE_CLUES`] givens
                // that has a solution has another, and a swap through the
                // latest guess's cell makes another (see the module notes).
                if self.found == 1
                    && self.limit == 2
                    && self.keep <= 1
                    && (self.clues < MIN_UNIQUE_CLUES || self.swap_at_last_guess(&state))
                {
                    self.found = 2;
                }
                return;
            }
            let weighted = self.branching == Branching::Weighted;
            let (b, k) = if weighted {
                choose_weighted(&state, self.weights)
            } else if self.failures >= HARD || self.likely_long() {
                choose(&state, true, true, self.limit >= 2, self.wide)
            } else {
                // The better cell once a dead end has shown the puzzle is
                // not easy.
                choose(&state, self.failures > 0, false, self.limit >= 2, self.wide)
            };
            let mut cand = state.candidates(b, k);
            if cand == 0 {
                // Propagation leaves no empty cell; this only guards the loop.
                return;
            }
            let all = cand;
            // Of two candidates, the one with more places left among the
            // cell's peers goes first (measured: it finds the solution after
            // fewer guesses than the other way round or digit order), on
            // boards with at most [`EARLY_MAX_CLUES`] givens (see the module
            // notes).
            if cand.count_ones() == 2 && self.clues <= EARLY_MAX_CLUES {
                let lo = cand.trailing_zeros() as usize;
                let hi = 31 - cand.leading_zeros() as usize;
                let (c, j) = (k % 9, k % 9 / 3);
                let near = ROW_OF_BIT[k] | (BOX0 << (3 * j));
                if state.reach(hi, b, c, near) > state.reach(lo, b, c, near) {
                    // Try `hi` first: clear `lo` from the iteration order.
                    if !self.guess(b, k, all) {
                        return;
                    }
                    recurse(self, &state, Some(Guess { d: hi, b, k }));
                    if self.stop() || !self.guess(b, k, all) {
                        return;
                    }
                    state.assume(lo, b, k);
                    continue;
                }
            }
            // Every candidate but the last gets a copy; the last one continues
            // in this frame's state.
            loop {
                let d = cand.trailing_zeros() as usize;
                cand &= cand - 1;
                if !self.guess(b, k, all) {
                    return;
                }
                if cand == 0 {
                    state.assume(d, b, k);
                    break;
                }
                recurse(self, &state, Some(Guess { d, b, k }));
                if self.stop() {
                    return;
                }
            }
        }
    }

    /// Whether the board's givens, from [`MIN_UNIQUE_CLUES`] to
    /// [`EARLY_MAX_CLUES`], make a long search likely (see the module notes).
    #[inline(always)]
    fn likely_long(&self) -> bool {
        (MIN_UNIQUE_CLUES..=EARLY_MAX_CLUES).contains(&self.clues)
    }

    /// Whether the solved `state` gives another solution by a swap through
    /// the latest guess's cell (see [`swap_through`]).
    fn swap_at_last_guess(&self, state: &State) -> bool {
        let (b, k, cands) = self.last;
        swap_through(state, &self.given, b, k, cands)
    }

    /// Counts a guess at cell `k` of band `b`, whose candidates are `cands`,
    /// and keeps it as the latest; false when the budget is spent (the
    /// search then unwinds).
    #[inline(always)]
    fn guess(&mut self, b: usize, k: usize, cands: u32) -> bool {
        self.last = (b, k, cands);
        self.guesses += 1;
        self.dry += 1;
        if self.dry > self.budget {
            self.gave_up = true;
        }
        !self.gave_up
    }

    /// Whether the search is over: the limit reached or the budget spent.
    #[inline(always)]
    fn stop(&self) -> bool {
        self.found >= self.limit || self.gave_up
    }
}

/// Whether the solved `state` gives another solution by swapping two digits
/// in a rectangle of four cells through cell `k1` of band `b1`: that cell's
/// digit `x` and another `y` of `cands`, with `y` in its row and column, `x`
/// at the fourth corner, the corners in exactly two boxes and none of them
/// in `given`. Every row, column and box of the rectangle then holds both
/// digits on two of its corners, so the swap keeps each rule, and the grid
/// keeps its givens.
pub(super) fn swap_through(
    state: &State,
    given: &[u32; 3],
    b1: usize,
    k1: usize,
    cands: u32,
) -> bool {
    // The cell's digit: one of `cands` (only those are read), or no swap.
    let mut x = 9;
    let mut rest = cands;
    while rest != 0 {
        let d = rest.trailing_zeros() as usize % 9;
        rest &= rest - 1;
        if (state.f[3 * d + b1] >> k1) & 1 != 0 {
            x = d;
        }
    }
    if x == 9 {
        return false;
    }
    let (row1, c1) = (k1 / 9, k1 % 9);
    let mut others = cands & !(1 << x);
    while others != 0 {
        let y = others.trailing_zeros() as usize % 9;
        others &= others - 1;
        // `y` in the cell's row, then in its column.
        let c2 = ((state.f[3 * y + b1] >> (9 * row1)) & ROW0).trailing_zeros() as usize % 9;
        let Some(b2) = (0..3).find(|&b| (state.f[3 * y + b] >> c1) & 0x40201 != 0) else {
            continue;
        };
        let row2 = ((state.f[3 * y + b2] >> c1) & 0x40201).trailing_zeros() as usize / 9;
        let k2 = 9 * row2 + c2;
        // `x` at the fourth corner; two boxes: one band and two stacks, or
        // the other way round.
        if (state.f[3 * x + b2] >> k2) & 1 == 0 || (b1 == b2) == (c1 / 3 == c2 / 3) {
            continue;
        }
        let corners1 = 1 << k1 | 1 << (9 * row1 + c2);
        let corners2 = 1 << (9 * row2 + c1) | 1 << k2;
        if given[b1] & corners1 == 0 && given[b2] & corners2 == 0 {
            return true;
        }
    }
    false
}

/// The search compiled for any CPU of the target.
pub(super) fn run_portable(searcher: &mut Searcher<'_>, from: &State, guess: Option<Guess>) {
    searcher.explore(from, guess, run_portable);
}

/// A guess: digit `d` in cell `k` of band `b`.
#[derive(Clone, Copy)]
pub(super) struct Guess {
    d: usize,
    b: usize,
    k: usize,
}

/// The cell to branch on (band, bit): with `smart`, the bi-value cell
/// scoring best (see the module notes; `hard` scores what each branch
/// settles); else the first bi-value cell; failing those, with `smart` and
/// `whole` (the search goes on past a first solution), the cell with the
/// fewest candidates whose digits have the most places among its peers
/// ([`fewest_candidates`]), else the first unsolved cell of a band, the one
/// of the three with the fewest candidates. Only called on a propagated,
/// unsolved state.
#[inline(always)]
fn choose(
    state: &State,
    smart: bool,
    hard: bool,
    whole: bool,
    wide: Option<Wide>,
) -> (usize, usize) {
    if smart && (state.pairs[0] | state.pairs[1] | state.pairs[2]) != 0 {
        if let (true, Some(wide)) = (hard, wide) {
            return wide.best_pair(&state.f, &state.pairs);
        }
        // A cell's score: the bi-value cells among its peers (row, box,
        // column), one population count per cell: the band's own peers
        // and, above them, its column in the other two bands.
        let mut best = (0, 0);
        let mut best_score = 0;
        for b in 0..3 {
            let p = state.pairs[b];
            if p == 0 {
                continue;
            }
            let (p1, p2) = (state.pairs[(b + 1) % 3], state.pairs[(b + 2) % 3]);
            let masks = BandMasks::new(&state.f, b);
            let mut q = p;
            while q != 0 {
                let k = q.trailing_zeros() as usize & 31;
                q &= q - 1;
                let score = if hard {
                    // For both digits: twice the bi-value peers holding it,
                    // plus its places among the peers. The bi-value peers
                    // holding a digit are its places among the bi-value
                    // peers: one extraction of the peers per mask.
                    let cand = masks.at(k);
                    let lo = cand.trailing_zeros() as usize;
                    let hi = 31 - cand.leading_zeros() as usize;
                    let (b1, b2) = ((b + 1) % 3, (b + 2) % 3);
                    let pairs = peer_bits(p, p1, p2, k);
                    let places = |d: usize| {
                        peer_bits(
                            state.f[3 * d + b],
                            state.f[3 * d + b1],
                            state.f[3 * d + b2],
                            k,
                        )
                    };
                    let (at_lo, at_hi) = (places(lo), places(hi));
                    // The product of the two branches' figures, each plus
                    // one: every cell scores above the starting best.
                    let settle_lo = at_lo.count_ones() + 2 * (at_lo & pairs).count_ones();
                    let settle_hi = at_hi.count_ones() + 2 * (at_hi & pairs).count_ones();
                    (1 + settle_lo) * (1 + settle_hi)
                } else {
                    // Plus one: every cell scores above the starting best.
                    1 + peers_in(p, p1, p2, k)
                };
                if score > best_score {
                    best_score = score;
                    best = (b, k);
                }
            }
        }
        return best;
    }
    for b in 0..3 {
        let p = state.pairs[b];
        if p != 0 {
            return (b, p.trailing_zeros() as usize);
        }
    }
    if smart && whole {
        return fewest_candidates(state);
    }
    // No bi-value cell: of the first unsolved cell of each band, the one
    // with the fewest candidates. Staying at the top of each band fills the
    // grid in a compact order; on puzzles with many solutions, picking
    // tri-value cells scattered over the grid instead led some searches
    // into large dead subtrees (hundreds of times slower on a few puzzles).
    let mut best = (0, 0);
    let mut best_n = u32::MAX;
    for b in 0..3 {
        let u = state.unsolved[b];
        if u != 0 {
            let k = u.trailing_zeros() as usize;
            let n = u32::from(POP9[state.candidates(b, k) as usize & 511]);
            if n < best_n {
                best_n = n;
                best = (b, k);
            }
        }
    }
    best
}

/// Of the unsolved cells with the fewest candidates, the one whose digits
/// have the most places among its peers (what its branches eliminate, all
/// added up); for a branch point with no bi-value cell, on a search that
/// explores every branch (counting past the first solution). There it cut
/// forum_hardest_1905_11plus's guesses at limit 2 by 3.2% (143.44 to
/// 138.79 on its first 5,000 puzzles; the sum did as well as the product,
/// which made 2.3% more on forum_hardest_1106) and its time by about 2%.
/// At limit 1 it made forum_hardest_1106's guesses 46% more (79.9 to
/// 116.4): which branch holds the solution matters more there than the
/// size of the tree, and the usual choice is kept. Branching there on a
/// digit with two places left in a row, column or box instead made more
/// guesses on both forum sets.
fn fewest_candidates(state: &State) -> (usize, usize) {
    let mut best = (0, 0);
    let (mut best_n, mut best_score) = (u32::MAX, 0);
    for b in 0..3 {
        let (b1, b2) = ((b + 1) % 3, (b + 2) % 3);
        let masks = BandMasks::new(&state.f, b);
        let mut open = state.unsolved[b];
        while open != 0 {
            let k = open.trailing_zeros() as usize & 31;
            open &= open - 1;
            let mut cand = masks.at(k);
            let n = cand.count_ones();
            if n > best_n {
                continue;
            }
            let mut score = 0;
            while cand != 0 {
                let d = cand.trailing_zeros() as usize % 9;
                cand &= cand - 1;
                score += peers_in(
                    state.f[3 * d + b],
                    state.f[3 * d + b1],
                    state.f[3 * d + b2],
                    k,
                );
            }
            if n < best_n || score > best_score {
                (best_n, best_score) = (n, score);
                best = (b, k);
            }
        }
    }
    best
}

/// The cells of a band mask among the peers of cell `k` (index below 32;
/// the cell itself excluded): `own` in the band's row, box and column, and
/// `other1`, `other2` in the cell's column in the other two bands.
#[inline(always)]
fn peers_in(own: u32, other1: u32, other2: u32, k: usize) -> u32 {
    peer_bits(own, other1, other2, k).count_ones()
}

/// The cells of [`peers_in`], as a set: the band's peers at bits 0-26, the
/// column in the other two bands above them.
#[inline(always)]
fn peer_bits(own: u32, other1: u32, other2: u32, k: usize) -> u64 {
    let c = k % 9;
    let col = 0x40201u32;
    let column = ((other1 >> c) & col) | (((other2 >> c) & col) << 1);
    u64::from(own & BAND_PEERS[k]) | u64::from(column) << 27
}

/// Dead ends after which a search with the usual branching gives up, to be
/// restarted with [`Branching::Weighted`]. The benchmark puzzles need at most
/// about 1,100 guesses, and one of them reaches this many dead ends.
pub(super) const WEIGHTED: u64 = 500;

/// The cell to branch on with [`Branching::Weighted`]: the unsolved cell
/// with the most dead ends in its units per candidate (the "dom/wdeg" rule
/// of constraint solvers). On boards whose contradiction lies in a corner of
/// the grid, the usual rules keep branching on the open part, and every
/// filling of it repeats the same refutation; this one turns to where the
/// refutations happen.
fn choose_weighted(state: &State, weights: &Weights) -> (usize, usize) {
    let mut best = (0, 0);
    let (mut best_w, mut best_n) = (0u64, 1u64);
    for b in 0..3 {
        let mut u = state.unsolved[b];
        while u != 0 {
            let k = u.trailing_zeros() as usize;
            u &= u - 1;
            let (r, c) = (3 * b + k / 9, k % 9);
            let w = u64::from(1 + weights[r] + weights[9 + c] + weights[18 + r / 3 * 3 + c / 3]);
            let n = u64::from(state.candidates(b, k).count_ones());
            if w * best_n > best_w * n {
                (best_w, best_n) = (w, n);
                best = (b, k);
            }
        }
    }
    best
}

/// Finds up to `limit` solutions of `givens` (0 blank, 1-9 digits), passing
/// the first `keep` of them to `emit`, and returns how many it found. The
/// solutions past `keep` are only counted: no grid is built for them.
///
/// `stats.guesses` counts the candidates tried at branch points;
/// `stats.steps` counts propagation steps: band updates, each of which
/// re-derives one digit's candidates in one band and carries out the
/// placements and eliminations that follow (locked candidates, singles).
/// Counting updates rather than placed digits keeps the count free: it is
/// one increment where the update runs anyway. Both count the work of a
/// restart too.
#[cfg_attr(not(test), allow(dead_code))]
pub fn search(
    givens: &[u8; 81],
    limit: usize,
    keep: usize,
    emit: &mut dyn FnMut(&[u8; 81]),
    stats: &mut Stats,
) -> usize {
    search_in(givens, limit, keep, emit, stats, true)
}

/// [`search`] with the portable build of the search forced when
/// `accelerate` is false (the tests compare both). The solutions of a run
/// that gives up for a restart are dropped; the restart finds them again.
#[cfg_attr(not(test), allow(dead_code))]
pub(super) fn search_in(
    givens: &[u8; 81],
    limit: usize,
    keep: usize,
    emit: &mut dyn FnMut(&[u8; 81]),
    stats: &mut Stats,
    accelerate: bool,
) -> usize {
    let Some(state) = State::new(givens) else {
        return 0;
    };
    let mut weights = Weights::default();
    let mut run = |branching, e: &mut dyn FnMut(&[u8; 81])| {
        let budget = u64::MAX;
        search_with(
            &state,
            limit,
            keep,
            e,
            stats,
            accelerate,
            budget,
            branching,
            &mut weights,
        )
    };
    if let Some(n) = super::complete(|e| run(Branching::Usual, e), emit) {
        return n;
    }
    run(Branching::Weighted, emit).unwrap_or(0)
}

/// One run of the search from `state` (made by [`State::new`], so a
/// restart does not redo it): `None` when it gives up, after `budget`
/// guesses in a row that find no solution or, with [`Branching::Usual`],
/// after [`WEIGHTED`] dead ends. What was emitted before then is only part
/// of the answer. `weights` are read and added to.
#[allow(clippy::too_many_arguments)] // one private entry with every knob
pub(super) fn search_with(
    state: &State,
    limit: usize,
    keep: usize,
    emit: &mut dyn FnMut(&[u8; 81]),
    stats: &mut Stats,
    accelerate: bool,
    budget: u64,
    branching: Branching,
    weights: &mut Weights,
) -> Option<usize> {
    if limit == 0 {
        return Some(0);
    }
    let mut searcher = Searcher {
        limit,
        keep,
        found: 0,
        emit,
        steps: 0,
        guesses: 0,
        failures: 0,
        branching,
        weights,
        budget,
        dry: 0,
        gave_up: false,
        clues: 81 - state.open_cells(),
        given: [
            ALL27 & !state.unsolved[0],
            ALL27 & !state.unsolved[1],
            ALL27 & !state.unsolved[2],
        ],
        last: (0, 0, 0),
        wide: if accelerate { Wide::detect() } else { None },
    };
    if accelerate {
        simd::run(&mut searcher, state);
    } else {
        run_portable(&mut searcher, state, None);
    }
    stats.steps += searcher.steps;
    stats.guesses += searcher.guesses;
    (!searcher.gave_up).then_some(searcher.found)
}
