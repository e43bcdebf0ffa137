//! Fuzz target `engine`: see `tengen_robustness::targets::engine`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tengen_robustness::targets::engine(data));
