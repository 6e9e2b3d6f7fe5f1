//! One deduction: which technique, the pattern it saw, and what it proves.

use std::fmt;

mod technique;

pub use technique::Technique;

use super::board::{CellName, Digits, House, bit, digits};

/// One deduction: the technique, the pattern it rests on, and the digits it
/// places and the candidates it removes.
///
/// Cells are indices 0-80 in reading order, digits 1-9. Its `Display` is the
/// one-line form players exchange, e.g. `Hidden Single in box 3: r2c8=7` or
/// `Pointing: 4 in box 5 on row 6 => r6c1<>4, r6c2<>4`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The technique that found it.
    pub technique: Technique,
    /// Digits it places, as (cell, digit).
    pub placements: Vec<(usize, u8)>,
    /// Candidates it removes, as (cell, digit). For a direct technique
    /// these are the removals that leave its hidden single: proven, shown,
    /// but not applied (see [`Step::is_direct`]).
    pub eliminations: Vec<(usize, u8)>,
    /// The candidates that form the pattern, as (cell, digit): for a wing
    /// the pivot's first, for a subset the subset's; for a chain its nodes
    /// in order, from the candidate it starts on (a cycle's start is not
    /// repeated at its end). A chain's nodes alternate true and false,
    /// starting true for a cycle or a chain that removes its start, false
    /// for a chain that places it. For a multiple or dynamic forcing chain,
    /// each branch's nodes (those SE counts: every candidate the branch's
    /// conclusion rests on, from the assumption first), then the patterns
    /// of the chains nested in it; the first node is the assumption.
    pub pattern: Vec<(usize, u8)>,
    /// The houses of the pattern, in the order the text names them: for an
    /// intersection the house the digit is confined in, then the one it is
    /// removed from; for a fish its base lines, then its cover lines; for a
    /// direct technique, last, the house of the hidden single it leaves.
    pub houses: Vec<House>,
}

impl Step {
    /// Its rating on SE's scale: that of its technique, plus for a chain
    /// SE's addition for its length (0.1 per step of 4, 6, 8, 12, 16, ...
    /// that its number of nodes less two exceeds).
    pub fn rating(&self) -> f32 {
        if self.technique.is_chain() {
            super::chains::difficulty(self.technique, self.pattern.len()) as f32
        } else if super::uniqueness::loop_type(self.technique).is_some() {
            super::uniqueness::loop_rating(self) as f32
        } else if self.technique == Technique::Bug3 {
            // 5.7 and 0.1 per digit of the naked set past the first, as SE.
            (5.7 + f64::from(self.pattern_digits().count_ones().saturating_sub(1)) * 0.1) as f32
        } else {
            self.technique.rating()
        }
    }

    /// True for SE's direct techniques (direct pointing, claiming, hidden
    /// pair and triple): a step whose outcome is the hidden single it
    /// places. Applying it places that digit only, as SE does; its
    /// eliminations stay on the board for a later step to make, which keeps
    /// the path, and so the ratings, SE's.
    pub fn is_direct(&self) -> bool {
        matches!(
            self.technique,
            Technique::DirectPointing
                | Technique::DirectClaiming
                | Technique::DirectHiddenPair
                | Technique::DirectHiddenTriple
        )
    }

    /// The pattern's cells, each once, in the order first named.
    pub fn pattern_cells(&self) -> Vec<usize> {
        let mut cells = Vec::new();
        for &(c, _) in &self.pattern {
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
        cells
    }

    /// `r1c1 {3,5}, r1c4 {3,5}`: each pattern cell with its digits.
    fn write_cell_digits(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.pattern_cells().into_iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{} {}", CellName(c), DigitSet(self.cell_digits(c)))?;
        }
        Ok(())
    }

    fn pattern_digits(&self) -> Digits {
        self.pattern.iter().fold(0, |m, &(_, d)| m | bit(d))
    }

    fn cell_digits(&self, cell: usize) -> Digits {
        self.pattern
            .iter()
            .filter(|&&(c, _)| c == cell)
            .fold(0, |m, &(_, d)| m | bit(d))
    }
}

struct DigitSet(Digits);

impl fmt::Display for DigitSet {
    /// `{2,7}`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, d) in digits(self.0).enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{d}")?;
        }
        f.write_str("}")
    }
}

fn write_cells(f: &mut fmt::Formatter<'_>, cells: &[usize]) -> fmt::Result {
    for (i, &c) in cells.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{}", CellName(c))?;
    }
    Ok(())
}

fn write_lines(f: &mut fmt::Formatter<'_>, houses: &[House]) -> fmt::Result {
    if let Some(first) = houses.first() {
        let kind = match first.unit {
            crate::Unit::Row => "rows",
            crate::Unit::Column => "columns",
            crate::Unit::Box => "boxes",
        };
        write!(f, "{kind} ")?;
    }
    for (i, h) in houses.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{}", h.index + 1)?;
    }
    Ok(())
}

/// A chain in Eureka-like notation: `-` after a true node (a weak link:
/// the next is false), `=` after a false one (a strong link: the next is
/// true). Chains of one digit name it once in front, `4 r1c2-r1c8=r5c8`;
/// others name each node's, `(4)r1c2-(7)r1c2=(7)r3c2`. A cycle ends on its
/// start again.
fn write_chain(f: &mut fmt::Formatter<'_>, step: &Step) -> fmt::Result {
    let one_digit = matches!(
        step.technique,
        Technique::BidirectionalXCycle | Technique::ForcingXChain
    );
    let cycle = matches!(
        step.technique,
        Technique::BidirectionalXCycle
            | Technique::BidirectionalYCycle
            | Technique::BidirectionalCycle
    );
    if one_digit && let Some(&(_, d)) = step.pattern.first() {
        write!(f, "{d} ")?;
    }
    let mut on = cycle || step.placements.is_empty();
    let closing = if cycle { step.pattern.first() } else { None };
    for (i, &(c, d)) in step.pattern.iter().chain(closing).enumerate() {
        if i > 0 {
            f.write_str(if on { "-" } else { "=" })?;
            on = !on;
        }
        if !one_digit {
            write!(f, "({d})")?;
        }
        write!(f, "{}", CellName(c))?;
    }
    Ok(())
}

/// The premise of a multiple or dynamic forcing chain, whose branches do
/// not fit one line: the candidate assumed (the first node of the
/// pattern), the cell or the house whose every candidate or place was
/// tried.
fn write_forcing_summary(f: &mut fmt::Formatter<'_>, step: &Step) -> fmt::Result {
    use Technique as T;
    let Some(&(cell, digit)) = step.pattern.first() else {
        return Ok(());
    };
    let source = CellName(cell);
    match step.technique {
        T::NishioForcingChain | T::DynamicContradictionForcingChain(_) => {
            // The assumption is the negation of the conclusion.
            if step.placements.contains(&(cell, digit)) {
                write!(f, "{source}<>{digit} leads to a contradiction")
            } else {
                write!(f, "{source}={digit} leads to a contradiction")
            }
        }
        T::DynamicDoubleForcingChain(_) => {
            write!(f, "{source}={digit} and {source}<>{digit} agree")
        }
        T::CellForcingChain | T::DynamicCellForcingChain(_) => {
            write!(f, "every candidate of {source} agrees")
        }
        _ => match step.houses.first() {
            Some(h) => write!(f, "every place of {digit} in {h} agrees"),
            None => write!(f, "every place of {digit} agrees"),
        },
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Technique as T;
        let name = self.technique.name();
        let house = |i: usize| self.houses.get(i).copied();
        let digit = self.pattern.first().map_or(0, |&(_, d)| d);
        match self.technique {
            T::FullHouse | T::HiddenSingleBox | T::HiddenSingleRow | T::HiddenSingleColumn => {
                write!(f, "{name}")?;
                if let Some(h) = house(0) {
                    write!(f, " in {h}")?;
                }
                f.write_str(":")?;
            }
            T::NakedSingle | T::Bug1 => write!(f, "{name}:")?,
            T::Pointing | T::Claiming | T::DirectPointing | T::DirectClaiming => {
                if let (Some(a), Some(b)) = (house(0), house(1)) {
                    write!(f, "{name}: {digit} in {a} on {b}")?;
                } else {
                    write!(f, "{name}:")?;
                }
            }
            T::NakedPair
            | T::NakedTriple
            | T::NakedQuad
            | T::HiddenPair
            | T::HiddenTriple
            | T::HiddenQuad
            | T::DirectHiddenPair
            | T::DirectHiddenTriple => {
                write!(f, "{name}")?;
                if let Some(h) = house(0) {
                    write!(f, " in {h}")?;
                }
                f.write_str(": ")?;
                write_cells(f, &self.pattern_cells())?;
                write!(f, " {}", DigitSet(self.pattern_digits()))?;
            }
            T::XWing | T::Swordfish | T::Jellyfish => {
                let n = self.houses.len() / 2;
                write!(f, "{name}: {digit} in ")?;
                write_lines(f, &self.houses[..n])?;
                f.write_str(" and ")?;
                write_lines(f, &self.houses[n..])?;
            }
            T::UniqueRectangle1
            | T::UniqueRectangle2
            | T::UniqueRectangle3
            | T::UniqueRectangle3Hidden
            | T::UniqueRectangle4
                if super::uniqueness::loop_len(self) > 4 =>
            {
                let name = name.replace("Rectangle", "Loop");
                write!(f, "{name}: ")?;
                self.write_cell_digits(f)?;
            }
            T::XYWing
            | T::XYZWing
            | T::UniqueRectangle1
            | T::UniqueRectangle2
            | T::UniqueRectangle3
            | T::UniqueRectangle3Hidden
            | T::UniqueRectangle4
            | T::Bug2
            | T::Bug3
            | T::Bug4
            | T::AlignedPairExclusion
            | T::AlignedTripletExclusion => {
                write!(f, "{name}: ")?;
                self.write_cell_digits(f)?;
            }
            T::BidirectionalXCycle
            | T::BidirectionalYCycle
            | T::ForcingXChain
            | T::BidirectionalCycle
            | T::ForcingChain => {
                write!(f, "{name}: ")?;
                write_chain(f, self)?;
            }
            T::NishioForcingChain
            | T::CellForcingChain
            | T::RegionForcingChain
            | T::DynamicContradictionForcingChain(_)
            | T::DynamicDoubleForcingChain(_)
            | T::DynamicCellForcingChain(_)
            | T::DynamicRegionForcingChain(_) => {
                write!(f, "{name}: ")?;
                write_forcing_summary(f, self)?;
            }
        }
        let direct = self.is_direct();
        if !self.eliminations.is_empty() {
            f.write_str(" =>")?;
            for (i, &(c, d)) in self.eliminations.iter().enumerate() {
                let sep = if i == 0 { " " } else { ", " };
                write!(f, "{sep}{}<>{d}", CellName(c))?;
            }
        }
        if direct {
            f.write_str(" => Hidden Single")?;
            if let Some(h) = self.houses.last() {
                write!(f, " in {h}")?;
            }
            f.write_str(":")?;
        } else if !self.placements.is_empty()
            && (!self.eliminations.is_empty() || self.technique.is_chain())
        {
            f.write_str(" =>")?;
        }
        for (i, &(c, d)) in self.placements.iter().enumerate() {
            let sep = if i == 0 { " " } else { ", " };
            write!(f, "{sep}{}={d}", CellName(c))?;
        }
        Ok(())
    }
}
