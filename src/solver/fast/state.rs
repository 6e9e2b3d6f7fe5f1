//! The search state and its propagation: the 27 digit-band masks, how
//! givens and guesses enter them, and the rules that narrow them until
//! nothing changes or a contradiction shows. An update is branch-free but
//! for its contradiction test: which updates place a digit is too erratic
//! to predict. Rules that cost more than they usually find (the stack view,
//! the triad rule, vector rounds) run only where the search asks for them.

use super::simd::Wide;
use super::tables::{
    ALL_DIGITS, ALL27, BAND_PEERS, BOX0, CLAIM_KEEP, COMPLEX, LOCKED_COLS_KEEP, MINI_AT,
    ROW_OF_BIT, ROW0, SHRINK, SINGLE9, SPREAD8, alone_in_box, alone_in_row, minis, project, widen,
};

/// Open cells above which the root runs the triad rule (see the module
/// notes): below, propagation has left too little for it to find.
const TRIAD_MIN: u32 = 50;

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
/// A branch died; the units (bit `u`: rows 0-8, columns 9-17, boxes
/// 18-26) where the contradiction showed, for the weights of
/// [`choose_weighted`](super::branching::choose_weighted).
pub(super) struct Dead(pub(super) u32);

/// The rules a propagation may use beyond sweeps and naked singles, each
/// worth its cost only on some boards or at some nodes.
#[derive(Clone, Copy)]
pub(super) struct Rules {
    /// The stack view, once singles run dry and a bi-value cell exists.
    pub(super) stack_view: bool,
    /// The triad rule, once, the first time everything else runs dry.
    pub(super) triads: bool,
    /// Rounds ([`Wide::settle`]) in the sweeps' place, where the CPU has
    /// them.
    pub(super) rounds: bool,
}

#[derive(Clone, Copy)]
pub(in crate::solver) struct State {
    /// `f[3 * d + b]`: cells of band `b` still open to digit `d`.
    pub(super) f: [u32; 27],
    /// Cells of each band not yet placed.
    pub(super) unsolved: [u32; 3],
    /// Each mask as its last update left it: a mask that differs has news.
    /// Starts at an impossible value so that every mask gets a first update.
    pub(super) prev: [u32; 27],
    /// Bi-value unsolved cells per band, as found by the last candidate count.
    pub(super) pairs: [u32; 3],
    /// Digits (bit `d`) with a mask updated since the last stack view: the
    /// stack view only has news for them.
    pub(super) touched: u32,
}

impl State {
    /// The state with `givens` placed, or `None` when they break a rule (a
    /// digit twice in a row, column or box: every such pair is found here)
    /// or hold a value above 9.
    pub(in crate::solver) fn new(givens: &[u8; 81]) -> Option<State> {
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

    /// Updates digit-band mask `I` (see `docs/engine.md`).
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

    /// The stack view (see `docs/engine.md`) of every digit with a mask
    /// updated since the last one (the others have no news).
    #[inline(always)]
    pub(super) fn stack_view(&mut self) -> Result<bool, Dead> {
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
    pub(super) fn triads(&mut self) -> Result<bool, Dead> {
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

    /// Sweeps until no mask has news, then looks for naked singles, and
    /// runs the stack view once those run dry; repeats while either finds
    /// something. The triad rule runs once too, the first time all of that
    /// runs dry (see `docs/engine.md`). With `wide`, rounds
    /// ([`Wide::settle`]) take the sweeps' place. Each of these only where
    /// `rules` allow it. On success `pairs` is current.
    #[inline(always)]
    pub(super) fn propagate(
        &mut self,
        steps: &mut u64,
        rules: Rules,
        wide: Option<Wide>,
    ) -> Result<(), Dead> {
        let Rules {
            stack_view,
            triads,
            rounds,
        } = rules;
        self.propagate_by(steps, stack_view, triads, wide, rounds)
    }

    /// [`State::propagate`] with one argument per rule: this hot function
    /// then takes them in registers of their own, not packed in one.
    fn propagate_by(
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
                // a mask updated since it last looked. It pays only where a
                // bi-value cell exists (otherwise it rarely changes the
                // branch).
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
    pub(super) fn assume(&mut self, d: usize, b: usize, k: usize) {
        self.clear(3 * d + b, ROW_OF_BIT[k] & !(1 << k));
    }

    /// Rules digit `d` (0-8) out of the blank cell `k` of band `b`: a
    /// constraint the givens cannot say, for the generator's question of
    /// whether a blank can hold another digit than its solution's.
    pub(in crate::solver) fn exclude(&mut self, d: usize, b: usize, k: usize) {
        self.clear(3 * d + b, 1 << k);
    }

    /// Cells not yet placed.
    pub(super) fn open_cells(&self) -> u32 {
        self.unsolved[0].count_ones()
            + self.unsolved[1].count_ones()
            + self.unsolved[2].count_ones()
    }

    /// Every cell placed.
    #[inline(always)]
    pub(super) fn is_solved(&self) -> bool {
        self.unsolved[0] | self.unsolved[1] | self.unsolved[2] == 0
    }

    /// The grid of a solved state, without a data-dependent branch: per
    /// band, four bit planes (bit `j` of each cell's digit) are ORed from the
    /// digit masks, then spread to bytes eight cells at a time by table.
    pub(super) fn cells(&self) -> [u8; 81] {
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
    pub(super) fn reach(&self, d: usize, b: usize, c: usize, near: u32) -> u32 {
        let col = 0x40201u32;
        let o1 = (self.f[3 * d + (b + 1) % 3] >> c) & col;
        let o2 = (self.f[3 * d + (b + 2) % 3] >> c) & col;
        (u64::from(self.f[3 * d + b] & near) | u64::from(o1 | (o2 << 1)) << 27).count_ones()
    }

    /// Candidate digits of cell `k` in band `b`, as a 9-bit mask.
    pub(super) fn candidates(&self, b: usize, k: usize) -> u32 {
        let mut c = 0;
        for d in 0..9 {
            c |= ((self.f[3 * d + b] >> k) & 1) << d;
        }
        c
    }
}
