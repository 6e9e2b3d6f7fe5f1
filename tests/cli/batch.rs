//! Tests of `sudokit batch` (written with the command).
