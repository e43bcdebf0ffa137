//! Who plays each seat of a game: a person at the page, or the computer
//! player with a strength.

use serde::{Deserialize, Serialize};
use tengen_core::Seat;
use tengen_json::engine::{EngineError, MAX_PLAYOUTS};

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "player", rename_all = "kebab-case", deny_unknown_fields)]
pub enum SeatPlayer {
    /// A person at the page (two people may share one device).
    Human,
    /// The computer player, spending `playouts` on each choice.
    Ai {
        /// The playouts of each choice (its strength); when not given, the
        /// default for the board ([`tengen_ai::default_playouts`]), fixed
        /// when the game is created.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        playouts: Option<u64>,
    },
}

/// Who plays each seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seats {
    /// Player 1.
    #[serde(rename = "P1")]
    pub p1: SeatPlayer,
    /// Player 2.
    #[serde(rename = "P2")]
    pub p2: SeatPlayer,
}

impl Default for Seats {
    fn default() -> Seats {
        Seats {
            p1: SeatPlayer::Human,
            p2: SeatPlayer::Human,
        }
    }
}

impl Seats {
    /// Who plays `seat`.
    pub fn of(&self, seat: Seat) -> SeatPlayer {
        match seat {
            Seat::One => self.p1,
            Seat::Two => self.p2,
        }
    }

    /// The seats with every computer player's strength given: those
    /// without one get the default for a board of `points` points.
    pub(crate) fn with_default_playouts(self, points: usize) -> Seats {
        let fill = |player: SeatPlayer| match player {
            SeatPlayer::Ai { playouts: None } => SeatPlayer::Ai {
                playouts: Some(tengen_ai::default_playouts(points)),
            },
            other => other,
        };
        Seats {
            p1: fill(self.p1),
            p2: fill(self.p2),
        }
    }

    /// Refuses a strength out of range.
    pub(crate) fn check(&self) -> Result<(), EngineError> {
        for seat in Seat::BOTH {
            if let SeatPlayer::Ai {
                playouts: Some(playouts),
            } = self.of(seat)
                && !(1..=MAX_PLAYOUTS).contains(&playouts)
            {
                return Err(EngineError::new(
                    "bad-request",
                    format!("{seat}'s playouts must be from 1 to {MAX_PLAYOUTS}, not {playouts}"),
                ));
            }
        }
        Ok(())
    }
}
