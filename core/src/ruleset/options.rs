//! Options: named patches a ruleset declares (`--option size=9`), checked
//! once where they are declared and applied to the sections in the order
//! declared.

use crate::model::{OptionForm, OptionSpec};
use crate::registry::Registry;
use crate::ruleset::diagnostic::{Diagnostic, SourceMap};
use crate::ruleset::node::{Node, Origin};
use crate::ruleset::schema::section_keys;
use crate::state::ComponentKind;
use crate::suggest::closest;

/// The most options one ruleset declares (its `extends` chain included).
pub const MAX_OPTIONS: usize = 256;

/// The most settings (switches, and choices of options with choices) one
/// ruleset's options offer together. `tengen validate` assembles the
/// ruleset once for each, so the bound is also what keeps it quick.
pub const MAX_OPTION_SETTINGS: usize = 1024;

/// An option a ruleset declares: its name, its typed form and its node.
pub(super) type Declared = (String, OptionSpec, Node);

/// The seven sections of `tree` (those present) without `[ruleset]` and
/// `[options]`: what options patch and components are built from. Trying
/// an option clones this, not the whole document.
pub(super) fn sections_only(tree: &Node) -> Node {
    let mut sections = Node::table(tree.origin.clone());
    for e in tree.entries() {
        if ComponentKind::from_section(&e.key).is_some() {
            sections.set(&e.key, e.key_origin.clone(), e.node.clone());
        }
    }
    sections
}

/// What applying `patch` to `sections` would change (the first difference
/// found), given `before`, the JSON of `sections`; `None` when nothing.
pub(super) fn changes(sections: &Node, before: &serde_json::Value, patch: &Node) -> Option<String> {
    let mut patched = sections.clone();
    apply_patch(&mut patched, patch);
    let after = patched.to_json();
    (*before != after).then(|| first_difference(before, &after, "").unwrap_or_default())
}

/// The file an option declared at `option` comes from, and where the
/// file being loaded names its parent, when the option is inherited
/// (declared in another file than the one that says `extends`).
pub(super) fn inherited_from<'a>(
    sources: &SourceMap,
    option: &Origin,
    extends: Option<&'a Origin>,
) -> Option<(String, &'a Origin)> {
    match (option, extends) {
        (Origin::File { source, .. }, Some(extends @ Origin::File { source: top, .. }))
            if source != top =>
        {
            Some((sources.get(*source).name.clone(), extends))
        }
        _ => None,
    }
}

/// An inherited option that does not fit the ruleset, reported at its
/// `extends` (the parent's file may not be the reader's to edit), with
/// how to drop or replace it.
pub(super) fn inherited_problem(
    sources: &SourceMap,
    name: &str,
    parent: &str,
    extends: &Origin,
    why: &str,
) -> Diagnostic {
    Diagnostic::new(
        sources,
        "inherited-option",
        extends,
        format!("options.{name}"),
        format!(
            "the option `{name}`, inherited from `{parent}`, does not fit this ruleset: {why}"
        ),
    )
    .with_help(format!(
        "drop it by writing `{name} = false` under [options], or declare [options.{name}] again with what fits"
    ))
}

/// Why `target`, a key a value option sets, is not a parameter of the
/// ruleset as written: not of the form `section.key`, or (where the
/// section names a registered kind) not a key that kind takes. The code,
/// the message and a help line.
fn check_target(
    registry: &Registry,
    sections: &Node,
    target: &str,
) -> Option<(&'static str, String, Option<String>)> {
    let (section, key) = match target.split('.').collect::<Vec<_>>().as_slice() {
        [section, key] if !key.is_empty() && *key != "kind" => (*section, *key),
        _ => {
            return Some((
                "bad-target",
                format!("`{target}` is not a parameter: write `section.key`, e.g. `scorer.komi`"),
                None,
            ));
        }
    };
    let Some(kind) = ComponentKind::from_section(section) else {
        return Some((
            "bad-target",
            format!("`{target}` is not a parameter: `{section}` is not a section"),
            closest(section, ComponentKind::ALL.iter().map(|k| k.section()))
                .map(|c| format!("did you mean `{c}.{key}`?")),
        ));
    };
    let id = sections.get(section)?.get("kind")?.as_str()?;
    registry.get(kind, id)?;
    let keys: Vec<String> = section_keys(registry, kind, id)
        .into_iter()
        .filter(|k| k != "kind")
        .collect();
    if keys.iter().any(|k| k == key) {
        return None;
    }
    let listed = if keys.is_empty() {
        "it takes no parameters".to_string()
    } else {
        format!("its parameters: {}", keys.join(", "))
    };
    Some((
        "unknown-target",
        format!(
            "`{target}` is not a parameter: the {} `{id}` of [{section}] has no `{key}`",
            kind.trait_name()
        ),
        Some(match closest(key, keys.iter().map(String::as_str)) {
            Some(c) => format!("did you mean `{section}.{c}`? {listed}"),
            None => listed,
        }),
    ))
}

/// Applies a section patch: one that names a `kind` replaces the section;
/// one that does not changes the keys it gives.
pub(super) fn patch_section(tree: &mut Node, section: &str, key_origin: &Origin, patch: &Node) {
    if patch.get("kind").is_some() || tree.get(section).is_none() {
        tree.set(section, key_origin.clone(), patch.clone());
    } else if let Some(target) = tree.table_mut(section, key_origin) {
        target.set_all(patch.entries());
    }
}

pub(super) fn apply_patch(tree: &mut Node, patch: &Node) {
    for e in patch.entries() {
        patch_section(tree, &e.key, &e.key_origin, &e.node);
    }
}

/// The declared options, typed, in declaration order.
pub(super) fn declared_options(tree: &Node) -> Vec<Declared> {
    tree.get("options")
        .map(Node::entries)
        .unwrap_or_default()
        .iter()
        .filter_map(|e| {
            serde_json::from_value::<OptionSpec>(e.node.to_json())
                .ok()
                .map(|spec| (e.key.clone(), spec, e.node.clone()))
        })
        .collect()
}

/// Checks the options a ruleset declares, whatever is chosen.
pub(super) fn check_options(
    tree: &Node,
    declared: &[Declared],
    sources: &SourceMap,
    registry: &Registry,
    extends: Option<&Origin>,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let names: std::collections::HashSet<&str> =
        declared.iter().map(|(n, _, _)| n.as_str()).collect();
    // Past a limit, the problem is put at the first option over it.
    let mut settings = 0;
    let over_settings = declared.iter().position(|(n, s, _)| {
        settings += s.settings(n).len();
        settings > MAX_OPTION_SETTINGS
    });
    let settings: usize = declared.iter().map(|(n, s, _)| s.settings(n).len()).sum();
    let too_many = if declared.len() > MAX_OPTIONS {
        Some((
            MAX_OPTIONS,
            format!(
                "the ruleset declares {} options; a ruleset declares at most {MAX_OPTIONS}",
                declared.len()
            ),
        ))
    } else {
        over_settings.map(|at| (at, format!(
            "the options offer {settings} settings (switches and choices together); a ruleset's options offer at most {MAX_OPTION_SETTINGS}"
        )))
    };
    if let Some((at, message)) = too_many {
        let (name, _, node) = &declared[at];
        out.push(Diagnostic::new(
            sources,
            "too-many-options",
            &node.origin,
            format!("options.{name}"),
            message,
        ));
    }
    // `NAME = false` left after `extends` is resolved dropped nothing.
    for e in tree.get("options").map(Node::entries).unwrap_or_default() {
        if matches!(e.node.value, crate::ruleset::node::Value::Boolean(false)) {
            let mut d = Diagnostic::new(
                sources,
                "unknown-option",
                &e.key_origin,
                format!("options.{}", e.key),
                format!(
                    "`{} = false` drops an inherited option, but no ruleset this one extends has an option `{}`",
                    e.key, e.key
                ),
            );
            if let Some(c) = closest(&e.key, declared.iter().map(|(n, _, _)| n.as_str())) {
                d = d.with_help(format!("did you mean `{c}`?"));
            }
            out.push(d);
        }
    }
    let sections = sections_only(tree);
    let before = sections.to_json();
    for (name, spec, node) in declared {
        let path = format!("options.{name}");
        let Some(form) = spec.form() else {
            out.push(Diagnostic::new(
                sources,
                "option-form",
                &node.origin,
                &path,
                "an option gives exactly one of `patch` (a switch), `choices` (one patch per value) or `set` (keys a value is written to)",
            ));
            continue;
        };
        if let Some(default) = &spec.default {
            let origin = &node.get("default").expect("default present").origin;
            if form != OptionForm::Choice {
                out.push(Diagnostic::new(
                    sources,
                    "option-form",
                    origin,
                    format!("{path}.default"),
                    "only an option with `choices` has a default",
                ));
            } else if let Some(choice) = node.get("choices").and_then(|c| c.get(default)) {
                if let Some(changed) = changes(&sections, &before, choice) {
                    out.push(Diagnostic::new(
                        sources,
                        "default-mismatch",
                        origin,
                        format!("{path}.default"),
                        format!(
                            "the ruleset as written must describe its default choice, but choice `{default}` changes {changed}"
                        ),
                    ));
                }
            } else {
                let choices: Vec<String> = spec
                    .choices
                    .iter()
                    .flat_map(|c| c.keys().cloned())
                    .collect();
                out.push(Diagnostic::new(
                    sources,
                    "unknown-choice",
                    origin,
                    format!("{path}.default"),
                    format!(
                        "`{default}` is not one of the choices: {}",
                        choices.join(", ")
                    ),
                ));
            }
        }
        if let (Some(set), Some(set_node)) = (&spec.set, node.get("set")) {
            for (i, target) in set.iter().enumerate() {
                let origin = match &set_node.value {
                    crate::ruleset::node::Value::Array(items) => &items[i].origin,
                    _ => &set_node.origin,
                };
                if let Some(d) = check_target(registry, &sections, target) {
                    let (code, message, help) = d;
                    if let Some((parent, extends)) = inherited_from(sources, &node.origin, extends)
                    {
                        out.push(inherited_problem(sources, name, &parent, extends, &message));
                        break;
                    }
                    let mut d =
                        Diagnostic::new(sources, code, origin, format!("{path}.set[{i}]"), message);
                    if let Some(help) = help {
                        d = d.with_help(help);
                    }
                    out.push(d);
                }
            }
        }
        for other in &spec.conflicts {
            if !names.contains(&other.as_str()) {
                let origin = &node.get("conflicts").expect("conflicts present").origin;
                let mut d = Diagnostic::new(
                    sources,
                    "unknown-option",
                    origin,
                    format!("{path}.conflicts"),
                    format!("`{other}` is not an option of this ruleset"),
                );
                if let Some(c) = closest(other, declared.iter().map(|(n, _, _)| n.as_str())) {
                    d = d.with_help(format!("did you mean `{c}`?"));
                }
                out.push(d);
            }
        }
    }
    out
}

fn first_difference(a: &serde_json::Value, b: &serde_json::Value, path: &str) -> Option<String> {
    match (a, b) {
        (serde_json::Value::Object(x), serde_json::Value::Object(y)) => {
            for (k, v) in y {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                match x.get(k) {
                    Some(w) if w == v => {}
                    Some(w) => return first_difference(w, v, &p),
                    None => return Some(format!("{p} (to {v})")),
                }
            }
            x.keys()
                .find(|k| !y.contains_key(*k))
                .map(|k| format!("{path}.{k} (removed)"))
        }
        _ if a == b => None,
        _ => Some(format!("{path} from {a} to {b}")),
    }
}

/// Applies the chosen options (`name` or `name=value`) in the order the
/// ruleset declares them.
pub(super) fn apply_options(
    tree: &mut Node,
    given: &[String],
    declared: &[Declared],
    sources: &SourceMap,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let names: Vec<&str> = declared.iter().map(|(n, _, _)| n.as_str()).collect();
    let mut chosen: Vec<(usize, Option<String>, String)> = Vec::new();
    for arg in given {
        let origin = Origin::Option(arg.clone());
        let (name, value) = match arg.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v.trim().to_string())),
            None => (arg.trim(), None),
        };
        let Some(index) = names.iter().position(|n| *n == name) else {
            let mut d = Diagnostic::new(
                sources,
                "unknown-option",
                &origin,
                "",
                if names.is_empty() {
                    format!("this ruleset has no options, so `{name}` cannot be set")
                } else {
                    format!("this ruleset has no option `{name}`")
                },
            );
            let usages: Vec<String> = declared.iter().map(|(n, s, _)| s.usage(n)).collect();
            if !names.is_empty() {
                d = d.with_help(match closest(name, names.iter().copied()) {
                    Some(c) => format!("did you mean `{c}`? options: {}", usages.join(", ")),
                    None => format!("options: {}", usages.join(", ")),
                });
            }
            out.push(d);
            continue;
        };
        if chosen.iter().any(|(i, _, _)| *i == index) {
            out.push(Diagnostic::new(
                sources,
                "repeated-option",
                &origin,
                "",
                format!("option `{name}` is given twice"),
            ));
            continue;
        }
        chosen.push((index, value, arg.clone()));
    }
    let mut reported: Vec<(usize, usize)> = Vec::new();
    for (i, _, arg) in &chosen {
        for other in &declared[*i].1.conflicts {
            if let Some((j, _, other_arg)) = chosen.iter().find(|(j, _, _)| names[*j] == other) {
                if reported.contains(&(*j, *i)) {
                    continue;
                }
                reported.push((*i, *j));
                out.push(Diagnostic::new(
                    sources,
                    "conflicting-options",
                    &Origin::Option(arg.clone()),
                    "",
                    format!("options `{}` and `{other}` cannot be combined (given as `{arg}` and `{other_arg}`)", names[*i]),
                ));
            }
        }
    }
    chosen.sort_by_key(|(i, _, _)| *i);
    for (index, value, arg) in chosen {
        let (name, spec, node) = &declared[index];
        let origin = Origin::Option(arg.clone());
        match (spec.form(), value) {
            (Some(OptionForm::Switch), None) => {
                apply_patch(tree, node.get("patch").expect("switch has a patch"))
            }
            (Some(OptionForm::Switch), Some(_)) => out.push(Diagnostic::new(
                sources,
                "option-value",
                &origin,
                "",
                format!("option `{name}` is a switch and takes no value: write `--option {name}`"),
            )),
            (Some(OptionForm::Choice), value) => {
                let choices: Vec<String> = spec
                    .choices
                    .iter()
                    .flat_map(|c| c.keys().cloned())
                    .collect();
                match value
                    .as_deref()
                    .and_then(|v| node.get("choices").and_then(|c| c.get(v)))
                {
                    Some(patch) => apply_patch(tree, patch),
                    None => {
                        let message = match &value {
                            None => format!("option `{name}` needs a value: {}", spec.usage(name)),
                            Some(v) => format!(
                                "`{v}` is not a choice of option `{name}`: {}",
                                spec.usage(name)
                            ),
                        };
                        let mut d = Diagnostic::new(sources, "option-value", &origin, "", message);
                        if let Some(c) = value
                            .as_deref()
                            .and_then(|v| closest(v, choices.iter().map(String::as_str)))
                        {
                            d = d.with_help(format!("did you mean `{name}={c}`?"));
                        }
                        out.push(d);
                    }
                }
            }
            (Some(OptionForm::Value), None) => out.push(Diagnostic::new(
                sources,
                "option-value",
                &origin,
                "",
                format!("option `{name}` needs a value: write `--option {name}=VALUE`"),
            )),
            (Some(OptionForm::Value), Some(text)) => {
                let value = parse_value(&text, &origin);
                for target in spec.set.iter().flatten() {
                    if let Some((section, key)) = target.split_once('.')
                        && let Some(table) = tree.table_mut(section, &origin)
                    {
                        table.set(key, origin.clone(), value.clone());
                    }
                }
            }
            (None, _) => {}
        }
    }
    out
}

/// Reads an option value as a TOML value (`9`, `6.5`, `true`, `"x"`), or as
/// a bare string when it is not one.
pub(super) fn parse_value(text: &str, origin: &Origin) -> Node {
    use crate::ruleset::node::Value;
    let value = match toml::de::DeValue::parse(text).map(|v| v.into_inner()) {
        // An integer beyond 64 bits is read as the float it is near, so
        // that the range check names it as too large.
        Ok(toml::de::DeValue::Integer(i)) => i64::from_str_radix(i.as_str(), i.radix())
            .map(Value::Integer)
            .ok()
            .or_else(|| {
                (i.radix() == 10)
                    .then(|| i.as_str().parse::<f64>().ok())
                    .flatten()
                    .filter(|f| f.is_finite())
                    .map(Value::Float)
            })
            .unwrap_or_else(|| Value::String(text.to_string())),
        // A float that is infinite or NaN is no number a ruleset holds.
        Ok(toml::de::DeValue::Float(f)) => f
            .as_str()
            .parse::<f64>()
            .ok()
            .filter(|f| f.is_finite())
            .map(Value::Float)
            .unwrap_or_else(|| Value::String(text.to_string())),
        Ok(toml::de::DeValue::Boolean(b)) => Value::Boolean(b),
        Ok(toml::de::DeValue::String(s)) => Value::String(s.to_string()),
        _ => Value::String(text.to_string()),
    };
    Node {
        value,
        origin: origin.clone(),
    }
}
