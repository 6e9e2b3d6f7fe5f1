//! One name for every puzzle and its disguises: canonical forms, the
//! transformations between isomorphic boards, and random isomorphs.
//!
//! Two boards are isomorphic when one becomes the other by transposing,
//! permuting bands, rows within a band, stacks and columns within a stack
//! (3,359,232 rearrangements in all) and relabelling the digits. The
//! **minlex** form of a board is the smallest 81-character string, blanks
//! as `0`, among all its isomorphs: over every rearrangement, with digits
//! relabelled in order of first appearance. Two boards are isomorphic
//! exactly when their minlex forms are equal. The **pattern-first** form
//! takes the smallest pattern of givens first and the smallest digits only
//! among the rearrangements that give it: another canonical form, often a
//! different string, and faster to find.
//!
//! Both are properties of the pattern and the digits alone: any board has
//! them, complete or not, solvable or not, valid or not.
//!
//! ```
//! use sudokit::Grid;
//!
//! let puzzle: Grid = "\
//!     000000010400000000020000000000050407008000300001090000300400200050100000000806000"
//!     .parse()?;
//! let (form, transform) = puzzle.canonical();
//! assert_eq!(transform.apply(&puzzle), form);
//! assert_eq!(transform.inverse().apply(&form), puzzle);
//!
//! // Any disguise of the puzzle has the same form.
//! let mut rng = sudokit::random::seeded(1);
//! let disguised = puzzle.isomorph(&mut rng);
//! assert_eq!(disguised.canonical().0, form);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod search;
mod transform;

#[cfg(test)]
mod tests;

use rand::RngCore;

pub use transform::Transform;

use crate::Grid;

/// Which canonical form to compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Form {
    /// The smallest string over every isomorph (the community's minlex).
    #[default]
    Minlex,
    /// The smallest pattern of givens first, then the smallest digits.
    PatternFirst,
}

/// A board's canonical form, how to reach it, and its symmetry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Canonical {
    /// The canonical board.
    pub form: Grid,
    /// A transformation that makes `form` of the board given.
    pub transform: Transform,
    /// How many of the 3,359,232 rearrangements, each with some relabelling,
    /// map the board to itself (1 for most puzzles; the identity counts).
    pub automorphisms: u32,
}

/// Finds canonical forms, keeping its working buffers from one board to the
/// next: use one per thread for many boards.
///
/// ```
/// use sudokit::Grid;
/// use sudokit::canon::{Canonicalizer, Form};
///
/// let mut canon = Canonicalizer::new();
/// let empty = canon.canonicalize(&Grid::EMPTY, Form::Minlex);
/// assert_eq!(empty.form, Grid::EMPTY);
/// assert_eq!(empty.automorphisms, 3_359_232);
/// ```
#[derive(Debug, Default)]
pub struct Canonicalizer {
    search: search::Search,
}

impl Canonicalizer {
    /// A canonicalizer with empty buffers.
    pub fn new() -> Canonicalizer {
        Canonicalizer::default()
    }

    /// The canonical `form` of `grid`.
    pub fn canonicalize(&mut self, grid: &Grid, form: Form) -> Canonical {
        let found = match form {
            Form::Minlex => self.search.minlex(grid),
            Form::PatternFirst => self.search.pattern_first(grid),
        };
        Canonical {
            form: found.transform.apply(grid),
            transform: found.transform,
            automorphisms: found.automorphisms,
        }
    }
}

impl Grid {
    /// The minlex form of this board and a transformation that makes it:
    /// `transform.apply(self) == form`. See [`canon`](crate::canon).
    ///
    /// ```
    /// use sudokit::Grid;
    ///
    /// let mut grid = Grid::EMPTY;
    /// grid.set(4, 4, 7);
    /// let (form, transform) = grid.canonical();
    /// // One given goes to the last cell, relabelled 1.
    /// assert_eq!(form.to_string(), format!("{}1", ".".repeat(80)));
    /// assert_eq!(transform.apply(&grid), form);
    /// ```
    pub fn canonical(&self) -> (Grid, Transform) {
        let c = Canonicalizer::new().canonicalize(self, Form::Minlex);
        (c.form, c.transform)
    }

    /// How many of the 3,359,232 rearrangements, each with some
    /// relabelling, map this board to itself.
    ///
    /// ```
    /// use sudokit::Grid;
    ///
    /// assert_eq!(Grid::EMPTY.automorphisms(), 3_359_232);
    /// ```
    pub fn automorphisms(&self) -> u32 {
        Canonicalizer::new()
            .canonicalize(self, Form::Minlex)
            .automorphisms
    }

    /// A random isomorph of this board, uniform over every rearrangement
    /// and relabelling, drawn through [`crate::random`] so a seed always
    /// gives the same board.
    ///
    /// ```
    /// use sudokit::Grid;
    /// use sudokit::random::seeded;
    ///
    /// let mut grid = Grid::EMPTY;
    /// grid.set(0, 0, 5);
    /// let a = grid.isomorph(&mut seeded(3));
    /// assert_eq!(a, grid.isomorph(&mut seeded(3)));
    /// assert_eq!(a.givens(), 1);
    /// ```
    pub fn isomorph<R: RngCore + ?Sized>(&self, rng: &mut R) -> Grid {
        Transform::random(rng).apply(self)
    }
}
