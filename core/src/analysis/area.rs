//! Area counting: stones, and empty regions that reach only one colour.

use crate::board::Board;
use crate::colour::{ByColour, Colour};
use crate::point::{Point, PointSet};

/// Who each point counts for under area scoring.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AreaCount {
    /// Living stones of each colour (stones on `dead` points excluded).
    pub stones: ByColour<u32>,
    /// Empty points (dead stones' points included) in regions that reach
    /// only that colour's living stones.
    pub territory: ByColour<u32>,
    /// For each point, the colour it counts for, if any.
    pub owner: Vec<Option<Colour>>,
}

/// Counts the area of `board`, treating the stones on `dead` points as
/// removed. A region of empty (or dead) points counts for a colour when
/// every stone it touches is a living stone of that colour; a region that
/// touches both colours, or none, counts for nobody.
pub fn area_count(board: &Board, dead: &PointSet) -> AreaCount {
    let geometry = board.geometry();
    let n = geometry.point_count();
    let living = |p: Point| board.get(p).filter(|_| !dead.contains(p));
    let mut owner: Vec<Option<Colour>> = geometry.points().map(living).collect();
    let mut stones = ByColour::default();
    for c in owner.iter().flatten() {
        stones[*c] += 1;
    }
    let mut territory = ByColour::default();
    let mut seen = vec![false; n];
    let mut region = Vec::new();
    let mut stack = Vec::new();
    let no_dead = dead.is_empty();
    for start in geometry.points() {
        if seen[start.index()] || living(start).is_some() {
            continue;
        }
        // An empty point with no empty neighbour is a region of its own
        // (with no dead stones, every stone is living): the board's
        // neighbour counts say which colours it reaches, with no search.
        // Most regions at the end of a random game are such points.
        if no_dead && board.empty_neighbours(start) == 0 {
            seen[start.index()] = true;
            let reaches = Colour::BOTH.map(|c| board.neighbours_of_colour(start, c) > 0);
            if let Some(c) = sole_colour(reaches) {
                territory[c] += 1;
                owner[start.index()] = Some(c);
            }
            continue;
        }
        region.clear();
        stack.push(start);
        seen[start.index()] = true;
        let mut reaches = [false; 2];
        while let Some(p) = stack.pop() {
            region.push(p);
            for &q in geometry.neighbours(p) {
                match living(q) {
                    Some(c) => reaches[c.index()] = true,
                    None if !seen[q.index()] => {
                        seen[q.index()] = true;
                        stack.push(q);
                    }
                    None => {}
                }
            }
        }
        if let Some(c) = sole_colour(reaches) {
            territory[c] += region.len() as u32;
            for &p in &region {
                owner[p.index()] = Some(c);
            }
        }
    }
    AreaCount {
        stones,
        territory,
        owner,
    }
}

/// The one colour a region reaches, given whether it reaches each colour
/// (indexed by [`Colour::index`]); `None` when it reaches both or neither.
fn sole_colour(reaches: [bool; 2]) -> Option<Colour> {
    match reaches {
        [true, false] => Some(Colour::BOTH[0]),
        [false, true] => Some(Colour::BOTH[1]),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::test_positions;

    #[test]
    fn one_point_regions_count_as_the_search_counts_them() {
        // A "dead" empty point changes no living stone, but turns off the
        // shortcut for one-point regions: both counts must agree.
        let mut one_point_regions = 0;
        for seed in 1..=200 {
            let b = test_positions::random(seed, 40 + (seed as usize % 80));
            let Some(&empty) = b.empty_list().first() else {
                continue;
            };
            one_point_regions += b
                .empty_list()
                .iter()
                .filter(|&&p| b.empty_neighbours(p) == 0)
                .count();
            let mut dead = PointSet::with_capacity(b.geometry().point_count());
            dead.insert(empty);
            assert_eq!(
                area_count(&b, &PointSet::default()),
                area_count(&b, &dead),
                "{b:?}"
            );
        }
        assert!(one_point_regions > 500, "{one_point_regions}");
    }
}
