//! The techniques the solver knows, their names and their ratings on
//! Sudoku Explainer's scale.

use std::fmt;

/// A solving technique, with its rating on Sudoku Explainer's scale
/// (SE 1.2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Technique {
    /// The last empty cell of a row, column or box (1.0).
    FullHouse,
    /// The only place left for a digit in a box (1.2).
    HiddenSingleBox,
    /// The only place left for a digit in a row (1.5).
    HiddenSingleRow,
    /// The only place left for a digit in a column (1.5).
    HiddenSingleColumn,
    /// A pointing whose eliminations leave a hidden single in a box (1.7).
    DirectPointing,
    /// A claiming whose eliminations leave a hidden single in a row or
    /// column (1.9).
    DirectClaiming,
    /// A hidden pair whose eliminations leave a hidden single in its house
    /// (2.0).
    DirectHiddenPair,
    /// The only candidate left in a cell (2.3).
    NakedSingle,
    /// A hidden triple whose eliminations leave a hidden single in its house
    /// (2.5).
    DirectHiddenTriple,
    /// A digit confined to one row or column of a box leaves the rest of
    /// that line (2.6).
    Pointing,
    /// A digit confined to one box within a row or column leaves the rest of
    /// that box (2.8).
    Claiming,
    /// Two cells of a house with the same two candidates (3.0).
    NakedPair,
    /// A digit in two rows confined to two columns, or the reverse (3.2).
    XWing,
    /// Two digits confined to the same two cells of a house (3.4).
    HiddenPair,
    /// Three cells of a house with three candidates between them (3.6).
    NakedTriple,
    /// The fish of three rows and three columns (3.8).
    Swordfish,
    /// Three digits confined to the same three cells of a house (4.0).
    HiddenTriple,
    /// A bivalue pivot and two bivalue wings sharing a third digit (4.2).
    XYWing,
    /// A trivalue pivot and two bivalue wings within its digits (4.4).
    XYZWing,
    /// Three corners of a rectangle over two boxes hold only the same two
    /// candidates: the fourth cannot hold either (4.5).
    UniqueRectangle1,
    /// Two corners of such a rectangle hold only the two candidates, the
    /// other two the same one more: it leaves the cells that see both
    /// (4.5).
    UniqueRectangle2,
    /// Two cells of a unique rectangle or loop with extra digits that, as
    /// one cell, form a naked subset with other cells of a house they share:
    /// the subset's digits leave the rest of the house (4.6 and up).
    UniqueRectangle3,
    /// The same two cells, with the loop's digits, confined with other
    /// digits to as many cells of a house: the other digits leave those
    /// cells (4.5 and up).
    UniqueRectangle3Hidden,
    /// Two corners of such a rectangle hold only the two candidates, the
    /// other two share a house where one of the two has no other place: the
    /// other of the two leaves them (4.5).
    UniqueRectangle4,
    /// Four cells of a house with four candidates between them (5.0).
    NakedQuad,
    /// The fish of four rows and four columns (5.2).
    Jellyfish,
    /// Four digits confined to the same four cells of a house (5.4).
    HiddenQuad,
    /// Every empty cell bivalue but one: its digit that would complete the
    /// deadly pattern is the true one (5.6).
    Bug1,
    /// BUG cells sharing one extra digit: it leaves every cell that sees
    /// them all (5.7).
    Bug2,
    /// The BUG cells' extra digits, as one cell, form a naked subset with
    /// other cells of their house (5.8 and up).
    Bug3,
    /// Two BUG cells in a house where they hold the only places of a digit:
    /// each is that digit or its extra one (5.7).
    Bug4,
    /// Two cells seen by bivalue cells: a digit of either that fits no
    /// pair of digits the bivalue cells allow them leaves it (6.2).
    AlignedPairExclusion,
    /// A loop of one digit alternating strong and weak links: the digit
    /// leaves every cell that sees both ends of a weak link's pair of
    /// states (6.5, more for longer loops).
    BidirectionalXCycle,
    /// A loop through bivalue cells, with links of the cells and of houses
    /// (6.5 and up).
    BidirectionalYCycle,
    /// A chain of one digit from a candidate to its own negation, or from
    /// its absence to itself (6.6 and up).
    ForcingXChain,
    /// A loop mixing links of houses and of bivalue cells (7.0 and up).
    BidirectionalCycle,
    /// A chain over any digits from a candidate to its own negation, or
    /// from its absence to itself (7.0 and up).
    ForcingChain,
    /// Three cells seen by cells of two or three candidates: a digit of one
    /// of them that fits no combination those cells allow leaves it (7.5).
    AlignedTripletExclusion,
    /// A candidate whose truth (X links only, the board updated as the
    /// chain goes) leads to a contradiction (7.5 and up).
    NishioForcingChain,
    /// Every candidate of a cell leads to the same conclusion (8.0 and up).
    CellForcingChain,
    /// Every place of a digit in a house leads to the same conclusion
    /// (8.0 and up).
    RegionForcingChain,
    /// A candidate true, or false, leads to a contradiction, the board
    /// updated as the chains go. The number is the nesting level: 0 for
    /// dynamic chains (8.5 and up), 1 with the simple techniques inside
    /// them (9.0), 2 and more with forcing chains nested inside (9.5, 10.0,
    /// ...).
    DynamicContradictionForcingChain(u8),
    /// A candidate true and false both lead to the same conclusion, the
    /// board updated as the chains go; nesting level as for
    /// [`Technique::DynamicContradictionForcingChain`].
    DynamicDoubleForcingChain(u8),
    /// Every candidate of a cell leads to the same conclusion, the board
    /// updated as the chains go; nesting level as for
    /// [`Technique::DynamicContradictionForcingChain`].
    DynamicCellForcingChain(u8),
    /// Every place of a digit in a house leads to the same conclusion, the
    /// board updated as the chains go; nesting level as for
    /// [`Technique::DynamicContradictionForcingChain`].
    DynamicRegionForcingChain(u8),
}

/// SE's names of the dynamic chains by nesting level: the base name, then
/// what is nested inside.
macro_rules! nested_names {
    ($base:literal) => {
        [
            concat!("Dynamic ", $base, " Forcing Chains"),
            concat!("Dynamic ", $base, " Forcing Chains (+)"),
            concat!("Dynamic ", $base, " Forcing Chains (+ Forcing Chains)"),
            concat!(
                "Dynamic ",
                $base,
                " Forcing Chains (+ Multiple Forcing Chains)"
            ),
            concat!(
                "Dynamic ",
                $base,
                " Forcing Chains (+ Dynamic Forcing Chains)"
            ),
            concat!(
                "Dynamic ",
                $base,
                " Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))"
            ),
        ]
    };
}

const CONTRADICTION_NAMES: [&str; 6] = nested_names!("Contradiction");
const DOUBLE_NAMES: [&str; 6] = nested_names!("Double");
const CELL_NAMES: [&str; 6] = nested_names!("Cell");
const REGION_NAMES: [&str; 6] = nested_names!("Region");

fn nested_name(names: &[&'static str; 6], level: u8) -> &'static str {
    names[usize::from(level).min(names.len() - 1)]
}

impl Technique {
    /// Every technique, easiest first: the order the solver tries them in.
    pub const ALL: [Technique; 37] = [
        Technique::FullHouse,
        Technique::HiddenSingleBox,
        Technique::HiddenSingleRow,
        Technique::HiddenSingleColumn,
        Technique::DirectPointing,
        Technique::DirectClaiming,
        Technique::DirectHiddenPair,
        Technique::NakedSingle,
        Technique::DirectHiddenTriple,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::XYWing,
        Technique::XYZWing,
        Technique::UniqueRectangle1,
        Technique::UniqueRectangle2,
        Technique::UniqueRectangle3,
        Technique::UniqueRectangle3Hidden,
        Technique::UniqueRectangle4,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::Bug1,
        Technique::Bug2,
        Technique::Bug3,
        Technique::Bug4,
        Technique::AlignedPairExclusion,
        Technique::BidirectionalXCycle,
        Technique::BidirectionalYCycle,
        Technique::ForcingXChain,
        Technique::BidirectionalCycle,
        Technique::ForcingChain,
    ];

    /// True for the chain techniques, whose steps rate more than their
    /// technique's base rating when the chain is long (see
    /// [`Step::rating`](super::Step::rating)).
    pub fn is_chain(self) -> bool {
        self >= Technique::BidirectionalXCycle && self != Technique::AlignedTripletExclusion
    }

    /// The nesting level of a dynamic forcing chain: 0 for plain dynamic
    /// chains, 1 for those with the simple techniques inside, 2 and more
    /// with forcing chains nested inside. `None` for other techniques.
    pub fn nesting(self) -> Option<u8> {
        match self {
            Technique::DynamicContradictionForcingChain(l)
            | Technique::DynamicDoubleForcingChain(l)
            | Technique::DynamicCellForcingChain(l)
            | Technique::DynamicRegionForcingChain(l) => Some(l),
            _ => None,
        }
    }

    /// Its rating on Sudoku Explainer 1.2.1's scale; for a chain technique
    /// the base rating of its shortest chains.
    pub fn rating(self) -> f32 {
        match self {
            Technique::FullHouse => 1.0,
            Technique::HiddenSingleBox => 1.2,
            Technique::HiddenSingleRow | Technique::HiddenSingleColumn => 1.5,
            Technique::DirectPointing => 1.7,
            Technique::DirectClaiming => 1.9,
            Technique::DirectHiddenPair => 2.0,
            Technique::NakedSingle => 2.3,
            Technique::DirectHiddenTriple => 2.5,
            Technique::Pointing => 2.6,
            Technique::Claiming => 2.8,
            Technique::NakedPair => 3.0,
            Technique::XWing => 3.2,
            Technique::HiddenPair => 3.4,
            Technique::NakedTriple => 3.6,
            Technique::Swordfish => 3.8,
            Technique::HiddenTriple => 4.0,
            Technique::XYWing => 4.2,
            Technique::XYZWing => 4.4,
            Technique::UniqueRectangle1
            | Technique::UniqueRectangle2
            | Technique::UniqueRectangle3Hidden
            | Technique::UniqueRectangle4 => 4.5,
            Technique::UniqueRectangle3 => 4.6,
            Technique::NakedQuad => 5.0,
            Technique::Jellyfish => 5.2,
            Technique::HiddenQuad => 5.4,
            Technique::Bug1 => 5.6,
            Technique::Bug2 | Technique::Bug4 => 5.7,
            Technique::Bug3 => 5.8,
            Technique::AlignedPairExclusion => 6.2,
            Technique::BidirectionalXCycle | Technique::BidirectionalYCycle => 6.5,
            Technique::ForcingXChain => 6.6,
            Technique::BidirectionalCycle | Technique::ForcingChain => 7.0,
            Technique::AlignedTripletExclusion | Technique::NishioForcingChain => 7.5,
            Technique::CellForcingChain | Technique::RegionForcingChain => 8.0,
            Technique::DynamicContradictionForcingChain(l)
            | Technique::DynamicDoubleForcingChain(l)
            | Technique::DynamicCellForcingChain(l)
            | Technique::DynamicRegionForcingChain(l) => match l {
                0 => 8.5,
                1 => 9.0,
                _ => 9.5 + 0.5 * f32::from(l - 2),
            },
        }
    }

    /// Its name as players write it: `Hidden Single`, `X-Wing`.
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "Full House",
            Technique::HiddenSingleBox
            | Technique::HiddenSingleRow
            | Technique::HiddenSingleColumn => "Hidden Single",
            Technique::DirectPointing => "Direct Pointing",
            Technique::DirectClaiming => "Direct Claiming",
            Technique::DirectHiddenPair => "Direct Hidden Pair",
            Technique::NakedSingle => "Naked Single",
            Technique::DirectHiddenTriple => "Direct Hidden Triple",
            Technique::Pointing => "Pointing",
            Technique::Claiming => "Claiming",
            Technique::NakedPair => "Naked Pair",
            Technique::XWing => "X-Wing",
            Technique::HiddenPair => "Hidden Pair",
            Technique::NakedTriple => "Naked Triple",
            Technique::Swordfish => "Swordfish",
            Technique::HiddenTriple => "Hidden Triple",
            Technique::XYWing => "XY-Wing",
            Technique::XYZWing => "XYZ-Wing",
            Technique::UniqueRectangle1 => "Unique Rectangle Type 1",
            Technique::UniqueRectangle2 => "Unique Rectangle Type 2",
            Technique::UniqueRectangle3 => "Unique Rectangle Type 3",
            Technique::UniqueRectangle3Hidden => "Unique Rectangle Type 3 (hidden set)",
            Technique::UniqueRectangle4 => "Unique Rectangle Type 4",
            Technique::NakedQuad => "Naked Quad",
            Technique::Jellyfish => "Jellyfish",
            Technique::HiddenQuad => "Hidden Quad",
            Technique::Bug1 => "BUG+1",
            Technique::Bug2 => "BUG Type 2",
            Technique::Bug3 => "BUG Type 3",
            Technique::Bug4 => "BUG Type 4",
            Technique::AlignedPairExclusion => "Aligned Pair Exclusion",
            Technique::BidirectionalXCycle => "Bidirectional X-Cycle",
            Technique::BidirectionalYCycle => "Bidirectional Y-Cycle",
            Technique::ForcingXChain => "Forcing X-Chain",
            Technique::BidirectionalCycle => "Bidirectional Cycle",
            Technique::ForcingChain => "Forcing Chain",
            Technique::AlignedTripletExclusion => "Aligned Triplet Exclusion",
            Technique::NishioForcingChain => "Nishio Forcing Chains",
            Technique::CellForcingChain => "Cell Forcing Chains",
            Technique::RegionForcingChain => "Region Forcing Chains",
            Technique::DynamicContradictionForcingChain(l) => nested_name(&CONTRADICTION_NAMES, l),
            Technique::DynamicDoubleForcingChain(l) => nested_name(&DOUBLE_NAMES, l),
            Technique::DynamicCellForcingChain(l) => nested_name(&CELL_NAMES, l),
            Technique::DynamicRegionForcingChain(l) => nested_name(&REGION_NAMES, l),
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
