//! Tests of the logical solver: each technique on a position made for it,
//! and every step of whole solves checked against the solution.

mod forcing;
mod proofs;
mod techniques;
