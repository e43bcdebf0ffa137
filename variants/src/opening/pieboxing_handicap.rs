//! Pieboxing with a handicap for the weaker player.

use super::handicap_passes::DECLARE_HANDICAP;
use super::pieboxing::{
    Placed, alternating_action, alternating_offer_in_slot, alternating_offers,
    alternating_offers_until, alternating_slots, alternating_turn, alternating_vouched_offer,
};
use super::setup::{CLAIM, claimed};
use super::setup::{
    Cap, fix_roles, fix_roles_and_begin, no_pass_here, place_setup_stone, setup_points,
};
use crate::scoring::button::handicap_unit;
use schemars::JsonSchema;
use serde::Deserialize;
use tengen_core::game::{Ctx, GameState, Phase, Refusal};
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::rules::ComponentState;
use tengen_core::{Action, Component, ComponentKind, Declaration, Opening, Seat};

tengen_core::component! {
    /// Pieboxing with a handicap (devised by MXHero), for players of unequal
    /// strength. First Player 1, the stronger player, declares a number h of
    /// extra Attacker stones (`declare handicap 6`) from 1 to the limit
    /// (`half`: half the points, rounded down, as in Kill-All Go, where the
    /// usual choices go up to 6, 14 and 28; `twice-unit`: twice the points
    /// over 25 rounded, 10, 20, 28 and 42 on 11x11 to 23x23, as in
    /// Thue-Morse Go). Then Pieboxing is played, Player 2 (the weaker
    /// player) taking the first turn. If Player 2 claims the Attacker side,
    /// the same move places exactly h extra Attacker stones
    /// (`claim attacker, D4, E5, ...`), beyond the setup's cap; if Player 1
    /// claims it, no extra stones are added. The Defender then moves first.
    /// A game with a handicap is unrated.
    #[component(Opening, "pieboxing-handicap", actions = [DECLARE_HANDICAP, CLAIM])]
    #[derive(Debug)]
    pub struct PieboxingHandicap {
        cap: usize,
        most: u32,
    }
}

/// How many extra stones the handicap may give.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum HandicapLimit {
    /// Half the points, rounded down.
    Half,
    /// Twice the points over 25, rounded.
    TwiceUnit,
}

/// Parameters of [`PieboxingHandicap`].
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PieboxingHandicapParams {
    /// The most stones of the alternating part: `half` or `half-less-one`.
    pub cap: Cap,
    /// The largest handicap: `half` (half the points) or `twice-unit`
    /// (twice the points over 25, rounded).
    pub handicap_limit: HandicapLimit,
}

/// Where the setup stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Player 1 is to declare the handicap.
    Declare,
    /// The alternating part, Player 2 first.
    Alternate,
    /// Player 2 claimed the Attacker side and places the extra stones.
    Extras { left: u32 },
}

impl FromParams for PieboxingHandicap {
    type Params = PieboxingHandicapParams;

    fn from_params(
        p: PieboxingHandicapParams,
        ctx: &BuildContext,
    ) -> Result<PieboxingHandicap, Vec<BuildProblem>> {
        let points = ctx.geometry.as_ref().map_or(0, |g| g.point_count());
        let most = match p.handicap_limit {
            HandicapLimit::Half => (points / 2) as u32,
            HandicapLimit::TwiceUnit => 2 * handicap_unit(points),
        };
        Ok(PieboxingHandicap {
            cap: p.cap.of(points),
            most: most.max(1),
        })
    }
}

impl PieboxingHandicap {
    /// Whether it is `seat`'s turn in the alternating part.
    fn in_alternating_turn_of(&self, state: &GameState, seat: Seat) -> bool {
        state.phase() == Phase::Opening
            && self.to_act(state) == Some(seat)
            && PieboxingHandicap::stage(state) == Stage::Alternate
    }

    fn stage(state: &GameState) -> Stage {
        state
            .component_state::<(Stage, Placed)>(ComponentKind::Opening)
            .map_or(Stage::Declare, |s| s.0)
    }

    fn placed(state: &GameState) -> usize {
        state
            .component_state::<(Stage, Placed)>(ComponentKind::Opening)
            .map_or(0, |s| s.1.0)
    }

    fn declare(
        &self,
        ctx: &mut Ctx<'_>,
        seat: Seat,
        action: Action,
    ) -> Option<Result<(), Refusal>> {
        match action {
            _ if DECLARE_HANDICAP.is(action) => {
                let h = DECLARE_HANDICAP.number_of(action)?;
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
                ctx.my_state::<(Stage, Placed)>().0 = Stage::Alternate;
                Some(Ok(()))
            }
            _ if matches!(action, Action::Place(_) | Action::Pass | Action::PassMove)
                || claimed(action).is_some() =>
            {
                Some(Err(Refusal::rule(
                    "declare-first",
                    format!(
                        "Player 1 first declares the handicap: `declare handicap H`, H from 1 to {}",
                        self.most
                    ),
                )))
            }
            _ => None,
        }
    }

    fn place_extra(
        ctx: &mut Ctx<'_>,
        seat: Seat,
        left: u32,
        action: Action,
    ) -> Option<Result<(), Refusal>> {
        Some(match action {
            Action::Place(p) => place_setup_stone(ctx, seat, p).map(|()| {
                if left == 1 {
                    ctx.begin_play(seat.other());
                } else {
                    ctx.my_state::<(Stage, Placed)>().0 = Stage::Extras { left: left - 1 };
                }
            }),
            Action::Pass | Action::PassMove => Err(no_pass_here(&format!(
                "place the {left} extra Attacker stone(s) still owed"
            ))),
            Action::Resign => return None,
            _ => Err(Refusal::rule(
                "extras-owed",
                format!("place the {left} extra Attacker stone(s) still owed first"),
            )),
        })
    }
}

impl Component for PieboxingHandicap {
    /// Setup actions only.
    fn hooks(&self) -> tengen_core::rules::Hooks {
        tengen_core::rules::Hooks::NONE
    }

    fn initial_state(&self) -> Option<Box<dyn ComponentState>> {
        Some(Box::new((Stage::Declare, Placed(0))))
    }

    /// The handicap, and that a game with one is unrated (both rules texts
    /// say so).
    fn facts(&self, state: &GameState, out: &mut Vec<tengen_core::rules::Fact>) {
        let value = match state.declared(&DECLARE_HANDICAP) {
            None => format!(
                "Player 1 declares 1 to {} extra Attacker stones first (unrated game)",
                self.most
            ),
            Some((_, h)) => format!(
                "{h} extra Attacker stones, placed only if Player 2 claims the Attacker side (unrated game)"
            ),
        };
        out.push(tengen_core::rules::Fact {
            label: "handicap".into(),
            value,
        });
    }

    fn offer_actions(&self, state: &GameState, seat: Seat, out: &mut Vec<Action>) {
        if state.phase() != Phase::Opening || self.to_act(state) != Some(seat) {
            return;
        }
        match PieboxingHandicap::stage(state) {
            Stage::Declare => out.extend((1..=self.most).map(|h| DECLARE_HANDICAP.number(h))),
            Stage::Alternate => {
                alternating_offers(state, self.cap, PieboxingHandicap::placed(state), out)
            }
            Stage::Extras { .. } => out.extend(setup_points(state.board()).map(Action::Place)),
        }
    }

    fn offer_until(
        &self,
        state: &GameState,
        seat: Seat,
        take: &mut dyn FnMut(Action) -> bool,
    ) -> bool {
        if state.phase() != Phase::Opening || self.to_act(state) != Some(seat) {
            return false;
        }
        match PieboxingHandicap::stage(state) {
            Stage::Declare => (1..=self.most).any(|h| take(DECLARE_HANDICAP.number(h))),
            Stage::Alternate => {
                alternating_offers_until(state, self.cap, PieboxingHandicap::placed(state), take)
            }
            Stage::Extras { .. } => setup_points(state.board()).any(|p| take(Action::Place(p))),
        }
    }

    /// The alternating part's offers are numbered; the declaration's and
    /// the extra stones' are listed.
    fn offer_slots(&self, state: &GameState, seat: Seat) -> Option<usize> {
        if state.phase() != Phase::Opening || self.to_act(state) != Some(seat) {
            return Some(0);
        }
        (PieboxingHandicap::stage(state) == Stage::Alternate).then(|| alternating_slots(state))
    }

    fn offer_in_slot(&self, state: &GameState, seat: Seat, slot: usize) -> Option<Action> {
        self.in_alternating_turn_of(state, seat)
            .then(|| {
                let placed = PieboxingHandicap::placed(state);
                alternating_offer_in_slot(state, self.cap, placed, slot)
            })
            .flatten()
    }

    /// A setup stone of the alternating part (an extra stone may be the
    /// last, which begins play).
    fn vouched_offer(&self, state: &GameState, seat: Seat) -> Option<Action> {
        self.in_alternating_turn_of(state, seat)
            .then(|| {
                let placed = PieboxingHandicap::placed(state);
                alternating_vouched_offer(state, self.cap, placed)
            })
            .flatten()
    }

    /// A setup stone of the alternating part never begins play (the last
    /// extra stone does).
    fn handles_in_place(&self, state: &GameState, _: Seat, action: Action) -> bool {
        state.phase() == Phase::Opening
            && PieboxingHandicap::stage(state) == Stage::Alternate
            && matches!(action, Action::Place(_))
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
        match PieboxingHandicap::stage(ctx.state()) {
            Stage::Declare => self.declare(ctx, seat, action),
            Stage::Alternate => {
                let placed = PieboxingHandicap::placed(ctx.state());
                Some(
                    match alternating_action(ctx, self.cap, placed, seat, action)? {
                        Ok(Some(attacker)) => {
                            let handicap = ctx
                                .state()
                                .declared(&DECLARE_HANDICAP)
                                .map_or(0, |(_, h)| h);
                            if attacker == Seat::Two && handicap > 0 {
                                fix_roles(ctx, attacker);
                                ctx.my_state::<(Stage, Placed)>().0 =
                                    Stage::Extras { left: handicap };
                            } else {
                                fix_roles_and_begin(ctx, attacker);
                            }
                            Ok(())
                        }
                        Ok(None) => {
                            ctx.my_state::<(Stage, Placed)>().1.0 += 1;
                            Ok(())
                        }
                        Err(e) => Err(e),
                    },
                )
            }
            Stage::Extras { left } => PieboxingHandicap::place_extra(ctx, seat, left, action),
        }
    }
}

impl Opening for PieboxingHandicap {
    fn start(&self, _: &mut Ctx<'_>) -> Result<(), Refusal> {
        Ok(())
    }

    fn handicap(&self, state: &GameState) -> Option<u32> {
        state.declared(&DECLARE_HANDICAP).map(|(_, h)| h)
    }

    fn to_act(&self, state: &GameState) -> Option<Seat> {
        if state.phase() != Phase::Opening {
            return None;
        }
        Some(match PieboxingHandicap::stage(state) {
            Stage::Declare => Seat::One,
            Stage::Alternate => alternating_turn(PieboxingHandicap::placed(state), Seat::Two),
            Stage::Extras { .. } => Seat::Two,
        })
    }
}
