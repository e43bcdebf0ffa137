//! Text diagrams of boards: drawn for people (the terminal, snapshots) and
//! read back (scenario start positions).
//!
//! A diagram has one line per row, top row first. `X` is a stone of the
//! first colour, `O` of the second, `.` an empty point (`+` an empty star
//! point). When drawn, marked dead stones are lower-case and the stones of
//! the last move are wrapped in parentheses.

use crate::board::Board;
use crate::colour::Colour;
use crate::geometry::Geometry;
use crate::point::{Point, PointSet};

/// What to draw besides the stones.
#[derive(Clone, Debug, Default)]
pub struct DiagramMarks {
    /// Stones to draw lower-case (marked dead).
    pub dead: PointSet,
    /// Points to wrap in parentheses (the last move).
    pub last: PointSet,
    /// Draw column letters and row numbers around the board.
    pub coordinates: bool,
}

/// Draws `board`.
pub fn draw(board: &Board, marks: &DiagramMarks) -> String {
    let g = board.geometry();
    let letters: String = (0..g.width())
        .map(|c| format!(" {}", Geometry::column_letter(c)))
        .collect();
    let number_width = g.height().to_string().len();
    let mut out = String::new();
    if marks.coordinates {
        out.push_str(&format!("{:number_width$}{letters}\n", ""));
    }
    for row in 0..g.height() {
        let number = g.height() - row;
        let mut line = vec![' '; 2 * g.width() + 1];
        for column in 0..g.width() {
            let p = g.point_at(column, row).expect("on the grid");
            line[2 * column + 1] = cell(board, g, p, marks);
            if marks.last.contains(p) {
                line[2 * column] = '(';
                line[2 * column + 2] = ')';
            }
        }
        let body: String = line.into_iter().collect();
        if marks.coordinates {
            out.push_str(&format!("{number:>number_width$}{body}{number}\n"));
        } else {
            out.push_str(body.trim_start().trim_end());
            out.push('\n');
        }
    }
    if marks.coordinates {
        out.push_str(&format!("{:number_width$}{letters}\n", ""));
    }
    out
}

fn cell(board: &Board, g: &Geometry, p: Point, marks: &DiagramMarks) -> char {
    let dead = marks.dead.contains(p);
    match board.get(p) {
        Some(Colour::Black) if dead => 'x',
        Some(Colour::Black) => 'X',
        Some(Colour::White) if dead => 'o',
        Some(Colour::White) => 'O',
        None if g.star_points().contains(&p) => '+',
        None => '.',
    }
}

/// Reads a diagram into stones. Spaces are ignored; every other character
/// of a row is a point (`X`/`x`, `O`/`o`, `.`, `+`). Blank lines are skipped.
pub fn read(geometry: &Geometry, text: &str) -> Result<Vec<(Point, Colour)>, String> {
    let rows: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    if rows.len() != geometry.height() {
        return Err(format!(
            "the diagram has {} rows; the board has {}",
            rows.len(),
            geometry.height()
        ));
    }
    let mut stones = Vec::new();
    for (row, line) in rows.iter().enumerate() {
        let cells: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
        if cells.len() != geometry.width() {
            return Err(format!(
                "row {} of the diagram (`{line}`) has {} points; the board has {} columns",
                row + 1,
                cells.len(),
                geometry.width()
            ));
        }
        for (column, c) in cells.into_iter().enumerate() {
            let p = geometry.point_at(column, row).expect("within the grid");
            match c {
                'X' | 'x' => stones.push((p, Colour::Black)),
                'O' | 'o' => stones.push((p, Colour::White)),
                '.' | '+' => {}
                other => {
                    return Err(format!(
                        "`{other}` in row {} of the diagram is not a point: use X, O or .",
                        row + 1
                    ));
                }
            }
        }
    }
    Ok(stones)
}

/// A score as a person writes it: `7`, `7.5`, `-3`.
pub fn points(value: f64) -> String {
    if value.fract() == 0.0 {
        format!("{value:.0}")
    } else {
        format!("{value}")
    }
}

/// The result in SGF's form: `B+3.5`, `W+R`, `B+` (won otherwise), `0`
/// (a draw). `B` is the first colour, `W` the second.
pub fn short_result(state: &crate::state::GameState, result: &crate::state::GameResult) -> String {
    let Some(winner) = result.winner else {
        return "0".into();
    };
    let letter = match state.colour_of(winner) {
        Colour::Black => "B",
        Colour::White => "W",
    };
    match (&result.reason, &result.score) {
        (crate::state::EndReason::Score, Some(sheet)) => {
            format!("{letter}+{}", points(sheet.margin()))
        }
        (crate::state::EndReason::Resignation { .. }, _) => format!("{letter}+R"),
        _ => format!("{letter}+"),
    }
}

/// The result in words, e.g. `Black (Player 1) wins by 3.5 points`.
pub fn describe_result(
    rules: &crate::rules::Rules,
    state: &crate::state::GameState,
    result: &crate::state::GameResult,
) -> String {
    let name = |seat: crate::colour::Seat| {
        format!("{} ({seat})", rules.colour_name(state.colour_of(seat)))
    };
    match (result.winner, &result.reason, &result.score) {
        (Some(w), crate::state::EndReason::Score, Some(sheet)) => {
            let margin = sheet.margin();
            let unit = if margin == 1.0 { "point" } else { "points" };
            format!("{} wins by {} {unit}", name(w), points(margin))
        }
        (None, crate::state::EndReason::Score, _) => "a draw: the scores are equal".into(),
        (Some(w), reason, _) => format!("{} wins {reason}", name(w)),
        (None, reason, _) => format!("a draw {reason}"),
    }
}

/// A score sheet on one line per colour, e.g.
/// `Black 41 (stones 30, territory 11)`.
pub fn describe_score(rules: &crate::rules::Rules, sheet: &crate::state::ScoreSheet) -> String {
    Colour::BOTH
        .iter()
        .map(|&c| {
            let mut parts = vec![
                format!("stones {}", sheet.stones[c]),
                format!("territory {}", sheet.territory[c]),
            ];
            for b in sheet.bonuses.iter().filter(|b| b.colour == c) {
                parts.push(format!("{} {}", b.label, points(b.points)));
            }
            format!(
                "{} {} ({})",
                rules.colour_name(c),
                points(sheet.total[c]),
                parts.join(", ")
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn a_drawn_diagram_reads_back() {
        let g = Arc::new(
            Geometry::from_links(
                3,
                2,
                [(0, 1), (1, 2), (3, 4), (4, 5), (0, 3), (1, 4), (2, 5)],
            )
            .unwrap(),
        );
        let stones = read(&g, "X . O\n. X .").unwrap();
        let board = Board::from_stones(Arc::clone(&g), stones.clone());
        let mut marks = DiagramMarks::default();
        assert_eq!(draw(&board, &marks), "X . O\n. X .\n");
        marks.last.insert(g.parse_point("C2").unwrap());
        marks.coordinates = true;
        assert_eq!(
            draw(&board, &marks),
            "  A B C\n2 X .(O)2\n1 . X . 1\n  A B C\n"
        );
        assert_eq!(
            read(&g, &draw(&board, &DiagramMarks::default())).unwrap(),
            stones
        );
        assert!(read(&g, "X . O").unwrap_err().contains("2"));
        assert!(read(&g, "X . Q\n. . .").unwrap_err().contains("`Q`"));
    }
}
