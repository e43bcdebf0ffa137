//! The Objective trait: how play ends and who wins.

use crate::colour::Seat;
use crate::game::{Ctx, EndReason, GameResult};
use crate::rules::Component;

/// Decides when play stops and how the game is won. Through the shared
/// component hooks it sees every completed move ([`Component::on_move_end`])
/// and handles the actions of ending a game (resignation, the dead-string
/// marks of an agreement phase, ...).
///
/// [`Component::on_move_end`]: crate::rules::Component::on_move_end
pub trait Objective: Component {
    /// Whether a player may pass placement opportunities during play.
    fn passing_allowed(&self) -> bool;

    /// The seat to act has no legal move at all. By default it loses (the
    /// rule of Mathematical Go and Kill-All Go; games that allow passing
    /// never get here).
    fn on_no_legal_move(&self, ctx: &mut Ctx<'_>, seat: Seat) {
        ctx.finish(GameResult::win(seat.other(), EndReason::NoLegalMove(seat)));
    }
}
