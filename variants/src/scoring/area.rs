//! Area scoring with komi.

use schemars::JsonSchema;
use serde::Deserialize;
use tengen_core::analysis::area_count;
use tengen_core::game::GameState;
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::rules::{Bonus, ScoreSheet};
use tengen_core::{ByColour, Colour, Component, Scorer};

tengen_core::component! {
    /// Area scoring (the Chinese and Tromp-Taylor way): a colour's score is
    /// the number of its stones on the board plus the number of empty points
    /// that reach only its stones, plus komi for the second colour (White).
    ///
    /// An empty region reaches a colour when some point of it is next to a
    /// stone of that colour; a region that reaches both colours, or neither,
    /// counts for nobody (this covers seki and dame). Stones the players
    /// have agreed are dead are taken off before counting, so their points
    /// count as empty. Prisoners do not count: they are already missing from
    /// the board.
    #[component(Scorer, "area")]
    #[derive(Debug)]
    pub struct Area {
        komi: f64,
    }
}

/// Parameters of [`Area`].
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct AreaParams {
    /// Points added to the second colour's (White's) score, in halves of a
    /// point (e.g. 7.5, or -3 for a reverse komi).
    #[schemars(extend("multipleOf" = 0.5), range(min = -1000.0, max = 1000.0))]
    pub komi: f64,
}

impl FromParams for Area {
    type Params = AreaParams;

    fn from_params(p: AreaParams, _: &BuildContext) -> Result<Area, Vec<BuildProblem>> {
        if (p.komi * 2.0).fract() != 0.0 || p.komi.abs() > 1000.0 {
            return Err(vec![BuildProblem::at(
                "komi",
                format!(
                    "komi {} is not a whole or half point between -1000 and 1000",
                    p.komi
                ),
            )]);
        }
        Ok(Area { komi: p.komi })
    }
}

impl Component for Area {}

impl Scorer for Area {
    fn score(&self, state: &GameState) -> ScoreSheet {
        let count = area_count(state.board(), state.marks());
        let mut bonuses = Vec::new();
        if self.komi != 0.0 {
            bonuses.push(Bonus {
                label: "komi".into(),
                colour: Colour::White,
                points: self.komi,
            });
        }
        let mut total = ByColour::new(0.0, 0.0);
        for c in Colour::BOTH {
            total[c] = f64::from(count.stones[c] + count.territory[c]);
        }
        for b in &bonuses {
            total[b.colour] += b.points;
        }
        ScoreSheet {
            stones: count.stones,
            territory: count.territory,
            bonuses,
            total,
        }
    }
}
