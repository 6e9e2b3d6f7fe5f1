//! Tests of `sudokit validate` (written with the command).
