//! Fuzz target `roundtrip`: the property is `checks::roundtrip` (shared with `cargo test`).
#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::roundtrip(data));
