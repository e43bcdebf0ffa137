//! The two letters of a placement sequence, which the schedule assigns
//! to the opportunities of play and the game assigns to seats.

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
