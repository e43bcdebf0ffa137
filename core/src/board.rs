//! The board: stones on the points of a geometry, with strings and their
//! liberties kept up to date stone by stone, and a Zobrist hash of the
//! position.
//!
//! Everything here is on the hot path of every ruleset, so it is written for
//! speed: neighbours come from the geometry's flat table, strings are circular
//! linked lists joined by size, and liberties are kept as *pseudo-liberties*
//! (one per pair of a stone and an empty neighbour) with their sum and sum of
//! squares. Those three numbers answer exactly the two questions the rules
//! ask on every placement: does a string have no liberty at all, and is its
//! only liberty a given point. Exact liberty lists are computed on demand.
//!
//! Nothing here allocates after the board is built, and nothing calls through
//! a trait object.

use crate::colour::{ByColour, Colour};
use crate::geometry::{Geometry, MAX_DEGREE};
use crate::point::{Point, PointSet};
use std::fmt;
use std::sync::Arc;

/// The bookkeeping of one string, stored at its head point: 16 bytes, so a
/// 19x19 board's strings fit in under 6 KiB. The bounds of the fields
/// follow from [`Point::MAX_POINTS`] and [`MAX_DEGREE`]: a string has at
/// most `MAX_POINTS * MAX_DEGREE` pseudo-liberties, each an index below
/// `MAX_POINTS`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
struct StringData {
    /// Number of stones.
    size: u16,
    /// Pseudo-liberties: pairs (stone of the string, empty neighbour).
    libs: u16,
    /// Sum of the point indices of those pseudo-liberties.
    lib_sum: u32,
    /// Sum of their squares.
    lib_sum_sq: u64,
}

const _: () = assert!(
    Point::MAX_POINTS * MAX_DEGREE <= u16::MAX as usize + 1
        && (Point::MAX_POINTS * MAX_DEGREE) as u64 * Point::MAX_POINTS as u64 <= u32::MAX as u64,
    "the string bookkeeping holds every count and sum a board can reach"
);

impl StringData {
    #[inline]
    fn add_liberty(&mut self, p: Point) {
        let i = p.index() as u32;
        self.libs += 1;
        self.lib_sum += i;
        self.lib_sum_sq += u64::from(i * i);
    }

    #[inline]
    fn remove_liberty(&mut self, p: Point) {
        let i = p.index() as u32;
        self.libs -= 1;
        self.lib_sum -= i;
        self.lib_sum_sq -= u64::from(i * i);
    }

    /// All pseudo-liberties are the same point: the string has exactly one
    /// liberty (equality in Cauchy-Schwarz).
    #[inline]
    fn has_one_liberty(&self) -> bool {
        let sum = u64::from(self.lib_sum);
        self.libs > 0 && u64::from(self.libs) * self.lib_sum_sq == sum * sum
    }

    /// The string's only liberty is `p`. A single liberty is counted at
    /// most once per neighbour it has, so a string with more
    /// pseudo-liberties than [`MAX_DEGREE`] is dismissed at once.
    #[inline]
    fn only_liberty_is(&self, p: Point) -> bool {
        self.libs as usize <= MAX_DEGREE
            && self.lib_sum == u32::from(self.libs) * p.index() as u32
            && self.has_one_liberty()
    }
}

/// What placing a stone would do, worked out without placing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    /// The heads of the opposing strings the stone would capture.
    captures: [Point; MAX_DEGREE],
    capture_count: u8,
    /// Whether the stone's string would have a liberty once the captures are
    /// removed.
    pub has_liberty: bool,
    /// The hash of the position after the stone and its captures.
    pub hash_after_captures: u64,
}

impl Probe {
    /// The heads of the opposing strings the stone would capture.
    pub fn captured_strings(&self) -> &[Point] {
        &self.captures[..self.capture_count as usize]
    }

    /// Whether the stone would capture anything.
    pub fn captures_any(&self) -> bool {
        self.capture_count > 0
    }
}

/// How many neighbours of a point are empty, and how many hold each
/// colour, in three 4-bit counts (a point has at most [`MAX_DEGREE`]
/// neighbours): the empty count in the low bits, then the first colour's,
/// then the second's.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
struct Around(u16);

const _: () = assert!(MAX_DEGREE < 16, "a neighbour count fits in four bits");

impl Around {
    const EMPTY: u16 = 0xF;

    /// All neighbours empty.
    fn empty(degree: usize) -> Around {
        Around(degree as u16)
    }

    #[inline]
    const fn shift(colour: Colour) -> u16 {
        4 * (1 + colour.index() as u16)
    }

    /// What a neighbour turning from empty to `colour` adds (and turning
    /// back subtracts).
    #[inline]
    const fn occupied_by(colour: Colour) -> u16 {
        (1 << Around::shift(colour)) - 1
    }

    #[inline]
    fn empties(self) -> u32 {
        u32::from(self.0 & Around::EMPTY)
    }

    #[inline]
    fn of(self, colour: Colour) -> u32 {
        u32::from((self.0 >> Around::shift(colour)) & 0xF)
    }

    /// No neighbour is empty or holds the other colour.
    #[inline]
    fn only(self, colour: Colour) -> bool {
        self.0 & (Around::EMPTY | (0xF << Around::shift(colour.opponent()))) == 0
    }
}

/// What the board knows of one point.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Cell {
    /// What stands on it.
    colour: Option<Colour>,
    /// What its neighbours hold.
    around: Around,
    /// For a stone, the head point of its string.
    head: Point,
    /// For a stone, the next stone of its string (a circular list).
    next: Point,
}

/// Stones on a geometry, with incremental strings and hash.
pub struct Board {
    geometry: Arc<Geometry>,
    /// For each point: what stands on it, what its neighbours hold, and
    /// for a stone its string's head and the next stone of the string,
    /// together, so a visit to a neighbour is one bounds check and one
    /// cache line.
    cells: Vec<Cell>,
    /// Indexed by head point.
    strings: Vec<StringData>,
    hash: u64,
    stones: ByColour<u32>,
    /// How many stones of each colour have left the board since it was
    /// made (see [`Board::removed_count`]).
    removed: ByColour<u32>,
    /// The empty points, in no particular order (for random playouts).
    empty: Vec<Point>,
    /// For an empty point, its place in `empty`.
    empty_slot: Vec<u16>,
    /// The points holding each colour's stones, one bit a point: the first
    /// colour's words, then the second's (see [`Board::stone_bits`]).
    stone_bits: Vec<u64>,
}

impl Board {
    /// An empty board on `geometry`.
    pub fn new(geometry: Arc<Geometry>) -> Board {
        let n = geometry.point_count();
        let cells = geometry
            .points()
            .map(|p| Cell {
                colour: None,
                around: Around::empty(geometry.neighbours(p).len()),
                head: p,
                next: p,
            })
            .collect();
        Board {
            geometry,
            cells,
            strings: vec![StringData::default(); n],
            hash: 0,
            stones: ByColour::default(),
            removed: ByColour::default(),
            empty: (0..n).map(Point::new).collect(),
            empty_slot: (0..n).map(|i| i as u16).collect(),
            stone_bits: vec![0; 2 * n.div_ceil(64)],
        }
    }

    /// Where `colour`'s words begin in `stone_bits`.
    #[inline]
    fn bits_start(&self, colour: Colour) -> usize {
        colour.index() * (self.stone_bits.len() / 2)
    }

    /// Marks `point` in `colour`'s stone bits (`on`) or unmarks it.
    #[inline]
    fn set_stone_bit(&mut self, point: Point, colour: Colour, on: bool) {
        let word = self.bits_start(colour) + point.index() / 64;
        let bit = 1u64 << (point.index() % 64);
        if on {
            self.stone_bits[word] |= bit;
        } else {
            self.stone_bits[word] &= !bit;
        }
    }

    /// Takes the newly occupied `point` out of the list of empty points.
    #[inline]
    fn occupy(&mut self, point: Point) {
        let slot = self.empty_slot[point.index()];
        let last = self.empty.pop().expect("an empty point is listed");
        if last != point {
            self.empty[slot as usize] = last;
            self.empty_slot[last.index()] = slot;
        }
    }

    /// Lists the newly vacated `point` among the empty points.
    #[inline]
    fn vacate(&mut self, point: Point) {
        self.empty_slot[point.index()] = self.empty.len() as u16;
        self.empty.push(point);
    }

    /// The geometry the board stands on.
    #[inline]
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// What stands on `point`.
    #[inline]
    pub fn get(&self, point: Point) -> Option<Colour> {
        self.cells[point.index()].colour
    }

    /// Whether `point` is empty.
    #[inline]
    pub fn is_empty(&self, point: Point) -> bool {
        self.cells[point.index()].colour.is_none()
    }

    /// How many neighbours of `point` are empty.
    #[inline]
    pub fn empty_neighbours(&self, point: Point) -> u32 {
        self.cells[point.index()].around.empties()
    }

    /// How many neighbours of `point` hold a stone of `colour`.
    #[inline]
    pub fn neighbours_of_colour(&self, point: Point, colour: Colour) -> u32 {
        self.cells[point.index()].around.of(colour)
    }

    /// Whether every neighbour of `point` holds a stone of `colour` (for
    /// an empty point: a one-point eye of that colour, as the playout
    /// policy sees it).
    #[inline]
    pub fn is_surrounded_by(&self, point: Point, colour: Colour) -> bool {
        self.cells[point.index()].around.only(colour)
    }

    /// Whether the empty `point` is a one-point eye of `colour` in the
    /// playout policy's sense: every neighbour holds a stone of `colour`,
    /// and the other colour holds fewer than half of its diagonal points.
    /// On a square grid that is the usual test for a false eye: in the
    /// middle of the board, two diagonal stones of the other colour make
    /// the eye false; on the edge or in the corner, one does.
    #[inline]
    pub fn is_eye_of(&self, point: Point, colour: Colour) -> bool {
        self.is_surrounded_by(point, colour) && self.diagonals_allow_eye(point, colour)
    }

    /// The diagonal half of [`Board::is_eye_of`], out of line: most points
    /// fail the neighbour test first.
    #[inline(never)]
    fn diagonals_allow_eye(&self, point: Point, colour: Colour) -> bool {
        let diagonals = self.geometry.diagonals(point);
        let other = Some(colour.opponent());
        let held = diagonals
            .iter()
            .filter(|&&d| self.cells[d.index()].colour == other)
            .count();
        2 * held < diagonals.len().max(1)
    }

    /// The Zobrist hash of the position (the empty board hashes to 0).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The points holding `colour`'s stones, one bit a point: point `i` is
    /// bit `i % 64` of word `i / 64`. Kept up to date as stones come and
    /// go, so two boards' stones of one colour compare in a few words.
    #[inline]
    pub fn stone_bits(&self, colour: Colour) -> &[u64] {
        let start = self.bits_start(colour);
        &self.stone_bits[start..start + self.stone_bits.len() / 2]
    }

    /// The points holding `colour`'s stones, in index order (read from the
    /// stone bits a word at a time).
    #[inline]
    pub fn stones_of(&self, colour: Colour) -> impl Iterator<Item = Point> + '_ {
        crate::point::points_of_bits(self.stone_bits(colour))
    }

    /// How many stones of `colour` stand on the board.
    #[inline]
    pub fn stone_count(&self, colour: Colour) -> u32 {
        self.stones[colour]
    }

    /// How many stones of `colour` have left the board since it was made
    /// (captured, self-captured, paid, taken back, marked dead and
    /// removed): every removal counts, and a count never goes down. So
    /// no earlier board of the same game held more than
    /// [`Board::stone_count`] plus this many of `colour`'s stones, which
    /// lets a repetition rule pass over the earlier boards a new board
    /// outnumbers.
    #[inline]
    pub fn removed_count(&self, colour: Colour) -> u32 {
        self.removed[colour]
    }

    /// The empty points, in index order: the points in neither colour's
    /// stone bits, read a word (64 points) at a time.
    pub fn empty_points(&self) -> EmptyPoints<'_> {
        EmptyPoints {
            black: self.stone_bits(Colour::Black),
            white: self.stone_bits(Colour::White),
            points: self.geometry.point_count(),
            word: 0,
            bits: 0,
        }
    }

    /// The empty points in no particular order, kept up to date as stones
    /// come and go: a random playout picks from it without scanning the
    /// board.
    #[inline]
    pub fn empty_list(&self) -> &[Point] {
        &self.empty
    }

    /// The head of the string through `point` (a stone).
    #[inline]
    pub fn string_head(&self, point: Point) -> Point {
        debug_assert!(self.get(point).is_some());
        self.cells[point.index()].head
    }

    /// The stones of the string through `point`, starting at `point`.
    pub fn string_stones(&self, point: Point) -> StringStones<'_> {
        StringStones {
            board: self,
            start: point,
            current: Some(point),
        }
    }

    /// The number of stones of the string through `point`.
    pub fn string_size(&self, point: Point) -> usize {
        usize::from(self.strings[self.cells[point.index()].head.index()].size)
    }

    /// Whether the string through `point` has at least one liberty.
    #[inline]
    pub fn has_liberty(&self, point: Point) -> bool {
        self.strings[self.cells[point.index()].head.index()].libs > 0
    }

    /// Whether the string through `point` has exactly one liberty.
    #[inline]
    pub fn in_atari(&self, point: Point) -> bool {
        self.strings[self.cells[point.index()].head.index()].has_one_liberty()
    }

    /// The only liberty of the string through `point` (a stone), where it
    /// has exactly one.
    #[inline]
    pub fn only_liberty(&self, point: Point) -> Option<Point> {
        let string = &self.strings[self.cells[point.index()].head.index()];
        string
            .has_one_liberty()
            .then(|| Point::new((string.lib_sum / u32::from(string.libs)) as usize))
    }

    /// Whether the string through `point` (a stone) has `liberty` as its
    /// only liberty: a stone put there would leave it without any.
    #[inline]
    pub fn only_liberty_is(&self, point: Point, liberty: Point) -> bool {
        self.strings[self.cells[point.index()].head.index()].only_liberty_is(liberty)
    }

    /// What the hash of the position changes by when the string through
    /// `point` (a stone) leaves the board.
    pub fn string_removal_hash(&self, point: Point) -> u64 {
        let colour = self.get(point).expect("a string is made of stones");
        self.string_hash(point, colour)
    }

    /// What the hash of the position changes by when a stone of `colour`
    /// comes onto (or leaves) `point`.
    #[inline]
    pub fn stone_hash(&self, point: Point, colour: Colour) -> u64 {
        self.geometry.zobrist(point)[colour.index()]
    }

    /// The liberties of the string through `point`, exactly, in index order.
    pub fn liberties(&self, point: Point) -> PointSet {
        let mut libs = PointSet::with_capacity(self.cells.len());
        for stone in self.string_stones(point) {
            for &n in self.geometry.neighbours(stone) {
                if self.is_empty(n) {
                    libs.insert(n);
                }
            }
        }
        libs
    }

    /// Works out what a stone of `colour` on the empty `point` would do,
    /// without placing it.
    #[inline]
    pub fn probe(&self, point: Point, colour: Colour) -> Probe {
        debug_assert!(self.is_empty(point));
        let mut probe = Probe {
            captures: [Point::default(); MAX_DEGREE],
            capture_count: 0,
            has_liberty: false,
            hash_after_captures: self.hash ^ self.geometry.zobrist(point)[colour.index()],
        };
        // The common case, settled without visiting the neighbours: an
        // empty neighbour is a liberty, and with no opposing neighbour
        // there is nothing to capture.
        let around = self.cells[point.index()].around;
        if around.empties() > 0 && around.of(colour.opponent()) == 0 {
            probe.has_liberty = true;
            return probe;
        }
        for &n in self.geometry.neighbours(point) {
            let Some(c) = self.cells[n.index()].colour else {
                probe.has_liberty = true;
                continue;
            };
            let head = self.cells[n.index()].head;
            let data = &self.strings[head.index()];
            if c == colour {
                probe.has_liberty |= !data.only_liberty_is(point);
            } else if data.only_liberty_is(point) && !probe.captured_strings().contains(&head) {
                probe.captures[probe.capture_count as usize] = head;
                probe.capture_count += 1;
                probe.hash_after_captures ^= self.string_hash(head, c);
            }
        }
        probe.has_liberty |= probe.capture_count > 0;
        probe
    }

    /// Whether a stone of `colour` on the empty `point` would leave its
    /// string without a liberty even after capturing: no neighbour is
    /// empty, every string of its colour around it has `point` as its only
    /// liberty, and no opposing string does. The same answer as a
    /// [`Probe`]'s `has_liberty`, negated, for less work: the common
    /// illegal placement of a random game (a stone in the opponent's eye)
    /// is settled without building a probe.
    #[inline]
    pub fn is_suicide(&self, point: Point, colour: Colour) -> bool {
        debug_assert!(self.is_empty(point));
        if self.cells[point.index()].around.empties() > 0 {
            return false;
        }
        for &n in self.geometry.neighbours(point) {
            let cell = self.cells[n.index()];
            let in_atari_here = self.strings[cell.head.index()].only_liberty_is(point);
            if (cell.colour == Some(colour)) != in_atari_here {
                return false;
            }
        }
        true
    }

    /// The hash of the position if a stone of `colour` on the empty
    /// `point` and every string of its colour it joins left the board (a
    /// self-capture, for a stone whose [`Probe`] finds no liberty).
    pub fn hash_after_self_capture(&self, point: Point, colour: Colour) -> u64 {
        let mut joined = [Point::default(); MAX_DEGREE];
        let mut count = 0;
        let mut hash = self.hash;
        for &n in self.geometry.neighbours(point) {
            if self.cells[n.index()].colour == Some(colour) {
                let head = self.cells[n.index()].head;
                if !joined[..count].contains(&head) {
                    joined[count] = head;
                    count += 1;
                    hash ^= self.string_hash(head, colour);
                }
            }
        }
        hash
    }

    /// The XOR of the Zobrist numbers of the stones of the string through
    /// `point` (of `colour`): what its removal does to the hash.
    fn string_hash(&self, point: Point, colour: Colour) -> u64 {
        self.string_stones(point)
            .fold(0, |h, s| h ^ self.geometry.zobrist(s)[colour.index()])
    }

    /// The neighbours of `point`, copied out of the geometry so the board
    /// can change while they are visited.
    #[inline]
    fn neighbours_of(&self, point: Point) -> ([Point; MAX_DEGREE], usize) {
        let (row, degree) = self.geometry.neighbour_row(point);
        (*row, degree)
    }

    /// Places a stone of `colour` on the empty `point` and joins it to its
    /// own neighbours, without removing anything. Strings may be left without
    /// liberties; see [`Board::remove_strings_without_liberties`].
    ///
    /// One pass over the neighbours: each learns of the new stone, an empty
    /// one is a liberty of the stone's string, an occupied one's string
    /// loses the liberty the stone takes, and a string of the stone's colour
    /// joins it there and then (a join may move the head of the new
    /// string, so the head is followed). An empty point is always its own
    /// one-stone list, so the new stone's links need no setting.
    #[inline(always)]
    pub fn put_stone(&mut self, point: Point, colour: Colour) {
        assert!(self.is_empty(point), "put_stone on an occupied point");
        let i = point.index();
        debug_assert!(self.cells[i].head == point && self.cells[i].next == point);
        self.cells[i].colour = Some(colour);
        self.set_stone_bit(point, colour, true);
        self.occupy(point);
        self.stones[colour] += 1;
        self.hash ^= self.geometry.zobrist(point)[colour.index()];
        self.strings[i] = StringData {
            size: 1,
            ..StringData::default()
        };
        let mut head = point;
        let (around, degree) = self.neighbours_of(point);
        for &n in &around[..degree] {
            let cell = &mut self.cells[n.index()];
            cell.around.0 += Around::occupied_by(colour);
            match cell.colour {
                None => self.strings[head.index()].add_liberty(n),
                Some(c) => {
                    let h = cell.head;
                    self.strings[h.index()].remove_liberty(point);
                    if c == colour && h != head {
                        head = self.join(head, h);
                    }
                }
            }
        }
    }

    /// Joins the strings with heads `a` and `b` (smaller into larger);
    /// returns the head of the joined string.
    fn join(&mut self, a: Point, b: Point) -> Point {
        let (big, small) = if self.strings[a.index()].size >= self.strings[b.index()].size {
            (a, b)
        } else {
            (b, a)
        };
        let mut stone = small;
        loop {
            self.cells[stone.index()].head = big;
            stone = self.cells[stone.index()].next;
            if stone == small {
                break;
            }
        }
        let (b, s) = (self.cells[big.index()].next, self.cells[small.index()].next);
        self.cells[big.index()].next = s;
        self.cells[small.index()].next = b;
        let s = self.strings[small.index()];
        let d = &mut self.strings[big.index()];
        d.size += s.size;
        d.libs += s.libs;
        d.lib_sum += s.lib_sum;
        d.lib_sum_sq += s.lib_sum_sq;
        big
    }

    /// Removes the whole string through `point`, appending its stones to
    /// `removed`; returns how many stones it had.
    pub fn remove_string(&mut self, point: Point, removed: &mut Vec<Point>) -> u32 {
        let head = self.cells[point.index()].head;
        let colour = self.cells[point.index()]
            .colour
            .expect("remove_string on an empty point");
        let size = u32::from(self.strings[head.index()].size);
        let mut stone = head;
        loop {
            let i = stone.index();
            self.cells[i].colour = None;
            self.set_stone_bit(stone, colour, false);
            self.vacate(stone);
            self.hash ^= self.geometry.zobrist(stone)[colour.index()];
            removed.push(stone);
            let (around, degree) = self.neighbours_of(stone);
            for &n in &around[..degree] {
                self.cells[n.index()].around.0 -= Around::occupied_by(colour);
                if self.cells[n.index()].colour.is_some() {
                    let h = self.cells[n.index()].head;
                    if h != head {
                        self.strings[h.index()].add_liberty(stone);
                    }
                }
            }
            stone = self.cells[i].next;
            if stone == head {
                break;
            }
        }
        // Reset the list links of the removed stones, so an empty point is
        // always its own one-point list.
        for &stone in &removed[removed.len() - size as usize..] {
            self.cells[stone.index()].head = stone;
            self.cells[stone.index()].next = stone;
        }
        self.stones[colour] -= size;
        self.removed[colour] += size;
        size
    }

    /// Places a stone of `colour` on the empty `point` under per-placement
    /// capture: opposing strings left without liberties are removed, their
    /// stones appended to `captured`. The stone's own string is left as it
    /// is, even without liberties; the caller has decided with
    /// [`Board::probe`] whether that is allowed.
    #[inline(always)]
    pub fn play(&mut self, point: Point, colour: Colour, captured: &mut Vec<Point>) -> u32 {
        self.put_stone(point, colour);
        let mut count = 0;
        if self.cells[point.index()].around.of(colour.opponent()) == 0 {
            return count;
        }
        let (around, degree) = self.neighbours_of(point);
        for &n in &around[..degree] {
            if self.cells[n.index()].colour == Some(colour.opponent()) && !self.has_liberty(n) {
                count += self.remove_string(n, captured);
            }
        }
        count
    }

    /// Removes a single stone (a payment, a setup correction). Its string is
    /// split where the stone held it together.
    pub fn remove_stone(&mut self, point: Point) {
        let colour = self.get(point).expect("remove_stone on an empty point");
        let mut removed = Vec::new();
        self.remove_string(point, &mut removed);
        for stone in removed.into_iter().filter(|&s| s != point) {
            self.put_stone(stone, colour);
            // Back on the board: only the one stone left it.
            self.removed[colour] -= 1;
        }
    }

    /// Removes every string of `colour` that has no liberty, appending the
    /// removed stones to `removed`; returns how many stones went.
    pub fn remove_strings_without_liberties(
        &mut self,
        colour: Colour,
        removed: &mut Vec<Point>,
    ) -> u32 {
        let mut count = 0;
        for p in self.geometry.clone().points() {
            if self.cells[p.index()].colour == Some(colour) && !self.has_liberty(p) {
                count += self.remove_string(p, removed);
            }
        }
        count
    }

    /// A board with the given stones, built from scratch.
    pub fn from_stones(
        geometry: Arc<Geometry>,
        stones: impl IntoIterator<Item = (Point, Colour)>,
    ) -> Board {
        let mut board = Board::new(geometry);
        for (p, c) in stones {
            board.put_stone(p, c);
        }
        board
    }

    /// The stones on the board, in point order.
    pub fn stones(&self) -> impl Iterator<Item = (Point, Colour)> + '_ {
        self.geometry
            .points()
            .filter_map(|p| self.get(p).map(|c| (p, c)))
    }

    /// The bytes of memory the board holds besides its geometry (which
    /// boards share): the stones, the strings and the list of empty points.
    pub fn heap_bytes(&self) -> usize {
        use std::mem::size_of;
        self.cells.capacity() * size_of::<Cell>()
            + (self.empty.capacity()) * size_of::<Point>()
            + self.strings.capacity() * size_of::<StringData>()
            + self.empty_slot.capacity() * size_of::<u16>()
            + self.stone_bits.capacity() * size_of::<u64>()
    }

    /// Checks every incremental structure against a recomputation from the
    /// stones alone: the hash, the string partition, sizes and liberties.
    /// For tests; returns what disagrees.
    pub fn verify(&self) -> Result<(), String> {
        let fresh = Board::from_stones(Arc::clone(&self.geometry), self.stones());
        if fresh.hash != self.hash {
            return Err(format!(
                "hash {:#x}, recomputed {:#x}",
                self.hash, fresh.hash
            ));
        }
        if fresh.stones != self.stones {
            return Err("stone counts disagree".into());
        }
        if fresh.stone_bits != self.stone_bits {
            return Err("the stone bits disagree with the board".into());
        }
        if let Some(p) = self
            .geometry
            .points()
            .find(|p| self.cells[p.index()].around != fresh.cells[p.index()].around)
        {
            return Err(format!(
                "the neighbour counts of {} disagree",
                self.geometry.name(p)
            ));
        }
        let listed: PointSet = self.empty.iter().copied().collect();
        let empty: PointSet = self.empty_points().collect();
        if listed != empty || listed.len() != self.empty.len() {
            return Err("the list of empty points disagrees with the board".into());
        }
        for (slot, &p) in self.empty.iter().enumerate() {
            if self.empty_slot[p.index()] as usize != slot {
                return Err(format!(
                    "{} is listed in the wrong slot",
                    self.geometry.name(p)
                ));
            }
        }
        for p in self.geometry.points() {
            if self.get(p).is_none() {
                continue;
            }
            let mine: PointSet = self.string_stones(p).collect();
            let theirs: PointSet = fresh.string_stones(p).collect();
            if mine != theirs {
                return Err(format!(
                    "string through {} disagrees",
                    self.geometry.name(p)
                ));
            }
            let (a, b) = (
                self.strings[self.cells[p.index()].head.index()],
                fresh.strings[fresh.cells[p.index()].head.index()],
            );
            if a != b {
                return Err(format!(
                    "string data at {} disagrees: {a:?} vs {b:?}",
                    self.geometry.name(p)
                ));
            }
        }
        Ok(())
    }
}

/// Two boards are equal when the same stones stand on the same geometry.
impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            geometry: Arc::clone(&self.geometry),
            cells: self.cells.clone(),
            strings: self.strings.clone(),
            hash: self.hash,
            stones: self.stones,
            removed: self.removed,
            empty: self.empty.clone(),
            empty_slot: self.empty_slot.clone(),
            stone_bits: self.stone_bits.clone(),
        }
    }

    /// Copies `source` into this board, reusing its memory.
    fn clone_from(&mut self, source: &Board) {
        self.geometry.clone_from(&source.geometry);
        self.cells.clone_from(&source.cells);
        self.strings.clone_from(&source.strings);
        self.hash = source.hash;
        self.stones = source.stones;
        self.removed = source.removed;
        self.empty.clone_from(&source.empty);
        self.empty_slot.clone_from(&source.empty_slot);
        self.stone_bits.clone_from(&source.stone_bits);
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.hash == other.hash
            && self
                .cells
                .iter()
                .map(|c| c.colour)
                .eq(other.cells.iter().map(|c| c.colour))
            && self.geometry == other.geometry
    }
}

impl Eq for Board {}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = &self.geometry;
        writeln!(
            f,
            "Board {}x{} hash {:#018x}",
            g.width(),
            g.height(),
            self.hash
        )?;
        for row in 0..g.height() {
            for column in 0..g.width() {
                f.write_str(match g.point_at(column, row).map(|p| self.get(p)) {
                    None => " ",
                    Some(None) => ".",
                    Some(Some(Colour::Black)) => "X",
                    Some(Some(Colour::White)) => "O",
                })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// The stones of one string; see [`Board::string_stones`].
pub struct StringStones<'a> {
    board: &'a Board,
    start: Point,
    current: Option<Point>,
}

impl Iterator for StringStones<'_> {
    type Item = Point;

    fn next(&mut self) -> Option<Point> {
        let p = self.current?;
        let next = self.board.cells[p.index()].next;
        self.current = (next != self.start).then_some(next);
        Some(p)
    }
}

/// The empty points of a board in index order ([`Board::empty_points`]):
/// the points in neither colour's stone bits, a word (64 points) at a
/// time.
#[derive(Clone, Debug)]
pub struct EmptyPoints<'a> {
    black: &'a [u64],
    white: &'a [u64],
    points: usize,
    /// The next word to read.
    word: usize,
    /// The empty points of the word before `word` not yet handed out.
    bits: u64,
}

impl Iterator for EmptyPoints<'_> {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        while self.bits == 0 {
            let (&b, &w) = self.black.get(self.word).zip(self.white.get(self.word))?;
            // The points of this word that are on the board.
            let on_board = match self.points - self.word * 64 {
                left if left >= 64 => u64::MAX,
                left => (1u64 << left) - 1,
            };
            self.bits = !(b | w) & on_board;
            self.word += 1;
        }
        let bit = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(Point::new((self.word - 1) * 64 + bit))
    }
}

/// Random positions for the tests of the board and of what is computed
/// from it.
#[cfg(test)]
pub(crate) mod test_positions {
    use super::*;

    /// A position of a random game on a 7x7 board: stones of either colour
    /// on random empty points, captures made, no stone left without a
    /// liberty.
    pub(crate) fn random(seed: u64, stones: usize) -> Board {
        random_on(7, seed, stones)
    }

    /// [`random`] on a `size`x`size` board.
    pub(crate) fn random_on(size: usize, seed: u64, stones: usize) -> Board {
        let mut rng = crate::rng::PlayoutRng::new(seed);
        let g =
            Arc::new(Geometry::from_links(size, size, Geometry::grid_links(size, size)).unwrap());
        let mut b = Board::new(g);
        let mut sink = Vec::new();
        for _ in 0..stones {
            let empty = b.empty_list();
            if empty.is_empty() {
                break;
            }
            let p = empty[rng.below(empty.len())];
            let colour = Colour::BOTH[rng.below(2)];
            if b.probe(p, colour).has_liberty {
                b.play(p, colour, &mut sink);
            }
        }
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(n: usize) -> Arc<Geometry> {
        Arc::new(Geometry::from_links(n, n, Geometry::grid_links(n, n)).unwrap())
    }

    fn at(b: &Board, name: &str) -> Point {
        b.geometry().parse_point(name).unwrap()
    }

    /// A 5x5 board with black stones on `black` and white on `white`.
    fn five_by_five(black: &[&str], white: &[&str]) -> Board {
        let g = square(5);
        let stones = black
            .iter()
            .map(|n| (n, Colour::Black))
            .chain(white.iter().map(|n| (n, Colour::White)))
            .map(|(n, c)| (g.parse_point(n).unwrap(), c))
            .collect::<Vec<_>>();
        Board::from_stones(g, stones)
    }

    #[test]
    fn an_eye_in_the_middle_is_false_with_two_opposing_diagonals() {
        // Black surrounds C3; White holds none, one, then two of its four
        // diagonal points.
        let ring = ["C4", "B3", "D3", "C2"];
        let eye = |white: &[&str]| {
            let b = five_by_five(&ring, white);
            b.is_eye_of(at(&b, "C3"), Colour::Black)
        };
        assert!(eye(&[]));
        assert!(eye(&["B4"]));
        assert!(!eye(&["B4", "D2"]));
        // Black's own diagonal stones do not spoil the eye.
        let b = five_by_five(&["C4", "B3", "D3", "C2", "B4", "D4", "B2", "D2"], &[]);
        assert!(b.is_eye_of(at(&b, "C3"), Colour::Black));
        // Not an eye for White, and not an eye with a neighbour missing.
        assert!(!b.is_eye_of(at(&b, "C3"), Colour::White));
        let b = five_by_five(&["C4", "B3", "D3"], &[]);
        assert!(!b.is_eye_of(at(&b, "C3"), Colour::Black));
    }

    #[test]
    fn an_eye_on_the_edge_or_in_the_corner_is_false_with_one_opposing_diagonal() {
        // C1 on the edge has two diagonal points, B2 and D2.
        let b = five_by_five(&["B1", "C2", "D1"], &[]);
        assert!(b.is_eye_of(at(&b, "C1"), Colour::Black));
        let b = five_by_five(&["B1", "C2", "D1"], &["D2"]);
        assert!(!b.is_eye_of(at(&b, "C1"), Colour::Black));
        // A1 in the corner has one, B2.
        let b = five_by_five(&["A2", "B1"], &[]);
        assert!(b.is_eye_of(at(&b, "A1"), Colour::Black));
        let b = five_by_five(&["A2", "B1"], &["B2"]);
        assert!(!b.is_eye_of(at(&b, "A1"), Colour::Black));
    }

    #[test]
    fn a_corner_stone_is_captured_by_two_stones() {
        let mut b = Board::new(square(5));
        let mut captured = Vec::new();
        b.play(at(&b, "A1"), Colour::White, &mut captured);
        b.play(at(&b, "A2"), Colour::Black, &mut captured);
        assert!(b.in_atari(at(&b, "A1")));
        let probe = b.probe(at(&b, "B1"), Colour::Black);
        assert_eq!(probe.captured_strings(), [at(&b, "A1")]);
        assert_eq!(b.play(at(&b, "B1"), Colour::Black, &mut captured), 1);
        assert_eq!(captured, [at(&b, "A1")]);
        assert_eq!(b.hash(), probe.hash_after_captures);
        assert!(b.is_empty(at(&b, "A1")));
        b.verify().unwrap();
    }

    #[test]
    fn the_points_read_from_the_stone_bits_are_the_empty_points_and_stones_in_order() {
        for size in [5, 8, 13, 19] {
            for stones in (0..size * size * 3).step_by(size) {
                let b = test_positions::random_on(size, stones as u64, stones);
                let expected: Vec<Point> = b.geometry.points().filter(|&p| b.is_empty(p)).collect();
                assert!(
                    b.empty_points().eq(expected),
                    "{size}x{size}, {stones} stones"
                );
                for colour in Colour::BOTH {
                    let held = b.geometry.points().filter(|&p| b.get(p) == Some(colour));
                    assert!(
                        b.stones_of(colour).eq(held),
                        "{size}x{size}, {stones} stones: {colour:?}'s stones"
                    );
                }
            }
        }
    }

    #[test]
    fn joined_strings_share_liberties() {
        let mut b = Board::new(square(5));
        let mut sink = Vec::new();
        for name in ["B2", "D2", "C2"] {
            b.play(at(&b, name), Colour::Black, &mut sink);
        }
        assert_eq!(b.string_size(at(&b, "B2")), 3);
        assert_eq!(b.liberties(at(&b, "D2")).len(), 8);
        assert_eq!(b.string_head(at(&b, "B2")), b.string_head(at(&b, "D2")));
        b.verify().unwrap();
    }

    #[test]
    fn a_stone_without_liberties_is_seen_as_suicide_and_its_self_capture_hash_is_the_old_board() {
        let mut b = Board::new(square(3));
        let mut sink = Vec::new();
        b.play(at(&b, "A2"), Colour::White, &mut sink);
        b.play(at(&b, "B1"), Colour::White, &mut sink);
        let probe = b.probe(at(&b, "A1"), Colour::Black);
        assert!(!probe.has_liberty);
        assert_eq!(
            b.hash_after_self_capture(at(&b, "A1"), Colour::Black),
            b.hash()
        );
    }

    #[test]
    fn the_quick_suicide_test_agrees_with_the_probe() {
        let (mut suicides, mut tested) = (0, 0);
        for seed in 1..=200 {
            let b = test_positions::random(seed, 30 + (seed as usize % 60));
            b.verify().unwrap();
            for &p in b.empty_list() {
                for colour in Colour::BOTH {
                    let suicide = !b.probe(p, colour).has_liberty;
                    assert_eq!(
                        b.is_suicide(p, colour),
                        suicide,
                        "{colour:?} at {} on\n{b:?}",
                        b.geometry().name(p)
                    );
                    suicides += usize::from(suicide);
                    tested += 1;
                }
            }
        }
        // Both answers must have been tested, many times.
        assert!(
            suicides > 100 && tested - suicides > 100,
            "{suicides} of {tested}"
        );
    }

    #[test]
    fn removing_a_connecting_stone_splits_the_string() {
        let mut b = Board::new(square(5));
        let mut sink = Vec::new();
        for name in ["A3", "B3", "C3"] {
            b.play(at(&b, name), Colour::Black, &mut sink);
        }
        b.remove_stone(at(&b, "B3"));
        assert_eq!(b.string_size(at(&b, "A3")), 1);
        assert_eq!(b.string_size(at(&b, "C3")), 1);
        assert_eq!(b.stone_count(Colour::Black), 2);
        b.verify().unwrap();
    }
}
