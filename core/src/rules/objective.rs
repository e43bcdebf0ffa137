//! The Objective trait: how play ends and who wins.

use crate::analysis::LifeRule;
use crate::colour::Seat;
use crate::rules::Component;
use crate::rules::Rules;
use crate::rules::ctx::Ctx;
use crate::state::{EndReason, GameResult};

/// Decides when play stops and how the game is won. Through the shared
/// component hooks it sees every completed move ([`Component::on_move_end`])
/// and handles the actions of ending a game (the dead-string marks of an
/// agreement phase, ...); it allows or forbids resignation, which the core
/// plays.
///
/// [`Component::on_move_end`]: crate::rules::Component::on_move_end
pub trait Objective: Component {
    /// Whether a player may pass placement opportunities during play.
    fn passing_allowed(&self) -> bool;

    /// Whether a player may resign (the core plays resignation: the other
    /// seat wins at once). Allowed unless an implementation says otherwise.
    fn resignation_allowed(&self) -> bool {
        true
    }

    /// Whether play ends after two consecutive moves that pass, and only
    /// then or by resignation, with the higher score winning (equal scores
    /// a draw) once the players have accepted the marks as they stand,
    /// which they always may: the light playout board then plays it
    /// without the generic flow. `false` unless an implementation says
    /// otherwise.
    fn two_passes_then_score(&self) -> bool {
        false
    }

    /// Whether the score decides games of this objective (front ends show
    /// the score as it stands only then).
    fn uses_score(&self) -> bool {
        true
    }

    /// Whether pass-alive strings decide games of this objective (front
    /// ends then show them as play goes on, not only at the end).
    fn uses_pass_alive(&self) -> bool {
        false
    }

    /// The rule a pass-alive analysis of this game uses (for the objective
    /// itself and for front ends that show living strings). By default the
    /// ruleset's own (see [`Rules::life_rule`]).
    fn life_rule(&self, rules: &Rules) -> LifeRule {
        rules.life_rule()
    }

    /// The seat to act has no legal move at all. By default it loses (the
    /// rule of Mathematical Go and Kill-All Go; games that allow passing
    /// never get here).
    fn on_no_legal_move(&self, ctx: &mut Ctx<'_>, seat: Seat) {
        ctx.finish(GameResult::win(seat.other(), EndReason::NoLegalMove(seat)));
    }
}
