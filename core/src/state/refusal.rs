//! Refusals: why the engine did not accept an action. A refused action
//! changes nothing.

use crate::colour::Seat;
use crate::geometry::PointLabel;
use crate::phase::Phase;
use std::fmt;

/// An earlier position, as a person would name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EarlierPosition {
    /// The position the game started from.
    Start,
    /// A position of the setup, before play began.
    Setup,
    /// The position after this move (numbered from 1).
    AfterMove(u32),
    /// A position reached during this move, before its last placement.
    DuringMove(u32),
}

impl fmt::Display for EarlierPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EarlierPosition::Start => f.write_str("the starting position"),
            EarlierPosition::Setup => f.write_str("a position of the setup"),
            EarlierPosition::AfterMove(n) => write!(f, "the position after move {n}"),
            EarlierPosition::DuringMove(n) => write!(f, "a position reached during move {n}"),
        }
    }
}

/// Why an action was refused, naming the rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game is over.
    GameOver,
    /// Another seat is to act.
    NotYourTurn {
        /// Who tried.
        seat: Seat,
        /// Who is to act.
        to_act: Seat,
    },
    /// This kind of action is not available in this phase or ruleset.
    NotAvailable {
        /// The kind of action, in words ("a pass").
        action: &'static str,
        /// The phase the game is in.
        phase: Phase,
    },
    /// A point index outside the board (only programs can send one).
    OffBoard {
        /// The index sent.
        index: usize,
    },
    /// The point already holds a stone.
    Occupied(PointLabel),
    /// The stone would leave its own string without liberties, capturing
    /// nothing, and this ruleset refuses suicide.
    Suicide(PointLabel),
    /// The placement would recreate an earlier position.
    Repetition {
        /// The point played, if a placement.
        point: Option<PointLabel>,
        /// The rule, e.g. "positional superko".
        rule: &'static str,
        /// Which earlier position.
        earlier: EarlierPosition,
    },
    /// Passing is not allowed in this ruleset.
    PassingForbidden,
    /// A rule of a particular component.
    Rule {
        /// A stable machine-readable code, e.g. `no-stone`.
        code: &'static str,
        /// The rule broken, for a person.
        message: String,
    },
}

impl Refusal {
    /// A stable machine-readable code for the rule broken.
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::GameOver => "game-over",
            Refusal::NotYourTurn { .. } => "not-your-turn",
            Refusal::NotAvailable { .. } => "not-available",
            Refusal::OffBoard { .. } => "off-board",
            Refusal::Occupied(_) => "occupied",
            Refusal::Suicide(_) => "suicide",
            Refusal::Repetition { .. } => "repetition",
            Refusal::PassingForbidden => "passing-forbidden",
            Refusal::Rule { code, .. } => code,
        }
    }

    /// A refusal for a rule of a particular component.
    pub fn rule(code: &'static str, message: impl Into<String>) -> Refusal {
        Refusal::Rule {
            code,
            message: message.into(),
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::GameOver => f.write_str("the game is over"),
            Refusal::NotYourTurn { seat, to_act } => {
                write!(f, "it is {to_act}'s turn, not {seat}'s")
            }
            Refusal::NotAvailable { action, phase } => {
                write!(f, "{action} is not possible {}", phase.during())
            }
            Refusal::OffBoard { index } => write!(f, "point #{index} is not on this board"),
            Refusal::Occupied(p) => write!(f, "{p} is occupied"),
            Refusal::Suicide(p) => write!(
                f,
                "{p} is suicide: the stone would leave its own string without liberties and capture nothing"
            ),
            Refusal::Repetition {
                point,
                rule,
                earlier,
            } => match point {
                Some(p) => write!(f, "{p} would recreate {earlier} ({rule})"),
                None => write!(f, "this move would recreate {earlier} ({rule})"),
            },
            Refusal::PassingForbidden => f.write_str("passing is not allowed in this game"),
            Refusal::Rule { message, .. } => f.write_str(message),
        }
    }
}

impl std::error::Error for Refusal {}
