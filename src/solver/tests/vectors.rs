//! The vector paths (`Wide`, AVX-512) against the scalar code they stand
//! in for, on random masks and on the fixtures' boards. Each test says it
//! skipped when this CPU lacks the features.

use super::*;

#[test]
#[allow(clippy::print_stderr)] // a skip says why
fn wide_scoring_picks_the_cell_the_scalar_scoring_picks() {
    // Arbitrary masks from a xorshift generator, sparse enough (each bit
    // set with probability 1/4) that many cells have two candidates, and
    // from a few to more than sixteen bi-value cells: the lanes' order, the
    // ties and the batches of sixteen all show.
    let mut next = xorshift(0x2545_F491_4F6C_DD1D);
    let mut compared = 0;
    let mut over_sixteen = 0;
    for _ in 0..20_000 {
        let f: [u32; 27] = std::array::from_fn(|_| {
            let (a, b) = (next(), next());
            (a & b) as u32 & ((1 << 27) - 1)
        });
        let Some((scalar, wide)) = fast::State::hard_choices(f) else {
            continue;
        };
        assert_eq!(scalar, wide, "masks {f:?}");
        compared += 1;
        let bivalue = (0..81)
            .filter(|&i| {
                (0..9)
                    .filter(|&d| f[3 * d + i / 27] >> (i % 27) & 1 != 0)
                    .count()
                    == 2
            })
            .count();
        over_sixteen += usize::from(bivalue > 16);
    }
    if compared == 0 {
        eprintln!("skipped: this CPU lacks AVX-512F or VPOPCNTDQ (or SUDOKIT_PORTABLE is set)");
    } else {
        assert!(
            over_sixteen > 0,
            "no case with more than sixteen bi-value cells"
        );
    }
}

#[test]
#[allow(clippy::print_stderr)] // a skip says why
fn wide_stack_view_does_what_the_scalar_one_does() {
    // Arbitrary masks (each bit set with probability 1/2, 1/4 or 1/8, so
    // that columns only one band serves and columns no band serves both
    // occur) and arbitrary sets of digits.
    let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
    let (mut moved, mut stuck, mut compared) = (0, 0, 0);
    for round in 0..30_000 {
        let f: [u32; 27] = std::array::from_fn(|_| {
            let mut m = next();
            for _ in 0..round % 3 {
                m &= next();
            }
            m as u32 & ((1 << 27) - 1)
        });
        let touched = next() as u32 & 0x1FF;
        let Some((scalar, wide)) = fast::State::stack_views(f, touched) else {
            eprintln!("skipped: this CPU lacks AVX-512F (or SUDOKIT_PORTABLE is set)");
            return;
        };
        assert_eq!(scalar, wide, "masks {f:?}, digits {touched:#b}");
        compared += 1;
        moved += usize::from(matches!(scalar, Ok((true, _))));
        stuck += usize::from(scalar.is_err());
    }
    assert!(moved > 100 && stuck > 100 && compared > moved + stuck);
}

#[test]
#[allow(clippy::print_stderr)] // a skip says why
fn wide_settle_does_what_the_scalar_rounds_do() {
    // Arbitrary masks (each bit set with probability 1/2 down to 1/16: the
    // sparse ones die or place two digits in a cell, the dense ones take a
    // few rounds), then the boards of the fixtures as set up, each also
    // with an arbitrary cell given an arbitrary candidate (a guess).
    let mut next = xorshift(0xD1B5_4A32_D192_ED03);
    let mut cases: Vec<([u32; 27], [u32; 3])> = (0..40_000)
        .map(|round| {
            let f = std::array::from_fn(|_| {
                let mut m = next();
                for _ in 0..round % 4 {
                    m &= next();
                }
                m as u32 & ((1 << 27) - 1)
            });
            let unsolved = std::array::from_fn(|_| next() as u32 & ((1 << 27) - 1));
            (f, unsolved)
        })
        .collect();
    for text in [
        include_str!("../../../fixtures/engine/unique.csv"),
        include_str!("../../../fixtures/engine/none.csv"),
        include_str!("../../../fixtures/engine/multiple.csv"),
        include_str!("../../../fixtures/engine/famous.csv"),
    ] {
        for (givens, _) in fixture(text) {
            let Some((f, unsolved)) = fast::State::masks(&givens) else {
                continue;
            };
            cases.push((f, unsolved));
            for _ in 0..20 {
                let (d, b, k) = (
                    next() as usize % 9,
                    next() as usize % 3,
                    next() as usize % 27,
                );
                let mut guessed = f;
                guessed[3 * d + b] &= !(0x1FF << (9 * (k / 9))) | 1 << k;
                cases.push((guessed, unsolved));
            }
        }
    }
    let (mut settled, mut double, mut empty, mut long) = (0, 0, 0, 0);
    for (f, unsolved) in cases {
        let Some([scalar, wide]) = fast::State::settles(f, unsolved) else {
            eprintln!(
                "skipped: this CPU lacks AVX-512F, VPOPCNTDQ or POPCNT (or SUDOKIT_PORTABLE is set)"
            );
            return;
        };
        assert_eq!(scalar, wide, "masks {f:?}, unsolved {unsolved:?}");
        match scalar.0 {
            Ok(()) => settled += 1,
            Err(0) => double += 1,
            Err(_) => empty += 1,
        }
        long += usize::from(scalar.3 > 27);
    }
    assert!(
        settled > 1000 && double > 1000 && empty > 1000 && long > 100,
        "{settled} settled, {double} double placements, {empty} empty masks, {long} long"
    );
}
