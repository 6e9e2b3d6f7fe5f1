//! New puzzles with exactly one solution: minimal or with a number of
//! givens in a range, with a symmetric pattern of givens, of a chosen
//! difficulty, from a random solution grid, a given one, or a given
//! pattern of given cells.
//!
//! ```
//! use sudokit::generate::{Options, Symmetry, generate};
//! use sudokit::random::seeded;
//!
//! let options = Options { symmetry: Symmetry::Rotational, ..Options::default() };
//! let made = generate(&options, &mut seeded(42))?;
//! assert_eq!(made.puzzle.count_solutions(2), 1);
//! assert!(made.puzzle.is_kept_by(&made.solution));
//! assert!(Symmetry::Rotational.holds(made.puzzle.cells()));
//! // The same seed gives the same puzzle.
//! assert_eq!(generate(&options, &mut seeded(42))?.puzzle, made.puzzle);
//! # Ok::<(), sudokit::generate::GenerateError>(())
//! ```
//!
//! A puzzle is made in attempts: draw or take a solution grid, take givens
//! away while the puzzle keeps one solution (see `docs/generate.md`), and
//! keep the result if it meets the options, else start again. Everything
//! random is drawn through [`crate::random`], and the engine is asked only
//! whether a puzzle has one solution, never which solution it finds first:
//! the puzzles made from a random generator's words are the same on every
//! machine and with every build of the engine. With the generators of
//! [`crate::random`], the puzzles a seed gives are stable within a major
//! version of sudokit.

pub mod carve;
mod difficulty;
mod fill;
mod singles;
mod symmetry;
#[cfg(test)]
mod tests;
mod unavoidable;
mod units;

pub use difficulty::RatingRange;
pub use symmetry::{Symmetry, UnknownSymmetry};

use rand::RngCore;

use crate::Grid;
use crate::logic::Rating;
use crate::random::{below, shuffle};

/// Fewer givens than this never make a puzzle with one solution
/// (McGuire, Tugemann and Civario, "There is no 16-clue Sudoku", 2012).
pub const MIN_GIVENS: usize = 17;

/// How many givens a puzzle keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Shape {
    /// No given (with a symmetry: no orbit of givens the symmetry maps onto
    /// each other) can be removed without a second solution appearing.
    #[default]
    Minimal,
    /// Between `min` and `max` givens, both included; not necessarily
    /// minimal.
    Givens {
        /// The fewest givens.
        min: usize,
        /// The most givens.
        max: usize,
    },
}

/// The cells a puzzle must have its givens in: the "patterns game".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pattern {
    cells: [bool; 81],
}

impl Pattern {
    /// The pattern of the cells marked `true` (row-major).
    pub fn new(cells: [bool; 81]) -> Pattern {
        Pattern { cells }
    }

    /// The pattern of the filled cells of `grid`.
    pub fn of(grid: &Grid) -> Pattern {
        Pattern {
            cells: grid.cells().map(|v| v != 0),
        }
    }

    /// True when `cell` (0-80) is in the pattern.
    pub fn contains(&self, cell: usize) -> bool {
        self.cells[cell]
    }

    /// The number of cells in the pattern.
    pub fn len(&self) -> usize {
        self.cells.iter().filter(|&&c| c).count()
    }

    /// True when the pattern has no cell.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Where a puzzle's givens come from.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Start {
    /// A random solution grid, a new one for each attempt.
    #[default]
    Random,
    /// This solution grid (complete and valid); attempts differ in the
    /// givens they take away.
    Solution(Grid),
    /// Givens in exactly these cells, with digits from a random solution
    /// grid; attempts draw new grids until one gives a single solution.
    Pattern(Pattern),
}

/// What a puzzle must be.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// The symmetry of the pattern of givens. Not with [`Start::Pattern`].
    pub symmetry: Symmetry,
    /// How many givens to keep. With [`Start::Pattern`] the pattern fixes
    /// the givens, and only the default, [`Shape::Minimal`], is taken
    /// (meaning no more than that).
    pub shape: Shape,
    /// Where the givens come from.
    pub start: Start,
    /// Only puzzles whose ER lies in this range. A puzzle the logical
    /// solver gets stuck on has no ER and is never taken.
    pub rating: Option<RatingRange>,
    /// Attempts after which [`generate`] gives up
    /// ([`GenerateError::GaveUp`]). Each attempt draws from the generator
    /// where the last one stopped, so a call with the same generator goes
    /// on where the last call gave up: many calls of a few attempts make
    /// the same puzzle as one call of many (a caller checks a clock
    /// between them).
    pub max_attempts: u64,
}

impl Options {
    /// Whether the options can be met at all: the error [`generate`] would
    /// give at once, without drawing anything.
    pub fn check(&self) -> Result<(), GenerateError> {
        Plan::new(self).map(|_| ())
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            symmetry: Symmetry::None,
            shape: Shape::Minimal,
            start: Start::Random,
            rating: None,
            max_attempts: u64::MAX,
        }
    }
}

/// A puzzle made by [`generate`].
#[derive(Debug, Clone, PartialEq)]
pub struct Generated {
    /// The puzzle: exactly one solution.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// The number of givens of the puzzle.
    pub givens: usize,
    /// The symmetry its pattern of givens was made with.
    pub symmetry: Symmetry,
    /// Its rating, when a rating range was asked for.
    pub rating: Option<Rating>,
    /// The attempts it took in this call, this one included.
    pub attempts: u64,
}

/// Why [`generate`] made no puzzle.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GenerateError {
    /// Every puzzle with one solution has at least [`MIN_GIVENS`] givens.
    #[error(
        "a puzzle with one solution has at least 17 givens; at most {max} were asked for (there is no 16-given sudoku)"
    )]
    TooFewGivens {
        /// The most givens asked for.
        max: usize,
    },
    /// A range whose low end is above its high end.
    #[error("the range {min}-{max} is empty")]
    EmptyRange {
        /// The low end.
        min: String,
        /// The high end.
        max: String,
    },
    /// No pattern with the symmetry has a number of givens in the range.
    #[error("no pattern with {symmetry} symmetry has {min} to {max} givens")]
    NoCount {
        /// The symmetry.
        symmetry: Symmetry,
        /// The fewest givens asked for.
        min: usize,
        /// The most givens asked for.
        max: usize,
    },
    /// The starting grid is not a complete solution that follows the rules.
    #[error("the starting grid is not a solution: {0}")]
    NotASolution(&'static str),
    /// The pattern has too few cells for a puzzle with one solution.
    #[error("the pattern has {cells} cells; a puzzle with one solution needs at least 17 givens")]
    SparsePattern {
        /// The cells of the pattern.
        cells: usize,
    },
    /// A pattern fixes the givens: no symmetry or number of givens applies.
    #[error("a pattern fixes the givens: --symmetry and --givens do not apply to it")]
    PatternFixesGivens,
    /// [`Options::max_attempts`] attempts made no puzzle that meets the
    /// options.
    #[error("no puzzle met the options in {attempts} attempts")]
    GaveUp {
        /// The attempts made.
        attempts: u64,
    },
}

/// Makes a puzzle that meets `options`, drawing from `rng`.
///
/// The same `options` and generator state give the same puzzle on every
/// machine. Fails at once when the options cannot be met, and after
/// [`Options::max_attempts`] attempts that made no puzzle that meets them.
///
/// ```
/// use sudokit::generate::{Options, RatingRange, Shape, generate};
/// use sudokit::random::seeded;
///
/// let options = Options {
///     shape: Shape::Givens { min: 30, max: 32 },
///     rating: Some(RatingRange { min: 1.0, max: 2.5 }),
///     ..Options::default()
/// };
/// let made = generate(&options, &mut seeded(7))?;
/// assert!((30..=32).contains(&made.givens));
/// assert!(made.rating.expect("rated").er <= 2.5);
///
/// let too_few = Options { shape: Shape::Givens { min: 10, max: 15 }, ..Options::default() };
/// assert!(generate(&too_few, &mut seeded(7)).is_err());
/// # Ok::<(), sudokit::generate::GenerateError>(())
/// ```
pub fn generate(options: &Options, rng: &mut impl RngCore) -> Result<Generated, GenerateError> {
    let plan = Plan::new(options)?;
    for attempt in 1..=options.max_attempts {
        if let Some(mut made) = plan.attempt(rng) {
            made.attempts = attempt;
            return Ok(made);
        }
    }
    Err(GenerateError::GaveUp {
        attempts: options.max_attempts,
    })
}

/// The options checked and prepared for attempts.
struct Plan<'a> {
    options: &'a Options,
    orbits: &'static [Vec<usize>],
    /// The fewest and most givens.
    min: usize,
    max: usize,
}

impl Plan<'_> {
    fn new(options: &Options) -> Result<Plan<'_>, GenerateError> {
        if let Some(range) = options.rating
            // NaN ends compare false either way: refused too.
            && range.min.partial_cmp(&range.max).is_none_or(|o| o.is_gt())
        {
            return Err(GenerateError::EmptyRange {
                min: range.min.to_string(),
                max: range.max.to_string(),
            });
        }
        let (min, max) = match options.shape {
            Shape::Minimal => (MIN_GIVENS, 81),
            Shape::Givens { min, max } => (min.max(MIN_GIVENS), max.min(81)),
        };
        if let Shape::Givens { min: lo, max: hi } = options.shape {
            if lo > hi {
                return Err(GenerateError::EmptyRange {
                    min: lo.to_string(),
                    max: hi.to_string(),
                });
            }
            if hi < MIN_GIVENS {
                return Err(GenerateError::TooFewGivens { max: hi });
            }
        }
        match &options.start {
            Start::Pattern(pattern) => {
                if options.symmetry != Symmetry::None || options.shape != Shape::Minimal {
                    return Err(GenerateError::PatternFixesGivens);
                }
                if pattern.len() < MIN_GIVENS {
                    return Err(GenerateError::SparsePattern {
                        cells: pattern.len(),
                    });
                }
            }
            Start::Solution(grid) => {
                if !grid.is_complete() {
                    return Err(GenerateError::NotASolution("it has blank cells"));
                }
                if !grid.is_valid() {
                    return Err(GenerateError::NotASolution("a digit repeats in a unit"));
                }
            }
            Start::Random => {}
        }
        let counts = options.symmetry.possible_counts();
        if (min..=max).all(|n| counts & (1 << n) == 0) {
            return Err(GenerateError::NoCount {
                symmetry: options.symmetry,
                min,
                max,
            });
        }
        Ok(Plan {
            options,
            orbits: options.symmetry.orbits(),
            min,
            max,
        })
    }

    /// One attempt: a puzzle that meets the options, or `None`.
    fn attempt(&self, rng: &mut impl RngCore) -> Option<Generated> {
        let solution = match &self.options.start {
            Start::Solution(grid) => *grid.cells(),
            Start::Random | Start::Pattern(_) => fill::solution_grid(rng),
        };
        let carving = match &self.options.start {
            Start::Pattern(pattern) => {
                let cells =
                    std::array::from_fn(|c| if pattern.contains(c) { solution[c] } else { 0 });
                let carving = carve::Carving::new(&solution, cells);
                // The full grid has one solution; the pattern's blanks are
                // what was taken from it.
                let blanks: Vec<usize> = (0..81).filter(|&c| cells[c] == 0).collect();
                if !carving.still_unique(&blanks) {
                    return None;
                }
                carving
            }
            Start::Random | Start::Solution(_) => {
                let mut order: Vec<&[usize]> = self.orbits.iter().map(Vec::as_slice).collect();
                shuffle(rng, &mut order);
                let target = match self.options.shape {
                    Shape::Minimal => 0,
                    // A target drawn in the range spreads the counts over it.
                    Shape::Givens { .. } => {
                        self.min + below(rng, (self.max - self.min + 1) as u32) as usize
                    }
                };
                let carving = carve::carve(&solution, &order, self.min, target);
                if !(self.min..=self.max).contains(&carving.givens()) {
                    return None;
                }
                carving
            }
        };
        let cells = *carving.cells();
        let rating = match self.options.rating {
            None => None,
            Some(range) => {
                if range.above_singles() && carving.solved_by_singles() {
                    return None;
                }
                Some(difficulty::rated_within(&Grid::from_checked(cells), range)?)
            }
        };
        let puzzle = Grid::from_checked(cells);
        Some(Generated {
            givens: puzzle.givens(),
            puzzle,
            solution: Grid::from_checked(solution),
            symmetry: self.options.symmetry,
            rating,
            attempts: 1,
        })
    }
}
