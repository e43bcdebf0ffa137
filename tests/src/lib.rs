//! Test-only crate: the integration tests under `tests/` run the
//! conformance scenarios (`conformance/scenarios`, through the
//! `tengen-conformance` runner), the property tests over random games, the
//! playout and allocation checks and the GNU Go comparisons. It has no
//! library code of its own, and no product crate depends on it.
