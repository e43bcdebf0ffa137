//! What every computer player offers: an action for a seat.

use tengen_core::{Action, Game, Seat, ToAct};

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

/// Whether `seat` has something to decide in `game`: the game is not over,
/// and it is the seat's turn (or either seat may act, as in an agreement
/// phase).
pub fn may_act(game: &Game, seat: Seat) -> bool {
    match game.to_act() {
        ToAct::Nobody => false,
        ToAct::Seat(s) => s == seat,
        ToAct::Either => true,
    }
}

/// The seat a driver of two computer players should ask next: the seat to
/// act, or, where either may act (an agreement phase), the first that has
/// not accepted yet; `None` once the game is over.
pub fn next_actor(game: &Game) -> Option<Seat> {
    match game.to_act() {
        ToAct::Nobody => None,
        ToAct::Seat(seat) => Some(seat),
        ToAct::Either => Some(
            Seat::BOTH
                .into_iter()
                .find(|&s| !game.state().accepted()[s])
                .unwrap_or(Seat::One),
        ),
    }
}
