//! Schema validation of a ruleset tree, with every error turned into a
//! diagnostic a person understands, located in the text they wrote.

use crate::registry::Registry;
use crate::ruleset::diagnostic::{Diagnostic, SourceMap};
use crate::ruleset::node::{Node, Origin};
use crate::ruleset::schema::section_keys;
use crate::state::ComponentKind;
use crate::suggest::closest;
use jsonschema::error::{TypeKind, ValidationErrorKind};
use serde_json::Value;

/// A compiled ruleset schema.
pub(super) struct SchemaValidator {
    validator: jsonschema::Validator,
}

impl SchemaValidator {
    /// Compiles the schema.
    ///
    /// # Panics
    /// When the generated schema is not a valid draft-07 schema (a bug that
    /// the schema tests catch).
    pub(super) fn new(schema: &Value) -> SchemaValidator {
        let validator = jsonschema::options()
            .with_draft(jsonschema::Draft::Draft7)
            .build(schema)
            .expect("the generated ruleset schema is a valid draft-07 schema");
        SchemaValidator { validator }
    }

    /// Validates `tree`, returning one diagnostic per problem.
    pub(super) fn check(
        &self,
        registry: &Registry,
        sources: &SourceMap,
        tree: &Node,
    ) -> Vec<Diagnostic> {
        let json = tree.to_json();
        let mut out: Vec<Diagnostic> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for error in self.validator.iter_errors(&json) {
            let pointer = error.instance_path().as_str().to_string();
            let instance = error.instance().clone().into_owned();
            for d in describe(
                registry,
                sources,
                tree,
                &pointer,
                &instance,
                error.kind(),
                &error.to_string(),
            ) {
                if seen.insert(d.clone()) {
                    out.push(d);
                }
            }
        }
        out
    }
}

/// `/resolver/suicide` as `resolver.suicide`; array indices in brackets.
pub(super) fn key_path(pointer: &str) -> String {
    let mut path = String::new();
    for segment in pointer.split('/').skip(1) {
        let segment = segment.replace("~1", "/").replace("~0", "~");
        if segment.parse::<usize>().is_ok() {
            path.push_str(&format!("[{segment}]"));
        } else {
            if !path.is_empty() {
                path.push('.');
            }
            path.push_str(&segment);
        }
    }
    path
}

fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "nothing",
        Value::Bool(_) => "a boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "an integer",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "a table",
    }
}

fn type_name(kind: &TypeKind) -> String {
    let name = |t: &jsonschema::JsonType| match t.to_string().as_str() {
        "object" => "a table".to_string(),
        "integer" => "an integer".to_string(),
        "array" => "an array".to_string(),
        other => format!("a {other}"),
    };
    match kind {
        TypeKind::Single(t) => name(t),
        TypeKind::Multiple(set) => set
            .iter()
            .map(|t| name(&t))
            .collect::<Vec<_>>()
            .join(" or "),
    }
}

fn show(value: &Value) -> String {
    match value {
        Value::String(s) => format!("\"{s}\""),
        Value::Object(_) => "a table".into(),
        Value::Array(_) => "an array".into(),
        other => other.to_string(),
    }
}

/// The keys allowed in the table at `pointer`, where they can be told.
fn allowed_keys(registry: &Registry, tree: &Node, pointer: &str) -> Option<Vec<String>> {
    let segments: Vec<&str> = pointer.split('/').skip(1).collect();
    match segments.as_slice() {
        [] => Some(
            std::iter::once("ruleset".to_string())
                .chain(ComponentKind::ALL.iter().map(|k| k.section().to_string()))
                .chain(std::iter::once("options".to_string()))
                .collect(),
        ),
        ["ruleset"] => Some(
            [
                "id", "name", "summary", "docs", "sources", "colours", "undo", "extends", "samples",
            ]
            .map(String::from)
            .to_vec(),
        ),
        ["options", _] => Some(
            [
                "summary",
                "docs",
                "patch",
                "choices",
                "default",
                "set",
                "conflicts",
            ]
            .map(String::from)
            .to_vec(),
        ),
        ["options", _, "patch"] | ["options", _, "choices", _] => Some(
            ComponentKind::ALL
                .iter()
                .map(|k| k.section().to_string())
                .collect(),
        ),
        [section] => {
            let kind = ComponentKind::from_section(section)?;
            let (node, _, _) = tree.locate(pointer);
            match node.get("kind") {
                Some(id) => Some(section_keys(registry, kind, id.as_str()?)),
                // No kind named: the keys of every kind.
                None => {
                    let mut keys: Vec<String> = Vec::new();
                    for id in registry.ids(kind) {
                        for key in section_keys(registry, kind, id) {
                            if !keys.contains(&key) {
                                keys.push(key);
                            }
                        }
                    }
                    Some(keys)
                }
            }
        }
        _ => None,
    }
}

fn describe(
    registry: &Registry,
    sources: &SourceMap,
    tree: &Node,
    pointer: &str,
    instance: &Value,
    kind: &ValidationErrorKind,
    fallback: &str,
) -> Vec<Diagnostic> {
    let (node, entry, _) = tree.locate(pointer);
    let path = key_path(pointer);
    let at_value =
        |code, message: String| Diagnostic::new(sources, code, &node.origin, &path, message);
    match kind {
        ValidationErrorKind::AdditionalProperties { unexpected } => {
            // Found once for all the unexpected keys of the table, which
            // may be thousands.
            let allowed = allowed_keys(registry, tree, pointer);
            let key_origins: std::collections::HashMap<&str, &Origin> = node
                .entries()
                .iter()
                .map(|e| (e.key.as_str(), &e.key_origin))
                .collect();
            unexpected
                .iter()
                .map(|key| {
                    let origin = key_origins
                        .get(key.as_str())
                        .copied()
                        .unwrap_or(&node.origin);
                    let where_ = if path.is_empty() {
                        "at the top level".to_string()
                    } else {
                        format!("in [{path}]")
                    };
                    let mut d = Diagnostic::new(
                        sources,
                        "unknown-key",
                        origin,
                        if path.is_empty() {
                            key.clone()
                        } else {
                            format!("{path}.{key}")
                        },
                        format!("unknown key `{key}` {where_}"),
                    );
                    if let Some(allowed) = &allowed {
                        let hint = match closest(key, allowed.iter().map(String::as_str)) {
                            Some(c) => {
                                format!("did you mean `{c}`? allowed here: {}", allowed.join(", "))
                            }
                            None => format!("allowed here: {}", allowed.join(", ")),
                        };
                        d = d.with_help(hint);
                    }
                    d
                })
                .collect()
        }
        ValidationErrorKind::Enum { options } => {
            let options: Vec<String> = options
                .as_array()
                .map(|a| {
                    a.iter()
                        .map(|v| v.as_str().map_or(v.to_string(), String::from))
                        .collect()
                })
                .unwrap_or_default();
            let found = instance.as_str().map_or(show(instance), String::from);
            let section_kind = pointer
                .strip_suffix("/kind")
                .and_then(|s| s.strip_prefix('/'))
                .and_then(ComponentKind::from_section);
            let (code, message) = match section_kind {
                Some(k) => (
                    "unknown-kind",
                    format!("there is no {} named `{found}`", k.trait_name()),
                ),
                None => (
                    "not-allowed",
                    format!("`{found}` is not one of the allowed values"),
                ),
            };
            vec![at_value(code, message).with_help(choices_help(&found, &options))]
        }
        ValidationErrorKind::Type { kind } => vec![at_value(
            "wrong-type",
            format!(
                "expected {}, found {} ({})",
                type_name(kind),
                json_type(instance),
                show(instance)
            ),
        )],
        ValidationErrorKind::Minimum { limit } => vec![at_value(
            "out-of-range",
            format!(
                "{} is too small: the least allowed is {limit}",
                show(instance)
            ),
        )],
        ValidationErrorKind::Maximum { limit } => vec![at_value(
            "out-of-range",
            format!(
                "{} is too large: the most allowed is {limit}",
                show(instance)
            ),
        )],
        ValidationErrorKind::ExclusiveMinimum { limit } => vec![at_value(
            "out-of-range",
            format!(
                "{} is too small: it must be more than {limit}",
                show(instance)
            ),
        )],
        ValidationErrorKind::ExclusiveMaximum { limit } => vec![at_value(
            "out-of-range",
            format!(
                "{} is too large: it must be less than {limit}",
                show(instance)
            ),
        )],
        ValidationErrorKind::MultipleOf { multiple_of, .. } => vec![at_value(
            "out-of-range",
            format!("{} must be a multiple of {multiple_of}", show(instance)),
        )],
        ValidationErrorKind::Required { property } => {
            let key = property.as_str().unwrap_or("?");
            let origin = entry.map_or(&node.origin, |e| &e.key_origin);
            let table = if path.is_empty() {
                "the file".to_string()
            } else {
                format!("[{path}]")
            };
            vec![Diagnostic::new(
                sources,
                "missing-key",
                origin,
                if path.is_empty() {
                    key.to_string()
                } else {
                    format!("{path}.{key}")
                },
                format!("{table} needs a `{key}`"),
            )]
        }
        ValidationErrorKind::Pattern { pattern } => {
            let message = if pattern.contains("[a-z0-9]+(-[a-z0-9]+)") {
                format!(
                    "{} is not a valid name: use lower-case letters, digits and single hyphens, like `weak-eyes`",
                    show(instance)
                )
            } else {
                format!(
                    "{} does not have the required form {pattern}",
                    show(instance)
                )
            };
            vec![at_value("bad-name", message)]
        }
        ValidationErrorKind::PropertyNames { error } => {
            let name = error
                .instance()
                .as_str()
                .map(String::from)
                .unwrap_or_default();
            let origin = node.entry(&name).map_or(&node.origin, |e| &e.key_origin);
            vec![Diagnostic::new(
                sources,
                "bad-name",
                origin,
                format!("{path}.{name}"),
                format!(
                    "`{name}` is not a valid option name: use lower-case letters, digits and single hyphens"
                ),
            )]
        }
        ValidationErrorKind::MinItems { limit } => vec![at_value(
            "wrong-length",
            format!(
                "needs at least {limit} item{}",
                if *limit == 1 { "" } else { "s" }
            ),
        )],
        ValidationErrorKind::MaxItems { limit } => vec![at_value(
            "wrong-length",
            format!(
                "takes at most {limit} item{}",
                if *limit == 1 { "" } else { "s" }
            ),
        )],
        ValidationErrorKind::MinLength { limit } => vec![at_value(
            "out-of-range",
            format!(
                "{} is too short: at least {limit} characters",
                show(instance)
            ),
        )],
        ValidationErrorKind::MaxLength { limit } => vec![at_value(
            "out-of-range",
            format!("{} is too long: at most {limit} characters", show(instance)),
        )],
        // A value of a Rust enum with documented variants: the schema is
        // a `oneOf` of string constants, and the person must be told the
        // choices (with the nearest), not the name of a schema keyword.
        ValidationErrorKind::OneOfNotValid { context } => match one_of_constants(context) {
            Some(choices) => {
                let (code, message) = match instance.as_str() {
                    Some(found) => (
                        "not-allowed",
                        format!("`{found}` is not one of the allowed values"),
                    ),
                    None => (
                        "wrong-type",
                        format!(
                            "expected a string, found {} ({})",
                            json_type(instance),
                            show(instance)
                        ),
                    ),
                };
                let found = instance.as_str().unwrap_or_default();
                vec![at_value(code, message).with_help(choices_help(found, &choices))]
            }
            None => vec![at_value("invalid", fallback.to_string())],
        },
        _ => vec![at_value("invalid", fallback.to_string())],
    }
}

/// The help for a value that is not one of `choices`: the nearest choice
/// where one is near (a misspelling needs no list), else all of them.
fn choices_help(found: &str, choices: &[String]) -> String {
    match closest(found, choices.iter().map(String::as_str)) {
        Some(c) => format!("did you mean `{c}`?"),
        None => format!("the choices are: {}", choices.join(", ")),
    }
}

/// The string constants of a `oneOf` whose every branch failed on a
/// `const`, in the schema's order; `None` when some branch is not a
/// constant.
fn one_of_constants(context: &[Vec<jsonschema::ValidationError<'static>>]) -> Option<Vec<String>> {
    context
        .iter()
        .map(|branch| {
            branch.iter().find_map(|e| match e.kind() {
                ValidationErrorKind::Constant { expected_value } => {
                    expected_value.as_str().map(String::from)
                }
                _ => None,
            })
        })
        .collect::<Option<Vec<String>>>()
        .filter(|choices| !choices.is_empty())
}

#[cfg(test)]
mod tests {
    use super::key_path;

    #[test]
    fn key_paths_read_like_toml() {
        assert_eq!(key_path(""), "");
        assert_eq!(key_path("/resolver/suicide"), "resolver.suicide");
        assert_eq!(key_path("/ruleset/sources/1"), "ruleset.sources[1]");
    }
}
