//! Objectives: how play ends and who wins.

mod score;

pub use score::{Score, ScoreParams};
