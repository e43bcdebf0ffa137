//! Code shared by the integration tests that talk to other programs.

// Each test binary includes this module and uses only part of it.
#![allow(dead_code)]

pub(crate) mod gtp_peer;
pub(crate) mod run;
