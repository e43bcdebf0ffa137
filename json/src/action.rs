//! Actions in JSON: a tagged object per kind of action, read back exactly.
//! Programs that already speak the move notation may send its text
//! instead (see [`ActionInput`]).

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;
use tengen_core::notation::{format_action, parse_action};
use tengen_core::registry::registered_actions;
use tengen_core::{Action, ActionSpec, Argument, ArgumentKind, ComponentAction, Geometry};

/// One action, as the engine takes it: `{"type": "place", "point": "D4"}`.
/// Points are named as on the board's edge: a column letter (`A` to `Z`
/// without `I`) and a row number counted from the bottom.
///
/// The core's actions have the forms of [`CoreForm`]; every action a
/// component declares has the form `{"type": <its name>}`, with one more
/// field, named by the declaration, when it takes an argument (a number,
/// a point's name or one of its words): `{"type": "remove", "point": "C3"}`,
/// `{"type": "declare-bonus", "value": 3}`. The schema lists every
/// registered action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionForm {
    /// One of the actions every game shares.
    Core(CoreForm),
    /// An action a component declares.
    Component {
        /// The declaration's name (the form's `type`).
        name: String,
        /// Its argument: the field the declaration names, and the value.
        argument: Option<(String, serde_json::Value)>,
    },
}

/// The actions every game of Go shares.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum CoreForm {
    /// Place a stone on an empty point (uses one placement opportunity).
    Place {
        /// Where.
        point: String,
    },
    /// Pass one placement opportunity.
    Pass,
    /// Pass every remaining placement opportunity of the move.
    PassMove,
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
    /// Give up the game (where the ruleset allows it).
    Resign,
}

/// The `type` of every core form.
const CORE_TYPES: &[&str] = &[
    "place",
    "pass",
    "pass-move",
    "mark",
    "unmark",
    "accept",
    "resume",
    "resign",
];

/// The registered action named `name`.
fn registered(name: &str) -> Option<&'static ActionSpec> {
    registered_actions()
        .iter()
        .copied()
        .find(|a| a.name == name)
}

impl Serialize for ActionForm {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            ActionForm::Core(core) => core.serialize(serializer),
            ActionForm::Component { name, argument } => {
                let mut object = serde_json::Map::new();
                object.insert("type".into(), name.clone().into());
                if let Some((field, value)) = argument {
                    object.insert(field.clone(), value.clone());
                }
                object.serialize(serializer)
            }
        }
    }
}

impl<'de> Deserialize<'de> for ActionForm {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let value = serde_json::Value::deserialize(deserializer)?;
        ActionForm::from_value(value).map_err(D::Error::custom)
    }
}

impl JsonSchema for ActionForm {
    fn schema_name() -> Cow<'static, str> {
        "ActionForm".into()
    }

    /// The core's forms and one form per registered action, read from
    /// the declarations.
    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let mut forms = vec![generator.subschema_for::<CoreForm>().to_value()];
        for spec in registered_actions() {
            let mut properties = serde_json::Map::new();
            properties.insert("type".into(), serde_json::json!({"const": spec.name}));
            let mut required = vec!["type"];
            let argument = match spec.argument {
                ArgumentKind::None => None,
                ArgumentKind::Number { field, min, max } => Some((
                    field,
                    serde_json::json!({"type": "integer", "minimum": min, "maximum": max}),
                )),
                ArgumentKind::Point { field } => Some((
                    field,
                    serde_json::json!({"type": "string", "description": "A point, e.g. D4."}),
                )),
                ArgumentKind::Word { field, choices } => Some((
                    field,
                    serde_json::json!({"type": "string", "enum": choices}),
                )),
            };
            if let Some((field, schema)) = argument {
                properties.insert(field.into(), schema);
                required.push(field);
            }
            forms.push(serde_json::json!({
                "description": spec.summary,
                "type": "object",
                "properties": properties,
                "required": required,
                "additionalProperties": false,
            }));
        }
        // The declaration form of earlier versions, still read.
        let legacy: Vec<&str> = registered_actions()
            .iter()
            .filter(|a| matches!(a.argument, ArgumentKind::Number { .. }))
            .filter_map(|a| a.name.strip_prefix("declare-"))
            .collect();
        if !legacy.is_empty() {
            forms.push(serde_json::json!({
                "description": "The declaration form of earlier versions: `{\"type\": \"declare\", \"declaration\": <word>, \"value\": n}` is read as `{\"type\": \"declare-<word>\", \"value\": n}`.",
                "deprecated": true,
                "type": "object",
                "properties": {
                    "type": {"const": "declare"},
                    "declaration": {"type": "string", "enum": legacy},
                    "value": {"type": "integer", "minimum": 0},
                },
                "required": ["type", "declaration", "value"],
                "additionalProperties": false,
            }));
        }
        json_schema!({ "oneOf": forms })
    }
}

/// An action as a program may send it: the JSON object, or the text of the
/// move notation (`"D4"`, `"declare bonus 4"`, `"pass-move"`).
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
                ActionForm::from_value(serde_json::Value::Object(object))
                    .map(ActionInput::Form)
                    .map_err(|e| D::Error::custom(format!("the action: {e}")))
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
    /// The form read from a JSON value, with an error a person can act on.
    fn from_value(value: serde_json::Value) -> Result<ActionForm, String> {
        let serde_json::Value::Object(object) = value else {
            return Err(format!(
                "an action is an object such as {{\"type\": \"place\", \"point\": \"D4\"}}, not {value}"
            ));
        };
        let mut object = object;
        legacy_declaration(&mut object);
        let Some(kind) = object.get("type") else {
            return Err("missing field `type`".into());
        };
        let Some(kind) = kind.as_str() else {
            return Err(format!("`type` is a string, not {kind}"));
        };
        if CORE_TYPES.contains(&kind) {
            let form = CoreForm::deserialize(serde_json::Value::Object(object.clone()))
                .map_err(|e| e.to_string())?;
            let form = ActionForm::Core(form);
            return match form.unknown_field(&object) {
                Some(field) => Err(format!(
                    "unknown field `{field}`: a `{kind}` action takes {}",
                    form.fields_in_words()
                )),
                None => Ok(form),
            };
        }
        let Some(spec) = registered(kind) else {
            let known: Vec<String> = CORE_TYPES
                .iter()
                .copied()
                .chain(registered_actions().iter().map(|a| a.name))
                .map(|t| format!("`{t}`"))
                .collect();
            return Err(format!(
                "unknown action type `{kind}`, expected one of {}",
                known.join(", ")
            ));
        };
        let field = spec.argument.field();
        if let Some(extra) = object
            .keys()
            .find(|k| *k != "type" && Some(k.as_str()) != field)
        {
            return Err(format!(
                "unknown field `{extra}`: a `{kind}` action takes {}",
                fields_in_words(field)
            ));
        }
        let argument = match field {
            None => None,
            Some(field) => {
                let Some(value) = object.get(field) else {
                    return Err(format!("missing field `{field}` of a `{kind}` action"));
                };
                let fits = match spec.argument {
                    ArgumentKind::Number { .. } => value.as_u64().is_some(),
                    _ => value.is_string(),
                };
                if !fits {
                    return Err(format!(
                        "`{field}` of a `{kind}` action is {}, not {value}",
                        match spec.argument {
                            ArgumentKind::Number { .. } => "a whole number",
                            ArgumentKind::Point { .. } => "a point's name such as \"D4\"",
                            _ => "a word",
                        }
                    ));
                }
                Some((field.to_owned(), value.clone()))
            }
        };
        Ok(ActionForm::Component {
            name: kind.to_owned(),
            argument,
        })
    }

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

    /// The fields the form takes besides `type`, in words.
    fn fields_in_words(&self) -> String {
        let written = serde_json::to_value(self).unwrap_or_default();
        let fields: Vec<&str> = written
            .as_object()
            .map(|o| {
                o.keys()
                    .filter(|k| *k != "type")
                    .map(String::as_str)
                    .collect()
            })
            .unwrap_or_default();
        match fields.as_slice() {
            [] => fields_in_words(None),
            [field] => fields_in_words(Some(field)),
            _ => format!(
                "`type` and {}",
                fields
                    .iter()
                    .map(|f| format!("`{f}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }

    /// The JSON form of `action` on `geometry`.
    pub fn of(geometry: &Geometry, action: Action) -> ActionForm {
        let name = |p| geometry.name(p);
        ActionForm::Core(match action {
            Action::Place(p) => CoreForm::Place { point: name(p) },
            Action::Pass => CoreForm::Pass,
            Action::PassMove => CoreForm::PassMove,
            Action::Mark(p) => CoreForm::Mark { point: name(p) },
            Action::Unmark(p) => CoreForm::Unmark { point: name(p) },
            Action::Accept => CoreForm::Accept,
            Action::Resume => CoreForm::Resume,
            Action::Resign => CoreForm::Resign,
            Action::Component(component) => {
                let ComponentAction { spec, argument } = component;
                let value = match argument {
                    Argument::None => None,
                    Argument::Number(n) => Some(serde_json::Value::from(n)),
                    Argument::Point(p) => Some(name(p).into()),
                    Argument::Word(_) => component.word().map(serde_json::Value::from),
                };
                return ActionForm::Component {
                    name: spec.name.to_owned(),
                    argument: spec
                        .argument
                        .field()
                        .zip(value)
                        .map(|(field, value)| (field.to_owned(), value)),
                };
            }
        })
    }

    /// The action this form names on `geometry`; an error naming the
    /// point when a point is not on the board, or the word or number when
    /// the action does not take it.
    pub fn to_action(&self, geometry: &Geometry) -> Result<Action, ActionError> {
        let point = |name: &str| {
            geometry.parse_point(name).map_err(|e| ActionError {
                message: e.to_string(),
            })
        };
        let error = |message: String| ActionError { message };
        Ok(match self {
            ActionForm::Core(core) => match core {
                CoreForm::Place { point: p } => Action::Place(point(p)?),
                CoreForm::Pass => Action::Pass,
                CoreForm::PassMove => Action::PassMove,
                CoreForm::Mark { point: p } => Action::Mark(point(p)?),
                CoreForm::Unmark { point: p } => Action::Unmark(point(p)?),
                CoreForm::Accept => Action::Accept,
                CoreForm::Resume => Action::Resume,
                CoreForm::Resign => Action::Resign,
            },
            ActionForm::Component { name, argument } => {
                let spec = registered(name)
                    .ok_or_else(|| error(format!("unknown action type `{name}`")))?;
                let value = argument.as_ref().map(|(_, v)| v);
                let argument = match (spec.argument, value) {
                    (ArgumentKind::None, _) => Argument::None,
                    (_, None) => {
                        return Err(error(format!(
                            "a `{name}` action takes {}",
                            fields_in_words(spec.argument.field())
                        )));
                    }
                    (ArgumentKind::Number { .. }, Some(v)) => Argument::Number(
                        v.as_u64()
                            .and_then(|n| u32::try_from(n).ok())
                            .ok_or_else(|| {
                                error(format!("`{v}` is not a number a `{name}` action takes"))
                            })?,
                    ),
                    (ArgumentKind::Point { .. }, Some(v)) => {
                        Argument::Point(point(v.as_str().unwrap_or_default())?)
                    }
                    (ArgumentKind::Word { choices, .. }, Some(v)) => {
                        let word = v.as_str().unwrap_or_default().to_ascii_lowercase();
                        if !choices.contains(&word.as_str()) {
                            return Err(error(format!(
                                "`{v}` is not one of the words of a `{name}` action: {}",
                                choices.join(", ")
                            )));
                        }
                        return Ok(spec.word(&word));
                    }
                };
                spec.with(argument)
            }
        })
    }
}

/// Reads the declaration form of earlier versions,
/// `{"type": "declare", "declaration": <word>, "value": n}`, as the
/// action it names, `{"type": "declare-<word>", "value": n}`, so that
/// programs written for it keep working.
fn legacy_declaration(object: &mut serde_json::Map<String, serde_json::Value>) {
    if object.get("type").and_then(|t| t.as_str()) != Some("declare") {
        return;
    }
    let Some(declaration) = object.get("declaration").and_then(|d| d.as_str()) else {
        return;
    };
    let name = format!("declare-{declaration}");
    if registered(&name).is_some() {
        object.remove("declaration");
        object.insert("type".into(), name.into());
    }
}

/// A form's fields besides `type`, in words, when it takes `field`.
fn fields_in_words(field: Option<&str>) -> String {
    match field {
        None => "no field but `type`".to_owned(),
        Some(field) => format!("`type` and `{field}`"),
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
    /// The action in the move notation (`D4`, `declare bonus 4`).
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
