//! Property tests of the library: render∘parse is the identity for every
//! layout, and every solution keeps its givens and breaks no rule.

use proptest::prelude::*;
use sudokit::{Format, Grid, Layout, parse_str, render};

fn any_grid() -> impl Strategy<Value = Grid> {
    prop::collection::vec(prop_oneof![3 => Just(0u8), 2 => 1u8..=9], 81).prop_map(|cells| {
        let mut array = [0u8; 81];
        array.copy_from_slice(&cells);
        Grid::from_cells(array).expect("values 0-9")
    })
}

/// A conflict-free puzzle: a solution of a few random givens, thinned out.
fn any_puzzle() -> impl Strategy<Value = Grid> {
    (
        prop::collection::vec((0usize..81, 1u8..=9), 0..12),
        prop::collection::vec(any::<bool>(), 81),
    )
        .prop_filter_map(
            "seed givens conflict or have no solution",
            |(seeds, keep)| {
                let mut seed = Grid::EMPTY;
                for (i, v) in seeds {
                    seed.set(i / 9, i % 9, v);
                }
                let solution = seed.solve()?;
                let mut puzzle = solution;
                for (i, k) in keep.iter().enumerate() {
                    if !k {
                        puzzle.set(i / 9, i % 9, 0);
                    }
                }
                Some(puzzle)
            },
        )
}

const LAYOUTS: [Layout; 6] = [
    Layout::Boj,
    Layout::Leetcode,
    Layout::Line,
    Layout::Json,
    Layout::Grid,
    Layout::Pencilmarks,
];

fn format_of(layout: Layout) -> Format {
    match layout {
        Layout::Boj => Format::Boj,
        Layout::Leetcode => Format::Leetcode,
        Layout::Line => Format::Line,
        Layout::Json => Format::Json,
        Layout::Grid => Format::Grid,
        Layout::Records => Format::Records,
        Layout::Pencilmarks => Format::Pencilmarks,
    }
}

/// True when no digit repeats in a unit and the board is full.
fn is_solution(grid: &Grid) -> bool {
    grid.is_complete() && grid.conflicts().is_empty()
}

/// `grids` written one after another in `layout`, as sudokit writes them.
fn rendered(grids: &[Grid], layout: Layout) -> String {
    let mut text = String::new();
    for (i, grid) in grids.iter().enumerate() {
        if i > 0 {
            text.push_str(sudokit::format::separator(layout));
        }
        render(grid, layout, &mut text);
    }
    text
}

proptest! {
    /// `sudokit batch`'s text records read back as their boards, with the
    /// path (which may hold `:` and spaces) and index each record names.
    #[test]
    fn records_read_back_with_their_origin(
        grids in prop::collection::vec(any_grid(), 1..4),
        path in "[a-z]{1,6}([:/ ][a-z0-9]{1,6}){0,3}\\.txt",
        first in 1usize..1_000_000,
    ) {
        let mut text = String::new();
        for (k, grid) in grids.iter().enumerate() {
            text.push_str(&format!("{path}:{}:", first + k));
            render(grid, Layout::Line, &mut text);
        }
        for format in [Format::Records, Format::Auto] {
            let items = parse_str(&text, format);
            prop_assert_eq!(items.len(), grids.len());
            for (k, (item, grid)) in items.iter().zip(&grids).enumerate() {
                let puzzle = item.as_ref().expect("a record reads back");
                prop_assert_eq!(&puzzle.grid, grid);
                prop_assert_eq!(puzzle.layout, Layout::Records);
                prop_assert_eq!(puzzle.named("<stdin>"), (path.as_str(), first + k));
                prop_assert_eq!(puzzle.line, k + 1);
            }
        }
    }

    #[test]
    fn render_then_parse_is_identity(grids in prop::collection::vec(any_grid(), 1..4)) {
        for layout in LAYOUTS {
            let text = rendered(&grids, layout);
            for format in [format_of(layout), Format::Auto] {
                let parsed: Vec<Grid> = parse_str(&text, format)
                    .into_iter()
                    .map(|item| item.map(|p| p.grid).map_err(|e| e.to_string()))
                    .collect::<Result<_, _>>()
                    .map_err(|e| TestCaseError::fail(format!("{layout:?} as {format:?}: {e}\n{text}")))?;
                prop_assert_eq!(&parsed, &grids, "{:?} read as {:?}:\n{}", layout, format, text);
            }
        }
    }

    /// A board damaged anywhere (a character replaced, dropped or doubled, a
    /// line dropped) never makes the parser panic, and never silently: a
    /// board read that is not an original with at most the edited cells
    /// changed (a mix of two boards, say, where a `grid` board lost a row
    /// and blank lines do not end boards) comes with an error.
    #[test]
    fn damaged_boards_are_errors_or_near_originals(
        grids in prop::collection::vec(any_grid(), 2..4),
        edit in (0usize..4, any::<prop::sample::Index>(), prop::sample::select(vec!['x', '5', '.', ' ', '\n', '[', ']', '"'])),
    ) {
        for layout in LAYOUTS {
            let mut chars: Vec<char> = rendered(&grids, layout).chars().collect();
            let (kind, at, c) = &edit;
            let i = at.index(chars.len());
            match kind {
                0 => chars[i] = *c,
                1 => { chars.remove(i); }
                2 => chars.insert(i, chars[i]),
                _ => {
                    // A whole line dropped.
                    let start = chars[..i].iter().rposition(|&c| c == '\n').map_or(0, |p| p + 1);
                    let end = chars[i..].iter().position(|&c| c == '\n').map_or(chars.len(), |p| i + p + 1);
                    chars.drain(start..end);
                }
            }
            let damaged: String = chars.into_iter().collect();
            for format in [format_of(layout), Format::Auto] {
                let items = parse_str(&damaged, format);
                let errors = items.iter().filter(|item| item.is_err()).count();
                for puzzle in items.iter().flatten() {
                    let near = grids.iter().any(|g| {
                        g.cells().iter().zip(puzzle.grid.cells()).filter(|(a, b)| a != b).count() <= 1
                    });
                    prop_assert!(near || errors > 0, "{:?} as {:?} silently read a board unlike any original:\n{}", layout, format, damaged);
                }
            }
        }
    }

    #[test]
    fn solutions_keep_givens_and_break_no_rule(puzzle in any_puzzle()) {
        let solution = puzzle.solve();
        prop_assert!(solution.is_some(), "a thinned solution always has a solution");
        let solution = solution.unwrap_or_default();
        prop_assert!(is_solution(&solution));
        prop_assert!(puzzle.is_kept_by(&solution));
        for s in puzzle.solutions(5) {
            prop_assert!(is_solution(&s) && puzzle.is_kept_by(&s));
        }
    }

    #[test]
    fn any_returned_solution_is_valid(grid in any_grid()) {
        for s in grid.solutions(3) {
            prop_assert!(is_solution(&s) && grid.is_kept_by(&s));
        }
        if !grid.conflicts().is_empty() {
            prop_assert_eq!(grid.count_solutions(2), 0);
        }
    }
}
