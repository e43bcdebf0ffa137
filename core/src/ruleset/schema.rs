//! The JSON schema of a ruleset file, generated from the registry.
//!
//! It is draft-07 so that TOML editors (taplo, Even Better TOML) validate and
//! complete ruleset files as they are typed. Each section lists the
//! registered kinds and, through `if`/`then` on `kind`, the parameters of the
//! chosen kind; the parameter schemas come from the same serde types that
//! parse the parameters, so schema, parsing and docs never disagree.

use crate::model::{OptionSpec, RulesetMeta};
use crate::registry::Registry;
use crate::state::ComponentKind;
use schemars::JsonSchema;
use schemars::generate::SchemaSettings;
use serde_json::{Map, Value, json};

/// What each section decides, for the schema's descriptions.
pub fn section_description(kind: ComponentKind) -> &'static str {
    match kind {
        ComponentKind::Topology => "The board's shape: its points and who neighbours whom.",
        ComponentKind::Opening => {
            "What happens before ordinary play: setup stones, who moves first, role claims."
        }
        ComponentKind::Schedule => {
            "Who owns each placement, and so how many placements a move has."
        }
        ComponentKind::Resolver => "When captures happen within a move and what counts as suicide.",
        ComponentKind::Repetition => "Which repeated positions are refused, or end the game.",
        ComponentKind::Scorer => "The score of a board: area, komi and other bonuses.",
        ComponentKind::Objective => "How play ends and who wins.",
    }
}

/// The ruleset file schema for every component in `registry`.
pub fn ruleset_schema(registry: &Registry) -> Value {
    let mut generator = SchemaSettings::draft07().into_generator();
    let meta = RulesetMeta::json_schema(&mut generator).to_value();
    let option = OptionSpec::json_schema(&mut generator).to_value();

    let mut definitions = Map::new();
    let mut properties = Map::new();
    properties.insert("ruleset".into(), meta);
    let mut patch_properties = Map::new();
    for kind in ComponentKind::ALL {
        let section = kind.section();
        let ids: Vec<&str> = registry.ids(kind);
        let mut branches = Vec::new();
        // Every parameter of every implementation of the kind, for a
        // section that names none (a file that extends another and only
        // changes keys): an editor then still catches a misspelt key or a
        // value out of every range.
        let mut any_kind: Map<String, Value> = Map::new();
        for registration in registry.of_kind(kind) {
            let mut params = (registration.params_schema)(&mut generator).to_value();
            if let Some(props) = params.get("properties").and_then(Value::as_object) {
                for (key, schema) in props {
                    let entry = any_kind
                        .entry(key.clone())
                        .or_insert_with(|| json!({ "anyOf": [] }));
                    let alternatives = entry["anyOf"].as_array_mut().expect("anyOf is an array");
                    if !alternatives.contains(schema) {
                        alternatives.push(schema.clone());
                    }
                }
            }
            if let Some(object) = params.as_object_mut() {
                object.remove("$schema");
                object.remove("title");
                object.insert("description".into(), Value::String(registration.summary()));
                let props = object
                    .entry("properties")
                    .or_insert_with(|| json!({}))
                    .as_object_mut()
                    .expect("properties is an object");
                props.insert("kind".into(), json!({ "const": registration.id }));
                object.insert("additionalProperties".into(), Value::Bool(false));
            }
            branches.push(json!({
                "if": {
                    "properties": { "kind": { "const": registration.id } },
                    "required": ["kind"],
                },
                "then": params,
            }));
        }
        let any_kind: Map<String, Value> = any_kind
            .into_iter()
            .map(|(key, mut schema)| {
                let alternatives = schema["anyOf"].as_array_mut().expect("anyOf is an array");
                if alternatives.len() == 1 {
                    (key, alternatives.remove(0))
                } else {
                    (key, schema)
                }
            })
            .collect();
        branches.push(json!({
            "if": { "not": { "required": ["kind"] } },
            "then": {
                "properties": any_kind,
                "additionalProperties": false,
            },
        }));
        let kinds_doc = registry
            .of_kind(kind)
            .map(|r| format!("`{}`: {}", r.id, r.summary()))
            .collect::<Vec<_>>()
            .join("\n");
        definitions.insert(
            section.into(),
            json!({
                "description": section_description(kind),
                "type": "object",
                "properties": {
                    "kind": {
                        "description": format!("The {} implementation:\n{kinds_doc}", kind.trait_name()),
                        "type": "string",
                        "enum": ids,
                    },
                },
                "allOf": branches,
            }),
        );
        properties.insert(
            section.into(),
            json!({ "$ref": format!("#/definitions/{section}") }),
        );
        patch_properties.insert(
            section.into(),
            json!({
                "description": format!(
                    "Changes to [{section}]: with `kind`, the section is replaced; without, the keys given are changed."
                ),
                "type": "object",
            }),
        );
    }
    properties.insert(
        "options".into(),
        json!({
            "description": "Named options that patch the ruleset: `--option NAME` or `--option NAME=VALUE`.",
            "type": "object",
            "propertyNames": { "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$" },
            "additionalProperties": {
                "if": { "type": "boolean" },
                "then": {
                    "description": "`NAME = false` drops the option NAME inherited through `extends`.",
                    "const": false,
                },
                "else": { "$ref": "#/definitions/option" },
            },
        }),
    );
    definitions.insert("option".into(), option);
    definitions.insert(
        "patch".into(),
        json!({
            "description": "Changes to sections of the ruleset.",
            "type": "object",
            "additionalProperties": false,
            "properties": patch_properties,
        }),
    );
    for (name, schema) in generator.take_definitions(true) {
        definitions.entry(name).or_insert(schema);
    }
    json!({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "title": "tengen ruleset",
        "description": "A tengen ruleset: one implementation of each rules component, with its parameters, and named options. Generated by `tengen schema`; do not edit.",
        "type": "object",
        "additionalProperties": false,
        "required": ["ruleset"],
        "properties": properties,
        "definitions": definitions,
    })
}

/// The keys a section of the given kind accepts, for messages.
pub(super) fn section_keys(registry: &Registry, kind: ComponentKind, id: &str) -> Vec<String> {
    let Some(registration) = registry.get(kind, id) else {
        return vec!["kind".into()];
    };
    let mut generator = SchemaSettings::draft07().into_generator();
    let schema = (registration.params_schema)(&mut generator).to_value();
    let mut keys = vec!["kind".to_string()];
    if let Some(props) = schema.get("properties").and_then(Value::as_object) {
        keys.extend(props.keys().cloned());
    }
    keys
}
