//! Sudoku Explainer's Nishio, multiple and dynamic forcing chains, at any
//! nesting level: the hints its `Chaining` rule finds when multiple or
//! dynamic, ranked as it ranks them (see docs/logic.md).
//!
//! For each cell (reading order) and each of its candidates (ascending):
//! the candidate is assumed true, then false. A contradiction from either
//! proves the other (Nishio, dynamic contradiction chains); a candidate
//! that ends in the same state both ways is proven (dynamic double
//! chains, cells of three candidates or more); a candidate that ends in
//! the same state from every candidate of the cell (cell chains), or from
//! every place of the digit in a house (region chains), is proven too.

mod kinds;

use super::board::{ALL_DIGITS, Board, HOUSES, House, bit, digits};
use super::chains::{Places, difficulty};
use super::dynamic::{self, Cause, Mode, Run, Seen, Sight, cand};
use super::nested::Nest;
use super::step::{Step, Technique};

/// SE's tie-breaks between chain hints of equal rating and length.
const SORT_DOUBLE: u8 = 1;
const SORT_CELL: u8 = 5;
const SORT_REGION: u8 = 6;
const SORT_CONTRADICTION: u8 = 7;

/// One hint: what SE ranks it by, the step, and (for a hint nested in
/// another chain) the false candidates of the outer chain it rests on.
pub(super) struct Hint {
    pub difficulty: f64,
    pub complexity: usize,
    pub sort_key: u8,
    pub step: Step,
    pub parents: Vec<u16>,
}

impl Hint {
    fn key(&self) -> (f64, usize, u8) {
        (self.difficulty, self.complexity, self.sort_key)
    }
}

/// The runs of one search: each candidate assumed true (by its index
/// `cell * 9 + digit - 1`), kept for the whole search since cell and
/// region chains ask the same ones again, and the one assumed false.
pub(super) struct Runs {
    slots: Vec<Option<Box<Run>>>,
    valid: [bool; OFF_RUN + 1],
}

static EMPTY: Run = Run::empty();

impl Runs {
    fn new() -> Runs {
        Runs {
            slots: (0..=OFF_RUN).map(|_| None).collect(),
            valid: [false; OFF_RUN + 1],
        }
    }

    fn slot(&mut self, i: usize) -> &mut Run {
        self.slots[i].get_or_insert_with(Run::new)
    }
}

impl std::ops::Index<usize> for Runs {
    type Output = Run;

    fn index(&self, i: usize) -> &Run {
        self.slots[i].as_deref().unwrap_or(&EMPTY)
    }
}

/// Reused buffers of a search.
pub(super) struct Searcher {
    runs: Runs,
    /// The places of each digit in each house of the board searched.
    places: Places,
    /// What a run reads of the board searched.
    pub(super) sight: Sight,
    /// Node ids gathered by `kinds::agree`.
    ids: Vec<u32>,
    seen: Seen,
    stack: Vec<u32>,
    nested_ids: Vec<u32>,
    pub nest: Nest,
    /// Per digit, a pattern of its cells on which no Nishio run of that
    /// digit met a contradiction (see `search`).
    nishio_clear: [Option<u128>; 9],
    /// Per run, the ancestor counts `offer` has walked, by node: 0 not
    /// known, `count * 2 + 1` known, `bound * 2` when only known to be at
    /// least `bound`. The same nodes come back in the double, region and
    /// cell chains of a search. Emptied when the run is followed again.
    known: Vec<Vec<u32>>,
}

/// The run of the assumption false, after the 729 of candidates true.
const OFF_RUN: usize = 729;

impl Searcher {
    pub fn new() -> Searcher {
        Searcher {
            runs: Runs::new(),
            places: Places::of(&Board::from_grid(&crate::Grid::from_checked([0; 81]))),
            sight: Sight::empty(),
            ids: Vec::new(),
            seen: Seen::new(),
            stack: Vec::new(),
            nested_ids: Vec::new(),
            nest: Nest::new(),
            nishio_clear: [None; 9],
            known: vec![Vec::new(); OFF_RUN + 1],
        }
    }
}

/// What one search keeps: the best hint only, or every hint.
pub(super) struct Found<'a> {
    pub best_only: bool,
    pub hints: Vec<Hint>,
    /// For nested use: the board the outer chain started from.
    pub initial: Option<&'a Board>,
}

/// The techniques of a mode, by kind of hint.
struct Names {
    contradiction: Technique,
    double: Technique,
    cell: Technique,
    region: Technique,
}

fn names(mode: Mode) -> Names {
    let l = mode.level;
    if mode.nishio {
        let t = Technique::NishioForcingChain;
        Names {
            contradiction: t,
            double: t,
            cell: t,
            region: t,
        }
    } else if !mode.dynamic {
        Names {
            contradiction: Technique::CellForcingChain,
            double: Technique::CellForcingChain,
            cell: Technique::CellForcingChain,
            region: Technique::RegionForcingChain,
        }
    } else {
        Names {
            contradiction: Technique::DynamicContradictionForcingChain(l),
            double: Technique::DynamicDoubleForcingChain(l),
            cell: Technique::DynamicCellForcingChain(l),
            region: Technique::DynamicRegionForcingChain(l),
        }
    }
}

/// A step's placements and eliminations.
type Changes = (Vec<(usize, u8)>, Vec<(usize, u8)>);

/// What a hint proves about its target candidate: true (its cell's other
/// digits go, it is placed) or false (it goes).
fn conclusion(board: &Board, target: &dynamic::Node, on: bool) -> Option<Changes> {
    let (cell, digit) = (target.cell(), target.digit());
    if on {
        // Placing it removes the cell's other candidates: SE's hint is
        // worth taking only when there are some.
        if board.candidates(cell) & !super::board::bit(digit) == 0 {
            return None;
        }
        Some((vec![(cell, digit)], Vec::new()))
    } else {
        Some((Vec::new(), vec![(cell, digit)]))
    }
}

struct Offer<'t> {
    technique: Technique,
    sort_key: u8,
    /// Branches: (run, node) of each.
    targets: &'t [(usize, u32)],
    placements: Vec<(usize, u8)>,
    eliminations: Vec<(usize, u8)>,
    house: Option<usize>,
    /// The rule parent the assumption stands for: the cell's other
    /// candidates (cell chains) or the house's other places (region).
    source_cause: Option<Cause>,
}

impl Searcher {
    /// The run of candidate `k` assumed true, followed once per search.
    fn ensure(&mut self, board: &Board, mode: Mode, k: usize) {
        if !self.runs.valid[k] {
            dynamic::follow(
                board,
                &self.places,
                &self.sight,
                mode,
                k as u16,
                true,
                self.runs.slot(k),
                &mut self.nest,
            );
            self.runs.valid[k] = true;
            self.known[k].clear();
        }
    }

    /// Offers the contradiction run `r` met, if any, proving its assumption
    /// wrong: `changes` are what that proves.
    fn offer_contradiction(
        &mut self,
        board: &Board,
        found: &mut Found<'_>,
        technique: Technique,
        r: usize,
        changes: impl FnOnce() -> Option<Changes>,
    ) {
        let Some((a, b)) = self.runs[r].contradiction else {
            return;
        };
        let Some((placements, eliminations)) = changes() else {
            return;
        };
        self.offer(
            board,
            found,
            Offer {
                technique,
                sort_key: SORT_CONTRADICTION,
                targets: &[(r, a), (r, b)],
                placements,
                eliminations,
                house: None,
                source_cause: None,
            },
        );
    }

    fn offer(&mut self, board: &Board, found: &mut Found<'_>, offer: Offer<'_>) {
        self.nested_ids.clear();
        // When keeping the best only, every hint of the mode has the same
        // base rating, so a hint's key grows with its complexity: once that
        // passes the best's (or equals it, from a kind that sorts no
        // earlier), the hint loses and the count can stop there.
        let limit = match found.hints.first() {
            Some(best)
                if found.best_only && best.step.technique.rating() == offer.technique.rating() =>
            {
                if offer.sort_key < best.sort_key {
                    best.complexity
                } else {
                    best.complexity.saturating_sub(1)
                }
            }
            _ => usize::MAX,
        };
        // Counts are kept only while no nested chain is met: a walk also
        // gathers those, which a count alone would not.
        let keep = self.nest.chains.is_empty();
        let mut complexity = 0;
        for &(r, n) in offer.targets {
            let cap = limit - complexity;
            let run = &self.runs[r];
            let known = &mut self.known[r];
            if keep && known.len() < run.nodes.len() {
                known.resize(run.nodes.len(), 0);
            }
            let entry = if keep { known[n as usize] } else { 0 };
            let count = if entry & 1 == 1 {
                (entry >> 1) as usize
            } else if (entry >> 1) as usize > cap {
                return;
            } else {
                let count = dynamic::ancestors(
                    run,
                    n,
                    &mut self.seen,
                    &mut self.stack,
                    &mut self.nested_ids,
                    None,
                    cap,
                );
                if keep {
                    // A walk stopped past `cap` counted a bound only.
                    known[n as usize] = if count > cap {
                        (count as u32) << 1
                    } else {
                        (count as u32) << 1 | 1
                    };
                }
                count
            };
            complexity += count;
            if complexity > limit {
                return;
            }
        }
        for &id in &self.nested_ids {
            complexity += self.nest.chains[id as usize].len();
        }
        let rating = difficulty(offer.technique, complexity);
        let key = (rating, complexity, offer.sort_key);
        if found.best_only
            && let Some(best) = found.hints.first()
            && key >= best.key()
        {
            return;
        }
        let mut pattern = Vec::new();
        for &(r, n) in offer.targets {
            let from = pattern.len();
            dynamic::ancestors(
                &self.runs[r],
                n,
                &mut self.seen,
                &mut self.stack,
                &mut self.nested_ids,
                Some(&mut pattern),
                usize::MAX,
            );
            // Listed from the conclusion back; the assumption (the run's
            // first node) goes first.
            pattern[from..].reverse();
            let root = self.runs[r].nodes[0];
            if let Some(at) = pattern[from..]
                .iter()
                .position(|&n| n == (root.cell(), root.digit()))
            {
                pattern[from..=from + at].rotate_right(1);
            }
        }
        for &id in &self.nested_ids {
            pattern.extend_from_slice(&self.nest.chains[id as usize]);
        }
        let parents = match found.initial {
            Some(initial) => self.rule_parents(initial, board, offer.targets, offer.source_cause),
            None => Vec::new(),
        };
        let hint = Hint {
            difficulty: rating,
            complexity,
            sort_key: offer.sort_key,
            step: Step {
                technique: offer.technique,
                placements: offer.placements,
                eliminations: offer.eliminations,
                pattern,
                houses: offer.house.map(House::from_index).into_iter().collect(),
            },
            parents,
        };
        if found.best_only {
            found.hints.clear();
        }
        found.hints.push(hint);
    }

    /// SE's rule parents of a nested hint: for each true node of its
    /// branches that is a last candidate or a last place, the candidates of
    /// that cell or house the outer chain removed (`initial` against
    /// `current`), each once.
    fn rule_parents(
        &mut self,
        initial: &Board,
        current: &Board,
        targets: &[(usize, u32)],
        source_cause: Option<Cause>,
    ) -> Vec<u16> {
        let mut out = Vec::new();
        for &(r, n) in targets {
            let run = &self.runs[r];
            self.seen.clear();
            self.stack.clear();
            self.stack.push(n);
            let mut at = 0;
            while at < self.stack.len() {
                let id = self.stack[at];
                at += 1;
                let node = run.nodes[id as usize];
                if !self.seen.mark(&node) {
                    continue;
                }
                let cause = match node.cause {
                    Cause::Assumed => source_cause,
                    c => Some(c),
                };
                if node.on {
                    rule_parents_of(initial, current, node.cell(), node.digit(), cause, &mut out);
                }
                self.stack.extend_from_slice(run.parents(id));
            }
        }
        out
    }
}

/// The removed candidates a true node's cause rests on.
pub(super) fn rule_parents_of(
    initial: &Board,
    current: &Board,
    cell: usize,
    digit: u8,
    cause: Option<Cause>,
    out: &mut Vec<u16>,
) {
    let mut add = |c: usize, d: u8| {
        let k = cand(c, d);
        if initial.has(c, d) && !current.has(c, d) && !out.contains(&k) {
            out.push(k);
        }
    };
    match cause {
        Some(Cause::NakedSingle) => {
            for d in 1..=9 {
                add(cell, d);
            }
        }
        Some(Cause::Hidden(h)) => {
            for &c in &HOUSES[usize::from(h)] {
                add(c, digit);
            }
        }
        _ => {}
    }
}

/// Every hint of one mode on `board`, in SE's order, into `found`.
pub(super) fn search(board: &Board, mode: Mode, s: &mut Searcher, found: &mut Found<'_>) {
    s.nest.chains.clear();
    s.places = Places::of(board);
    s.sight = Sight::of(board);
    s.runs.valid = [false; OFF_RUN + 1];
    let names = names(mode);
    // A Nishio run follows one digit by X links: it reads only the cells
    // of that digit. A digit whose cells are those of a board where none
    // of its runs met a contradiction gives no hint, and is skipped.
    let (mut skip, mut gave) = (0u16, 0u16);
    if mode.nishio {
        for d in 1..=9u8 {
            if s.nishio_clear[usize::from(d - 1)] == Some(board.cells_with(d)) {
                skip |= bit(d);
            }
        }
    }
    // The multiple (static) search follows the unary chains' links: when
    // what its runs may reach leaves no cell or region chain, it is over.
    if mode.multiple && !mode.dynamic && !super::chains::multiple_may_find(board) {
        return;
    }
    for cell in 0..81 {
        let mask = board.candidates(cell);
        let card = mask.count_ones();
        if board.value(cell) != 0 || !(card > 2 || (card > 1 && mode.dynamic)) {
            continue;
        }
        let do_double = card >= 3 && !mode.nishio && mode.dynamic;
        let do_contradiction = mode.dynamic || mode.nishio;
        for digit in digits(mask & !skip) {
            let k = cand(cell, digit);
            let i = usize::from(k);
            s.ensure(board, mode, i);
            if s.runs[i].contradiction.is_some() {
                gave |= bit(digit);
            }
            if do_contradiction {
                let changes = || Some((Vec::new(), vec![(cell, digit)]));
                s.offer_contradiction(board, found, names.contradiction, i, changes);
            }
            // The run of the candidate false serves only contradiction and
            // double chains: the multiple (static) search makes neither.
            if !do_contradiction && !do_double {
                if !mode.nishio {
                    kinds::regions(board, mode, s, found, cell, digit, i, names.region);
                }
                continue;
            }
            s.known[OFF_RUN].clear();
            dynamic::follow(
                board,
                &s.places,
                &s.sight,
                mode,
                k,
                false,
                s.runs.slot(OFF_RUN),
                &mut s.nest,
            );
            if s.runs[OFF_RUN].contradiction.is_some() {
                gave |= bit(digit);
            }
            if do_contradiction {
                // The assumption, false, contradicts itself: it is true.
                let on = s.runs[OFF_RUN].nodes[0];
                let changes = || conclusion(board, &on, true);
                s.offer_contradiction(board, found, names.contradiction, OFF_RUN, changes);
            }
            if do_double {
                kinds::double(board, s, found, i, names.double);
            }
            if !mode.nishio {
                kinds::regions(board, mode, s, found, cell, digit, i, names.region);
            }
        }
        if !mode.nishio && (card == 2 || (mode.multiple && card > 2)) {
            kinds::cells(board, s, found, cell, names.cell);
        }
    }
    // Recorded only when every run of the digit was followed: a cell down
    // to one candidate is not searched from.
    if mode.nishio && !(0..81).any(|c| board.candidates(c).count_ones() == 1) {
        for d in digits(ALL_DIGITS & !skip & !gave) {
            s.nishio_clear[usize::from(d - 1)] = Some(board.cells_with(d));
        }
    }
    if !found.best_only {
        found.hints.sort_by(|a, b| {
            a.key()
                .partial_cmp(&b.key())
                .unwrap_or(std::cmp::Ordering::Equal)
        });
    }
}
