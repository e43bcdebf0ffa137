//! Resolvers: when captures happen and what counts as suicide.

mod per_placement;

pub use per_placement::{PerPlacement, PerPlacementParams, Suicide};
