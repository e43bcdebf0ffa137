//! One reference page per component trait: every registered
//! implementation with its documentation, its parameter table (from the
//! same schema that checks ruleset files) and the bundled rulesets that use
//! it.

use super::markdown::{GENERATED, cell, code_cell};
use super::{Chapter, Pages};
use std::collections::BTreeMap;
use tengen_core::ComponentKind;
use tengen_core::registry::Registration;
use tengen_core::ruleset::Library;

/// What each trait decides, for the top of its page.
fn decides(kind: ComponentKind) -> &'static str {
    match kind {
        ComponentKind::Topology => {
            "the points of the board, which points are neighbours, the points' names, the star points and where each point is drawn"
        }
        ComponentKind::Opening => {
            "what happens before ordinary play: handicap stones, setups, role claims and the declarations that precede the first placement"
        }
        ComponentKind::Schedule => {
            "which seat owns each placement opportunity, and so how many placements a move has; extra or bought placements"
        }
        ComponentKind::Resolver => {
            "when strings without liberties are removed (after each placement or at the end of the move) and whether self-capture is allowed"
        }
        ComponentKind::Repetition => {
            "which positions count as occurrences and what a repeated position does: refuse the placement, or end the game"
        }
        ComponentKind::Scorer => {
            "the score of a board: area or territory, komi and the scorer's own bonuses"
        }
        ComponentKind::Objective => {
            "how play ends and who wins: passes and agreement, no-move losses, the Kill-All goals, resignation"
        }
    }
}

/// The page file of a component kind, relative to the book's source.
pub(crate) fn page_of(kind: ComponentKind) -> String {
    format!("reference/{}.md", kind.section())
}

/// The link from a ruleset page to a component's section.
pub(crate) fn link_from_rulesets(kind: ComponentKind, id: &str) -> String {
    format!("../reference/{}.md#{}", kind.section(), anchor(id))
}

/// The anchor of a component's section on its kind's page.
pub(crate) fn anchor(id: &str) -> String {
    format!("component-{id}")
}

/// Adds the trait pages; returns their chapter of the summary.
pub(crate) fn pages(library: &Library, pages: &mut Pages) -> Chapter {
    let users = users(library);
    let mut children = Vec::new();
    for kind in ComponentKind::ALL {
        let section = kind.section();
        let generated = format!("{section}_generated.md");
        pages.generated(
            format!("reference/{generated}"),
            page(library, kind, &users),
        );
        pages.stub(page_of(kind), kind.trait_name(), &generated);
        children.push(Chapter {
            title: kind.trait_name().to_string(),
            path: page_of(kind),
            children: Vec::new(),
        });
    }
    pages.generated("reference/components_generated.md", overview(library));
    pages.stub(
        "reference/components.md",
        "Components",
        "components_generated.md",
    );
    Chapter {
        title: "Components".into(),
        path: "reference/components.md".into(),
        children,
    }
}

/// The list of every kind and its implementations.
fn overview(library: &Library) -> String {
    let mut out = String::from(GENERATED);
    out.push_str(
        "\nA ruleset is one component of each of these seven kinds. Each is registered in the engine under an id; `tengen list` prints the same list and `tengen explain ID` the same documentation.\n\n| kind | decides | components |\n|---|---|---|\n",
    );
    for kind in ComponentKind::ALL {
        let ids: Vec<String> = library
            .registry()
            .of_kind(kind)
            .map(|r| format!("[`{}`]({}.md#{})", r.id, kind.section(), anchor(r.id)))
            .collect();
        out.push_str(&format!(
            "| [{}]({}.md) (`[{}]`) | {} | {} |\n",
            kind.trait_name(),
            kind.section(),
            kind.section(),
            decides(kind),
            ids.join(", ")
        ));
    }
    out
}

/// Which bundled rulesets use each component: by ruleset, `None` when the
/// ruleset uses it as written, else the options that bring it in.
type Users = BTreeMap<(ComponentKind, String), BTreeMap<&'static str, Option<Vec<String>>>>;

fn users(library: &Library) -> Users {
    let mut users = Users::new();
    for bundled in library.bundled() {
        let Ok(plain) = library.resolve(bundled.id, &[]) else {
            continue;
        };
        for (kind, section) in &plain.sections {
            users
                .entry((*kind, section.kind.clone()))
                .or_default()
                .insert(bundled.id, None);
        }
        for (name, spec) in &plain.options {
            for option in spec.settings(name) {
                let Ok(with) = library.resolve(bundled.id, std::slice::from_ref(&option)) else {
                    continue;
                };
                for (kind, section) in &with.sections {
                    if plain.section(*kind).kind != section.kind {
                        let by_ruleset = users.entry((*kind, section.kind.clone())).or_default();
                        if let Some(options) =
                            by_ruleset.entry(bundled.id).or_insert(Some(Vec::new()))
                        {
                            options.push(option.clone());
                        }
                    }
                }
            }
        }
    }
    users
}

/// The "Used by" line of a component.
fn used_by(users: Option<&BTreeMap<&'static str, Option<Vec<String>>>>) -> String {
    let Some(users) = users else {
        return "no bundled ruleset yet".into();
    };
    users
        .iter()
        .map(|(id, options)| {
            let link = format!("[`{id}`](../rulesets/{id}.md)");
            match options {
                None => link,
                Some(options) => {
                    // Choices of one option together: `handicap=2|3|4`.
                    let mut grouped: Vec<(&str, Vec<&str>)> = Vec::new();
                    for option in options {
                        let (name, value) = match option.split_once('=') {
                            Some((name, value)) => (name, Some(value)),
                            None => (option.as_str(), None),
                        };
                        match grouped.iter_mut().find(|(n, _)| *n == name) {
                            Some((_, values)) => values.extend(value),
                            None => grouped.push((name, value.into_iter().collect())),
                        }
                    }
                    let list: Vec<String> = grouped
                        .into_iter()
                        .map(|(name, values)| {
                            if values.is_empty() {
                                format!("`--option {name}`")
                            } else {
                                format!("`--option {name}={}`", values.join("|"))
                            }
                        })
                        .collect();
                    format!("{link} with {}", list.join(" or "))
                }
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn page(library: &Library, kind: ComponentKind, users: &Users) -> String {
    let registry = library.registry();
    let components: Vec<&Registration> = registry.of_kind(kind).collect();
    let mut out = String::from(GENERATED);
    out.push_str(&format!(
        "\nA **{}** decides {}. A ruleset picks one in its `[{}]` section with `kind = \"ID\"` and sets the component's parameters beside it.\n\n",
        kind.trait_name(),
        decides(kind),
        kind.section()
    ));
    out.push_str("| component | what it is |\n|---|---|\n");
    for r in &components {
        out.push_str(&format!(
            "| [`{}`](#{}) | {} |\n",
            r.id,
            anchor(r.id),
            cell(&r.summary())
        ));
    }
    for r in components {
        out.push_str(&component(r, kind, users));
    }
    out
}

fn component(r: &Registration, kind: ComponentKind, users: &Users) -> String {
    let mut out = format!("\n## `{}` {{#{}}}\n\n", r.id, anchor(r.id));
    out.push_str(&format!(
        "Use it with `[{}] kind = \"{}\"`. Source: `{}`.\n\n",
        kind.section(),
        r.id,
        r.location()
    ));
    out.push_str(&demote_headings(&r.docs()));
    out.push_str("\n\n");
    if !r.actions.is_empty() {
        out.push_str("**Actions it declares:**\n\n| notation | JSON `type` | phases | what it does |\n|---|---|---|---|\n");
        for action in r.actions {
            let phases: Vec<String> = action.phases.iter().map(|p| format!("{p}")).collect();
            out.push_str(&format!(
                "| `{}` | `{}` | {} | {} |\n",
                tengen_core::notation::usage(action),
                action.name,
                phases.join(", "),
                cell(action.summary)
            ));
        }
        out.push('\n');
    }
    let params = r.params();
    if params.is_empty() {
        out.push_str("**Parameters:** none.\n");
    } else {
        out.push_str("**Parameters:**\n\n| parameter | type | default | allowed | meaning |\n|---|---|---|---|---|\n");
        for p in params {
            let default = match (&p.default, p.required) {
                (Some(d), _) => code_cell(d),
                (None, true) => "required".into(),
                (None, false) => "none".into(),
            };
            out.push_str(&format!(
                "| `{}` | {} | {} | {} | {} |\n",
                p.name,
                cell(&p.kind),
                default,
                p.allowed.as_deref().map_or("-".into(), cell),
                cell(&p.description)
            ));
        }
    }
    out.push_str(&format!(
        "\n**Used by:** {}.\n",
        used_by(users.get(&(kind, r.id.to_string())))
    ));
    out
}

/// Shifts the headings of a component's docs below the component's own
/// `##` heading.
pub(crate) fn demote_headings(docs: &str) -> String {
    let mut fenced = false;
    docs.lines()
        .map(|line| {
            if line.trim_start().starts_with("```") {
                fenced = !fenced;
            }
            if !fenced && line.starts_with('#') {
                format!("##{line}")
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}
