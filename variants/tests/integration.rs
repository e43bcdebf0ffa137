//! The integration tests of this crate, gathered into one test binary
//! (one link instead of one per file): each file under `tests/` is a
//! module of it, and `cargo test -p <crate> --test integration <module>::`
//! runs one file's tests. Test-only components are registered in
//! `tests/tests/extension.rs`, a binary of its own, so that the registry's
//! snapshot and the committed schema never see them.

mod choices;
mod registry;
mod rulesets;
mod setup_offers;
