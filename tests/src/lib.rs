//! The tengen conformance suite.
