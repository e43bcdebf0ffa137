//! Fuzz target `ruleset`: see `tengen_robustness::targets::ruleset`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tengen_robustness::targets::ruleset(data));
