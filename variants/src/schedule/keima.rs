//! Two stones a move, the second a knight's move from the first (Keima Go).

use schemars::JsonSchema;
use serde::Deserialize;
use tengen_core::game::{GameState, Phase, Refusal};
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::rules::{Fact, Hooks, Slot};
use tengen_core::{Action, Component, Geometry, Point, Schedule, Seat};

tengen_core::component! {
    /// Every move places two stones of the mover's colour, and the second
    /// must stand a knight's move (a keima) from the first: on a square
    /// grid, one line across and two along, as a knight moves in chess.
    /// On any board the knight's moves of a point are the diagonal points
    /// of its neighbours that are neither the point, nor its neighbours,
    /// nor its own diagonal points, so the rule carries to every topology.
    /// The two placements resolve one after the other, each by the
    /// resolver (the first may capture stones and free the point the
    /// second is played on).
    ///
    /// A move is passed whole or not at all (refusal code `half-pass`):
    /// `pass-move` passes both placements, and after a `pass` of the
    /// first only a pass of the second may follow; once the first stone
    /// is down, the move can only be completed by a second stone. A first
    /// placement after which no second stone is legal is therefore
    /// refused (the core's completion rule, `no-completion`).
    ///
    /// With `first-move = 1`, the first move of the game places one stone
    /// only (six-in-a-row's opening rule, suggested for Keima Go to even
    /// the game without komi); every later move places two.
    #[component(Schedule, "keima")]
    #[derive(Debug)]
    pub struct Keima {
        first_move: u8,
    }
}

/// Parameters of [`Keima`].
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct KeimaParams {
    /// Stones in the first move of the game: 2 (as every move) or 1.
    #[serde(default = "two")]
    #[schemars(range(min = 1, max = 2))]
    pub first_move: u8,
}

fn two() -> u8 {
    2
}

impl FromParams for Keima {
    type Params = KeimaParams;

    fn from_params(p: KeimaParams, _: &BuildContext) -> Result<Keima, Vec<BuildProblem>> {
        if !(1..=2).contains(&p.first_move) {
            return Err(vec![BuildProblem::at(
                "first-move",
                format!(
                    "a first move of {} stones is not offered: 2, or 1",
                    p.first_move
                ),
            )]);
        }
        Ok(Keima {
            first_move: p.first_move,
        })
    }
}

/// Whether `q` is a knight's move from `p`: a diagonal point of a
/// neighbour of `p` that is not `p`, a neighbour of `p` or a diagonal
/// point of `p`.
pub fn is_knights_move(geometry: &Geometry, p: Point, q: Point) -> bool {
    q != p
        && !geometry.are_neighbours(p, q)
        && !geometry.diagonals(p).contains(&q)
        && geometry
            .neighbours(p)
            .iter()
            .any(|&n| geometry.diagonals(n).contains(&q))
}

impl Keima {
    /// The first stone of the move in progress, once it is down.
    fn first_stone(state: &GameState) -> Option<Point> {
        (state.phase() == Phase::Play)
            .then(|| state.placed_this_move().first().copied())
            .flatten()
    }

    /// Why `action` breaks the keima, if it does.
    fn fault(state: &GameState, action: Action) -> Option<Fault> {
        if state.phase() != Phase::Play {
            return None;
        }
        let first = Keima::first_stone(state);
        let passed = state.current_move().passed > 0;
        match (action, first) {
            (Action::Place(q), Some(p)) if !is_knights_move(state.board().geometry(), p, q) => {
                Some(Fault::NotAKnightsMove(p, q))
            }
            (Action::Place(_), None) if passed => Some(Fault::PlaceAfterPass),
            (Action::Pass | Action::PassMove, Some(p)) => Some(Fault::PassAfterStone(p)),
            _ => None,
        }
    }
}

/// A broken keima.
enum Fault {
    /// The second stone (second point) is not a knight's move from the
    /// first (first point).
    NotAKnightsMove(Point, Point),
    /// A pass after the first stone (its point).
    PassAfterStone(Point),
    /// A stone after a pass in the same move.
    PlaceAfterPass,
}

impl Component for Keima {
    /// The second stone's place and the whole-move pass are vetoes.
    fn hooks(&self) -> Hooks {
        Hooks::CHECK_ACTION
    }

    fn check_action(&self, state: &GameState, _: Seat, action: Action) -> Result<(), Refusal> {
        let Some(fault) = Keima::fault(state, action) else {
            return Ok(());
        };
        let geometry = state.board().geometry();
        Err(match fault {
            Fault::NotAKnightsMove(p, q) => Refusal::rule(
                "not-a-keima",
                format!(
                    "{} is not a knight's move from {}: the second stone of a move goes one line across and two along from the first",
                    geometry.label(q),
                    geometry.label(p)
                ),
            ),
            Fault::PassAfterStone(p) => Refusal::rule(
                "half-pass",
                format!(
                    "a move is passed whole or not at all: after {} the move needs its second stone, a knight's move away",
                    geometry.label(p)
                ),
            ),
            Fault::PlaceAfterPass => Refusal::rule(
                "half-pass",
                "a move is passed whole or not at all: this move has passed, so pass its other placement too",
            ),
        })
    }

    fn admits_action(&self, state: &GameState, _: Seat, action: Action) -> bool {
        Keima::fault(state, action).is_none()
    }

    /// After the first stone only a knight's move finishes the move.
    fn constrains_completion(&self) -> bool {
        true
    }

    fn facts(&self, state: &GameState, out: &mut Vec<Fact>) {
        if let Some(p) = Keima::first_stone(state) {
            let geometry = state.board().geometry();
            let mut points: Vec<String> = geometry
                .points()
                .filter(|&q| is_knights_move(geometry, p, q))
                .map(|q| geometry.name(q))
                .collect();
            points.sort();
            out.push(Fact {
                label: "second stone".into(),
                value: format!(
                    "a knight's move from {}: {}",
                    geometry.label(p),
                    points.join(", ")
                ),
            });
        }
    }
}

impl Schedule for Keima {
    /// Two opportunities a move (`AABBAABB...`), or, with a one-stone
    /// first move, `ABBAABBAA...`.
    #[inline]
    fn slot(&self, k: u64) -> Slot {
        let k = k + 2 - u64::from(self.first_move);
        if (k / 2).is_multiple_of(2) {
            Slot::A
        } else {
            Slot::B
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letters(keima: &Keima) -> String {
        (0..9)
            .map(|k| if keima.slot(k) == Slot::A { 'A' } else { 'B' })
            .collect()
    }

    #[test]
    fn every_move_has_two_placements_or_the_first_one() {
        assert_eq!(letters(&Keima { first_move: 2 }), "AABBAABBA");
        assert_eq!(letters(&Keima { first_move: 1 }), "ABBAABBAA");
    }

    #[test]
    fn a_knights_move_is_one_across_and_two_along_on_the_square_grid() {
        let links = Geometry::grid_links(9, 9);
        let g = Geometry::from_links(9, 9, links).unwrap();
        let e5 = g.parse_point("E5").unwrap();
        let mut names: Vec<String> = g
            .points()
            .filter(|&q| is_knights_move(&g, e5, q))
            .map(|q| g.name(q))
            .collect();
        names.sort();
        assert_eq!(names, ["C4", "C6", "D3", "D7", "F3", "F7", "G4", "G6"]);
        // In the corner only two remain.
        let a1 = g.parse_point("A1").unwrap();
        let corner: Vec<String> = g
            .points()
            .filter(|&q| is_knights_move(&g, a1, q))
            .map(|q| g.name(q))
            .collect();
        assert_eq!(corner.len(), 2, "{corner:?}");
    }
}
