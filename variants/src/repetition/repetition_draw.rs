//! A draw by repetition.

use schemars::JsonSchema;
use serde::Deserialize;
use tengen_core::RepetitionPolicy;
use tengen_core::game::PositionHistory;
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::rules::{Candidate, Judgement};

tengen_core::component! {
    /// No placement is refused for repeating a position; instead, when any
    /// position occurs for the `count`-th time (five times in Thue-Morse
    /// Go), the game ends at once as a draw, even in the middle of a move.
    /// Positions are compared by the board only; the starting position
    /// counts as an occurrence, passes and the button add none.
    #[component(Repetition, "repetition-draw")]
    #[derive(Debug)]
    pub struct RepetitionDraw {
        count: u32,
    }
}

/// Parameters of [`RepetitionDraw`].
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RepetitionDrawParams {
    /// The occurrence of one position that ends the game as a draw, from 2
    /// (the first repetition) up.
    #[schemars(range(min = 2, max = 1000))]
    pub count: u32,
}

impl FromParams for RepetitionDraw {
    type Params = RepetitionDrawParams;

    fn from_params(
        p: RepetitionDrawParams,
        _: &BuildContext,
    ) -> Result<RepetitionDraw, Vec<BuildProblem>> {
        if !(2..=1000).contains(&p.count) {
            return Err(vec![BuildProblem::at(
                "count",
                "the count runs from 2 to 1000",
            )]);
        }
        Ok(RepetitionDraw { count: p.count })
    }
}

tengen_core::component_without_hooks!(RepetitionDraw);

impl RepetitionPolicy for RepetitionDraw {
    fn judge(&self, history: &PositionHistory, candidate: &Candidate) -> Judgement {
        if history.board_count(candidate.board) + 1 >= self.count {
            Judgement::Draw
        } else {
            Judgement::Allow
        }
    }

    fn rule_name(&self) -> &'static str {
        "repetition draw"
    }
}
