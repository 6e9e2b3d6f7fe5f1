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
