//! GTP's colours and vertices (specification section 2.8 and 2.9): `b`,
//! `black`, `w`, `white` and `D4` or `pass`, all in either case. A column
//! letter skips I and row 1 is at the bottom, as tengen names points.
//!
//! GTP's black is a ruleset's first colour (Red in Thue-Morse Go) and its
//! white the second.

use tengen_core::{Colour, Geometry, Point, Rules};

/// A move as GTP writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Vertex {
    /// A point of the board.
    Point(Point),
    /// `pass`.
    Pass,
}

/// Reads a colour: `b`, `black`, `w` or `white`, in any case.
pub(super) fn parse_colour(word: &str) -> Option<Colour> {
    match word.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Colour::Black),
        "w" | "white" => Some(Colour::White),
        _ => None,
    }
}

/// Reads a vertex: `pass` or a point name of this board.
pub(super) fn parse_vertex(geometry: &Geometry, word: &str) -> Result<Vertex, String> {
    if word.eq_ignore_ascii_case("pass") {
        return Ok(Vertex::Pass);
    }
    geometry
        .parse_point(word)
        .map(Vertex::Point)
        .map_err(|e| e.to_string())
}

/// A point's name as GTP writes it, e.g. `D4`.
pub(super) fn name(geometry: &Geometry, point: Point) -> String {
    geometry.name(point)
}

/// GTP's word for a colour: `black` or `white`.
pub fn colour_word(colour: Colour) -> &'static str {
    match colour {
        Colour::Black => "black",
        Colour::White => "white",
    }
}

/// The colour for people: GTP's word, with the ruleset's own name where it
/// differs (`black (Red)`).
pub(super) fn colour_for_people(rules: &Rules, colour: Colour) -> String {
    let word = colour_word(colour);
    let own = rules.colour_name(colour);
    if own.eq_ignore_ascii_case(word) {
        word.to_string()
    } else {
        format!("{word} ({own})")
    }
}

/// Points named in a list, e.g. `C3 D4`, in board order.
pub(super) fn names(geometry: &Geometry, points: impl IntoIterator<Item = Point>) -> String {
    let mut points: Vec<Point> = points.into_iter().collect();
    points.sort_by_key(|p| p.index());
    points
        .into_iter()
        .map(|p| name(geometry, p))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_read_in_either_case() {
        assert_eq!(parse_colour("B"), Some(Colour::Black));
        assert_eq!(parse_colour("White"), Some(Colour::White));
        assert_eq!(parse_colour("red"), None);
    }
}
