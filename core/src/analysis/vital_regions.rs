//! Benson's analysis from the regions that could be vital to something:
//! the pass-alive strings found without building every region of the
//! board.
//!
//! A region is vital to a string when every point of it that counts
//! (every point where self-capture is legal, every empty point where
//! suicide is refused) is next to the string. When every opposing stone
//! has a liberty, every region holds an empty point (a region without one
//! would hold only opposing stones, all without liberties), and the empty
//! points of a vital region, which count under either rule, are next to
//! the string. So each region that is vital to something holds an empty
//! point next to the colour's stones: the analysis explores the region of
//! each such point, and gives up on a region as soon as two of its counting
//! points have no string in common (it is then vital to nothing).
//!
//! Benson's algorithm then needs only those regions: a string with fewer
//! vital regions than the minimum is dropped at the first step (and most
//! positions of a game have no string with enough, which ends the analysis
//! there); a region matters only to the strings it is vital to, and stays
//! healthy only while every string next to it is kept. Dropping the strings
//! with too few healthy vital regions until nothing changes leaves the same
//! strings as the full analysis (`pass_alive_stones_in_full`), the greatest
//! set with that property being unique.
//!
//! The working buffers are kept from call to call (one set a thread), so
//! the analysis allocates nothing once they have grown to the board.

use std::cell::RefCell;

use super::memo::Growth;
use super::pass_alive::LifeRule;
use crate::board::Board;
use crate::colour::Colour;
use crate::geometry::MAX_DEGREE;
use crate::point::Point;

/// A region vital to some string: the strings it is vital to, and where
/// the strings next to it are listed in [`Scratch::touching`].
struct VitalRegion {
    vital: Strings,
    touching: std::ops::Range<usize>,
}

/// The buffers of the analysis, kept between calls.
#[derive(Default)]
struct Scratch {
    /// The exploration that first reached each point: a point is reached
    /// in this call when its mark is above the call's `base`.
    explored_by: Vec<u32>,
    /// The last exploration number given out.
    last: u32,
    stack: Vec<Point>,
    regions: Vec<VitalRegion>,
    /// The strings next to each region of `regions`, by head.
    touching: Vec<Point>,
    /// By head: how many (healthy) vital regions the string has.
    count: Vec<u32>,
    /// By head: whether the string is still kept.
    kept: Vec<bool>,
    /// The heads with a count, to clear them afterwards.
    counted: Vec<Point>,
    /// The strings kept so far, by head.
    candidates: Vec<Point>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// The heads of `colour`'s pass-alive strings, by Benson's algorithm on
/// the regions that could be vital (see the module's documentation);
/// `None` when this analysis cannot tell (an opposing stone without
/// liberties, or a vital minimum of 0), leaving the position to the full
/// analysis.
pub(crate) fn pass_alive_heads(
    board: &Board,
    colour: Colour,
    rule: LifeRule,
) -> Option<Vec<Point>> {
    if rule.vital_minimum == 0 {
        return None;
    }
    SCRATCH.with(|scratch| {
        let scratch = &mut *scratch.borrow_mut();
        if !find_vital_regions(board, colour, rule, scratch) {
            return None;
        }
        Some(keep_pass_alive(rule, scratch))
    })
}

/// Explores the regions of `colour` that could be vital, listing those
/// vital to some string in `scratch.regions`; false when an opposing stone
/// has no liberty (the regions found could then miss some).
fn find_vital_regions(
    board: &Board,
    colour: Colour,
    rule: LifeRule,
    scratch: &mut Scratch,
) -> bool {
    if !opposing_stones_have_liberties(board, colour) {
        return false;
    }
    prepare(board, scratch);
    let base = scratch.last;
    for p in board.empty_points() {
        if board.neighbours_of_colour(p, colour) > 0 && scratch.explored_by[p.index()] <= base {
            scratch.last += 1;
            explore(board, colour, rule, p, base, scratch);
        }
    }
    true
}

/// Readies `scratch` for a call on `board` (its buffers as large as the
/// board, an exploration number for every point, no region listed).
fn prepare(board: &Board, scratch: &mut Scratch) {
    let n = board.geometry().point_count();
    if scratch.explored_by.len() < n {
        scratch.explored_by.resize(n, 0);
        scratch.count.resize(n, 0);
        scratch.kept.resize(n, false);
    }
    // Each call needs up to one exploration number a point.
    if scratch.last > u32::MAX - n as u32 - 1 {
        scratch.explored_by.iter_mut().for_each(|e| *e = 0);
        scratch.last = 0;
    }
    scratch.regions.clear();
    scratch.touching.clear();
}

/// Whether every stone of `colour`'s opponent has a liberty: then every
/// region of `colour` holds an empty point. Where one has none, a region
/// may hold only opposing stones, which no exploration from an empty
/// point reaches, and where suicide is refused no point of it counts.
fn opposing_stones_have_liberties(board: &Board, colour: Colour) -> bool {
    !board
        .stones_of(colour.opponent())
        .any(|p| board.empty_neighbours(p) == 0 && !board.has_liberty(p))
}

/// Whether a string of `colour` may be pass-alive on `board`, which grew
/// by `growth` from a position where none was (no stone taken off). Life
/// needs what the growth changed: the string of the added stone with
/// enough vital regions, or some string's vital region among those that
/// hold an added opposing stone (a point that no longer counts, where
/// suicide is refused) or are next to the added stone (the pieces of the
/// region it split). Every other region has the same points as before,
/// each as it was, and every other string is as it was; a region next to
/// the added stone's string but not to the stone was next to one of the
/// strings it joined. So a set of strings that lives now without the
/// added stone's string and without a changed region would have lived
/// before. False means that nothing is pass-alive; true, that the full
/// analysis must tell (as where an opposing stone has no liberty).
pub(crate) fn may_gain_life(
    board: &Board,
    colour: Colour,
    rule: LifeRule,
    growth: &Growth,
) -> bool {
    if rule.vital_minimum == 0 {
        return true;
    }
    SCRATCH.with(|scratch| {
        let scratch = &mut *scratch.borrow_mut();
        // Where self-capture is legal every point counts, so a region
        // explored from any of its points is judged exactly; where suicide
        // is refused a region of opposing stones without liberties counts
        // no point, which the exploration cannot judge.
        if !rule.self_capture_legal && !opposing_stones_have_liberties(board, colour) {
            return true;
        }
        prepare(board, scratch);
        let geometry = board.geometry();
        let base = scratch.last;
        let next_to_own = growth
            .own
            .into_iter()
            .flat_map(|s| geometry.neighbours(s).iter().copied());
        for start in growth.opposing().chain(next_to_own) {
            if board.get(start) != Some(colour) && scratch.explored_by[start.index()] <= base {
                scratch.last += 1;
                explore(board, colour, rule, start, base, scratch);
            }
        }
        if !scratch.regions.is_empty() {
            return true;
        }
        let Some(own) = growth.own else {
            return false;
        };
        let head = board.string_head(own);
        let mut vital = 0;
        for stone in board.string_stones(head) {
            for &q in geometry.neighbours(stone) {
                if board.get(q) == Some(colour) || scratch.explored_by[q.index()] > base {
                    continue;
                }
                scratch.last += 1;
                let listed = scratch.regions.len();
                explore(board, colour, rule, q, base, scratch);
                if scratch.regions[listed..]
                    .iter()
                    .any(|r| r.vital.as_slice().contains(&head))
                {
                    vital += 1;
                    if vital >= rule.vital_minimum {
                        return true;
                    }
                }
            }
        }
        false
    })
}

/// Explores the region of `start` (a point of the region: in a full
/// analysis an empty point next to a stone of `colour`), marking its points with a new exploration number, and lists
/// it if it is vital to some string; it gives up as soon as it is clear
/// that the region is vital to none (two counting points with no string in
/// common, or a point an earlier, abandoned exploration reached).
fn explore(
    board: &Board,
    colour: Colour,
    rule: LifeRule,
    start: Point,
    base: u32,
    scratch: &mut Scratch,
) {
    let geometry = board.geometry();
    let id = scratch.last;
    let touching_start = scratch.touching.len();
    scratch.explored_by[start.index()] = id;
    // The commonest region, an empty point whose every neighbour holds a
    // stone of the colour: it is vital to each of their strings.
    if board.is_surrounded_by(start, colour) && board.is_empty(start) {
        let mut heads = Strings::default();
        for &q in geometry.neighbours(start) {
            heads.add(board.string_head(q));
        }
        // (A point with no neighbour at all is vital to nothing.)
        if !heads.is_empty() {
            scratch.touching.extend_from_slice(heads.as_slice());
            scratch.regions.push(VitalRegion {
                vital: heads,
                touching: touching_start..scratch.touching.len(),
            });
        }
        return;
    }
    scratch.stack.clear();
    scratch.stack.push(start);
    let mut vital: Option<Strings> = None;
    while let Some(p) = scratch.stack.pop() {
        let mut here = Strings::default();
        for &q in geometry.neighbours(p) {
            if board.get(q) == Some(colour) {
                here.add(board.string_head(q));
                continue;
            }
            match scratch.explored_by[q.index()] {
                e if e == id => {}
                e if e > base => {
                    scratch.touching.truncate(touching_start);
                    return;
                }
                _ => {
                    scratch.explored_by[q.index()] = id;
                    // A counting point next to no string of the colour:
                    // the region is vital to none.
                    if (rule.self_capture_legal || board.is_empty(q))
                        && board.neighbours_of_colour(q, colour) == 0
                    {
                        scratch.touching.truncate(touching_start);
                        return;
                    }
                    scratch.stack.push(q);
                }
            }
        }
        if rule.self_capture_legal || board.is_empty(p) {
            let common = match vital {
                None => here,
                Some(mut v) => {
                    v.keep_common(&here);
                    v
                }
            };
            if common.is_empty() {
                scratch.touching.truncate(touching_start);
                return;
            }
            vital = Some(common);
        }
        for &head in here.as_slice() {
            if !scratch.touching[touching_start..].contains(&head) {
                scratch.touching.push(head);
            }
        }
    }
    // Every region holds an empty point (an opposing stone's liberty, if
    // nothing else, see `prepare`), which counts, so `vital` is set.
    let Some(vital) = vital else {
        scratch.touching.truncate(touching_start);
        return;
    };
    scratch.regions.push(VitalRegion {
        vital,
        touching: touching_start..scratch.touching.len(),
    });
}

/// Benson's dropping, on the regions found: the heads of the strings left.
fn keep_pass_alive(rule: LifeRule, scratch: &mut Scratch) -> Vec<Point> {
    let minimum = rule.vital_minimum as u32;
    let Scratch {
        regions,
        touching,
        count,
        kept,
        counted,
        candidates,
        ..
    } = scratch;
    counted.clear();
    candidates.clear();
    // The first step: the strings with enough vital regions to begin with.
    for region in regions.iter() {
        for &head in region.vital.as_slice() {
            let c = &mut count[head.index()];
            if *c == 0 {
                counted.push(head);
            }
            *c += 1;
            if *c == minimum {
                candidates.push(head);
                kept[head.index()] = true;
            }
        }
    }
    for &head in counted.iter() {
        count[head.index()] = 0;
    }
    // Then, until nothing changes, count each kept string's vital regions
    // whose neighbouring strings are all kept, and drop those with too few.
    while !candidates.is_empty() {
        for region in regions.iter() {
            if touching[region.touching.clone()]
                .iter()
                .all(|t| kept[t.index()])
            {
                for &head in region.vital.as_slice() {
                    count[head.index()] += 1;
                }
            }
        }
        let before = candidates.len();
        candidates.retain(|&head| {
            let enough = count[head.index()] >= minimum;
            kept[head.index()] = enough;
            enough
        });
        for region in regions.iter() {
            for &head in region.vital.as_slice() {
                count[head.index()] = 0;
            }
        }
        if candidates.len() == before {
            break;
        }
    }
    for &head in candidates.iter() {
        kept[head.index()] = false;
    }
    candidates.clone()
}

/// A few strings, by head: at most one point's neighbours.
#[derive(Clone, Copy, Default)]
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

    fn as_slice(&self) -> &[Point] {
        &self.heads[..self.len]
    }
}
