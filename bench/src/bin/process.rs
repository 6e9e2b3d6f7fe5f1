//! The whole `sudokit solve` process against the engine alone, on one file.
//!
//! ```text
//! cargo build --release
//! cargo run --release --manifest-path bench/Cargo.toml --bin process -- FILE \
//!     [--lines N] [--rounds N] [--sudokit PATH]
//! ```
//!
//! FILE (one 81-character puzzle per line) is repeated into a temporary file
//! of at least N lines (default 1,000,000). Each round times, by the wall
//! clock, (a) the engine alone solving every puzzle of it, read into memory
//! beforehand, exactly as plain `solve` asks (first solution), and (b) the
//! release `sudokit solve` process on the file, output to the null device.
//! Rounds alternate the two, so load from elsewhere hits both; the fastest
//! round of each counts. The ratio b/a is the cost of reading, parsing and
//! writing on top of solving.
//!
//! The binary timed is `--sudokit PATH`, or else the release build of the
//! root workspace: `sudokit` beside this program when both share a target
//! directory (`CARGO_TARGET_DIR`), otherwise `target/release/sudokit` of the
//! repository this crate sits in.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use sudokit::{Format, Grid, parse_str, solver};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            let _ = writeln!(std::io::stderr(), "process: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let mut file = None;
    let mut lines = 1_000_000usize;
    let mut rounds = 3usize;
    let mut binary = None;
    while let Some(arg) = args.next() {
        let mut number = || -> Result<usize, String> {
            args.next()
                .and_then(|n| n.parse().ok())
                .ok_or_else(|| format!("{arg} takes a number"))
        };
        match arg.as_str() {
            "--lines" => lines = number()?,
            "--rounds" => rounds = number()?.max(1),
            "--sudokit" => {
                binary = Some(PathBuf::from(args.next().ok_or("--sudokit takes a path")?))
            }
            _ if file.is_none() => file = Some(PathBuf::from(arg)),
            _ => return Err(format!("unexpected argument {arg}")),
        }
    }
    let file = file.ok_or("usage: process FILE [--lines N] [--rounds N] [--sudokit PATH]")?;
    let text = std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
    let one: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    if one.is_empty() {
        return Err(format!("{}: no puzzle", file.display()));
    }
    let copies = lines.div_ceil(one.len());
    let dir = std::env::temp_dir().join(format!("sudokit-process-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let big = dir.join("big.txt");
    {
        let mut w = BufWriter::new(File::create(&big).map_err(|e| e.to_string())?);
        for _ in 0..copies {
            for line in &one {
                writeln!(w, "{line}").map_err(|e| e.to_string())?;
            }
        }
        w.flush().map_err(|e| e.to_string())?;
    }
    let all = std::fs::read_to_string(&big).map_err(|e| e.to_string())?;
    let grids: Vec<Grid> = parse_str(&all, Format::Line)
        .into_iter()
        .filter_map(|item| item.ok().map(|p| p.grid))
        .collect();
    drop(all);
    let sudokit = match binary {
        Some(path) => path,
        None => release_binary()?,
    };
    if !sudokit.exists() {
        return Err(format!(
            "{} not found: run `cargo build --release` first, or give --sudokit PATH",
            sudokit.display()
        ));
    }
    let mut engine = Duration::MAX;
    let mut process = Duration::MAX;
    for _ in 0..rounds {
        let t = Instant::now();
        let mut solved = 0usize;
        for grid in &grids {
            solved += solver::search(grid, 1, 1, &mut |_| {}).solutions;
        }
        engine = engine.min(t.elapsed());
        std::hint::black_box(solved);
        let t = Instant::now();
        let status = Command::new(&sudokit)
            .arg("solve")
            .arg(&big)
            .stdout(Stdio::null())
            // Its messages (one per unsolvable puzzle) go nowhere too: where
            // the caller's standard error leads (a terminal, a pipe that is
            // read slowly) must not change the figure.
            .stderr(Stdio::null())
            .status()
            .map_err(|e| e.to_string())?;
        process = process.min(t.elapsed());
        if status.code() != Some(0) && status.code() != Some(1) {
            return Err(format!("sudokit solve exited with {status}"));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    let n = grids.len() as f64;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(
        out,
        "{}: {} puzzles; engine {:.3} s ({:.2} µs/puzzle), whole process {:.3} s ({:.2} µs/puzzle), ratio {:.3}",
        file.display(),
        grids.len(),
        engine.as_secs_f64(),
        engine.as_secs_f64() * 1e6 / n,
        process.as_secs_f64(),
        process.as_secs_f64() * 1e6 / n,
        process.as_secs_f64() / engine.as_secs_f64()
    );
    Ok(())
}

/// The root workspace's release `sudokit`: beside this program when the two
/// share a target directory, else under the repository's `target/`.
fn release_binary() -> Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let beside = exe.with_file_name("sudokit");
    if beside.exists() {
        return Ok(beside);
    }
    Ok(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/release/sudokit"))
}
