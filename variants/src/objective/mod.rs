//! Objectives: how play ends and who wins.

mod agreed_pass;
mod cannot_move_loses;
mod kill_all;
mod score;

pub use agreed_pass::{AgreedPass, AgreedPassParams, Protocol};
pub use cannot_move_loses::{CannotMoveLoses, CannotMoveLosesParams};
pub use kill_all::{KillAll, KillAllParams};
pub use score::{Score, ScoreParams};
