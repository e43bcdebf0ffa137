//! Code shared by the tests of the engine protocol.

// Each test binary includes this module and uses only part of it.
#![allow(dead_code)]

pub(crate) mod recorded;
