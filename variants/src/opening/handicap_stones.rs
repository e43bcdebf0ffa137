//! Handicap stones on the conventional fixed points.

use schemars::JsonSchema;
use serde::Deserialize;
use tengen_core::game::{Ctx, GameState, Refusal};
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::{Colour, Geometry, Opening, Point, Seat};

tengen_core::component! {
    /// Handicap stones: before play, the weaker player (Player 1, the first
    /// colour) has `stones` stones, from 2 to 9, set on the conventional
    /// fixed points, and then the stronger player (White) moves first.
    ///
    /// The points are the fixed placement of GTP's `fixed_handicap`, on
    /// 9x9 (third-line points), 13x13 and 19x19 (fourth-line points): two
    /// stones take opposite corners (top right and bottom left), three add
    /// the top left corner, four all corners; five add the centre; six take
    /// the corners and the left and right side points; seven add the centre
    /// to those; eight take the corners and all four side points; nine add
    /// the centre. Other board sizes do not offer handicap stones.
    ///
    /// The position with the handicap stones is a position of the game, so
    /// repetition rules see it like any other.
    #[component(Opening, "handicap-stones")]
    #[derive(Debug)]
    pub struct HandicapStones {
        points: Vec<Point>,
    }
}

/// Parameters of [`HandicapStones`].
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct HandicapStonesParams {
    /// Number of handicap stones, from 2 to 9.
    #[schemars(range(min = 2, max = 9))]
    pub stones: u32,
}

/// The fixed handicap points of a square board of 9, 13 or 19 lines.
pub(crate) fn fixed_handicap_points(geometry: &Geometry, stones: usize) -> Option<Vec<Point>> {
    let n = geometry.width();
    if geometry.height() != n || ![9, 13, 19].contains(&n) || !(2..=9).contains(&stones) {
        return None;
    }
    let edge = if n == 9 { 2 } else { 3 };
    let (low, mid, high) = (edge, n / 2, n - 1 - edge);
    // (column, row from the top)
    let top_right = (high, low);
    let bottom_left = (low, high);
    let top_left = (low, low);
    let bottom_right = (high, high);
    let centre = (mid, mid);
    let (left, right, top, bottom) = ((low, mid), (high, mid), (mid, low), (mid, high));
    let corners = [top_right, bottom_left, top_left, bottom_right];
    let mut spots: Vec<(usize, usize)> = match stones {
        2..=4 => corners[..stones].to_vec(),
        5 => [&corners[..], &[centre]].concat(),
        6 => [&corners[..], &[left, right]].concat(),
        7 => [&corners[..], &[left, right, centre]].concat(),
        8 => [&corners[..], &[left, right, top, bottom]].concat(),
        _ => [&corners[..], &[left, right, top, bottom, centre]].concat(),
    };
    spots.sort_by_key(|&(c, r)| (r, c));
    spots
        .into_iter()
        .map(|(c, r)| geometry.point_at(c, r))
        .collect()
}

impl FromParams for HandicapStones {
    type Params = HandicapStonesParams;

    fn from_params(
        p: HandicapStonesParams,
        ctx: &BuildContext,
    ) -> Result<HandicapStones, Vec<BuildProblem>> {
        let geometry = ctx
            .geometry
            .as_ref()
            .expect("openings are built after the topology");
        if !(2..=9).contains(&p.stones) {
            return Err(vec![BuildProblem::at(
                "stones",
                format!(
                    "{} handicap stones are not offered: give from 2 to 9",
                    p.stones
                ),
            )]);
        }
        fixed_handicap_points(geometry, p.stones as usize)
            .map(|points| HandicapStones { points })
            .ok_or_else(|| {
                vec![BuildProblem::at(
                    "stones",
                    format!(
                        "handicap stones are placed on 9x9, 13x13 and 19x19 boards only, not on {}x{}",
                        geometry.width(),
                        geometry.height()
                    ),
                )]
            })
    }
}

tengen_core::component_without_hooks!(HandicapStones);

impl Opening for HandicapStones {
    fn start(&self, ctx: &mut Ctx<'_>) -> Result<(), Refusal> {
        ctx.place_setup_stones(Seat::One, Colour::Black, &self.points)?;
        ctx.begin_play(Seat::Two);
        Ok(())
    }

    fn handicap(&self, _: &GameState) -> Option<u32> {
        Some(self.points.len() as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::square::Square;
    use tengen_core::Topology;

    /// The placements GNU Go 3.8 gives for `fixed_handicap N` (the GTP
    /// convention), as printed by `gnugo --mode gtp`.
    const GNUGO: &[(usize, &str)] = &[
        (
            9,
            "G7 C3|C7 G7 C3|C7 G7 C3 G3|C7 G7 E5 C3 G3|C7 G7 C5 G5 C3 G3|C7 G7 C5 E5 G5 C3 G3|C7 E7 G7 C5 G5 C3 E3 G3|C7 E7 G7 C5 E5 G5 C3 E3 G3",
        ),
        (
            13,
            "K10 D4|D10 K10 D4|D10 K10 D4 K4|D10 K10 G7 D4 K4|D10 K10 D7 K7 D4 K4|D10 K10 D7 G7 K7 D4 K4|D10 G10 K10 D7 K7 D4 G4 K4|D10 G10 K10 D7 G7 K7 D4 G4 K4",
        ),
        (
            19,
            "Q16 D4|D16 Q16 D4|D16 Q16 D4 Q4|D16 Q16 K10 D4 Q4|D16 Q16 D10 Q10 D4 Q4|D16 Q16 D10 K10 Q10 D4 Q4|D16 K16 Q16 D10 Q10 D4 K4 Q4|D16 K16 Q16 D10 K10 Q10 D4 K4 Q4",
        ),
    ];

    #[test]
    fn points_match_the_gtp_fixed_handicap_of_gnu_go() {
        for &(size, lists) in GNUGO {
            let g = Square::new(size, size).unwrap().geometry();
            for (i, expected) in lists.split('|').enumerate() {
                let points = fixed_handicap_points(&g, i + 2).unwrap();
                let names: Vec<String> = points.iter().map(|&p| g.name(p)).collect();
                assert_eq!(names.join(" "), expected, "{size}x{size}, {} stones", i + 2);
            }
        }
    }

    #[test]
    fn other_sizes_offer_no_handicap_points() {
        let g = Square::new(11, 11).unwrap().geometry();
        assert!(fixed_handicap_points(&g, 4).is_none());
    }
}
