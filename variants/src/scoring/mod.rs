//! Scorers: the score of a board.

mod area;

pub use area::{Area, AreaParams};
