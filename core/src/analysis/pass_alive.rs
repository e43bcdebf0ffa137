//! Pass-alive strings (Benson's algorithm, adapted to the suicide rule),
//! and the Kill-All test that no room is left for a living string.
//!
//! A string is *pass-alive* when the opponent cannot capture it even if its
//! owner never answers. Benson's algorithm finds such strings from the
//! position alone:
//!
//! 1. The *regions* of a colour are the maximal connected sets of points
//!    not holding that colour's stones (empty points and opposing stones).
//! 2. A region is *vital* to a string of the colour when the opponent
//!    could never fill it without capturing: every point of the region that
//!    the opponent could occupy for good must be next to the string. Where
//!    self-capture is legal the opponent can clear its own stones out of the
//!    region, so every point (empty or not) must be next to the string;
//!    where suicide is refused, only the empty points must be.
//! 3. Repeatedly, drop the strings with fewer vital regions than the
//!    minimum (two, or three where one move can fill two eyes before any
//!    removal), and drop the regions next to a dropped string, until
//!    nothing changes. The strings left are pass-alive.

use crate::board::Board;
use crate::colour::Colour;
use crate::point::{Point, PointSet};

/// The rules a pass-alive analysis depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LifeRule {
    /// How many vital regions a string needs: 2, or 3 where a single move
    /// can fill two eyes before any removal.
    pub vital_minimum: usize,
    /// Whether a player may remove their own strings by self-capture.
    pub self_capture_legal: bool,
}

impl Default for LifeRule {
    fn default() -> LifeRule {
        LifeRule {
            vital_minimum: 2,
            self_capture_legal: false,
        }
    }
}

/// The stones of `colour`'s pass-alive strings.
pub fn pass_alive_stones(board: &Board, colour: Colour, rule: LifeRule) -> PointSet {
    let geometry = board.geometry();
    let n = geometry.point_count();
    // Strings of the colour, by head.
    let mut strings = 0;
    let mut index_of_head = vec![usize::MAX; n];
    let mut string_of = vec![usize::MAX; n];
    for p in geometry.points() {
        if board.get(p) == Some(colour) {
            let head = board.string_head(p).index();
            if index_of_head[head] == usize::MAX {
                index_of_head[head] = strings;
                strings += 1;
            }
            string_of[p.index()] = index_of_head[head];
        }
    }
    if strings == 0 {
        return PointSet::default();
    }
    // Regions: connected sets of points not holding the colour's stones,
    // with the strings next to them and the strings they are vital to.
    let mut region_of = vec![usize::MAX; n];
    let mut touching: Vec<Vec<usize>> = Vec::new();
    let mut vital_to: Vec<Vec<usize>> = Vec::new();
    let mut stack = Vec::new();
    for start in geometry.points() {
        if board.get(start) == Some(colour) || region_of[start.index()] != usize::MAX {
            continue;
        }
        let region = touching.len();
        let mut next_to = Vec::new();
        let mut vital: Option<Vec<usize>> = None;
        region_of[start.index()] = region;
        stack.push(start);
        while let Some(p) = stack.pop() {
            let mut around: Vec<usize> = Vec::new();
            for &q in geometry.neighbours(p) {
                if board.get(q) == Some(colour) {
                    let s = string_of[q.index()];
                    if !around.contains(&s) {
                        around.push(s);
                    }
                } else if region_of[q.index()] == usize::MAX {
                    region_of[q.index()] = region;
                    stack.push(q);
                }
            }
            for &s in &around {
                if !next_to.contains(&s) {
                    next_to.push(s);
                }
            }
            let counts = rule.self_capture_legal || board.is_empty(p);
            if counts {
                vital = Some(match vital {
                    None => around,
                    Some(v) => v.into_iter().filter(|s| around.contains(s)).collect(),
                });
            }
        }
        touching.push(next_to.clone());
        // A region with no point that counts is vital to every string next
        // to it.
        vital_to.push(vital.unwrap_or(next_to));
    }
    let mut alive = vec![true; strings];
    let mut healthy = vec![true; touching.len()];
    loop {
        let mut changed = false;
        for (s, alive_s) in alive.iter_mut().enumerate() {
            if !*alive_s {
                continue;
            }
            let vital = (0..touching.len())
                .filter(|&r| healthy[r] && vital_to[r].contains(&s))
                .count();
            if vital < rule.vital_minimum {
                *alive_s = false;
                changed = true;
            }
        }
        for r in 0..touching.len() {
            if healthy[r] && touching[r].iter().any(|&s| !alive[s]) {
                healthy[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    geometry
        .points()
        .filter(|p| {
            let s = string_of[p.index()];
            s != usize::MAX && alive[s]
        })
        .collect()
}

/// Whether no room is left for a pass-alive string of `defender`: the
/// Kill-All test for the Attacker's automatic win. It is sound but not
/// complete (it wins only positions that are clearly lost).
///
/// Take the Attacker's pass-alive stones and set their points aside. In
/// each connected part of the rest of the board, the candidate eye points
/// are those next to none of those stones. The Defender still has room when
/// some part holds at least the vital minimum of candidate points, no two
/// of them next to each other; with no such part, no room is left.
pub fn no_room_for_life(board: &Board, defender: Colour, rule: LifeRule) -> bool {
    let geometry = board.geometry();
    let attacker_alive = pass_alive_stones(board, defender.opponent(), rule);
    let mut seen = PointSet::with_capacity(geometry.point_count());
    let mut stack = Vec::new();
    for start in geometry.points() {
        if attacker_alive.contains(start) || seen.contains(start) {
            continue;
        }
        let mut candidates = Vec::new();
        seen.insert(start);
        stack.push(start);
        while let Some(p) = stack.pop() {
            let mut next_to_alive = false;
            for &q in geometry.neighbours(p) {
                if attacker_alive.contains(q) {
                    next_to_alive = true;
                } else if seen.insert(q) {
                    stack.push(q);
                }
            }
            if !next_to_alive {
                candidates.push(p);
            }
        }
        if has_independent_set(board, &candidates, rule.vital_minimum) {
            return false;
        }
    }
    true
}

/// Whether `k` of the `points` can be chosen with no two neighbours.
fn has_independent_set(board: &Board, points: &[Point], k: usize) -> bool {
    let geometry = board.geometry();
    if points.len() < k {
        return false;
    }
    // Each choice rules out at most itself and its neighbours, so with this
    // many points a greedy choice always succeeds.
    if points.len() >= k * (crate::geometry::MAX_DEGREE + 1) {
        return true;
    }
    fn search(
        geometry: &crate::Geometry,
        points: &[Point],
        chosen: &mut Vec<Point>,
        from: usize,
        k: usize,
    ) -> bool {
        if chosen.len() == k {
            return true;
        }
        for i in from..points.len() {
            let p = points[i];
            if chosen
                .iter()
                .all(|&c| c != p && !geometry.are_neighbours(c, p))
            {
                chosen.push(p);
                if search(geometry, points, chosen, i + 1, k) {
                    return true;
                }
                chosen.pop();
            }
        }
        false
    }
    search(geometry, points, &mut Vec::with_capacity(k), 0, k)
}
