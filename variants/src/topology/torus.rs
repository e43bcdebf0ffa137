//! The square grid with its edges joined: a torus, or a cylinder.

use schemars::JsonSchema;
use serde::Deserialize;
use std::sync::Arc;
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::{Geometry, Point, Topology};

tengen_core::component! {
    /// A square grid of `width` columns and `height` rows whose opposite
    /// edges are joined, so the board has no edge where they meet. With
    /// `wrap = "both"` (a torus) the last point of every row is linked to
    /// the first point of that row, and the top point of every column to
    /// the bottom point of that column: every point has four neighbours,
    /// and there are no corners. With `wrap = "rows"` (a cylinder) only
    /// the rows are joined: the top and bottom edges stay edges.
    ///
    /// Points are named as on the square board (a column letter from A
    /// without I, and a row number from the bottom); the drawing is the
    /// square grid, with each link across an edge shown as a short line
    /// leaving the board at both of its points. There are no star points:
    /// no point of a torus differs from another. Widths and heights run
    /// from 5 to 25, so that no two points are linked twice.
    #[component(Topology, "torus")]
    #[derive(Debug)]
    pub struct Torus {
        geometry: Arc<Geometry>,
    }
}

/// Which edges are joined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Wrap {
    /// Both pairs of opposite edges: a torus.
    Both,
    /// The left and right edges only (each row is a loop): a cylinder.
    Rows,
}

/// Parameters of [`Torus`].
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TorusParams {
    /// Columns, from 5 to 25.
    #[schemars(range(min = 5, max = 25))]
    pub width: u32,
    /// Rows, from 5 to 25.
    #[schemars(range(min = 5, max = 25))]
    pub height: u32,
    /// Which edges are joined: `both` (a torus, the default) or `rows` (a
    /// cylinder).
    #[serde(default = "both")]
    pub wrap: Wrap,
}

fn both() -> Wrap {
    Wrap::Both
}

impl Torus {
    /// The `width` x `height` grid with the edges `wrap` names joined.
    pub fn new(width: usize, height: usize, wrap: Wrap) -> Result<Torus, String> {
        if !(5..=25).contains(&width) || !(5..=25).contains(&height) {
            return Err(format!(
                "a {width}x{height} torus is not offered: widths and heights run from 5 to 25"
            ));
        }
        let index = |column: usize, row: usize| row * width + column;
        let mut wrapping: Vec<(usize, usize)> = (0..height)
            .map(|row| (index(width - 1, row), index(0, row)))
            .collect();
        if wrap == Wrap::Both {
            wrapping.extend((0..width).map(|column| (index(column, height - 1), index(column, 0))));
        }
        let links = Geometry::grid_links(width, height).chain(wrapping.iter().copied());
        let geometry = Geometry::from_links(width, height, links).map_err(|e| e.to_string())?;
        let geometry = geometry.with_wrapping_links(
            wrapping
                .into_iter()
                .map(|(a, b)| (Point::new(a), Point::new(b))),
        );
        Ok(Torus {
            geometry: Arc::new(geometry),
        })
    }
}

impl FromParams for Torus {
    type Params = TorusParams;

    fn from_params(params: TorusParams, _: &BuildContext) -> Result<Torus, Vec<BuildProblem>> {
        Torus::new(params.width as usize, params.height as usize, params.wrap)
            .map_err(|m| vec![BuildProblem::section(m)])
    }
}

tengen_core::component_without_hooks!(Torus);

impl Topology for Torus {
    fn geometry(&self) -> Arc<Geometry> {
        Arc::clone(&self.geometry)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn neighbours(g: &Geometry, name: &str) -> Vec<String> {
        let p = g.parse_point(name).unwrap();
        let mut names: Vec<String> = g.neighbours(p).iter().map(|&q| g.name(q)).collect();
        names.sort();
        names
    }

    #[test]
    fn on_a_torus_every_point_has_four_neighbours_across_both_edges() {
        let g = Torus::new(5, 5, Wrap::Both).unwrap().geometry();
        for p in g.points() {
            assert_eq!(g.neighbours(p).len(), 4, "{}", g.name(p));
        }
        // A1, the bottom-left point: right B1, up A2, and across the
        // edges E1 (the row's far end) and A5 (the column's top).
        assert_eq!(neighbours(&g, "A1"), ["A2", "A5", "B1", "E1"]);
        let (a1, e1) = (g.parse_point("A1").unwrap(), g.parse_point("E1").unwrap());
        assert!(g.wraps(a1, e1), "drawn as leaving the board");
        assert!(!g.wraps(a1, g.parse_point("B1").unwrap()));
        // Diagonals wrap too: A1's are B2, E2, B5 and E5.
        let mut diagonals: Vec<String> = g.diagonals(a1).iter().map(|&q| g.name(q)).collect();
        diagonals.sort();
        assert_eq!(diagonals, ["B2", "B5", "E2", "E5"]);
    }

    #[test]
    fn on_a_cylinder_only_the_rows_are_joined() {
        let g = Torus::new(5, 5, Wrap::Rows).unwrap().geometry();
        assert_eq!(neighbours(&g, "A1"), ["A2", "B1", "E1"]);
        assert_eq!(neighbours(&g, "C3"), ["B3", "C2", "C4", "D3"]);
    }

    #[test]
    fn boards_too_small_to_link_points_once_are_refused() {
        assert!(Torus::new(4, 9, Wrap::Both).is_err());
        assert!(Torus::new(9, 26, Wrap::Rows).is_err());
    }
}
