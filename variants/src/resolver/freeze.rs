//! After a move that puts an opposing string in atari, the opponent's next
//! move may not capture (Freeze Go).

use crate::resolver::per_placement::{PerPlacement, Suicide};
use tengen_core::game::{Ctx, GameState, Refusal};
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::rules::ComponentState;
use tengen_core::rules::{Fact, Hooks, PlacementPlan, Removals};
use tengen_core::{Action, Board, Colour, Component, ComponentKind, Point, Resolver, Seat};

tengen_core::component! {
    /// Captures as in Go (each placement removes the opposing strings it
    /// leaves without liberties; suicide is refused), with one more rule:
    /// a move that puts an opposing string in atari freezes the board for
    /// the opponent's next move, which may not capture anything.
    ///
    /// A move puts a string in atari when, at the end of the move, a stone
    /// it placed is next to an opposing string with exactly one liberty
    /// (the stone took the string's second-last liberty). The freeze is
    /// judged once, when the frozen player's move begins, and lasts that
    /// whole move: every placement of it that would remove an opposing
    /// string is refused (code `frozen`), whichever string it is, even one
    /// the atari did not touch. A move that passes, or places without
    /// threatening anything, freezes nothing, and a freeze never outlives
    /// the move it applies to: the threatened string may be captured on
    /// the move after, unless the frozen player's own move put a string of
    /// the threatening player in atari in turn.
    #[component(Resolver, "freeze")]
    #[derive(Debug)]
    pub struct Freeze {
        captures: PerPlacement,
    }
}

impl FromParams for Freeze {
    type Params = crate::NoParams;

    fn from_params(_: crate::NoParams, _: &BuildContext) -> Result<Freeze, Vec<BuildProblem>> {
        Ok(Freeze {
            captures: PerPlacement::new(Suicide::Refused),
        })
    }
}

/// Whether the move in progress is frozen (may not capture): judged when
/// the move begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Frozen(bool);

impl Freeze {
    /// Whether the last completed move put a string of `seat` in atari: a
    /// stone of the other seat it placed, still on the board, is next to
    /// a string of `seat`'s colour with one liberty.
    fn threatened(state: &GameState, seat: Seat) -> bool {
        let Some((mover, placed)) = state.last_move() else {
            return false;
        };
        if mover == seat {
            return false;
        }
        let board = state.board();
        let (threat, target) = (state.colour_of(mover), state.colour_of(seat));
        placed.iter().any(|&stone| {
            board.get(stone) == Some(threat)
                && board
                    .geometry()
                    .neighbours(stone)
                    .iter()
                    .any(|&n| board.get(n) == Some(target) && board.in_atari(n))
        })
    }

    fn frozen(state: &GameState) -> bool {
        state
            .component_state::<Frozen>(ComponentKind::Resolver)
            .is_some_and(|f| f.0)
    }

    /// Whether a placement of `colour` on the empty `point` would capture.
    fn captures(board: &Board, colour: Colour, point: Point) -> bool {
        board.is_empty(point) && board.probe(point, colour).captures_any()
    }
}

impl Component for Freeze {
    /// The freeze is judged as a move begins and vetoes captures.
    fn hooks(&self) -> Hooks {
        Hooks::MOVE_START | Hooks::CHECK_ACTION
    }

    fn initial_state(&self) -> Option<Box<dyn ComponentState>> {
        Some(Box::new(Frozen(false)))
    }

    fn on_move_start(&self, ctx: &mut Ctx<'_>) {
        let seat = ctx.state().current_move().seat;
        let frozen = Freeze::threatened(ctx.state(), seat);
        *ctx.my_state::<Frozen>() = Frozen(frozen);
    }

    fn check_action(&self, state: &GameState, seat: Seat, action: Action) -> Result<(), Refusal> {
        if let Action::Place(point) = action
            && Freeze::frozen(state)
            && Freeze::captures(state.board(), state.colour_of(seat), point)
        {
            let label = state.board().geometry().label(point);
            return Err(Refusal::rule(
                "frozen",
                format!(
                    "{label} would capture, and the board is frozen: your opponent's last move put your stones in atari, so this move may not capture"
                ),
            ));
        }
        Ok(())
    }

    fn admits_action(&self, state: &GameState, seat: Seat, action: Action) -> bool {
        match action {
            Action::Place(point) => {
                !Freeze::frozen(state)
                    || !Freeze::captures(state.board(), state.colour_of(seat), point)
            }
            _ => true,
        }
    }

    fn facts(&self, state: &GameState, out: &mut Vec<Fact>) {
        if Freeze::frozen(state) {
            out.push(Fact {
                label: "frozen".into(),
                value: format!(
                    "{} may not capture this move (their stones were put in atari)",
                    state.current_move().seat
                ),
            });
        }
    }
}

impl Resolver for Freeze {
    fn allows_self_capture(&self) -> bool {
        false
    }

    fn captures_each_placement(&self) -> bool {
        true
    }

    fn plan(&self, board: &Board, colour: Colour, point: Point) -> Result<PlacementPlan, Refusal> {
        self.captures.plan(board, colour, point)
    }

    #[inline]
    fn admits(&self, board: &Board, colour: Colour, point: Point) -> Option<PlacementPlan> {
        self.captures.admits(board, colour, point)
    }

    fn commit(
        &self,
        board: &mut Board,
        colour: Colour,
        point: Point,
        plan: &PlacementPlan,
        removals: &mut Removals,
    ) {
        self.captures.commit(board, colour, point, plan, removals);
    }
}
