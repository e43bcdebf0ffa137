//! Actions: the atomic decisions a player makes. Every front end (terminal,
//! record replay, conformance runner, benchmarks, AI) drives the engine with
//! these, so every front end sees the same rules.
//!
//! A **move** is the run of actions one seat makes between two hand-overs;
//! the schedule says how many placement opportunities it has.

use crate::colour::Role;
use crate::point::Point;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One atomic decision.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// Place a stone on an empty point (uses one placement opportunity).
    Place(Point),
    /// Pass one placement opportunity.
    Pass,
    /// Pass every remaining placement opportunity of the move.
    PassMove,
    /// Take the button (uses one placement opportunity; not a pass).
    TakeButton,
    /// Remove one of one's own stones as payment for a special turn.
    Pay(Point),
    /// Declare a number the rules ask for (a handicap, a reverse komi, the
    /// size of a special turn, ...).
    Declare(Declaration),
    /// Claim a role (Kill-All openings).
    Claim(Role),
    /// Mark the string through a point as dead.
    Mark(Point),
    /// Take back the dead mark of the string through a point.
    Unmark(Point),
    /// Accept the dead strings as marked and the score that follows.
    Accept,
    /// Leave the agreement phase and play on.
    Resume,
    /// Give up the game.
    Resign,
}

/// A declared number and what it is for.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Declaration {
    /// What is declared.
    pub kind: DeclarationKind,
    /// The number declared.
    pub value: u32,
}

/// The things a player may be asked to declare.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DeclarationKind {
    /// A number of handicap stones or handicap passes.
    Handicap,
    /// Points added to the weaker player's score.
    ReverseKomi,
    /// The number of stones a special turn places.
    SpecialTurn,
    /// The size of the first setup batch.
    BatchA,
    /// The size of the second setup batch.
    BatchB,
}

impl DeclarationKind {
    /// Every kind, in notation order.
    pub const ALL: [DeclarationKind; 5] = [
        DeclarationKind::Handicap,
        DeclarationKind::ReverseKomi,
        DeclarationKind::SpecialTurn,
        DeclarationKind::BatchA,
        DeclarationKind::BatchB,
    ];

    /// The word the move notation uses.
    pub const fn word(self) -> &'static str {
        match self {
            DeclarationKind::Handicap => "handicap",
            DeclarationKind::ReverseKomi => "reverse-komi",
            DeclarationKind::SpecialTurn => "special-turn",
            DeclarationKind::BatchA => "batch-a",
            DeclarationKind::BatchB => "batch-b",
        }
    }
}

impl fmt::Display for DeclarationKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl Action {
    /// Whether the action uses a placement opportunity of the move.
    pub const fn uses_opportunity(self) -> bool {
        matches!(
            self,
            Action::Place(_) | Action::Pass | Action::TakeButton | Action::PassMove
        )
    }

    /// The point the action names, if any.
    pub const fn point(self) -> Option<Point> {
        match self {
            Action::Place(p) | Action::Pay(p) | Action::Mark(p) | Action::Unmark(p) => Some(p),
            _ => None,
        }
    }

    /// A short name of the kind of action, for messages.
    pub const fn kind_name(self) -> &'static str {
        match self {
            Action::Place(_) => "a placement",
            Action::Pass => "a pass",
            Action::PassMove => "passing the rest of the move",
            Action::TakeButton => "taking the button",
            Action::Pay(_) => "a payment",
            Action::Declare(_) => "a declaration",
            Action::Claim(_) => "claiming a role",
            Action::Mark(_) => "marking a dead string",
            Action::Unmark(_) => "unmarking a dead string",
            Action::Accept => "accepting the marks",
            Action::Resume => "resuming play",
            Action::Resign => "resigning",
        }
    }
}
