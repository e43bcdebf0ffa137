//! A score, as the scorer gives it and the result records it.

use crate::colour::{ByColour, Colour, Seat};
use serde::Serialize;

/// A score, broken down so a player can check it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScoreSheet {
    /// Stones on the board (marked dead stones excluded).
    pub stones: ByColour<u32>,
    /// Empty points (dead stones' points included) that reach only that
    /// colour's stones.
    pub territory: ByColour<u32>,
    /// Other points: komi, a button, a reverse komi, with labels.
    pub bonuses: Vec<Bonus>,
    /// The totals.
    pub total: ByColour<f64>,
}

/// Points added to a colour's score for a reason other than the board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bonus {
    /// What the points are for, e.g. `komi`.
    pub label: String,
    /// Who receives them.
    pub colour: Colour,
    /// How many.
    pub points: f64,
}

impl ScoreSheet {
    /// The sheet of these stones, territory and bonuses, each colour's
    /// total their sum (the sum is the rule every area count shares).
    pub fn new(stones: ByColour<u32>, territory: ByColour<u32>, bonuses: Vec<Bonus>) -> ScoreSheet {
        let mut total = ByColour::new(0.0, 0.0);
        for c in Colour::BOTH {
            total[c] = f64::from(stones[c] + territory[c]);
        }
        for b in &bonuses {
            total[b.colour] += b.points;
        }
        ScoreSheet {
            stones,
            territory,
            bonuses,
            total,
        }
    }

    /// The colour with the higher total, or `None` on equal totals.
    pub fn leader(&self) -> Option<Colour> {
        let (b, w) = (self.total[Colour::Black], self.total[Colour::White]);
        if b > w {
            Some(Colour::Black)
        } else if w > b {
            Some(Colour::White)
        } else {
            None
        }
    }

    /// The winning margin (0 on a draw).
    pub fn margin(&self) -> f64 {
        (self.total[Colour::Black] - self.total[Colour::White]).abs()
    }
}

/// Where the button stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ButtonStatus {
    /// Who took it, if anyone has.
    pub holder: Option<Seat>,
    /// What it is worth, where that is known: `None` while it waits on a
    /// reverse komi, or where the board leaves no button to take.
    pub points: Option<f64>,
}
