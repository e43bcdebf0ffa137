//! The score decides: two passes end play, then the dead strings are agreed.

use schemars::JsonSchema;
use serde::Deserialize;
use tengen_core::game::{Ctx, Event, GameState, MoveSummary, Phase, Refusal};
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::{Action, Component, Objective, Point, Seat};

tengen_core::component! {
    /// The higher score wins. Passing is allowed at any time. Two
    /// consecutive moves that pass (each passing every placement it has)
    /// stop play.
    ///
    /// With `agreement = false` (Tromp-Taylor) the game then ends and the
    /// board is scored as it stands: every stone on it counts as alive.
    ///
    /// With `agreement = true` the players then settle which strings are
    /// dead. Either player may mark a string dead (`mark D4`: marking one
    /// stone marks its whole string) or take a mark back (`unmark D4`);
    /// every change of the marks withdraws any acceptance already given.
    /// When both players have accepted the same marks (`accept`), the marked
    /// strings are taken off the board and the board is scored. Either player may
    /// instead resume play (`resume`): the marks are cleared, play goes on
    /// with the player whose turn it would have been (the opponent of the
    /// one who passed second), and two more consecutive passes return to
    /// the agreement.
    ///
    /// One vocabulary in every ruleset: `mark` marks a string that is not
    /// marked (refused on a marked one, with a pointer to `unmark`) and
    /// `unmark` takes a mark back. Where a rules text says that marking a
    /// marked string again unmarks it (Enhanced Go), that is the gesture of
    /// a front end: a click on a marked string sends `unmark`, as the
    /// playground's does in every ruleset. With `resignation = true` either player
    /// may resign at any time, and the other wins. Equal scores are a
    /// draw.
    #[component(Objective, "score")]
    #[derive(Debug)]
    pub struct Score {
        agreement: bool,
        resignation: bool,
    }
}

/// Parameters of [`Score`].
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ScoreParams {
    /// After two consecutive passes, the players agree on dead strings
    /// (`true`), or the board is scored as it stands (`false`).
    pub agreement: bool,
    /// Whether a player may resign.
    pub resignation: bool,
}

impl FromParams for Score {
    type Params = ScoreParams;

    fn from_params(p: ScoreParams, _: &BuildContext) -> Result<Score, Vec<BuildProblem>> {
        Ok(Score {
            agreement: p.agreement,
            resignation: p.resignation,
        })
    }
}

impl Score {
    /// One point of every string on the board (its lowest-numbered stone).
    fn string_representatives(state: &GameState) -> Vec<Point> {
        let board = state.board();
        board
            .stones()
            .filter(|&(p, _)| board.string_stones(p).all(|q| q >= p))
            .map(|(p, _)| p)
            .collect()
    }
}

impl Component for Score {
    /// Two passes in a row stop play at the end of a move.
    fn hooks(&self) -> tengen_core::rules::Hooks {
        tengen_core::rules::Hooks::MOVE_END
    }

    fn offer_actions(&self, state: &GameState, seat: Seat, out: &mut Vec<Action>) {
        if state.phase() == Phase::Agreement {
            for p in Score::string_representatives(state) {
                out.push(if state.marks().contains(p) {
                    Action::Unmark(p)
                } else {
                    Action::Mark(p)
                });
            }
            if !state.accepted()[seat] {
                out.push(Action::Accept);
            }
            out.push(Action::Resume);
        }
    }

    fn handle_action(
        &self,
        ctx: &mut Ctx<'_>,
        seat: Seat,
        action: Action,
    ) -> Option<Result<(), Refusal>> {
        let agreeing = ctx.state().phase() == Phase::Agreement;
        match action {
            Action::Mark(p) if agreeing => Some(ctx.mark_string(seat, p, true)),
            Action::Unmark(p) if agreeing => Some(ctx.mark_string(seat, p, false)),
            Action::Accept if agreeing => {
                if ctx.state().accepted()[seat] {
                    return Some(Err(Refusal::rule(
                        "already-accepted",
                        format!("{seat} has already accepted these marks"),
                    )));
                }
                ctx.accept(seat);
                if ctx.state().accepted().0 == [true, true] {
                    ctx.finish_on_score();
                }
                Some(Ok(()))
            }
            Action::Resume if agreeing => {
                ctx.clear_marks();
                ctx.reset_pass_moves();
                ctx.set_phase(Phase::Play);
                ctx.emit(Event::Resumed(seat));
                Some(Ok(()))
            }
            _ => None,
        }
    }

    fn on_move_end(&self, ctx: &mut Ctx<'_>, _: &MoveSummary) {
        if ctx.state().pass_moves_in_row() >= 2 {
            if self.agreement {
                ctx.clear_marks();
                ctx.set_phase(Phase::Agreement);
            } else {
                ctx.finish_on_score();
            }
        }
    }
}

impl Objective for Score {
    fn resignation_allowed(&self) -> bool {
        self.resignation
    }

    fn passing_allowed(&self) -> bool {
        true
    }

    fn two_passes_then_score(&self) -> bool {
        true
    }
}
