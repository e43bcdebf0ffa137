//! The scenario files and the test rulesets, embedded in the binary, for
//! front ends that ship without the repository (the playground's learn
//! mode): each scenario's folder, file name and text, and each test
//! ruleset's file name and text, sorted by folder and name.

include!(concat!(env!("OUT_DIR"), "/scenarios.rs"));
