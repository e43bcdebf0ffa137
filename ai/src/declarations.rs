//! The declaration policy: the numbers a computer player declares when a
//! ruleset asks for one. These are choices between unequal players or of
//! a setup's size, which random playouts cannot weigh well, so they are
//! made by rule rather than by search.

use tengen_core::{Action, Choosing, Game};

/// The declaration a computer player makes among the `legal` actions, if
/// one of them is a component's action set by rule
/// ([`Choosing::ByRule`]): of the numbers offered, the one nearest the
/// declaration's target for the board (the smallest, on a tie). The
/// bundled components aim at:
///
/// - a handicap or a reverse komi: the smallest the rules allow, since the
///   computer does not know the strength of its opponent;
/// - batch sizes of a two-batch setup: the sizes the setup's authors
///   suggest, an eighth of the points for the first batch and a sixteenth
///   for the second (or the allowed value nearest to them).
///
/// When several are due at once, the first the ruleset declares is
/// made first.
pub fn default_declaration(game: &Game, legal: &[Action]) -> Option<Action> {
    let points = game.rules().geometry.point_count();
    game.rules().actions.iter().find_map(|&spec| {
        let Choosing::ByRule { target } = spec.choosing else {
            return None;
        };
        let target = i64::from(target(points));
        legal
            .iter()
            .filter_map(|&a| spec.number_of(a))
            .min_by_key(|&v| ((i64::from(v) - target).abs(), v))
            .map(|value| spec.number(value))
    })
}
