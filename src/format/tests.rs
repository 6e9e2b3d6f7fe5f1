//! Error positions of every parser.
