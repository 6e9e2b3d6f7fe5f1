//! Tests of `sudokit hardening` (written with the command).
