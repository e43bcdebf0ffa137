//! Neighbourhood patterns: what a placement looks like from where it
//! stands, in terms every topology has, so that knowledge learned from
//! games (see [`PatternWeights`]) applies on any board.
//!
//! A placement's features, each a small group of values:
//!
//! - **shape**: the ring round the point ([`ring`]): each neighbour empty,
//!   off the board, or a stone of the mover's or the opponent's string
//!   with one, two, or three or more liberties; each diagonal empty, off
//!   the board, or a stone of either side. The key is the same for every
//!   turn and mirror image of the ring, so a square grid's eight
//!   symmetries share one pattern. Where a point has no ring, the key
//!   counts each kind of neighbour and diagonal instead;
//! - **near the last placement**: how many links away the last placement
//!   is (one, two, three, farther, or none yet);
//! - **line**: how many links the point is from the nearest point with
//!   fewer neighbours than the most (the edge: the first line is 0), up
//!   to four; a board without an edge (a torus) is all "far";
//! - **self-atari**: whether the placement leaves its own string with one
//!   liberty (or none) without capturing, for a single stone or more.
//!
//! The colours are the mover's and the opponent's, never Black and White,
//! so one table serves both seats and every schedule.

mod ring;
mod weights;

pub use weights::{PatternWeights, WeightsError};

use crate::board::Board;
use crate::colour::Colour;
use crate::geometry::Geometry;
use crate::point::Point;
use ring::{OFF, Rings};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

/// A hasher for shape keys: one multiplication, enough for keys that are
/// already distinct numbers (and no defence against chosen keys is
/// needed in a search's own tables).
#[derive(Clone, Copy, Debug, Default)]
pub struct ShapeHasher(u64);

impl Hasher for ShapeHasher {
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(23) ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// A map keyed by shape keys.
pub type ShapeMap<V> = HashMap<u64, V, BuildHasherDefault<ShapeHasher>>;

/// The most ring readings [`PatternScratch`] remembers the shape key of
/// before it starts afresh.
const MEMO_LIMIT: usize = 1 << 16;

/// The feature groups, in the order of [`Features::values`].
pub const GROUPS: [&str; 4] = ["shape", "near-last", "line", "self-atari"];

/// Values of the `near-last` group: 1 to 3 links away, farther, none.
pub const NEAR_LAST_VALUES: u64 = 5;
/// Values of the `line` group: the first to the fourth line, farther.
pub const LINE_VALUES: u64 = 5;
/// Values of the `self-atari` group: none, one stone, more.
pub const SELF_ATARI_VALUES: u64 = 3;

/// A placement's features: one value of each group of [`GROUPS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Features {
    /// The shape's key.
    pub shape: u64,
    /// 0, 1, 2: one, two, three links from the last placement; 3 farther;
    /// 4 no placement yet.
    pub near_last: u8,
    /// Links to the edge, 0 to 3; 4 farther (or no edge).
    pub line: u8,
    /// 0 not a self-atari; 1 a single stone's; 2 a string's of more.
    pub self_atari: u8,
}

impl Features {
    /// The value of each group, in the order of [`GROUPS`].
    pub fn values(&self) -> [u64; 4] {
        [
            self.shape,
            u64::from(self.near_last),
            u64::from(self.line),
            u64::from(self.self_atari),
        ]
    }
}

/// What a geometry's patterns need precomputed: the rings, and each
/// point's line.
#[derive(Clone, Debug)]
pub struct Neighbourhoods {
    geometry: Arc<Geometry>,
    rings: Rings,
    line: Vec<u8>,
}

/// The reusable work space of [`Neighbourhoods::features`]: liberty counts
/// of the strings met, and distances from the last placement.
#[derive(Clone, Debug, Default)]
pub struct PatternScratch {
    /// The liberty counts of the strings met.
    memo: LibertyMemo,
    /// Links from the last placement, capped at 4 (4: farther).
    distance: Vec<u8>,
    near: Option<Point>,
    queue: Vec<Point>,
    /// The shape key of each ring read as it stands (before turning and
    /// mirroring), so each arrangement is put in its canonical form once.
    canonical: ShapeMap<u64>,
}

/// The liberties of the strings met on one board, counted once each.
#[derive(Clone, Debug, Default)]
struct LibertyMemo {
    /// Per string head: its liberties (capped at 3) plus one, 0 unknown.
    liberties: Vec<u8>,
    heads: Vec<Point>,
    stamp: Vec<u32>,
    epoch: u32,
}

impl Neighbourhoods {
    /// The neighbourhoods of `geometry`'s points.
    pub fn new(geometry: Arc<Geometry>) -> Neighbourhoods {
        let rings = Rings::of(&geometry);
        let line = lines(&geometry);
        Neighbourhoods {
            geometry,
            rings,
            line,
        }
    }

    /// The geometry.
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// Prepares `scratch` for the features of placements on a board whose
    /// last placement is `last` (none: the board's first): forgets the
    /// liberty counts of the board before and measures the distances.
    pub fn prepare(&self, last: Option<Point>, scratch: &mut PatternScratch) {
        let n = self.geometry.point_count();
        let memo = &mut scratch.memo;
        memo.liberties.resize(n, 0);
        for &h in &memo.heads {
            memo.liberties[h.index()] = 0;
        }
        memo.heads.clear();
        scratch.distance.clear();
        scratch.distance.resize(n, 4);
        scratch.near = last;
        if let Some(last) = last {
            scratch.queue.clear();
            scratch.queue.push(last);
            scratch.distance[last.index()] = 0;
            let mut next = 0;
            while next < scratch.queue.len() {
                let p = scratch.queue[next];
                next += 1;
                let d = scratch.distance[p.index()];
                if d >= 3 {
                    continue;
                }
                for &q in self.geometry.neighbours(p) {
                    if q != last && scratch.distance[q.index()] == 4 {
                        scratch.distance[q.index()] = d + 1;
                        scratch.queue.push(q);
                    }
                }
            }
        }
    }

    /// The features of a placement of `colour` on the empty `point` of
    /// `board` (after [`Neighbourhoods::prepare`] for the same board).
    pub fn features(
        &self,
        board: &Board,
        point: Point,
        colour: Colour,
        scratch: &mut PatternScratch,
    ) -> Features {
        let near_last = match scratch.near {
            None => 4,
            Some(_) => scratch.distance[point.index()].saturating_sub(1).min(3),
        };
        Features {
            shape: self.shape_key(board, point, colour, scratch),
            near_last,
            line: self.line[point.index()],
            self_atari: self_atari(board, point, colour, &mut scratch.memo),
        }
    }

    /// The shape's key (see the module's documentation).
    fn shape_key(
        &self,
        board: &Board,
        point: Point,
        colour: Colour,
        scratch: &mut PatternScratch,
    ) -> u64 {
        let PatternScratch {
            memo, canonical, ..
        } = scratch;
        self.shape_key_by(
            point,
            |q| match board.get(q) {
                None => EMPTY,
                Some(c) => stone_state(c == colour, liberties(board, q, memo)),
            },
            |q| diagonal_state(board.get(q), colour),
            canonical,
        )
    }

    /// The shape key of a placement on `point`, with each neighbour's
    /// state read by `neighbour` ([`EMPTY`], or [`stone_state`]) and each
    /// diagonal's by `diagonal` ([`diagonal_state`]): any board that can
    /// tell its stones and their strings' liberties gets the same keys.
    /// `canonical` remembers the key of each ring as read.
    pub(crate) fn shape_key_by(
        &self,
        point: Point,
        mut neighbour: impl FnMut(Point) -> u64,
        mut diagonal: impl FnMut(Point) -> u64,
        canonical: &mut ShapeMap<u64>,
    ) -> u64 {
        match self.rings.ring(point) {
            Some(ring) => {
                let len = ring.len();
                let mut states = [0u64; 2 * crate::geometry::MAX_DEGREE];
                for (i, &slot) in ring.iter().enumerate() {
                    states[i] = if slot == OFF {
                        0
                    } else if i % 2 == 0 {
                        neighbour(Point::new(slot as usize))
                    } else {
                        diagonal(Point::new(slot as usize))
                    };
                }
                let mut read = 0u64;
                for (i, &state) in states[..len].iter().enumerate() {
                    read = (read << if i % 2 == 0 { 3 } else { 2 }) | state;
                }
                if let Some(&key) = canonical.get(&read) {
                    return key;
                }
                let mut best = if len == 0 { 0 } else { u64::MAX };
                for turn in (0..len).step_by(2) {
                    for mirror in [false, true] {
                        let mut key = 0u64;
                        for i in 0..len {
                            let j = if mirror {
                                (turn + len - i) % len
                            } else {
                                (turn + i) % len
                            };
                            key = (key << if i % 2 == 0 { 3 } else { 2 }) | states[j];
                        }
                        best = best.min(key);
                    }
                }
                let key = best | (len as u64) << 56;
                if canonical.len() >= MEMO_LIMIT {
                    canonical.clear();
                }
                canonical.insert(read, key);
                key
            }
            None => {
                // Counted: four bits for each kind of neighbour (eight)
                // and of diagonal (four), and the tag of a counted key.
                let mut key = 1u64 << 62;
                let degree = self.rings.len / 2;
                let neighbours = self.geometry.neighbours(point);
                key += (degree.saturating_sub(neighbours.len()) as u64).min(15);
                for &q in neighbours {
                    key += 1 << (4 * neighbour(q));
                }
                for &q in self.geometry.diagonals(point) {
                    key += 1 << (32 + 4 * diagonal(q));
                }
                key
            }
        }
    }

    /// The line of `point` (see [`Features::line`]).
    pub(crate) fn line(&self, point: Point) -> u8 {
        self.line[point.index()]
    }
}

/// The state of an empty neighbour or diagonal in a shape.
pub(crate) const EMPTY: u64 = 1;

/// The state of a neighbour holding a stone of the mover's (`own`) or
/// the opponent's string with `liberties` liberties (1 to 3, 3: three or
/// more).
pub(crate) fn stone_state(own: bool, liberties: u8) -> u64 {
    let libs = u64::from(liberties);
    if own { 1 + libs } else { 4 + libs }
}

/// The state of a diagonal holding `stone` (none: empty), for a placement
/// of `colour`.
pub(crate) fn diagonal_state(stone: Option<Colour>, colour: Colour) -> u64 {
    match stone {
        None => EMPTY,
        Some(c) if c == colour => 2,
        Some(_) => 3,
    }
}

/// The liberties of the string through the stone on `point`, 1 to 3 (3:
/// three or more), counted once a string and remembered in `scratch`.
fn liberties(board: &Board, point: Point, scratch: &mut LibertyMemo) -> u8 {
    let head = board.string_head(point);
    let known = scratch.liberties[head.index()];
    if known > 0 {
        return known - 1;
    }
    scratch.stamp.resize(scratch.liberties.len(), 0);
    scratch.epoch = scratch.epoch.wrapping_add(1);
    if scratch.epoch == 0 {
        scratch.stamp.fill(0);
        scratch.epoch = 1;
    }
    let mut count = 0u8;
    'stones: for stone in board.string_stones(point) {
        for &n in board.geometry().neighbours(stone) {
            if board.is_empty(n) && scratch.stamp[n.index()] != scratch.epoch {
                scratch.stamp[n.index()] = scratch.epoch;
                count += 1;
                if count == 3 {
                    break 'stones;
                }
            }
        }
    }
    scratch.liberties[head.index()] = count + 1;
    scratch.heads.push(head);
    count
}

/// Whether a stone of `colour` on `point` is a self-atari: it captures
/// nothing and its string is left with at most one liberty. 0 no, 1 a
/// single stone, 2 a string of more.
fn self_atari(board: &Board, point: Point, colour: Colour, scratch: &mut LibertyMemo) -> u8 {
    let geometry = board.geometry();
    let mut found: [Option<Point>; 2] = [None, None];
    let add = |p: Point, found: &mut [Option<Point>; 2]| -> bool {
        if p == point || found.contains(&Some(p)) {
            return false;
        }
        match found {
            [None, _] => found[0] = Some(p),
            [_, None] => found[1] = Some(p),
            _ => {}
        }
        found[1].is_some()
    };
    let mut joined = false;
    for &n in geometry.neighbours(point) {
        match board.get(n) {
            None => {
                if add(n, &mut found) {
                    return 0;
                }
            }
            Some(c) if c != colour => {
                if liberties(board, n, scratch) == 1 {
                    return 0;
                }
            }
            Some(_) => {
                // A string with three liberties keeps two besides this one.
                if liberties(board, n, scratch) >= 3 {
                    return 0;
                }
                joined = true;
            }
        }
    }
    if joined {
        for &n in geometry.neighbours(point) {
            if board.get(n) == Some(colour) {
                for stone in board.string_stones(n) {
                    for &m in geometry.neighbours(stone) {
                        if board.is_empty(m) && add(m, &mut found) {
                            return 0;
                        }
                    }
                }
            }
        }
    }
    if joined { 2 } else { 1 }
}

/// Each point's line: links to the nearest point with fewer neighbours
/// than the most any point has, capped at 4.
fn lines(geometry: &Geometry) -> Vec<u8> {
    let most = geometry
        .points()
        .map(|p| geometry.neighbours(p).len())
        .max()
        .unwrap_or(0);
    let mut line = vec![4u8; geometry.point_count()];
    let mut queue: Vec<Point> = geometry
        .points()
        .filter(|&p| geometry.neighbours(p).len() < most)
        .collect();
    for &p in &queue {
        line[p.index()] = 0;
    }
    let mut next = 0;
    while next < queue.len() {
        let p = queue[next];
        next += 1;
        let d = line[p.index()];
        if d >= 3 {
            continue;
        }
        for &q in geometry.neighbours(p) {
            if line[q.index()] > d + 1 {
                line[q.index()] = d + 1;
                queue.push(q);
            }
        }
    }
    line
}

#[cfg(test)]
mod tests;
