//! Seats, stone colours and roles: three ideas the rules keep apart.
//!
//! A **seat** is a player (Player 1, Player 2). A **colour** is what a stone
//! is (the first colour is called Black in Go and Red in Thue-Morse Go). A
//! **role** (Attacker, Defender) is a side some variants decide during the
//! opening. Which seat plays which colour is game state, not a constant.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Index, IndexMut};

/// A player's seat at the board.
#[derive(
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Debug,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
pub enum Seat {
    /// Player 1: in standard Go the player who takes Black.
    #[serde(rename = "P1")]
    One,
    /// Player 2.
    #[serde(rename = "P2")]
    Two,
}

impl Seat {
    /// Both seats, Player 1 first.
    pub const BOTH: [Seat; 2] = [Seat::One, Seat::Two];

    /// The other seat.
    #[inline]
    pub const fn other(self) -> Seat {
        match self {
            Seat::One => Seat::Two,
            Seat::Two => Seat::One,
        }
    }

    /// 0 for Player 1, 1 for Player 2.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat's short name, `P1` or `P2`, as the move notation writes it.
    pub const fn short_name(self) -> &'static str {
        match self {
            Seat::One => "P1",
            Seat::Two => "P2",
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Seat::One => "Player 1",
            Seat::Two => "Player 2",
        })
    }
}

/// The colour of a stone. Rulesets give the two colours display names
/// (Black and White, Red and Blue); the engine only knows first and second.
#[derive(
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Debug,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Colour {
    /// The first colour: Black in Go, Red in Thue-Morse Go.
    Black,
    /// The second colour: White in Go, Blue in Thue-Morse Go.
    White,
}

impl Colour {
    /// Both colours, the first colour first.
    pub const BOTH: [Colour; 2] = [Colour::Black, Colour::White];

    /// The opposing colour.
    #[inline]
    pub const fn opponent(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// 0 for the first colour, 1 for the second.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A side that some variants assign to the seats during the opening.
#[derive(
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Debug,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    /// Kill-All: the side that starts with stones on the board and tries to
    /// stop the other from living.
    Attacker,
    /// Kill-All: the side that tries to make one pass-alive string.
    Defender,
}

impl Role {
    /// The role's name in the move notation.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Attacker => "attacker",
            Role::Defender => "defender",
        }
    }

    /// The other role.
    pub const fn other(self) -> Role {
        match self {
            Role::Attacker => Role::Defender,
            Role::Defender => Role::Attacker,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Role::Attacker => "Attacker",
            Role::Defender => "Defender",
        })
    }
}

/// One value per seat.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct BySeat<T>(pub [T; 2]);

impl<T> BySeat<T> {
    /// A value for Player 1 and one for Player 2.
    pub const fn new(one: T, two: T) -> BySeat<T> {
        BySeat([one, two])
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

/// One value per colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct ByColour<T>(pub [T; 2]);

impl<T> ByColour<T> {
    /// A value for the first colour and one for the second.
    pub const fn new(black: T, white: T) -> ByColour<T> {
        ByColour([black, white])
    }
}

impl<T> Index<Colour> for ByColour<T> {
    type Output = T;
    fn index(&self, colour: Colour) -> &T {
        &self.0[colour.index()]
    }
}

impl<T> IndexMut<Colour> for ByColour<T> {
    fn index_mut(&mut self, colour: Colour) -> &mut T {
        &mut self.0[colour.index()]
    }
}
