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
//!
//! [`pass_alive_stones`] runs the algorithm on the regions that could be
//! vital to something alone (see `vital_regions`), and the full analysis,
//! kept as the reference, only in positions that test cannot settle.

use std::cell::RefCell;

use super::memo::{Analysis, Answer, grown_from_lifeless, remembered};
use super::vital_regions::{may_gain_life, pass_alive_heads};
use crate::board::Board;
use crate::colour::Colour;
use crate::geometry::MAX_DEGREE;
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

/// Lists of numbers stored one after another, with where each begins: the
/// analysis keeps its per-region lists flat, so it allocates a few buffers
/// a call rather than one per point.
#[derive(Default)]
struct FlatLists {
    items: Vec<u32>,
    starts: Vec<u32>,
}

impl FlatLists {
    fn with_capacity(lists: usize, items: usize) -> FlatLists {
        let mut starts = Vec::with_capacity(lists + 1);
        starts.push(0);
        FlatLists {
            items: Vec::with_capacity(items),
            starts,
        }
    }

    /// Closes the list being written.
    fn close(&mut self) {
        self.starts.push(self.items.len() as u32);
    }

    fn get(&self, list: usize) -> &[u32] {
        &self.items[self.starts[list] as usize..self.starts[list + 1] as usize]
    }

    fn len(&self) -> usize {
        self.starts.len() - 1
    }
}

/// The stones of `colour`'s pass-alive strings.
///
/// The last answers are kept with their exact inputs (see `memo`): asking
/// again about the same stones gives the answer kept.
pub fn pass_alive_stones(board: &Board, colour: Colour, rule: LifeRule) -> PointSet {
    match remembered(board, Analysis::PassAlive, colour, rule, || {
        // A few stones after a position with no pass-alive string, life
        // needs what they changed.
        if let Some(growth) = grown_from_lifeless(board, colour, rule)
            && !may_gain_life(board, colour, rule, &growth)
        {
            return Answer::Stones(PointSet::default());
        }
        Answer::Stones(pass_alive_stones_worked_out(board, colour, rule))
    }) {
        Answer::Stones(stones) => stones,
        Answer::NoRoom(_) => unreachable!("a pass-alive answer is stones"),
    }
}

/// [`pass_alive_stones`], worked out.
fn pass_alive_stones_worked_out(board: &Board, colour: Colour, rule: LifeRule) -> PointSet {
    match pass_alive_heads(board, colour, rule) {
        Some(heads) if heads.is_empty() => PointSet::default(),
        Some(heads) => {
            let mut stones = PointSet::with_capacity(board.geometry().point_count());
            for head in heads {
                stones.extend(board.string_stones(head));
            }
            stones
        }
        None => pass_alive_stones_in_full(board, colour, rule),
    }
}

/// The stones of `colour`'s pass-alive strings, by the full analysis
/// alone: the same answer as [`pass_alive_stones`], which looks only at
/// the regions that could be vital. Tests compare the two.
pub fn pass_alive_stones_in_full(board: &Board, colour: Colour, rule: LifeRule) -> PointSet {
    const NONE: u32 = u32::MAX;
    let geometry = board.geometry();
    let n = geometry.point_count();
    // Strings of the colour, numbered, by head.
    let mut strings = 0u32;
    let mut string_of = vec![NONE; n];
    for p in geometry.points() {
        if board.get(p) == Some(colour) {
            let head = board.string_head(p).index();
            if string_of[head] == NONE {
                string_of[head] = strings;
                strings += 1;
            }
            string_of[p.index()] = string_of[head];
        }
    }
    if strings == 0 {
        return PointSet::default();
    }
    let strings = strings as usize;
    // Regions: connected sets of points not holding the colour's stones,
    // with the strings next to them and the strings they are vital to.
    let mut region_of = vec![NONE; n];
    let mut touching = FlatLists::with_capacity(n / 2, 2 * strings);
    let mut vital_to = FlatLists::with_capacity(n / 2, 2 * strings);
    // The last region each string was listed for (to list it once).
    let mut listed_in = vec![NONE; strings];
    let mut stack = Vec::with_capacity(n);
    for start in geometry.points() {
        if board.get(start) == Some(colour) || region_of[start.index()] != NONE {
            continue;
        }
        let region = touching.len() as u32;
        // The strings next to every counting point so far (at most one
        // point's neighbours), once a counting point has been seen.
        let mut vital = [0u32; MAX_DEGREE];
        let mut vital_len: Option<usize> = None;
        region_of[start.index()] = region;
        stack.push(start);
        while let Some(p) = stack.pop() {
            let mut around = [0u32; MAX_DEGREE];
            let mut around_len = 0;
            for &q in geometry.neighbours(p) {
                let s = string_of[q.index()];
                if s != NONE {
                    if !around[..around_len].contains(&s) {
                        around[around_len] = s;
                        around_len += 1;
                    }
                    if listed_in[s as usize] != region {
                        listed_in[s as usize] = region;
                        touching.items.push(s);
                    }
                } else if region_of[q.index()] == NONE {
                    region_of[q.index()] = region;
                    stack.push(q);
                }
            }
            if rule.self_capture_legal || board.is_empty(p) {
                let around = &around[..around_len];
                vital_len = Some(match vital_len {
                    None => {
                        vital[..around.len()].copy_from_slice(around);
                        around.len()
                    }
                    Some(len) => {
                        let mut kept = 0;
                        for i in 0..len {
                            if around.contains(&vital[i]) {
                                vital[kept] = vital[i];
                                kept += 1;
                            }
                        }
                        kept
                    }
                });
            }
        }
        touching.close();
        // A region with no point that counts is vital to every string next
        // to it.
        match vital_len {
            Some(len) => vital_to.items.extend_from_slice(&vital[..len]),
            None => {
                let next_to = touching.get(region as usize).to_vec();
                vital_to.items.extend(next_to);
            }
        }
        vital_to.close();
    }
    let regions = touching.len();
    // How many healthy regions each string has that are vital to it, and
    // the regions next to each string.
    let mut vital_count = vec![0usize; strings];
    for &s in &vital_to.items {
        vital_count[s as usize] += 1;
    }
    let mut regions_of = FlatLists::with_capacity(strings, touching.items.len());
    {
        let mut counts = vec![0u32; strings + 1];
        for &s in &touching.items {
            counts[s as usize + 1] += 1;
        }
        for i in 0..strings {
            counts[i + 1] += counts[i];
        }
        regions_of.starts = counts.clone();
        regions_of.items = vec![0; touching.items.len()];
        for r in 0..regions {
            for &s in touching.get(r) {
                regions_of.items[counts[s as usize] as usize] = r as u32;
                counts[s as usize] += 1;
            }
        }
    }
    // Drop the strings with too few vital regions, and with each the
    // regions next to it (which no longer count for anyone), until nothing
    // changes.
    let mut alive = vec![true; strings];
    let mut healthy = vec![true; regions];
    let mut dropped: Vec<usize> = (0..strings)
        .filter(|&s| vital_count[s] < rule.vital_minimum)
        .collect();
    for &s in &dropped {
        alive[s] = false;
    }
    while let Some(s) = dropped.pop() {
        for &r in regions_of.get(s) {
            let r = r as usize;
            if !healthy[r] {
                continue;
            }
            healthy[r] = false;
            for &t in vital_to.get(r) {
                let t = t as usize;
                vital_count[t] -= 1;
                if alive[t] && vital_count[t] < rule.vital_minimum {
                    alive[t] = false;
                    dropped.push(t);
                }
            }
        }
    }
    geometry
        .points()
        .filter(|p| {
            let s = string_of[p.index()];
            s != NONE && alive[s as usize]
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
///
/// Room found when every Attacker stone is set aside is room: each part of
/// what is left then lies within one part of what is left when fewer stones
/// are, and a point next to none of the stones is next to none of the
/// fewer. So that quicker test comes first, and the Attacker's pass-alive
/// stones are worked out only when it finds no room.
///
///
/// The last answers are kept with their exact inputs (see `memo`).
pub fn no_room_for_life(board: &Board, defender: Colour, rule: LifeRule) -> bool {
    match remembered(board, Analysis::NoRoom, defender, rule, || {
        Answer::NoRoom(no_room_worked_out(board, defender, rule))
    }) {
        Answer::NoRoom(no_room) => no_room,
        Answer::Stones(_) => unreachable!("a room answer is a yes or a no"),
    }
}

/// [`no_room_for_life`], worked out.
fn no_room_worked_out(board: &Board, defender: Colour, rule: LifeRule) -> bool {
    let attacker = defender.opponent();
    // Points next to no Attacker stone, outside them: with fewer than the
    // vital minimum on the whole board, no part holds enough.
    let far = board
        .geometry()
        .points()
        .filter(|&p| board.get(p) != Some(attacker) && board.neighbours_of_colour(p, attacker) == 0)
        .take(rule.vital_minimum)
        .count();
    if far >= rule.vital_minimum
        && !no_room_apart_from(
            board,
            rule,
            |p| board.get(p) == Some(attacker),
            |p| board.neighbours_of_colour(p, attacker) > 0,
        )
    {
        return false;
    }
    let attacker_alive = pass_alive_stones(board, attacker, rule);
    no_room_apart_from_set(board, rule, &attacker_alive)
}

/// [`no_room_apart_from`] with the points of `aside` set aside.
fn no_room_apart_from_set(board: &Board, rule: LifeRule, aside: &PointSet) -> bool {
    let geometry = board.geometry();
    no_room_apart_from(
        board,
        rule,
        |p| aside.contains(p),
        |p| geometry.neighbours(p).iter().any(|&q| aside.contains(q)),
    )
}

/// Whether no room is left for a pass-alive string of `defender`, by
/// working out the Attacker's pass-alive stones in full first: the same
/// answer as [`no_room_for_life`], the reference tests compare it with.
pub fn no_room_for_life_in_full(board: &Board, defender: Colour, rule: LifeRule) -> bool {
    let attacker_alive = pass_alive_stones_in_full(board, defender.opponent(), rule);
    no_room_apart_from_set(board, rule, &attacker_alive)
}

/// Whether no part of the board outside the points `aside` holds the vital
/// minimum of points next to none of them, no two neighbours (see
/// [`no_room_for_life`]); `next_to_aside` tells whether a point has a
/// neighbour among them.
fn no_room_apart_from(
    board: &Board,
    rule: LifeRule,
    aside: impl Fn(Point) -> bool,
    next_to_aside: impl Fn(Point) -> bool,
) -> bool {
    ROOM_SCRATCH.with(|scratch| {
        let scratch = &mut *scratch.borrow_mut();
        no_room_apart_from_with(board, rule, aside, next_to_aside, scratch)
    })
}

/// The buffers of [`no_room_apart_from`], kept between calls (one set a
/// thread) so that the test allocates nothing once they have grown.
#[derive(Default)]
struct RoomScratch {
    seen: PointSet,
    stack: Vec<Point>,
    candidates: Vec<Point>,
    chosen: Vec<Point>,
    /// The points that showed room last time (the vital minimum of them,
    /// no two neighbours, in one part): a hint, tried first and trusted
    /// only once checked on the board at hand.
    hint: Vec<Point>,
}

thread_local! {
    static ROOM_SCRATCH: RefCell<RoomScratch> = RefCell::new(RoomScratch::default());
}

/// [`no_room_apart_from`] with its buffers.
fn no_room_apart_from_with(
    board: &Board,
    rule: LifeRule,
    aside: impl Fn(Point) -> bool,
    next_to_aside: impl Fn(Point) -> bool,
    scratch: &mut RoomScratch,
) -> bool {
    let geometry = board.geometry();
    // The points that showed room on the last board usually still do (a
    // move changes little).
    if hint_shows_room(board, rule, &aside, &next_to_aside, scratch) {
        return false;
    }
    let RoomScratch {
        seen,
        stack,
        candidates,
        chosen,
        hint,
    } = scratch;
    seen.clear();
    stack.clear();
    let enough = independent_set_guaranteed(rule.vital_minimum);
    // Each part is searched from a candidate point of it: a part with no
    // candidate has no room, and is not searched at all.
    for start in geometry.points() {
        if seen.contains(start) || aside(start) || next_to_aside(start) {
            continue;
        }
        candidates.clear();
        chosen.clear();
        seen.insert(start);
        stack.push(start);
        while let Some(p) = stack.pop() {
            let mut touches_aside = false;
            for &q in geometry.neighbours(p) {
                if aside(q) {
                    touches_aside = true;
                } else if seen.insert(q) {
                    stack.push(q);
                }
            }
            if !touches_aside {
                candidates.push(p);
                // Room for life as soon as the candidates chosen greedily,
                // each next to none chosen before, are enough; or when
                // there are so many that some choice must be (see
                // `has_independent_set`).
                if !chosen.iter().any(|&c| geometry.are_neighbours(c, p)) {
                    chosen.push(p);
                }
                if chosen.len() >= rule.vital_minimum {
                    hint.clone_from(chosen);
                    return false;
                }
                if candidates.len() >= enough {
                    return false;
                }
            }
        }
        if has_independent_set(board, candidates, rule.vital_minimum) {
            return false;
        }
    }
    true
}

/// Whether the points of `scratch.hint` show room on `board` with the
/// points `aside` set aside: at least the vital minimum of them, each
/// outside those points and next to none of them, no two neighbours, all
/// in one part (a search from the first reaches the others).
fn hint_shows_room(
    board: &Board,
    rule: LifeRule,
    aside: &impl Fn(Point) -> bool,
    next_to_aside: &impl Fn(Point) -> bool,
    scratch: &mut RoomScratch,
) -> bool {
    let geometry = board.geometry();
    let RoomScratch {
        seen, stack, hint, ..
    } = scratch;
    let fits = hint.len() >= rule.vital_minimum
        && hint.iter().enumerate().all(|(i, &p)| {
            p.index() < geometry.point_count()
                && !aside(p)
                && !next_to_aside(p)
                && hint[..i]
                    .iter()
                    .all(|&c| c != p && !geometry.are_neighbours(c, p))
        });
    // (No hint yet, or a vital minimum of none, shows nothing.)
    let Some((&first, rest)) = hint.split_first() else {
        return false;
    };
    if !fits {
        return false;
    }
    if rest.is_empty() {
        return true;
    }
    // Breadth first from the first point, so that points near each other
    // are found without searching the whole part.
    seen.clear();
    stack.clear();
    seen.insert(first);
    stack.push(first);
    let mut left = rest.len();
    let mut next = 0;
    while let Some(&p) = stack.get(next) {
        next += 1;
        for &q in geometry.neighbours(p) {
            if !aside(q) && seen.insert(q) {
                if rest.contains(&q) {
                    left -= 1;
                    if left == 0 {
                        return true;
                    }
                }
                stack.push(q);
            }
        }
    }
    false
}

/// How many points always hold `k` with no two neighbours: each choice
/// rules out at most itself and its neighbours, so with this many a greedy
/// choice always succeeds.
fn independent_set_guaranteed(k: usize) -> usize {
    k * (crate::geometry::MAX_DEGREE + 1)
}

/// Whether `k` of the `points` can be chosen with no two neighbours.
fn has_independent_set(board: &Board, points: &[Point], k: usize) -> bool {
    let geometry = board.geometry();
    if points.len() < k {
        return false;
    }
    if points.len() >= independent_set_guaranteed(k) {
        return true;
    }
    fn search(
        geometry: &crate::geometry::Geometry,
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
