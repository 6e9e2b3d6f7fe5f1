//! `sudokit explain` and `sudokit hint`: the logical solving path of a
//! puzzle, step by step, or only its next step from the position given.

use std::fmt::Write as _;

use sudokit::format::Puzzle;
use sudokit::logic::{self, Board, CellName, Outcome, Step, digits};

use super::position::player_solution;
use super::rate::rating_report;
use super::solving::{Mode, Place, report};
use super::{ExitStatus, Verb, Walk, each_puzzle};
use crate::cli::args::{ExplainArgs, HintArgs};
use crate::cli::json::{CellDigit, Status, StepRecord};
use crate::cli::output::{Flush, Out};

/// How `explain` and `hint` answer, from their options.
#[derive(Debug, Clone, Copy)]
struct Settings {
    json: bool,
    /// The candidate grid before each step (`explain --grid`).
    grid: bool,
}

pub fn run_explain(args: &ExplainArgs) -> anyhow::Result<ExitStatus> {
    let settings = Settings {
        json: args.puzzles.output.json,
        grid: args.grid,
    };
    let mut out = Out::stdout(Flush::line_buffered(args.puzzles.output.line_buffered));
    let mut explained = 0;
    each_puzzle(
        &args.puzzles.files,
        walk(Verb::Explain, args.puzzles.input.format.into(), settings),
        &mut out,
        |puzzle, source, _, out| {
            explained += 1;
            // Paths of several puzzles are told apart by a blank line.
            if explained > 1 && !settings.json {
                out.line("")?;
            }
            explain(puzzle, source, settings, out)
        },
    )
}

pub fn run_hint(args: &HintArgs) -> anyhow::Result<ExitStatus> {
    let settings = Settings {
        json: args.puzzles.output.json,
        grid: false,
    };
    let mut out = Out::stdout(Flush::line_buffered(args.puzzles.output.line_buffered));
    each_puzzle(
        &args.puzzles.files,
        walk(Verb::Hint, args.puzzles.input.format.into(), settings),
        &mut out,
        |puzzle, source, _, out| hint(puzzle, source, settings, out),
    )
}

fn walk(verb: Verb, format: sudokit::Format, settings: Settings) -> Walk {
    Walk {
        verb,
        format,
        error_records: settings.json,
        lookahead: false,
    }
}

fn explain(
    puzzle: &Puzzle,
    source: &str,
    settings: Settings,
    out: &mut Out,
) -> anyhow::Result<ExitStatus> {
    let Some((mut solved, start)) = player_solution(puzzle, source, settings.json, out)? else {
        return Ok(ExitStatus::Failure);
    };
    let path = logic::solve_steps(start);
    let mut board = start;
    for (k, step) in path.steps.iter().enumerate() {
        if settings.json {
            out.json(&step_record(source, puzzle, k + 1, step))?;
        } else {
            if settings.grid {
                out.bytes(candidate_grid(&board).as_bytes())?;
            }
            out.line(&step.to_string())?;
        }
        board.apply(step);
    }
    let stuck = path.outcome == Outcome::Stuck;
    if stuck {
        solved.status = Status::Stuck;
    }
    if settings.json {
        let mut record = report(source, puzzle, &solved, Mode::unique());
        if !stuck {
            record.rating = Some(rating_report(&path));
        }
        out.json(&record)?;
    } else if stuck {
        if settings.grid {
            out.bytes(candidate_grid(&board).as_bytes())?;
        }
        stuck_message(source, puzzle, &board, out);
    }
    Ok(if stuck {
        ExitStatus::Failure
    } else {
        ExitStatus::Success
    })
}

fn hint(
    puzzle: &Puzzle,
    source: &str,
    settings: Settings,
    out: &mut Out,
) -> anyhow::Result<ExitStatus> {
    let Some((mut solved, board)) = player_solution(puzzle, source, settings.json, out)? else {
        return Ok(ExitStatus::Failure);
    };
    if board.is_solved() {
        out.diag(format_args!("{}: already solved", Place { source, puzzle }));
        return Ok(ExitStatus::Success);
    }
    let Some(step) = logic::next_step(&board) else {
        solved.status = Status::Stuck;
        if settings.json {
            out.json(&report(source, puzzle, &solved, Mode::unique()))?;
        } else {
            stuck_message(source, puzzle, &board, out);
        }
        return Ok(ExitStatus::Failure);
    };
    if settings.json {
        out.json(&step_record(source, puzzle, 1, &step))?;
    } else {
        out.line(&step.to_string())?;
    }
    Ok(ExitStatus::Success)
}

fn stuck_message(source: &str, puzzle: &Puzzle, board: &Board, out: &mut Out) {
    let blanks = (0..81).filter(|&cell| board.value(cell) == 0).count();
    out.diag(format_args!(
        "{}: {}; {blanks} cells left (no technique applies, nested forcing chains included: the rest needs guessing)",
        Place { source, puzzle },
        Status::Stuck.describe(),
    ));
}

fn step_record<'a>(
    source: &'a str,
    puzzle: &'a Puzzle,
    step: usize,
    found: &Step,
) -> StepRecord<'a> {
    let (source, index) = puzzle.named(source);
    let cells = |list: &[(usize, u8)]| {
        list.iter()
            .map(|&(cell, digit)| CellDigit {
                cell: CellName(cell).to_string(),
                digit,
            })
            .collect()
    };
    StepRecord {
        source,
        index,
        step,
        technique: found.technique.name(),
        rating: found.rating(),
        placements: cells(&found.placements),
        eliminations: cells(&found.eliminations),
        description: found.to_string(),
    }
}

/// The board as players pencil it: each cell its digit, or its candidates,
/// columns as wide as their widest cell, boxes ruled off.
fn candidate_grid(board: &Board) -> String {
    let text = |cell: usize| -> String {
        match board.value(cell) {
            0 => digits(board.candidates(cell))
                .map(|d| char::from(b'0' + d))
                .collect(),
            v => char::from(b'0' + v).to_string(),
        }
    };
    let widths: Vec<usize> = (0..9)
        .map(|col| {
            (0..9)
                .map(|row| text(row * 9 + col).len())
                .max()
                .unwrap_or(1)
        })
        .collect();
    let rule: String = (0..3)
        .map(|stack| "-".repeat(widths[stack * 3..stack * 3 + 3].iter().sum::<usize>() + 4))
        .collect::<Vec<_>>()
        .join("+");
    let mut out = String::new();
    for row in 0..9 {
        if row % 3 == 0 {
            let _ = writeln!(out, "+{rule}+");
        }
        for (col, width) in widths.iter().enumerate() {
            if col % 3 == 0 {
                out.push_str("| ");
            }
            let _ = write!(out, "{:<width$} ", text(row * 9 + col));
        }
        out.push_str("|\n");
    }
    let _ = writeln!(out, "+{rule}+");
    out
}

#[cfg(test)]
mod tests {
    use super::candidate_grid;
    use sudokit::Grid;
    use sudokit::logic::Board;

    #[test]
    fn the_candidate_grid_shows_digits_and_candidates_in_aligned_columns() {
        let mut puzzle = Grid::EMPTY;
        puzzle.set(0, 0, 5);
        let text = candidate_grid(&Board::from_grid(&puzzle));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 13, "{text}");
        assert!(lines.iter().all(|l| l.len() == lines[0].len()), "{text}");
        // Column 1 is as wide as its widest cell: the 5, padded.
        assert!(
            lines[1].starts_with("| 5        12346789  12346789  |"),
            "{text}"
        );
        assert!(
            lines[2].starts_with("| 12346789 12346789  12346789  | 123456789 "),
            "{text}"
        );
        assert!(
            lines[5].starts_with("| 12346789 123456789 123456789 |"),
            "{text}"
        );
        assert!(
            lines[0].starts_with("+---") && lines[4].starts_with("+---"),
            "{text}"
        );
    }
}
