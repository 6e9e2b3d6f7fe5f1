//! Every puzzle of the shared benchmark sets through both engines: ignored
//! by default (minutes of work).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::*;

/// Expected count class of a benchmark file, from its README.
fn expected_class(stem: &str) -> Option<usize> {
    match stem {
        "17clue"
        | "top1465"
        | "top95"
        | "forum_hardest_1905_11plus"
        | "forum_hardest_1106"
        | "gen10k" => Some(1),
        "serg_benchmark_multisol" | "multisolution10k" => Some(2),
        "nosolution10k" => Some(0),
        _ => None,
    }
}

/// Every puzzle of every benchmark set: count class and solution validity,
/// plus the slowest puzzle. Run with `cargo test --release -- --ignored`.
#[test]
#[ignore = "minutes of work: run with cargo test --release -- --ignored"]
#[allow(clippy::print_stdout)] // the report is the point of this test
fn full_benchmark_cross_check() {
    let dir = std::env::var_os("SUDOKIT_BENCH_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/bench-data"));
    let Ok(entries) = std::fs::read_dir(&dir) else {
        println!(
            "benchmark data not found at {}; skipping the full cross-check",
            dir.display()
        );
        return;
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    let (mut checked, mut failures) = (0usize, Vec::new());
    let mut slowest = (Duration::ZERO, String::new(), String::new());
    for path in &files {
        let stem = path
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let expected = expected_class(&stem);
        let mut worst_here = Duration::ZERO;
        let mut count_here = 0usize;
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
            let Some(givens) = line.get(..81).and_then(parse) else {
                failures.push(format!("{stem}: unparsable line {line}"));
                continue;
            };
            let start = Instant::now();
            let (n, solutions) = run(fast::search, &givens, 2);
            let mut took = start.elapsed();
            if took > worst_here {
                // A record is timed twice more and the fastest run kept, so a
                // puzzle that was merely interrupted by another process does
                // not pass for the slowest.
                for _ in 0..2 {
                    let start = Instant::now();
                    run(fast::search, &givens, 2);
                    took = took.min(start.elapsed());
                }
            }
            checked += 1;
            count_here += 1;
            worst_here = worst_here.max(took);
            if took > slowest.0 {
                slowest = (took, stem.clone(), line.to_string());
            }
            if expected.is_some_and(|e| e != class(n)) {
                failures.push(format!(
                    "{stem}: {n} solutions (expected class {expected:?}) for {line}"
                ));
            }
            if !solutions.iter().all(|s| valid_solution(&givens, s)) {
                failures.push(format!("{stem}: invalid solution for {line}"));
            }
            if !same_in_both_builds(&givens, 2) {
                failures.push(format!("{stem}: portable and accelerated differ on {line}"));
            }
            // What users get: the portfolio behind the public search.
            let public =
                Grid::from_cells(givens).map(|g| crate::solver::search(&g, 2, 0, &mut |_| {}));
            if public.map(|o| o.solutions) != Some(n) {
                failures.push(format!("{stem}: the public search disagrees on {line}"));
            }
        }
        println!("{stem}: {count_here} puzzles, slowest {worst_here:?}");
    }
    println!(
        "checked {checked} puzzles in {} files, {} failures; slowest puzzle {:?} ({}: {})",
        files.len(),
        failures.len(),
        slowest.0,
        slowest.1,
        slowest.2
    );
    for f in failures.iter().take(20) {
        println!("FAIL {f}");
    }
    assert!(failures.is_empty(), "{} failures", failures.len());
}
