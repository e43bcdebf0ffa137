//! The integration tests of this crate, gathered into one test binary
//! (one link instead of one per file): each file under `tests/` is a
//! module of it, and `cargo test -p <crate> --test integration <module>::`
//! runs one file's tests.

mod analysis;
mod book_example;
mod common;
mod exact_ids_and_big_rulesets;
mod limits;
mod schema;
mod sessions;
mod strict_requests;
