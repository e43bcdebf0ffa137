//! Analyses of a position that any component or front end may use.

mod area;
mod memo;
mod pass_alive;
mod vital_regions;

pub use area::{AreaCount, area_count};
pub use pass_alive::{
    LifeRule, no_room_for_life, no_room_for_life_in_full, pass_alive_stones,
    pass_alive_stones_in_full,
};
