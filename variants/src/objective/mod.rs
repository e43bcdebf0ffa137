//! Objectives: how play ends and who wins.

// One module per file of this folder, declared by build.rs: a new
// component is a new file here, and nothing else lists it.
include!(concat!(env!("OUT_DIR"), "/modules_objective.rs"));
