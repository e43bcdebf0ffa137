//! Schedules: who owns each placement.

mod alternating;

pub use alternating::Alternating;
