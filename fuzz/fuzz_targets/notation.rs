//! Fuzz target `notation`: see `tengen_robustness::targets::notation`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tengen_robustness::targets::notation(data));
