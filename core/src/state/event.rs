//! Events: what an accepted action did.

use crate::colour::{Colour, Seat};
use crate::phase::Phase;
use crate::point::Point;

/// Why stones left the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RemovalCause {
    /// Captured by the opponent.
    Capture,
    /// The mover's own string, removed for lack of liberties.
    SelfCapture,
    /// Paid for a special turn.
    Payment,
    /// Agreed dead at the end of the game and taken off before scoring.
    Dead,
}

/// One thing an action did. Point lists live in [`Applied`], so recording
/// events allocates nothing once the buffers have grown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A stone was placed.
    Placed {
        /// Who placed it.
        seat: Seat,
        /// Its colour.
        colour: Colour,
        /// Where.
        point: Point,
    },
    /// Stones were removed.
    Removed {
        /// Their colour.
        colour: Colour,
        /// Why.
        cause: RemovalCause,
        /// Where, as a range of [`Applied::points`].
        points: (u32, u32),
    },
    /// Placement opportunities were passed.
    Passed {
        /// Who passed.
        seat: Seat,
        /// How many opportunities.
        opportunities: u32,
    },
    /// A move ended and the turn passed on.
    MoveEnded {
        /// Whose move it was.
        seat: Seat,
        /// The move's number, from 1.
        number: u32,
    },
    /// The game entered a new phase.
    PhaseChanged(Phase),
    /// Strings were marked dead (or unmarked).
    Marked {
        /// Who marked.
        seat: Seat,
        /// `true` for a mark, `false` for taking one back.
        dead: bool,
        /// The stones, as a range of [`Applied::points`].
        points: (u32, u32),
    },
    /// A seat accepted the marks.
    Accepted(Seat),
    /// A seat resumed play.
    Resumed(Seat),
    /// The game ended; see [`Game::result`](crate::Game::result).
    GameOver,
    /// Something a component reports in words (a declaration, the button
    /// taken, a role claimed).
    Note {
        /// Who it concerns.
        seat: Option<Seat>,
        /// A stable machine-readable code.
        code: &'static str,
        /// What happened, in words.
        text: String,
    },
}

/// The events of one accepted action.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Applied {
    events: Vec<Event>,
    points: Vec<Point>,
}

/// `clone_from` keeps this list's memory.
impl Clone for Applied {
    fn clone(&self) -> Applied {
        Applied {
            events: self.events.clone(),
            points: self.points.clone(),
        }
    }

    fn clone_from(&mut self, source: &Applied) {
        self.events.clone_from(&source.events);
        self.points.clone_from(&source.points);
    }
}

impl Applied {
    /// Buffers big enough for any action on a board of `points` points.
    pub(crate) fn with_capacity(points: usize) -> Applied {
        Applied {
            events: Vec::with_capacity(16),
            points: Vec::with_capacity(points),
        }
    }

    /// Forgets the previous action's events, keeping the memory.
    pub(crate) fn clear(&mut self) {
        self.events.clear();
        self.points.clear();
    }

    /// The bytes of memory the lists hold.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.events.capacity() * std::mem::size_of::<Event>()
            + self.points.capacity() * std::mem::size_of::<Point>()
    }

    /// The events in order.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The points of a `(start, end)` range held by an event.
    pub fn points(&self, range: (u32, u32)) -> &[Point] {
        &self.points[range.0 as usize..range.1 as usize]
    }

    /// Every point removed from the board, with its colour and cause.
    pub fn removed(&self) -> impl Iterator<Item = (Colour, RemovalCause, &[Point])> + '_ {
        self.events.iter().filter_map(|e| match e {
            Event::Removed {
                colour,
                cause,
                points,
            } => Some((*colour, *cause, self.points(*points))),
            _ => None,
        })
    }

    pub(crate) fn push(&mut self, event: Event) {
        self.events.push(event);
    }

    /// Stores points and returns their range.
    pub(crate) fn store(&mut self, points: &[Point]) -> (u32, u32) {
        let start = self.points.len() as u32;
        self.points.extend_from_slice(points);
        (start, self.points.len() as u32)
    }

    pub(crate) fn push_removed(&mut self, colour: Colour, cause: RemovalCause, points: &[Point]) {
        if !points.is_empty() {
            let range = self.store(points);
            self.events.push(Event::Removed {
                colour,
                cause,
                points: range,
            });
        }
    }
}
