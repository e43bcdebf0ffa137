//! The Schedule trait: who owns each placement opportunity.

use crate::rules::Component;
use std::fmt;

/// One of the two letters of a placement sequence. Play begins by assigning
/// a seat to each letter (Player 1 takes `A` unless the opening says
/// otherwise: after Go's handicap stones White takes `A`; after a Kill-All
/// setup the Defender does).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Slot {
    /// The first letter: `0` in a pattern, R in Thue-Morse Go's notation.
    A,
    /// The second letter: `1` in a pattern, B in Thue-Morse Go's notation.
    B,
}

impl Slot {
    /// 0 for `A`, 1 for `B`.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other letter.
    pub const fn other(self) -> Slot {
        match self {
            Slot::A => Slot::B,
            Slot::B => Slot::A,
        }
    }
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Slot::A => "A",
            Slot::B => "B",
        })
    }
}

/// Decides which letter owns placement opportunity `k` (numbered from 0).
/// A move is a maximal run of opportunities owned by one seat, so the
/// schedule also decides how many placements each move has.
///
/// Every opportunity is used by exactly one action (a stone, a pass, or
/// whatever else a component lets a player spend one on), and the index
/// advances by one for each.
pub trait Schedule: Component {
    /// The letter that owns opportunity `k`.
    fn slot(&self, k: u64) -> Slot;

    /// Whether this is strict alternation (A, B, A, B, ...) with nothing
    /// else a player may do with a move: the light playout board (see
    /// [`crate::playout::LightGame`]) then plays it without the generic
    /// flow. `false` unless an implementation says otherwise.
    fn alternates_strictly(&self) -> bool {
        false
    }
}
