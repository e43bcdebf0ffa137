//! SGF points: two letters, the column from the left and the row from the
//! top, `a` to `z` then `A` to `Z`.

use tengen_core::{Geometry, Point};

/// The letter of a column or row index.
fn letter(i: usize) -> char {
    match i {
        0..26 => char::from(b'a' + i as u8),
        _ => char::from(b'A' + (i - 26) as u8),
    }
}

/// The SGF point of `point`.
pub(crate) fn sgf_point(geometry: &Geometry, point: Point) -> String {
    let (column, row) = geometry.grid_position(point);
    [letter(column), letter(row)].iter().collect()
}

/// The point at SGF column `x` and row `y` (each from 0), if on the board.
pub(crate) fn board_point(geometry: &Geometry, x: u8, y: u8) -> Option<Point> {
    geometry.point_at(usize::from(x), usize::from(y))
}

/// Whether `(x, y)` is the old pass point `tt` on a board of at most 19x19.
pub(crate) fn is_tt_pass(geometry: &Geometry, x: u8, y: u8) -> bool {
    (x, y) == (19, 19) && geometry.width() <= 19 && geometry.height() <= 19
}

/// The SGF name of column `x`, row `y`, for messages.
pub(crate) fn name(x: u8, y: u8) -> String {
    [letter(usize::from(x)), letter(usize::from(y))]
        .iter()
        .collect()
}

/// Two SGF letters, read as column and row (each from 0).
pub(crate) fn parse_pair(text: &str) -> Option<(u8, u8)> {
    let index = |c: u8| match c {
        b'a'..=b'z' => Some(c - b'a'),
        b'A'..=b'Z' => Some(c - b'A' + 26),
        _ => None,
    };
    match text.as_bytes() {
        [x, y] => Some((index(*x)?, index(*y)?)),
        _ => None,
    }
}
