//! The board's shape: its points, who neighbours whom, names and drawing
//! positions. A [`Topology`](crate::Topology) builds one; the board reads it.

use crate::point::Point;
use crate::zobrist;
use std::fmt;

/// The most neighbours a point may have in any topology.
pub const MAX_DEGREE: usize = 8;

/// Column letters in GTP style: `A` to `Z` without `I`.
const COLUMN_LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The largest width a named grid may have (one letter per column).
pub const MAX_WIDTH: usize = COLUMN_LETTERS.len();

/// A board shape: points laid out on a named grid of `width` columns and
/// `height` rows, with an arbitrary (symmetric) neighbour relation.
///
/// Points are numbered row by row from the top-left corner. Names follow GTP:
/// a column letter from `A` (skipping `I`) and a row number counted from the
/// bottom, so the bottom-left point is `A1`. The neighbour table is built once
/// here and read by the board on every placement.
#[derive(Clone, PartialEq)]
pub struct Geometry {
    width: usize,
    height: usize,
    neighbours: Vec<Point>,
    degree: Vec<u8>,
    /// The diagonal points of each point, in index order: `diagonals[
    /// diagonal_start[p]..diagonal_start[p + 1]]`.
    diagonals: Vec<Point>,
    diagonal_start: Vec<u32>,
    positions: Vec<[f64; 2]>,
    star_points: Vec<Point>,
    /// The links a drawing shows leaving the board rather than crossing
    /// it (see [`Geometry::with_wrapping_links`]), each as `(lower,
    /// higher)` point, sorted.
    wrapping: Vec<(Point, Point)>,
    zobrist: Vec<[u64; 2]>,
}

/// The diagonal points of every point (see [`Geometry::diagonals`]), as a
/// flat list and the start of each point's run in it.
fn diagonals_of(count: usize, neighbours: &[Point], degree: &[u8]) -> (Vec<Point>, Vec<u32>) {
    let row = |p: usize| &neighbours[p * MAX_DEGREE..p * MAX_DEGREE + degree[p] as usize];
    let mut diagonals = Vec::new();
    let mut start = Vec::with_capacity(count + 1);
    let mut shared = vec![0u8; count];
    for p in 0..count {
        start.push(diagonals.len() as u32);
        let mut seen = Vec::new();
        for n in row(p) {
            for q in row(n.index()) {
                let q = q.index();
                if q != p && !row(p).contains(&Point::new(q)) {
                    if shared[q] == 0 {
                        seen.push(q);
                    }
                    shared[q] += 1;
                }
            }
        }
        seen.sort_unstable();
        for q in seen {
            if shared[q] >= 2 {
                diagonals.push(Point::new(q));
            }
            shared[q] = 0;
        }
    }
    start.push(diagonals.len() as u32);
    (diagonals, start)
}

/// A link list that does not make a board: a bug in a topology, reported
/// rather than trusted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GeometryError {
    /// The grid is empty or wider than the names allow.
    BadSize {
        /// Columns asked for.
        width: usize,
        /// Rows asked for.
        height: usize,
    },
    /// A link names a point outside the grid.
    OutOfRange(usize),
    /// A point is linked to itself.
    SelfLink(usize),
    /// A point has more than [`MAX_DEGREE`] neighbours.
    TooManyNeighbours(usize),
}

impl fmt::Display for GeometryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GeometryError::BadSize { width, height } => write!(
                f,
                "a {width}x{height} grid cannot be named: widths run from 1 to {MAX_WIDTH}, heights from 1 up"
            ),
            GeometryError::OutOfRange(p) => write!(f, "a link names point {p}, outside the grid"),
            GeometryError::SelfLink(p) => write!(f, "point {p} is linked to itself"),
            GeometryError::TooManyNeighbours(p) => {
                write!(f, "point {p} has more than {MAX_DEGREE} neighbours")
            }
        }
    }
}

impl std::error::Error for GeometryError {}

impl Geometry {
    /// Builds a geometry on a `width` x `height` grid from a list of links
    /// (each an unordered pair of point indices; duplicates are ignored).
    /// Drawing positions default to the grid cell centres.
    pub fn from_links(
        width: usize,
        height: usize,
        links: impl IntoIterator<Item = (usize, usize)>,
    ) -> Result<Geometry, GeometryError> {
        if width == 0 || height == 0 || width > MAX_WIDTH || width * height > Point::MAX_POINTS {
            return Err(GeometryError::BadSize { width, height });
        }
        let count = width * height;
        let mut neighbours = vec![Point::default(); count * MAX_DEGREE];
        let mut degree = vec![0u8; count];
        for (a, b) in links {
            for p in [a, b] {
                if p >= count {
                    return Err(GeometryError::OutOfRange(p));
                }
            }
            if a == b {
                return Err(GeometryError::SelfLink(a));
            }
            let (pa, pb) = (Point::new(a), Point::new(b));
            let already =
                neighbours[a * MAX_DEGREE..a * MAX_DEGREE + degree[a] as usize].contains(&pb);
            if already {
                continue;
            }
            for (from, to) in [(a, pb), (b, pa)] {
                let d = degree[from] as usize;
                if d == MAX_DEGREE {
                    return Err(GeometryError::TooManyNeighbours(from));
                }
                neighbours[from * MAX_DEGREE + d] = to;
                degree[from] += 1;
            }
        }
        for p in 0..count {
            neighbours[p * MAX_DEGREE..p * MAX_DEGREE + degree[p] as usize].sort_unstable();
        }
        let positions = (0..count)
            .map(|i| [(i % width) as f64, (i / width) as f64])
            .collect();
        let (diagonals, diagonal_start) = diagonals_of(count, &neighbours, &degree);
        Ok(Geometry {
            width,
            height,
            neighbours,
            degree,
            diagonals,
            diagonal_start,
            positions,
            star_points: Vec::new(),
            wrapping: Vec::new(),
            zobrist: zobrist::point_keys(count),
        })
    }

    /// The links of a square grid of `width` x `height` points: each point
    /// to the next in its row and the next in its column.
    pub fn grid_links(width: usize, height: usize) -> impl Iterator<Item = (usize, usize)> {
        (0..height).flat_map(move |row| {
            (0..width).flat_map(move |column| {
                let p = row * width + column;
                let right = (column + 1 < width).then_some((p, p + 1));
                let down = (row + 1 < height).then_some((p, p + width));
                right.into_iter().chain(down)
            })
        })
    }

    /// Marks links that join opposite edges of the drawing (a torus, a
    /// cylinder): a drawing shows each as two short lines leaving the
    /// board from its two points, not as a line across the board. They are
    /// links like any other for the rules. Pairs that are not links are
    /// ignored.
    pub fn with_wrapping_links(
        mut self,
        links: impl IntoIterator<Item = (Point, Point)>,
    ) -> Geometry {
        let mut wrapping: Vec<(Point, Point)> = links
            .into_iter()
            .filter(|&(a, b)| self.are_neighbours(a, b))
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect();
        wrapping.sort_unstable();
        wrapping.dedup();
        self.wrapping = wrapping;
        self
    }

    /// Whether the link between `a` and `b` is drawn leaving the board
    /// (see [`Geometry::with_wrapping_links`]).
    pub fn wraps(&self, a: Point, b: Point) -> bool {
        self.wrapping.binary_search(&(a.min(b), a.max(b))).is_ok()
    }

    /// Sets the star points (the marked points of the drawn board).
    pub fn with_star_points(mut self, star_points: Vec<Point>) -> Geometry {
        self.star_points = star_points;
        self
    }

    /// Sets the drawing positions, one per point, in board units with `y`
    /// growing downwards.
    ///
    /// # Panics
    /// When the list does not have one position per point.
    pub fn with_positions(mut self, positions: Vec<[f64; 2]>) -> Geometry {
        assert_eq!(
            positions.len(),
            self.point_count(),
            "one position per point"
        );
        self.positions = positions;
        self
    }

    /// The number of points.
    #[inline]
    pub fn point_count(&self) -> usize {
        self.degree.len()
    }

    /// Every point in index order.
    pub fn points(&self) -> impl ExactSizeIterator<Item = Point> + use<> {
        (0..self.point_count()).map(Point::new)
    }

    /// Columns of the naming grid.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows of the naming grid.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The neighbours of `point`, in increasing index order.
    #[inline]
    pub fn neighbours(&self, point: Point) -> &[Point] {
        let start = point.index() * MAX_DEGREE;
        &self.neighbours[start..start + self.degree[point.index()] as usize]
    }

    /// The neighbours of `point` as a fixed row of [`MAX_DEGREE`] slots,
    /// and how many of them are used (for inner loops that copy the row).
    #[inline]
    pub fn neighbour_row(&self, point: Point) -> (&[Point; MAX_DEGREE], usize) {
        let start = point.index() * MAX_DEGREE;
        let row = self.neighbours[start..start + MAX_DEGREE]
            .try_into()
            .expect("rows of MAX_DEGREE slots");
        (row, self.degree[point.index()] as usize)
    }

    /// The diagonal points of `point`: the points other than it and its
    /// neighbours that neighbour at least two of its neighbours (on a
    /// square grid, the four points corner to corner with it; fewer on
    /// the edge).
    #[inline]
    pub fn diagonals(&self, point: Point) -> &[Point] {
        let i = point.index();
        &self.diagonals[self.diagonal_start[i] as usize..self.diagonal_start[i + 1] as usize]
    }

    /// Whether `a` and `b` are neighbours.
    pub fn are_neighbours(&self, a: Point, b: Point) -> bool {
        self.neighbours(a).contains(&b)
    }

    /// The point at `column` (from the left) and `row` (from the top),
    /// both counted from zero.
    pub fn point_at(&self, column: usize, row: usize) -> Option<Point> {
        (column < self.width && row < self.height).then(|| Point::new(row * self.width + column))
    }

    /// The column (from the left) and row (from the top) of `point`.
    pub fn grid_position(&self, point: Point) -> (usize, usize) {
        (point.index() % self.width, point.index() / self.width)
    }

    /// The drawing position of `point`.
    pub fn position(&self, point: Point) -> [f64; 2] {
        self.positions[point.index()]
    }

    /// The star points.
    pub fn star_points(&self) -> &[Point] {
        &self.star_points
    }

    /// The Zobrist numbers of `point`, one per colour.
    #[inline]
    pub(crate) fn zobrist(&self, point: Point) -> &[u64; 2] {
        &self.zobrist[point.index()]
    }

    /// The letter of a column.
    pub fn column_letter(column: usize) -> char {
        COLUMN_LETTERS[column] as char
    }

    /// The GTP-style name of `point`, e.g. `D4`.
    pub fn name(&self, point: Point) -> String {
        let (column, row) = self.grid_position(point);
        format!("{}{}", Geometry::column_letter(column), self.height - row)
    }

    /// The name of `point` as a small copyable value, for refusals.
    pub fn label(&self, point: Point) -> PointLabel {
        let (column, row) = self.grid_position(point);
        let number = self.height - row;
        let mut bytes = [b' '; 6];
        bytes[0] = COLUMN_LETTERS[column];
        let digits = number.checked_ilog10().unwrap_or(0) as usize + 1;
        let mut rest = number;
        for i in (1..=digits).rev() {
            bytes[i] = b'0' + (rest % 10) as u8;
            rest /= 10;
        }
        PointLabel {
            point,
            bytes,
            len: 1 + digits as u8,
        }
    }

    /// Reads a point name such as `D4` or `q16` (case does not matter).
    pub fn parse_point(&self, text: &str) -> Result<Point, PointNameError> {
        let bad = || PointNameError::Malformed(text.to_string());
        let mut chars = text.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_uppercase();
        if !letter.is_ascii_alphabetic() {
            return Err(bad());
        }
        if letter == 'I' {
            return Err(PointNameError::NoColumnI(text.to_string()));
        }
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 4 {
            return Err(bad());
        }
        let column = COLUMN_LETTERS
            .iter()
            .position(|&c| c as char == letter)
            .ok_or_else(bad)?;
        let number: usize = digits.parse().map_err(|_| bad())?;
        if column >= self.width || number == 0 || number > self.height {
            return Err(PointNameError::OffBoard {
                name: text.to_string(),
                last_column: Geometry::column_letter(self.width - 1),
                height: self.height,
            });
        }
        Ok(Point::new((self.height - number) * self.width + column))
    }
}

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Geometry({}x{}, {} points)",
            self.width,
            self.height,
            self.point_count()
        )
    }
}

/// A point with its name, small enough to copy (names have at most six
/// characters).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PointLabel {
    /// The point.
    pub point: Point,
    bytes: [u8; 6],
    len: u8,
}

impl PointLabel {
    /// The name.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or("?")
    }
}

impl fmt::Display for PointLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for PointLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A point name that does not name a point of this board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PointNameError {
    /// Not a letter followed by a number.
    Malformed(String),
    /// Uses the column letter `I`, which Go coordinates skip.
    NoColumnI(String),
    /// A well-formed name outside the board.
    OffBoard {
        /// The name as given.
        name: String,
        /// The letter of the last column.
        last_column: char,
        /// The number of rows.
        height: usize,
    },
}

impl fmt::Display for PointNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PointNameError::Malformed(name) => write!(
                f,
                "`{name}` is not a point: write a column letter and a row number, like D4"
            ),
            PointNameError::NoColumnI(name) => write!(
                f,
                "`{name}` is not a point: column letters skip I (H is followed by J)"
            ),
            PointNameError::OffBoard {
                name,
                last_column,
                height,
            } => write!(
                f,
                "`{name}` is off the board: columns run from A to {last_column}, rows from 1 to {height}"
            ),
        }
    }
}

impl std::error::Error for PointNameError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(n: usize) -> Geometry {
        Geometry::from_links(n, 1, (1..n).map(|i| (i - 1, i))).unwrap()
    }

    #[test]
    fn names_count_rows_from_the_bottom_and_skip_i() {
        let g = Geometry::from_links(10, 10, []).unwrap();
        assert_eq!(g.name(Point::new(90)), "A1");
        assert_eq!(g.name(Point::new(9)), "K10");
        assert_eq!(g.parse_point("k10"), Ok(Point::new(9)));
        assert_eq!(g.parse_point("a1"), Ok(Point::new(90)));
        for p in g.points() {
            assert_eq!(g.parse_point(&g.name(p)), Ok(p));
            assert_eq!(g.label(p).as_str(), g.name(p));
        }
    }

    #[test]
    fn bad_names_say_what_is_wrong() {
        let g = Geometry::from_links(9, 9, []).unwrap();
        assert!(matches!(
            g.parse_point("I5"),
            Err(PointNameError::NoColumnI(_))
        ));
        assert!(matches!(
            g.parse_point("K5"),
            Err(PointNameError::OffBoard { .. })
        ));
        assert!(matches!(
            g.parse_point("A10"),
            Err(PointNameError::OffBoard { .. })
        ));
        assert!(matches!(
            g.parse_point("A0"),
            Err(PointNameError::OffBoard { .. })
        ));
        for bad in ["", "5", "AA", "A-1", "Ä1", "A1x", "A99999999999999999999"] {
            assert!(
                matches!(g.parse_point(bad), Err(PointNameError::Malformed(_))),
                "{bad}"
            );
        }
        assert_eq!(
            g.parse_point("K5").unwrap_err().to_string(),
            "`K5` is off the board: columns run from A to J, rows from 1 to 9"
        );
    }

    #[test]
    fn diagonals_on_a_square_grid_are_the_corner_to_corner_points() {
        let n = 4;
        let g = Geometry::from_links(n, n, Geometry::grid_links(n, n)).unwrap();
        let names = |p: &str| {
            let p = g.parse_point(p).unwrap();
            g.diagonals(p)
                .iter()
                .map(|&d| g.name(d))
                .collect::<Vec<_>>()
        };
        assert_eq!(names("A1"), ["B2"]);
        assert_eq!(names("B1"), ["A2", "C2"]);
        assert_eq!(names("B2"), ["A3", "C3", "A1", "C1"]);
        // A line has no diagonals: no two neighbours of a point share
        // another neighbour.
        assert!(line(5).points().all(|p| line(5).diagonals(p).is_empty()));
    }

    #[test]
    fn wrapping_links_are_marked_both_ways_and_only_where_they_are_links() {
        // A 3x2 grid with its rows joined end to end (a cylinder).
        let links = Geometry::grid_links(3, 2).chain([(0, 2), (3, 5)]);
        let g = Geometry::from_links(3, 2, links)
            .unwrap()
            .with_wrapping_links([
                (Point::new(2), Point::new(0)),
                (Point::new(3), Point::new(5)),
                (Point::new(0), Point::new(4)), // not a link: ignored
            ]);
        assert!(g.wraps(Point::new(0), Point::new(2)));
        assert!(g.wraps(Point::new(2), Point::new(0)));
        assert!(g.wraps(Point::new(5), Point::new(3)));
        assert!(!g.wraps(Point::new(0), Point::new(1)), "an ordinary link");
        assert!(!g.wraps(Point::new(0), Point::new(4)));
        assert_eq!(
            g.neighbours(Point::new(0)).len(),
            3,
            "a wrapping link is a link"
        );
    }

    #[test]
    fn links_are_symmetric_sorted_and_deduplicated() {
        let g = Geometry::from_links(3, 1, [(1, 0), (1, 2), (0, 1)]).unwrap();
        assert_eq!(g.neighbours(Point::new(1)), [Point::new(0), Point::new(2)]);
        assert_eq!(g.neighbours(Point::new(0)), [Point::new(1)]);
        assert!(g.are_neighbours(Point::new(2), Point::new(1)));
        assert_eq!(line(4).neighbours(Point::new(3)), [Point::new(2)]);
    }

    #[test]
    fn broken_link_lists_are_refused() {
        assert_eq!(
            Geometry::from_links(2, 1, [(0, 2)]),
            Err(GeometryError::OutOfRange(2))
        );
        assert_eq!(
            Geometry::from_links(2, 1, [(1, 1)]),
            Err(GeometryError::SelfLink(1))
        );
        assert!(matches!(
            Geometry::from_links(26, 1, []),
            Err(GeometryError::BadSize { .. })
        ));
        let star = (1..10).map(|i| (0, i));
        assert_eq!(
            Geometry::from_links(10, 1, star),
            Err(GeometryError::TooManyNeighbours(0))
        );
    }
}
