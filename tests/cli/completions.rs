//! Tests of `sudokit completions` (written with the command).
