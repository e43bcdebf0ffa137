//! Pieboxing: alternate setup stones until someone claims the Attacker side.

use super::setup::{
    Cap, claim, claimed, fix_roles_and_begin, is_setup_point, no_pass_here, place_setup_stone,
    setup_points, sure_setup_point,
};
use schemars::JsonSchema;
use serde::Deserialize;
use tengen_core::game::{Ctx, GameState, Phase, Refusal};
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::rules::ComponentState;
use tengen_core::{Action, Component, ComponentKind, Opening, Point, Role, Seat};

tengen_core::component! {
    /// Pieboxing (devised by MXHero): starting with Player 1, the players
    /// take turns; on each turn a player either places one Attacker stone
    /// on an empty point (`D4`) or claims the Attacker side
    /// (`claim attacker`), and the other player becomes the Defender. Every
    /// setup stone belongs to the eventual Attacker, whoever placed it;
    /// setup stones never capture. Claiming needs no stone first.
    ///
    /// The setup holds at most `cap` stones (`half`: half the points,
    /// rounded down, as in Kill-All Go; `half-less-one`: half of one less,
    /// as in Thue-Morse Go's Kill-All); at the cap the player to move must
    /// claim. Then play begins from the start of the placement sequence,
    /// the Defender taking the first placement. Every position after a
    /// setup stone counts for the repetition rule.
    #[component(Opening, "pieboxing", actions = [super::setup::CLAIM])]
    #[derive(Debug)]
    pub struct Pieboxing {
        cap: usize,
    }
}

/// Parameters of [`Pieboxing`].
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PieboxingParams {
    /// The most setup stones: `half` (half the points, rounded down) or
    /// `half-less-one` (half of one less than the points).
    pub cap: Cap,
}

impl FromParams for Pieboxing {
    type Params = PieboxingParams;

    fn from_params(p: PieboxingParams, ctx: &BuildContext) -> Result<Pieboxing, Vec<BuildProblem>> {
        let points = ctx.geometry.as_ref().map_or(0, |g| g.point_count());
        Ok(Pieboxing {
            cap: p.cap.of(points),
        })
    }
}

/// Setup stones placed so far (stones of a given starting position do not
/// count).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Placed(pub(crate) usize);

/// Whose turn it is in the alternating part, which `first` began: each
/// turn adds a stone, until a claim ends the part.
pub(crate) fn alternating_turn(placed: usize, first: Seat) -> Seat {
    if placed.is_multiple_of(2) {
        first
    } else {
        first.other()
    }
}

/// One turn of the alternating part, shared by both versions: `None` when
/// the action is none of Pieboxing's, `Some(Ok(Some(attacker)))` when a
/// side was claimed, `Some(Ok(None))` after a setup stone.
pub(crate) fn alternating_action(
    ctx: &mut Ctx<'_>,
    cap: usize,
    placed: usize,
    seat: Seat,
    action: Action,
) -> Option<Result<Option<Seat>, Refusal>> {
    Some(match action {
        _ if claimed(action) == Some(Role::Attacker) => Ok(Some(seat)),
        _ if claimed(action) == Some(Role::Defender) => Err(Refusal::rule(
            "claim-attacker",
            "in Pieboxing a player claims the Attacker side (`claim attacker`); the other player defends",
        )),
        Action::Place(_) if placed >= cap => Err(Refusal::rule(
            "cap-reached",
            format!("the setup holds its {cap} stones: claim the Attacker side (`claim attacker`)"),
        )),
        Action::Place(p) => place_setup_stone(ctx, seat, p).map(|()| None),
        Action::Pass | Action::PassMove if placed >= cap => Err(no_pass_here(
            "the setup is full, so claim the Attacker side (`claim attacker`)",
        )),
        Action::Pass | Action::PassMove => Err(no_pass_here(
            "place an Attacker stone or claim the Attacker side",
        )),
        _ => return None,
    })
}

/// The actions of the alternating part.
pub(crate) fn alternating_offers(
    state: &GameState,
    cap: usize,
    placed: usize,
    out: &mut Vec<Action>,
) {
    if placed < cap {
        let board = state.board();
        out.reserve(board.empty_list().len() + 1);
        for p in setup_points(board) {
            out.push(Action::Place(p));
        }
    }
    out.push(claim(Role::Attacker));
}

/// [`alternating_offers`] handed to `take` one at a time, until it takes
/// one (see [`Component::offer_until`]).
pub(crate) fn alternating_offers_until(
    state: &GameState,
    cap: usize,
    placed: usize,
    take: &mut dyn FnMut(Action) -> bool,
) -> bool {
    (placed < cap && setup_points(state.board()).any(|p| take(Action::Place(p))))
        || take(claim(Role::Attacker))
}

/// The slots of the alternating part's offers (see
/// [`Component::offer_slots`]): one for each point of the board, holding a
/// setup stone there where one may go, and the last for the claim.
pub(crate) fn alternating_slots(state: &GameState) -> usize {
    state.board().geometry().point_count() + 1
}

/// The offer in slot `slot` of [`alternating_slots`].
pub(crate) fn alternating_offer_in_slot(
    state: &GameState,
    cap: usize,
    placed: usize,
    slot: usize,
) -> Option<Action> {
    let board = state.board();
    let points = board.geometry().point_count();
    if slot == points {
        return Some(claim(Role::Attacker));
    }
    let p = Point::new(slot);
    (slot < points && placed < cap && board.is_empty(p) && is_setup_point(board, p))
        .then_some(Action::Place(p))
}

/// The alternating part's offer that surely goes through (see
/// [`Component::vouched_offer`]): a setup stone with an empty neighbour,
/// while the cap allows one (a claim would begin play).
pub(crate) fn alternating_vouched_offer(
    state: &GameState,
    cap: usize,
    placed: usize,
) -> Option<Action> {
    if placed >= cap {
        return None;
    }
    sure_setup_point(state.board()).map(Action::Place)
}

impl Pieboxing {
    /// Whether it is `seat`'s turn in the setup.
    fn is_turn_of(&self, state: &GameState, seat: Seat) -> bool {
        state.phase() == Phase::Opening && self.to_act(state) == Some(seat)
    }

    fn placed(state: &GameState) -> usize {
        state
            .component_state::<Placed>(ComponentKind::Opening)
            .map_or(0, |p| p.0)
    }
}

impl Component for Pieboxing {
    /// Setup actions only.
    fn hooks(&self) -> tengen_core::rules::Hooks {
        tengen_core::rules::Hooks::NONE
    }

    fn initial_state(&self) -> Option<Box<dyn ComponentState>> {
        Some(Box::new(Placed(0)))
    }

    fn offer_actions(&self, state: &GameState, seat: Seat, out: &mut Vec<Action>) {
        if self.is_turn_of(state, seat) {
            alternating_offers(state, self.cap, Pieboxing::placed(state), out);
        }
    }

    fn offer_until(
        &self,
        state: &GameState,
        seat: Seat,
        take: &mut dyn FnMut(Action) -> bool,
    ) -> bool {
        self.is_turn_of(state, seat)
            && alternating_offers_until(state, self.cap, Pieboxing::placed(state), take)
    }

    fn offer_slots(&self, state: &GameState, seat: Seat) -> Option<usize> {
        Some(if self.is_turn_of(state, seat) {
            alternating_slots(state)
        } else {
            0
        })
    }

    fn offer_in_slot(&self, state: &GameState, seat: Seat, slot: usize) -> Option<Action> {
        self.is_turn_of(state, seat)
            .then(|| alternating_offer_in_slot(state, self.cap, Pieboxing::placed(state), slot))
            .flatten()
    }

    fn vouched_offer(&self, state: &GameState, seat: Seat) -> Option<Action> {
        self.is_turn_of(state, seat)
            .then(|| alternating_vouched_offer(state, self.cap, Pieboxing::placed(state)))
            .flatten()
    }

    /// A setup stone never begins play (only the claim does).
    fn handles_in_place(&self, state: &GameState, _: Seat, action: Action) -> bool {
        state.phase() == Phase::Opening && matches!(action, Action::Place(_))
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
        let placed = Pieboxing::placed(ctx.state());
        Some(
            match alternating_action(ctx, self.cap, placed, seat, action)? {
                Ok(Some(attacker)) => {
                    fix_roles_and_begin(ctx, attacker);
                    Ok(())
                }
                Ok(None) => {
                    ctx.my_state::<Placed>().0 += 1;
                    Ok(())
                }
                Err(e) => Err(e),
            },
        )
    }
}

impl Opening for Pieboxing {
    fn start(&self, _: &mut Ctx<'_>) -> Result<(), Refusal> {
        Ok(())
    }

    fn to_act(&self, state: &GameState) -> Option<Seat> {
        (state.phase() == Phase::Opening)
            .then(|| alternating_turn(Pieboxing::placed(state), Seat::One))
    }
}
