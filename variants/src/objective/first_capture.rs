//! The first player to capture wins (Atari Go, Capture Go).

use schemars::JsonSchema;
use serde::Deserialize;
use tengen_core::game::{Ctx, EndReason, GameResult, GameState, MoveSummary};
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::rules::{Fact, Hooks};
use tengen_core::{Action, Component, Objective, Seat};

tengen_core::component! {
    /// The first player to have captured `captures` stones wins at once
    /// (Atari Go, also called Capture Go or First Capture: one stone, or a
    /// number agreed before the game). There is no passing and no counting.
    ///
    /// A stone counts as captured when the rules take it off the board
    /// for want of liberties: the opponent's stones a placement captures,
    /// and, where the resolver allows suicide, the mover's own stones it
    /// removes, which count for the opponent (as prisoners do in Go). The
    /// count is checked after every action and at the end of every move
    /// (where captures wait for it); should both players reach it by the
    /// same action, the mover wins, since a placement captures before it
    /// removes its own strings. A player to move with no legal placement
    /// loses. With `resignation = true` a player may resign.
    #[component(Objective, "first-capture")]
    #[derive(Debug)]
    pub struct FirstCapture {
        captures: u32,
        resignation: bool,
    }
}

/// Parameters of [`FirstCapture`].
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FirstCaptureParams {
    /// How many stones a player must capture to win (1 in the usual game).
    #[serde(default = "one")]
    #[schemars(range(min = 1, max = 1000))]
    pub captures: u32,
    /// Whether a player may resign.
    pub resignation: bool,
}

fn one() -> u32 {
    1
}

impl FromParams for FirstCapture {
    type Params = FirstCaptureParams;

    fn from_params(
        p: FirstCaptureParams,
        _: &BuildContext,
    ) -> Result<FirstCapture, Vec<BuildProblem>> {
        Ok(FirstCapture {
            captures: p.captures,
            resignation: p.resignation,
        })
    }
}

impl FirstCapture {
    /// Ends the game when a seat has captured enough, the mover first.
    fn check(&self, ctx: &mut Ctx<'_>, mover: Seat) {
        if ctx.state().result().is_some() {
            return;
        }
        let prisoners = ctx.state().prisoners();
        for seat in [mover, mover.other()] {
            if prisoners[seat] >= self.captures {
                let stones = if self.captures == 1 {
                    "a stone".to_string()
                } else {
                    format!("{} stones", self.captures)
                };
                ctx.finish(GameResult::win(
                    seat,
                    EndReason::Objective {
                        code: "first-capture",
                        message: format!("by capturing {stones} first"),
                    },
                ));
                return;
            }
        }
    }
}

impl Component for FirstCapture {
    /// The count after every action and at the end of every move.
    fn hooks(&self) -> Hooks {
        Hooks::AFTER_ACTION | Hooks::MOVE_END
    }

    fn after_action(&self, ctx: &mut Ctx<'_>, seat: Seat, _: Action) {
        self.check(ctx, seat);
    }

    fn on_move_end(&self, ctx: &mut Ctx<'_>, summary: &MoveSummary) {
        self.check(ctx, summary.seat);
    }

    fn facts(&self, state: &GameState, out: &mut Vec<Fact>) {
        let prisoners = state.prisoners();
        out.push(Fact {
            label: "captures".into(),
            value: format!(
                "{} P1, {} P2 (the first to {} wins)",
                prisoners[Seat::One],
                prisoners[Seat::Two],
                self.captures
            ),
        });
    }
}

impl Objective for FirstCapture {
    fn resignation_allowed(&self) -> bool {
        self.resignation
    }

    fn passing_allowed(&self) -> bool {
        false
    }

    fn uses_score(&self) -> bool {
        false
    }
}
