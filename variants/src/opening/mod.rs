//! Openings: what happens before ordinary play.

mod handicap_passes;
mod handicap_stones;
mod no_opening;

pub use handicap_passes::{HandicapPasses, HandicapState};
pub use handicap_stones::{HandicapStones, HandicapStonesParams};
pub use no_opening::NoOpening;
