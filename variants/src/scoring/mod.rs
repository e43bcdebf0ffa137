//! Scorers: the score of a board.

mod area;
mod button;

pub use area::{Area, AreaParams};
pub use button::{ButtonOwner, ButtonRule, ReverseKomi, handicap_unit};
