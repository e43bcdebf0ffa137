//! Area scoring in which each point counts its own weight (Pyramid Go).

use schemars::JsonSchema;
use serde::Deserialize;
use tengen_core::analysis::area_count;
use tengen_core::game::GameState;
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::rules::{Bonus, ScoreSheet};
use tengen_core::{ByColour, Colour, Geometry, Point, Scorer};

tengen_core::component! {
    /// Area scoring in which a point is worth its weight rather than one:
    /// a colour scores the weights of its living stones and of the empty
    /// points (dead stones' included) in regions reaching only its stones,
    /// plus komi for White. The sheet's stones and territory are those
    /// weighted sums.
    ///
    /// The default weights are the **pyramid**: a point on the edge weighs
    /// 1, and each line further in 1 more, so the weight of a point is 1
    /// plus the number of links from it to the nearest edge point (a point
    /// with fewer neighbours than the most any point has). On a 9x9 board
    /// the weights run from 1 on the first line to 5 at the centre; on a
    /// 19x19 board to 10. A board without edge points (a torus) weighs 1
    /// everywhere. `weights` may instead give every point's weight, row by
    /// row from the top, as a table of whole numbers.
    #[component(Scorer, "weighted-area")]
    #[derive(Debug)]
    pub struct WeightedArea {
        komi: f64,
        /// The weight of each point, by index.
        weights: Vec<u32>,
    }
}

/// Parameters of [`WeightedArea`].
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct WeightedAreaParams {
    /// Points added to White's score, in whole or half points.
    pub komi: f64,
    /// Each point's weight, row by row from the top (one list per row,
    /// one whole number from 0 to 1000 per point); the pyramid when left
    /// out.
    #[serde(default)]
    pub weights: Option<Vec<Vec<u32>>>,
}

/// The pyramid weights of `geometry`: 1 plus the distance, in links, to
/// the nearest edge point (one with fewer neighbours than the most).
pub fn pyramid(geometry: &Geometry) -> Vec<u32> {
    let most = geometry
        .points()
        .map(|p| geometry.neighbours(p).len())
        .max()
        .unwrap_or(0);
    let mut weight: Vec<Option<u32>> = vec![None; geometry.point_count()];
    let mut frontier: Vec<Point> = geometry
        .points()
        .filter(|&p| geometry.neighbours(p).len() < most)
        .collect();
    if frontier.is_empty() {
        return vec![1; geometry.point_count()];
    }
    for &p in &frontier {
        weight[p.index()] = Some(1);
    }
    let mut level = 1;
    while !frontier.is_empty() {
        level += 1;
        let mut next = Vec::new();
        for p in frontier {
            for &q in geometry.neighbours(p) {
                if weight[q.index()].is_none() {
                    weight[q.index()] = Some(level);
                    next.push(q);
                }
            }
        }
        frontier = next;
    }
    weight.into_iter().map(|w| w.unwrap_or(1)).collect()
}

impl FromParams for WeightedArea {
    type Params = WeightedAreaParams;

    fn from_params(
        p: WeightedAreaParams,
        ctx: &BuildContext,
    ) -> Result<WeightedArea, Vec<BuildProblem>> {
        let geometry = ctx
            .geometry
            .as_ref()
            .ok_or_else(|| vec![BuildProblem::section("the board is not known yet")])?;
        if p.komi.is_nan() || (p.komi * 2.0).fract() != 0.0 {
            return Err(vec![BuildProblem::at(
                "komi",
                "komi must be a whole or half number of points",
            )]);
        }
        let weights = match p.weights {
            None => pyramid(geometry),
            Some(rows) => {
                let (w, h) = (geometry.width(), geometry.height());
                if rows.len() != h || rows.iter().any(|r| r.len() != w) {
                    return Err(vec![BuildProblem::at(
                        "weights",
                        format!("give {h} rows of {w} weights, one per point of the {w}x{h} board"),
                    )]);
                }
                if rows.iter().flatten().any(|&x| x > 1000) {
                    return Err(vec![BuildProblem::at(
                        "weights",
                        "a weight runs from 0 to 1000",
                    )]);
                }
                geometry
                    .points()
                    .map(|p| {
                        let (column, row) = geometry.grid_position(p);
                        rows[row][column]
                    })
                    .collect()
            }
        };
        Ok(WeightedArea {
            komi: p.komi,
            weights,
        })
    }
}

tengen_core::component_without_hooks!(WeightedArea);

impl Scorer for WeightedArea {
    fn score(&self, state: &GameState) -> ScoreSheet {
        let count = area_count(state.board(), state.marks());
        let mut stones = ByColour::new(0, 0);
        let mut territory = ByColour::new(0, 0);
        for p in state.board().geometry().points() {
            if let Some(c) = count.owner[p.index()] {
                let weight = self.weights[p.index()];
                if state.board().get(p) == Some(c) && !state.marks().contains(p) {
                    stones[c] += weight;
                } else {
                    territory[c] += weight;
                }
            }
        }
        let mut bonuses = Vec::new();
        if self.komi != 0.0 {
            bonuses.push(Bonus {
                label: "komi".into(),
                colour: Colour::White,
                points: self.komi,
            });
        }
        ScoreSheet::new(stones, territory, bonuses)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pyramid_rises_by_one_a_line_to_the_centre() {
        let square = crate::topology::square::Square::new(9, 9).unwrap();
        let g = tengen_core::Topology::geometry(&square);
        let w = pyramid(&g);
        let at = |name: &str| w[g.parse_point(name).unwrap().index()];
        assert_eq!(
            [at("A1"), at("B2"), at("C3"), at("D4"), at("E5"), at("E1")],
            [1, 2, 3, 4, 5, 1]
        );
        // Lines 1 to 5 of a 9x9 board: 32, 24, 16, 8 and 1 points.
        let total: u32 = w.iter().sum();
        assert_eq!(total, 32 + 24 * 2 + 16 * 3 + 8 * 4 + 5);
    }

    #[test]
    fn a_weights_table_must_fit_the_board_and_its_range() {
        let square = crate::topology::square::Square::new(2, 2).unwrap();
        let ctx = BuildContext {
            geometry: Some(tengen_core::Topology::geometry(&square)),
        };
        let build = |weights: Vec<Vec<u32>>| {
            WeightedArea::from_params(
                WeightedAreaParams {
                    komi: 0.0,
                    weights: Some(weights),
                },
                &ctx,
            )
        };
        let built = build(vec![vec![1, 2], vec![3, 4]]).unwrap();
        // Row by row from the top: A2 B2, then A1 B1.
        assert_eq!(built.weights, [1, 2, 3, 4]);
        assert!(build(vec![vec![1, 2]]).is_err(), "a row missing");
        assert!(build(vec![vec![1], vec![3, 4]]).is_err(), "a short row");
        assert!(
            build(vec![vec![1, 2], vec![3, 1001]]).is_err(),
            "out of range"
        );
        let half = WeightedArea::from_params(
            WeightedAreaParams {
                komi: 0.3,
                weights: None,
            },
            &ctx,
        );
        assert!(half.is_err(), "komi in whole or half points");
    }
}
