//! The integration tests of this crate, gathered into one test binary
//! (one link instead of one per file): each file under `tests/` is a
//! module of it, and `cargo test -p <crate> --test integration <module>::`
//! runs one file's tests.

mod bad_input;
mod book;
mod book_toml;
mod cli;
mod common;
mod gnugo_differential;
mod gtp;
mod gtp_analysis;
mod gtp_gnugo;
mod json_output;
mod output_errors;
