//! The band geometry the engine works in: masks of a band's rows, boxes and
//! cells, the lookup tables its rules read, and bit tricks on band masks.
//! A band mask holds 27 cells, bit `9 * r + c` for row `r` (0..3) and
//! column `c`. The tables are built by `const fn`s at compile time, so no
//! search pays for them.

/// All nine digits, one bit each.
pub(super) const ALL_DIGITS: u32 = 0x1FF;

/// All 27 cells of a band.
pub(super) const ALL27: u32 = (1 << 27) - 1;
/// The nine cells of the first row of a band.
pub(super) const ROW0: u32 = 0x1FF;

/// For a 9-bit row, which of its three boxes (3-bit groups) are non-empty.
pub(super) static SHRINK: [u8; 512] = build_shrink();

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
pub(super) static MATCH9: [u16; 512] = build_match9();

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
pub(super) static COMPLEX: [u32; 512] = build_complex();

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
pub(super) static ROW_OF_BIT: [u32; 27] = build_row_of_bit();

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
pub(super) static LOCKED_COLS_KEEP: [u32; 512] = build_locked_cols();
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
pub(super) static CLAIM_KEEP: [u32; 512] = build_claim_keep();
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
pub(super) static SINGLE9: [u16; 512] = build_single9();
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
pub(super) static SPREAD8: [u64; 256] = build_spread8();
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
pub(super) static POP9: [u8; 512] = build_pop9();
const fn build_pop9() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    t
}

/// The nine cells of the first box of a band.
pub(super) const BOX0: u32 = 0o007_007_007;

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

/// A 9-bit column set repeated on the three rows of a band.
#[inline(always)]
pub(super) fn widen(cols: u32) -> u32 {
    cols | (cols << 9) | (cols << 18)
}

/// The columns of a band mask that still hold at least one cell.
#[inline(always)]
pub(super) fn project(a: u32) -> u32 {
    (a | (a >> 9) | (a >> 18)) & ROW0
}

/// Mini-row `(r, j)` of a band (row `r`, box `j`) as bit `9r + 3j`: the
/// mini-row patterns of [`State::triads`](super::state::State::triads).
pub(super) const MINI_AT: u32 = 0o111_111_111;

/// The mini-rows of a band mask that hold at least one cell.
#[inline(always)]
pub(super) fn minis(a: u32) -> u32 {
    (a | a >> 1 | a >> 2) & MINI_AT
}

/// Of a mini-row pattern, the mini-rows that are the only one of their row.
#[inline(always)]
pub(super) fn alone_in_row(e: u32) -> u32 {
    // Each mini-row's neighbours in its row: boxes j + 1 and j + 2.
    let next = ((e >> 3) & 0o011_011_011) | ((e << 6) & 0o100_100_100);
    let after = ((e >> 6) & 0o001_001_001) | ((e << 3) & 0o110_110_110);
    e & !(next | after)
}

/// Of a 9-bit column set, the columns that are the only one of their box.
#[inline(always)]
pub(super) fn alone_in_box(p: u32) -> u32 {
    let next = ((p >> 1) & 0o333) | ((p << 2) & 0o444);
    let after = ((p >> 2) & 0o111) | ((p << 1) & 0o666);
    p & !(next | after)
}
