//! Canonical forms per second, single-threaded: sudokit's minlex and
//! pattern-first forms on 17clue, gen10k and gen10k's solutions, with the
//! `sudoku` crate's canonicalization of the solutions beside them.
//!
//! ```text
//! cargo run --release --manifest-path bench/Cargo.toml --bin canon -- [DIR] [--passes N] [--max N]
//! ```

use std::path::{Path, PathBuf};
use std::time::Instant;

use sudokit::Grid;
use sudokit::canon::{Canonicalizer, Form};

fn main() {
    let mut dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/bench-data");
    let mut passes = 3;
    let mut max = usize::MAX;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = |name: &str| -> usize {
            args.next()
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| fail(&format!("{name} needs a number")))
        };
        match arg.as_str() {
            "--passes" => passes = number("--passes").max(1),
            "--max" => max = number("--max"),
            _ if arg.starts_with('-') => fail(&format!("unknown option {arg}")),
            _ => dir = PathBuf::from(arg),
        }
    }
    let clue17 = read(&dir.join("17clue.txt"), max);
    let gen10k = read(&dir.join("gen10k.txt"), max);
    let solutions: Vec<Grid> = gen10k.iter().filter_map(Grid::solve).collect();

    println!("| set | puzzles | minlex /s | pattern-first /s | sudoku crate /s |");
    println!("|---|---:|---:|---:|---:|");
    for (name, set, peer) in [
        ("17clue", &clue17, false),
        ("gen10k", &gen10k, false),
        ("gen10k solutions", &solutions, true),
    ] {
        let minlex = best_rate(passes, set.len(), || run(set, Form::Minlex));
        let pattern = best_rate(passes, set.len(), || run(set, Form::PatternFirst));
        let crate_rate = if peer {
            let peers: Vec<sudoku::Sudoku> = set
                .iter()
                .map(|g| {
                    sudoku::Sudoku::from_bytes(*g.cells()).unwrap_or_else(|_| fail("bad grid"))
                })
                .collect();
            check_against_crate(set, &peers);
            format!(
                "{:.0}",
                best_rate(passes, set.len(), || {
                    peers
                        .iter()
                        .map(|s| s.canonicalized().map_or(0, |(_, n)| n))
                        .sum()
                })
            )
        } else {
            "-".to_owned()
        };
        println!(
            "| {name} | {} | {minlex:.0} | {pattern:.0} | {crate_rate} |",
            set.len()
        );
    }
}

/// Canonicalizes every board; the sum of automorphism counts keeps the work
/// from being optimized away.
fn run(set: &[Grid], form: Form) -> usize {
    let mut canon = Canonicalizer::new();
    set.iter()
        .map(|g| canon.canonicalize(g, form).automorphisms as usize)
        .sum()
}

/// The best of `passes` runs, in boards per second.
fn best_rate(passes: usize, boards: usize, mut work: impl FnMut() -> usize) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..passes {
        let start = Instant::now();
        std::hint::black_box(work());
        best = best.min(start.elapsed().as_secs_f64());
    }
    boards as f64 / best
}

/// The crate's form must be ours when it is minlex; say how often it is.
fn check_against_crate(set: &[Grid], peers: &[sudoku::Sudoku]) {
    let mut canon = Canonicalizer::new();
    let same = set
        .iter()
        .zip(peers)
        .filter(|(g, s)| {
            let ours = canon.canonicalize(g, Form::Minlex);
            s.canonicalized().is_some_and(|(form, n)| {
                form.to_bytes() == *ours.form.cells() && n == ours.automorphisms as usize
            })
        })
        .count();
    eprintln!(
        "the sudoku crate's form and count equal ours on {same} of {} grids",
        set.len()
    );
}

fn read(path: &Path, max: usize) -> Vec<Grid> {
    let text =
        std::fs::read_to_string(path).unwrap_or_else(|e| fail(&format!("{}: {e}", path.display())));
    text.lines()
        .filter_map(|line| line.trim().parse::<Grid>().ok())
        .take(max)
        .collect()
}

fn fail(message: &str) -> ! {
    eprintln!("canon bench: {message}");
    std::process::exit(2)
}
