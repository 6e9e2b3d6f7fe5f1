//! The search's results and counters: limits, kept solutions, clashing
//! givens, the counting shortcuts, the portfolio's held solutions, the
//! triad rule, and property tests of the fast engine against the
//! reference engine.

use proptest::prelude::*;

use super::*;

#[test]
fn limit_is_exact_on_the_empty_grid() {
    let empty = [0u8; 81];
    for limit in [1, 2, 3, 17, 1000] {
        let (n, solutions) = run(fast::search, &empty, limit);
        assert_eq!(n, limit);
        assert!(solutions.iter().all(|s| valid_solution(&empty, s)));
    }
    // The public wrappers keep to the limit too.
    assert_eq!(crate::solver::count(&Grid::EMPTY, 1000), 1000);
    let all = crate::solver::enumerate(&Grid::EMPTY, 250);
    assert_eq!(all.len(), 250);
    assert_eq!(all.iter().collect::<HashSet<_>>().len(), 250);
    assert_eq!(crate::solver::count(&Grid::EMPTY, 0), 0);
}

#[test]
fn only_the_kept_solutions_are_emitted() {
    let mut cases = fixture(include_str!("../../../fixtures/engine/multiple.csv"));
    cases.extend(fixture(include_str!("../../../fixtures/engine/unique.csv")));
    cases.push(([0; 81], 2));
    for (givens, expected) in &cases {
        let (n, all) = run(fast::search, givens, 3);
        if *expected == 2 {
            assert!(n >= 2);
        } else {
            assert_eq!(n, *expected);
        }
        for keep in 0..=3 {
            for (name, engine) in [
                ("fast", fast::search as Engine),
                ("reference", reference::search),
            ] {
                let mut kept = Vec::new();
                let m = engine(
                    givens,
                    3,
                    keep,
                    &mut |s| kept.push(*s),
                    &mut Stats::default(),
                );
                assert_eq!(m, n, "count changed with keep {keep}");
                assert_eq!(
                    kept.len(),
                    keep.min(n),
                    "wrong number kept with keep {keep}"
                );
                if name == "fast" {
                    // The kept ones are the first ones found.
                    assert_eq!(kept[..], all[..keep.min(n)]);
                }
            }
        }
    }
    // The public wrappers: counting keeps nothing, solving keeps the first.
    let (multi, _) = cases[0];
    let grid = Grid::from_cells(multi).unwrap_or(Grid::EMPTY);
    assert_eq!(crate::solver::count(&grid, 2), 2);
    let first = crate::solver::solve(&grid);
    let mut seen = Vec::new();
    let outcome = crate::solver::search(&grid, 2, 1, &mut |s| seen.push(*s));
    assert_eq!(outcome.solutions, 2);
    assert_eq!(seen.len(), 1);
    assert_eq!(Some(seen[0]), first);
}

#[test]
fn limit_zero_finds_nothing() {
    let mut called = false;
    let n = fast::search(
        &[0; 81],
        0,
        0,
        &mut |_| called = true,
        &mut Stats::default(),
    );
    assert_eq!(n, 0);
    assert!(!called);
}

#[test]
fn clashing_givens_have_no_solution() {
    let mut cases = Vec::new();
    // Same digit twice in a row, a column, a box, and across bands in a column.
    for (a, b) in [(0, 8), (0, 72), (0, 20), (4, 40), (30, 33), (80, 62)] {
        let mut g = [0u8; 81];
        g[a] = 5;
        g[b] = 5;
        cases.push(g);
    }
    // A clash hidden among an otherwise solvable puzzle.
    let (mut g, _) = fixture(include_str!("../../../fixtures/engine/unique.csv"))[0];
    let (i, v) = g
        .iter()
        .enumerate()
        .find(|(_, v)| **v != 0)
        .map(|(i, v)| (i, *v))
        .unwrap_or((0, 1));
    let j = (i / 9) * 9 + (i % 9 + 4) % 9;
    g[j] = v;
    cases.push(g);
    for g in &cases {
        assert_eq!(run(fast::search, g, 2).0, 0);
        assert_eq!(run(reference::search, g, 2).0, 0);
    }
}

#[test]
fn values_above_nine_give_no_solution() {
    for v in [10u8, 11, 200, 255] {
        let mut g = [0u8; 81];
        g[40] = v;
        assert_eq!(run(fast::search, &g, 2).0, 0);
    }
}

#[test]
fn under_17_givens_counting_to_two_stops_at_the_first_solution() {
    let cases = fixture(include_str!("../../../fixtures/engine/multiple.csv"));
    let few: Vec<_> = cases
        .iter()
        .filter(|(g, _)| g.iter().filter(|&&v| v != 0).count() < 17)
        .collect();
    assert!(
        few.len() >= 8,
        "the fixture has boards with 15 and 16 givens"
    );
    for (givens, _) in few {
        let mut first = Stats::default();
        let mut solutions = Vec::new();
        fast::search(givens, 1, 1, &mut |s| solutions.push(*s), &mut first);
        for keep in [0, 1] {
            let mut kept = Vec::new();
            let mut stats = Stats::default();
            let n = fast::search(givens, 2, keep, &mut |s| kept.push(*s), &mut stats);
            assert_eq!(n, 2);
            assert_eq!(stats, first, "searched past the first solution");
            assert_eq!(kept[..], solutions[..keep]);
        }
        // Asked for both grids, the search finds the second one.
        let (n, both) = run(fast::search, givens, 2);
        assert_eq!(n, 2);
        assert!(both.iter().all(|s| valid_solution(givens, s)));
    }
}

#[test]
fn a_swap_at_the_last_guess_is_a_second_solution() {
    // On boards with 17 givens or more, counting to 2 with no second grid
    // wanted stops at the first solution when a rectangle through the
    // latest guess's cell swaps into another: it then makes fewer guesses
    // than the search that builds the second grid.
    let cases = fixture(include_str!("../../../fixtures/engine/multiple.csv"));
    let mut fired = 0;
    for (givens, _) in cases
        .iter()
        .filter(|(g, _)| g.iter().filter(|&&v| v != 0).count() >= 17)
    {
        let mut quick = Stats::default();
        let n = fast::search(givens, 2, 1, &mut |_| {}, &mut quick);
        assert_eq!(n, 2);
        let mut full = Stats::default();
        let mut both = Vec::new();
        assert_eq!(
            fast::search(givens, 2, 2, &mut |s| both.push(*s), &mut full),
            2
        );
        assert!(both.iter().all(|s| valid_solution(givens, s)));
        assert_ne!(both[0], both[1]);
        if quick.guesses < full.guesses {
            fired += 1;
        }
    }
    assert!(fired > 0, "no board of the fixture has such a rectangle");
    // A board with one solution never has one: the count stays 1.
    for (givens, expected) in fixture(include_str!("../../../fixtures/engine/unique.csv")) {
        assert_eq!(expected, 1);
        assert_eq!(
            fast::search(&givens, 2, 1, &mut |_| {}, &mut Stats::default()),
            1
        );
    }
}

#[test]
fn a_swap_is_found_exactly_where_one_exists() {
    // Against every rectangle of every cell and digit of solved grids, some
    // corners given: the check finds a swap exactly where swapping the four
    // corners gives another solution keeping the givens.
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let (mut grids, mut swaps) = (0, [0; 2]);
    for (puzzle, _) in fixture(include_str!("../../../fixtures/engine/unique.csv"))
        .iter()
        .take(12)
    {
        let (_, solutions) = run(fast::search, puzzle, 1);
        let grid = solutions[0];
        let state = fast::State::new(&grid).expect("a solution has no clash");
        for (round, found) in swaps.iter_mut().enumerate() {
            // No given, then about a third of the cells given.
            let mut givens = [0u8; 81];
            if round == 1 {
                for (g, &v) in givens.iter_mut().zip(&grid) {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    if seed.is_multiple_of(3) {
                        *g = v;
                    }
                }
            }
            let mut mask = [0u32; 3];
            for (i, &g) in givens.iter().enumerate() {
                if g != 0 {
                    mask[i / 27] |= 1 << (i % 27);
                }
            }
            for cell in 0..81 {
                let x = grid[cell];
                for y in (1..=9).filter(|&y| y != x) {
                    let cands = 1 << (x - 1) | 1 << (y - 1);
                    let fast = fast::swap_through(&state, &mask, cell / 27, cell % 27, cands);
                    let (r1, c1) = (cell / 9, cell % 9);
                    let mut slow = false;
                    for (r2, c2) in (0..81).map(|i| (i / 9, i % 9)) {
                        let corners = [9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2];
                        if r2 == r1
                            || c2 == c1
                            || corners.iter().any(|&i| givens[i] != 0)
                            || [grid[corners[1]], grid[corners[2]], grid[corners[3]]] != [y, y, x]
                        {
                            continue;
                        }
                        let mut other = grid;
                        for (i, v) in corners.into_iter().zip([y, x, x, y]) {
                            other[i] = v;
                        }
                        slow |= valid_solution(&givens, &other);
                    }
                    assert_eq!(fast, slow, "cell {cell}, digits {x} and {y}");
                    // Candidates without the cell's digit prove nothing.
                    let alone = 1 << (y - 1);
                    assert!(!fast::swap_through(
                        &state,
                        &mask,
                        cell / 27,
                        cell % 27,
                        alone
                    ));
                    *found += usize::from(slow);
                }
            }
        }
        grids += 1;
    }
    assert_eq!(grids, 12);
    // Both answers occur, and givens rule some swaps out.
    assert!(swaps[0] > swaps[1] && swaps[1] > 0, "{swaps:?}");
}

#[test]
fn stats_are_counted() {
    // Inkala's puzzle needs guesses; a complete grid needs none.
    let (hard, _) = fixture(include_str!("../../../fixtures/engine/famous.csv"))[0];
    let mut stats = Stats::default();
    fast::search(&hard, 2, 0, &mut |_| {}, &mut stats);
    assert!(stats.guesses > 0 && stats.steps > 0);
    let (_, solutions) = run(fast::search, &hard, 1);
    let mut stats = Stats::default();
    assert_eq!(
        fast::search(&solutions[0], 2, 0, &mut |_| {}, &mut stats),
        1
    );
    assert_eq!(stats.guesses, 0);
}

/// A fixed solved grid; the property test permutes its digits and blanks
/// most of it, which yields consistent puzzles of every kind.
const SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, .. ProptestConfig::default() })]

    #[test]
    fn fast_agrees_with_reference_on_random_grids(
        perm in Just((1u8..=9).collect::<Vec<u8>>()).prop_shuffle(),
        keep in prop::collection::vec(prop::bool::weighted(0.3), 81),
        noise in prop::collection::vec((0usize..81, 0u8..=9), 0..4),
    ) {
        let solved = parse(SOLVED).unwrap_or([0; 81]);
        let mut g = [0u8; 81];
        for i in 0..81 {
            if keep[i] {
                g[i] = perm[usize::from(solved[i] - 1)];
            }
        }
        // A few arbitrary cells, which may clash or make it unsolvable.
        for &(i, v) in &noise {
            g[i] = v;
        }
        let (n, solutions) = run(fast::search, &g, 3);
        let (m, _) = run(reference::search, &g, 3);
        prop_assert_eq!(n, m);
        prop_assert!(same_in_both_builds(&g, 3));
        for s in &solutions {
            prop_assert!(valid_solution(&g, s));
        }
        // Counting to 2 with at most one grid kept, as `--unique` does, may
        // stop early (fewer than 17 givens, a rectangle swap): same count.
        for keep in [0, 1] {
            let count = fast::search(&g, 2, keep, &mut |_| {}, &mut Stats::default());
            prop_assert_eq!(count, m.min(2));
        }
    }

    #[test]
    fn never_panics_on_arbitrary_cells(cells in prop::collection::vec(0u8..=9, 81)) {
        let mut g = [0u8; 81];
        g.copy_from_slice(&cells);
        let (n, solutions) = run(fast::search, &g, 2);
        let (m, _) = run(reference::search, &g, 2);
        prop_assert_eq!(n, m);
        for s in &solutions {
            prop_assert!(valid_solution(&g, s));
        }
    }
}

/// A run that gives up passes none of its solutions on (its restart finds
/// them again; the engines only give up while at most one is found); a run
/// that completes passes all of them, in order, and from its second one on
/// as they come, not at its end.
#[test]
fn runs_hold_back_at_most_their_first_solution() {
    use std::cell::RefCell;
    use std::ops::ControlFlow;

    let (one, two, three) = ([1u8; 81], [2u8; 81], [3u8; 81]);
    let log = RefCell::new(Vec::new());
    let gave_up = crate::solver::complete(
        |e| {
            let _ = e(&one);
            None
        },
        &mut |s| {
            log.borrow_mut().push(s[0]);
            ControlFlow::Continue(())
        },
    );
    assert_eq!((gave_up, log.borrow().len()), (None, 0));

    let done = crate::solver::complete(
        |e| {
            let _ = e(&one);
            log.borrow_mut().push(0); // the run goes on
            let _ = e(&two);
            log.borrow_mut().push(0);
            let _ = e(&three);
            Some(3)
        },
        &mut |s| {
            log.borrow_mut().push(s[0]);
            ControlFlow::Continue(())
        },
    );
    assert_eq!(done, Some(3));
    assert_eq!(
        *log.borrow(),
        [0, 1, 2, 0, 3],
        "streamed from the second on"
    );

    // One solution only: passed on when the run completes.
    log.borrow_mut().clear();
    let done = crate::solver::complete(
        |e| {
            let _ = e(&one);
            log.borrow_mut().push(0);
            Some(1)
        },
        &mut |s| {
            log.borrow_mut().push(s[0]);
            ControlFlow::Continue(())
        },
    );
    assert_eq!((done, log.borrow().clone()), (Some(1), vec![0, 1]));
}

/// Listing every solution of an empty board up to a large limit streams:
/// a caller that stops after a few ends the search there, and what it saw
/// are distinct valid solutions.
#[test]
fn a_caller_can_stop_a_search_early() {
    use std::ops::ControlFlow;

    let mut seen = Vec::new();
    let outcome =
        crate::solver::search_until(&crate::Grid::EMPTY, usize::MAX, usize::MAX, &mut |s| {
            seen.push(*s);
            if seen.len() == 5 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
    assert!(outcome.stopped);
    assert_eq!((outcome.solutions, seen.len()), (5, 5));
    for (i, s) in seen.iter().enumerate() {
        assert!(s.is_complete() && s.is_valid());
        assert!(seen[i + 1..].iter().all(|t| t != s), "distinct");
    }
    // Without a stop, the same first solutions come in the same order.
    let outcome = crate::solver::search(&crate::Grid::EMPTY, 5, 5, &mut |s| {
        assert!(seen.contains(s));
    });
    assert!(!outcome.stopped);
    assert_eq!(outcome.solutions, 5);
}

#[test]
fn triad_rule_keeps_every_solution_digit() {
    // On every fixture with one solution: the triad rule only removes
    // candidates that propagation alone left, never a digit of the
    // solution; and it does remove some, on some fixture.
    let mut narrowed = 0;
    let mut checked = 0;
    for text in [
        include_str!("../../../fixtures/engine/unique.csv"),
        include_str!("../../../fixtures/engine/famous.csv"),
    ] {
        for (givens, expected) in fixture(text) {
            if expected != 1 {
                continue;
            }
            let (_, solutions) = run(reference::search, &givens, 1);
            let solution = solutions[0];
            let plain = fast::State::root_candidates(&givens, fast::Triads::Skip);
            let triads = fast::State::root_candidates(&givens, fast::Triads::ToFixpoint);
            let (Some(plain), Some(triads)) = (plain, triads) else {
                panic!("a contradiction on a solvable puzzle: {givens:?}");
            };
            for i in 0..81 {
                let digit = 1 << (solution[i] - 1);
                assert_ne!(triads[i] & digit, 0, "cell {i} lost its digit");
                assert_eq!(triads[i] & !plain[i], 0, "cell {i} gained a candidate");
            }
            narrowed += usize::from(triads != plain);
            checked += 1;
        }
    }
    assert!(checked > 0);
    assert!(
        narrowed > 0,
        "the triad rule removed nothing on {checked} puzzles"
    );
}
