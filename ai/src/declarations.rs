//! The declaration policy: the numbers a computer player declares when a
//! ruleset asks for one. These are choices between unequal players or of
//! a setup's size, which random playouts cannot weigh well, so they are
//! made by rule rather than by search.

use tengen_core::{Action, Declaration, DeclarationKind, Game};

/// The declaration a computer player makes among the `legal` actions, if
/// any declares a number (special turns apart, which the search weighs):
///
/// - a handicap or a reverse komi: the smallest the rules allow, since the
///   computer does not know the strength of its opponent;
/// - batch sizes of a two-batch setup: the sizes the setup's authors
///   suggest, an eighth of the points for the first batch and a sixteenth
///   for the second (or the allowed value nearest to them).
///
/// When several kinds are due at once, the first in notation order is
/// declared first.
pub fn default_declaration(game: &Game, legal: &[Action]) -> Option<Action> {
    let points = game.rules().geometry.point_count() as i64;
    DeclarationKind::ALL
        .into_iter()
        .filter(|&kind| kind != DeclarationKind::SpecialTurn)
        .find_map(|kind| {
            let values = legal.iter().filter_map(|a| match a {
                Action::Declare(d) if d.kind == kind => Some(d.value),
                _ => None,
            });
            let target = match kind {
                DeclarationKind::BatchA => (points / 8).max(1),
                DeclarationKind::BatchB => (points / 16).max(1),
                _ => 0,
            };
            values
                .min_by_key(|&v| ((i64::from(v) - target).abs(), v))
                .map(|value| Action::Declare(Declaration { kind, value }))
        })
}
