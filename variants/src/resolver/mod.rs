//! Resolvers: when captures happen and what counts as suicide.

mod end_of_move;
mod per_placement;

pub use end_of_move::{EndOfMove, EndOfMoveParams, OwnStrings};
pub use per_placement::{PerPlacement, PerPlacementParams, Suicide};
