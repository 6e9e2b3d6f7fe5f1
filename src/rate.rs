//! Rating a puzzle on Sudoku Explainer's scale: the logical solver's path,
//! always the easiest step, gives ER, EP and ED, on a puzzle with one
//! solution only (SE rates no other, and the uniqueness techniques are only
//! sound then). The exact engine checks that before any step past the
//! singles; a path of singles alone proves it.

use std::fmt;

use crate::grid::Grid;
use crate::logic::{Board, Outcome, Path, Rating, rate_steps, solve_steps};
use crate::solve::SolveError;

/// Rates a puzzle on Sudoku Explainer's scale: ER (its hardest step), EP
/// (the hardest up to the first placement) and ED (the first step).
///
/// ```
/// use sudokit::{Grid, Level, RateError, SolveError, rate};
///
/// let puzzle: Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///         .parse()?;
/// let rating = rate(&puzzle)?;
/// assert_eq!(rating.to_string(), "2.6/1.2/1.2");
/// assert_eq!(rating.level(), Level::Medium);
///
/// // Only puzzles with one solution are rated.
/// assert!(matches!(
///     rate(&Grid::EMPTY),
///     Err(RateError::Solve(SolveError::Multiple))
/// ));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rate(grid: &Grid) -> Result<Rating, RateError> {
    // The rating of the path rate_path takes, without keeping its steps.
    // The exact engine's check waits until the singles are done: a puzzle
    // they solve has one solution (see rate_steps).
    if !grid.is_valid() {
        return Err(SolveError::Invalid.into());
    }
    rate_steps(Board::from_grid(grid), || grid.solve_unique().map(drop))?.map_err(RateError::Stuck)
}

/// The path a rating rests on: every step, in order, each the easiest
/// available at its turn ([`Path::rating`] gives the figures, and
/// [`Path::hardest`] the technique of the hardest step).
///
/// ```
/// use sudokit::{Grid, rate_path};
/// use sudokit::logic::Technique;
///
/// let puzzle: Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///         .parse()?;
/// let path = rate_path(&puzzle)?;
/// assert_eq!(path.hardest(), Some(Technique::Pointing));
/// assert_eq!(path.board.to_grid(), puzzle.solve_unique()?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rate_path(grid: &Grid) -> Result<Path, RateError> {
    grid.solve_unique()?;
    let path = solve_steps(Board::from_grid(grid));
    match path.outcome {
        Outcome::Solved => Ok(path),
        Outcome::Stuck => Err(RateError::Stuck(Box::new(path))),
    }
}

/// Why a puzzle has no rating.
#[derive(Debug, Clone, thiserror::Error)]
pub enum RateError {
    /// The puzzle has not exactly one solution: its givens conflict, it
    /// has none, or it has several.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// The puzzle has one solution, but no technique the solver knows
    /// applies at some point: it needs harder ones (Sudoku Explainer rates
    /// such puzzles 7.3 and up, with its dynamic and nested chains). The
    /// path up to there: its steps, the board where it stopped, and a
    /// [`Path::rating`] that is only a lower bound of the puzzle's.
    #[error("stuck after {} steps: no technique sudokit knows applies", .0.steps.len())]
    Stuck(Box<Path>),
}

/// A difficulty level, named from ER ranges: easy up to 2.5 (singles and
/// the direct techniques), medium up to 5.9 (subsets, fish, wings, unique
/// rectangles), hard up to 7.9 (aligned pair exclusion, cycles, forcing
/// chains), very hard up to 8.9, extreme from 9.0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// ER up to 2.5.
    Easy,
    /// ER 2.6 to 5.9.
    Medium,
    /// ER 6.0 to 7.9.
    Hard,
    /// ER 8.0 to 8.9.
    VeryHard,
    /// ER 9.0 and up.
    Extreme,
}

impl Level {
    /// Every level and the highest ER it covers, easiest first; the last
    /// covers everything above.
    const TOPS: [(Level, f32); 5] = [
        (Level::Easy, 2.5),
        (Level::Medium, 5.9),
        (Level::Hard, 7.9),
        (Level::VeryHard, 8.9),
        (Level::Extreme, f32::INFINITY),
    ];

    /// The level of an ER.
    pub fn of(er: f32) -> Level {
        Level::TOPS
            .iter()
            // Ratings have one decimal: compare them as such.
            .find(|(_, top)| er <= top + 0.05)
            .map_or(Level::Extreme, |&(level, _)| level)
    }

    /// The ERs it covers, both ends included on the one-decimal scale:
    /// `(6.0, 7.9)` for hard, `(9.0, f32::INFINITY)` for extreme.
    ///
    /// ```
    /// use sudokit::Level;
    /// assert_eq!(Level::Medium.range(), (2.6, 5.9));
    /// assert_eq!(Level::of(Level::Hard.range().0), Level::Hard);
    /// ```
    pub fn range(self) -> (f32, f32) {
        let at = Level::TOPS
            .iter()
            .position(|&(level, _)| level == self)
            .unwrap_or(0);
        // Tops are one-decimal ratings; the next level starts 0.1 above.
        let low = if at == 0 {
            0.0
        } else {
            ((Level::TOPS[at - 1].1 * 10.0).round() + 1.0) / 10.0
        };
        (low, Level::TOPS[at].1)
    }

    /// Its name: `easy`, `medium`, `hard`, `very hard`, `extreme`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::VeryHard => "very hard",
            Level::Extreme => "extreme",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Rating {
    /// The level its ER falls in.
    pub fn level(&self) -> Level {
        Level::of(self.er)
    }
}

#[cfg(test)]
mod tests {
    use super::{Level, RateError, rate, rate_path};
    use crate::{Grid, SolveError};

    #[test]
    fn the_rating_without_the_steps_is_that_of_the_path() {
        // Singles, direct steps, a naked single, subsets, a unique
        // rectangle, a BUG, chains; and one the solver is stuck on.
        let puzzles = [
            "..5...2.3..4.9718....4........8....4617.5.....2.......3.....4.68.2..9.7....7.....",
            ".9..6.8...6....9.....5..2...4...5.1....6...3..8....4.2.28.4...691.2......538.....",
            "....9....5..1.2.69..4..5...7.2....5...1...6....65...18.4...6.3...5.79....7..8.2..",
            "..2...4..394......6..3...1.54.6..9...8..5..2.....3.7......6..7..3.71.......5..2..",
            "...7.3...7.......8...29..54..198......4...8.3.7.3.6...91.....4.......5..6.8.2..1.",
            "6......58.....7..4....831....4.......3.1...97.....4..1..69..3....7......1.9.5..76",
            "8...2..4...7..32.6......5.35.38....2...6.9....1....7...5..94............1.9...83.",
            "....5..3...1673...8......7.......9..28.9....49.4..1........2....45.8.32...8...56.",
        ];
        for text in puzzles {
            let grid: Grid = text.parse().expect("a puzzle");
            match (rate(&grid), rate_path(&grid)) {
                (Ok(rating), Ok(path)) => assert_eq!(rating, path.rating(), "{text}"),
                (Err(RateError::Stuck(a)), Err(RateError::Stuck(b))) => {
                    assert_eq!(a.steps, b.steps, "{text}");
                    assert_eq!(a.board, b.board, "{text}");
                }
                (a, b) => panic!("{text}: {a:?} against {:?}", b.map(|p| p.rating())),
            }
        }
    }

    #[test]
    fn a_puzzle_the_singles_run_on_is_judged_as_the_exact_engine_judges_it() {
        // rate checks uniqueness only past the singles: every variant of a
        // puzzle (a given changed, or removed) must still be refused for
        // the reason the engine gives, and rated as its path when unique.
        let puzzles = [
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            "4..1...3..31....4.2...8...5....2...7........41.256........79....9...23..8..6....2",
        ];
        let mut refused = [0; 3];
        for text in puzzles {
            let grid: Grid = text.parse().expect("a puzzle");
            let cells = *grid.cells();
            for cell in (0..81).filter(|&c| cells[c] != 0) {
                for digit in 0..=9 {
                    let mut changed = cells;
                    changed[cell] = digit;
                    let variant = Grid::from_cells(changed).expect("digits 0-9");
                    match (rate(&variant), variant.solve_unique()) {
                        (Err(RateError::Solve(a)), Err(b)) => {
                            assert_eq!(a, b, "{}", variant.to_line());
                            refused[b as usize] += 1;
                        }
                        (Ok(rating), Ok(_)) => {
                            let path = rate_path(&variant).expect("rated");
                            assert_eq!(rating, path.rating(), "{}", variant.to_line());
                        }
                        (Err(RateError::Stuck(_)), Ok(_)) => {}
                        (a, b) => panic!("{}: {a:?} against {b:?}", variant.to_line()),
                    }
                }
            }
        }
        // The variants cover each way of being refused.
        assert!(refused.iter().all(|&n| n > 0), "{refused:?}");
    }

    #[test]
    fn levels_cover_the_scale_at_their_documented_edges() {
        let cases = [
            (0.0, Level::Easy),
            (1.0, Level::Easy),
            (2.5, Level::Easy),
            (2.6, Level::Medium),
            (5.9, Level::Medium),
            (6.0, Level::Hard),
            (7.2, Level::Hard),
            (7.9, Level::Hard),
            (8.0, Level::VeryHard),
            (8.9, Level::VeryHard),
            (9.0, Level::Extreme),
            (11.9, Level::Extreme),
        ];
        for (er, level) in cases {
            assert_eq!(Level::of(er), level, "{er}");
        }
        assert_eq!(Level::VeryHard.to_string(), "very hard");
    }

    #[test]
    fn only_puzzles_with_one_solution_are_rated() {
        let mut invalid = Grid::EMPTY;
        invalid.set(0, 0, 5);
        invalid.set(0, 1, 5);
        assert!(matches!(
            rate(&invalid),
            Err(RateError::Solve(SolveError::Invalid))
        ));
        assert!(matches!(
            rate(&Grid::EMPTY),
            Err(RateError::Solve(SolveError::Multiple))
        ));
        let unsolvable: Grid = format!("12345678.........9{}", ".".repeat(63))
            .parse()
            .expect("a board");
        assert!(matches!(
            rate(&unsolvable),
            Err(RateError::Solve(SolveError::Unsolvable))
        ));
    }

    #[test]
    fn a_solved_board_rates_nothing_and_a_stuck_path_says_where_it_stopped() {
        let solution =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let solved: Grid = solution.parse().expect("a board");
        let rating = rate(&solved).expect("one solution");
        assert_eq!(rating.to_string(), "0.0/0.0/0.0");
        // SE rates this one 8.3: past the chains the solver knows.
        let hard: Grid =
            "....5..3...1673...8......7.......9..28.9....49.4..1........2....45.8.32...8...56."
                .parse()
                .expect("a puzzle");
        match rate_path(&hard) {
            Err(RateError::Stuck(path)) => {
                assert!(!path.board.is_solved());
                assert!(path.rating().er <= 8.3);
                let err = RateError::Stuck(path.clone());
                assert!(
                    err.to_string()
                        .starts_with(&format!("stuck after {} steps", path.steps.len()))
                );
            }
            // Rated once the solver knows more: then it must agree with SE.
            Ok(path) => assert_eq!(path.rating().er, 8.3),
            Err(other) => panic!("{other}"),
        }
    }
}
