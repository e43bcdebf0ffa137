//! The Opening trait: what happens before ordinary play.

use crate::colour::Seat;
use crate::rules::Component;
use crate::rules::ctx::Ctx;
use crate::state::{GameState, Refusal};

/// Decides what happens before ordinary play: stones set up in advance,
/// which seat takes which letter of the schedule and which colour, and any
/// opening phase of setup actions and role claims.
///
/// [`Opening::start`] runs when a game is created. It either begins play at
/// once (with [`Ctx::begin_play`]) or leaves the game in the opening phase,
/// where [`Opening::to_act`] says who acts and the opening handles the
/// actions through [`Component::handle_action`] until it begins play.
///
/// [`Component::handle_action`]: crate::rules::Component::handle_action
pub trait Opening: Component {
    /// Sets up the game. Refused when the opening cannot be carried out on
    /// the starting position (e.g. a setup point is already occupied).
    fn start(&self, ctx: &mut Ctx<'_>) -> Result<(), Refusal>;

    /// During the opening phase, the seat that acts.
    fn to_act(&self, state: &GameState) -> Option<Seat> {
        let _ = state;
        None
    }

    /// The handicap the game is played with, for records (SGF's `HA`):
    /// the handicap stones set up, or the handicap declared, once known.
    fn handicap(&self, state: &GameState) -> Option<u32> {
        let _ = state;
        None
    }
}
