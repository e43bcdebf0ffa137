//! The square grid.

use schemars::JsonSchema;
use serde::Deserialize;
use std::sync::Arc;
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::{Geometry, Topology};

tengen_core::component! {
    /// The ordinary Go board: a grid of `width` columns and `height` rows in
    /// which every point is linked to the points directly above, below, left
    /// and right of it. Corner points have two neighbours, edge points three,
    /// the others four.
    ///
    /// Points are named as in GTP: a column letter from A (I is skipped)
    /// and a row number counted from the bottom, so A1 is the bottom-left
    /// corner. The star points are the usual ones: the corner points on the
    /// third line of boards under 12 lines and on the fourth line of larger
    /// boards, the centre of a board odd both ways, and the side points of
    /// such a board of 15 lines or more.
    #[component(Topology, "square")]
    #[derive(Debug)]
    pub struct Square {
        geometry: Arc<Geometry>,
    }
}

/// Parameters of [`Square`].
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SquareParams {
    /// Columns, from 2 to 25.
    #[schemars(range(min = 2, max = 25))]
    pub width: u32,
    /// Rows, from 2 to 25.
    #[schemars(range(min = 2, max = 25))]
    pub height: u32,
}

impl Square {
    /// The square grid of `width` x `height` points.
    pub fn new(width: usize, height: usize) -> Result<Square, String> {
        if !(2..=25).contains(&width) || !(2..=25).contains(&height) {
            return Err(format!(
                "a {width}x{height} square board is not offered: widths and heights run from 2 to 25"
            ));
        }
        let links = Geometry::grid_links(width, height);
        let geometry = Geometry::from_links(width, height, links).map_err(|e| e.to_string())?;
        let stars = super::star_points(&geometry);
        Ok(Square {
            geometry: Arc::new(geometry.with_star_points(stars)),
        })
    }
}

impl FromParams for Square {
    type Params = SquareParams;

    fn from_params(params: SquareParams, _: &BuildContext) -> Result<Square, Vec<BuildProblem>> {
        Square::new(params.width as usize, params.height as usize)
            .map_err(|m| vec![BuildProblem::section(m)])
    }
}

tengen_core::component_without_hooks!(Square);

impl Topology for Square {
    fn geometry(&self) -> Arc<Geometry> {
        Arc::clone(&self.geometry)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(g: &Geometry, points: &[tengen_core::Point]) -> Vec<String> {
        points.iter().map(|&p| g.name(p)).collect()
    }

    #[test]
    fn points_have_their_orthogonal_neighbours_only() {
        let g = Square::new(19, 19).unwrap().geometry();
        let at = |s: &str| g.parse_point(s).unwrap();
        assert_eq!(names(&g, g.neighbours(at("A1"))), ["A2", "B1"]);
        assert_eq!(
            names(&g, g.neighbours(at("K10"))),
            ["K11", "J10", "L10", "K9"]
        );
        assert_eq!(g.neighbours(at("T5")).len(), 3);
    }

    #[test]
    fn star_points_are_the_conventional_ones() {
        let stars = |n: usize| {
            let g = Square::new(n, n).unwrap().geometry();
            let mut s = names(&g, g.star_points());
            s.sort();
            s
        };
        assert_eq!(stars(9), ["C3", "C7", "E5", "G3", "G7"]);
        assert_eq!(stars(13), ["D10", "D4", "G7", "K10", "K4"]);
        assert_eq!(
            stars(19),
            ["D10", "D16", "D4", "K10", "K16", "K4", "Q10", "Q16", "Q4"]
        );
        assert!(stars(5).is_empty());
    }

    #[test]
    fn sizes_outside_the_range_are_refused() {
        assert!(Square::new(1, 9).is_err());
        assert!(Square::new(26, 9).is_err());
        assert!(Square::new(25, 2).is_ok());
    }
}
