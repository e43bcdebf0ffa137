//! The square-grid playout board: the light board's stones on a square
//! grid, laid out for speed.
//!
//! The points sit in a padded array, one row after another, every row
//! [`STRIDE`] cells long whatever the width (the widest row and a border
//! cell), with a border row above and below, so every point has its four
//! neighbours at constant offsets (`-STRIDE`, `-1`, `+1`, `+STRIDE`) and
//! the edge of the board is a cell like any other: no neighbour table, no
//! test for the edge in the inner loops. Every array has [`CELLS`]
//! entries, is held in the board itself, and every index is masked to
//! that size, so safe Rust needs no bounds check in them.
//!
//! A string keeps one number about its liberties, the pseudo-liberties:
//! one for each pair of a stone of the string and an empty neighbour of
//! that stone. That one number answers every question the light board
//! asks. A string has no liberty when it has none. A string's only
//! liberty is the empty point `p` exactly when its pseudo-liberties are
//! as many as its stones next to `p`: each of those stones counts `p`
//! once, so any further pseudo-liberty is another point. This is what a
//! stone placed on `p` would leave the string, so a placement's captures
//! and its liberty are known before it is made.
//!
//! The board mirrors the generic [`Board`](crate::board::Board) step by
//! step: its list of empty points changes in the same order, its strings
//! join and leave the board in the same order, and its Zobrist hashes are
//! the geometry's own. The same seed therefore makes the same playout on
//! either board (the tests play them side by side).

use super::light_board::{LightBoard, Outcome, Placed};
use super::tactics::{StringView, walked_only_liberty};
use crate::colour::{ByColour, Colour};
use crate::geometry::Geometry;
use crate::point::Point;
use std::ops::ControlFlow;
use std::sync::Arc;

/// Cells in every array: room for the widest board the geometry allows
/// (25 x 25 points in 27 rows of 26 cells, plus the last corner).
const CELLS: usize = 1024;

/// Cells from one row to the next, the same on every board (the widest
/// row and its border cell), so the neighbour offsets are constants the
/// compiler folds into the addresses.
const STRIDE: Cell = crate::geometry::MAX_WIDTH as Cell + 1;

const _: () = assert!(
    (crate::geometry::MAX_WIDTH + 2) * (STRIDE as usize) < CELLS,
    "the widest square board fits in the padded array"
);

/// An index into the padded arrays: a point or a border cell.
pub(crate) type Cell = u16;

/// The array slot of `cell`, masked so the compiler sees it in bounds.
#[inline(always)]
fn at(cell: Cell) -> usize {
    usize::from(cell) & (CELLS - 1)
}

/// How many of the four `heads` are `head`.
#[inline(always)]
fn touching(heads: [Cell; 4], head: Cell) -> u16 {
    u16::from(heads[0] == head)
        + u16::from(heads[1] == head)
        + u16::from(heads[2] == head)
        + u16::from(heads[3] == head)
}

/// What stands on a cell.
const EMPTY: u8 = 0;
const BORDER: u8 = 3;

/// The cell code of a stone of `colour` (1 or 2).
#[inline(always)]
const fn stone(colour: Colour) -> u8 {
    1 + colour.index() as u8
}

/// Whether four diagonal cells, their codes packed two bits each into
/// the index, let a point surrounded by `colour` (the outer index) be its
/// eye: the other colour holds fewer than two of them, counting the edge
/// as one when any is off the board.
static EYE_DIAGONALS: [[bool; 256]; 2] =
    [eye_diagonals(Colour::Black), eye_diagonals(Colour::White)];

const fn eye_diagonals(colour: Colour) -> [bool; 256] {
    let other = stone(colour.opponent()) as usize;
    let mut table = [false; 256];
    let mut index = 0;
    while index < 256 {
        let mut held = 0;
        let mut edge = 0;
        let mut d = 0;
        while d < 4 {
            let code = (index >> (2 * d)) & 3;
            held += (code == other) as u32;
            edge |= (code == BORDER as usize) as u32;
            d += 1;
        }
        table[index] = held + edge < 2;
        index += 1;
    }
    table
}

/// How many neighbours of a point are empty and how many hold each colour,
/// in three 4-bit counts: empty in the low bits, then the first colour's,
/// then the second's. Border cells count in none.
const EMPTY_COUNT: u16 = 0xF;

/// The shift of `colour`'s count in the neighbour counts.
#[inline(always)]
const fn shift(colour: Colour) -> u16 {
    4 * (1 + colour.index() as u16)
}

/// What a neighbour turning from empty to `colour` does to the counts
/// (one fewer empty, one more of `colour`); turning back undoes it.
#[inline(always)]
const fn occupied_by(colour: Colour) -> u16 {
    (1 << shift(colour)) - 1
}

/// One cell: what stands on it, what its neighbours hold, and for a stone
/// the head of its string and the next stone of the string (a circular
/// list): eight bytes, read together.
#[derive(Clone, Copy, Debug, Default)]
struct CellData {
    stone: u8,
    around: u16,
    head: Cell,
    next: Cell,
}

/// A string's bookkeeping, kept at its head cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct StringData {
    /// Stones in the string.
    size: u16,
    /// Pseudo-liberties: pairs of a stone of the string and an empty
    /// neighbour of it.
    liberties: u16,
}

/// What depends on the geometry alone, shared by every copy of a board.
#[derive(Debug)]
struct Layout {
    geometry: Arc<Geometry>,
    /// The cell of each point, in point order.
    cell_of: Vec<Cell>,
    /// The point of each cell (0 for a border cell).
    point_of: Box<[u16; CELLS]>,
    /// The Zobrist numbers of each cell, by colour (zero on the border).
    zobrist: Box<[[u64; 2]; CELLS]>,
}

/// The stones of a square-grid board, with strings, pseudo-liberty counts,
/// the list of empty points and the Zobrist hash kept up to date.
///
/// The arrays are held in the board itself rather than behind pointers,
/// so the inner loops address them from the one board pointer they hold,
/// without loading an array's address again after every store.
#[derive(Debug)]
pub(crate) struct GridBoard {
    layout: Arc<Layout>,
    hash: u64,
    /// How many points are empty: the first entries of `empty`.
    empty_len: u16,
    cells: [CellData; CELLS],
    strings: [StringData; CELLS],
    /// The empty points, in the order the generic board keeps them.
    empty: [Cell; CELLS],
    /// For an empty point, its place in `empty`.
    empty_slot: [u16; CELLS],
}

/// An array of [`CELLS`] copies of `value`, on the heap.
fn boxed<T: Copy>(value: T) -> Box<[T; CELLS]> {
    vec![value; CELLS]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("CELLS entries"))
}

impl Clone for GridBoard {
    fn clone(&self) -> GridBoard {
        GridBoard {
            layout: Arc::clone(&self.layout),
            hash: self.hash,
            empty_len: self.empty_len,
            cells: self.cells,
            strings: self.strings,
            empty: self.empty,
            empty_slot: self.empty_slot,
        }
    }

    /// Copies only the cells the board uses.
    fn clone_from(&mut self, source: &GridBoard) {
        if !Arc::ptr_eq(&self.layout, &source.layout) {
            *self = source.clone();
            return;
        }
        let used = self.used_cells();
        self.cells[..used].copy_from_slice(&source.cells[..used]);
        self.strings[..used].copy_from_slice(&source.strings[..used]);
        self.empty_slot[..used].copy_from_slice(&source.empty_slot[..used]);
        let len = usize::from(source.empty_len);
        self.empty[..len].copy_from_slice(&source.empty[..len]);
        self.empty_len = source.empty_len;
        self.hash = source.hash;
    }
}

impl GridBoard {
    /// Whether `geometry` is a square grid of at least one point with no
    /// other links: every point is linked to the points above, left,
    /// right and below it in the grid, where there are such points, and
    /// to nothing else; and its points are numbered row by row.
    pub(crate) fn fits(geometry: &Geometry) -> bool {
        let (w, h) = (geometry.width(), geometry.height());
        if !geometry.is_full_grid() || w == 0 || h == 0 || w > crate::geometry::MAX_WIDTH {
            return false;
        }
        if (h + 2) * usize::from(STRIDE) >= CELLS {
            return false;
        }
        geometry.points().all(|p| {
            let (column, row) = geometry.grid_position(p);
            let i = p.index();
            let expected = [
                (row > 0).then(|| i - w),
                (column > 0).then(|| i - 1),
                (column + 1 < w).then(|| i + 1),
                (row + 1 < h).then(|| i + w),
            ];
            i == row * w + column
                && geometry
                    .neighbours(p)
                    .iter()
                    .map(|n| n.index())
                    .eq(expected.into_iter().flatten())
        })
    }

    /// The board of `source`'s stones, on its geometry, which must
    /// [fit](GridBoard::fits).
    pub(crate) fn from_board(source: &crate::board::Board) -> GridBoard {
        let geometry = Arc::clone(source.geometry());
        debug_assert!(GridBoard::fits(&geometry));
        let stride = usize::from(STRIDE);
        let cell_of: Vec<Cell> = geometry
            .points()
            .map(|p| {
                let (column, row) = geometry.grid_position(p);
                ((row + 1) * stride + column + 1) as Cell
            })
            .collect();
        let mut point_of = boxed(0u16);
        let mut zobrist = boxed([0u64; 2]);
        for p in geometry.points() {
            let cell = at(cell_of[p.index()]);
            point_of[cell] = p.index() as u16;
            zobrist[cell] = *geometry.zobrist(p);
        }
        let layout = Arc::new(Layout {
            geometry,
            cell_of,
            point_of,
            zobrist,
        });
        let mut board = GridBoard {
            layout,
            hash: 0,
            empty_len: 0,
            cells: [CellData {
                stone: BORDER,
                ..CellData::default()
            }; CELLS],
            strings: [StringData::default(); CELLS],
            empty: [0; CELLS],
            empty_slot: [0; CELLS],
        };
        board.load(source);
        board
    }

    /// Makes this board hold `source`'s stones, which stand on this
    /// board's geometry, with its strings linked in the same order and its
    /// empty points listed in the same order (both depend on the game's
    /// history, and decide the order in which a capture frees points).
    pub(crate) fn load(&mut self, source: &crate::board::Board) {
        debug_assert!(Arc::ptr_eq(&self.layout.geometry, source.geometry()));
        let layout = Arc::clone(&self.layout);
        let used = self.used_cells();
        for cell in &mut self.cells[..used] {
            *cell = CellData {
                stone: BORDER,
                ..CellData::default()
            };
        }
        for data in &mut self.strings[..used] {
            *data = StringData::default();
        }
        for p in layout.geometry.points() {
            let cell = layout.cell_of[p.index()];
            self.cells[at(cell)] = match source.get(p) {
                None => CellData {
                    stone: EMPTY,
                    around: 0,
                    head: cell,
                    next: cell,
                },
                Some(colour) => {
                    let next = source.string_stones(p).nth(1).unwrap_or(p);
                    CellData {
                        stone: stone(colour),
                        around: 0,
                        head: layout.cell_of[source.string_head(p).index()],
                        next: layout.cell_of[next.index()],
                    }
                }
            };
        }
        for &cell in &layout.cell_of {
            let mut around = 0u16;
            for n in self.neighbours(cell) {
                around += match self.cells[at(n)].stone {
                    EMPTY => 1,
                    BORDER => 0,
                    code => 1 << (4 * code),
                };
            }
            let data = &mut self.cells[at(cell)];
            data.around = around;
            if data.stone != EMPTY {
                let head = data.head;
                let string = &mut self.strings[at(head)];
                string.size += 1;
                string.liberties += around & EMPTY_COUNT;
            }
        }
        let empty = source.empty_list();
        for (slot, &p) in empty.iter().enumerate() {
            let cell = layout.cell_of[p.index()];
            self.empty[slot] = cell;
            self.empty_slot[at(cell)] = slot as u16;
        }
        self.empty_len = empty.len() as u16;
        self.hash = source.hash();
    }

    /// The geometry the board stands on.
    pub(crate) fn geometry(&self) -> &Arc<Geometry> {
        &self.layout.geometry
    }

    /// Whether this board stands on `geometry` (the same shared geometry).
    pub(crate) fn stands_on(&self, geometry: &Arc<Geometry>) -> bool {
        Arc::ptr_eq(&self.layout.geometry, geometry)
    }

    /// The cells the board uses, from the top border to the last corner.
    fn used_cells(&self) -> usize {
        let layout = &self.layout;
        (layout.geometry.height() + 2) * usize::from(STRIDE) + 1
    }

    /// The four neighbours of `cell`: above, left, right, below (the order
    /// of the generic board, which lists them by point index).
    #[inline(always)]
    fn neighbours(&self, cell: Cell) -> [Cell; 4] {
        [
            cell.wrapping_sub(STRIDE),
            cell.wrapping_sub(1),
            cell.wrapping_add(1),
            cell.wrapping_add(STRIDE),
        ]
    }

    /// What stands on the four neighbours of `cell`, in the order of
    /// [`neighbours`](GridBoard::neighbours).
    #[inline(always)]
    fn neighbour_cells(&self, cell: Cell) -> [CellData; 4] {
        let [n0, n1, n2, n3] = self.neighbours(cell);
        [
            self.cells[at(n0)],
            self.cells[at(n1)],
            self.cells[at(n2)],
            self.cells[at(n3)],
        ]
    }

    /// The four diagonal cells of `cell`.
    #[inline(always)]
    fn diagonals(&self, cell: Cell) -> [Cell; 4] {
        [
            cell.wrapping_sub(STRIDE + 1),
            cell.wrapping_sub(STRIDE - 1),
            cell.wrapping_add(STRIDE - 1),
            cell.wrapping_add(STRIDE + 1),
        ]
    }

    #[inline(always)]
    fn occupy(&mut self, cell: Cell) {
        let slot = self.empty_slot[at(cell)];
        self.empty_len = self.empty_len.wrapping_sub(1);
        let last = self.empty[at(self.empty_len)];
        self.empty[at(slot)] = last;
        self.empty_slot[at(last)] = slot;
    }

    #[inline(always)]
    fn vacate(&mut self, cell: Cell) {
        self.empty_slot[at(cell)] = self.empty_len;
        self.empty[at(self.empty_len)] = cell;
        self.empty_len += 1;
    }

    #[inline(always)]
    fn zobrist(&self, cell: Cell, colour: Colour) -> u64 {
        self.layout.zobrist[at(cell)][colour.index()]
    }

    /// The XOR of the Zobrist numbers of the string with head `head`.
    fn string_hash(&self, head: Cell, colour: Colour) -> u64 {
        let mut hash = 0;
        let mut stone = head;
        loop {
            hash ^= self.zobrist(stone, colour);
            stone = self.cells[at(stone)].next;
            if stone == head {
                return hash;
            }
        }
    }

    /// Places a stone of `colour` on the empty `cell` and joins it to its
    /// own neighbours, removing nothing (as the generic board's
    /// `put_stone` does, in the same order).
    ///
    /// The stone's pseudo-liberties are its empty neighbours, which the
    /// neighbour counts give. Every neighbour's string loses the
    /// pseudo-liberty the stone takes; the bookkeeping of an empty or
    /// border cell's "string" is never read (a stone placed later starts
    /// its own afresh), so the loop subtracts for every neighbour alike
    /// rather than asking which kind each is. The joins come after, and
    /// only where a neighbour is the mover's (a joined string's count is
    /// the sum of its parts', so the order does not change it).
    #[inline(always)]
    fn put_stone(&mut self, cell: Cell, colour: Colour) {
        let code = stone(colour);
        let neighbours = self.neighbours(cell);
        let own = &mut self.cells[at(cell)];
        own.stone = code;
        let around = own.around;
        self.occupy(cell);
        self.hash ^= self.zobrist(cell, colour);
        self.strings[at(cell)] = StringData {
            size: 1,
            liberties: around & EMPTY_COUNT,
        };
        for n in neighbours {
            let neighbour = &mut self.cells[at(n)];
            neighbour.around = neighbour.around.wrapping_add(occupied_by(colour));
            let string = &mut self.strings[at(neighbour.head)];
            string.liberties = string.liberties.wrapping_sub(1);
        }
        if (around >> shift(colour)) & 0xF != 0 {
            let mut head = cell;
            for n in neighbours {
                let neighbour = self.cells[at(n)];
                if neighbour.stone == code && neighbour.head != head {
                    head = self.join(head, neighbour.head);
                }
            }
        }
    }

    /// Joins the strings with heads `a` and `b`, the smaller into the
    /// larger (`a` on a tie); returns the joined string's head.
    fn join(&mut self, a: Cell, b: Cell) -> Cell {
        let (big, small) = if self.strings[at(a)].size >= self.strings[at(b)].size {
            (a, b)
        } else {
            (b, a)
        };
        let mut stone = small;
        loop {
            self.cells[at(stone)].head = big;
            stone = self.cells[at(stone)].next;
            if stone == small {
                break;
            }
        }
        let (big_next, small_next) = (self.cells[at(big)].next, self.cells[at(small)].next);
        self.cells[at(big)].next = small_next;
        self.cells[at(small)].next = big_next;
        let joined = self.strings[at(small)];
        let data = &mut self.strings[at(big)];
        data.size += joined.size;
        data.liberties += joined.liberties;
        big
    }

    /// Removes the string through `cell`; returns how many stones it had.
    fn remove_string(&mut self, cell: Cell) -> u32 {
        let head = self.cells[at(cell)].head;
        let code = self.cells[at(cell)].stone;
        let colour = if code == stone(Colour::Black) {
            Colour::Black
        } else {
            Colour::White
        };
        let size = self.strings[at(head)].size;
        let mut current = head;
        loop {
            let next = self.cells[at(current)].next;
            self.cells[at(current)] = CellData {
                stone: EMPTY,
                around: self.cells[at(current)].around,
                head: current,
                next: current,
            };
            self.vacate(current);
            self.hash ^= self.zobrist(current, colour);
            // Each neighbouring string gains the freed point as a
            // pseudo-liberty (added for every neighbour alike, as in
            // `put_stone`: the removed string's own count and an empty or
            // border cell's are never read again).
            for n in self.neighbours(current) {
                let neighbour = &mut self.cells[at(n)];
                neighbour.around = neighbour.around.wrapping_sub(occupied_by(colour));
                let string = &mut self.strings[at(neighbour.head)];
                string.liberties = string.liberties.wrapping_add(1);
            }
            current = next;
            if current == head {
                break;
            }
        }
        u32::from(size)
    }

    /// The heads of the opposing strings a stone of `colour` on the empty
    /// `cell` would capture, each once (at its first neighbour): a
    /// string's only liberty is this point when its pseudo-liberties are
    /// as many as the neighbours sharing its head.
    fn captured_heads(&self, cell: Cell, colour: Colour) -> impl Iterator<Item = Cell> + '_ {
        let c = self.neighbour_cells(cell);
        let heads = c.map(|n| n.head);
        let other = stone(colour.opponent());
        (0..4).filter_map(move |i| {
            let head = heads[i];
            (c[i].stone == other
                && !heads[..i].contains(&head)
                && self.strings[at(head)].liberties == touching(heads, head))
            .then_some(head)
        })
    }

    /// What a stone of `colour` on the empty `cell` would do, in
    /// straight-line code: each neighbour's string has its only liberty
    /// here when its pseudo-liberties equal the number of neighbours
    /// sharing its head.
    #[inline(never)]
    fn outcome_by_shared_heads(&self, cell: Cell, colour: Colour) -> Outcome {
        let empties = self.around(cell) & EMPTY_COUNT;
        let c = self.neighbour_cells(cell);
        let h = c.map(|n| n.head);
        let (e01, e02, e03) = (h[0] == h[1], h[0] == h[2], h[0] == h[3]);
        let (e12, e13, e23) = (h[1] == h[2], h[1] == h[3], h[2] == h[3]);
        let sharing = [
            1 + u16::from(e01) + u16::from(e02) + u16::from(e03),
            1 + u16::from(e01) + u16::from(e12) + u16::from(e13),
            1 + u16::from(e02) + u16::from(e12) + u16::from(e23),
            1 + u16::from(e03) + u16::from(e13) + u16::from(e23),
        ];
        let own = stone(colour);
        let other = stone(colour.opponent());
        let mut captures = false;
        let mut liberty = empties != 0;
        for i in 0..4 {
            let only_here = self.strings[at(h[i])].liberties == sharing[i];
            captures |= c[i].stone == other && only_here;
            liberty |= c[i].stone == own && !only_here;
        }
        if captures {
            return Outcome::Captures;
        }
        if liberty {
            return Outcome::Plain;
        }
        let joined = |i: usize, earlier: bool| {
            if c[i].stone == own && !earlier {
                u32::from(self.strings[at(h[i])].size)
            } else {
                0
            }
        };
        let stones = 1
            + joined(0, false)
            + joined(1, e01)
            + joined(2, e02 || e12)
            + joined(3, e03 || e13 || e23);
        Outcome::SelfCapture { stones }
    }

    /// The neighbour counts of `cell`.
    #[inline(always)]
    fn around(&self, cell: Cell) -> u16 {
        self.cells[at(cell)].around
    }

    /// Checks the incremental structures against the generic board built
    /// from the same stones: the stones, the hash, the strings and their
    /// pseudo-liberties, the neighbour counts, the list of empty points.
    #[cfg(test)]
    pub(crate) fn verify(&self) -> Result<(), String> {
        let layout = &self.layout;
        let stones = layout
            .geometry
            .points()
            .filter_map(|p| self.colour_at(p).map(|c| (p, c)));
        let fresh = crate::board::Board::from_stones(Arc::clone(&layout.geometry), stones);
        if fresh.hash() != self.hash {
            return Err("the hash disagrees".into());
        }
        for p in layout.geometry.points() {
            let cell = layout.cell_of[p.index()];
            let around = self.around(cell);
            let counts = (
                u32::from(around & EMPTY_COUNT),
                u32::from((around >> shift(Colour::Black)) & 0xF),
                u32::from((around >> shift(Colour::White)) & 0xF),
            );
            let expected = (
                fresh.empty_neighbours(p),
                fresh.neighbours_of_colour(p, Colour::Black),
                fresh.neighbours_of_colour(p, Colour::White),
            );
            if counts != expected {
                return Err(format!(
                    "the neighbour counts of point {} disagree",
                    p.index()
                ));
            }
            if self.colour_at(p).is_none() {
                if self.cells[at(cell)].head != cell || self.cells[at(cell)].next != cell {
                    return Err(format!("empty point {} is linked", p.index()));
                }
                continue;
            }
            let head = self.cells[at(cell)].head;
            let mut members = Vec::new();
            let mut stone = head;
            loop {
                members.push(layout.point_of[at(stone)] as usize);
                if self.cells[at(stone)].head != head {
                    return Err(format!(
                        "a stone of point {}'s string has another head",
                        p.index()
                    ));
                }
                stone = self.cells[at(stone)].next;
                if stone == head {
                    break;
                }
            }
            members.sort_unstable();
            let theirs: Vec<usize> = {
                let mut v: Vec<usize> = fresh.string_stones(p).map(|s| s.index()).collect();
                v.sort_unstable();
                v
            };
            if members != theirs || usize::from(self.strings[at(head)].size) != theirs.len() {
                return Err(format!("the string through point {} disagrees", p.index()));
            }
            let pseudo: u32 = theirs
                .iter()
                .map(|&s| fresh.empty_neighbours(Point::new(s)))
                .sum();
            if u32::from(self.strings[at(head)].liberties) != pseudo {
                return Err(format!(
                    "the liberties of point {}'s string disagree",
                    p.index()
                ));
            }
        }
        let mut listed: Vec<usize> = self
            .empty_vertices()
            .iter()
            .map(|&c| usize::from(layout.point_of[at(c)]))
            .collect();
        listed.sort_unstable();
        let empty: Vec<usize> = fresh.empty_points().map(|p| p.index()).collect();
        if listed != empty {
            return Err("the list of empty points disagrees".into());
        }
        for (slot, &cell) in self.empty_vertices().iter().enumerate() {
            if usize::from(self.empty_slot[at(cell)]) != slot {
                return Err("an empty point is listed in the wrong slot".into());
            }
        }
        Ok(())
    }
}

impl StringView for GridBoard {
    type Vertex = Cell;

    #[inline(always)]
    fn point_of(&self, cell: Cell) -> Point {
        LightBoard::point(self, cell)
    }

    #[inline(always)]
    fn vertex_of(&self, point: Point) -> Cell {
        LightBoard::vertex(self, point)
    }

    #[inline(always)]
    fn stone_at(&self, cell: Cell) -> Option<Colour> {
        match self.cells[at(cell)].stone {
            1 => Some(Colour::Black),
            2 => Some(Colour::White),
            _ => None,
        }
    }

    #[inline(always)]
    fn each_neighbour(
        &self,
        cell: Cell,
        mut f: impl FnMut(Cell) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for n in self.neighbours(cell) {
            if self.cells[at(n)].stone != BORDER {
                f(n)?;
            }
        }
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn empty_neighbours(&self, cell: Cell) -> u32 {
        u32::from(self.around(cell) & EMPTY_COUNT)
    }

    /// A liberty is counted once for each stone of the string next to it,
    /// four times at most: five pseudo-liberties besides the point's are
    /// two liberties at least.
    #[inline(always)]
    fn surely_two_liberties_besides(&self, cell: Cell, touching: u32) -> bool {
        let pseudo = u32::from(self.strings[at(self.cells[at(cell)].head)].liberties);
        pseudo >= touching + 5
    }

    #[inline(always)]
    fn string_of(&self, cell: Cell) -> Cell {
        self.cells[at(cell)].head
    }

    #[inline(always)]
    fn string_size(&self, cell: Cell) -> u32 {
        u32::from(self.strings[at(self.cells[at(cell)].head)].size)
    }

    #[inline]
    fn each_stone(
        &self,
        cell: Cell,
        mut f: impl FnMut(Cell) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut stone = cell;
        loop {
            f(stone)?;
            stone = self.cells[at(stone)].next;
            if stone == cell {
                return ControlFlow::Continue(());
            }
        }
    }

    /// A string whose pseudo-liberties are more than a point has
    /// neighbours has two liberties at least. On a square grid no point
    /// neighbours both stones of a string of two, so a string of one or
    /// two stones has as many liberties as pseudo-liberties. Otherwise
    /// its stones are walked.
    #[inline]
    fn only_liberty(&self, cell: Cell) -> Option<Cell> {
        let string = self.strings[at(self.cells[at(cell)].head)];
        if string.liberties == 0 || string.liberties > 4 {
            return None;
        }
        if string.size <= 2 {
            if string.liberties != 1 {
                return None;
            }
            let next = self.cells[at(cell)].next;
            return [cell, next].into_iter().find_map(|stone| {
                self.neighbours(stone)
                    .into_iter()
                    .find(|&n| self.cells[at(n)].stone == EMPTY)
            });
        }
        walked_only_liberty(self, cell)
    }
}

impl LightBoard for GridBoard {
    #[inline(always)]
    fn vertex(&self, point: Point) -> Cell {
        self.layout.cell_of[point.index()]
    }

    #[inline(always)]
    fn point(&self, cell: Cell) -> Point {
        Point::new(usize::from(self.layout.point_of[at(cell)]))
    }

    #[inline(always)]
    fn empty_vertices(&self) -> &[Cell] {
        &self.empty[..at(self.empty_len)]
    }

    #[inline(always)]
    fn is_empty_at(&self, cell: Cell) -> bool {
        self.cells[at(cell)].stone == EMPTY
    }

    #[inline(always)]
    fn has_empty_neighbour(&self, cell: Cell) -> bool {
        self.around(cell) & EMPTY_COUNT != 0
    }

    #[inline(always)]
    fn is_plainly_placed(&self, cell: Cell, colour: Colour) -> bool {
        let around = self.around(cell);
        around & EMPTY_COUNT != 0 && (around >> shift(colour.opponent())) & 0xF == 0
    }

    #[inline(always)]
    fn has_only_opposing_neighbours(&self, cell: Cell, colour: Colour) -> bool {
        self.around(cell) & (EMPTY_COUNT | (0xF << shift(colour))) == 0
    }

    /// Every neighbour holds a stone of `colour` (or is off the board),
    /// and the other colour holds fewer than two diagonal points, counting
    /// the edge as one when a diagonal is off the board. That is the
    /// generic board's test, where fewer than half of the diagonal points
    /// may be the other colour's: four diagonals in the middle, two on the
    /// edge, one in a corner, none on a board one point wide.
    #[inline(always)]
    fn is_eye_at(&self, cell: Cell, colour: Colour) -> bool {
        let foreign = EMPTY_COUNT | (0xF << shift(colour.opponent()));
        if self.around(cell) & foreign != 0 {
            return false;
        }
        let [d0, d1, d2, d3] = self
            .diagonals(cell)
            .map(|d| usize::from(self.cells[at(d)].stone));
        EYE_DIAGONALS[colour.index()][d0 | (d1 << 2) | (d2 << 4) | (d3 << 6)]
    }

    /// Worked out from the neighbours alone. A neighbouring string's only
    /// liberty is this point when its pseudo-liberties are as many as its
    /// stones around the point, which is how many neighbours share its
    /// head (an empty or border cell's head is never a stone's).
    #[inline]
    fn hash_if_placed(&self, cell: Cell, colour: Colour, self_capture: bool) -> Option<u64> {
        let placed = self.hash ^ self.zobrist(cell, colour);
        let around = self.around(cell);
        let empties = around & EMPTY_COUNT;
        if empties != 0 && (around >> shift(colour.opponent())) & 0xF == 0 {
            return Some(placed);
        }
        let neighbours = self.neighbour_cells(cell);
        let heads = [
            neighbours[0].head,
            neighbours[1].head,
            neighbours[2].head,
            neighbours[3].head,
        ];
        let own = stone(colour);
        let mut liberty = empties != 0;
        let mut captures = false;
        for n in neighbours {
            // Stones only (codes 1 and 2; empty is 0, border 3).
            if n.stone.wrapping_sub(1) > 1 {
                continue;
            }
            let liberties = self.strings[at(n.head)].liberties;
            let only_liberty_here = liberties <= 4 && liberties == touching(heads, n.head);
            if n.stone == own {
                liberty |= !only_liberty_here;
            } else {
                captures |= only_liberty_here;
            }
        }
        // Each string once: the first neighbour with its head.
        let first = |i: usize| !heads[..i].contains(&heads[i]);
        if captures {
            let mut hash = placed;
            for head in self.captured_heads(cell, colour) {
                hash ^= self.string_hash(head, colour.opponent());
            }
            Some(hash)
        } else if liberty {
            Some(placed)
        } else if self_capture {
            // The stone and every string of its own it joins leave the
            // board.
            let mut hash = self.hash;
            for (i, n) in neighbours.iter().enumerate() {
                if n.stone == own && first(i) {
                    hash ^= self.string_hash(n.head, colour);
                }
            }
            Some(hash)
        } else {
            None
        }
    }

    /// Worked out from the neighbours alone, as
    /// [`hash_if_placed`](GridBoard::hash_if_placed) does, without
    /// walking any string. A neighbouring string can have its only
    /// liberty here only if it has at most four pseudo-liberties (each of
    /// its stones next to the point counts the point once, and at most
    /// four are). Where no neighbouring string has so few, nothing is
    /// captured and every string of the mover's keeps a liberty, so the
    /// neighbour counts decide: the stone keeps a liberty where it has an
    /// empty neighbour or one of its own, and is left alone without one
    /// otherwise. The other cases are
    /// [worked out in full](GridBoard::outcome_by_shared_heads).
    #[inline(always)]
    fn outcome_if_placed(&self, cell: Cell, colour: Colour) -> Outcome {
        if self.is_plainly_placed(cell, colour) {
            return Outcome::Plain;
        }
        let around = self.around(cell);
        let empties = around & EMPTY_COUNT;
        let few_liberties = |n: Cell| {
            let data = self.cells[at(n)];
            let is_stone = data.stone.wrapping_sub(1) < 2;
            is_stone & (self.strings[at(data.head)].liberties <= 4)
        };
        let [n0, n1, n2, n3] = self.neighbours(cell);
        if !(few_liberties(n0) | few_liberties(n1) | few_liberties(n2) | few_liberties(n3)) {
            return if empties != 0 || (around >> shift(colour)) & 0xF != 0 {
                Outcome::Plain
            } else {
                Outcome::SelfCapture { stones: 1 }
            };
        }
        self.outcome_by_shared_heads(cell, colour)
    }

    /// Worked out by taking the point from each neighbouring string for a
    /// moment, as [`outcome_by_probing`](GridBoard::outcome_by_probing)
    /// does: an opposing string left with no pseudo-liberty had its only
    /// liberty here.
    #[inline(always)]
    fn captures_by_probing(&mut self, cell: Cell, colour: Colour) -> bool {
        let c = self.neighbour_cells(cell);
        for n in &c {
            let string = &mut self.strings[at(n.head)];
            string.liberties = string.liberties.wrapping_sub(1);
        }
        let other = stone(colour.opponent());
        let mut captures = false;
        for n in &c {
            captures |= (n.stone == other) & (self.strings[at(n.head)].liberties == 0);
        }
        for n in &c {
            let string = &mut self.strings[at(n.head)];
            string.liberties = string.liberties.wrapping_add(1);
        }
        captures
    }

    #[inline(always)]
    fn captured_if_placed(&self, cell: Cell, colour: Colour) -> u32 {
        self.captured_heads(cell, colour)
            .map(|head| u32::from(self.strings[at(head)].size))
            .sum()
    }

    /// Worked out by taking the point from each neighbouring string for a
    /// moment: every neighbour's string loses one pseudo-liberty for each
    /// of its stones next to the point, and a string left with none had
    /// its only liberty here. The counts are put back before the answer.
    /// Border and empty cells take part in the subtraction and the
    /// restoring alike (their bookkeeping is never a stone string's), so
    /// the loop needs no test of what each neighbour is.
    #[inline(always)]
    fn outcome_by_probing(&mut self, cell: Cell, colour: Colour) -> Outcome {
        let around = self.around(cell);
        let c = self.neighbour_cells(cell);
        for n in &c {
            let string = &mut self.strings[at(n.head)];
            string.liberties = string.liberties.wrapping_sub(1);
        }
        let own = stone(colour);
        let other = stone(colour.opponent());
        let mut captures = false;
        let mut liberty = around & EMPTY_COUNT != 0;
        for n in &c {
            let none_left = self.strings[at(n.head)].liberties == 0;
            captures |= (n.stone == other) & none_left;
            liberty |= (n.stone == own) & !none_left;
        }
        for n in &c {
            let string = &mut self.strings[at(n.head)];
            string.liberties = string.liberties.wrapping_add(1);
        }
        if captures {
            Outcome::Captures
        } else if liberty {
            Outcome::Plain
        } else if (around >> shift(colour)) & 0xF == 0 {
            Outcome::SelfCapture { stones: 1 }
        } else {
            self.outcome_by_shared_heads(cell, colour)
        }
    }

    #[inline(always)]
    fn place(&mut self, cell: Cell, colour: Colour) -> Placed {
        self.put_stone(cell, colour);
        let opponent = colour.opponent();
        let mut captured = 0;
        if (self.around(cell) >> shift(opponent)) & 0xF != 0 {
            let other = stone(opponent);
            for n in self.neighbours(cell) {
                let neighbour = self.cells[at(n)];
                if neighbour.stone == other && self.strings[at(neighbour.head)].liberties == 0 {
                    captured += self.remove_string(n);
                }
            }
        }
        let head = self.cells[at(cell)].head;
        let self_captured = if self.strings[at(head)].liberties == 0 {
            self.remove_string(cell)
        } else {
            0
        };
        Placed {
            captured,
            self_captured,
        }
    }

    /// A lone stone with one pseudo-liberty has exactly one liberty: its
    /// one empty neighbour.
    fn lone_stone_liberty(&self, cell: Cell) -> Option<Cell> {
        let data = self.cells[at(cell)];
        let string = self.strings[at(data.head)];
        if data.stone == EMPTY || string.size != 1 || string.liberties != 1 {
            return None;
        }
        self.neighbours(cell)
            .into_iter()
            .find(|&n| self.cells[at(n)].stone == EMPTY)
    }

    #[inline(always)]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn colour_at(&self, point: Point) -> Option<Colour> {
        self.stone_at(self.vertex(point))
    }

    /// The area count with every stone alive: stones, and empty regions
    /// that reach stones of one colour only. Most regions at the end of a
    /// playout are single points, settled by the neighbour counts; the
    /// others are searched.
    fn area(&self) -> ByColour<u32> {
        let layout = &self.layout;
        let mut area = ByColour::new(0, 0);
        let mut seen = [false; CELLS];
        let mut stack = [0 as Cell; CELLS];
        for &cell in &layout.cell_of {
            let data = self.cells[at(cell)];
            match data.stone {
                1 => area[Colour::Black] += 1,
                2 => area[Colour::White] += 1,
                _ if seen[at(cell)] => {}
                _ => {
                    let reach = |around: u16| {
                        [Colour::Black, Colour::White].map(|c| (around >> shift(c)) & 0xF != 0)
                    };
                    if data.around & EMPTY_COUNT == 0 {
                        match reach(data.around) {
                            [true, false] => area[Colour::Black] += 1,
                            [false, true] => area[Colour::White] += 1,
                            _ => {}
                        }
                        continue;
                    }
                    // Search the region from here, noting the colours it
                    // reaches.
                    let mut reaches = [false; 2];
                    let mut size = 0u32;
                    let mut top = 0;
                    stack[0] = cell;
                    top += 1;
                    seen[at(cell)] = true;
                    while top > 0 {
                        top -= 1;
                        let p = stack[top];
                        size += 1;
                        let r = reach(self.cells[at(p)].around);
                        reaches[0] |= r[0];
                        reaches[1] |= r[1];
                        for n in self.neighbours(p) {
                            if self.cells[at(n)].stone == EMPTY && !seen[at(n)] {
                                seen[at(n)] = true;
                                stack[top] = n;
                                top += 1;
                            }
                        }
                    }
                    match reaches {
                        [true, false] => area[Colour::Black] += size,
                        [false, true] => area[Colour::White] += size,
                        _ => {}
                    }
                }
            }
        }
        area
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::playout::light_board::GraphBoard;
    use crate::rng::PlayoutRng;

    fn grid(width: usize, height: usize) -> Arc<Geometry> {
        Arc::new(
            Geometry::from_links(width, height, Geometry::grid_links(width, height))
                .expect("a grid"),
        )
    }

    /// Random play, self-captures included, on the generic board and the
    /// square-grid board side by side: before every placement both give
    /// the same answers for every empty point, and after it the same
    /// stones, hash, list of empty points (in the same order) and area,
    /// with the grid board's own bookkeeping checked from scratch.
    #[test]
    fn the_grid_board_answers_as_the_generic_board_does() {
        let sizes = [
            (1, 1),
            (1, 6),
            (6, 1),
            (2, 2),
            (2, 5),
            (3, 3),
            (5, 4),
            (9, 9),
            (19, 19),
        ];
        for (width, height) in sizes {
            let geometry = grid(width, height);
            assert!(
                GridBoard::fits(&geometry),
                "{width}x{height} is a square grid"
            );
            let seeds = if width * height > 100 { 1 } else { 4 };
            for seed in 1..=seeds {
                let mut rng = PlayoutRng::new(seed);
                let mut graph = GraphBoard::new(Board::new(Arc::clone(&geometry)));
                let mut cells = GridBoard::from_board(&graph.board);
                for step in 0..6 * width * height {
                    let context = format!("{width}x{height} seed {seed} step {step}");
                    for p in geometry.points() {
                        let (v, c) = (graph.vertex(p), cells.vertex(p));
                        assert_eq!(cells.point(c), p);
                        assert_eq!(graph.is_empty_at(v), cells.is_empty_at(c), "{context}");
                        if !graph.is_empty_at(v) {
                            continue;
                        }
                        assert_eq!(
                            graph.has_empty_neighbour(v),
                            cells.has_empty_neighbour(c),
                            "{context}"
                        );
                        for colour in Colour::BOTH {
                            assert_eq!(
                                graph.is_eye_at(v, colour),
                                cells.is_eye_at(c, colour),
                                "{context}: the eye test at point {}",
                                p.index()
                            );
                            let outcome = graph.outcome_if_placed(v, colour);
                            assert_eq!(
                                outcome,
                                cells.outcome_if_placed(c, colour),
                                "{context}: the outcome of placing at point {}",
                                p.index()
                            );
                            let before = cells.clone();
                            let restored = |cells: &GridBoard, probe: &str| {
                                assert!(
                                    cells.strings[..] == before.strings[..],
                                    "{context}: {probe} at point {} left the counts changed",
                                    p.index()
                                );
                            };
                            assert_eq!(
                                outcome,
                                cells.outcome_by_probing(c, colour),
                                "{context}: the outcome of probing point {}",
                                p.index()
                            );
                            restored(&cells, "probing the outcome");
                            assert_eq!(
                                cells.captures_by_probing(c, colour),
                                graph.captured_if_placed(v, colour) != 0,
                                "{context}: whether placing at point {} captures",
                                p.index()
                            );
                            restored(&cells, "probing for captures");
                            assert_eq!(
                                graph.captured_if_placed(v, colour),
                                cells.captured_if_placed(c, colour),
                                "{context}: the stones captured by placing at point {}",
                                p.index()
                            );
                            for self_capture in [false, true] {
                                assert_eq!(
                                    graph.hash_if_placed(v, colour, self_capture),
                                    cells.hash_if_placed(c, colour, self_capture),
                                    "{context}: placing at point {}",
                                    p.index()
                                );
                            }
                        }
                    }
                    let empty = graph.empty_vertices();
                    if empty.is_empty() {
                        break;
                    }
                    let p = empty[rng.below(empty.len())];
                    let colour = Colour::BOTH[rng.below(2)];
                    let captures = cells.captured_if_placed(cells.vertex(p), colour);
                    let placed = graph.place(p, colour);
                    let on_cells = cells.place(cells.vertex(p), colour);
                    assert_eq!(on_cells, placed, "{context}");
                    assert_eq!(placed.captured, captures, "{context}: the stones captured");
                    let v = cells.vertex(p);
                    assert_eq!(
                        cells.lone_stone_liberty(v).map(|c| cells.point(c)),
                        graph.lone_stone_liberty(p),
                        "{context}: the lone stone's liberty"
                    );
                    cells.verify().unwrap_or_else(|e| panic!("{context}: {e}"));
                    assert_eq!(cells.hash(), graph.hash(), "{context}");
                    let listed: Vec<Point> = cells
                        .empty_vertices()
                        .iter()
                        .map(|&c| cells.point(c))
                        .collect();
                    assert_eq!(listed, graph.empty_vertices(), "{context}: the empty list");
                    assert_eq!(cells.area(), graph.area(), "{context}: the area");
                }
            }
        }
    }

    /// Loading a position copies the generic board's list of empty points
    /// in its order, and a copy made into an old board's memory is the
    /// source exactly.
    #[test]
    fn a_loaded_or_copied_board_is_the_position_it_came_from() {
        let geometry = grid(7, 5);
        let mut rng = PlayoutRng::new(9);
        let mut graph = GraphBoard::new(Board::new(Arc::clone(&geometry)));
        for _ in 0..60 {
            let empty = graph.empty_vertices();
            let p = empty[rng.below(empty.len())];
            graph.place(p, Colour::BOTH[rng.below(2)]);
        }
        let loaded = GridBoard::from_board(&graph.board);
        loaded.verify().expect("a consistent board");
        let listed: Vec<Point> = loaded
            .empty_vertices()
            .iter()
            .map(|&c| loaded.point(c))
            .collect();
        assert_eq!(listed, graph.empty_vertices());
        let mut copy = GridBoard::from_board(&Board::new(Arc::clone(&geometry)));
        copy.clone_from(&loaded);
        copy.verify().expect("a consistent copy");
        assert_eq!(copy.hash(), loaded.hash());
        assert_eq!(copy.empty_vertices(), loaded.empty_vertices());
        // Play goes on alike: captures free points in the same order.
        for step in 0..200 {
            let empty = graph.empty_vertices();
            if empty.is_empty() {
                break;
            }
            let p = empty[rng.below(empty.len())];
            let colour = Colour::BOTH[rng.below(2)];
            assert_eq!(graph.place(p, colour), copy.place(copy.vertex(p), colour));
            let listed: Vec<Point> = copy
                .empty_vertices()
                .iter()
                .map(|&c| copy.point(c))
                .collect();
            assert_eq!(listed, graph.empty_vertices(), "step {step}");
        }
    }

    /// Boards that are not plain square grids keep the generic board: a
    /// torus, a grid with holes.
    #[test]
    fn only_square_grids_fit() {
        let torus_links = Geometry::grid_links(5, 5).chain((0..5).map(|r| (r * 5, r * 5 + 4)));
        let torus = Geometry::from_links(5, 5, torus_links).expect("a geometry");
        assert!(!GridBoard::fits(&torus));
        assert!(GridBoard::fits(&grid(25, 25)));
    }
}
