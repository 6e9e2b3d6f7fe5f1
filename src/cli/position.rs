//! A player's position: the board the logical solver starts from (the
//! player's pencil marks when the input gives them), and the player's
//! mistakes, reported rather than explained around.
//!
//! The rule (docs/formats.md says it for users): the digits on the board,
//! givens and the player's placements alike (no format tells them apart),
//! must have exactly one solution, and that solution is *the* solution. A
//! proper puzzle's givens have one; a wrong placement then leaves none,
//! since every solution of the board is one of the givens'. A pencil mark
//! that removed the solution's digit from its cell is a mistake too: no
//! solution agrees with the board as pencilled.

use std::fmt;

use sudokit::Grid;
use sudokit::format::Puzzle;
use sudokit::logic::{Board, CellName};

use super::json::{MistakeRecord, Status};
use super::output::Out;
use super::solving::{Mode, Place, Solved, report, say_unsolved, solve_grid};

/// A mistake of the player's, at a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mistake {
    /// The cell's marks lack the solution's digit (the cell, the digit).
    Mark(usize, u8),
    /// A placed digit without which the board has a solution.
    Digit(usize, u8),
}

impl Mistake {
    fn record(self) -> MistakeRecord {
        let (cell, digit, kind) = match self {
            Mistake::Mark(cell, digit) => (cell, digit, "mark"),
            Mistake::Digit(cell, digit) => (cell, digit, "digit"),
        };
        MistakeRecord {
            cell: CellName(cell).to_string(),
            digit,
            kind,
        }
    }
}

impl fmt::Display for Mistake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Mistake::Mark(cell, digit) => write!(
                f,
                "{}: {digit} is not a candidate but the solution has it",
                CellName(cell)
            ),
            Mistake::Digit(cell, digit) => write!(f, "{}={digit}", CellName(cell)),
        }
    }
}

/// The board the logical solver starts from: the puzzle's pencil marks
/// when it has them (candidates a placed peer rules out dropped, as a
/// player would), else every candidate the placed digits leave.
pub fn start_board(puzzle: &Puzzle) -> Board {
    puzzle
        .candidates
        .as_deref()
        .and_then(|marks| Board::from_candidates(*puzzle.grid.cells(), *marks.masks()))
        .unwrap_or_else(|| Board::from_grid(&puzzle.grid))
}

/// The cells whose pencil marks removed the digit `solution` has there.
pub fn removed_marks(puzzle: &Puzzle, solution: &Grid) -> Vec<Mistake> {
    let Some(marks) = puzzle.candidates.as_deref() else {
        return Vec::new();
    };
    (0..81)
        .filter(|&cell| puzzle.grid.cells()[cell] == 0)
        .map(|cell| (cell, solution.cells()[cell]))
        .filter(|&(cell, digit)| !marks.has(cell, digit))
        .map(|(cell, digit)| Mistake::Mark(cell, digit))
        .collect()
}

/// The placed digits of a board without solution whose removal alone gives
/// it one: where a wrong placement may be. Those whose removal gives it
/// exactly one come first and alone when there are any: removing the wrong
/// digit from a proper puzzle's position gives back that position, with
/// its one solution, while removing a right one leaves the wrong digit in
/// (and usually room for more than one). Empty when no single digit does
/// (two wrong digits, or givens without solution).
pub fn wrong_digits(grid: &Grid) -> Vec<Mistake> {
    let mut without = *grid;
    let (mut unique, mut some) = (Vec::new(), Vec::new());
    for cell in 0..81 {
        let digit = grid.cells()[cell];
        if digit == 0 {
            continue;
        }
        without.set(cell / 9, cell % 9, 0);
        match without.count_solutions(2) {
            0 => {}
            1 => unique.push(Mistake::Digit(cell, digit)),
            _ => some.push(Mistake::Digit(cell, digit)),
        }
        without.set(cell / 9, cell % 9, digit);
    }
    if unique.is_empty() { some } else { unique }
}

/// The start of a player's logical path (`hint`, `explain`): the board's
/// one solution, as [`super::solving::unique_solution`] finds it, with a
/// board that has none searched for the digit that broke it, and the
/// player's marks checked against the solution. A mistake is reported (a
/// record with `mistakes`, or a message naming the cells) and `None`
/// returned.
pub fn player_solution(
    puzzle: &Puzzle,
    source: &str,
    json: bool,
    out: &mut Out,
) -> anyhow::Result<Option<(Solved, Board)>> {
    let mut solved = solve_grid(&puzzle.grid, Mode::unique());
    let mistakes = match (solved.status, &solved.first) {
        (Status::Solved, Some(solution)) => removed_marks(puzzle, solution),
        (Status::Unsolvable, _) => wrong_digits(&puzzle.grid),
        _ => Vec::new(),
    };
    if solved.status == Status::Solved && mistakes.is_empty() {
        return Ok(Some((solved, start_board(puzzle))));
    }
    if solved.status == Status::Solved {
        // Marks that removed the solution's digits: no solution agrees with them.
        solved.status = Status::Unsolvable;
    }
    let answer = (json, Mode::unique());
    say_mistakes(puzzle, source, &solved, &mistakes, answer, out)?;
    Ok(None)
}

/// [`start_board`], once the puzzle's one solution is known (`rate`): a
/// board whose marks removed that solution's digits is reported as
/// [`player_solution`] reports it, and `None` returned.
pub fn checked_start(
    puzzle: &Puzzle,
    source: &str,
    solved: &mut Solved,
    json: bool,
    out: &mut Out,
) -> anyhow::Result<Option<Board>> {
    let mistakes = match &solved.first {
        Some(solution) => removed_marks(puzzle, solution),
        None => Vec::new(),
    };
    if mistakes.is_empty() {
        return Ok(Some(start_board(puzzle)));
    }
    solved.status = Status::Unsolvable;
    let answer = (json, Mode::unique());
    say_mistakes(puzzle, source, solved, &mistakes, answer, out)?;
    Ok(None)
}

/// `solve`'s check of a board with pencil marks, before it is solved: when
/// its digits have one solution and the marks removed some of its digits,
/// the board as pencilled has no solution, and the marks at fault are
/// returned with a [`Solved`] that says so. A board whose digits have
/// several solutions (or none) is solved on its digits alone: the marks
/// cannot be checked against a solution that is not one.
pub fn pencilled_unsolvable(puzzle: &Puzzle) -> Option<(Solved, Vec<Mistake>)> {
    puzzle.candidates.as_ref()?;
    let unique = solve_grid(&puzzle.grid, Mode::unique());
    let mistakes = match (unique.status, &unique.first) {
        (Status::Solved, Some(solution)) => removed_marks(puzzle, solution),
        _ => Vec::new(),
    };
    (!mistakes.is_empty()).then(|| {
        let solved = Solved {
            status: Status::Unsolvable,
            first: None,
            count: 0,
            capped: false,
            conflicts: Vec::new(),
            stats: None,
        };
        (solved, mistakes)
    })
}

/// Reports a board that has no single answer: its record with `mistakes`
/// in JSON, else its status and the cells at fault on standard error.
pub fn say_mistakes(
    puzzle: &Puzzle,
    source: &str,
    solved: &Solved,
    mistakes: &[Mistake],
    (json, mode): (bool, Mode),
    out: &mut Out,
) -> anyhow::Result<()> {
    if json {
        let mut record = report(source, puzzle, solved, mode);
        if !mistakes.is_empty() {
            record.mistakes = Some(mistakes.iter().map(|m| m.record()).collect());
        }
        out.json(&record)?;
        return Ok(());
    }
    let said: Vec<String> = mistakes.iter().map(ToString::to_string).collect();
    let place = Place { source, puzzle };
    let what = solved.status.describe();
    match mistakes.first() {
        None => say_unsolved(source, puzzle, solved, out),
        Some(Mistake::Mark(..)) => out.diag(format_args!("{place}: {what}: {}", said.join("; "))),
        Some(Mistake::Digit(..)) if said.len() == 1 => out.diag(format_args!(
            "{place}: {what}: the placed digit {} is wrong (without it the board has a solution)",
            said[0]
        )),
        Some(Mistake::Digit(..)) => out.diag(format_args!(
            "{place}: {what}: one of the placed digits {} is wrong (without any one of them the board has a solution)",
            said.join(", ")
        )),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{Mistake, removed_marks, start_board, wrong_digits};
    use sudokit::format::{Candidates, Format, parse_str};
    use sudokit::{Grid, Layout};

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    /// `PUZZLE` as a 729-character line, every blank holding `blank`'s marks.
    fn pencilled(blank: impl Fn(usize) -> u16) -> sudokit::format::Puzzle {
        let grid: Grid = PUZZLE.parse().expect("puzzle");
        let masks = std::array::from_fn(|cell| match grid.cells()[cell] {
            0 => blank(cell),
            v => 1 << (v - 1),
        });
        let line = Candidates::from_masks(masks).expect("masks").to_string();
        let mut items = parse_str(&line, Format::Auto);
        let puzzle = items.remove(0).expect("a board");
        assert_eq!(puzzle.layout, Layout::Pencilmarks);
        puzzle
    }

    #[test]
    fn a_removed_true_candidate_is_named_and_others_are_not() {
        let grid: Grid = PUZZLE.parse().expect("puzzle");
        let solution = grid.solve().expect("a solution");
        // Every blank keeps its true digit and the next one; r1c3 (two
        // candidates still, so not placed) has the two after it instead.
        let puzzle = pencilled(|cell| {
            let true_digit = solution.cells()[cell];
            let next = |d: u8| d % 9 + 1;
            let kept = if cell == 2 {
                next(next(true_digit))
            } else {
                true_digit
            };
            1 << (kept - 1) | 1 << (next(true_digit) - 1)
        });
        assert_eq!(
            removed_marks(&puzzle, &solution),
            [Mistake::Mark(2, solution.cells()[2])]
        );
        // The board starts from the marks, less what placed peers rule out.
        let board = start_board(&puzzle);
        let marks = puzzle.candidates.as_deref().expect("marks");
        for cell in (0..81).filter(|&c| grid.cells()[c] == 0 && c != 2) {
            assert_eq!(board.candidates(cell) & !marks.mask(cell), 0, "{cell}");
            assert!(board.has(cell, solution.cells()[cell]), "{cell}");
        }
        assert_eq!(
            Mistake::Mark(2, 4).to_string(),
            "r1c3: 4 is not a candidate but the solution has it"
        );
    }

    #[test]
    fn a_wrong_placement_is_among_the_digits_named() {
        let grid: Grid = PUZZLE.parse().expect("puzzle");
        let solution = grid.solve().expect("a solution");
        // r1c3 holds 4 in the solution; a 1 there leaves no solution.
        let mut wrong = grid;
        assert_eq!(solution.get(0, 2), 4);
        wrong.set(0, 2, 1);
        assert_eq!(wrong.count_solutions(1), 0);
        let named = wrong_digits(&wrong);
        assert!(named.contains(&Mistake::Digit(2, 1)), "{named:?}");
        // Each one named, removed alone, leaves exactly one solution.
        for mistake in named {
            let Mistake::Digit(cell, _) = mistake else {
                panic!("{mistake:?}");
            };
            let mut without = wrong;
            without.set(cell / 9, cell % 9, 0);
            assert_eq!(without.count_solutions(2), 1, "{mistake:?}");
        }
        assert!(
            wrong_digits(&grid)
                .iter()
                .all(|m| matches!(m, Mistake::Digit(..)))
        );
    }
}
