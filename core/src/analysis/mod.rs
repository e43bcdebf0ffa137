//! Analyses of a position that any component or front end may use.

mod area;

pub use area::{AreaCount, area_count};
