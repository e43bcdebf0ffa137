//! Repetition policies: which repeated positions are refused.

// One module per file of this folder, declared by build.rs: a new
// component is a new file here, and nothing else lists it.
include!(concat!(env!("OUT_DIR"), "/modules_repetition.rs"));
