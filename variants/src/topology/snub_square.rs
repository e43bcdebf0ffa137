//! The snub-square board: a square grid with diagonals, so that points
//! inside have five neighbours.

use schemars::JsonSchema;
use serde::Deserialize;
use std::sync::Arc;
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::{Geometry, Topology};

tengen_core::component! {
    /// The snub-square board (a tiling of squares and triangles), laid on
    /// a grid of `width` columns and `height` rows. Every point is linked to
    /// the points directly above, below, left and right of it, and some
    /// points also to one diagonal neighbour, so that points inside the
    /// board have five neighbours and points on the edge fewer. Strings,
    /// liberties and territory follow these links only: two points that
    /// merely look diagonally adjacent are not connected.
    ///
    /// With rows counted from the top and columns from the left, both from
    /// zero: a point in an even row `r > 0` and an odd column `c` is linked
    /// to `(c - 1, r - 1)`; a point in an odd row `r` and an odd column
    /// `c` that is not the last column is linked to `(c + 1, r - 1)`. The
    /// board has as many points as the square board of the same size, and
    /// the same point names and star points.
    #[component(Topology, "snub-square")]
    #[derive(Debug)]
    pub struct SnubSquare {
        geometry: Arc<Geometry>,
    }
}

/// Parameters of [`SnubSquare`].
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SnubSquareParams {
    /// Columns, from 2 to 25.
    #[schemars(range(min = 2, max = 25))]
    pub width: u32,
    /// Rows, from 2 to 25.
    #[schemars(range(min = 2, max = 25))]
    pub height: u32,
}

impl SnubSquare {
    /// The snub-square board of `width` x `height` points.
    pub fn new(width: usize, height: usize) -> Result<SnubSquare, String> {
        if !(2..=25).contains(&width) || !(2..=25).contains(&height) {
            return Err(format!(
                "a {width}x{height} snub-square board is not offered: widths and heights run from 2 to 25"
            ));
        }
        let at = |column: usize, row: usize| row * width + column;
        // The square grid, and one diagonal in every other cell.
        let mut links: Vec<_> = Geometry::grid_links(width, height).collect();
        for row in 0..height {
            for column in 0..width {
                let p = at(column, row);
                let odd_column = column % 2 == 1;
                if row > 0 && row % 2 == 0 && odd_column {
                    links.push((p, at(column - 1, row - 1)));
                }
                if row % 2 == 1 && odd_column && column + 1 < width {
                    links.push((p, at(column + 1, row - 1)));
                }
            }
        }
        let geometry = Geometry::from_links(width, height, links).map_err(|e| e.to_string())?;
        let stars = super::star_points(&geometry);
        let positions = SnubSquare::drawing_positions(width, height);
        Ok(SnubSquare {
            geometry: Arc::new(geometry.with_star_points(stars).with_positions(positions)),
        })
    }

    /// Where the points are drawn: as the real snub-square tiling, in
    /// which every link has the same length, the grid cells without a
    /// diagonal are squares and each cell with one is two equilateral
    /// triangles. Walking along a row, the links turn alternately 15
    /// degrees up and down; walking down a column, 15 degrees left and
    /// right. (Cells with a diagonal are the ones whose top-left corner has
    /// an odd column plus row; the angles follow from squares needing right
    /// angles and triangles 60 degrees.)
    fn drawing_positions(width: usize, height: usize) -> Vec<[f64; 2]> {
        let step = |degrees: f64| {
            let r = degrees.to_radians();
            [r.cos(), r.sin()]
        };
        let along_row = |column: usize| {
            step(if column.is_multiple_of(2) {
                -15.0
            } else {
                15.0
            })
        };
        let down_column = |row: usize| step(if row.is_multiple_of(2) { 75.0 } else { 105.0 });
        let mut row_start = [0.0, 0.0];
        let mut positions = Vec::with_capacity(width * height);
        for row in 0..height {
            let mut at = row_start;
            for column in 0..width {
                positions.push(at);
                let [dx, dy] = along_row(column);
                at = [at[0] + dx, at[1] + dy];
            }
            let [dx, dy] = down_column(row);
            row_start = [row_start[0] + dx, row_start[1] + dy];
        }
        positions
    }
}

impl FromParams for SnubSquare {
    type Params = SnubSquareParams;

    fn from_params(p: SnubSquareParams, _: &BuildContext) -> Result<SnubSquare, Vec<BuildProblem>> {
        SnubSquare::new(p.width as usize, p.height as usize)
            .map_err(|m| vec![BuildProblem::section(m)])
    }
}

tengen_core::component_without_hooks!(SnubSquare);

impl Topology for SnubSquare {
    fn geometry(&self) -> Arc<Geometry> {
        Arc::clone(&self.geometry)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn degrees(n: usize) -> std::collections::BTreeMap<usize, usize> {
        let g = SnubSquare::new(n, n).unwrap().geometry();
        let mut count = std::collections::BTreeMap::new();
        for p in g.points() {
            *count.entry(g.neighbours(p).len()).or_insert(0) += 1;
        }
        count
    }

    #[test]
    fn drawn_as_the_real_tiling_every_link_has_the_same_length() {
        let board = SnubSquare::new(16, 16).expect("a board");
        let g = &board.geometry;
        for p in g.points() {
            for &q in g.neighbours(p) {
                let ([x1, y1], [x2, y2]) = (g.position(p), g.position(q));
                let length = (x2 - x1).hypot(y2 - y1);
                assert!(
                    (length - 1.0).abs() < 1e-9,
                    "{} to {} is {length} long",
                    g.name(p),
                    g.name(q)
                );
            }
        }
    }

    #[test]
    fn every_inside_point_has_five_neighbours() {
        for n in [11, 16, 19, 23] {
            let g = SnubSquare::new(n, n).unwrap().geometry();
            assert_eq!(g.point_count(), n * n);
            for column in 1..n - 1 {
                for row in 1..n - 1 {
                    let p = g.point_at(column, row).unwrap();
                    assert_eq!(g.neighbours(p).len(), 5, "{} on {n}x{n}", g.name(p));
                }
            }
        }
        // 11x11: 81 inside points of degree 5; edges of degree 3 or 4;
        // corners of degree 2 or 3.
        let d = degrees(11);
        assert_eq!(d.values().sum::<usize>(), 121);
        assert_eq!(d[&5], 81);
    }

    #[test]
    fn named_neighbourhoods_follow_the_rule() {
        let g = SnubSquare::new(11, 11).unwrap().geometry();
        let names = |s: &str| {
            let mut v: Vec<String> = g
                .neighbours(g.parse_point(s).unwrap())
                .iter()
                .map(|&p| g.name(p))
                .collect();
            v.sort();
            v
        };
        // B9 is column 1, row 2 from the top: it links up-left to A10.
        assert_eq!(names("B9"), ["A10", "A9", "B10", "B8", "C9"]);
        // B10 is column 1, row 1: it links up-right to C11.
        assert_eq!(names("B10"), ["A10", "B11", "B9", "C10", "C11"]);
        // A11, the top-left corner, has only its two orthogonal neighbours.
        assert_eq!(names("A11"), ["A10", "B11"]);
    }
}
