//! Minimal unique puzzles per second: sudokit's generator against the
//! `sudoku` crate's in one process, and the `sudokit generate` process
//! against qqwing's, with one and two jobs, and per difficulty band.
//!
//! ```text
//! cargo build --release
//! cargo run --release --manifest-path bench/Cargo.toml --bin generate -- \
//!     [-n N] [--rounds R] [--rated] [--qqwing PATH] [--process-n N]
//!     [--jobs-n N] [--bands SECONDS] [--sudokit PATH]
//! ```
//!
//! For each symmetry both generators have (none, 180° rotation, ...), each
//! round makes N puzzles (default 2,000) with each generator in turn, in
//! chunks of 50 that alternate, so load from elsewhere hits both alike; the
//! time is the thread's CPU time (time other processes hold the core does
//! not count), and the fastest round counts. Both make minimal puzzles
//! (with a symmetry: no symmetric set of givens can be removed). The table gives µs per puzzle
//! and the ratio, and the givens histogram of each generator's puzzles of
//! the last round, so that speed is seen not to be bought with easier
//! puzzles. `--rated` adds the ER histogram of those puzzles, rated by
//! sudokit's logical solver (`stuck` where it finds no rating).
//!
//! The other measures run the release binary (`--sudokit PATH`, or the
//! root workspace's `target/release/sudokit`), timed by the wall clock,
//! fastest of the rounds, alternating so that load from elsewhere hits
//! each alike:
//!
//! - `--qqwing PATH`: `sudokit generate -n N --jobs 1` against `qqwing
//!   --generate N --one-line` (N = `--process-n`, default 2,000), with the
//!   givens histogram of each output;
//! - `--jobs-n N`: `sudokit generate -n N` with `--jobs 1` and `--jobs 2`;
//! - `--bands SECONDS`: for each level and for ER 7 and up, the puzzles
//!   `sudokit generate --jobs 1` makes in SECONDS (`--timeout`), and so its
//!   rate for that band.

#[path = "../cputime.rs"]
mod cputime;
use cputime::thread_cpu_time;

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use sudokit::Grid;
use sudokit::generate::{Options, Symmetry, generate};
use sudokit::logic::{Board, Outcome, solve_steps};
use sudokit::random::stream;

/// The symmetries both generators have: ours and the crate's name for it.
const PAIRS: [(Symmetry, sudoku::Symmetry); 4] = [
    (Symmetry::None, sudoku::Symmetry::None),
    (Symmetry::Rotational, sudoku::Symmetry::HalfRotation),
    (Symmetry::Diagonal, sudoku::Symmetry::DiagonalMirror),
    (Symmetry::Dihedral, sudoku::Symmetry::Dihedral),
];

const CHUNK: usize = 50;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            let _ = writeln!(std::io::stderr(), "generate: {message}");
            ExitCode::FAILURE
        }
    }
}

/// What one generator made in a round: time and puzzles.
#[derive(Default)]
struct Made {
    time: Duration,
    puzzles: Vec<Grid>,
}

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let mut n = 2000usize;
    let mut rounds = 3usize;
    let mut rated = false;
    let mut qqwing = None;
    let mut process_n = 2000usize;
    let mut jobs_n = None;
    let mut bands = None;
    let mut binary = None;
    while let Some(arg) = args.next() {
        let mut number = || -> Result<usize, String> {
            args.next()
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| format!("{arg} takes a number"))
        };
        match arg.as_str() {
            "-n" => n = number()?.max(CHUNK),
            "--rounds" => rounds = number()?.max(1),
            "--rated" => rated = true,
            "--process-n" => process_n = number()?.max(1),
            "--jobs-n" => jobs_n = Some(number()?.max(1)),
            "--bands" => bands = Some(number()?.max(1)),
            "--qqwing" => qqwing = Some(PathBuf::from(args.next().ok_or("--qqwing takes a path")?)),
            "--sudokit" => {
                binary = Some(PathBuf::from(args.next().ok_or("--sudokit takes a path")?))
            }
            _ => return Err(format!("unexpected argument {arg}")),
        }
    }
    if qqwing.is_some() || jobs_n.is_some() || bands.is_some() {
        let sudokit = match binary {
            Some(path) => path,
            None => release_binary(),
        };
        if !sudokit.exists() {
            return Err(format!(
                "{} not found: run `cargo build --release` first, or give --sudokit PATH",
                sudokit.display()
            ));
        }
        if let Some(qqwing) = qqwing {
            against_qqwing(&sudokit, &qqwing, process_n, rounds)?;
        }
        if let Some(n) = jobs_n {
            two_jobs(&sudokit, n, rounds)?;
        }
        if let Some(seconds) = bands {
            per_band(&sudokit, seconds)?;
        }
        return Ok(());
    }
    let mut out = std::io::stdout().lock();
    let w = |e: std::io::Error| e.to_string();
    writeln!(
        out,
        "{n} minimal puzzles per generator and symmetry, best of {rounds} rounds, one thread\n"
    )
    .map_err(w)?;
    writeln!(
        out,
        "| symmetry | sudokit µs/puzzle | sudoku crate µs/puzzle | ratio | sudokit givens (mean) | crate givens (mean) |"
    )
    .map_err(w)?;
    writeln!(out, "| --- | ---: | ---: | ---: | ---: | ---: |").map_err(w)?;
    let mut histograms = Vec::new();
    for (ours, theirs) in PAIRS {
        let mut best = (Duration::MAX, Duration::MAX);
        let mut last = (Made::default(), Made::default());
        for round in 0..rounds {
            let (a, b) = one_round(ours, theirs, n, round as u64)?;
            best.0 = best.0.min(a.time);
            best.1 = best.1.min(b.time);
            last = (a, b);
        }
        let per = |d: Duration| d.as_secs_f64() * 1e6 / n as f64;
        writeln!(
            out,
            "| {} | {:.1} | {:.1} | {:.2} | {:.2} | {:.2} |",
            ours.name(),
            per(best.0),
            per(best.1),
            best.0.as_secs_f64() / best.1.as_secs_f64(),
            mean_givens(&last.0.puzzles),
            mean_givens(&last.1.puzzles),
        )
        .map_err(w)?;
        histograms.push((ours, last));
    }
    for (symmetry, (ours, theirs)) in &histograms {
        writeln!(out, "\nGivens, {symmetry} (count of puzzles):\n").map_err(w)?;
        table(
            &mut out,
            "sudoku crate",
            &givens(&ours.puzzles),
            &givens(&theirs.puzzles),
        )
        .map_err(w)?;
        if rated {
            writeln!(out, "\nER, {symmetry} (count of puzzles):\n").map_err(w)?;
            table(
                &mut out,
                "sudoku crate",
                &ratings(&ours.puzzles),
                &ratings(&theirs.puzzles),
            )
            .map_err(w)?;
        }
    }
    Ok(())
}

/// One round: N puzzles from each generator, alternating chunks.
fn one_round(
    ours: Symmetry,
    theirs: sudoku::Symmetry,
    n: usize,
    round: u64,
) -> Result<(Made, Made), String> {
    let options = Options {
        symmetry: ours,
        ..Options::default()
    };
    let mut a = Made::default();
    let mut b = Made::default();
    let seed = 0x5eed + round;
    for start in (0..n).step_by(CHUNK) {
        let end = (start + CHUNK).min(n);
        let t = thread_cpu_time();
        for i in start..end {
            let made =
                generate(&options, &mut stream(seed, i as u64)).map_err(|e| e.to_string())?;
            a.puzzles.push(made.puzzle);
        }
        a.time += thread_cpu_time().saturating_sub(t);
        // The crate's puzzles are turned into grids after the clock stops:
        // the conversion is the benchmark's, not the crate's, work.
        let t = thread_cpu_time();
        let theirs: Vec<sudoku::Sudoku> = (start..end)
            .map(|_| sudoku::Sudoku::generate_with_symmetry(theirs))
            .collect();
        b.time += thread_cpu_time().saturating_sub(t);
        for made in &theirs {
            b.puzzles.push(from_crate(made)?);
        }
    }
    Ok((a, b))
}

fn from_crate(sudoku: &sudoku::Sudoku) -> Result<Grid, String> {
    let line = sudoku.to_str_line().to_string();
    line.parse::<Grid>().map_err(|e| e.to_string())
}

fn mean_givens(puzzles: &[Grid]) -> f64 {
    puzzles.iter().map(Grid::givens).sum::<usize>() as f64 / puzzles.len().max(1) as f64
}

fn givens(puzzles: &[Grid]) -> BTreeMap<String, usize> {
    let mut h = BTreeMap::new();
    for p in puzzles {
        *h.entry(format!("{:02}", p.givens())).or_default() += 1;
    }
    h
}

/// ER rounded down to a whole number, as bands: `1`, `2`, ... `stuck`.
fn ratings(puzzles: &[Grid]) -> BTreeMap<String, usize> {
    let mut h = BTreeMap::new();
    for p in puzzles {
        let path = solve_steps(Board::from_grid(p));
        let band = if path.outcome == Outcome::Stuck {
            "stuck".to_string()
        } else {
            let er = path.rating().er;
            format!("{}.0-{}.9", er.floor(), er.floor())
        };
        *h.entry(band).or_default() += 1;
    }
    h
}

fn table(
    out: &mut impl Write,
    peer: &str,
    ours: &BTreeMap<String, usize>,
    theirs: &BTreeMap<String, usize>,
) -> std::io::Result<()> {
    writeln!(out, "| value | sudokit | {peer} |")?;
    writeln!(out, "| --- | ---: | ---: |")?;
    let mut keys: Vec<&String> = ours.keys().chain(theirs.keys()).collect();
    keys.sort();
    keys.dedup();
    for k in keys {
        let get = |h: &BTreeMap<String, usize>| h.get(k).copied().unwrap_or(0);
        writeln!(out, "| {k} | {} | {} |", get(ours), get(theirs))?;
    }
    Ok(())
}

/// The root workspace's release binary: beside this program when both
/// share a target directory, else `target/release/sudokit`.
fn release_binary() -> PathBuf {
    if let Ok(me) = std::env::current_exe()
        && let Some(dir) = me.parent()
    {
        let beside = dir.join("sudokit");
        if beside.exists() {
            return beside;
        }
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/release/sudokit")
}

/// Runs a process to its end; its standard output and the wall time.
fn timed(program: &Path, args: &[String]) -> Result<(Vec<u8>, Duration), String> {
    let t = Instant::now();
    let out = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .map_err(|e| format!("{}: {e}", program.display()))?;
    let elapsed = t.elapsed();
    if !out.status.success() {
        return Err(format!(
            "{} {args:?} exited with {}",
            program.display(),
            out.status
        ));
    }
    Ok((out.stdout, elapsed))
}

fn parsed(stdout: &[u8]) -> Vec<Grid> {
    String::from_utf8_lossy(stdout)
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .collect()
}

fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| (*s).to_string()).collect()
}

fn against_qqwing(sudokit: &Path, qqwing: &Path, n: usize, rounds: usize) -> Result<(), String> {
    let count = n.to_string();
    let ours = strings(&["generate", "-n", &count, "--jobs", "1", "--seed", "1"]);
    let theirs = strings(&["--generate", &count, "--one-line"]);
    let mut best = (Duration::MAX, Duration::MAX);
    let mut last = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        let (a, ta) = timed(sudokit, &ours)?;
        let (b, tb) = timed(qqwing, &theirs)?;
        best = (best.0.min(ta), best.1.min(tb));
        last = (parsed(&a), parsed(&b));
    }
    let per = |d: Duration| d.as_secs_f64() * 1e6 / n as f64;
    let mut out = std::io::stdout().lock();
    let w = |e: std::io::Error| e.to_string();
    writeln!(
        out,
        "\nWhole process, {n} puzzles, one thread, best of {rounds}:\n"
    )
    .map_err(w)?;
    writeln!(out, "| program | s | µs/puzzle | puzzles | mean givens |").map_err(w)?;
    writeln!(out, "| --- | ---: | ---: | ---: | ---: |").map_err(w)?;
    for (name, time, puzzles) in [
        ("sudokit generate --jobs 1", best.0, &last.0),
        ("qqwing --generate --one-line", best.1, &last.1),
    ] {
        writeln!(
            out,
            "| {name} | {:.3} | {:.1} | {} | {:.2} |",
            time.as_secs_f64(),
            per(time),
            puzzles.len(),
            mean_givens(puzzles)
        )
        .map_err(w)?;
    }
    writeln!(
        out,
        "\nsudokit is {:.1}x faster\n\nGivens (count of puzzles):\n",
        best.1.as_secs_f64() / best.0.as_secs_f64()
    )
    .map_err(w)?;
    table(&mut out, "qqwing", &givens(&last.0), &givens(&last.1)).map_err(w)
}

fn two_jobs(sudokit: &Path, n: usize, rounds: usize) -> Result<(), String> {
    let count = n.to_string();
    let args = |jobs: &str| strings(&["generate", "-n", &count, "--seed", "1", "--jobs", jobs]);
    let mut best = (Duration::MAX, Duration::MAX);
    for _ in 0..rounds {
        let (a, ta) = timed(sudokit, &args("1"))?;
        let (b, tb) = timed(sudokit, &args("2"))?;
        if a != b {
            return Err("--jobs 1 and --jobs 2 printed different puzzles".into());
        }
        best = (best.0.min(ta), best.1.min(tb));
    }
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "\nsudokit generate -n {n}: --jobs 1 {:.3} s, --jobs 2 {:.3} s, speedup {:.2}x (same output)",
        best.0.as_secs_f64(),
        best.1.as_secs_f64(),
        best.0.as_secs_f64() / best.1.as_secs_f64()
    )
    .map_err(|e| e.to_string())
}

fn per_band(sudokit: &Path, seconds: usize) -> Result<(), String> {
    let bands: [(&str, &[&str]); 6] = [
        ("easy (ER ≤ 2.5)", &["--level", "easy"]),
        ("medium (2.6-5.9)", &["--level", "medium"]),
        ("hard (6.0-7.9)", &["--level", "hard"]),
        ("ER ≥ 7.0", &["--rating", "7.0-20"]),
        ("very hard (8.0-8.9)", &["--level", "very-hard"]),
        ("extreme (≥ 9.0)", &["--level", "extreme"]),
    ];
    let mut out = std::io::stdout().lock();
    let w = |e: std::io::Error| e.to_string();
    writeln!(
        out,
        "\nPuzzles made in {seconds} s, one thread, per band:\n"
    )
    .map_err(w)?;
    writeln!(out, "| band | puzzles | puzzles/s |").map_err(w)?;
    writeln!(out, "| --- | ---: | ---: |").map_err(w)?;
    let timeout = seconds.to_string();
    for (name, filter) in bands {
        let mut args = strings(&["generate", "-n", "100000000", "--jobs", "1", "--seed", "1"]);
        args.extend(strings(filter));
        args.extend(strings(&["--timeout", &timeout]));
        let t = Instant::now();
        let made = Command::new(sudokit)
            .args(&args)
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .output()
            .map_err(|e| e.to_string())?;
        let elapsed = t.elapsed().as_secs_f64();
        let n = parsed(&made.stdout).len();
        writeln!(out, "| {name} | {n} | {:.1} |", n as f64 / elapsed).map_err(w)?;
    }
    Ok(())
}
