//! Fuzz target `sgf`: see `tengen_robustness::targets::sgf`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tengen_robustness::targets::sgf(data));
