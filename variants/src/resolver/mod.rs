//! Resolvers: when captures happen and what counts as suicide.

// One module per file of this folder, declared by build.rs: a new
// component is a new file here, and nothing else lists it.
include!(concat!(env!("OUT_DIR"), "/modules_resolver.rs"));
