//! # What tengen is fuzzed with
//!
//! Each fuzz target is a function of bytes that must never panic, hang or
//! break an invariant, whatever the bytes: [`targets::ruleset`] (ruleset
//! TOML, loaded and validated), [`targets::notation`] (the move notation,
//! parsed and played), [`targets::sgf`] (SGF records, imported and written
//! back), [`targets::gtp`] (a GTP command stream), [`targets::actions`]
//! (random action sequences on every bundled ruleset, with the invariants
//! of [`tengen_conformance::invariants`]), and [`targets::engine`] (lines
//! for the JSON engine protocol).
//!
//! cargo-fuzz runs them from `fuzz/` (a crate outside the workspace: it
//! needs the nightly toolchain); `cargo test` runs them over the committed
//! seed corpus (`fuzz/seeds/<target>/`) and over every input a fuzzer ever
//! crashed them with (`fuzz/regressions/<target>/`), so a fixed crash stays
//! fixed on the stable toolchain too.

pub mod targets;

/// A fuzz target: its name (the folder names of its inputs) and its body.
pub type Target = (&'static str, fn(&[u8]));

/// Every fuzz target.
pub const TARGETS: &[Target] = &[
    ("ruleset", targets::ruleset),
    ("notation", targets::notation),
    ("sgf", targets::sgf),
    ("gtp", targets::gtp),
    ("actions", targets::actions),
    ("engine", targets::engine),
];
