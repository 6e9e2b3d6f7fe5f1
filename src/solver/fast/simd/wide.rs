//! The AVX-512 kernels behind [`Wide`](super::Wide): the branching
//! score, the stack view and the propagation rounds, each over all 27
//! digit-band masks (or sixteen cells) at once, laid out as the 27 masks in
//! two registers, lane `3 * d + b`. Only [`Wide`](super::Wide) calls them,
//! once the CPU has the features they are compiled for.

use std::arch::x86_64::*;

/// For each cell of a band: its column.
static COLUMN: [u32; 32] = {
    let mut t = [0u32; 32];
    let mut k = 0;
    while k < 27 {
        t[k] = (k % 9) as u32;
        k += 1;
    }
    t
};

/// Lane `j` of the 27 digit masks (`3 * d + b`, in two registers):
/// the index of the same digit's mask in band `b + 1` and in band
/// `b + 2` (mod 3), and the digit's bit.
const fn lanes(shift: usize) -> [i32; 32] {
    let mut t = [0i32; 32];
    let mut j = 0;
    while j < 27 {
        t[j] = (3 * (j / 3) + (j % 3 + shift) % 3) as i32;
        j += 1;
    }
    t
}
static NEXT: [i32; 32] = lanes(1);
static LAST: [i32; 32] = lanes(2);
static DIGIT_BIT: [u32; 32] = {
    let mut t = [0u32; 32];
    let mut j = 0;
    while j < 27 {
        t[j] = 1 << (j / 3);
        j += 1;
    }
    t
};

/// The 27 digit masks in two registers, lane `3 * d + b` (lanes 27-31
/// empty).
#[inline]
#[target_feature(enable = "avx512f")]
fn load_masks(f: &[u32; 27]) -> [__m512i; 2] {
    // SAFETY: `f` has 27 elements; the second load reads only the
    // lanes 16-26 its mask selects.
    unsafe {
        [
            _mm512_loadu_si512(f.as_ptr().cast()),
            _mm512_maskz_loadu_epi32(0x07FF, f.as_ptr().add(16).cast()),
        ]
    }
}

/// A table of 32 four-byte entries in two registers.
#[inline]
#[target_feature(enable = "avx512f")]
fn table<T: Copy>(t: &[T; 32]) -> [__m512i; 2] {
    const { assert!(std::mem::size_of::<T>() == 4) };
    // SAFETY: the table is 128 bytes, the two loads 64 each.
    unsafe {
        [
            _mm512_loadu_si512(t.as_ptr().cast()),
            _mm512_loadu_si512(t.as_ptr().add(16).cast()),
        ]
    }
}

/// Each lane's mask with its three rows ORed into the first (bits
/// 0-8 hold the columns holding a cell of it; the bits above are left
/// as they fall).
#[inline]
#[target_feature(enable = "avx512f")]
fn fold_rows(a: __m512i) -> __m512i {
    _mm512_ternarylogic_epi32::<0xFE>(a, _mm512_srli_epi32(a, 9), _mm512_srli_epi32(a, 18))
}

/// The 9-bit column set of each lane's mask (the columns holding a
/// cell of it).
#[inline]
#[target_feature(enable = "avx512f")]
fn project(a: __m512i) -> __m512i {
    _mm512_and_si512(fold_rows(a), _mm512_set1_epi32(0x1FF))
}

/// `State::stack_view` for every digit of `touched` at once (see
/// [`super::Wide::stack_view`]). Each lane is one digit-band mask; the
/// same digit's other two bands come to it by permutes. A digit's
/// masks depend on no other digit's, so doing them together changes
/// nothing; a contradiction is reported for the lowest digit, as the
/// scalar loop finds it first.
#[target_feature(enable = "avx512f")]
pub(super) fn stack_view(f: &mut [u32; 27], touched: u32) -> Result<bool, u32> {
    let [f_lo, f_hi] = load_masks(f);
    let [next_lo, next_hi] = table(&NEXT);
    let [last_lo, last_hi] = table(&LAST);
    let [bit_lo, bit_hi] = table(&DIGIT_BIT);
    let (p_lo, p_hi) = (project(f_lo), project(f_hi));
    let digits = _mm512_set1_epi32(touched as i32);
    let all = _mm512_set1_epi32(0x1FF);
    let group = _mm512_set1_epi32(0o111);
    let mut new = [f_lo, f_hi];
    let mut live = [0 as __mmask16; 2];
    let mut bad = [0 as __mmask16; 2];
    let mut open = [f_lo, f_hi];
    for (h, (own, next, last, bit)) in [
        (p_lo, next_lo, last_lo, bit_lo),
        (p_hi, next_hi, last_hi, bit_hi),
    ]
    .into_iter()
    .enumerate()
    {
        let other1 = _mm512_permutex2var_epi32(p_lo, next, p_hi);
        let other2 = _mm512_permutex2var_epi32(p_lo, last, p_hi);
        let others = _mm512_or_si512(other1, other2);
        let valid: __mmask16 = if h == 0 { 0xFFFF } else { 0x07FF };
        live[h] = _mm512_mask_test_epi32_mask(valid, bit, digits);
        open[h] = _mm512_or_si512(own, others);
        bad[h] = _mm512_mask_cmpneq_epi32_mask(live[h], open[h], all);
        // Columns only this band serves: in each of the band's boxes
        // that holds one, the box keeps just those columns.
        let once = _mm512_andnot_si512(others, own);
        let ored = _mm512_or_si512(
            _mm512_or_si512(once, _mm512_srli_epi32(once, 1)),
            _mm512_srli_epi32(once, 2),
        );
        let boxes = _mm512_and_si512(ored, group);
        let spread = _mm512_or_si512(
            _mm512_or_si512(boxes, _mm512_slli_epi32(boxes, 1)),
            _mm512_slli_epi32(boxes, 2),
        );
        let keep = _mm512_or_si512(
            _mm512_and_si512(once, spread),
            _mm512_andnot_si512(spread, all),
        );
        let wide = _mm512_or_si512(
            _mm512_or_si512(keep, _mm512_slli_epi32(keep, 9)),
            _mm512_slli_epi32(keep, 18),
        );
        new[h] = _mm512_and_si512(if h == 0 { f_lo } else { f_hi }, wide);
    }
    if bad[0] | bad[1] != 0 {
        let (h, lane) = if bad[0] != 0 {
            (0, bad[0].trailing_zeros())
        } else {
            (1, bad[1].trailing_zeros())
        };
        let mut columns = [0u32; 16];
        // SAFETY: `columns` has 16 elements.
        unsafe { _mm512_storeu_si512(columns.as_mut_ptr().cast(), open[h]) };
        return Err((!columns[lane as usize & 15] & 0x1FF).trailing_zeros());
    }
    let changed = _mm512_mask_cmpneq_epi32_mask(live[0], new[0], f_lo)
        | _mm512_mask_cmpneq_epi32_mask(live[1], new[1], f_hi);
    // SAFETY: as for the loads above.
    unsafe {
        _mm512_mask_storeu_epi32(f.as_mut_ptr().cast(), live[0], new[0]);
        _mm512_mask_storeu_epi32(f.as_mut_ptr().add(16).cast(), live[1], new[1]);
    }
    Ok(changed != 0)
}

/// Per lane, a digit-band mask: the mask after the row and box matching
/// (`tables::COMPLEX`), and the columns it then locks in the same
/// digit's other two bands (columns alone in their box), as cells.
#[inline]
#[target_feature(enable = "avx512f")]
fn matched(v: __m512i) -> (__m512i, __m512i) {
    // The boxes each row reaches: bit 9r + 3x for row r, box x.
    let m = _mm512_and_si512(
        _mm512_ternarylogic_epi32::<0xFE>(v, _mm512_srli_epi32(v, 1), _mm512_srli_epi32(v, 2)),
        _mm512_set1_epi32(0x124_9249),
    );
    // A (row, box) pair lies on a matching of rows to boxes when the
    // other two rows reach the other two boxes, one each way. At bit
    // (r, x): `b1` holds (r, x + 1) and `b2` holds (r, x + 2). The
    // selector of `b2` holds bit 27, where the last box of the last
    // row would carry to.
    let b1 = _mm512_ternarylogic_epi32::<0xCA>(
        _mm512_set1_epi32(0o100_100_100),
        _mm512_slli_epi32(m, 6),
        _mm512_srli_epi32(m, 3),
    );
    let b2 = _mm512_ternarylogic_epi32::<0xCA>(
        _mm512_set1_epi32(0o1_001_001_001),
        _mm512_srli_epi32(m, 6),
        _mm512_slli_epi32(m, 3),
    );
    // `x & y(r + 1)`, rows turned one up: what the turn carries past
    // bit 26 finds nothing in `x`.
    let and_next = |x: __m512i, y: __m512i| {
        _mm512_ternarylogic_epi32::<0xE0>(x, _mm512_srli_epi32(y, 9), _mm512_slli_epi32(y, 18))
    };
    // The two ways, (r+1, x+1)(r+2, x+2) and (r+1, x+2)(r+2, x+1), are
    // row r + 1 of (r, x+1)(r+1, x+2) and (r, x+2)(r+1, x+1).
    let terms = _mm512_or_si512(and_next(b2, b1), and_next(b1, b2));
    // Spread to the mini-rows' three columns (no carries: `terms`
    // holds the first column of each) and turned one row up, kept
    // where `v` has cells (a mini-row of cells reaches its box).
    let a = and_next(v, _mm512_mullo_epi32(terms, _mm512_set1_epi32(7)));
    // Columns alone in their box: the projection's box groups holding
    // exactly one column (read at the group's first bit; the rows
    // above the first, left unmasked, never reach it).
    let p = fold_rows(a);
    let one = _mm512_and_si512(
        _mm512_ternarylogic_epi32::<0x16>(p, _mm512_srli_epi32(p, 1), _mm512_srli_epi32(p, 2)),
        _mm512_set1_epi32(0o111),
    );
    let lone = _mm512_and_si512(p, _mm512_mullo_epi32(one, _mm512_set1_epi32(7)));
    // Copied to the three rows by a product (no carries: 9 bits).
    let locked = _mm512_mullo_epi32(lone, _mm512_set1_epi32(0x40201));
    (a, locked)
}

/// The cells of `a` in rows holding exactly one of them. A row is
/// found alone-celled when it keeps no cell once its lowest is taken
/// away; taking one from an empty row takes from the row above, but a
/// mask with an empty row has no matching and dies at the next round.
#[inline]
#[target_feature(enable = "avx512f")]
fn lone_rows(a: __m512i) -> __m512i {
    let rest = _mm512_and_si512(a, _mm512_sub_epi32(a, _mm512_set1_epi32(0x40201)));
    let mut out = _mm512_setzero_si512();
    for r in 0..3 {
        let row = _mm512_set1_epi32(0x1FF << (9 * r));
        let alone = _mm512_testn_epi32_mask(rest, row);
        out = _mm512_mask_ternarylogic_epi32::<0xF8>(out, alone, a, row);
    }
    out
}

/// Where the scan of `settle` leaves band `b`'s placements: lane
/// `BAND_SUM[b]` of the first register.
const BAND_SUM: [usize; 3] = [15, 13, 14];

/// For mask `j` of the 27: the lane holding its band's placements.
static TOTAL: [i32; 32] = {
    let mut t = [0i32; 32];
    let mut j = 0;
    while j < 32 {
        t[j] = BAND_SUM[j % 3] as i32;
        j += 1;
    }
    t
};

/// Lanes of `x` moved up by `n` lanes (`N` = 16 - n), zeros coming in.
#[inline]
#[target_feature(enable = "avx512f")]
fn up<const N: i32>(x: __m512i) -> __m512i {
    _mm512_alignr_epi32::<N>(x, _mm512_setzero_si512())
}

/// `super::Wide::settle`, the 27 masks in two registers in their own
/// order (lane `3 * d + b`; lanes 27-31 stay empty).
#[target_feature(enable = "avx512f,avx512vpopcntdq,popcnt")]
pub(super) fn settle(
    f: &mut [u32; 27],
    unsolved: &mut [u32; 3],
    steps: &mut u64,
) -> Result<(), u32> {
    let mut v = load_masks(f);
    let (next, last) = (table(&NEXT), table(&LAST));
    // Per lane `j`: the lane of the first register where the scan
    // below leaves its band's placements.
    let total = table(&TOTAL);
    const LIVE: [__mmask16; 2] = [0xFFFF, 0x07FF];
    let zero = _mm512_setzero_si512();
    let mut placed_all = zero;
    let mut changes = 0;
    let outcome: Result<(), u32> = loop {
        let m = [matched(v[0]), matched(v[1])];
        let empty = _mm512_mask_cmpeq_epi32_mask(LIVE[0], m[0].0, zero) as u32
            | (_mm512_mask_cmpeq_epi32_mask(LIVE[1], m[1].0, zero) as u32) << 16;
        // The columns the same digit's other two bands lock.
        let mut lone = [zero; 2];
        let mut kept = [zero; 2];
        for h in 0..2 {
            let by_next = _mm512_permutex2var_epi32(m[0].1, next[h], m[1].1);
            let by_last = _mm512_permutex2var_epi32(m[0].1, last[h], m[1].1);
            kept[h] = _mm512_ternarylogic_epi32::<0x10>(m[h].0, by_next, by_last);
            lone[h] = lone_rows(kept[h]);
        }
        // Each band's placements, summed over its digits by a scan; a
        // bit two lanes share meets itself in some lane at the step
        // that joins them. First the second register moves one lane
        // up into the first (lane 16 + j holds the band of lane j + 1;
        // lanes 27-31 are empty), then lanes three, six and twelve
        // apart are joined: lanes 15, 13 and 14 end with bands 0, 1
        // and 2, each lane of theirs counted once.
        let mut x = lone[0];
        let y = up::<15>(lone[1]);
        let mut twice = _mm512_and_si512(x, y);
        x = _mm512_or_si512(x, y);
        macro_rules! join {
            ($y:expr) => {{
                let y = $y;
                twice = _mm512_ternarylogic_epi32::<0xF8>(twice, x, y);
                x = _mm512_or_si512(x, y);
            }};
        }
        join!(up::<13>(x));
        join!(up::<10>(x));
        join!(up::<4>(x));
        let sums = x;
        // Both contradictions tested here, after the scan, off the
        // round's longest chain.
        if empty != 0 {
            // A mask left with no cell: the first one names its band.
            let b = empty.trailing_zeros() % 3;
            break Err((7 << (3 * b)) | (7 << (18 + 3 * b)));
        }
        if _mm512_test_epi32_mask(twice, twice) != 0 {
            // A cell placed by two digits.
            break Err(0);
        }
        placed_all = _mm512_or_si512(placed_all, sums);
        let mut changed = 0;
        for h in 0..2 {
            // Other digits' placements leave each mask.
            let placed = _mm512_permutexvar_epi32(total[h], sums);
            let new = _mm512_ternarylogic_epi32::<0xB0>(kept[h], placed, lone[h]);
            let moved = _mm512_mask_cmpneq_epi32_mask(LIVE[h], new, v[h]);
            changed |= u32::from(moved) << (16 * h);
            v[h] = new;
        }
        changes += u64::from(changed.count_ones());
        if changed == 0 {
            break Ok(());
        }
    };
    *steps += changes;
    outcome?;
    let mut sums = [0u32; 16];
    // SAFETY: `sums` has 16 elements; `f` as for the loads above.
    unsafe {
        _mm512_storeu_si512(sums.as_mut_ptr().cast(), placed_all);
        _mm512_storeu_si512(f.as_mut_ptr().cast(), v[0]);
        _mm512_mask_storeu_epi32(f.as_mut_ptr().add(16).cast(), 0x07FF, v[1]);
    }
    for (b, u) in unsolved.iter_mut().enumerate() {
        *u &= !sums[BAND_SUM[b]];
    }
    Ok(())
}

/// The bi-value cell scoring best by the hard score of `branching::choose`:
/// per cell, for each of its two digits, its places among the cell's
/// peers plus twice the bi-value peers among them, plus one; the two
/// figures multiplied. The first cell (band, then bit) of the best score.
///
/// Each lane holds one bi-value cell: its band `b` and bit `k`. Tables
/// indexed by lane values (the 27 digit masks, the peers of each bit,
/// each bit's column) are read with two-table permutes.
#[target_feature(enable = "avx512f,avx512vpopcntdq")]
pub(super) fn best_pair(f: &[u32; 27], pairs: &[u32; 3], peers: &[u32; 32]) -> (usize, usize) {
    let [f_lo, f_hi] = load_masks(f);
    let [peers_lo, peers_hi] = table(peers);
    let [col_lo, col_hi] = table(&COLUMN);
    // SAFETY: `pairs` has 3 elements; the masked load reads only the
    // three lanes its mask selects.
    let p_all = unsafe { _mm512_maskz_loadu_epi32(0x0007, pairs.as_ptr().cast()) };
    let next_band = _mm512_set_epi32(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1);
    let last_band = _mm512_set_epi32(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 2);
    let col_bits = _mm512_set1_epi32(0x40201);
    let one = _mm512_set1_epi32(1);
    // Every bi-value cell as `b << 5 | k`, in band and bit order: each
    // band's cells packed by two compressions (bits 0-15, 16-26) and
    // stored one after the other. The buffer has room for a whole
    // vector stored at any count up to 81.
    let mut cells = [0u32; 112];
    let mut total = 0;
    let first = _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    let second = _mm512_add_epi32(first, _mm512_set1_epi32(16));
    for (b, &p) in pairs.iter().enumerate() {
        let band = _mm512_set1_epi32((b as i32) << 5);
        for (half, bits) in [(first, p & 0xFFFF), (second, p >> 16)] {
            let packed =
                _mm512_maskz_compress_epi32(bits as __mmask16, _mm512_or_si512(half, band));
            // SAFETY: `total` is at most 81 here, and 81 + 16 < 112.
            unsafe { _mm512_storeu_si512(cells.as_mut_ptr().add(total & 127).cast(), packed) };
            total += bits.count_ones() as usize;
        }
    }
    let mut best = (0, 0);
    let mut best_score = 0u32;
    let mut start = 0;
    while start < total {
        let n = (total - start).min(16);
        let live: __mmask16 = ((1u32 << n) - 1) as __mmask16;
        // SAFETY: `start` is below 81, and 81 + 16 < 112.
        let lanes = unsafe { _mm512_loadu_si512(cells.as_ptr().add(start & 127).cast()) };
        let k = _mm512_and_si512(lanes, _mm512_set1_epi32(31));
        let b = _mm512_srli_epi32(lanes, 5);
        let b1 = _mm512_permutexvar_epi32(b, next_band);
        let b2 = _mm512_permutexvar_epi32(b, last_band);
        let bit = _mm512_sllv_epi32(one, k);
        // The cell's two digits: the lowest and the highest of its
        // candidates.
        let mut lo = _mm512_setzero_si512();
        let mut hi = _mm512_setzero_si512();
        let mut seen: __mmask16 = 0;
        let mut index = b;
        for d in 0..9 {
            let m = _mm512_permutex2var_epi32(f_lo, index, f_hi);
            index = _mm512_add_epi32(index, _mm512_set1_epi32(3));
            let has = _mm512_test_epi32_mask(m, bit);
            let digit = _mm512_set1_epi32(d);
            hi = _mm512_mask_mov_epi32(hi, has, digit);
            lo = _mm512_mask_mov_epi32(lo, has & !seen, digit);
            seen |= has;
        }
        let near = _mm512_permutex2var_epi32(peers_lo, k, peers_hi);
        let c = _mm512_permutex2var_epi32(col_lo, k, col_hi);
        // The cells of a digit (or of the bi-value cells) among the
        // cell's peers: in its band, and in its column elsewhere.
        let column = |o1: __m512i, o2: __m512i| {
            let x1 = _mm512_and_si512(_mm512_srlv_epi32(o1, c), col_bits);
            let x2 = _mm512_and_si512(_mm512_srlv_epi32(o2, c), col_bits);
            _mm512_or_si512(x1, _mm512_slli_epi32(x2, 1))
        };
        let pair_near = _mm512_and_si512(_mm512_permutexvar_epi32(b, p_all), near);
        let pair_col = column(
            _mm512_permutexvar_epi32(b1, p_all),
            _mm512_permutexvar_epi32(b2, p_all),
        );
        let settle = |d: __m512i| {
            let d3 = _mm512_add_epi32(_mm512_slli_epi32(d, 1), d);
            let at = |x: __m512i| _mm512_permutex2var_epi32(f_lo, _mm512_add_epi32(d3, x), f_hi);
            let own = _mm512_and_si512(at(b), near);
            let col = column(at(b1), at(b2));
            let places = _mm512_add_epi32(_mm512_popcnt_epi32(own), _mm512_popcnt_epi32(col));
            let paired = _mm512_add_epi32(
                _mm512_popcnt_epi32(_mm512_and_si512(own, pair_near)),
                _mm512_popcnt_epi32(_mm512_and_si512(col, pair_col)),
            );
            _mm512_add_epi32(_mm512_add_epi32(places, _mm512_slli_epi32(paired, 1)), one)
        };
        let score = _mm512_maskz_mullo_epi32(live, settle(lo), settle(hi));
        let top = _mm512_reduce_max_epu32(score);
        if top > best_score {
            best_score = top;
            let lane =
                _mm512_cmpeq_epi32_mask(score, _mm512_set1_epi32(top as i32)).trailing_zeros();
            let cell = cells[(start + (lane as usize & 15)) & 127];
            best = ((cell >> 5) as usize, (cell & 31) as usize);
        }
        start += 16;
    }
    best
}
