//! Tests of `sudokit readme` (written with the command).
