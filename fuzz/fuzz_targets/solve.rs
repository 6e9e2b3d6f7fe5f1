//! Fuzz target `solve`: the property is `checks::solve_all` (shared with `cargo test`).
#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::solve_all(data));
