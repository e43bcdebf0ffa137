//! A hexagon-shaped board on a triangular lattice: six neighbours inside.

use schemars::JsonSchema;
use serde::Deserialize;
use std::sync::Arc;
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::{Geometry, Topology};

tengen_core::component! {
    /// A hexagon of `side` points a side, cut from the triangular
    /// lattice: a point inside has six neighbours, a point on an edge four
    /// and each of the six corners three. The board has `3 side (side - 1)
    /// + 1` points (61 for side 5, 127 for 7, 217 for 9, 331 for 11).
    ///
    /// The points are named on a rhombic grid of `2 side - 1` columns and
    /// rows, whose top-left and bottom-right corners are cut away (the
    /// cells there are holes): a column letter from A without I and a row
    /// number from the bottom, as on the square board. Along a row the
    /// neighbours are the points left and right; a column runs down and
    /// to the right at 60 degrees, so a point's other neighbours are the
    /// next and previous point of its column and the points up-right and
    /// down-left of it (the next row's point one column to the left). The
    /// drawing shifts each row half a point right of the row above, so
    /// the board is drawn as a regular hexagon with a flat top; the
    /// terminal's text diagram shifts each row by one character.
    ///
    /// The star points are the centre and, on boards of side 5 or more,
    /// the six points halfway from the centre to the corners.
    #[component(Topology, "hexagon")]
    #[derive(Debug)]
    pub struct Hexagon {
        geometry: Arc<Geometry>,
    }
}

/// Parameters of [`Hexagon`].
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct HexagonParams {
    /// Points along each side, from 2 to 13 (the naming grid has `2 side
    /// - 1` columns, at most 25).
    #[schemars(range(min = 2, max = 13))]
    pub side: u32,
}

/// The six steps to a neighbour on the rhombic grid, as (columns, rows).
const STEPS: [(i64, i64); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];

impl Hexagon {
    /// The hexagon of `side` points a side.
    pub fn new(side: usize) -> Result<Hexagon, String> {
        if !(2..=13).contains(&side) {
            return Err(format!(
                "a hexagon of side {side} is not offered: sides run from 2 to 13"
            ));
        }
        let n = 2 * side - 1;
        let last = (n - 1) as i64;
        // A cell of the rhombic grid is on the hexagon when its column
        // and row add up to between side - 1 and 3 (side - 1).
        let on_board = |column: i64, row: i64| {
            (0..=last).contains(&column)
                && (0..=last).contains(&row)
                && (last / 2..=3 * last / 2).contains(&(column + row))
        };
        let cells: Vec<(usize, usize)> = (0..n)
            .flat_map(|row| (0..n).map(move |column| (column, row)))
            .filter(|&(c, r)| on_board(c as i64, r as i64))
            .collect();
        let index = |column: i64, row: i64| {
            cells
                .binary_search_by_key(&(row, column), |&(c, r)| (r as i64, c as i64))
                .ok()
        };
        let mut links = Vec::new();
        for (i, &(c, r)) in cells.iter().enumerate() {
            for (dc, dr) in STEPS {
                if let Some(j) = index(c as i64 + dc, r as i64 + dr).filter(|&j| j > i) {
                    links.push((i, j));
                }
            }
        }
        let geometry = Geometry::from_cells_and_links(n, n, cells.iter().copied(), links)
            .map_err(|e| e.to_string())?;
        let height = 3f64.sqrt() / 2.0;
        let positions = cells
            .iter()
            .map(|&(c, r)| [c as f64 + r as f64 / 2.0, r as f64 * height])
            .collect();
        let centre = side as i64 - 1;
        let mut stars = vec![(centre, centre)];
        if side >= 5 {
            let half = centre / 2;
            stars.extend(
                STEPS
                    .iter()
                    .map(|&(dc, dr)| (centre + half * dc, centre + half * dr)),
            );
        }
        let mut stars: Vec<_> = stars
            .into_iter()
            .filter_map(|(c, r)| geometry.point_at(c as usize, r as usize))
            .collect();
        stars.sort();
        let geometry = geometry.with_positions(positions).with_star_points(stars);
        Ok(Hexagon {
            geometry: Arc::new(geometry),
        })
    }
}

impl FromParams for Hexagon {
    type Params = HexagonParams;

    fn from_params(params: HexagonParams, _: &BuildContext) -> Result<Hexagon, Vec<BuildProblem>> {
        Hexagon::new(params.side as usize).map_err(|m| vec![BuildProblem::at("side", m)])
    }
}

tengen_core::component_without_hooks!(Hexagon);

impl Topology for Hexagon {
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
    fn a_hexagon_has_three_side_times_side_less_one_plus_one_points() {
        for side in 2..=13 {
            let g = Hexagon::new(side).unwrap().geometry();
            assert_eq!(g.point_count(), 3 * side * (side - 1) + 1, "side {side}");
            let degrees: Vec<usize> = g.points().map(|p| g.neighbours(p).len()).collect();
            assert_eq!(
                degrees.iter().filter(|&&d| d == 3).count(),
                6,
                "six corners"
            );
            assert_eq!(
                degrees.iter().filter(|&&d| d == 4).count(),
                6 * (side - 2),
                "the edges"
            );
            let inside = 3 * (side - 1) * (side - 2) + 1;
            assert_eq!(degrees.iter().filter(|&&d| d == 6).count(), inside);
        }
    }

    #[test]
    fn neighbours_are_one_apart_in_the_drawing() {
        let g = Hexagon::new(4).unwrap().geometry();
        for p in g.points() {
            for &q in g.neighbours(p) {
                let ([px, py], [qx, qy]) = (g.position(p), g.position(q));
                assert!(((px - qx).hypot(py - qy) - 1.0).abs() < 1e-9);
            }
        }
    }

    #[test]
    fn names_follow_the_rhombic_grid_and_its_corners_are_holes() {
        // Side 3: a 5x5 grid; the top row is C5 to E5, the middle row A3 to E3.
        let g = Hexagon::new(3).unwrap().geometry();
        assert_eq!(neighbours(&g, "C3"), ["B2", "B3", "C2", "C4", "D3", "D4"]);
        assert_eq!(neighbours(&g, "C5"), ["B4", "C4", "D5"], "a corner");
        assert_eq!(neighbours(&g, "A3"), ["A2", "B3", "B4"], "a corner");
        assert_eq!(neighbours(&g, "B4"), ["A3", "B3", "C4", "C5"], "an edge");
        assert!(g.parse_point("A5").is_err(), "a hole");
        assert!(g.parse_point("E1").is_err(), "a hole");
        assert_eq!(g.star_points(), [g.parse_point("C3").unwrap()]);
    }

    #[test]
    fn sides_outside_the_grid_are_refused() {
        assert!(Hexagon::new(1).is_err());
        assert!(Hexagon::new(14).is_err());
    }
}
