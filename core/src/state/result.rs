//! How a game ended.

use crate::colour::Seat;
use crate::point::Point;
use crate::state::ScoreSheet;
use serde::Serialize;
use std::fmt;

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "reason")]
pub enum EndReason {
    /// The score decided it.
    Score,
    /// A seat resigned.
    Resignation {
        /// Who resigned.
        seat: Seat,
    },
    /// The seat to act had no legal move.
    NoLegalMove(Seat),
    /// A position repeated as often as the ruleset allows.
    Repetition,
    /// A rule of a particular objective (e.g. a pass-alive string).
    Objective {
        /// A stable machine-readable code, e.g. `pass-alive`.
        code: &'static str,
        /// What happened, in words.
        message: String,
    },
}

/// The end of a game: who won, why, and the score where there is one.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameResult {
    /// The winner, or `None` for a draw.
    pub winner: Option<Seat>,
    /// Why the game ended.
    pub reason: EndReason,
    /// The final score, when the score decided the game.
    pub score: Option<ScoreSheet>,
    /// The stones the players agreed were dead and that were taken off the
    /// board before scoring, in point order (empty when no agreement
    /// ended the game). Not serialized: a point has a name only by its
    /// geometry (the JSON interface's result names them).
    #[serde(skip)]
    pub dead: Vec<Point>,
    /// The stones that decided the game under its objective, in point
    /// order: in Kill-All, the Defender's pass-alive stones (empty where no
    /// stones decided it). Not serialized, as [`GameResult::dead`].
    #[serde(skip)]
    pub deciding: Vec<Point>,
}

impl GameResult {
    /// `seat` wins for `reason`.
    pub fn win(seat: Seat, reason: EndReason) -> GameResult {
        GameResult {
            winner: Some(seat),
            reason,
            score: None,
            dead: Vec::new(),
            deciding: Vec::new(),
        }
    }

    /// A draw for `reason`.
    pub fn draw(reason: EndReason) -> GameResult {
        GameResult {
            winner: None,
            reason,
            score: None,
            dead: Vec::new(),
            deciding: Vec::new(),
        }
    }
}

impl GameResult {
    /// The same result, decided by `stones` (see [`GameResult::deciding`]).
    pub fn decided_by(mut self, stones: Vec<Point>) -> GameResult {
        self.deciding = stones;
        self
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EndReason::Score => f.write_str("on the score"),
            EndReason::Resignation { seat } => write!(f, "by resignation of {seat}"),
            EndReason::NoLegalMove(seat) => write!(f, "because {seat} had no legal move"),
            EndReason::Repetition => f.write_str("by repetition"),
            EndReason::Objective { message, .. } => f.write_str(message),
        }
    }
}
