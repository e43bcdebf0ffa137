//! The integration tests of this crate, gathered into one test binary
//! (one link instead of one per file): each file under `tests/` is a
//! module of it, and `cargo test -p <crate> --test integration <module>::`
//! runs one file's tests. `extension_hooks` is a binary of its own: it
//! registers test-only components, which the registry's snapshot and the
//! committed schema must not see.

mod choices;
mod registry;
mod rulesets;
