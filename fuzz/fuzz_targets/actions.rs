//! Fuzz target `actions`: see `tengen_robustness::targets::actions`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tengen_robustness::targets::actions(data));
