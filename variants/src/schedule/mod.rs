//! Schedules: who owns each placement.

mod alternating;
mod periodic;
mod special_turns;
mod thue_morse;

pub use alternating::Alternating;
pub use periodic::{Periodic, PeriodicParams};
pub use special_turns::{SpecialTurn, SpecialTurns, SpecialTurnsParams};
pub use thue_morse::ThueMorse;
