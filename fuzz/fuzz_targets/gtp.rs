//! Fuzz target `gtp`: see `tengen_robustness::targets::gtp`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tengen_robustness::targets::gtp(data));
