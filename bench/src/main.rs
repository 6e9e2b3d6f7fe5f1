//! Side-by-side timing of the sudokit engine against the `sudoku` crate.
//!
//! ```text
//! cargo run --release --manifest-path bench/Cargo.toml -- [DIR] [--passes N] [--only TEXT]
//!     [--max N] [--stats] [--alone ours|crate] [--worst]
//! ```
//!
//! `--stats` adds the mean guesses and propagation steps per puzzle of our
//! engine at limits 1 and 2; `--alone ours` or `--alone crate` times one
//! engine only (for profilers); `--worst` lists, per file, the five puzzles
//! our engine takes longest on at limit 2, with the crate's time beside.
//!
//! Every `.txt` file in DIR (one 81-character puzzle per line, `.` or `0`
//! for blanks) is timed three ways, each engine doing the same work:
//!
//! * `1`: the first solution, built (`solve`; the crate's `some_solution`);
//! * `2`: counting up to 2 solutions, the first one built and kept (`solve
//!   --unique`; what the crate's `solution()` does once its shortcuts for
//!   fewer than 17 givens or 8 digits are passed);
//! * `2c`: counting up to 2, no solution built (`validate --unique`; the
//!   crate's `solutions_count_up_to`).
//!
//! Each pass runs both engines over the whole file, alternating
//! between them every few dozen puzzles, so load from other processes on the
//! machine hits both sides alike; each chunk's fastest pass counts (see
//! [`best_of`]). The answers of both engines are compared
//! puzzle by puzzle (0, 1 or "2 or more" solutions) and any disagreement is
//! reported.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use sudokit::Grid;
use sudokit::solver;
use sudoku::Sudoku;

struct Options {
    dir: PathBuf,
    passes: usize,
    only: Option<String>,
    max: usize,
    stats: bool,
    alone: Option<String>,
    worst: bool,
}

fn usage() -> String {
    "usage: sudokit-bench [DIR] [--passes N] [--only TEXT] [--max N] [--stats] [--alone ours|crate] [--worst]"
        .to_string()
}

fn parse_args() -> Result<Options, String> {
    // The default is the shared benchmark folder beside the repository.
    let mut opts = Options {
        dir: Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/bench-data"),
        passes: 5,
        only: None,
        max: usize::MAX,
        stats: false,
        alone: None,
        worst: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = |name: &str| -> Result<usize, String> {
            args.next()
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| format!("{name} needs a number\n{}", usage()))
        };
        match arg.as_str() {
            "--passes" => opts.passes = number("--passes")?.max(1),
            "--max" => opts.max = number("--max")?.max(1),
            "--only" => {
                opts.only = Some(
                    args.next()
                        .ok_or_else(|| format!("--only needs text\n{}", usage()))?,
                )
            }
            "--stats" => opts.stats = true,
            "--worst" => opts.worst = true,
            "--alone" => {
                opts.alone = Some(
                    args.next()
                        .ok_or_else(|| format!("--alone needs ours or crate\n{}", usage()))?,
                )
            }
            "-h" | "--help" => return Err(usage()),
            _ if arg.starts_with("--") => return Err(format!("unknown option {arg}\n{}", usage())),
            _ => opts.dir = PathBuf::from(arg),
        }
    }
    Ok(opts)
}

/// One puzzle in both engines' forms.
struct Puzzle {
    ours: Grid,
    theirs: Sudoku,
    line: String,
}

fn parse_line(line: &str) -> Option<Puzzle> {
    let bytes = line.as_bytes();
    if bytes.len() < 81 {
        return None;
    }
    let mut cells = [0u8; 81];
    for (cell, &ch) in cells.iter_mut().zip(&bytes[..81]) {
        *cell = match ch {
            b'1'..=b'9' => ch - b'0',
            b'.' | b'0' => 0,
            _ => return None,
        };
    }
    let ours = Grid::from_cells(cells)?;
    // The crate wants '.' or '_' for blanks and exactly 81 characters.
    let canonical: String = bytes[..81]
        .iter()
        .map(|&c| if c == b'0' { '.' } else { char::from(c) })
        .collect();
    let theirs = Sudoku::from_str_line(&canonical).ok()?;
    Some(Puzzle {
        ours,
        theirs,
        line: canonical,
    })
}

fn load(path: &Path, max: usize) -> Result<(Vec<Puzzle>, usize), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut puzzles = Vec::new();
    let mut skipped = 0;
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        if puzzles.len() >= max {
            break;
        }
        match parse_line(line) {
            Some(p) => puzzles.push(p),
            None => skipped += 1,
        }
    }
    Ok((puzzles, skipped))
}

/// Solution count class: 0, 1, or 2 for "two or more".
type Class = u8;

/// What `sudokit solve --unique` asks of the engine: count up to `limit`
/// solutions, building and keeping only the first (the one it prints).
fn unique_check(grid: &Grid, limit: usize) -> usize {
    let mut first = None;
    let outcome = solver::search(black_box(grid), limit, 1, &mut |s| first = Some(*s));
    black_box(first);
    outcome.solutions
}

/// What is timed: see the module notes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Task {
    First,
    Unique,
    Count,
}

impl Task {
    const ALL: [Task; 3] = [Task::First, Task::Unique, Task::Count];

    fn label(self) -> &'static str {
        match self {
            Task::First => "1",
            Task::Unique => "2",
            Task::Count => "2c",
        }
    }
}

fn ours_pass(puzzles: &[Puzzle], task: Task, out: &mut [Class]) -> f64 {
    let start = Instant::now();
    for (p, o) in puzzles.iter().zip(out.iter_mut()) {
        let n = match task {
            Task::First => usize::from(black_box(black_box(&p.ours).solve()).is_some()),
            Task::Unique => unique_check(&p.ours, 2),
            Task::Count => black_box(black_box(&p.ours).count_solutions(2)),
        };
        *o = n.min(2) as Class;
    }
    start.elapsed().as_secs_f64()
}

/// The crate counting up to `limit`, the first solution built and kept.
fn theirs_unique(sudoku: Sudoku, limit: usize) -> usize {
    let mut first = [[0u8; 81]];
    let n = black_box(sudoku).solutions_up_to_buffer(&mut first, limit);
    black_box(first);
    n
}

fn theirs_pass(puzzles: &[Puzzle], task: Task, out: &mut [Class]) -> f64 {
    let start = Instant::now();
    for (p, o) in puzzles.iter().zip(out.iter_mut()) {
        let n = match task {
            Task::First => usize::from(black_box(black_box(p.theirs).some_solution()).is_some()),
            Task::Unique => theirs_unique(p.theirs, 2),
            Task::Count => black_box(black_box(p.theirs).solutions_count_up_to(2)),
        };
        *o = n.min(2) as Class;
    }
    start.elapsed().as_secs_f64()
}

/// Puzzles per alternation chunk: long enough that the clock reads cost
/// nothing, short enough that load bursts spread over both engines.
const CHUNK: usize = 50;

/// The time of a whole file from per-pass, per-chunk times: each chunk's
/// fastest pass, summed. On a shared machine a chunk is now and then slowed
/// by another process; its fastest pass is the one that was not.
fn best_of(passes: &[Vec<f64>]) -> f64 {
    let chunks = passes.iter().map(Vec::len).max().unwrap_or(0);
    (0..chunks)
        .map(|c| {
            passes
                .iter()
                .filter_map(|p| p.get(c).copied())
                .fold(f64::INFINITY, f64::min)
        })
        .sum()
}

/// Times one puzzle at limit 2 with both engines (best of three runs each).
fn time_one(p: &Puzzle) -> (f64, f64) {
    let mut best = (f64::INFINITY, f64::INFINITY);
    for _ in 0..3 {
        let start = Instant::now();
        black_box(unique_check(&p.ours, 2));
        best.0 = best.0.min(start.elapsed().as_secs_f64());
        let start = Instant::now();
        black_box(theirs_unique(p.theirs, 2));
        best.1 = best.1.min(start.elapsed().as_secs_f64());
    }
    best
}

/// Prints the five puzzles of a file on which our engine takes longest.
fn report_worst(name: &str, puzzles: &[Puzzle]) {
    let mut times: Vec<(f64, usize)> = puzzles
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let start = Instant::now();
            black_box(unique_check(&p.ours, 2));
            (start.elapsed().as_secs_f64(), i)
        })
        .collect();
    times.sort_by(|a, b| b.0.total_cmp(&a.0));
    // A single run can be stretched by another process taking the core, so
    // the 50 slowest are timed again and the five slowest of those reported.
    let mut retimed: Vec<(f64, f64, usize)> = times
        .iter()
        .take(50)
        .map(|&(_, i)| {
            let (ours, theirs) = time_one(&puzzles[i]);
            (ours, theirs, i)
        })
        .collect();
    retimed.sort_by(|a, b| b.0.total_cmp(&a.0));
    for &(ours, theirs, i) in retimed.iter().take(5) {
        println!(
            "{name}: slow puzzle {:.1} µs (crate {:.1} µs) {}",
            ours * 1e6,
            theirs * 1e6,
            puzzles[i].line
        );
    }
}

fn main() -> ExitCode {
    let opts = match parse_args() {
        Ok(o) => o,
        Err(msg) => {
            eprintln!("{msg}");
            return ExitCode::from(2);
        }
    };
    let mut files: Vec<PathBuf> = match std::fs::read_dir(&opts.dir) {
        Ok(rd) => rd
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .filter(|p| {
                opts.only.as_deref().is_none_or(|o| {
                    p.file_name()
                        .is_some_and(|n| n.to_string_lossy().contains(o))
                })
            })
            .collect(),
        Err(e) => {
            eprintln!("cannot read {}: {e}", opts.dir.display());
            return ExitCode::from(2);
        }
    };
    files.sort();
    if files.is_empty() {
        eprintln!("no .txt files in {}", opts.dir.display());
        return ExitCode::from(2);
    }

    println!(
        "{:<30} {:>5} {:>7} {:>11} {:>11} {:>6} {:>9}",
        "file", "limit", "puzzles", "ours µs", "crate µs", "ratio", "disagree"
    );
    let mut total_disagreements = 0usize;
    for path in &files {
        let name = path
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        let (puzzles, skipped) = match load(path, opts.max) {
            Ok(x) => x,
            Err(msg) => {
                eprintln!("{msg}");
                continue;
            }
        };
        if skipped > 0 {
            eprintln!("{name}: skipped {skipped} malformed lines");
        }
        if puzzles.is_empty() {
            continue;
        }
        let n = puzzles.len();
        if opts.stats {
            for limit in [1usize, 2] {
                let (mut guesses, mut steps) = (0u64, 0u64);
                for p in &puzzles {
                    let outcome = solver::search(&p.ours, limit, 1, &mut |_| {});
                    guesses += outcome.stats.guesses;
                    steps += outcome.stats.steps;
                }
                println!(
                    "{name}: {:.2} guesses, {:.1} steps per puzzle (limit {limit})",
                    guesses as f64 / n as f64,
                    steps as f64 / n as f64
                );
            }
        }
        if opts.worst {
            report_worst(&name, &puzzles);
        }
        for task in Task::ALL {
            let mut ours_out = vec![0 as Class; n];
            let mut theirs_out = vec![0 as Class; n];
            let mut ours_t: Vec<Vec<f64>> = Vec::with_capacity(opts.passes);
            let mut theirs_t: Vec<Vec<f64>> = Vec::with_capacity(opts.passes);
            for pass in 0..opts.passes {
                if let Some(which) = opts.alone.as_deref() {
                    // Profiling aid: run one engine only.
                    if which == "ours" {
                        ours_t.push(vec![ours_pass(&puzzles, task, &mut ours_out)]);
                        theirs_t.push(vec![f64::NAN]);
                    } else {
                        ours_t.push(vec![f64::NAN]);
                        theirs_t.push(vec![theirs_pass(&puzzles, task, &mut theirs_out)]);
                    }
                    continue;
                }
                // The engines alternate on small chunks, not whole files, so
                // that a burst of load from other processes hits both alike;
                // which one goes first alternates too.
                let (mut ours_chunks, mut theirs_chunks) = (Vec::new(), Vec::new());
                let chunks = puzzles
                    .chunks(CHUNK)
                    .zip(ours_out.chunks_mut(CHUNK).zip(theirs_out.chunks_mut(CHUNK)));
                for (c, (chunk, (o, t))) in chunks.enumerate() {
                    if (c + pass) % 2 == 0 {
                        ours_chunks.push(ours_pass(chunk, task, o));
                        theirs_chunks.push(theirs_pass(chunk, task, t));
                    } else {
                        theirs_chunks.push(theirs_pass(chunk, task, t));
                        ours_chunks.push(ours_pass(chunk, task, o));
                    }
                }
                ours_t.push(ours_chunks);
                theirs_t.push(theirs_chunks);
            }
            // With one engine alone there is nothing to compare.
            let disagreements: Vec<usize> = match opts.alone {
                Some(_) => Vec::new(),
                None => (0..n).filter(|&i| ours_out[i] != theirs_out[i]).collect(),
            };
            for &i in disagreements.iter().take(3) {
                eprintln!(
                    "{name} limit {}: ours {} vs crate {} on {}",
                    task.label(),
                    ours_out[i],
                    theirs_out[i],
                    puzzles[i].line
                );
            }
            total_disagreements += disagreements.len();
            let ours_us = best_of(&ours_t) * 1e6 / n as f64;
            let theirs_us = best_of(&theirs_t) * 1e6 / n as f64;
            println!(
                "{:<30} {:>5} {:>7} {:>11.2} {:>11.2} {:>6.3} {:>9}",
                name,
                task.label(),
                n,
                ours_us,
                theirs_us,
                ours_us / theirs_us,
                disagreements.len()
            );
        }
    }
    if total_disagreements > 0 {
        eprintln!("{total_disagreements} disagreements in total");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
