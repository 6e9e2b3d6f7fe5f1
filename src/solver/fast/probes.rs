//! Entry points for the tests: the state after propagation from the
//! givens, and each vector path ([`Wide`]) side by side with the scalar
//! code it must agree with, including a scalar copy of the vector rounds.

use super::branching::{Goal, Scoring, choose};
use super::simd::Wide;
use super::state::{Dead, Rules, State};
use super::tables::{ALL27, COMPLEX, LOCKED_COLS_KEEP, ROW0, SHRINK, project};

/// Propagation with none of the optional rules.
const SINGLES: Rules = Rules {
    stack_view: false,
    triads: false,
    rounds: false,
};

/// Whether [`State::root_candidates`] runs the triad rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::solver) enum Triads {
    Skip,
    /// Until it finds nothing, whatever the number of open cells.
    ToFixpoint,
}

impl State {
    /// The candidates of every cell (bit `d` for digit `d + 1`) once
    /// propagation, with the triad rule as `triads` says, has done all it
    /// can from the givens; `None` when it finds a contradiction.
    pub(in crate::solver) fn root_candidates(
        givens: &[u8; 81],
        triads: Triads,
    ) -> Option<[u32; 81]> {
        let mut state = State::new(givens)?;
        let mut steps = 0;
        state.propagate(&mut steps, SINGLES, None).ok()?;
        while triads == Triads::ToFixpoint && state.triads().ok()? {
            state.propagate(&mut steps, SINGLES, None).ok()?;
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
    pub(in crate::solver) fn hard_choices(
        f: [u32; 27],
    ) -> Option<((usize, usize), (usize, usize))> {
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
            choose(&state, Scoring::Settles, Goal::Count, None),
            choose(&state, Scoring::Settles, Goal::Count, Some(wide)),
        ))
    }

    /// The stack view of the digits `touched` on masks `f`, as the scalar
    /// code and as [`Wide`] work it out: the masks after it, or the
    /// column of the contradiction; `None` without the CPU features.
    #[allow(clippy::type_complexity)] // two results side by side
    pub(in crate::solver) fn stack_views(
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
    /// placements (see `lone_rows` in `simd/wide.rs` for a row left empty); a
    /// cell placed by two digits of a band ends the rounds (units 0); the
    /// band's other placements leave it. `steps` gains the masks each
    /// completed round changed; `f` and `unsolved` change only when the
    /// rounds end without a contradiction.
    pub(in crate::solver) fn settle_rounds(
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
    pub(in crate::solver) fn masks(givens: &[u8; 81]) -> Option<([u32; 27], [u32; 3])> {
        State::new(givens).map(|s| (s.f, s.unsolved))
    }

    /// [`State::settle_rounds`] and [`Wide::settle`] on the same masks and
    /// unsolved cells: each one's result, masks, unsolved cells and steps;
    /// `None` without the CPU features.
    #[allow(clippy::type_complexity)] // two results side by side
    pub(in crate::solver) fn settles(
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
}
