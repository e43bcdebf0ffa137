//! Topologies: the shapes of boards.

// One module per file of this folder, declared by build.rs: a new
// component is a new file here, and nothing else lists it.
include!(concat!(env!("OUT_DIR"), "/modules_topology.rs"));

use tengen_core::{Geometry, Point};

/// The conventional star points of a `width` x `height` grid, for drawing:
/// the corner points on the third line (boards under 12 lines) or the
/// fourth, the centre of a board odd both ways, and the side points of
/// such a board of 15 lines or more.
pub(crate) fn star_points(geometry: &Geometry) -> Vec<Point> {
    let (w, h) = (geometry.width(), geometry.height());
    if w < 7 || h < 7 {
        return Vec::new();
    }
    let edge = |n: usize| if n >= 12 { 3 } else { 2 };
    let lines = |n: usize, with_middle: bool| {
        let mut v = vec![edge(n), n - 1 - edge(n)];
        if with_middle {
            v.insert(1, n / 2);
        }
        v
    };
    let odd = w % 2 == 1 && h % 2 == 1;
    let sides = odd && w >= 15 && h >= 15;
    let mut points = Vec::new();
    for (i, &row) in lines(h, odd).iter().enumerate() {
        for (j, &column) in lines(w, odd).iter().enumerate() {
            let middle_row = odd && i == 1;
            let middle_column = odd && j == 1;
            let keep = match (middle_row, middle_column) {
                (false, false) | (true, true) => true,
                _ => sides,
            };
            if keep {
                points.extend(geometry.point_at(column, row));
            }
        }
    }
    points.sort();
    points
}
