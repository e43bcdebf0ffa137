//! Actions in JSON: a tagged object per kind of action, read back exactly.
//! Programs that already speak the move notation may send its text
//! instead (see [`ActionInput`]).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;
use tengen_core::notation::{format_action, parse_action};
use tengen_core::{Action, Declaration, DeclarationKind, Geometry, Role};

/// One action, as the engine takes it: `{"type": "place", "point": "D4"}`.
/// Points are named as on the board's edge: a column letter (`A` to `Z`
/// without `I`) and a row number counted from the bottom.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum ActionForm {
    /// Place a stone on an empty point (uses one placement opportunity).
    Place {
        /// Where.
        point: String,
    },
    /// Pass one placement opportunity.
    Pass,
    /// Pass every remaining placement opportunity of the move.
    PassMove,
    /// Take the button (uses one placement opportunity; not a pass).
    Button,
    /// Remove one of one's own stones as payment for a special turn.
    Pay {
        /// The stone paid.
        point: String,
    },
    /// Declare a number the rules ask for.
    Declare {
        /// What is declared.
        declaration: DeclarationKind,
        /// The number.
        value: u32,
    },
    /// Claim a role (Kill-All openings).
    Claim {
        /// The role.
        role: Role,
    },
    /// Mark the string through a point as dead.
    Mark {
        /// A stone of the string.
        point: String,
    },
    /// Take back the dead mark of the string through a point.
    Unmark {
        /// A stone of the string.
        point: String,
    },
    /// Accept the dead strings as marked and the score that follows.
    Accept,
    /// Leave the agreement phase and play on.
    Resume,
    /// Give up the game.
    Resign,
}

/// An action as a program may send it: the JSON object, or the text of the
/// move notation (`"D4"`, `"declare handicap 4"`, `"pass-move"`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum ActionInput {
    /// The move notation.
    Notation(String),
    /// The JSON form.
    Form(ActionForm),
}

/// Read by hand rather than derived, so that a wrong action says what an
/// action may be (an untagged enum's derived error names no field).
impl<'de> Deserialize<'de> for ActionInput {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        match serde_json::Value::deserialize(deserializer)? {
            serde_json::Value::String(text) => Ok(ActionInput::Notation(text)),
            serde_json::Value::Object(object) => {
                let form = ActionForm::deserialize(serde_json::Value::Object(object.clone()))
                    .map_err(|e| D::Error::custom(format!("the action: {e}")))?;
                match form.unknown_field(&object) {
                    Some(field) => Err(D::Error::custom(format!(
                        "the action: unknown field `{field}`: a `{}` action takes {}",
                        form.kind(),
                        form.fields_in_words()
                    ))),
                    None => Ok(ActionInput::Form(form)),
                }
            }
            other => Err(D::Error::custom(format!(
                "an action is the move notation (a string such as \"D4\") or an object \
                 such as {{\"type\": \"place\", \"point\": \"D4\"}}, not {other}"
            ))),
        }
    }
}

/// Why an action sent to the engine could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionError {
    /// What is wrong, for a person.
    pub message: String,
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ActionError {}

impl ActionForm {
    /// A field of `object` (the form as sent) that this form does not
    /// take. Serde ignores extra fields beside the tag of a unit variant
    /// (`{"type": "resign", "seat": "P2"}`) even with `deny_unknown_fields`,
    /// so the rule is checked here: every field sent must be one the form
    /// writes back.
    fn unknown_field(&self, object: &serde_json::Map<String, serde_json::Value>) -> Option<String> {
        let written = serde_json::to_value(self).ok()?;
        let written = written.as_object()?;
        object.keys().find(|k| !written.contains_key(*k)).cloned()
    }

    /// The form's `type`.
    fn kind(&self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.get("type").and_then(|t| t.as_str()).map(str::to_owned))
            .unwrap_or_default()
    }

    /// The fields the form takes besides `type`, in words.
    fn fields_in_words(&self) -> String {
        let written = serde_json::to_value(self).unwrap_or_default();
        let fields: Vec<String> = written
            .as_object()
            .map(|o| {
                o.keys()
                    .filter(|k| *k != "type")
                    .map(|k| format!("`{k}`"))
                    .collect()
            })
            .unwrap_or_default();
        if fields.is_empty() {
            "no field but `type`".to_owned()
        } else {
            format!("`type` and {}", fields.join(", "))
        }
    }

    /// The JSON form of `action` on `geometry`.
    pub fn of(geometry: &Geometry, action: Action) -> ActionForm {
        let name = |p| geometry.name(p);
        match action {
            Action::Place(p) => ActionForm::Place { point: name(p) },
            Action::Pass => ActionForm::Pass,
            Action::PassMove => ActionForm::PassMove,
            Action::TakeButton => ActionForm::Button,
            Action::Pay(p) => ActionForm::Pay { point: name(p) },
            Action::Declare(d) => ActionForm::Declare {
                declaration: d.kind,
                value: d.value,
            },
            Action::Claim(role) => ActionForm::Claim { role },
            Action::Mark(p) => ActionForm::Mark { point: name(p) },
            Action::Unmark(p) => ActionForm::Unmark { point: name(p) },
            Action::Accept => ActionForm::Accept,
            Action::Resume => ActionForm::Resume,
            Action::Resign => ActionForm::Resign,
        }
    }

    /// The action this form names on `geometry`; an error naming the
    /// point when a point is not on the board.
    pub fn to_action(&self, geometry: &Geometry) -> Result<Action, ActionError> {
        let point = |name: &str| {
            geometry.parse_point(name).map_err(|e| ActionError {
                message: e.to_string(),
            })
        };
        Ok(match self {
            ActionForm::Place { point: p } => Action::Place(point(p)?),
            ActionForm::Pass => Action::Pass,
            ActionForm::PassMove => Action::PassMove,
            ActionForm::Button => Action::TakeButton,
            ActionForm::Pay { point: p } => Action::Pay(point(p)?),
            ActionForm::Declare { declaration, value } => Action::Declare(Declaration {
                kind: *declaration,
                value: *value,
            }),
            ActionForm::Claim { role } => Action::Claim(*role),
            ActionForm::Mark { point: p } => Action::Mark(point(p)?),
            ActionForm::Unmark { point: p } => Action::Unmark(point(p)?),
            ActionForm::Accept => Action::Accept,
            ActionForm::Resume => Action::Resume,
            ActionForm::Resign => Action::Resign,
        })
    }
}

impl ActionInput {
    /// The action on `geometry`, from either form.
    pub fn to_action(&self, geometry: &Geometry) -> Result<Action, ActionError> {
        match self {
            ActionInput::Form(form) => form.to_action(geometry),
            ActionInput::Notation(text) if text.contains(':') => Err(ActionError {
                message: format!(
                    "`{text}`: an action names no seat here; give the seat as the request's `seat` (`P1` or `P2`)"
                ),
            }),
            ActionInput::Notation(text) => parse_action(geometry, text).map_err(|e| ActionError {
                message: e.to_string(),
            }),
        }
    }
}

/// An action that was played or may be played: who, what, and the same in
/// the move notation.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct ActionTaken {
    /// Who acts.
    pub seat: tengen_core::Seat,
    /// The action.
    pub action: ActionForm,
    /// The action in the move notation (`D4`, `declare handicap 4`).
    pub notation: String,
}

impl ActionTaken {
    /// `seat`'s `action` on `geometry`.
    pub fn new(geometry: &Geometry, seat: tengen_core::Seat, action: Action) -> ActionTaken {
        ActionTaken {
            seat,
            action: ActionForm::of(geometry, action),
            notation: format_action(geometry, action),
        }
    }
}
