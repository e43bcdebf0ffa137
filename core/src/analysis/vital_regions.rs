//! The quick test that lets the pass-alive analysis stop before it starts:
//! whether any string has as many vital regions as it needs.
//!
//! Benson's algorithm first drops every string with fewer vital regions
//! than the minimum, and dropping only takes vital regions away; so when
//! no string starts with the minimum, no string is pass-alive. Most
//! positions of a game are like that, and the test settles them after
//! looking only at the regions that could be vital to something.
//!
//! Which regions those are: a region is vital to a string when every point
//! of it that counts (every point where self-capture is legal, every empty
//! point where suicide is refused) is next to the string. When every
//! opposing stone has a liberty, every region holds an empty point (a
//! region without one would hold only opposing stones, all without
//! liberties), and the empty points of a vital region, which count under
//! either rule, are next to the string. So each region that is vital to
//! something holds an empty point next to the colour's stones: the test
//! explores the region of each such point, and gives up on a region as soon
//! as two of its counting points have no string in common.

use super::pass_alive::LifeRule;
use crate::board::Board;
use crate::colour::Colour;
use crate::geometry::MAX_DEGREE;
use crate::point::Point;

/// Whether some string of `colour` has at least the vital minimum of vital
/// regions. When false, no string of `colour` is pass-alive; when true, the
/// full analysis decides. With an opposing stone without liberties on the
/// board it answers true, leaving such positions to the full analysis.
pub(crate) fn some_string_has_enough_vital_regions(
    board: &Board,
    colour: Colour,
    rule: LifeRule,
) -> bool {
    if rule.vital_minimum == 0 {
        return board.stone_count(colour) > 0;
    }
    strings_with_enough_vital_regions(board, colour, rule, true).is_none_or(|s| !s.is_empty())
}

/// The strings of `colour` (by head) with at least the vital minimum of
/// vital regions: every pass-alive string is among them, since Benson's
/// algorithm only drops strings. `None` when the test cannot tell (an
/// opposing stone without liberties, or a vital minimum of 0); with
/// `first_only`, it stops at the first such string.
pub(crate) fn strings_with_enough_vital_regions(
    board: &Board,
    colour: Colour,
    rule: LifeRule,
    first_only: bool,
) -> Option<Vec<Point>> {
    if rule.vital_minimum == 0 {
        return None;
    }
    let geometry = board.geometry();
    let opponent = Some(colour.opponent());
    // The exploration that first reached each point (0: none yet).
    let mut explored_by = vec![0u32; geometry.point_count()];
    let mut exploration = 0u32;
    // The strings (by head) with a vital region found so far, and how many.
    let mut vital_counts: Vec<(Point, usize)> = Vec::new();
    let mut enough = Vec::new();
    let mut stack = Vec::new();
    for p in geometry.points() {
        match board.get(p) {
            Some(c) if Some(c) == opponent && !board.has_liberty(p) => return None,
            None if board.neighbours_of_colour(p, colour) > 0 && explored_by[p.index()] == 0 => {
                exploration += 1;
                let Some(vital) = vital_strings(
                    board,
                    colour,
                    rule,
                    p,
                    exploration,
                    &mut explored_by,
                    &mut stack,
                ) else {
                    continue;
                };
                for head in vital {
                    let count = match vital_counts.iter_mut().find(|(h, _)| *h == head) {
                        Some((_, count)) => count,
                        None => {
                            vital_counts.push((head, 0));
                            &mut vital_counts.last_mut().expect("just pushed").1
                        }
                    };
                    *count += 1;
                    if *count == rule.vital_minimum {
                        enough.push(head);
                        if first_only {
                            return Some(enough);
                        }
                    }
                }
            }
            _ => {}
        }
    }
    Some(enough)
}

/// The strings of `colour` next to `point`, by head, each once.
fn strings_next_to(board: &Board, colour: Colour, point: Point) -> Strings {
    let mut strings = Strings::default();
    for &q in board.geometry().neighbours(point) {
        if board.get(q) == Some(colour) {
            strings.add(board.string_head(q));
        }
    }
    strings
}

/// Explores the region of `start` (an empty point next to a stone of
/// `colour`), marking its points with `exploration`: the strings it is
/// vital to, or `None` as soon as it is clear that it is vital to none
/// (two counting points with no string in common, or a point an earlier,
/// abandoned exploration reached).
fn vital_strings(
    board: &Board,
    colour: Colour,
    rule: LifeRule,
    start: Point,
    exploration: u32,
    explored_by: &mut [u32],
    stack: &mut Vec<Point>,
) -> Option<Strings> {
    let geometry = board.geometry();
    stack.clear();
    explored_by[start.index()] = exploration;
    let mut vital = strings_next_to(board, colour, start);
    stack.push(start);
    while let Some(p) = stack.pop() {
        for &q in geometry.neighbours(p) {
            if board.get(q) == Some(colour) {
                continue;
            }
            match explored_by[q.index()] {
                0 => {}
                e if e == exploration => continue,
                _ => return None,
            }
            explored_by[q.index()] = exploration;
            if rule.self_capture_legal || board.is_empty(q) {
                vital.keep_common(&strings_next_to(board, colour, q));
                if vital.is_empty() {
                    return None;
                }
            }
            stack.push(q);
        }
    }
    Some(vital)
}

/// A few strings, by head: at most one point's neighbours.
#[derive(Default)]
struct Strings {
    heads: [Point; MAX_DEGREE],
    len: usize,
}

impl Strings {
    fn add(&mut self, head: Point) {
        if !self.heads[..self.len].contains(&head) {
            self.heads[self.len] = head;
            self.len += 1;
        }
    }

    fn keep_common(&mut self, other: &Strings) {
        let mut kept = 0;
        for i in 0..self.len {
            if other.heads[..other.len].contains(&self.heads[i]) {
                self.heads[kept] = self.heads[i];
                kept += 1;
            }
        }
        self.len = kept;
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl IntoIterator for Strings {
    type Item = Point;
    type IntoIter = std::iter::Take<std::array::IntoIter<Point, MAX_DEGREE>>;

    fn into_iter(self) -> Self::IntoIter {
        self.heads.into_iter().take(self.len)
    }
}
