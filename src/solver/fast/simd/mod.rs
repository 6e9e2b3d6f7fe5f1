//! The one place where the engine uses `unsafe`: the search compiled a
//! second time with instructions that not every CPU of the target has
//! (`popcnt`, `lzcnt`, BMI1/2 on x86-64), and AVX-512 paths ([`Wide`]) that
//! reach the same results as the scalar code in vector lanes. Both are
//! picked at run time, once per search, and never when `SUDOKIT_PORTABLE`
//! is set; every other CPU and target runs the portable build.
//!
//! Soundness rests on one rule: a `target_feature` function is called only
//! after its features were detected on this CPU ([`run`] checks them
//! itself; [`Wide`] is a proof that can only be made by detecting them).
//! SSE2, part of the x86-64 baseline, needs no detection ([`BandMasks`]).
//! The search itself knows nothing of this: it implements [`Explore`], and
//! this module compiles it once per build.

#![allow(unsafe_code)]

use super::tables::BAND_PEERS;

/// A depth-first search that [`run`] compiles once per build. Its
/// `explore` must be `#[inline(always)]`, so that each build holds the
/// whole search, not calls to a portable copy.
pub(super) trait Explore {
    /// What a frame of the search explores.
    type Node;
    /// What a frame applies to its copy of the node before exploring it.
    type Step;

    /// Explores `from`, with `step` applied if any, and each branch by
    /// `recurse`.
    fn explore(
        &mut self,
        from: &Self::Node,
        step: Option<Self::Step>,
        recurse: impl Fn(&mut Self, &Self::Node, Option<Self::Step>),
    );
}

/// Which build of the search runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::solver) enum Build {
    /// The one for any CPU of the target. Only the tests ask for it (the
    /// environment forces it elsewhere).
    #[cfg_attr(not(test), allow(dead_code))]
    Portable,
    /// The best this CPU can run (the portable one when `SUDOKIT_PORTABLE`
    /// is set).
    Best,
}

/// Explores `root` with the best build this CPU can run.
pub(super) fn run<S: Explore>(search: &mut S, root: &S::Node) {
    #[cfg(target_arch = "x86_64")]
    {
        if x86::available() {
            // SAFETY: `run_x86` is compiled for the features that
            // `available` has just confirmed this CPU has; that is the only
            // requirement of a `target_feature` function.
            unsafe { x86::run_x86(search, root, None) };
            return;
        }
    }
    run_portable(search, root, None);
}

/// The search compiled for any CPU of the target. Never inlined, like
/// `run_x86`: each build then holds one copy of the search, which recurses
/// into itself, rather than a copy in every caller.
#[inline(never)]
pub(super) fn run_portable<S: Explore>(search: &mut S, from: &S::Node, step: Option<S::Step>) {
    search.explore(from, step, run_portable);
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
    use super::Explore;

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
    /// recurses into itself, so the whole search stays in this build. Never
    /// inlined, not even into the closure through which it recurses: that
    /// would make a second copy of the search.
    #[inline(never)]
    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2")]
    pub(super) fn run_x86<S: Explore>(search: &mut S, from: &S::Node, step: Option<S::Step>) {
        // Calling `run_x86` from here is safe: this function has the same
        // features enabled.
        search.explore(from, step, |s, node, step| run_x86(s, node, step));
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
    /// The masks of band `b` of the digit-major array `f` (`f[3 * d + b]`).
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

/// Proof that this CPU can run [`Wide::best_pair`] (AVX-512F and
/// VPOPCNTDQ) and that the portable build is not forced: only
/// [`Wide::detect`] makes one.
#[derive(Clone, Copy)]
pub(super) struct Wide {
    #[cfg(target_arch = "x86_64")]
    _checked: (),
    #[cfg(not(target_arch = "x86_64"))]
    never: std::convert::Infallible,
}

impl Wide {
    /// A proof, when this CPU has the features; checked once per search.
    pub(super) fn detect() -> Option<Wide> {
        #[cfg(target_arch = "x86_64")]
        {
            if !portable_forced()
                && is_x86_feature_detected!("avx512f")
                && is_x86_feature_detected!("avx512vpopcntdq")
                && is_x86_feature_detected!("popcnt")
            {
                return Some(Wide { _checked: () });
            }
        }
        None
    }

    /// The bi-value cell (band, bit) that the hard score of the branching
    /// choice (`branching::choose`) picks: the same cell, found sixteen cells at
    /// a time. `pairs` must not
    /// all be empty, and each of its cells must hold exactly two of the
    /// masks `f` (as after a candidate count).
    #[inline]
    pub(super) fn best_pair(self, f: &[u32; 27], pairs: &[u32; 3]) -> (usize, usize) {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: a `Wide` exists only once `detect` has found both
            // features this function is compiled for.
            unsafe { wide::best_pair(f, pairs, &BAND_PEERS) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = (f, pairs);
            match self.never {}
        }
    }
}

impl Wide {
    /// The stack view of `State::stack_view` on the digit masks
    /// `f` for the digits of `touched` (bit `d`), all at once: whether a
    /// mask changed, or the column (0-8) that the lowest such digit can no
    /// longer fill in any band.
    #[inline]
    pub(super) fn stack_view(self, f: &mut [u32; 27], touched: u32) -> Result<bool, u32> {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: a `Wide` exists only once `detect` has found the
            // features this function is compiled for.
            unsafe { wide::stack_view(f, touched) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = (f, touched);
            match self.never {}
        }
    }
}

impl Wide {
    /// The rounds of `State::settle_rounds` (in the tests' probes) on the digit masks `f`
    /// and the unsolved cells `unsolved`, all 27 masks of a round at once:
    /// the same masks, unsolved cells, steps and contradiction (a test
    /// compares them). `f` and `unsolved` change only on success.
    #[inline]
    pub(super) fn settle(
        self,
        f: &mut [u32; 27],
        unsolved: &mut [u32; 3],
        steps: &mut u64,
    ) -> Result<(), u32> {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: a `Wide` exists only once `detect` has found the
            // features this function is compiled for.
            unsafe { wide::settle(f, unsolved, steps) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = (f, unsolved, steps);
            match self.never {}
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod wide;

#[cfg(test)]
mod tests {
    use super::BandMasks;

    #[test]
    fn band_masks_read_every_cell_as_the_plain_loop_does() {
        // Arbitrary 27-bit masks.
        let mut bits = crate::solver::tests::xorshift(0x9E37_79B9_7F4A_7C15);
        let mut next = || (bits() >> 20) as u32 & ((1 << 27) - 1);
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
