//! Events in JSON: what an accepted action did, in order.

use crate::common::{names, sorted_names};
use schemars::JsonSchema;
use serde::Serialize;
use tengen_core::game::{Applied, Event, RemovalCause};
use tengen_core::{Colour, Geometry, Phase, Point, PointSet, Seat};

/// One thing an action did.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum EventForm {
    /// A stone was placed.
    Placed {
        /// Who placed it.
        seat: Seat,
        /// Its colour.
        colour: Colour,
        /// Where.
        point: String,
    },
    /// Stones left the board.
    Removed {
        /// Their colour.
        colour: Colour,
        /// Why: captured by the opponent, removed by self-capture, paid
        /// for a special turn, or taken off as agreed dead.
        cause: Cause,
        /// Every stone removed, in board order.
        points: Vec<String>,
        /// The same stones, string by string (each string in board order).
        strings: Vec<Vec<String>>,
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
    PhaseChanged {
        /// The new phase.
        phase: Phase,
    },
    /// Strings were marked dead, or their marks taken back.
    Marked {
        /// Who marked.
        seat: Seat,
        /// `true` for a mark, `false` for taking one back.
        dead: bool,
        /// The stones.
        points: Vec<String>,
    },
    /// A seat accepted the marks.
    Accepted {
        /// Who.
        seat: Seat,
    },
    /// A seat resumed play.
    Resumed {
        /// Who.
        seat: Seat,
    },
    /// The game ended (the state's `result` says how).
    GameOver,
    /// Something a component reports in words: a declaration, the button
    /// taken, a role claimed.
    Note {
        /// Who it concerns.
        #[serde(skip_serializing_if = "Option::is_none")]
        seat: Option<Seat>,
        /// A stable machine-readable code, e.g. `declared`.
        code: String,
        /// What happened, in words.
        text: String,
    },
}

/// Why stones left the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Cause {
    /// Captured by the opponent.
    Capture,
    /// The mover's own string, removed for lack of liberties.
    SelfCapture,
    /// Paid for a special turn.
    Payment,
    /// Agreed dead at the end of the game and taken off before scoring.
    Dead,
}

impl From<RemovalCause> for Cause {
    fn from(cause: RemovalCause) -> Cause {
        match cause {
            RemovalCause::Capture => Cause::Capture,
            RemovalCause::SelfCapture => Cause::SelfCapture,
            RemovalCause::Payment => Cause::Payment,
            RemovalCause::Dead => Cause::Dead,
        }
    }
}

/// The events of one accepted action, in order.
pub fn events(geometry: &Geometry, applied: &Applied) -> Vec<EventForm> {
    applied
        .events()
        .iter()
        .map(|event| match event {
            Event::Placed {
                seat,
                colour,
                point,
            } => EventForm::Placed {
                seat: *seat,
                colour: *colour,
                point: geometry.name(*point),
            },
            Event::Removed {
                colour,
                cause,
                points,
            } => {
                let points = applied.points(*points);
                EventForm::Removed {
                    colour: *colour,
                    cause: (*cause).into(),
                    points: sorted_names(geometry, points.iter().copied()),
                    strings: strings_of(geometry, points)
                        .into_iter()
                        .map(|s| names(geometry, s))
                        .collect(),
                }
            }
            Event::Passed {
                seat,
                opportunities,
            } => EventForm::Passed {
                seat: *seat,
                opportunities: *opportunities,
            },
            Event::MoveEnded { seat, number } => EventForm::MoveEnded {
                seat: *seat,
                number: *number,
            },
            Event::PhaseChanged(phase) => EventForm::PhaseChanged { phase: *phase },
            Event::Marked { seat, dead, points } => EventForm::Marked {
                seat: *seat,
                dead: *dead,
                points: sorted_names(geometry, applied.points(*points).iter().copied()),
            },
            Event::Accepted(seat) => EventForm::Accepted { seat: *seat },
            Event::Resumed(seat) => EventForm::Resumed { seat: *seat },
            Event::GameOver => EventForm::GameOver,
            Event::Note { seat, code, text } => EventForm::Note {
                seat: *seat,
                code: (*code).to_string(),
                text: text.clone(),
            },
        })
        .collect()
}

/// `points` (stones of one colour that left the board together) grouped
/// into strings: the groups of points joined through neighbours among
/// them. Stones of one colour that touch belong to one string, so these
/// are the strings removed. Each string and the list are in board order.
fn strings_of(geometry: &Geometry, points: &[Point]) -> Vec<Vec<Point>> {
    let mut left = PointSet::with_capacity(geometry.point_count());
    for &p in points {
        left.insert(p);
    }
    let mut sorted = points.to_vec();
    sorted.sort_unstable();
    let mut strings = Vec::new();
    for start in sorted {
        if !left.remove(start) {
            continue;
        }
        let mut string = vec![start];
        let mut next = 0;
        while next < string.len() {
            for &n in geometry.neighbours(string[next]) {
                if left.remove(n) {
                    string.push(n);
                }
            }
            next += 1;
        }
        string.sort_unstable();
        strings.push(string);
    }
    strings
}
