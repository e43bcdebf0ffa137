//! # tengen-json
//!
//! tengen's machine-readable interface: one JSON form for what the engine
//! knows, shared by `--format json` on the command line, `tengen engine`
//! (a JSON-lines protocol for programs that keep tengen running) and any
//! front end built on them.
//!
//! - [`GameStateForm`]: a game at one moment (board, phase, who acts, the
//!   move under way and the placements to come, declarations, the button,
//!   marks, captures, the score as it stands, pass-alive stones where the
//!   ruleset turns on them, the result);
//! - [`ActionForm`] and [`RefusalForm`]: an action, and why one was
//!   refused (a stable code and the rule in words);
//! - [`EventForm`]: what an accepted action did (placements, removals
//!   string by string, phase changes);
//! - the documents the commands print ([`Document`]): the listing, an
//!   explanation, a composition, a validation, a replay, an analysis;
//! - the engine protocol's [`engine::Request`] and [`engine::Response`].
//!
//! [`schema`] is the JSON schema of all of it, generated from these types
//! and committed as `rulesets/interface.schema.json`; the tests check every
//! command's output against it. Points are named as on the board's edge
//! (`D4`), seats `P1` and `P2`, colours `black` and `white` (whatever a
//! ruleset calls them), and every other word in kebab-case.

pub mod action;
pub mod analysis;
pub mod catalogue;
mod common;
pub mod engine;
pub mod events;
pub mod refusal;
pub mod replay;
pub mod search;
pub mod state;
pub mod strict;

pub use action::{ActionForm, ActionInput, ActionTaken};
pub use analysis::Analysis;
pub use catalogue::{Composition, Explanation, Listing, Validation};
pub use common::{PerColour, PerSeat};
pub use events::EventForm;
pub use refusal::RefusalForm;
pub use replay::Replay;
pub use state::GameStateForm;

use schemars::JsonSchema;
use serde::Serialize;

/// What a command prints with `--format json`: one document, tagged by its
/// `document` field.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "document", rename_all = "kebab-case")]
pub enum Document {
    /// `tengen list`: the bundled rulesets and the registered components.
    Listing(Listing),
    /// `tengen explain NAME`: a ruleset's or a component's documentation.
    Explanation(Box<Explanation>),
    /// `tengen show RULESET`: the resolved composition and its board.
    Composition(Box<Composition>),
    /// `tengen validate FILE...`: every problem, with its place.
    Validation(Validation),
    /// `tengen replay`: the record played through.
    Replay(Box<Replay>),
    /// `tengen analyze`: a position's score, life and legal placements.
    Analysis(Box<Analysis>),
    /// Any command that failed: what went wrong (the command exits with 1).
    Error(ErrorDoc),
}

/// Why a command failed.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct ErrorDoc {
    /// What went wrong, for a person.
    pub message: String,
    /// The ruleset's problems, where a ruleset did not load.
    pub diagnostics: Vec<catalogue::DiagnosticForm>,
}

impl Document {
    /// The document as one line of JSON.
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).expect("a document serialises")
    }

    /// The document as indented JSON, for people reading it.
    pub fn to_pretty(&self) -> String {
        serde_json::to_string_pretty(self).expect("a document serialises")
    }
}

/// Everything the interface writes or reads, for the schema's root: a
/// command's document, or an engine request or response.
#[derive(JsonSchema)]
#[schemars(
    title = "tengen's JSON interface",
    description = "What `tengen ... --format json` prints (a Document), and the lines `tengen engine` reads (a Request) and writes (a Response, or a Report while an analysis runs). Generated from the types of the tengen-json crate; `tengen schema --interface` prints it."
)]
#[allow(dead_code)]
#[serde(untagged)]
enum Interface {
    /// A command's output.
    Document(Document),
    /// A line `tengen engine` reads.
    Request(engine::Request),
    /// A line `tengen engine` writes.
    Response(engine::Response),
    /// A line `tengen engine` writes while an analysis runs.
    Report(engine::Report),
}

/// The JSON schema of the interface (draft 2020-12): the root accepts any
/// document, request or response, and `$defs` holds each form by name
/// (`Document`, `Request`, `Response`, `GameStateForm`, ...).
pub fn schema() -> serde_json::Value {
    let generator = schemars::generate::SchemaSettings::draft2020_12().into_generator();
    generator.into_root_schema_for::<Interface>().to_value()
}

/// The schema of one of its forms, `name` in its `$defs` (`Document`,
/// `Request`, `Response`): the root schema pointed at that form, for
/// validating a value of it.
pub fn schema_of(name: &str) -> serde_json::Value {
    let mut root = schema();
    if let Some(object) = root.as_object_mut() {
        object.remove("anyOf");
        object.remove("oneOf");
        object.insert(
            "$ref".into(),
            serde_json::Value::String(format!("#/$defs/{name}")),
        );
    }
    root
}
