//! Handicap passes: the stronger player gives away placements.

use crate::scoring::button::handicap_unit;
use tengen_core::game::{Ctx, GameState, Phase, Refusal};
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::rules::ComponentState;
use tengen_core::{
    Action, ActionSpec, ArgumentKind, Choosing, Component, Declaration, Opening, Seat, Seats,
};

/// The stronger player's declaration of a handicap (handicap passes, or
/// Pieboxing's extra Attacker stones).
pub(crate) static DECLARE_HANDICAP: ActionSpec = ActionSpec {
    name: "declare-handicap",
    words: "declare handicap",
    argument: ArgumentKind::Number {
        field: "value",
        min: 0,
        max: u32::MAX,
    },
    label: "Declare the handicap",
    summary: "Declare the handicap the rules ask for: the placements given away, or the extra stones owed.",
    described: "declaring the handicap",
    uses_opportunity: false,
    phases: &[Phase::Opening, Phase::Play],
    seats: Seats::ToAct,
    // The computer does not know its opponent's strength: it declares
    // the smallest handicap allowed.
    choosing: Choosing::ByRule { target: |_| 0 },
};

tengen_core::component! {
    /// Handicap passes, for players of unequal strength: Player 1 (the
    /// weaker player) moves first as usual; at the start of their first
    /// move, before any placement, Player 2 (the stronger player) declares
    /// a number h from 1 to H (`declare handicap 3`), where H is the number
    /// of points over 25 rounded to the nearest whole number (5, 10, 14 and
    /// 21 on 11x11, 16x16, 19x19 and 23x23), and gives up the next h of
    /// their placement opportunities.
    ///
    /// The declaration itself uses the first of the h opportunities; it is
    /// not a pass on top of them. With h = 1, Player 2 still plays the
    /// second placement of a double first move. With h >= 2 the whole first
    /// move is given away, and the rest of the passes are served
    /// automatically at the start of Player 2's later moves. The placement
    /// sequence runs on throughout. Served passes are not voluntary: they
    /// never count towards ending the game, and a move made only of served
    /// passes is no reply in the ending protocol. When another declaration
    /// is also due (a reverse komi), both come first, in either order, and
    /// the first move is not given away before both are made. A game with
    /// handicap passes is unrated.
    #[component(Opening, "handicap-passes", actions = [DECLARE_HANDICAP])]
    #[derive(Debug)]
    pub struct HandicapPasses {
        most: u32,
    }
}

/// The private data: the declared handicap and the passes still to serve.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandicapState {
    /// The handicap Player 2 declared.
    pub declared: Option<u32>,
    /// Passes still to serve.
    pub to_serve: u32,
}

impl FromParams for HandicapPasses {
    type Params = crate::NoParams;

    fn from_params(
        _: crate::NoParams,
        ctx: &BuildContext,
    ) -> Result<HandicapPasses, Vec<BuildProblem>> {
        let points = ctx.geometry.as_ref().map_or(0, |g| g.point_count());
        Ok(HandicapPasses {
            most: handicap_unit(points).max(1),
        })
    }
}

impl HandicapPasses {
    fn state(state: &GameState) -> HandicapState {
        state
            .component_state::<HandicapState>(tengen_core::ComponentKind::Opening)
            .cloned()
            .unwrap_or_default()
    }

    fn due(state: &GameState, seat: Seat) -> bool {
        seat == Seat::Two
            && state.phase() == Phase::Play
            && state.current_move().seat == Seat::Two
            && HandicapPasses::state(state).declared.is_none()
    }

    /// Serves as many owed passes as the move has opportunities, once no
    /// declaration is due from the mover.
    fn serve(ctx: &mut Ctx<'_>) {
        let state = ctx.state();
        if state.phase() != Phase::Play || state.current_move().seat != Seat::Two {
            return;
        }
        let owed = HandicapPasses::state(state).to_serve;
        let declarations_due = ctx
            .rules()
            .components()
            .iter()
            .any(|(_, c)| c.required_declaration(state, Seat::Two).is_some());
        if owed == 0 || declarations_due {
            return;
        }
        let serve = u64::from(owed).min(ctx.opportunities_left()) as u32;
        ctx.my_state::<HandicapState>().to_serve -= serve;
        for _ in 0..serve {
            ctx.spend_opportunity_automatically();
        }
    }
}

impl Component for HandicapPasses {
    /// The handicap declaration comes first; served passes are spent at the start of moves and after actions.
    fn hooks(&self) -> tengen_core::rules::Hooks {
        tengen_core::rules::Hooks::CHECK_ACTION
            | tengen_core::rules::Hooks::MOVE_START
            | tengen_core::rules::Hooks::AFTER_ACTION
    }

    fn initial_state(&self) -> Option<Box<dyn ComponentState>> {
        Some(Box::new(HandicapState::default()))
    }

    fn offer_actions(&self, state: &GameState, seat: Seat, out: &mut Vec<Action>) {
        if HandicapPasses::due(state, seat) {
            out.extend((1..=self.most).map(|h| DECLARE_HANDICAP.number(h)));
        }
    }

    fn handle_action(
        &self,
        ctx: &mut Ctx<'_>,
        seat: Seat,
        action: Action,
    ) -> Option<Result<(), Refusal>> {
        let h = DECLARE_HANDICAP.number_of(action)?;
        if ctx.state().phase() != Phase::Play {
            return None;
        }
        if !HandicapPasses::due(ctx.state(), seat) {
            return Some(Err(Refusal::rule(
                "not-due",
                "only Player 2 declares the handicap, once, at the start of their first move",
            )));
        }
        if !(1..=self.most).contains(&h) {
            return Some(Err(Refusal::rule(
                "out-of-range",
                format!(
                    "a handicap of {h} is not allowed: declare from 1 to {}",
                    self.most
                ),
            )));
        }
        ctx.declare(
            seat,
            Declaration {
                action: &DECLARE_HANDICAP,
                value: h,
            },
        );
        *ctx.my_state::<HandicapState>() = HandicapState {
            declared: Some(h),
            to_serve: h - 1,
        };
        // The declaration uses the first of the h opportunities.
        ctx.spend_opportunity_automatically();
        Some(Ok(()))
    }

    fn after_action(&self, ctx: &mut Ctx<'_>, _: Seat, _: Action) {
        HandicapPasses::serve(ctx);
    }

    fn on_move_start(&self, ctx: &mut Ctx<'_>) {
        HandicapPasses::serve(ctx);
    }

    fn required_declaration(&self, state: &GameState, seat: Seat) -> Option<&'static ActionSpec> {
        HandicapPasses::due(state, seat).then_some(&DECLARE_HANDICAP)
    }

    fn check_action(&self, state: &GameState, seat: Seat, action: Action) -> Result<(), Refusal> {
        if action.uses_opportunity() && HandicapPasses::due(state, seat) {
            return Err(Refusal::rule(
                "declare-first",
                format!(
                    "declare the handicap first: `declare handicap H`, H from 1 to {}",
                    self.most
                ),
            ));
        }
        Ok(())
    }

    fn facts(&self, state: &GameState, out: &mut Vec<tengen_core::rules::Fact>) {
        let s = HandicapPasses::state(state);
        out.push(tengen_core::rules::Fact {
            label: "handicap".into(),
            value: match s.declared {
                None => format!("Player 2 declares 1 to {} passes at the start of their first move (unrated game)", self.most),
                Some(h) => format!(
                    "{h} {} given by Player 2, {} still to serve (unrated game)",
                    if h == 1 { "pass" } else { "passes" },
                    s.to_serve
                ),
            },
        });
    }
}

impl Opening for HandicapPasses {
    fn start(&self, ctx: &mut Ctx<'_>) -> Result<(), Refusal> {
        ctx.begin_play(Seat::One);
        Ok(())
    }

    fn handicap(&self, state: &GameState) -> Option<u32> {
        state.declared(&DECLARE_HANDICAP).map(|(_, h)| h)
    }
}
