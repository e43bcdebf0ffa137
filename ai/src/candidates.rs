//! The actions a computer player considers: the legal actions, less those
//! no sensible player takes and those decided by a default policy rather
//! than searched.

use crate::declarations::default_declaration;
use tengen_core::{Action, Argument, Choosing, Game, Phase, Point, Seat};

/// Whether `point` is a one-point eye of `seat`'s colour, as the light
/// policy sees it ([`tengen_core::Board::is_eye_of`]: every neighbour is
/// one of its stones, and the opponent holds fewer than half of the
/// diagonal points). The light policy never fills one while it has
/// anything else to do, and neither does the search.
pub fn is_own_eye(game: &Game, seat: Seat, point: Point) -> bool {
    game.board().is_eye_of(point, game.state().colour_of(seat))
}

/// How the declaring component asks a computer player to choose `action`,
/// for a component's action.
pub(crate) fn choosing(action: Action) -> Option<Choosing> {
    action.spec().map(|spec| spec.choosing)
}

/// Whether `action` opens a run of actions within the move (a special
/// turn) or calls one off.
pub(crate) fn opens_run(action: Action) -> bool {
    matches!(choosing(action), Some(Choosing::OpensRun { .. }))
}

/// Whether `action` is a component's action set by rule (a handicap, a
/// reverse komi, batch sizes) rather than searched.
pub(crate) fn set_by_rule(action: Action) -> bool {
    matches!(choosing(action), Some(Choosing::ByRule { .. }))
}

/// Whether a legal action is one the search decides: marks and agreement
/// are settled by the agreement policy, actions their component sets by
/// rule by the declaration policy, and calling off a run of actions (a
/// special turn) only undoes what the search chose itself.
fn is_searched(action: Action) -> bool {
    match action {
        Action::Resign | Action::Mark(_) | Action::Unmark(_) | Action::Accept | Action::Resume => {
            false
        }
        Action::Component(c) => match c.spec.choosing {
            Choosing::Searched | Choosing::Weighed => true,
            Choosing::ByRule { .. } => false,
            Choosing::OpensRun { cancel } => c.argument != Argument::Number(cancel),
        },
        _ => true,
    }
}

/// The actions the search explores for `seat` in `game`, in `out`:
///
/// - every legal placement that does not fill `seat`'s own one-point eye
///   (eyes only when nothing else is possible, as where passing is
///   forbidden);
/// - passing (and passing the whole move when that differs from passing
///   once), and every component's action its declaration has searched or
///   weighed (taking the button, claims, payments, special turns);
/// - where the seat must take an action set by rule (declare a number),
///   the one default declaration.
///
/// Empty when the seat has nothing to decide by search (the game is over,
/// or an agreement phase is under way).
pub fn candidates(game: &Game, seat: Seat, out: &mut Vec<Action>) {
    out.clear();
    if matches!(game.state().phase(), Phase::Over | Phase::Agreement) {
        return;
    }
    let legal = game.legal_actions(seat);
    let mut eyes = Vec::new();
    let mut declarations = false;
    for &action in &legal {
        match action {
            Action::Place(p)
                if game.state().phase() == Phase::Play && is_own_eye(game, seat, p) =>
            {
                eyes.push(action)
            }
            Action::PassMove if game.opportunities_left() <= 1 => {}
            a if set_by_rule(a) => declarations = true,
            a if is_searched(a) => out.push(a),
            _ => {}
        }
    }
    if declarations && let Some(declaration) = default_declaration(game, &legal) {
        out.push(declaration);
    }
    if out.is_empty() {
        out.extend(eyes);
    }
    if out.is_empty() {
        // Nothing but what the search leaves alone (calling off a special
        // turn stuck part way, say): any legal action but resignation.
        out.extend(legal.iter().copied().filter(|&a| a != Action::Resign));
    }
}
