//! Small pieces every document shares: values per seat and per colour, and
//! points by name.

use schemars::JsonSchema;
use serde::Serialize;
use tengen_core::{ByColour, BySeat, Colour, Geometry, Point, Seat};

/// One value for each seat.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[schemars(rename = "PerSeat_{T}")]
pub struct PerSeat<T> {
    /// Player 1's.
    #[serde(rename = "P1")]
    pub p1: T,
    /// Player 2's.
    #[serde(rename = "P2")]
    pub p2: T,
}

impl<T> PerSeat<T> {
    /// The values of `f` for each seat.
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> PerSeat<T> {
        PerSeat {
            p1: f(Seat::One),
            p2: f(Seat::Two),
        }
    }
}

impl<T: Clone> From<BySeat<T>> for PerSeat<T> {
    fn from(values: BySeat<T>) -> PerSeat<T> {
        PerSeat::from_fn(|seat| values[seat].clone())
    }
}

/// One value for each colour.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[schemars(rename = "PerColour_{T}")]
pub struct PerColour<T> {
    /// The first colour's (Black in Go).
    pub black: T,
    /// The second colour's (White in Go).
    pub white: T,
}

impl<T> PerColour<T> {
    /// The values of `f` for each colour.
    pub fn from_fn(mut f: impl FnMut(Colour) -> T) -> PerColour<T> {
        PerColour {
            black: f(Colour::Black),
            white: f(Colour::White),
        }
    }
}

impl<T: Clone> From<ByColour<T>> for PerColour<T> {
    fn from(values: ByColour<T>) -> PerColour<T> {
        PerColour::from_fn(|colour| values[colour].clone())
    }
}

/// The names of `points` (`D4`), in the order given.
pub(crate) fn names(geometry: &Geometry, points: impl IntoIterator<Item = Point>) -> Vec<String> {
    points.into_iter().map(|p| geometry.name(p)).collect()
}

/// The names of `points` in the board's order (by point index), for
/// lists whose order carries no meaning.
pub(crate) fn sorted_names(
    geometry: &Geometry,
    points: impl IntoIterator<Item = Point>,
) -> Vec<String> {
    let mut points: Vec<Point> = points.into_iter().collect();
    points.sort_unstable();
    points.dedup();
    names(geometry, points)
}
