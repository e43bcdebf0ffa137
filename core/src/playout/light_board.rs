//! What the light playout board needs of the stones it plays on, and the
//! generic board's answers (every topology). The square grid has its own
//! board ([`GridBoard`](super::grid::GridBoard)) with the same answers.

use super::tactics::StringView;
use crate::analysis::area_count;
use crate::board::Board;
use crate::colour::{ByColour, Colour};
use crate::point::{Point, PointSet};
use std::ops::ControlFlow;

/// The stones of a light game: placements that capture at once, the
/// Zobrist hash, and the list of empty points the policy draws from.
pub(crate) trait LightBoard: Clone + StringView {
    /// The vertex of `point`.
    fn vertex(&self, point: Point) -> Self::Vertex;
    /// The point of `vertex`.
    fn point(&self, vertex: Self::Vertex) -> Point;
    /// The empty points, in the order the generic board keeps them.
    fn empty_vertices(&self) -> &[Self::Vertex];
    /// Whether `vertex` is empty.
    fn is_empty_at(&self, vertex: Self::Vertex) -> bool;
    /// Whether a neighbour of `vertex` is empty.
    fn has_empty_neighbour(&self, vertex: Self::Vertex) -> bool;
    /// Whether `vertex` has an empty neighbour and no neighbour of the
    /// colour opposing `colour`: a stone of `colour` there keeps a
    /// liberty and captures nothing ([`Outcome::Plain`]), told by the
    /// neighbour counts alone. False says nothing.
    fn is_plainly_placed(&self, vertex: Self::Vertex, colour: Colour) -> bool;
    /// Whether every neighbour of `vertex` holds a stone of the colour
    /// opposing `colour` (or is off the board): a stone of `colour` there
    /// keeps a liberty only by capturing, and is otherwise left alone
    /// without one ([`Outcome::SelfCapture`] of one stone).
    fn has_only_opposing_neighbours(&self, vertex: Self::Vertex, colour: Colour) -> bool;
    /// Whether the empty `vertex` is a one-point eye of `colour` as the
    /// playout policy sees it ([`Board::is_eye_of`]).
    fn is_eye_at(&self, vertex: Self::Vertex, colour: Colour) -> bool;
    /// The hash of the board after a stone of `colour` on the empty
    /// `vertex` and its captures, or, where the stone's string is left
    /// without a liberty and `self_capture` allows it, after that string
    /// leaves the board too; `None` where it would be left without a
    /// liberty and self-capture is not allowed.
    fn hash_if_placed(
        &self,
        vertex: Self::Vertex,
        colour: Colour,
        self_capture: bool,
    ) -> Option<u64>;
    /// What a stone of `colour` on the empty `vertex` would do: keep a
    /// liberty and capture nothing, capture, or be left without a liberty
    /// (and with how many stones).
    fn outcome_if_placed(&self, vertex: Self::Vertex, colour: Colour) -> Outcome;
    /// How many opposing stones a stone of `colour` on the empty `vertex`
    /// would capture (0 where it captures nothing).
    fn captured_if_placed(&self, vertex: Self::Vertex, colour: Colour) -> u32;
    /// [`outcome_if_placed`](LightBoard::outcome_if_placed), for a board
    /// that may change its bookkeeping while it looks and must restore
    /// it before it answers.
    #[inline(always)]
    fn outcome_by_probing(&mut self, vertex: Self::Vertex, colour: Colour) -> Outcome {
        self.outcome_if_placed(vertex, colour)
    }
    /// Whether a stone of `colour` on the empty `vertex` would capture
    /// anything, for a board that may change its bookkeeping while it
    /// looks and must restore it before it answers.
    #[inline(always)]
    fn captures_by_probing(&mut self, vertex: Self::Vertex, colour: Colour) -> bool {
        self.captured_if_placed(vertex, colour) != 0
    }
    /// Places a stone of `colour` on the empty `vertex`, removes the
    /// opposing strings left without a liberty, then its own string if it
    /// has none.
    fn place(&mut self, vertex: Self::Vertex, colour: Colour) -> Placed;
    /// The only liberty of the stone on `vertex`, where it stands alone
    /// with exactly one liberty. Right after a placement that captured a
    /// single stone, that is the ko point: the one point where the
    /// opponent's next placement could take the stone back and restore
    /// the board before it.
    fn lone_stone_liberty(&self, vertex: Self::Vertex) -> Option<Self::Vertex>;
    /// The Zobrist hash of the position.
    fn hash(&self) -> u64;
    /// What stands on `point`.
    fn colour_at(&self, point: Point) -> Option<Colour>;
    /// Each colour's area (stones and the empty regions that reach only
    /// that colour's stones), every stone alive.
    fn area(&self) -> ByColour<u32>;
}

/// What a placement would do, told before it is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// The stone's string keeps a liberty, and nothing is captured.
    Plain,
    /// At least one opposing string is captured (so the stone has a
    /// liberty).
    Captures,
    /// The stone's string, of this many stones (the placed one and the
    /// strings of its own it joins), is left without a liberty.
    SelfCapture { stones: u32 },
}

/// What a placement did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Placed {
    /// How many opposing stones it captured.
    pub(crate) captured: u32,
    /// How many stones of the placer's own left the board (its string,
    /// left without a liberty), 0 when none did.
    pub(crate) self_captured: u32,
}

/// The generic board, with the buffer its removals go to.
#[derive(Debug)]
pub(crate) struct GraphBoard {
    pub(crate) board: Board,
    removed: Vec<Point>,
}

impl Clone for GraphBoard {
    fn clone(&self) -> GraphBoard {
        GraphBoard::new(self.board.clone())
    }

    /// Copies the stones into this board's memory (the buffer of removals
    /// holds nothing between placements).
    fn clone_from(&mut self, source: &GraphBoard) {
        self.board.clone_from(&source.board);
    }
}

impl GraphBoard {
    pub(crate) fn new(board: Board) -> GraphBoard {
        let removed = Vec::with_capacity(board.geometry().point_count());
        GraphBoard { board, removed }
    }
}

impl StringView for GraphBoard {
    type Vertex = Point;

    #[inline(always)]
    fn point_of(&self, vertex: Point) -> Point {
        vertex
    }

    #[inline(always)]
    fn vertex_of(&self, point: Point) -> Point {
        point
    }

    #[inline(always)]
    fn stone_at(&self, vertex: Point) -> Option<Colour> {
        self.board.get(vertex)
    }

    #[inline(always)]
    fn each_neighbour(
        &self,
        vertex: Point,
        f: impl FnMut(Point) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.board.each_neighbour(vertex, f)
    }

    #[inline(always)]
    fn empty_neighbours(&self, vertex: Point) -> u32 {
        self.board.empty_neighbours(vertex)
    }

    #[inline(always)]
    fn string_of(&self, vertex: Point) -> Point {
        self.board.string_head(vertex)
    }

    #[inline(always)]
    fn string_size(&self, vertex: Point) -> u32 {
        StringView::string_size(&self.board, vertex)
    }

    #[inline(always)]
    fn each_stone(
        &self,
        vertex: Point,
        f: impl FnMut(Point) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.board.each_stone(vertex, f)
    }

    #[inline(always)]
    fn only_liberty(&self, vertex: Point) -> Option<Point> {
        self.board.only_liberty(vertex)
    }
}

impl LightBoard for GraphBoard {
    #[inline(always)]
    fn is_plainly_placed(&self, vertex: Point, colour: Colour) -> bool {
        self.board.empty_neighbours(vertex) != 0
            && self.board.neighbours_of_colour(vertex, colour.opponent()) == 0
    }

    #[inline(always)]
    fn has_only_opposing_neighbours(&self, vertex: Point, colour: Colour) -> bool {
        self.board.empty_neighbours(vertex) == 0
            && self.board.neighbours_of_colour(vertex, colour) == 0
    }

    #[inline(always)]
    fn vertex(&self, point: Point) -> Point {
        point
    }

    #[inline(always)]
    fn point(&self, vertex: Point) -> Point {
        vertex
    }

    #[inline(always)]
    fn empty_vertices(&self) -> &[Point] {
        self.board.empty_list()
    }

    #[inline(always)]
    fn is_empty_at(&self, vertex: Point) -> bool {
        self.board.is_empty(vertex)
    }

    #[inline(always)]
    fn has_empty_neighbour(&self, vertex: Point) -> bool {
        self.board.empty_neighbours(vertex) > 0
    }

    #[inline(always)]
    fn is_eye_at(&self, vertex: Point, colour: Colour) -> bool {
        self.board.is_eye_of(vertex, colour)
    }

    #[inline]
    fn hash_if_placed(&self, vertex: Point, colour: Colour, self_capture: bool) -> Option<u64> {
        if !self_capture && self.board.is_suicide(vertex, colour) {
            return None;
        }
        let probe = self.board.probe(vertex, colour);
        if probe.has_liberty {
            Some(probe.hash_after_captures)
        } else if self_capture {
            Some(self.board.hash_after_self_capture(vertex, colour))
        } else {
            None
        }
    }

    fn captured_if_placed(&self, vertex: Point, colour: Colour) -> u32 {
        let probe = self.board.probe(vertex, colour);
        probe
            .captured_strings()
            .iter()
            .map(|&head| self.board.string_size(head) as u32)
            .sum()
    }

    fn outcome_if_placed(&self, vertex: Point, colour: Colour) -> Outcome {
        let probe = self.board.probe(vertex, colour);
        if probe.captures_any() {
            Outcome::Captures
        } else if probe.has_liberty {
            Outcome::Plain
        } else {
            let mut heads = [vertex; crate::geometry::MAX_DEGREE];
            let mut joined = 0;
            let mut stones = 1;
            for &n in self.board.geometry().neighbours(vertex) {
                if self.board.get(n) == Some(colour) {
                    let head = self.board.string_head(n);
                    if !heads[..joined].contains(&head) {
                        heads[joined] = head;
                        joined += 1;
                        stones += self.board.string_size(n) as u32;
                    }
                }
            }
            Outcome::SelfCapture { stones }
        }
    }

    #[inline]
    fn place(&mut self, vertex: Point, colour: Colour) -> Placed {
        self.removed.clear();
        let captured = self.board.play(vertex, colour, &mut self.removed);
        let self_captured = if self.board.has_liberty(vertex) {
            0
        } else {
            self.board.remove_string(vertex, &mut self.removed)
        };
        Placed {
            captured,
            self_captured,
        }
    }

    fn lone_stone_liberty(&self, vertex: Point) -> Option<Point> {
        if self.board.is_empty(vertex)
            || self.board.string_size(vertex) != 1
            || self.board.empty_neighbours(vertex) != 1
        {
            return None;
        }
        let neighbours = self.board.geometry().neighbours(vertex);
        neighbours.iter().copied().find(|&n| self.board.is_empty(n))
    }

    #[inline(always)]
    fn hash(&self) -> u64 {
        self.board.hash()
    }

    fn colour_at(&self, point: Point) -> Option<Colour> {
        self.board.get(point)
    }

    fn area(&self) -> ByColour<u32> {
        let count = area_count(&self.board, &PointSet::default());
        ByColour::new(
            count.stones[Colour::Black] + count.territory[Colour::Black],
            count.stones[Colour::White] + count.territory[Colour::White],
        )
    }
}
