//! The Scorer trait: the score of a board.

use crate::colour::ByColour;
use crate::rules::Component;
use crate::state::{ButtonStatus, GameState, ScoreSheet};

/// Decides the score of the board as it stands, with the marked dead strings
/// removed. The objective decides when the score decides the game.
pub trait Scorer: Component {
    /// The score of the game's board now.
    fn score(&self, state: &GameState) -> ScoreSheet;

    /// Where the score of this game is, from now on, the area count of the
    /// board (stones plus empty regions reaching only one colour, no
    /// string marked dead) plus points that no action of play can change
    /// any more, those points for each colour: the light playout board
    /// then scores without the generic flow. `None` unless an
    /// implementation says otherwise.
    fn fixed_bonuses(&self, state: &GameState) -> Option<ByColour<f64>> {
        let _ = state;
        None
    }

    /// The button, where this scorer has one (for front ends, which show
    /// who holds it and what it is worth); `None` without a button.
    fn button(&self, state: &GameState) -> Option<ButtonStatus> {
        let _ = state;
        None
    }
}
