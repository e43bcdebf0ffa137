//! Analyses of a position that any component or front end may use.

mod area;
mod pass_alive;

pub use area::{AreaCount, area_count};
pub use pass_alive::{LifeRule, no_room_for_life, pass_alive_stones};
