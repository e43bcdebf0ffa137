//! The phases of a game, which the state records and an action's
//! declaration names.

use serde::Serialize;
use std::fmt;

/// The phases of a game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// Setup actions before ordinary play.
    Opening,
    /// Ordinary play.
    Play,
    /// Play has stopped; the players settle the dead strings.
    Agreement,
    /// The game has ended.
    Over,
}

impl Phase {
    /// "during play", "in the opening", ... for messages.
    pub fn during(self) -> &'static str {
        match self {
            Phase::Opening => "in the opening",
            Phase::Play => "during play",
            Phase::Agreement => "while the dead strings are being agreed",
            Phase::Over => "once the game is over",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Phase::Opening => "opening",
            Phase::Play => "play",
            Phase::Agreement => "agreement",
            Phase::Over => "over",
        })
    }
}
