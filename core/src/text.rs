//! Text diagrams of boards: drawn for people (the terminal, snapshots) and
//! read back (scenario start positions).
//!
//! A diagram has one line per row of the board's naming grid, top row
//! first. `X` is a stone of the first colour, `O` of the second, `.` an
//! empty point (`+` an empty star point). When drawn, marked dead stones
//! are lower-case and the stones of the last move are wrapped in
//! parentheses.
//!
//! **Where a point is drawn.** A point in grid column `c` is drawn two
//! characters after the point in column `c - 1` of its row, so a square
//! board reads as a square. A cell of the grid that is no point (a hole,
//! as around a hexagon or the net of a cube) is drawn blank. A row is
//! shifted right by its points' mean horizontal offset from their grid
//! columns in the drawing positions, in half cells (twice the offset,
//! rounded), counted from the least shifted row: the rows of a hexagon
//! named on a rhombic grid, each half a cell right of the row above, are
//! drawn one character further right each, and the board reads as a
//! hexagon. On a grid whose points are drawn on their cells, no row is
//! shifted. With coordinates, the column letters stand above and below
//! the columns, shifted as the row next to them continued one row
//! further (so on a hexagon they stand at the ends of its slanted
//! columns), and the row numbers at both ends of each row. A board whose
//! points have their own names is drawn without coordinates, which would
//! name no point.
//!
//! **Reading.** Blank lines are skipped, and so is white space within a
//! line: each remaining line is a row of the grid that has points, top
//! first, and gives its points' characters left to right (`X`/`x`,
//! `O`/`o`, `.`, `+`). A row needs as many characters as it has points,
//! so a drawn diagram reads back however its rows are indented.

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

/// The shift of each row of `g`'s grid, in characters (see the module
/// docs), none below zero.
fn row_shifts(g: &Geometry) -> Vec<usize> {
    let mut offsets = vec![(0.0, 0usize); g.height()];
    for p in g.points() {
        let (column, row) = g.grid_position(p);
        offsets[row].0 += g.position(p)[0] - column as f64;
        offsets[row].1 += 1;
    }
    let shifts: Vec<i64> = offsets
        .iter()
        .map(|&(sum, n)| {
            if n == 0 {
                0
            } else {
                (2.0 * sum / n as f64).round() as i64
            }
        })
        .collect();
    let least = shifts.iter().copied().min().unwrap_or(0);
    shifts.iter().map(|&s| (s - least) as usize).collect()
}

/// Draws `board`.
pub fn draw(board: &Board, marks: &DiagramMarks) -> String {
    let g = board.geometry();
    let coordinates = marks.coordinates && !g.has_own_names();
    let shifts = row_shifts(g);
    let last_row = g.height() - 1;
    // The letters' shifts: each outer row's, continued one row further.
    let step = |from: usize, to: usize| shifts[to] as i64 - shifts[from] as i64;
    let (above, below) = if last_row == 0 {
        (0, 0)
    } else {
        (
            shifts[0] as i64 - step(0, 1),
            shifts[last_row] as i64 + step(last_row - 1, last_row),
        )
    };
    let margin = (-above.min(below).min(0)) as usize;
    let widest = shifts.iter().max().copied().unwrap_or(0) as i64;
    let body_width = 2 * g.width() + 1 + margin + widest as usize;
    let letters = |shift: i64| {
        let mut line = vec![' '; 2 * g.width() + 1 + (margin as i64 + shift) as usize];
        for column in 0..g.width() {
            line[(margin as i64 + shift) as usize + 2 * column + 1] =
                Geometry::column_letter(column);
        }
        line.into_iter().collect::<String>().trim_end().to_string()
    };
    let number_width = g.height().to_string().len();
    let mut out = String::new();
    if coordinates {
        out.push_str(&format!("{:number_width$}{}\n", "", letters(above)));
    }
    // Plain diagrams lose the indentation that every row has.
    let indent = g
        .points()
        .map(|p| {
            let (column, row) = g.grid_position(p);
            margin + shifts[row] + 2 * column + 1
        })
        .min()
        .unwrap_or(0);
    for (row, shift) in shifts.iter().enumerate() {
        let number = g.height() - row;
        let mut line = vec![' '; body_width];
        for column in 0..g.width() {
            let Some(p) = g.point_at(column, row) else {
                continue;
            };
            let at = margin + shift + 2 * column + 1;
            line[at] = cell(board, g, p, marks);
            if marks.last.contains(p) {
                line[at - 1] = '(';
                line[at + 1] = ')';
            }
        }
        let body: String = line.into_iter().collect();
        if coordinates {
            out.push_str(&format!("{number:>number_width$}{body}{number}\n"));
        } else {
            let spaces = body.len() - body.trim_start_matches(' ').len();
            out.push_str(body[spaces.min(indent)..].trim_end());
            out.push('\n');
        }
    }
    if coordinates {
        out.push_str(&format!("{:number_width$}{}\n", "", letters(below)));
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

/// Reads a diagram into stones (see the module docs): blank lines and
/// white space are skipped, and each line gives the points of one row of
/// the grid that has points, left to right (`X`/`x`, `O`/`o`, `.`, `+`).
pub fn read(geometry: &Geometry, text: &str) -> Result<Vec<(Point, Colour)>, String> {
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let rows: Vec<Vec<Point>> = (0..geometry.height())
        .map(|row| {
            (0..geometry.width())
                .filter_map(|column| geometry.point_at(column, row))
                .collect::<Vec<_>>()
        })
        .filter(|points| !points.is_empty())
        .collect();
    if lines.len() != rows.len() {
        return Err(format!(
            "the diagram has {} rows; the board has {}",
            lines.len(),
            rows.len()
        ));
    }
    let mut stones = Vec::new();
    for (row, (line, points)) in lines.iter().zip(&rows).enumerate() {
        let cells: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
        if cells.len() != points.len() {
            let what = if geometry.is_full_grid() {
                "columns"
            } else {
                "points in that row"
            };
            return Err(format!(
                "row {} of the diagram (`{line}`) has {} points; the board has {} {what}",
                row + 1,
                cells.len(),
                points.len()
            ));
        }
        for (&p, c) in points.iter().zip(cells) {
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

/// The tracker: the seats of the next sixteen placements (Thue-Morse
/// Go's tracker shows sixteen), as the colours' initials (`R B B R`), or
/// as the diagram's letters (`X O O X`) when the initials coincide. Empty
/// before ordinary play (a setup decides who takes the first placement).
pub fn tracker(game: &crate::game::Game) -> String {
    let rules = game.rules();
    let initial = |c: Colour| rules.colour_name(c).chars().next().unwrap_or('?');
    let distinct = initial(Colour::Black) != initial(Colour::White);
    game.upcoming(16)
        .iter()
        .map(|&s| match (game.state().colour_of(s), distinct) {
            (c, true) => initial(c).to_string(),
            (Colour::Black, false) => "X".into(),
            (Colour::White, false) => "O".into(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The TMS tracker: the zero-based index of the next placement in three
/// hexadecimal digits (`00A`, counting on from `000` after `FFF`), or
/// `None` before ordinary play (there is no index yet).
pub fn hex_placement_index(state: &crate::state::GameState) -> Option<String> {
    state
        .placement_index()
        .map(|index| format!("{:03X}", index % 0x1000))
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

    /// A hexagon of side 2 on a 3x3 rhombic grid: rows drawn half a cell
    /// further right each, the top-left and bottom-right cells holes.
    fn hexagon() -> Arc<Geometry> {
        let cells = [(1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (1, 2)];
        let positions = cells
            .iter()
            .map(|&(c, r)| [c as f64 + r as f64 / 2.0, r as f64 * 0.866])
            .collect();
        let links = [(0, 1), (0, 3), (2, 3), (3, 4), (3, 5), (5, 6)];
        Arc::new(
            Geometry::from_cells_and_links(3, 3, cells, links)
                .unwrap()
                .with_positions(positions),
        )
    }

    #[test]
    fn a_board_with_holes_is_drawn_with_blanks_and_reads_back() {
        let g = hexagon();
        let stones = read(&g, "X .\n. O .\nX X").unwrap();
        let board = Board::from_stones(Arc::clone(&g), stones.clone());
        let plain = draw(&board, &DiagramMarks::default());
        assert_eq!(plain, " X .\n. O .\n X X\n");
        assert_eq!(read(&g, &plain).unwrap(), stones);
        let mut marks = DiagramMarks {
            coordinates: true,
            ..DiagramMarks::default()
        };
        marks.last.insert(g.parse_point("B2").unwrap());
        assert_eq!(
            draw(&board, &marks),
            "  A B C\n3    X .   3\n2   .(O).  2\n1    X X   1\n      A B C\n"
        );
        let error = read(&g, "X . .\n. O .\nX X").unwrap_err();
        assert!(error.contains("2 points in that row"), "{error}");
        assert!(read(&g, "X .\n. O .").unwrap_err().contains("3"));
        // Points with their own names: no letters and numbers around.
        let named = Arc::new(
            hexagon()
                .as_ref()
                .clone()
                .with_names(&["a", "b", "c", "d", "e", "f", "g"], &[])
                .unwrap(),
        );
        let board = Board::from_stones(named, stones);
        let with_coordinates = DiagramMarks {
            coordinates: true,
            ..DiagramMarks::default()
        };
        assert_eq!(draw(&board, &with_coordinates), plain);
    }
}
