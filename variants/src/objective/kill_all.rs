//! Kill-All: the Defender must make one pass-alive string.

use schemars::JsonSchema;
use serde::Deserialize;
use tengen_core::analysis::{LifeRule, no_room_for_life, pass_alive_stones};
use tengen_core::game::{Ctx, EndReason, GameResult, GameState, MoveSummary, Phase};
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::rules::{ComponentState, Fact};
use tengen_core::{Action, Component, Objective, Role, Rules, Seat};

tengen_core::component! {
    /// Kill-All: one player, the Attacker, starts with stones on the board
    /// and tries to stop the other, the Defender, from making even one
    /// living string. The opening decides the roles. There is no passing
    /// and no scoring: every placement must place a stone.
    ///
    /// The **Defender wins** as soon as one of its strings is pass-alive (it
    /// would survive any sequence of the Attacker's placements without an
    /// answer): life by seki or by winning a ko does not count. The test is
    /// Benson's, adapted to the ruleset's suicide rule, and asks for two
    /// vital regions, or three where one move can fill two eyes before any
    /// removal (captures wait for the end of a move of two placements).
    ///
    /// The **Attacker wins automatically** when its own pass-alive stones
    /// leave no room for a living Defender string: set their points aside;
    /// in each connected part of the rest, count the points next to none of
    /// them; if no part holds as many such points as the vital minimum with
    /// no two of them neighbours, the Defender has no room. The test is sound
    /// but not complete: it wins only clearly lost positions.
    ///
    /// Both tests run whenever a move ends, and when the setup ends. A player
    /// to move with no legal placement loses. A repetition rule that draws
    /// the game still applies. With `resignation = true` either player may
    /// resign.
    #[component(Objective, "kill-all")]
    #[derive(Debug)]
    pub struct KillAll {
        vital_regions: Option<usize>,
        resignation: bool,
    }
}

/// Parameters of [`KillAll`].
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct KillAllParams {
    /// The vital regions a Defender string needs: 2 or 3. Leave it out to
    /// follow the rules: 3 when captures wait for the end of moves of
    /// several placements (Weak eyes), 2 otherwise.
    #[serde(default)]
    #[schemars(range(min = 2, max = 3))]
    pub vital_regions: Option<u32>,
    /// Whether a player may resign.
    pub resignation: bool,
}

/// The private data: whether the end of the setup has been checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct SetupChecked(bool);

impl FromParams for KillAll {
    type Params = KillAllParams;

    fn from_params(p: KillAllParams, _: &BuildContext) -> Result<KillAll, Vec<BuildProblem>> {
        if let Some(v) = p.vital_regions
            && !(2..=3).contains(&v)
        {
            return Err(vec![BuildProblem::at(
                "vital-regions",
                "give 2 or 3 vital regions",
            )]);
        }
        Ok(KillAll {
            vital_regions: p.vital_regions.map(|v| v as usize),
            resignation: p.resignation,
        })
    }
}

impl KillAll {
    fn seat_with(state: &GameState, role: Role) -> Option<Seat> {
        Seat::BOTH
            .into_iter()
            .find(|&s| state.role_of(s) == Some(role))
    }

    /// Runs the tests once, when play has begun after the setup.
    fn check_setup_once(&self, ctx: &mut Ctx<'_>) {
        if ctx.state().phase() == Phase::Play && !ctx.my_state::<SetupChecked>().0 {
            ctx.my_state::<SetupChecked>().0 = true;
            self.check(ctx);
        }
    }

    /// Ends the game if the Defender has life or no room is left for it.
    fn check(&self, ctx: &mut Ctx<'_>) {
        let state = ctx.state();
        let (Some(defender), Some(attacker)) = (
            KillAll::seat_with(state, Role::Defender),
            KillAll::seat_with(state, Role::Attacker),
        ) else {
            return;
        };
        let colour = state.colour_of(defender);
        let rule = Objective::life_rule(self, ctx.rules());
        let alive = pass_alive_stones(state.board(), colour, rule);
        if let Some(p) = alive.iter().next() {
            let at = ctx.rules().geometry.name(p);
            let deciding = alive.iter().collect();
            ctx.finish(
                GameResult::win(
                    defender,
                    EndReason::Objective {
                        code: "pass-alive",
                        message: format!("by making a pass-alive string (the string at {at})"),
                    },
                )
                .decided_by(deciding),
            );
        } else if no_room_for_life(state.board(), colour, rule) {
            ctx.finish(GameResult::win(
                attacker,
                EndReason::Objective {
                    code: "no-room",
                    message: "because no room is left for a living Defender string".into(),
                },
            ));
        }
    }
}

impl Component for KillAll {
    /// The pass-alive checks after actions and at the ends of moves.
    fn hooks(&self) -> tengen_core::rules::Hooks {
        tengen_core::rules::Hooks::MOVE_START
            | tengen_core::rules::Hooks::AFTER_ACTION
            | tengen_core::rules::Hooks::MOVE_END
    }

    fn initial_state(&self) -> Option<Box<dyn ComponentState>> {
        Some(Box::new(SetupChecked(false)))
    }

    fn after_action(&self, ctx: &mut Ctx<'_>, _: Seat, _: Action) {
        self.check_setup_once(ctx);
    }

    fn on_move_start(&self, ctx: &mut Ctx<'_>) {
        // Play can begin without an action (a fixed setup).
        self.check_setup_once(ctx);
    }

    fn on_move_end(&self, ctx: &mut Ctx<'_>, _: &MoveSummary) {
        self.check(ctx);
    }

    fn facts(&self, state: &GameState, out: &mut Vec<Fact>) {
        let roles: Vec<String> = Seat::BOTH
            .iter()
            .filter_map(|&s| state.role_of(s).map(|r| format!("{s} {r}")))
            .collect();
        out.push(Fact {
            label: "roles".into(),
            value: if roles.is_empty() {
                "to be decided by the setup".into()
            } else {
                roles.join(", ")
            },
        });
    }
}

impl Objective for KillAll {
    fn resignation_allowed(&self) -> bool {
        self.resignation
    }

    fn passing_allowed(&self) -> bool {
        false
    }

    fn uses_pass_alive(&self) -> bool {
        true
    }

    fn uses_score(&self) -> bool {
        false
    }

    fn life_rule(&self, rules: &Rules) -> LifeRule {
        let mut rule = rules.life_rule();
        if let Some(v) = self.vital_regions {
            rule.vital_minimum = v;
        }
        rule
    }
}
