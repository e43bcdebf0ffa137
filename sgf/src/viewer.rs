//! What a plain SGF viewer shows: stones on a square grid of the record's
//! size, each placement capturing the opposing strings it leaves without a
//! liberty and then its own (the FF\[4\] rule for executing a move), and
//! setup properties taken as written. The exporter compares it with
//! tengen's board after every node and writes a setup node wherever they
//! differ.

use crate::properties::Property;
use std::sync::Arc;
use tengen_core::{Board, Colour, Geometry, Point};

/// A plain viewer's board.
pub(crate) struct ViewerBoard {
    board: Board,
    /// The viewer's point (a cell of its square grid) of each of tengen's
    /// points, which are fewer where the board has holes.
    cells: Vec<Point>,
}

impl ViewerBoard {
    /// An empty square grid of the size of `geometry`'s naming grid; the
    /// indices its methods take are `geometry`'s points.
    pub(crate) fn new(geometry: &Geometry) -> ViewerBoard {
        let (width, height) = (geometry.width(), geometry.height());
        let square = Geometry::from_links(width, height, Geometry::grid_links(width, height))
            .expect("a tengen board's size makes a square grid");
        let cells = geometry
            .points()
            .map(|p| {
                let (column, row) = geometry.grid_position(p);
                Point::new(row * width + column)
            })
            .collect();
        ViewerBoard {
            board: Board::new(Arc::new(square)),
            cells,
        }
    }

    /// A stone placed as a move.
    pub(crate) fn play(&mut self, index: usize, colour: Colour) {
        let p = self.cells[index];
        if !self.board.is_empty(p) {
            // A viewer replaces the stone; tengen never writes such a move.
            self.board.remove_stone(p);
        }
        let mut removed = Vec::new();
        self.board.play(p, colour, &mut removed);
        if !self.board.has_liberty(p) {
            self.board.remove_string(p, &mut removed);
        }
    }

    /// A point emptied by `AE`.
    pub(crate) fn clear(&mut self, index: usize) {
        let p = self.cells[index];
        if !self.board.is_empty(p) {
            self.board.remove_stone(p);
        }
    }

    /// A stone set by `AB`/`AW`.
    pub(crate) fn set(&mut self, index: usize, colour: Colour) {
        self.clear(index);
        self.board.put_stone(self.cells[index], colour);
    }

    /// The setup properties that make this board `target` (a board of the
    /// geometry it was made for), applied here too; empty when they
    /// already agree.
    pub(crate) fn correct_to(
        &mut self,
        target: &Board,
        name: impl Fn(usize) -> String,
    ) -> Vec<Property> {
        let mut empty = Vec::new();
        let mut black = Vec::new();
        let mut white = Vec::new();
        for index in 0..target.geometry().point_count() {
            let want = target.get(Point::new(index));
            let have = self.board.get(self.cells[index]);
            if want == have {
                continue;
            }
            match want {
                None => empty.push(index),
                Some(Colour::Black) => black.push(index),
                Some(Colour::White) => white.push(index),
            }
        }
        for &i in &empty {
            self.clear(i);
        }
        for &i in &black {
            self.set(i, Colour::Black);
        }
        for &i in &white {
            self.set(i, Colour::White);
        }
        [("AE", empty), ("AB", black), ("AW", white)]
            .into_iter()
            .filter(|(_, points)| !points.is_empty())
            .map(|(id, points)| Property::new(id, points.into_iter().map(&name)))
            .collect()
    }
}
