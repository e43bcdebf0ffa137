//! The tactics of the playout policy: answers to the last placement that
//! a player who reads one move ahead would not miss, and the placements
//! such a player would not make.
//!
//! Every rule here is stated through a board's strings, their liberties
//! and the neighbours of a point, which every topology defines, so the
//! same tactics play on square, hexagonal, toroidal or graph boards, for
//! every schedule and objective:
//!
//! - **Capture.** A string of the opponent's at or next to the last
//!   placement with one liberty left is taken there.
//! - **Save.** A string of the mover's at or next to the last placement
//!   with one liberty left is saved by capturing an opposing string
//!   around it that has one liberty, or by extending on its liberty where
//!   that leaves it two liberties or more.
//! - **No large self-atari.** A placement that would leave its own string
//!   of [`SELF_ATARI_STONES`] or more stones with one liberty (or none),
//!   capturing nothing, is not chosen while another placement is; a
//!   single stone may still be thrown in, which is how eyes are broken.
//!
//! A tactical answer is chosen uniformly among those that are legal.

use crate::board::Board;
use crate::colour::Colour;
use crate::point::Point;
use std::ops::ControlFlow;

/// The fewest stones a self-atari must put at risk for the policy to
/// refuse it: one stone thrown in is a tactic (it breaks eyes and makes
/// ko threats), two or more in atari are usually a loss.
pub const SELF_ATARI_STONES: u32 = 2;

/// A board's strings, as the tactics see them.
pub(crate) trait StringView {
    /// How the board names a point internally, ordered as the points are.
    type Vertex: Copy + Ord;

    /// What stands on `vertex`, a point of the board.
    fn stone_at(&self, vertex: Self::Vertex) -> Option<Colour>;
    /// The point `vertex` names.
    fn point_of(&self, vertex: Self::Vertex) -> Point;
    /// How the board names `point`.
    fn vertex_of(&self, point: Point) -> Self::Vertex;
    /// Calls `f` with each neighbour of `vertex` on the board, until it
    /// breaks.
    fn each_neighbour(
        &self,
        vertex: Self::Vertex,
        f: impl FnMut(Self::Vertex) -> ControlFlow<()>,
    ) -> ControlFlow<()>;
    /// A name of the string through the stone on `vertex`, the same for
    /// every stone of the string.
    fn string_of(&self, vertex: Self::Vertex) -> Self::Vertex;
    /// How many stones the string through `vertex` has.
    fn string_size(&self, vertex: Self::Vertex) -> u32;
    /// Calls `f` with each stone of the string through `vertex`, until it
    /// breaks.
    fn each_stone(
        &self,
        vertex: Self::Vertex,
        f: impl FnMut(Self::Vertex) -> ControlFlow<()>,
    ) -> ControlFlow<()>;
    /// How many neighbours of `vertex` are empty.
    fn empty_neighbours(&self, vertex: Self::Vertex) -> u32;
    /// Whether the string through `vertex` surely has two liberties or
    /// more besides the empty point next to `touching` of its stones,
    /// told from its counts without a walk (false says nothing).
    fn surely_two_liberties_besides(&self, _vertex: Self::Vertex, _touching: u32) -> bool {
        false
    }
    /// The only liberty of the string through `vertex`, where it has
    /// exactly one.
    fn only_liberty(&self, vertex: Self::Vertex) -> Option<Self::Vertex>
    where
        Self: Sized,
    {
        walked_only_liberty(self, vertex)
    }
}

/// [`StringView::only_liberty`], found by walking the string's stones.
pub(crate) fn walked_only_liberty<B: StringView>(
    board: &B,
    vertex: B::Vertex,
) -> Option<B::Vertex> {
    let mut libs = Few::<B::Vertex, 2>::new();
    let _ = add_liberties(board, vertex, None, &mut libs);
    (libs.len() == 1).then(|| libs.first()).flatten()
}

/// A few distinct points, at most `N`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Few<V, const N: usize> {
    items: [Option<V>; N],
    len: usize,
}

impl<V: Copy + Eq, const N: usize> Few<V, N> {
    pub(crate) fn new() -> Self {
        Few {
            items: [None; N],
            len: 0,
        }
    }

    /// Adds `v` unless it is there; breaks once `N` are held.
    pub(crate) fn add(&mut self, v: V) -> ControlFlow<()> {
        if !self.contains(v) && self.len < N {
            self.items[self.len] = Some(v);
            self.len += 1;
        }
        if self.len == N {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    pub(crate) fn contains(&self, v: V) -> bool {
        self.items[..self.len].contains(&Some(v))
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    pub(crate) fn first(&self) -> Option<V> {
        self.items[0]
    }
}

/// Adds the liberties of the string through `vertex`, other than
/// `except`, to `libs` until it is full.
fn add_liberties<B: StringView, const N: usize>(
    board: &B,
    vertex: B::Vertex,
    except: Option<B::Vertex>,
    libs: &mut Few<B::Vertex, N>,
) -> ControlFlow<()> {
    board.each_stone(vertex, |stone| {
        board.each_neighbour(stone, |n| {
            if Some(n) != except && board.stone_at(n).is_none() {
                libs.add(n)
            } else {
                ControlFlow::Continue(())
            }
        })
    })
}

/// Whether a stone of `colour` on the empty `vertex` would leave its
/// string, of at least `min_stones` stones, with one liberty or none,
/// capturing nothing.
pub(crate) fn is_self_atari<B: StringView>(
    board: &B,
    vertex: B::Vertex,
    colour: Colour,
    min_stones: u32,
) -> bool {
    // Two empty neighbours settle it at once, as in most of a game.
    if board.empty_neighbours(vertex) >= 2 {
        return false;
    }
    // The strings the stone would join, and its stones.
    let mut joined = Few::<B::Vertex, 16>::new();
    let mut stones = 1;
    let _ = board.each_neighbour(vertex, |n| {
        if board.stone_at(n) == Some(colour) {
            let head = board.string_of(n);
            if !joined.contains(head) {
                let _ = joined.add(head);
                stones += board.string_size(n);
            }
        }
        ControlFlow::Continue(())
    });
    if stones < min_stones {
        return false;
    }
    // The liberties the string would have: the empty neighbours, and
    // those of the strings it joins other than the point itself.
    let mut libs = Few::<B::Vertex, 2>::new();
    let two_liberties = board
        .each_neighbour(vertex, |n| match board.stone_at(n) {
            None => libs.add(n),
            Some(c) if c == colour => {
                let head = board.string_of(n);
                // Each string once, from its first stone met.
                let mut first = None;
                let mut touching = 0;
                let _ = board.each_neighbour(vertex, |m| {
                    if board.stone_at(m) == Some(colour) && board.string_of(m) == head {
                        first.get_or_insert(m);
                        touching += 1;
                    }
                    ControlFlow::Continue(())
                });
                if first != Some(n) {
                    ControlFlow::Continue(())
                } else if board.surely_two_liberties_besides(n, touching) {
                    ControlFlow::Break(())
                } else {
                    add_liberties(board, n, Some(vertex), &mut libs)
                }
            }
            Some(_) => ControlFlow::Continue(()),
        })
        .is_break();
    if two_liberties {
        return false;
    }
    // A capture would give the stone a liberty: no self-atari then.
    board
        .each_neighbour(vertex, |n| match board.stone_at(n) {
            Some(c) if c != colour && board.only_liberty(n).is_some() => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        })
        .is_continue()
}

/// The tactical answers for `colour` to the last placement, on `last`,
/// added to `answers` (with repeats where one point answers twice): the
/// liberty of every opposing string in atari at or next to it, and for
/// every string of `colour`'s in atari there, the liberties of the
/// opposing strings in atari around it and its own liberty where
/// extending there leaves two liberties or more.
pub(crate) fn answers<B: StringView>(
    board: &B,
    colour: Colour,
    last: B::Vertex,
    answers: &mut Vec<B::Vertex>,
) {
    if board.stone_at(last).is_none() {
        return;
    }
    let mut seen = Few::<B::Vertex, 9>::new();
    let mut look = |v: B::Vertex| {
        let Some(c) = board.stone_at(v) else {
            return ControlFlow::Continue(());
        };
        let head = board.string_of(v);
        if seen.contains(head) {
            return ControlFlow::Continue(());
        }
        let _ = seen.add(head);
        let Some(liberty) = board.only_liberty(v) else {
            return ControlFlow::Continue(());
        };
        if c != colour {
            answers.push(liberty);
            return ControlFlow::Continue(());
        }
        // Saving the string: capture what holds it in atari...
        let mut around = Few::<B::Vertex, 16>::new();
        let _ = board.each_stone(v, |stone| {
            board.each_neighbour(stone, |n| match board.stone_at(n) {
                Some(o) if o != colour => {
                    let opposing = board.string_of(n);
                    if !around.contains(opposing) {
                        let _ = around.add(opposing);
                        if let Some(l) = board.only_liberty(n) {
                            answers.push(l);
                        }
                    }
                    ControlFlow::Continue(())
                }
                _ => ControlFlow::Continue(()),
            })
        });
        // ...or extend, where that leaves two liberties.
        if !is_self_atari(board, liberty, colour, 1) {
            answers.push(liberty);
        }
        ControlFlow::Continue(())
    };
    let _ = look(last);
    let _ = board.each_neighbour(last, look);
}

impl StringView for Board {
    type Vertex = Point;

    #[inline]
    fn stone_at(&self, point: Point) -> Option<Colour> {
        self.get(point)
    }

    #[inline]
    fn point_of(&self, point: Point) -> Point {
        point
    }

    #[inline]
    fn vertex_of(&self, point: Point) -> Point {
        point
    }

    #[inline]
    fn each_neighbour(
        &self,
        point: Point,
        mut f: impl FnMut(Point) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for &n in self.geometry().neighbours(point) {
            f(n)?;
        }
        ControlFlow::Continue(())
    }

    #[inline]
    fn empty_neighbours(&self, point: Point) -> u32 {
        Board::empty_neighbours(self, point)
    }

    #[inline]
    fn string_of(&self, point: Point) -> Point {
        self.string_head(point)
    }

    #[inline]
    fn string_size(&self, point: Point) -> u32 {
        Board::string_size(self, point) as u32
    }

    fn each_stone(
        &self,
        point: Point,
        mut f: impl FnMut(Point) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for stone in self.string_stones(point) {
            f(stone)?;
        }
        ControlFlow::Continue(())
    }

    /// Told by the string's liberty sums, without a walk.
    #[inline]
    fn only_liberty(&self, point: Point) -> Option<Point> {
        Board::only_liberty(self, point)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Geometry;
    use crate::playout::grid::GridBoard;
    use crate::playout::light_board::LightBoard;
    use std::sync::Arc;

    /// A board from rows of `X` (Black), `O` (White) and `.` (empty), on
    /// a square grid, or with `hexagonal` on a grid whose points also
    /// link to the point below and to the right (six neighbours in the
    /// middle, as on a hexagonal board).
    fn board(rows: &[&str], hexagonal: bool) -> Board {
        let (width, height) = (rows[0].len(), rows.len());
        let mut links: Vec<(usize, usize)> = Geometry::grid_links(width, height).collect();
        if hexagonal {
            for row in 0..height - 1 {
                for column in 0..width - 1 {
                    links.push((row * width + column, (row + 1) * width + column + 1));
                }
            }
        }
        let geometry = Arc::new(Geometry::from_links(width, height, links).expect("a grid"));
        let stones = rows.iter().enumerate().flat_map(|(row, text)| {
            text.chars().enumerate().filter_map(move |(column, c)| {
                let colour = match c {
                    'X' => Colour::Black,
                    'O' => Colour::White,
                    _ => return None,
                };
                Some((Point::new(row * width + column), colour))
            })
        });
        Board::from_stones(geometry, stones)
    }

    fn at(board: &Board, column: usize, row: usize) -> Point {
        Point::new(row * board.geometry().width() + column)
    }

    /// The answers on the generic board and on the square-grid board
    /// (where the board is a square grid), as sorted points; the two must
    /// agree.
    fn answers_on(board: &Board, colour: Colour, last: Point) -> Vec<Point> {
        let mut generic = Vec::new();
        answers(board, colour, last, &mut generic);
        generic.sort();
        generic.dedup();
        if GridBoard::fits(board.geometry()) {
            let grid = GridBoard::from_board(board);
            let mut cells = Vec::new();
            answers(&grid, colour, grid.vertex(last), &mut cells);
            let mut points: Vec<Point> = cells.iter().map(|&c| grid.point(c)).collect();
            points.sort();
            points.dedup();
            assert_eq!(points, generic, "the square-grid board answers alike");
        }
        generic
    }

    fn self_atari_on(board: &Board, point: Point, colour: Colour, min_stones: u32) -> bool {
        let generic = is_self_atari(board, point, colour, min_stones);
        if GridBoard::fits(board.geometry()) {
            let grid = GridBoard::from_board(board);
            assert_eq!(
                is_self_atari(&grid, grid.vertex(point), colour, min_stones),
                generic,
                "the square-grid board answers alike"
            );
        }
        generic
    }

    #[test]
    fn a_string_left_in_atari_by_the_last_placement_is_captured() {
        // White's last stone, in the middle, has one liberty above it.
        let b = board(&[".....", ".XOX.", "..X..", "....."], false);
        let answers = answers_on(&b, Colour::Black, at(&b, 2, 1));
        assert_eq!(answers, vec![at(&b, 2, 0)]);
        // White, to move after Black's stone below it, saves the stone by
        // extending upwards, where the two stones have three liberties.
        let answers = answers_on(&b, Colour::White, at(&b, 2, 2));
        assert_eq!(answers, vec![at(&b, 2, 0)]);
    }

    #[test]
    fn a_string_in_atari_is_saved_by_capturing_what_holds_it_or_extending() {
        // White's stone below left Black's middle stone one liberty, to
        // its right; White's stone at the top, holding it, is in atari
        // itself (its liberty is the corner).
        let b = board(&[".OX..", "OX...", ".O..."], false);
        let answers = answers_on(&b, Colour::Black, at(&b, 1, 2));
        assert_eq!(answers, vec![at(&b, 0, 0), at(&b, 2, 1)]);
    }

    #[test]
    fn a_string_whose_liberty_touches_three_of_its_stones_is_in_atari() {
        // Black's five stones cup their one liberty, which three of them
        // touch (the square-grid board counts it three times).
        let b = board(&[".OOO..", "OXXXO.", "OX.XO.", ".OOO..", "......"], false);
        let answers = answers_on(&b, Colour::White, at(&b, 1, 3));
        assert_eq!(answers, vec![at(&b, 2, 2)]);
        // Black cannot save them: the liberty is no extension.
        let answers = answers_on(&b, Colour::Black, at(&b, 1, 3));
        assert_eq!(answers, Vec::<Point>::new());
    }

    #[test]
    fn extending_into_atari_again_is_no_answer() {
        // Black's two stones have one liberty, in the corner, where they
        // would have none: no capture around them saves them either.
        let b = board(&[".XO.", "OXO.", ".O.."], false);
        let answers = answers_on(&b, Colour::Black, at(&b, 1, 2));
        assert_eq!(answers, Vec::<Point>::new());
    }

    #[test]
    fn a_self_atari_of_two_stones_is_refused_and_a_throw_in_is_not() {
        let b = board(&["X.O..", "OO...", "....."], false);
        // Black joining its corner stone leaves two stones without a
        // liberty: refused from two stones up.
        assert!(self_atari_on(&b, at(&b, 1, 0), Colour::Black, 2));
        // White there captures the corner stone: never a self-atari.
        assert!(!self_atari_on(&b, at(&b, 1, 0), Colour::White, 1));
        // A lone stone in the open is none.
        assert!(!self_atari_on(&b, at(&b, 4, 2), Colour::Black, 1));
        // A throw-in of one stone is refused only from one stone up.
        let t = board(&[".O...", "O.O..", ".O..."], false);
        assert!(self_atari_on(&t, at(&t, 1, 1), Colour::Black, 1));
        assert!(!self_atari_on(&t, at(&t, 1, 1), Colour::Black, 2));
    }

    #[test]
    fn the_tactics_read_any_topology() {
        // With six neighbours a point, White's stone at (1, 1) also
        // touches (0, 0) and (2, 2): Black's stones leave it the one
        // liberty at (2, 2), where Black captures it.
        let b = board(&["XX..", "XOX.", ".X..", "...."], true);
        assert_eq!(b.geometry().neighbours(at(&b, 1, 1)).len(), 6);
        let answers = answers_on(&b, Colour::Black, at(&b, 1, 1));
        assert_eq!(answers, vec![at(&b, 2, 2)]);
        // White extending there would have liberties below and right.
        assert!(!self_atari_on(&b, at(&b, 2, 2), Colour::White, 1));
    }

    /// On random positions, the square-grid board gives the generic
    /// board's answers and self-atari verdicts everywhere.
    #[test]
    fn the_square_grid_board_reads_as_the_generic_board_does() {
        for seed in 0..60 {
            let b = crate::board::test_positions::random_on(9, seed, 20 + (seed as usize * 7) % 70);
            for p in b.geometry().points() {
                for colour in Colour::BOTH {
                    if b.is_empty(p) {
                        for min_stones in 1..=3 {
                            let _ = self_atari_on(&b, p, colour, min_stones);
                        }
                    } else {
                        let _ = answers_on(&b, colour, p);
                    }
                }
            }
        }
    }
}
