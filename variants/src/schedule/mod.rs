//! Schedules: who owns each placement.

mod alternating;
mod periodic;
mod thue_morse;

pub use alternating::Alternating;
pub use periodic::{Periodic, PeriodicParams};
pub use thue_morse::ThueMorse;
