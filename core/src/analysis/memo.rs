//! The last answers of the pass-alive analyses, kept with the exact inputs
//! they depend on, so that asking again about an unchanged input costs a
//! scan of the board rather than the analysis.
//!
//! What an answer depends on: where self-capture is legal, every point of
//! a region counts, so the regions of a colour and the regions vital to
//! its strings, hence its pass-alive stones, follow from the points of
//! that colour's stones alone; and the Kill-All test that no room is left
//! for the Defender follows from the Attacker's stones alone (its
//! pass-alive stones, and the parts and candidate points around them).
//! Where suicide is refused only empty points count, and the answers
//! depend on the stones of both colours. The key is that input, point by
//! point (never a hash), with the geometry, the colour asked about and the
//! rule; so a game played on, taken back or loaded anywhere can never meet
//! a stale answer. The board keeps those bits up to date
//! ([`Board::stone_bits`]), so a key costs a few words.
//!
//! In a game, a move that captures nothing leaves the stones of the other
//! colour as they were: after each move, one of Kill-All's two tests finds
//! its answer here.

use std::cell::RefCell;
use std::sync::Arc;

use super::pass_alive::LifeRule;
use crate::board::Board;
use crate::colour::Colour;
use crate::geometry::Geometry;
use crate::point::Point;
use crate::point::PointSet;

/// Which analysis an answer is for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Analysis {
    /// The pass-alive stones of the colour.
    PassAlive,
    /// Whether no room is left for the colour's life (the colour defends).
    NoRoom,
}

/// An answer: the pass-alive stones, or whether no room is left.
#[derive(Clone)]
pub(crate) enum Answer {
    /// The stones of the pass-alive strings.
    Stones(PointSet),
    /// Whether no room is left for life.
    NoRoom(bool),
}

/// One answer and everything it was worked out from.
struct Entry {
    geometry: Arc<Geometry>,
    analysis: Analysis,
    colour: Colour,
    rule: LifeRule,
    /// The stones the answer depends on (see [`stones_key`]).
    stones: Vec<u64>,
    answer: Answer,
}

/// The answers kept: a few, the most recent first.
#[derive(Default)]
struct Memo {
    entries: Vec<Entry>,
    /// The key of the current question, built in place.
    key: Vec<u64>,
}

/// How many answers are kept (each analysis of each colour, in Kill-All).
const KEPT: usize = 4;

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

/// The two parts of [`stones_key`], as the board holds them (the second
/// empty where the answer depends on one colour's stones alone).
fn key_parts(
    board: &Board,
    analysis: Analysis,
    colour: Colour,
    rule: LifeRule,
) -> (&[u64], &[u64]) {
    let analysed = match analysis {
        Analysis::PassAlive => colour,
        Analysis::NoRoom => colour.opponent(),
    };
    let other = if rule.self_capture_legal {
        &[][..]
    } else {
        board.stone_bits(analysed.opponent())
    };
    (board.stone_bits(analysed), other)
}

/// The stones an answer about `colour` depends on, one bit a point: those
/// of the colour the analysis runs on (`colour` itself for the pass-alive
/// stones, the opponent, the Attacker, for the room test), then, where
/// suicide is refused, those of the other colour.
fn stones_key(
    board: &Board,
    analysis: Analysis,
    colour: Colour,
    rule: LifeRule,
    key: &mut Vec<u64>,
) {
    let (analysed, other) = key_parts(board, analysis, colour, rule);
    key.clear();
    key.extend_from_slice(analysed);
    key.extend_from_slice(other);
}

/// The stones `board` has beyond a kept position where `colour` had no
/// pass-alive string (see [`grown_from_lifeless`]).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Growth {
    /// The stone of `colour` added, if one was.
    pub(crate) own: Option<Point>,
    /// The opposing stones added (where the answer depends on them).
    opposing: [Option<Point>; MAX_OPPOSING_ADDED],
}

/// How many opposing stones a [`Growth`] may hold.
const MAX_OPPOSING_ADDED: usize = 2;

impl Growth {
    /// The opposing stones added.
    pub(crate) fn opposing(&self) -> impl Iterator<Item = Point> + '_ {
        self.opposing.iter().flatten().copied()
    }
}

/// Whether `board` grew from a position whose pass-alive answer about
/// `colour` under `rule` is kept and empty, by at most one stone of
/// `colour` and (where the answer depends on them) at most two opposing
/// stones, with no stone taken off: the stones added, or `None` when no
/// kept answer is so close. A move that captures nothing, or the two
/// moves since the colour's last, grow a position so.
pub(crate) fn grown_from_lifeless(board: &Board, colour: Colour, rule: LifeRule) -> Option<Growth> {
    MEMO.with(|memo| {
        let memo = memo.borrow();
        let own = board.stone_bits(colour);
        let opposing = board.stone_bits(colour.opponent());
        memo.entries.iter().find_map(|e| {
            let lifeless = matches!(&e.answer, Answer::Stones(s) if s.is_empty());
            if !lifeless
                || e.analysis != Analysis::PassAlive
                || e.colour != colour
                || e.rule != rule
                || !Arc::ptr_eq(&e.geometry, board.geometry())
            {
                return None;
            }
            let mut growth = Growth::default();
            let (kept_own, kept_opposing) = e.stones.split_at(own.len());
            let mut own_added = [None];
            let grew = added_stones(own, kept_own, &mut own_added)
                && (rule.self_capture_legal
                    || added_stones(opposing, kept_opposing, &mut growth.opposing));
            growth.own = own_added[0];
            grew.then_some(growth)
        })
    })
}

/// Fills `added` with the points of the stones in `now` and not in `then`
/// (each a list of stone bits); false where a stone of `then` is gone or
/// more were added than `added` holds.
fn added_stones(now: &[u64], then: &[u64], added: &mut [Option<Point>]) -> bool {
    let mut count = 0;
    for (i, (&n, &t)) in now.iter().zip(then).enumerate() {
        if t & !n != 0 {
            return false;
        }
        let mut bits = n & !t;
        while bits != 0 {
            let Some(slot) = added.get_mut(count) else {
                return false;
            };
            *slot = Some(Point::new(i * 64 + bits.trailing_zeros() as usize));
            count += 1;
            bits &= bits - 1;
        }
    }
    true
}

/// The answer of `analysis` about `colour` on `board`: the one kept when
/// its inputs are the same, or else `work_out`'s, which is then kept.
pub(crate) fn remembered(
    board: &Board,
    analysis: Analysis,
    colour: Colour,
    rule: LifeRule,
    work_out: impl FnOnce() -> Answer,
) -> Answer {
    let key = MEMO.with(|memo| {
        let memo = &mut *memo.borrow_mut();
        let Memo { entries, key } = memo;
        let (analysed, other) = key_parts(board, analysis, colour, rule);
        match entries.iter().position(|e| {
            e.analysis == analysis
                && e.colour == colour
                && e.rule == rule
                && Arc::ptr_eq(&e.geometry, board.geometry())
                && e.stones.len() == analysed.len() + other.len()
                && e.stones[..analysed.len()] == *analysed
                && e.stones[analysed.len()..] == *other
        }) {
            Some(at) => {
                // The answer found becomes the most recent.
                entries[..=at].rotate_right(1);
                Ok(entries[0].answer.clone())
            }
            None => {
                stones_key(board, analysis, colour, rule, key);
                Err(std::mem::take(key))
            }
        }
    });
    let stones = match key {
        Ok(answer) => return answer,
        Err(stones) => stones,
    };
    // Worked out outside the borrow: the room test asks for pass-alive
    // stones on the way.
    let answer = work_out();
    MEMO.with(|memo| {
        let memo = &mut *memo.borrow_mut();
        if memo.entries.len() == KEPT
            && let Some(oldest) = memo.entries.pop()
        {
            memo.key = oldest.stones;
        }
        memo.entries.insert(
            0,
            Entry {
                geometry: board.geometry().clone(),
                analysis,
                colour,
                rule,
                stones,
                answer: answer.clone(),
            },
        );
    });
    answer
}
