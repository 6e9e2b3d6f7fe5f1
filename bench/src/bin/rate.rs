//! `sudokit::rate` per puzzle, single-threaded, and beside it Sudoku
//! Explainer's own time on the same puzzles where one is given.
//!
//! ```text
//! cargo run --release --manifest-path bench/Cargo.toml --bin rate -- [FILE]...
//!     [--passes N] [--se TSV]...
//! ```
//!
//! Each FILE holds one puzzle per line (its first 81 characters; other lines,
//! such as a header, are skipped). Without FILE: the rated samples
//! `ratings/*.tsv` and `bench-data/top1465.txt` of the shared folder beside
//! the repository. Every puzzle is rated `--passes N` times (default 3) and
//! its fastest time counts, as the thread's CPU time, so that other work on
//! a shared machine does not count. The table gives, per file, how many
//! puzzles the solver finished and how many it got stuck on, and the median,
//! 99th percentile, maximum and mean time per puzzle in µs. The time is that
//! of [`sudokit::rate`]: the exact engine's check that the puzzle has one
//! solution, then the logical path.
//!
//! `--se TSV` (repeatable) reads Sudoku Explainer's times, one line per
//! puzzle: `puzzle<TAB>ER/EP/ED<TAB>µs`, and prints them beside ours on the
//! same puzzles, with the ratio, and how often the two ERs agree. How to
//! make such a file is in bench/README.md. SE's times cover its solver's
//! rating alone (candidates set up, then every step), with no check that
//! the puzzle has one solution; so beside `sudokit::rate` the table also
//! times that same work here, the logical path alone
//! (`solve_steps(Board::from_grid(..)).rating()`).

#[path = "../cputime.rs"]
mod cputime;
use cputime::thread_cpu_time;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use sudokit::logic::{Board, solve_steps};
use sudokit::{Grid, RateError};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            let _ = writeln!(std::io::stderr(), "rate: {message}");
            ExitCode::FAILURE
        }
    }
}

/// What rating one puzzle gave, and the fastest time it took.
#[derive(Debug, Clone)]
struct Timed {
    /// ER when rated; `None` when stuck or not rated.
    er: Option<f32>,
    outcome: Outcome,
    time: Duration,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Rated,
    Stuck,
    /// Invalid, unsolvable or not unique: not rated at all.
    Refused,
}

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let mut files = Vec::new();
    let mut se_files = Vec::new();
    let mut passes = 3usize;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--passes" => {
                passes = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or("--passes takes a number")?;
                passes = passes.max(1);
            }
            "--se" => se_files.push(PathBuf::from(args.next().ok_or("--se takes a file")?)),
            _ if arg.starts_with("--") => {
                return Err(format!(
                    "unknown option {arg}; usage: rate [FILE]... [--passes N] [--se TSV]..."
                ));
            }
            _ => files.push(PathBuf::from(arg)),
        }
    }
    if files.is_empty() && se_files.is_empty() {
        files = default_files()?;
    }

    println!("`sudokit::rate`, single thread, fastest of {passes} passes per puzzle:\n");
    println!(
        "| file | puzzles | rated | stuck | not rated | median µs | p99 µs | max µs | mean µs |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for file in &files {
        let puzzles = load(file)?;
        let timed: Vec<Timed> = puzzles.iter().map(|(_, g)| time(g, passes)).collect();
        let count = |o: Outcome| timed.iter().filter(|t| t.outcome == o).count();
        let times: Vec<Duration> = timed.iter().map(|t| t.time).collect();
        let s = Summary::of(&times);
        println!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            name(file),
            puzzles.len(),
            count(Outcome::Rated),
            count(Outcome::Stuck),
            count(Outcome::Refused),
            us(s.median),
            us(s.p99),
            us(s.max),
            us(s.mean),
        );
    }

    if se_files.is_empty() {
        return Ok(());
    }
    println!(
        "\nSudoku Explainer (serate 1.2.1.3's solver, warm JVM) beside `sudokit::rate`, on the \
         puzzles both rate (not those sudokit is stuck on):\n"
    );
    println!(
        "| SE times | puzzles | both rate | SE median µs | ours median µs | ratio | SE mean µs | ours mean µs | ratio | SE max µs | ours max µs | same ER |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut path_rows = Vec::new();
    for file in &se_files {
        let rows = load_se(file)?;
        let mut se_times = Vec::new();
        let mut ours = Vec::new();
        let mut path = Vec::new();
        let mut same_er = 0;
        for (grid, se_er, se_time) in &rows {
            let timed = time(grid, passes);
            // SE gives 0.0 to what it cannot rate.
            if let Some(er) = timed.er
                && *se_er > 0.0
            {
                se_times.push(*se_time);
                ours.push(timed.time);
                path.push(time_path(grid, passes));
                same_er += usize::from((er - se_er).abs() < 0.05);
            }
        }
        let (se, us_) = (Summary::of(&se_times), Summary::of(&ours));
        let p = Summary::of(&path);
        path_rows.push(format!(
            "| {} | {} | {} | {:.0}× | {} | {:.0}× |",
            name(file),
            ours.len(),
            us(p.median),
            ratio(se.median, p.median),
            us(p.mean),
            ratio(se.mean, p.mean),
        ));
        println!(
            "| {} | {} | {} | {} | {} | {:.0}× | {} | {} | {:.0}× | {} | {} | {same_er} |",
            name(file),
            rows.len(),
            ours.len(),
            us(se.median),
            us(us_.median),
            ratio(se.median, us_.median),
            us(se.mean),
            us(us_.mean),
            ratio(se.mean, us_.mean),
            us(se.max),
            us(us_.max),
        );
    }
    println!(
        "\nThe same work as SE's times, on the same puzzles: the logical path alone, without \
         the uniqueness check `sudokit::rate` makes first:\n"
    );
    println!("| SE times | both rate | path median µs | ratio | path mean µs | ratio |");
    println!("|---|---:|---:|---:|---:|---:|");
    for row in &path_rows {
        println!("{row}");
    }
    Ok(())
}

fn ratio(a: Duration, b: Duration) -> f64 {
    a.as_secs_f64() / b.as_secs_f64().max(1e-9)
}

/// Times the logical path alone, `passes` times; the fastest counts.
fn time_path(grid: &Grid, passes: usize) -> Duration {
    let mut best = Duration::MAX;
    for _ in 0..passes {
        let start = thread_cpu_time();
        let path = solve_steps(Board::from_grid(std::hint::black_box(grid)));
        std::hint::black_box(path.rating());
        best = best.min(thread_cpu_time().saturating_sub(start));
    }
    best
}

/// The shared samples beside the repository: every `ratings/*.tsv`, then
/// `bench-data/top1465.txt`.
fn default_files() -> Result<Vec<PathBuf>, String> {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared");
    let ratings = shared.join("ratings");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&ratings)
        .map_err(|e| format!("{}: {e} (name the files to rate)", ratings.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "tsv"))
        .collect();
    files.sort();
    files.push(shared.join("bench-data/top1465.txt"));
    Ok(files)
}

fn name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// The puzzles of a file: the first 81 characters of each line that starts
/// with 81 cell characters.
fn load(path: &Path) -> Result<Vec<(String, Grid)>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let puzzles: Vec<(String, Grid)> = text
        .lines()
        .filter_map(|line| {
            let cells = line.get(..81)?;
            let grid = cells.parse().ok()?;
            Some((cells.to_owned(), grid))
        })
        .collect();
    if puzzles.is_empty() {
        return Err(format!("{}: no puzzle", path.display()));
    }
    Ok(puzzles)
}

/// SE's ratings and times: `puzzle<TAB>ER/EP/ED<TAB>µs` per line.
fn load_se(path: &Path) -> Result<Vec<(Grid, f32, Duration)>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut rows = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let bad = || {
            format!(
                "{}:{}: expected puzzle<TAB>ER/EP/ED<TAB>µs",
                path.display(),
                n + 1
            )
        };
        let mut fields = line.split('\t');
        let (Some(puzzle), Some(rating), Some(time)) =
            (fields.next(), fields.next(), fields.next())
        else {
            return Err(bad());
        };
        let grid: Grid = puzzle.parse().map_err(|_| bad())?;
        let er: f32 = rating
            .split('/')
            .next()
            .and_then(|er| er.parse().ok())
            .ok_or_else(bad)?;
        let micros: u64 = time.trim().parse().map_err(|_| bad())?;
        rows.push((grid, er, Duration::from_micros(micros)));
    }
    Ok(rows)
}

/// Rates `grid` `passes` times; the fastest time counts.
fn time(grid: &Grid, passes: usize) -> Timed {
    let mut best = Duration::MAX;
    let mut result = None;
    for _ in 0..passes {
        let start = thread_cpu_time();
        let rated = std::hint::black_box(sudokit::rate(std::hint::black_box(grid)));
        best = best.min(thread_cpu_time().saturating_sub(start));
        result = Some(rated);
    }
    let (er, outcome) = match result {
        Some(Ok(rating)) => (Some(rating.er), Outcome::Rated),
        Some(Err(RateError::Stuck(_))) => (None, Outcome::Stuck),
        _ => (None, Outcome::Refused),
    };
    Timed {
        er,
        outcome,
        time: best,
    }
}

struct Summary {
    median: Duration,
    p99: Duration,
    max: Duration,
    mean: Duration,
}

impl Summary {
    fn of(times: &[Duration]) -> Summary {
        let mut sorted = times.to_vec();
        sorted.sort_unstable();
        // Nearest rank: the smallest time at least `q` of the puzzles take
        // no longer than.
        let rank = |q: f64| {
            let k = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len().max(1));
            sorted.get(k - 1).copied().unwrap_or_default()
        };
        let total: Duration = sorted.iter().sum();
        Summary {
            median: rank(0.5),
            p99: rank(0.99),
            max: sorted.last().copied().unwrap_or_default(),
            mean: total / u32::try_from(sorted.len().max(1)).unwrap_or(u32::MAX),
        }
    }
}

/// Microseconds, whole.
fn us(d: Duration) -> String {
    d.as_micros().to_string()
}
