//! Fuzz target `parse`: the property is `checks::parse` (shared with `cargo test`).
#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::parse(data));
