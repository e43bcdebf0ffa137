//! The ring around a point: its neighbours and diagonals in the order
//! they go round it, read off the topology's links alone.
//!
//! A diagonal of a point neighbours two of its neighbours (that is what
//! makes it a diagonal, see [`Geometry::diagonals`]), so it sits between
//! them. Going round the point means going from a neighbour through a
//! diagonal to the next neighbour: on a square grid that is N, NE, E, SE,
//! S, SW, W, NW; on a hexagonal board six neighbours and six diagonals;
//! on the edge of a board the walk is a path rather than a cycle, and the
//! slots beyond its ends are off the board. A neighbourhood that is not
//! a cycle or a single path this way (a diagonal between three
//! neighbours, a neighbour apart from the others, as some graph boards
//! have) has no ring; its pattern counts what surrounds it instead of
//! ordering it (see [`super::shape_key`]).

use crate::geometry::Geometry;
use crate::point::Point;

/// A slot of a ring beyond the board's edge.
pub(crate) const OFF: u32 = u32::MAX;

/// The ring of every point of one geometry.
#[derive(Clone, Debug)]
pub(crate) struct Rings {
    /// Slots a ring has: twice the most neighbours a point with a ring
    /// has, neighbours in the even slots, diagonals in the odd.
    pub(crate) len: usize,
    /// `len` slots a point: the point there, or [`OFF`].
    slots: Vec<u32>,
    /// Whether each point's neighbourhood is a ring.
    regular: Vec<bool>,
}

impl Rings {
    /// The rings of `geometry`'s points.
    pub(crate) fn of(geometry: &Geometry) -> Rings {
        let walks: Vec<Option<Vec<u32>>> = geometry.points().map(|p| walk(geometry, p)).collect();
        let len = walks
            .iter()
            .flatten()
            .map(|w| w.len().div_ceil(2) * 2)
            .max()
            .unwrap_or(0);
        let mut slots = Vec::with_capacity(len * walks.len());
        let mut regular = Vec::with_capacity(walks.len());
        for walk in &walks {
            let start = slots.len();
            if let Some(walk) = walk {
                slots.extend_from_slice(walk);
            }
            slots.resize(start + len, OFF);
            regular.push(walk.is_some());
        }
        Rings {
            len,
            slots,
            regular,
        }
    }

    /// The ring of `point`, where its neighbourhood is one.
    pub(crate) fn ring(&self, point: Point) -> Option<&[u32]> {
        let i = point.index();
        self.regular[i].then(|| &self.slots[i * self.len..(i + 1) * self.len])
    }
}

/// The walk round `point`: neighbour, diagonal, neighbour..., closing with
/// the diagonal back to the first neighbour for a cycle; `None` where the
/// neighbourhood is not a single cycle or path.
fn walk(geometry: &Geometry, point: Point) -> Option<Vec<u32>> {
    let neighbours = geometry.neighbours(point);
    // Each neighbour's links: (diagonal, the neighbour beyond it).
    let mut links: Vec<Vec<(Point, Point)>> = vec![Vec::new(); neighbours.len()];
    for &d in geometry.diagonals(point) {
        let sides: Vec<usize> = (0..neighbours.len())
            .filter(|&i| geometry.are_neighbours(neighbours[i], d))
            .collect();
        let [a, b] = sides[..] else {
            return None;
        };
        links[a].push((d, neighbours[b]));
        links[b].push((d, neighbours[a]));
    }
    if links.iter().any(|l| l.len() > 2) {
        return None;
    }
    let Some(first) = (0..neighbours.len())
        .find(|&i| links[i].len() < 2)
        .or((!neighbours.is_empty()).then_some(0))
    else {
        return Some(Vec::new());
    };
    let index = |n: Point| neighbours.iter().position(|&m| m == n);
    let mut walk = vec![neighbours[first].index() as u32];
    let mut used_diagonals: Vec<Point> = Vec::new();
    let mut at = first;
    while let Some(&(d, next)) = links[at].iter().find(|(d, _)| !used_diagonals.contains(d)) {
        used_diagonals.push(d);
        walk.push(d.index() as u32);
        let next = index(next)?;
        if next == first {
            break;
        }
        walk.push(neighbours[next].index() as u32);
        at = next;
    }
    let visited = walk.len().div_ceil(2);
    (visited == neighbours.len()).then_some(walk)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(size: usize) -> Geometry {
        Geometry::from_links(size, size, Geometry::grid_links(size, size)).expect("a grid")
    }

    /// Round an inner point of a square grid: eight slots, alternating
    /// neighbours and diagonals, each next to the one before.
    #[test]
    fn an_inner_point_of_a_square_grid_has_a_ring_of_eight() {
        let g = square(5);
        let centre = g.point_at(2, 2).expect("a point");
        let rings = Rings::of(&g);
        assert_eq!(rings.len, 8);
        let ring = rings.ring(centre).expect("a ring");
        for (i, &slot) in ring.iter().enumerate() {
            let p = Point::new(slot as usize);
            assert_eq!(g.are_neighbours(centre, p), i % 2 == 0, "slot {i}");
            let next = Point::new(ring[(i + 1) % 8] as usize);
            assert!(g.are_neighbours(p, next), "slots {i} and {} touch", i + 1);
        }
    }

    /// On the edge the walk is a path of three neighbours and two
    /// diagonals, the rest off the board; in the corner two and one.
    #[test]
    fn edges_and_corners_leave_slots_off_the_board() {
        let g = square(5);
        let rings = Rings::of(&g);
        let edge = rings
            .ring(g.point_at(2, 0).expect("a point"))
            .expect("a ring");
        assert_eq!(edge.iter().filter(|&&s| s != OFF).count(), 5);
        assert_eq!(&edge[5..], &[OFF; 3]);
        let corner = rings
            .ring(g.point_at(0, 0).expect("a point"))
            .expect("a ring");
        assert_eq!(corner.iter().filter(|&&s| s != OFF).count(), 3);
    }
}
