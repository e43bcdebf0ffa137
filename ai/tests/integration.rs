//! The integration tests of this crate, gathered into one test binary
//! (one link instead of one per file): each file under `tests/` is a
//! module of it, and `cargo test -p <crate> --test integration <module>::`
//! runs one file's tests.

mod every_ruleset;
mod policies;
mod positions;
mod tactics;
mod threads;
mod verdict;
