//! The integration tests of this crate, gathered into one test binary
//! (one link instead of one per file): each file under `tests/` is a
//! module of it, and `cargo test -p <crate> --test integration <module>::`
//! runs one file's tests.

mod clauses;
mod conformance;
mod counts;
mod coverage;
mod export;
mod front_ends;
mod gnugo;
mod light_playout;
mod playout;
mod properties;
mod round_trips;
mod sgf_scenarios;
