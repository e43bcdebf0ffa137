//! Board diagrams as SVG, drawn from the topology's own geometry: every
//! line of the picture is a link between two neighbouring points, so a
//! snub-square board shows its triangles and a square board its grid.

use std::fmt::Write as _;
use tengen_core::{Board, Colour, Geometry, PointSet};

/// Pixels between neighbouring grid points.
const UNIT: f64 = 24.0;
/// Room around the board for the coordinates.
const MARGIN: f64 = 30.0;

/// The fill colours of a ruleset's two stone colours, from their display
/// names (Black and White, Red and Blue, ...).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Palette {
    fills: [&'static str; 2],
}

impl Palette {
    /// The palette for colours named `names` (first colour first).
    pub(crate) fn for_names(names: &[String; 2]) -> Palette {
        let fill = |name: &str, fallback: &'static str| match name.to_ascii_lowercase().as_str() {
            "black" => "#111111",
            "white" => "#f8f8f8",
            "red" => "#c8102e",
            "blue" => "#1f4fbf",
            _ => fallback,
        };
        Palette {
            fills: [fill(&names[0], "#111111"), fill(&names[1], "#f8f8f8")],
        }
    }

    fn fill(&self, colour: Colour) -> &'static str {
        match colour {
            Colour::Black => self.fills[0],
            Colour::White => self.fills[1],
        }
    }

    /// A mark that shows on a stone of `colour`.
    fn contrast(&self, colour: Colour) -> &'static str {
        if is_light(self.fill(colour)) {
            "#111111"
        } else {
            "#f8f8f8"
        }
    }
}

fn is_light(hex: &str) -> bool {
    let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(0) as f64;
    0.299 * channel(1) + 0.587 * channel(3) + 0.114 * channel(5) > 150.0
}

/// What a diagram shows besides the stones.
#[derive(Clone, Debug, Default)]
pub(crate) struct Marks {
    /// The stones of the last move (a ring).
    pub(crate) last: PointSet,
    /// Stones marked dead (a cross).
    pub(crate) dead: PointSet,
}

/// Draws `board` as a standalone SVG document; `title` is its accessible
/// name.
pub(crate) fn board(board: &Board, marks: &Marks, palette: Palette, title: &str) -> String {
    let g = board.geometry();
    let (min, max) = bounds(g);
    let at = |p: tengen_core::Point| {
        let [x, y] = g.position(p);
        (MARGIN + (x - min[0]) * UNIT, MARGIN + (y - min[1]) * UNIT)
    };
    let width = 2.0 * MARGIN + (max[0] - min[0]) * UNIT;
    let height = 2.0 * MARGIN + (max[1] - min[1]) * UNIT;
    let mut svg = String::new();
    let _ = write!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" role=\"img\">\n<title>{}</title>\n",
        escape(title),
        w = round(width),
        h = round(height),
    );
    let _ = writeln!(
        svg,
        "<rect width=\"{}\" height=\"{}\" fill=\"#dcb35c\"/>",
        round(width),
        round(height)
    );
    // The links, each once, joined into straight lines where they run on
    // in the same direction (a square board is then one line a row).
    let mut path = String::new();
    let direction = |a: tengen_core::Point, b: tengen_core::Point| {
        let ([ax, ay], [bx, by]) = (g.position(a), g.position(b));
        (bx - ax, by - ay)
    };
    let same = |u: (f64, f64), v: (f64, f64)| (u.0 - v.0).abs() < 1e-9 && (u.1 - v.1).abs() < 1e-9;
    let continuing = |p: tengen_core::Point, d: (f64, f64)| {
        g.neighbours(p)
            .iter()
            .copied()
            .find(|&q| same(direction(p, q), d))
    };
    for p in g.points() {
        for &q in g.neighbours(p) {
            if let Some([dx, dy]) = g.stub(p, q) {
                // A link across the drawing's edge: a short line leaving
                // the board.
                let (x, y) = at(p);
                let _ = write!(
                    path,
                    "M{} {}L{} {}",
                    round(x),
                    round(y),
                    round(x + 0.45 * UNIT * dx),
                    round(y + 0.45 * UNIT * dy)
                );
                continue;
            }
            let d = direction(p, q);
            // Start only where the line starts, and draw each line once
            // (from its end with the smaller index).
            let back = (-d.0, -d.1);
            if continuing(p, back).is_some() {
                continue;
            }
            let mut end = q;
            while let Some(next) = continuing(end, d) {
                end = next;
            }
            if end.index() < p.index() {
                continue;
            }
            let ((x1, y1), (x2, y2)) = (at(p), at(end));
            let _ = write!(
                path,
                "M{} {}L{} {}",
                round(x1),
                round(y1),
                round(x2),
                round(y2)
            );
        }
    }
    let _ = writeln!(
        svg,
        "<path d=\"{path}\" stroke=\"#3b2a12\" stroke-width=\"1\" fill=\"none\"/>"
    );
    for &p in g.star_points() {
        let (x, y) = at(p);
        let _ = writeln!(
            svg,
            "<circle cx=\"{}\" cy=\"{}\" r=\"3\" fill=\"#3b2a12\"/>",
            round(x),
            round(y)
        );
    }
    coordinates(&mut svg, g, &at);
    for (p, colour) in board.stones() {
        let (x, y) = at(p);
        let _ = writeln!(
            svg,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"#111111\" stroke-width=\"1\"/>",
            round(x),
            round(y),
            round(UNIT * 0.46),
            palette.fill(colour)
        );
        let mark = palette.contrast(colour);
        if marks.last.contains(p) {
            let _ = writeln!(
                svg,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{mark}\" stroke-width=\"2\"/>",
                round(x),
                round(y),
                round(UNIT * 0.22)
            );
        }
        if marks.dead.contains(p) {
            let d = UNIT * 0.22;
            let _ = writeln!(
                svg,
                "<path d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"{mark}\" stroke-width=\"2\"/>",
                round(x - d),
                round(y - d),
                round(x + d),
                round(y + d),
                round(x - d),
                round(y + d),
                round(x + d),
                round(y - d)
            );
        }
    }
    svg.push_str("</svg>\n");
    svg
}

/// The column letters above and below the board and the row numbers left
/// and right of it: each beyond the first and last point of its column or
/// row (a board with holes has columns of different lengths). Where a
/// column ends on a slanted edge (a hexagon) its letter would sit on the
/// number of the row ending there, and is left out: the column's other
/// end has it. A board whose points have their own names has none.
fn coordinates(svg: &mut String, g: &Geometry, at: &impl Fn(tengen_core::Point) -> (f64, f64)) {
    if g.has_own_names() {
        return;
    }
    let text = |svg: &mut String, (x, y): (f64, f64), label: &str| {
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"{}\">{label}</text>",
            round(x),
            round(y)
        );
    };
    svg.push_str("<g font-family=\"sans-serif\" font-size=\"11\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"#3b2a12\">\n");
    let offset = MARGIN * 0.55;
    // The labels beyond the first and last point of a line of points (the
    // same point where it has one), each shifted by `shift(offset)`.
    let beyond = |line: &mut dyn DoubleEndedIterator<Item = tengen_core::Point>,
                  shift: &dyn Fn(f64) -> (f64, f64)| {
        let first = line.next();
        [(first, -offset), (line.next_back().or(first), offset)]
            .into_iter()
            .filter_map(|(p, by)| {
                let ((x, y), (dx, dy)) = (at(p?), shift(by));
                Some((x + dx, y + dy))
            })
            .collect::<Vec<_>>()
    };
    let rows: Vec<(String, Vec<(f64, f64)>)> = (0..g.height())
        .map(|row| {
            let mut line = (0..g.width()).filter_map(|column| g.point_at(column, row));
            let number = (g.height() - row).to_string();
            (number, beyond(&mut line, &|by| (by, 0.0)))
        })
        .collect();
    let crowded = |(x, y): (f64, f64)| {
        rows.iter()
            .flat_map(|(_, spots)| spots)
            .any(|&(rx, ry)| (rx - x).hypot(ry - y) < 0.5 * UNIT)
    };
    for column in 0..g.width() {
        let letter = Geometry::column_letter(column).to_string();
        let mut line = (0..g.height()).filter_map(|row| g.point_at(column, row));
        for spot in beyond(&mut line, &|by| (0.0, by)) {
            if !crowded(spot) {
                text(svg, spot, &letter);
            }
        }
    }
    for (number, spots) in &rows {
        for &spot in spots {
            text(svg, spot, number);
        }
    }
    svg.push_str("</g>\n");
}

fn bounds(g: &Geometry) -> ([f64; 2], [f64; 2]) {
    let mut min = [f64::INFINITY; 2];
    let mut max = [f64::NEG_INFINITY; 2];
    for p in g.points() {
        let position = g.position(p);
        for axis in 0..2 {
            min[axis] = min[axis].min(position[axis]);
            max[axis] = max[axis].max(position[axis]);
        }
    }
    (min, max)
}

/// A coordinate with one decimal, without a trailing `.0`.
fn round(v: f64) -> String {
    let tenths = (v * 10.0).round() / 10.0;
    if tenths.fract() == 0.0 {
        format!("{}", tenths as i64)
    } else {
        format!("{tenths:.1}")
    }
}

/// Escapes text for XML.
pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn a_diagram_draws_each_stone_its_marks_and_one_line_a_row_and_column() {
        use tengen_core::Topology;
        let geometry = tengen_variants::topology::square::Square::new(3, 3)
            .expect("a 3x3 board")
            .geometry();
        let mut stones = Board::new(Arc::clone(&geometry));
        let a = geometry.parse_point("A1").expect("A1");
        let b = geometry.parse_point("B2").expect("B2");
        stones.put_stone(a, Colour::Black);
        stones.put_stone(b, Colour::White);
        let marks = Marks {
            last: [b].into_iter().collect(),
            dead: [a].into_iter().collect(),
        };
        let palette = Palette::for_names(&["Black".into(), "White".into()]);
        let svg = board(&stones, &marks, palette, "a <test> & more");
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.contains("<title>a &lt;test&gt; &amp; more</title>"));
        // Two stones and the ring of the last move.
        assert_eq!(svg.matches("<circle").count(), 3);
        assert!(svg.contains("fill=\"#111111\"") && svg.contains("fill=\"#f8f8f8\""));
        // Three rows and three columns, each one straight line.
        let grid = svg
            .lines()
            .find(|l| l.contains("stroke=\"#3b2a12\""))
            .expect("the grid");
        assert_eq!(grid.matches('M').count(), 6, "{grid}");
        // The cross on the dead stone: one path of two strokes.
        let crosses: Vec<&str> = svg
            .lines()
            .filter(|l| l.starts_with("<path") && l.contains("stroke-width=\"2\""))
            .collect();
        assert_eq!(crosses.len(), 1, "{crosses:?}");
        assert_eq!(crosses[0].matches('M').count(), 2);
        assert_eq!(
            svg.matches("<text").count(),
            12,
            "letters and numbers on every side"
        );
    }
}
