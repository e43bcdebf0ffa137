//! The pie setup: one player prepares, the other chooses a side.

use super::setup::{
    Cap, claim, claimed, fix_roles, fix_roles_and_begin, place_setup_stone, setup_points,
};
use schemars::JsonSchema;
use serde::Deserialize;
use tengen_core::game::{Ctx, GameState, Phase, Refusal};
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::rules::ComponentState;
use tengen_core::{Action, Component, ComponentKind, Opening, Role, Seat};

tengen_core::component! {
    /// The pie setup (the pie rule: one player prepares the position, the
    /// other chooses a side). Player 1 places from none up to the cap of
    /// Attacker stones (half the points, rounded down) in one move and ends
    /// it with `pass` (an empty setup is just `pass`; reaching the cap ends
    /// it too). Player 2 then either takes the Attacker side
    /// (`claim attacker`), and Player 1 defends and moves first, or takes
    /// the Defender side and places the first Defender stone in the same
    /// move (`claim defender, D4`), and the Attacker moves next.
    #[component(Opening, "pie", actions = [super::setup::CLAIM])]
    #[derive(Debug)]
    pub struct Pie {
        cap: usize,
    }
}

/// Parameters of [`Pie`].
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PieParams {
    /// The most stones Player 1 may place: `half` or `half-less-one`.
    pub cap: Cap,
}

/// Where the setup stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Player 1 places the setup.
    Prepare,
    /// Player 2 chooses a side.
    Choose,
}

impl FromParams for Pie {
    type Params = PieParams;

    fn from_params(p: PieParams, ctx: &BuildContext) -> Result<Pie, Vec<BuildProblem>> {
        let points = ctx.geometry.as_ref().map_or(0, |g| g.point_count());
        Ok(Pie {
            cap: p.cap.of(points),
        })
    }
}

impl Pie {
    fn stage(state: &GameState) -> Stage {
        state
            .component_state::<(Stage, usize)>(ComponentKind::Opening)
            .map_or(Stage::Prepare, |s| s.0)
    }
}

impl Component for Pie {
    /// Setup actions only.
    fn hooks(&self) -> tengen_core::rules::Hooks {
        tengen_core::rules::Hooks::NONE
    }

    fn initial_state(&self) -> Option<Box<dyn ComponentState>> {
        Some(Box::new((Stage::Prepare, 0usize)))
    }

    fn offer_actions(&self, state: &GameState, seat: Seat, out: &mut Vec<Action>) {
        if state.phase() != Phase::Opening || self.to_act(state) != Some(seat) {
            return;
        }
        match Pie::stage(state) {
            Stage::Prepare => {
                out.extend(setup_points(state.board()).map(Action::Place));
                out.push(Action::Pass);
            }
            Stage::Choose => out.extend([claim(Role::Attacker), claim(Role::Defender)]),
        }
    }

    fn handle_action(
        &self,
        ctx: &mut Ctx<'_>,
        seat: Seat,
        action: Action,
    ) -> Option<Result<(), Refusal>> {
        if ctx.state().phase() != Phase::Opening {
            return None;
        }
        Some(match (Pie::stage(ctx.state()), action, claimed(action)) {
            (Stage::Prepare, Action::Place(p), _) => place_setup_stone(ctx, seat, p).map(|()| {
                let state = ctx.my_state::<(Stage, usize)>();
                state.1 += 1;
                if state.1 >= self.cap {
                    state.0 = Stage::Choose;
                }
            }),
            (Stage::Prepare, Action::Pass | Action::PassMove, _) => {
                ctx.my_state::<(Stage, usize)>().0 = Stage::Choose;
                Ok(())
            }
            (Stage::Prepare, _, Some(_)) => Err(Refusal::rule(
                "prepare-first",
                "Player 1 prepares the setup (stones, then `pass`); Player 2 then chooses a side",
            )),
            (Stage::Choose, _, Some(Role::Attacker)) => {
                fix_roles_and_begin(ctx, seat);
                Ok(())
            }
            (Stage::Choose, _, Some(Role::Defender)) => {
                // The Defender takes the first placement, in this same move.
                fix_roles(ctx, seat.other());
                ctx.begin_play(seat);
                Ok(())
            }
            (Stage::Choose, Action::Place(_) | Action::Pass | Action::PassMove, _) => {
                Err(Refusal::rule(
                    "choose-a-side",
                    "choose a side first: `claim attacker`, or `claim defender` and then the first Defender stone",
                ))
            }
            _ => return None,
        })
    }
}

impl Opening for Pie {
    fn start(&self, _: &mut Ctx<'_>) -> Result<(), Refusal> {
        Ok(())
    }

    fn to_act(&self, state: &GameState) -> Option<Seat> {
        (state.phase() == Phase::Opening).then(|| match Pie::stage(state) {
            Stage::Prepare => Seat::One,
            Stage::Choose => Seat::Two,
        })
    }
}
