//! What every computer player offers: an action for a seat.

use tengen_core::{Action, Game, Seat};

/// A computer player's choice.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Choice {
    /// The action to take.
    pub action: Action,
    /// The player's estimate of its chance to win after it (from 0 to 1),
    /// where it has one.
    pub win_rate: Option<f64>,
    /// The playouts the choice rests on (0 for a choice made by rule).
    pub playouts: u64,
}

/// A computer player.
pub trait Player {
    /// A short description, e.g. `mcts 2000 playouts`.
    fn name(&self) -> String;

    /// The action `seat` should take in `game`, or `None` when `seat` has
    /// nothing to do (the game is over, or it is not its turn).
    fn choose(&mut self, game: &Game, seat: Seat) -> Option<Choice>;
}
