//! The symmetries a pattern of givens may have, and the sets of cells
//! (orbits) that such a pattern gains or loses together.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

/// A symmetry of the pattern of givens: a given in one cell has a given in
/// each of the cells the symmetry maps it to (the digits may differ).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Symmetry {
    /// No symmetry asked for.
    #[default]
    None,
    /// Half-turn rotation about the centre: r,c ↔ 10−r,10−c.
    Rotational,
    /// Quarter-turn rotation: the pattern looks the same turned by 90°.
    QuarterTurn,
    /// Mirror in the main diagonal (top left to bottom right): r,c ↔ c,r.
    Diagonal,
    /// Mirror in the anti-diagonal (top right to bottom left): r,c ↔ 10−c,10−r.
    Antidiagonal,
    /// Mirror in the horizontal middle line (top ↔ bottom): r,c ↔ 10−r,c.
    Horizontal,
    /// Mirror in the vertical middle line (left ↔ right): r,c ↔ r,10−c.
    Vertical,
    /// Every symmetry of the square at once: both mirrors, both diagonals
    /// and the rotations.
    Dihedral,
}

/// A map of the board onto itself, on 0-based row and column.
type Map = fn(usize, usize) -> (usize, usize);

const IDENTITY: Map = |r, c| (r, c);
const HALF_TURN: Map = |r, c| (8 - r, 8 - c);
const QUARTER: Map = |r, c| (c, 8 - r);
const THREE_QUARTERS: Map = |r, c| (8 - c, r);
const DIAGONAL: Map = |r, c| (c, r);
const ANTIDIAGONAL: Map = |r, c| (8 - c, 8 - r);
const HORIZONTAL: Map = |r, c| (8 - r, c);
const VERTICAL: Map = |r, c| (r, 8 - c);

impl Symmetry {
    /// Every symmetry, in the order the command line lists them.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::None,
        Symmetry::Rotational,
        Symmetry::QuarterTurn,
        Symmetry::Diagonal,
        Symmetry::Antidiagonal,
        Symmetry::Horizontal,
        Symmetry::Vertical,
        Symmetry::Dihedral,
    ];

    /// Its name on the command line and in JSON: `rotational`,
    /// `quarter-turn`, ...
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotational => "rotational",
            Symmetry::QuarterTurn => "quarter-turn",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Antidiagonal => "antidiagonal",
            Symmetry::Horizontal => "horizontal",
            Symmetry::Vertical => "vertical",
            Symmetry::Dihedral => "dihedral",
        }
    }

    /// The maps of the symmetry's group, the identity first.
    fn maps(self) -> &'static [Map] {
        match self {
            Symmetry::None => &[IDENTITY],
            Symmetry::Rotational => &[IDENTITY, HALF_TURN],
            Symmetry::QuarterTurn => &[IDENTITY, QUARTER, HALF_TURN, THREE_QUARTERS],
            Symmetry::Diagonal => &[IDENTITY, DIAGONAL],
            Symmetry::Antidiagonal => &[IDENTITY, ANTIDIAGONAL],
            Symmetry::Horizontal => &[IDENTITY, HORIZONTAL],
            Symmetry::Vertical => &[IDENTITY, VERTICAL],
            Symmetry::Dihedral => &[
                IDENTITY,
                QUARTER,
                HALF_TURN,
                THREE_QUARTERS,
                DIAGONAL,
                ANTIDIAGONAL,
                HORIZONTAL,
                VERTICAL,
            ],
        }
    }

    /// The orbits: sets of cells (0-80) that a pattern with this symmetry
    /// holds all or none of, each in increasing order, ordered by their
    /// first cell. Together they cover the board once.
    pub fn orbits(self) -> &'static [Vec<usize>] {
        static ORBITS: OnceLock<Vec<Vec<Vec<usize>>>> = OnceLock::new();
        let all = ORBITS.get_or_init(|| Symmetry::ALL.iter().map(|s| s.find_orbits()).collect());
        let index = Symmetry::ALL.iter().position(|&s| s == self).unwrap_or(0);
        &all[index]
    }

    fn find_orbits(self) -> Vec<Vec<usize>> {
        let mut seen = [false; 81];
        let mut orbits = Vec::new();
        for cell in 0..81 {
            if seen[cell] {
                continue;
            }
            let mut orbit: Vec<usize> = self
                .maps()
                .iter()
                .map(|map| {
                    let (r, c) = map(cell / 9, cell % 9);
                    r * 9 + c
                })
                .collect();
            orbit.sort_unstable();
            orbit.dedup();
            for &c in &orbit {
                seen[c] = true;
            }
            orbits.push(orbit);
        }
        orbits
    }

    /// True when the filled cells of `cells` (non-zero) form a pattern with
    /// this symmetry.
    pub fn holds(self, cells: &[u8; 81]) -> bool {
        self.orbits().iter().all(|orbit| {
            let filled = orbit.iter().filter(|&&c| cells[c] != 0).count();
            filled == 0 || filled == orbit.len()
        })
    }

    /// Which numbers of givens a pattern with this symmetry can have: bit
    /// `n` of the result is set when some union of orbits has `n` cells.
    pub(super) fn possible_counts(self) -> u128 {
        let mut reachable = 1u128;
        for orbit in self.orbits() {
            reachable |= reachable << orbit.len();
        }
        reachable & ((1u128 << 82) - 1)
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no symmetry's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown symmetry '{0}' (expected none, rotational, quarter-turn, diagonal, antidiagonal, horizontal, vertical or dihedral)"
)]
pub struct UnknownSymmetry(pub String);

impl FromStr for Symmetry {
    type Err = UnknownSymmetry;

    fn from_str(s: &str) -> Result<Symmetry, UnknownSymmetry> {
        Symmetry::ALL
            .into_iter()
            .find(|sym| sym.name() == s)
            .ok_or_else(|| UnknownSymmetry(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_cover_the_board_once_with_the_sizes_of_their_group() {
        let sizes = |s: Symmetry| {
            let mut v: Vec<usize> = s.orbits().iter().map(Vec::len).collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        for sym in Symmetry::ALL {
            let mut covered = [0; 81];
            for orbit in sym.orbits() {
                for &c in orbit {
                    covered[c] += 1;
                }
            }
            assert!(covered.iter().all(|&n| n == 1), "{sym}");
        }
        assert_eq!(sizes(Symmetry::None), [1]);
        assert_eq!(sizes(Symmetry::Rotational), [1, 2]);
        assert_eq!(sizes(Symmetry::QuarterTurn), [1, 4]);
        assert_eq!(sizes(Symmetry::Diagonal), [1, 2]);
        assert_eq!(sizes(Symmetry::Dihedral), [1, 4, 8]);
        assert_eq!(Symmetry::Rotational.orbits().len(), 41);
        assert_eq!(Symmetry::Dihedral.orbits().len(), 15);
    }

    #[test]
    fn holds_tells_symmetric_patterns_apart() {
        let mut cells = [0u8; 81];
        cells[0] = 1;
        cells[80] = 2;
        assert!(Symmetry::Rotational.holds(&cells));
        assert!(Symmetry::Diagonal.holds(&cells));
        assert!(!Symmetry::Horizontal.holds(&cells));
        assert!(!Symmetry::QuarterTurn.holds(&cells));
        cells[8] = 3;
        cells[72] = 4;
        assert!(Symmetry::Dihedral.holds(&cells));
        assert!(Symmetry::None.holds(&cells));
    }

    #[test]
    fn counts_follow_the_orbit_sizes() {
        let counts = Symmetry::Dihedral.possible_counts();
        // Orbits of 4 and 8 cells and the centre alone: a multiple of 4,
        // plus one with the centre.
        assert!(counts & (1 << 17) != 0);
        assert!(counts & (1 << 20) != 0);
        assert!(counts & (1 << 18) == 0);
        assert!(counts & (1 << 19) == 0);
        assert_eq!(Symmetry::None.possible_counts(), (1u128 << 82) - 1);
        for s in Symmetry::ALL {
            assert_eq!(s.name().parse::<Symmetry>(), Ok(s));
        }
        assert!("spiral".parse::<Symmetry>().is_err());
    }
}
