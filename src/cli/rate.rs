//! `sudokit rate`: every puzzle's difficulty on Sudoku Explainer's scale,
//! from the path of the logical solver that always takes the easiest step.

use sudokit::format::Puzzle;
use sudokit::logic::{self, Board, Outcome, Path};

use super::solving::{Mode, report, say_unsolved, unique_solution};
use super::{ExitStatus, Verb, Walk, each_puzzle};
use crate::cli::args::RateArgs;
use crate::cli::json::{RatingReport, Status};
use crate::cli::naming::Naming;
use crate::cli::output::{Flush, Out};

/// The level names and the highest ER each covers, easiest first; the
/// last covers everything above.
const LEVELS: [(&str, f32); 5] = [
    ("easy", 2.5),
    ("medium", 5.9),
    ("hard", 7.9),
    ("very hard", 8.9),
    ("extreme", f32::INFINITY),
];

/// The level name of an ER.
pub fn level(er: f32) -> &'static str {
    LEVELS
        .iter()
        // Ratings have one decimal: compare them as such.
        .find(|(_, top)| er <= top + 0.05)
        .map_or("extreme", |(name, _)| name)
}

/// The ER range of the level named `name` (as [`level`] names them), both
/// ends included on the one-decimal scale; `None` for no level's name.
pub fn level_range(name: &str) -> Option<(f32, f32)> {
    let at = LEVELS.iter().position(|(n, _)| *n == name)?;
    let low = if at == 0 { 0.0 } else { LEVELS[at - 1].1 + 0.1 };
    Some((low, LEVELS[at].1))
}

/// How `rate` answers, from its options.
#[derive(Debug, Clone, Copy)]
struct Settings {
    json: bool,
    naming: Naming,
}

pub fn run(args: &RateArgs) -> anyhow::Result<ExitStatus> {
    let settings = Settings {
        json: args.puzzles.output.json,
        naming: Naming::new(
            args.naming.with_filename,
            args.naming.no_filename,
            args.puzzles.files.len(),
        ),
    };
    let mut out = Out::stdout(Flush::line_buffered(args.puzzles.output.line_buffered));
    let walk = Walk {
        verb: Verb::Rate,
        format: args.puzzles.input.format.into(),
        error_records: args.puzzles.output.json,
        // Text names a board's index when its input holds several.
        lookahead: !args.puzzles.output.json && !args.puzzles.output.line_buffered,
    };
    each_puzzle(
        &args.puzzles.files,
        walk,
        &mut out,
        |puzzle, source, several, out| {
            let several = several || args.puzzles.output.line_buffered;
            rate_one(puzzle, source, several, settings, out)
        },
    )
}

/// The rating of a finished path, as JSON holds it.
pub fn rating_report(path: &Path) -> RatingReport {
    let rating = path.rating();
    RatingReport {
        er: rating.er,
        ep: rating.ep,
        ed: rating.ed,
        level: level(rating.er),
        hardest: path.hardest().map_or("", |t| t.name()),
        steps: path.steps.len(),
    }
}

fn rate_one(
    puzzle: &Puzzle,
    source: &str,
    several: bool,
    settings: Settings,
    out: &mut Out,
) -> anyhow::Result<ExitStatus> {
    // SE rates only puzzles with one solution.
    let unique = Mode::unique();
    let Some(mut solved) = unique_solution(puzzle, source, settings.json, out)? else {
        return Ok(ExitStatus::Failure);
    };
    let path = logic::solve_steps(Board::from_grid(&puzzle.grid));
    let stuck = path.outcome == Outcome::Stuck;
    if stuck {
        solved.status = Status::Stuck;
    }
    if settings.json {
        let mut record = report(source, puzzle, &solved, unique);
        if !stuck {
            record.rating = Some(rating_report(&path));
        }
        out.json(&record)?;
    } else if stuck {
        say_unsolved(source, puzzle, &solved, out);
    } else {
        let rating = path.rating();
        let (source, index) = puzzle.named(source);
        let prefix = settings.naming.prefix_when_named(source, index, several);
        out.line(&format!("{prefix}{rating} {}", level(rating.er)))?;
    }
    Ok(if stuck {
        ExitStatus::Failure
    } else {
        ExitStatus::Success
    })
}

#[cfg(test)]
mod tests {
    use super::level;

    #[test]
    fn levels_cover_the_scale_at_their_documented_edges() {
        let cases = [
            (1.0, "easy"),
            (2.5, "easy"),
            (2.6, "medium"),
            (5.9, "medium"),
            (6.0, "hard"),
            (7.2, "hard"),
            (7.9, "hard"),
            (8.0, "very hard"),
            (8.9, "very hard"),
            (9.0, "extreme"),
            (11.9, "extreme"),
        ];
        for (er, name) in cases {
            assert_eq!(level(er), name, "{er}");
            let (low, high) = super::level_range(name).expect("a level");
            assert!(er >= low - 0.05 && er <= high + 0.05, "{er} {name}");
        }
        assert_eq!(super::level_range("medium"), Some((2.6, 5.9)));
        assert_eq!(super::level_range("hardest"), None);
    }
}
