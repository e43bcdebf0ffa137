//! Openings: what happens before ordinary play.

mod fixed_setup;
mod handicap_passes;
mod handicap_stones;
mod no_opening;
mod pie;
mod pieboxing;
mod pieboxing_handicap;
mod setup;
mod two_batch;

pub use fixed_setup::{FixedSetup, FixedSetupParams};
pub use handicap_passes::{HandicapPasses, HandicapState};
pub use handicap_stones::{HandicapStones, HandicapStonesParams};
pub use no_opening::NoOpening;
pub use pie::{Pie, PieParams};
pub use pieboxing::{Pieboxing, PieboxingParams};
pub use pieboxing_handicap::{HandicapLimit, PieboxingHandicap, PieboxingHandicapParams};
pub use setup::Cap;
pub use two_batch::TwoBatch;
