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
    for start in geometry.points() {
        if seen[start.index()] || living(start).is_some() {
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
        let colour = match reaches {
            [true, false] => Some(Colour::Black),
            [false, true] => Some(Colour::White),
            _ => None,
        };
        if let Some(c) = colour {
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
