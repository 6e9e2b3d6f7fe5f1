//! The one place where the engine uses `unsafe`: the search compiled a
//! second time with instructions that not every CPU of the target has
//! (`popcnt`, `lzcnt`, BMI1/2 on x86-64), picked at run time.
//!
//! The engine's code is the same in both builds ([`fast::Searcher::explore`]
//! is always inlined into each); only the instructions the compiler may
//! choose differ, chiefly a one-instruction population count where the
//! portable build needs a dozen. The safe entry point, [`run`], checks the
//! CPU once per search and falls back to [`fast::run_portable`] when an
//! instruction is missing or the target is not x86-64; the tests run both
//! builds and compare them.
//!
//! It also holds [`BandMasks`], which reads a cell's candidates from one
//! band's nine digit masks with SSE2 instructions. SSE2 is part of the
//! x86-64 baseline, so both builds use them, with no detection needed;
//! other targets get a plain loop, which a test checks the vectors against
//! on every cell of random masks. In the branching cell's score (where it
//! reads the candidates of every bi-value cell) it took 2.7% of the
//! instructions off forum_hardest_1905_11plus, and 1-2% of the time at
//! limit 2 over three alternating runs.

#![allow(unsafe_code)]

use super::fast::{self, Guess, Searcher, State};

/// Explores `state` with the best build this CPU can run.
pub(super) fn run(searcher: &mut Searcher<'_>, state: &State) {
    #[cfg(target_arch = "x86_64")]
    {
        if x86::available() {
            // SAFETY: `run_x86` is compiled for the features that
            // `available` has just confirmed this CPU has; that is the only
            // requirement of a `target_feature` function.
            unsafe { x86::run_x86(searcher, state, None) };
            return;
        }
    }
    fast::run_portable(searcher, state, None);
}

/// Whether `SUDOKIT_PORTABLE` is set (to anything but `0`): the portable
/// build is then used on every CPU, to measure it against the other.
/// Read once; a process does not change its mind.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
fn portable_forced() -> bool {
    static FORCED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *FORCED.get_or_init(|| std::env::var_os("SUDOKIT_PORTABLE").is_some_and(|v| v != "0"))
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{Guess, Searcher, State};

    /// Whether this CPU has every feature `run_x86` is compiled for. The
    /// standard library caches the detection, so this costs a few loads.
    pub(super) fn available() -> bool {
        !super::portable_forced()
            && is_x86_feature_detected!("popcnt")
            && is_x86_feature_detected!("lzcnt")
            && is_x86_feature_detected!("bmi1")
            && is_x86_feature_detected!("bmi2")
    }

    /// The search, compiled with the features [`available`] checks. It
    /// recurses into itself, so the whole search stays in this build.
    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2")]
    pub(super) fn run_x86(searcher: &mut Searcher<'_>, from: &State, guess: Option<Guess>) {
        // Calling `run_x86` from here is safe: this function has the same
        // features enabled.
        searcher.explore(from, guess, |s, st, g| run_x86(s, st, g));
    }
}

/// The nine digit masks of one band, set out for reading a cell's
/// candidates: on x86-64 two SSE2 vectors, so that a cell's nine bits come
/// out with one shift and one sign-bit extraction per four digits instead
/// of nine shifts and masks; elsewhere the masks as they are.
#[derive(Clone, Copy)]
pub(super) struct BandMasks {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    low: std::arch::x86_64::__m128i,
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    high: std::arch::x86_64::__m128i,
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    masks: [u32; 8],
    last: u32,
}

impl BandMasks {
    /// The masks of band `b` of the digit-major array `f` (see `fast`).
    #[inline(always)]
    pub(super) fn new(f: &[u32; 27], b: usize) -> BandMasks {
        let m = |d: usize| f[3 * d + b];
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        {
            use std::arch::x86_64::_mm_set_epi32;
            // Digit d in lane d % 4; the casts keep every bit.
            let lane = |d: usize| m(d) as i32;
            // SAFETY: the only requirement is SSE2, which this build
            // enables for every CPU it runs on (the `cfg` above): it is
            // part of the x86-64 baseline.
            let (low, high) = unsafe {
                (
                    _mm_set_epi32(lane(3), lane(2), lane(1), lane(0)),
                    _mm_set_epi32(lane(7), lane(6), lane(5), lane(4)),
                )
            };
            BandMasks {
                low,
                high,
                last: m(8),
            }
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
        {
            BandMasks {
                masks: std::array::from_fn(m),
                last: m(8),
            }
        }
    }

    /// The candidates of cell `k` (below 27) of the band: bit `d` for digit
    /// `d + 1`.
    #[inline(always)]
    pub(super) fn at(&self, k: usize) -> u32 {
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        {
            use std::arch::x86_64::{
                _mm_castsi128_ps, _mm_cvtsi32_si128, _mm_movemask_ps, _mm_sll_epi32,
            };
            // Bit k of every lane moves to the lane's sign bit.
            // SAFETY: SSE and SSE2 only, enabled for every CPU this build
            // runs on (see `new`).
            let (low, high) = unsafe {
                let by = _mm_cvtsi32_si128(31 - (k & 31) as i32);
                (
                    _mm_movemask_ps(_mm_castsi128_ps(_mm_sll_epi32(self.low, by))),
                    _mm_movemask_ps(_mm_castsi128_ps(_mm_sll_epi32(self.high, by))),
                )
            };
            (low | high << 4) as u32 | ((self.last >> k) & 1) << 8
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
        {
            let mut c = ((self.last >> k) & 1) << 8;
            for (d, m) in self.masks.iter().enumerate() {
                c |= ((m >> k) & 1) << d;
            }
            c
        }
    }
}

#[cfg(test)]
mod tests {
    use super::BandMasks;

    #[test]
    fn band_masks_read_every_cell_as_the_plain_loop_does() {
        // Arbitrary 27-bit masks from a xorshift generator.
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 20) as u32 & ((1 << 27) - 1)
        };
        for _ in 0..200 {
            let f: [u32; 27] = std::array::from_fn(|_| next());
            for b in 0..3 {
                let masks = BandMasks::new(&f, b);
                for k in 0..27 {
                    let plain = (0..9).fold(0, |c, d| c | ((f[3 * d + b] >> k) & 1) << d);
                    assert_eq!(masks.at(k), plain, "band {b}, cell {k}");
                }
            }
        }
    }
}
