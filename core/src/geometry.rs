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
/// Every point has a cell of the grid; a cell that is no point is a hole
/// (a hexagon drawn on a rhombic grid, the unfolded net of a cube).
/// Points are numbered 0.. without gaps, in the order of their cells row
/// by row from the top-left corner; [`Geometry::point_at`] and
/// [`Geometry::grid_position`] map between the two. Names follow GTP
/// unless the topology gives its own ([`Geometry::with_names`]): a column
/// letter from `A` (skipping `I`) and a row number counted from the
/// bottom, so the bottom-left cell is `A1`. The neighbour table is built
/// once here and read by the board on every placement; the cells and names
/// are read only by front ends.
#[derive(Clone, PartialEq)]
pub struct Geometry {
    width: usize,
    height: usize,
    /// The cell of each point, as `row * width + column`.
    cells: Vec<u32>,
    /// The point of each cell, [`NO_POINT`] for a hole.
    cell_points: Vec<u32>,
    /// The points' own names, when the topology gives them.
    names: Option<Vec<Name>>,
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
    /// The directions of stubs drawn otherwise than away from the other
    /// end (see [`Geometry::with_stub_directions`]), as `(from, to,
    /// direction)`, sorted.
    stubs: Vec<(Point, Point, [f64; 2])>,
    zobrist: Vec<[u64; 2]>,
}

/// A hole in [`Geometry`]'s map from cells to points.
const NO_POINT: u32 = u32::MAX;

/// The longest point name, in bytes (what [`PointLabel`] holds).
pub const MAX_NAME_LEN: usize = 6;

/// A point's own name: up to [`MAX_NAME_LEN`] ASCII letters and digits.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Name {
    bytes: [u8; MAX_NAME_LEN],
    len: u8,
}

impl Name {
    fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or("?")
    }
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
    /// A point's cell is outside the grid.
    CellOutOfGrid {
        /// The cell's column, from the left.
        column: usize,
        /// The cell's row, from the top.
        row: usize,
    },
    /// The cells are not given once each, row by row from the top left
    /// (the order that numbers the points).
    CellsOutOfOrder {
        /// The cell's column, from the left.
        column: usize,
        /// The cell's row, from the top.
        row: usize,
    },
    /// The grid has no point at all.
    NoPoints,
    /// The list of names does not give one per point.
    NameCount {
        /// Names given.
        names: usize,
        /// Points of the board.
        points: usize,
    },
    /// A name that cannot be written in the notation.
    BadName {
        /// The name as given.
        name: String,
        /// Why not, for a person.
        reason: String,
    },
    /// Two points have the same name (letter case does not tell names
    /// apart).
    DuplicateName(String),
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
            GeometryError::CellOutOfGrid { column, row } => write!(
                f,
                "the cell in column {column}, row {row} (from 0) is outside the grid"
            ),
            GeometryError::CellsOutOfOrder { column, row } => write!(
                f,
                "the cell in column {column}, row {row} (from 0) is given twice or out of order: give the cells once each, row by row from the top left"
            ),
            GeometryError::NoPoints => write!(f, "the board has no point"),
            GeometryError::NameCount { names, points } => {
                write!(
                    f,
                    "{names} names for {points} points: give one name a point"
                )
            }
            GeometryError::BadName { name, reason } => {
                write!(f, "`{name}` cannot name a point: {reason}")
            }
            GeometryError::DuplicateName(name) => {
                write!(
                    f,
                    "two points are named `{name}` (names ignore letter case)"
                )
            }
        }
    }
}

impl std::error::Error for GeometryError {}

impl Geometry {
    /// Builds a geometry on a `width` x `height` grid from a list of links
    /// (each an unordered pair of point indices; duplicates are ignored).
    /// Every cell is a point, numbered row by row. Drawing positions
    /// default to the grid cell centres.
    pub fn from_links(
        width: usize,
        height: usize,
        links: impl IntoIterator<Item = (usize, usize)>,
    ) -> Result<Geometry, GeometryError> {
        if width == 0 || height == 0 || width > MAX_WIDTH || width * height > Point::MAX_POINTS {
            return Err(GeometryError::BadSize { width, height });
        }
        let cells = (0..height).flat_map(|row| (0..width).map(move |column| (column, row)));
        Geometry::from_cells_and_links(width, height, cells, links)
    }

    /// Builds a geometry on a `width` x `height` grid whose points are the
    /// given `cells` (each `(column, row)`, counted from the top left and
    /// from zero), given once each row by row, so that point `i` is the
    /// `i`-th cell; the other cells are holes. `links` join point indices
    /// as in [`Geometry::from_links`]. Drawing positions default to the
    /// cell centres.
    pub fn from_cells_and_links(
        width: usize,
        height: usize,
        cells: impl IntoIterator<Item = (usize, usize)>,
        links: impl IntoIterator<Item = (usize, usize)>,
    ) -> Result<Geometry, GeometryError> {
        if width == 0 || height == 0 || width > MAX_WIDTH || width * height > u32::MAX as usize {
            return Err(GeometryError::BadSize { width, height });
        }
        let mut cell_points = vec![NO_POINT; width * height];
        let mut point_cells: Vec<u32> = Vec::new();
        for (column, row) in cells {
            if column >= width || row >= height {
                return Err(GeometryError::CellOutOfGrid { column, row });
            }
            let cell = row * width + column;
            if point_cells
                .last()
                .is_some_and(|&last| last as usize >= cell)
            {
                return Err(GeometryError::CellsOutOfOrder { column, row });
            }
            if point_cells.len() == Point::MAX_POINTS {
                return Err(GeometryError::BadSize { width, height });
            }
            cell_points[cell] = point_cells.len() as u32;
            point_cells.push(cell as u32);
        }
        let count = point_cells.len();
        if count == 0 {
            return Err(GeometryError::NoPoints);
        }
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
        let positions = point_cells
            .iter()
            .map(|&cell| {
                let cell = cell as usize;
                [(cell % width) as f64, (cell / width) as f64]
            })
            .collect();
        let (diagonals, diagonal_start) = diagonals_of(count, &neighbours, &degree);
        Ok(Geometry {
            width,
            height,
            cells: point_cells,
            cell_points,
            names: None,
            neighbours,
            degree,
            diagonals,
            diagonal_start,
            positions,
            star_points: Vec::new(),
            wrapping: Vec::new(),
            stubs: Vec::new(),
            zobrist: zobrist::point_keys(count),
        })
    }

    /// Gives every point its own name, in point order, instead of the
    /// grid's letter and number. A name has 1 to [`MAX_NAME_LEN`] ASCII
    /// letters and digits, differs from every other name whatever the
    /// letter case, and is none of the `reserved` words (the notation's
    /// words, which a name would hide: see
    /// `tengen_core::notation::reserved_words`). Names are read back
    /// whatever their letter case.
    pub fn with_names(
        mut self,
        names: &[impl AsRef<str>],
        reserved: &[&str],
    ) -> Result<Geometry, GeometryError> {
        if names.len() != self.point_count() {
            return Err(GeometryError::NameCount {
                names: names.len(),
                points: self.point_count(),
            });
        }
        let mut checked: Vec<Name> = Vec::with_capacity(names.len());
        for name in names {
            let name = name.as_ref();
            let bad = |reason: &str| GeometryError::BadName {
                name: name.to_string(),
                reason: reason.to_string(),
            };
            if name.is_empty() || name.len() > MAX_NAME_LEN {
                return Err(bad(&format!("a name has 1 to {MAX_NAME_LEN} characters")));
            }
            if !name.bytes().all(|b| b.is_ascii_alphanumeric()) {
                return Err(bad("a name has only letters A to Z and digits"));
            }
            if reserved.iter().any(|w| w.eq_ignore_ascii_case(name)) {
                return Err(bad("it is a word of the move notation"));
            }
            if checked
                .iter()
                .any(|n| n.as_str().eq_ignore_ascii_case(name))
            {
                return Err(GeometryError::DuplicateName(name.to_string()));
            }
            let mut bytes = [b' '; MAX_NAME_LEN];
            bytes[..name.len()].copy_from_slice(name.as_bytes());
            checked.push(Name {
                bytes,
                len: name.len() as u8,
            });
        }
        self.names = Some(checked);
        Ok(self)
    }

    /// Whether the points have their own names ([`Geometry::with_names`])
    /// rather than the grid's.
    pub fn has_own_names(&self) -> bool {
        self.names.is_some()
    }

    /// Whether every cell of the grid is a point (a board without holes).
    pub fn is_full_grid(&self) -> bool {
        self.point_count() == self.width * self.height
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

    /// Sets the direction in which the stub of a wrapping link leaves its
    /// point, for each `((from, to), direction)`: the stub drawn at `from`
    /// for the link to `to` points along `direction` (in drawing units, `y`
    /// down; any length). Without it a stub points away from the other end,
    /// which suits links across opposite edges (a torus) but not a fold
    /// (the net of a cube, where a stub should point to where the folded
    /// face would be). Pairs that are not wrapping links are ignored.
    pub fn with_stub_directions(
        mut self,
        directions: impl IntoIterator<Item = ((Point, Point), [f64; 2])>,
    ) -> Geometry {
        let mut stubs: Vec<(Point, Point, [f64; 2])> = directions
            .into_iter()
            .filter(|&((from, to), _)| self.wraps(from, to))
            .map(|((from, to), d)| (from, to, d))
            .collect();
        stubs.sort_by_key(|&(from, to, _)| (from, to));
        stubs.dedup_by_key(|&mut (from, to, _)| (from, to));
        self.stubs = stubs;
        self
    }

    /// The unit direction of the short line a drawing shows at `from` for
    /// its wrapping link to `to`, or `None` when that link is drawn whole
    /// (see [`Geometry::with_wrapping_links`] and
    /// [`Geometry::with_stub_directions`]).
    pub fn stub(&self, from: Point, to: Point) -> Option<[f64; 2]> {
        if !self.wraps(from, to) {
            return None;
        }
        let [dx, dy] = match self
            .stubs
            .binary_search_by_key(&(from, to), |&(f, t, _)| (f, t))
        {
            Ok(i) => self.stubs[i].2,
            Err(_) => {
                let ([fx, fy], [tx, ty]) = (self.position(from), self.position(to));
                [fx - tx, fy - ty]
            }
        };
        let length = dx.hypot(dy);
        Some(if length > 1e-9 {
            [dx / length, dy / length]
        } else {
            [0.0, -1.0]
        })
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
    /// `None` outside the grid and on a hole.
    pub fn point_at(&self, column: usize, row: usize) -> Option<Point> {
        if column >= self.width || row >= self.height {
            return None;
        }
        let p = self.cell_points[row * self.width + column];
        (p != NO_POINT).then(|| Point::new(p as usize))
    }

    /// The column (from the left) and row (from the top) of `point`'s cell.
    pub fn grid_position(&self, point: Point) -> (usize, usize) {
        let cell = self.cells[point.index()] as usize;
        (cell % self.width, cell / self.width)
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

    /// The name of `point`: its own ([`Geometry::with_names`]), or the
    /// GTP-style name of its cell, e.g. `D4`.
    pub fn name(&self, point: Point) -> String {
        self.label(point).as_str().to_string()
    }

    /// The name of `point` as a small copyable value, for refusals.
    pub fn label(&self, point: Point) -> PointLabel {
        if let Some(names) = &self.names {
            let name = names[point.index()];
            return PointLabel {
                point,
                bytes: name.bytes,
                len: name.len,
            };
        }
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

    /// Reads a point name such as `D4` or `q16` (case does not matter), or
    /// one of the points' own names where they have them.
    pub fn parse_point(&self, text: &str) -> Result<Point, PointNameError> {
        if let Some(names) = &self.names {
            return names
                .iter()
                .position(|n| n.as_str().eq_ignore_ascii_case(text))
                .map(Point::new)
                .ok_or_else(|| PointNameError::UnknownName {
                    name: text.to_string(),
                    first: names[0].as_str().to_string(),
                });
        }
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
        self.point_at(column, self.height - number)
            .ok_or_else(|| PointNameError::Hole(text.to_string()))
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
    /// A well-formed name of a cell of the grid that is not a point (a
    /// hole in the board).
    Hole(String),
    /// Not one of the names of a board whose points have their own.
    UnknownName {
        /// The name as given.
        name: String,
        /// The first point's name, as an example.
        first: String,
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
            PointNameError::Hole(name) => write!(
                f,
                "`{name}` is off the board: this board has no point at that place of its grid"
            ),
            PointNameError::UnknownName { name, first } => write!(
                f,
                "`{name}` is not a point: this board's points have their own names, like {first}"
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

    /// A 3x3 grid without its top-left and bottom-right cells: a small
    /// hexagon on a rhombic grid (the middle point has six neighbours).
    fn small_hexagon() -> Geometry {
        let cells = [(1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (1, 2)];
        // Points: 0=B3 1=C3 2=A2 3=B2 4=C2 5=A1 6=B1.
        let links = [
            (0, 1),
            (0, 3),
            (0, 2),
            (1, 4),
            (1, 3),
            (2, 3),
            (2, 5),
            (3, 4),
            (3, 6),
            (3, 5),
            (4, 6),
            (5, 6),
        ];
        Geometry::from_cells_and_links(3, 3, cells, links).unwrap()
    }

    #[test]
    fn holes_are_cells_without_a_point() {
        let g = small_hexagon();
        assert_eq!(g.point_count(), 7);
        assert!(!g.is_full_grid());
        assert_eq!(g.point_at(0, 0), None, "a hole");
        assert_eq!(g.point_at(1, 0), Some(Point::new(0)));
        assert_eq!(g.point_at(2, 2), None, "a hole");
        assert_eq!(g.point_at(3, 0), None, "off the grid");
        assert_eq!(g.grid_position(Point::new(2)), (0, 1));
        assert_eq!(g.position(Point::new(2)), [0.0, 1.0]);
        assert_eq!(g.neighbours(Point::new(3)).len(), 6);
        let names: Vec<String> = g.points().map(|p| g.name(p)).collect();
        assert_eq!(names, ["B3", "C3", "A2", "B2", "C2", "A1", "B1"]);
        for p in g.points() {
            assert_eq!(g.parse_point(&g.name(p)), Ok(p));
            assert_eq!(g.label(p).as_str(), g.name(p));
        }
        assert_eq!(g.parse_point("a3"), Err(PointNameError::Hole("a3".into())));
        assert_eq!(
            g.parse_point("C1").unwrap_err().to_string(),
            "`C1` is off the board: this board has no point at that place of its grid"
        );
        assert!(matches!(
            g.parse_point("D1"),
            Err(PointNameError::OffBoard { .. })
        ));
    }

    #[test]
    fn cells_must_be_on_the_grid_once_each_in_order() {
        let none: [(usize, usize); 0] = [];
        assert_eq!(
            Geometry::from_cells_and_links(2, 2, [(0, 0), (2, 0)], none),
            Err(GeometryError::CellOutOfGrid { column: 2, row: 0 })
        );
        assert_eq!(
            Geometry::from_cells_and_links(2, 2, [(1, 0), (0, 0)], none),
            Err(GeometryError::CellsOutOfOrder { column: 0, row: 0 })
        );
        assert_eq!(
            Geometry::from_cells_and_links(2, 2, [(1, 0), (1, 0)], none),
            Err(GeometryError::CellsOutOfOrder { column: 1, row: 0 })
        );
        assert_eq!(
            Geometry::from_cells_and_links(2, 2, none, none),
            Err(GeometryError::NoPoints)
        );
        assert_eq!(
            Geometry::from_cells_and_links(2, 2, [(0, 0), (1, 1)], [(0, 2)]),
            Err(GeometryError::OutOfRange(2))
        );
    }

    #[test]
    fn own_names_replace_the_grid_names_and_read_in_any_case() {
        let g = line(3).with_names(&["N", "e2", "Far"], &["pass"]).unwrap();
        assert!(g.has_own_names());
        assert_eq!(g.name(Point::new(1)), "e2");
        assert_eq!(g.label(Point::new(2)).as_str(), "Far");
        assert_eq!(g.parse_point("FAR"), Ok(Point::new(2)));
        assert_eq!(g.parse_point("E2"), Ok(Point::new(1)));
        assert_eq!(
            g.parse_point("A1").unwrap_err().to_string(),
            "`A1` is not a point: this board's points have their own names, like N"
        );
    }

    #[test]
    fn bad_own_names_are_refused_with_the_reason() {
        let reserved = ["pass", "resign"];
        let refused = |names: &[&str]| line(3).with_names(names, &reserved).unwrap_err();
        assert_eq!(
            refused(&["a", "b"]),
            GeometryError::NameCount {
                names: 2,
                points: 3
            }
        );
        assert_eq!(
            refused(&["a", "b", "A"]),
            GeometryError::DuplicateName("A".into())
        );
        for (names, reason) in [
            (["a", "", "c"], "1 to 6 characters"),
            (["a", "seventh", "c"], "1 to 6 characters"),
            (["a", "b-2", "c"], "letters A to Z and digits"),
            (["a", "ü", "c"], "letters A to Z and digits"),
            (["a", "Pass", "c"], "a word of the move notation"),
        ] {
            let error = refused(&names).to_string();
            assert!(error.contains(reason), "{names:?}: {error}");
        }
    }

    #[test]
    fn stubs_point_away_from_the_other_end_unless_directed() {
        let links = Geometry::grid_links(3, 1).chain([(0, 2)]);
        let g = Geometry::from_links(3, 1, links)
            .unwrap()
            .with_wrapping_links([(Point::new(0), Point::new(2))]);
        assert_eq!(g.stub(Point::new(0), Point::new(2)), Some([-1.0, 0.0]));
        assert_eq!(g.stub(Point::new(2), Point::new(0)), Some([1.0, 0.0]));
        assert_eq!(g.stub(Point::new(0), Point::new(1)), None, "drawn whole");
        let g = g.with_stub_directions([((Point::new(0), Point::new(2)), [0.0, -2.0])]);
        assert_eq!(g.stub(Point::new(0), Point::new(2)), Some([0.0, -1.0]));
        assert_eq!(g.stub(Point::new(2), Point::new(0)), Some([1.0, 0.0]));
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
