//! The surface of a cube, drawn as a belt of four faces with the top and
//! bottom faces' inner points above and below it.

use schemars::JsonSchema;
use serde::Deserialize;
use std::sync::Arc;
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::{Geometry, Point, Topology};

tengen_core::component! {
    /// The surface of a cube with `size` points along each edge: the
    /// points of the lattice on its six faces, those on an edge of the
    /// cube shared by the two faces that meet there and the eight corners
    /// by three. Two points are neighbours when they are one step apart
    /// on the surface, so a corner has three neighbours and every other
    /// point four: a point on an edge has two along the edge and one on
    /// each face. The board has `6 size² - 12 size + 8` points (26 for
    /// size 3, 98 for 5, 218 for 7).
    ///
    /// **The drawing and the names.** The cube is cut open as a belt and
    /// two lids. The belt runs once around the cube through the left,
    /// front, right and back faces (each `size` points wide, neighbours
    /// sharing their edge) over `size` rows: its top row is the rim of
    /// the top face, its bottom row the rim of the bottom face, and its
    /// first and last columns are neighbours (the back face's right edge
    /// joins the left face's left edge), drawn as short lines leaving the
    /// belt at both ends. The points inside the top face (without its
    /// rim, which is in the belt) are drawn above the front face, as if
    /// folded up from it; those inside the bottom face below it. The top
    /// lid's first column is linked to the left face's top row, its last
    /// column to the right face's top row, and its top row to the back
    /// face's top row (the bottom lid likewise, with its bottom row
    /// joining the back face); these links are drawn as short lines
    /// pointing where the folded face goes: from a lid sideways or away
    /// from the belt, from the belt's rim up or down. Every point is
    /// drawn once. Points are named on this grid of `4 (size - 1)`
    /// columns and `3 size - 4` rows as on the square board (a column
    /// letter from A without I and a row number from the bottom); its
    /// cells around the lids are holes. Sizes run from 3 to 7, the most
    /// the 25 column letters allow.
    ///
    /// The star points are the centres of the six faces on cubes of odd
    /// size 5 or 7.
    #[component(Topology, "cube")]
    #[derive(Debug)]
    pub struct Cube {
        geometry: Arc<Geometry>,
    }
}

/// Parameters of [`Cube`].
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CubeParams {
    /// Points along each edge of the cube, from 3 to 7.
    #[schemars(range(min = 3, max = 7))]
    pub size: u32,
}

/// A lattice point of the surface: `x` from left to right, `y` from the
/// bottom up, `z` from the front to the back, each from 0 to `size - 1`.
type Spot = [usize; 3];

/// Where a spot lies in the drawing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Part {
    Belt,
    TopLid,
    BottomLid,
}

/// The cube's spots laid out on the drawing's grid.
struct Net {
    /// The last lattice coordinate, `size - 1`.
    m: usize,
}

impl Net {
    fn part(&self, [x, y, z]: Spot) -> Part {
        let inner = |v: usize| 0 < v && v < self.m;
        match y {
            _ if !(inner(x) && inner(z)) => Part::Belt,
            0 => Part::BottomLid,
            _ => Part::TopLid,
        }
    }

    /// The cell (column, row) of a spot.
    fn cell(&self, spot: Spot) -> (usize, usize) {
        let m = self.m;
        let [x, y, z] = spot;
        match self.part(spot) {
            Part::TopLid => (m + x, m - 1 - z),
            Part::BottomLid => (m + x, 2 * m - 1 + z),
            Part::Belt => {
                // Around the cube: left (back to front), front, right
                // (front to back), back (right to left).
                let around = if z == 0 {
                    m + x
                } else if x == m {
                    2 * m + z
                } else if z == m {
                    3 * m + (m - x)
                } else {
                    m - z
                };
                (around % (4 * m), m - 1 + (m - y))
            }
        }
    }

    /// Which way the short line of a link drawn leaving the board points
    /// at `from`, toward `to`, where the drawing's default (away from the
    /// other end) is wrong: at a fold between a lid and the belt.
    fn stub(&self, from: Spot, to: Spot) -> Option<[f64; 2]> {
        let (m, [x, _, z]) = (self.m, to);
        let outward = |part| if part == Part::TopLid { -1.0 } else { 1.0 };
        match (self.part(from), self.part(to)) {
            (Part::Belt, Part::Belt) => None,
            (Part::Belt, lid) => Some([0.0, outward(lid)]),
            // From a lid to the left, right or back face.
            (lid, _) => Some(if x == 0 {
                [-1.0, 0.0]
            } else if x == m {
                [1.0, 0.0]
            } else {
                debug_assert_eq!(z, m, "the front face is drawn beside the lids");
                [0.0, outward(lid)]
            }),
        }
    }
}

impl Cube {
    /// The cube with `size` points along each edge.
    pub fn new(size: usize) -> Result<Cube, String> {
        if !(3..=7).contains(&size) {
            return Err(format!(
                "a cube of size {size} is not offered: sizes run from 3 to 7"
            ));
        }
        let m = size - 1;
        let net = Net { m };
        let on_surface = |s: Spot| s.iter().any(|&v| v == 0 || v == m);
        let mut spots: Vec<Spot> = Vec::new();
        for x in 0..=m {
            for y in 0..=m {
                for z in 0..=m {
                    if on_surface([x, y, z]) {
                        spots.push([x, y, z]);
                    }
                }
            }
        }
        // Points in the order of their cells, row by row.
        spots.sort_by_key(|&s| {
            let (column, row) = net.cell(s);
            (row, column)
        });
        let index =
            |s: Spot| spots.binary_search_by_key(&swap(net.cell(s)), |&t| swap(net.cell(t)));
        let mut links = Vec::new();
        for (i, &spot) in spots.iter().enumerate() {
            for axis in 0..3 {
                if spot[axis] < m {
                    let mut next = spot;
                    next[axis] += 1;
                    if on_surface(next) {
                        let j = index(next).expect("a spot of the surface");
                        links.push((i, j));
                    }
                }
            }
        }
        let cells: Vec<(usize, usize)> = spots.iter().map(|&s| net.cell(s)).collect();
        let geometry = Geometry::from_cells_and_links(
            4 * m,
            3 * m - 1,
            cells.iter().copied(),
            links.iter().copied(),
        )
        .map_err(|e| e.to_string())?;
        // Links between cells that are not side by side in the drawing.
        let apart = |a: usize, b: usize| {
            let ((ca, ra), (cb, rb)) = (cells[a], cells[b]);
            ca.abs_diff(cb) + ra.abs_diff(rb) != 1
        };
        let wrapping: Vec<(usize, usize)> = links
            .iter()
            .copied()
            .filter(|&(a, b)| apart(a, b))
            .collect();
        let stubs: Vec<((Point, Point), [f64; 2])> = wrapping
            .iter()
            .flat_map(|&(a, b)| [(a, b), (b, a)])
            .filter_map(|(a, b)| {
                net.stub(spots[a], spots[b])
                    .map(|d| ((Point::new(a), Point::new(b)), d))
            })
            .collect();
        let mut stars: Vec<Point> = Vec::new();
        if size >= 5 && size % 2 == 1 {
            let h = m / 2;
            for centre in [
                [h, h, 0],
                [h, h, m],
                [0, h, h],
                [m, h, h],
                [h, 0, h],
                [h, m, h],
            ] {
                stars.push(Point::new(index(centre).expect("a face's centre")));
            }
            stars.sort();
        }
        let geometry = geometry
            .with_wrapping_links(
                wrapping
                    .iter()
                    .map(|&(a, b)| (Point::new(a), Point::new(b))),
            )
            .with_stub_directions(stubs)
            .with_star_points(stars);
        Ok(Cube {
            geometry: Arc::new(geometry),
        })
    }
}

/// A cell as (row, column), the order of the points.
fn swap((column, row): (usize, usize)) -> (usize, usize) {
    (row, column)
}

impl FromParams for Cube {
    type Params = CubeParams;

    fn from_params(params: CubeParams, _: &BuildContext) -> Result<Cube, Vec<BuildProblem>> {
        Cube::new(params.size as usize).map_err(|m| vec![BuildProblem::at("size", m)])
    }
}

tengen_core::component_without_hooks!(Cube);

impl Topology for Cube {
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
    fn the_surface_has_its_lattice_points_each_once() {
        for size in 3..=7 {
            let g = Cube::new(size).unwrap().geometry();
            assert_eq!(
                g.point_count(),
                6 * size * size - 12 * size + 8,
                "size {size}"
            );
            let degrees: Vec<usize> = g.points().map(|p| g.neighbours(p).len()).collect();
            assert_eq!(
                degrees.iter().filter(|&&d| d == 3).count(),
                8,
                "eight corners"
            );
            assert!(degrees.iter().all(|&d| d == 3 || d == 4));
            assert_eq!((g.width(), g.height()), (4 * (size - 1), 3 * size - 4));
        }
    }

    #[test]
    fn links_across_the_cuts_are_drawn_leaving_the_board() {
        let g = Cube::new(5).unwrap().geometry();
        for p in g.points() {
            for &q in g.neighbours(p) {
                let ((pc, pr), (qc, qr)) = (g.grid_position(p), g.grid_position(q));
                let side_by_side = pc.abs_diff(qc) + pr.abs_diff(qr) == 1;
                assert_eq!(g.wraps(p, q), !side_by_side, "{} {}", g.name(p), g.name(q));
            }
        }
    }

    #[test]
    fn the_net_of_a_size_3_cube() {
        // 8 columns (A to H), 5 rows: the top lid's one point D5 above the
        // belt (rows 4 to 2, the front face in columns C to E), the bottom
        // lid's D1 below it.
        let g = Cube::new(3).unwrap().geometry();
        // The top face's centre: the front's top edge below it, the left
        // face's, the right face's and the back's top edges around.
        assert_eq!(neighbours(&g, "D5"), ["B4", "D4", "F4", "H4"]);
        let (d5, b4) = (g.parse_point("D5").unwrap(), g.parse_point("B4").unwrap());
        assert_eq!(g.stub(d5, b4), Some([-1.0, 0.0]), "toward the left face");
        assert_eq!(g.stub(b4, d5), Some([0.0, -1.0]), "up, toward the lid");
        // A1 is no point: the cells beside the lids are holes.
        assert!(g.parse_point("A1").is_err());
        // The belt's ends join: A3 (the left face's back edge) and H3.
        assert_eq!(neighbours(&g, "A3"), ["A2", "A4", "B3", "H3"]);
        // A corner: the front-top-left corner C4 has three neighbours.
        assert_eq!(neighbours(&g, "C4"), ["B4", "C3", "D4"]);
    }

    #[test]
    fn sizes_beyond_the_letters_are_refused() {
        assert!(Cube::new(2).is_err());
        assert!(Cube::new(8).is_err());
    }
}
