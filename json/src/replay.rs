//! A replayed record, in JSON: the state after every action (or only the
//! last), and the first refused action where there is one.

use crate::action::ActionTaken;
use crate::events::EventForm;
use crate::refusal::RefusalForm;
use crate::state::{GameStateForm, RulesetRef};
use schemars::JsonSchema;
use serde::Serialize;

/// One action of a record, and what it did.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Step {
    /// The line of the record it was read from (move notation records).
    pub line: Option<usize>,
    /// The action.
    pub action: ActionTaken,
    /// What it did, in order.
    pub events: Vec<EventForm>,
    /// The state after it.
    pub state: GameStateForm,
}

/// The first action of a record the rules refused.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct RefusedStep {
    /// The line of the record (move notation records).
    pub line: Option<usize>,
    /// The column of the action in its line, from 1.
    pub column: Option<usize>,
    /// The action, where it could be read.
    pub action: Option<ActionTaken>,
    /// Why it was refused.
    pub refusal: RefusalForm,
}

/// A record played through.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Replay {
    /// The rules.
    pub ruleset: RulesetRef,
    /// The record, as named on the command line.
    pub record: String,
    /// Every action and the state after it; absent when only the final
    /// state was asked for (`--final`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<Vec<Step>>,
    /// The first refused action, where the rules refused one (the record
    /// stops there, and the command exits with 1).
    pub refused: Option<RefusedStep>,
    /// The state at the end of the record (or before the refused action).
    pub state: GameStateForm,
}
