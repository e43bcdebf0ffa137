//! # tengen-variants
//!
//! Every registered rules component of tengen, one file each, grouped by
//! the trait it implements, and the rulesets bundled with tengen.
//!
//! Components register themselves with [`tengen_core::component!`]; a
//! program sees them only if this crate is linked, so every binary and test
//! crate calls [`link`] once.

use schemars::JsonSchema;
use serde::Deserialize;
use std::sync::OnceLock;
use tengen_core::registry::Registry;
use tengen_core::ruleset::{Bundled, Library};

/// Parameters of a component that takes none.
#[derive(Clone, Copy, Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NoParams {}

/// Implements [`FromParams`](tengen_core::registry::FromParams) for a
/// component that takes no parameters: a unit struct, or one built from
/// the build context by the given closure-like expression.
macro_rules! no_params {
    ($component:ident) => {
        $crate::no_params!($component, |_ctx| $component);
    };
    ($component:ident, |$ctx:ident| $build:expr) => {
        impl tengen_core::registry::FromParams for $component {
            type Params = $crate::NoParams;

            fn from_params(
                _: $crate::NoParams,
                $ctx: &tengen_core::registry::BuildContext,
            ) -> Result<$component, Vec<tengen_core::registry::BuildProblem>> {
                Ok($build)
            }
        }
    };
}
pub(crate) use no_params;

pub mod objective;
pub mod opening;
pub mod repetition;
pub mod resolver;
pub mod schedule;
pub mod scoring;
pub mod topology;

/// Makes sure this crate, and so every registration in it, is linked into
/// the program. Call it once from every binary and test crate.
#[inline(never)]
pub fn link() {
    std::hint::black_box(());
}

/// The bundled rulesets (the files of `rulesets/`), embedded at build time.
pub fn bundled_rulesets() -> Vec<Bundled> {
    include!(concat!(env!("OUT_DIR"), "/bundled.rs"))
}

/// The registry of every linked component.
///
/// # Panics
/// When two components share a kind and id (caught by the registry test).
pub fn registry() -> &'static Registry {
    link();
    match Registry::global() {
        Ok(r) => r,
        Err(duplicate) => panic!("{duplicate}"),
    }
}

/// The library of bundled rulesets over the registry (built once).
pub fn library() -> &'static Library {
    static LIBRARY: OnceLock<Library> = OnceLock::new();
    LIBRARY.get_or_init(|| Library::new(registry(), bundled_rulesets()))
}
