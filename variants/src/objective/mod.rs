//! Objectives: how play ends and who wins.

mod agreed_pass;
mod score;

pub use agreed_pass::{AgreedPass, AgreedPassParams, Protocol};
pub use score::{Score, ScoreParams};
