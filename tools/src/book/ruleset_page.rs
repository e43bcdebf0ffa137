//! One page per bundled ruleset (its rules in words, composition, options
//! and sources, all read from the ruleset file) and one page of worked
//! examples drawn from its conformance cases.

use super::clauses::Clauses;
use super::markdown::{GENERATED, cell, code_cell};
use super::reference::link_from_rulesets;
use super::svg::{self, Marks, Palette};
use super::{Chapter, Pages, cases};
use crate::commands::Failure;
use std::path::Path;
use tengen_core::ruleset::{Library, OptionForm, ResolvedRuleset};
use tengen_core::{Board, Colour};

/// Adds the ruleset pages; returns their chapter of the summary.
pub(crate) fn pages(
    library: &Library,
    scenarios: &Path,
    clauses: &Clauses,
    pages: &mut Pages,
) -> Result<Chapter, Failure> {
    let mut children = Vec::new();
    let mut index = String::from(GENERATED);
    index.push_str("\n| ruleset | what it is | conformance cases |\n|---|---|---|\n");
    for bundled in library.bundled() {
        let id = bundled.id;
        let ruleset = library.resolve(id, &[]).map_err(|d| {
            Failure::Message(format!("the bundled ruleset {id} does not load:\n{d}"))
        })?;
        let examples = cases::pages(library, id, &scenarios.join(id), pages)?;
        let name = &ruleset.meta.name;
        let board = board_picture(library, &ruleset, pages)?;
        pages.generated(
            format!("rulesets/{id}_generated.md"),
            page(
                &ruleset,
                bundled.file,
                &board,
                &examples,
                &clauses.ruleset_section(id),
            ),
        );
        pages.stub(
            format!("rulesets/{id}.md"),
            &format!("{name} (`{id}`)"),
            &format!("{id}_generated.md"),
        );
        index.push_str(&format!(
            "| [{name}]({id}.md) (`{id}`) | {} | [{}]({id}-cases.md) |\n",
            cell(&ruleset.meta.summary),
            examples.len()
        ));
        children.push(Chapter {
            title: name.clone(),
            path: format!("rulesets/{id}.md"),
            children: vec![Chapter {
                title: format!("{name}: worked examples"),
                path: format!("rulesets/{id}-cases.md"),
                children: Vec::new(),
            }],
        });
    }
    pages.generated("rulesets/index_generated.md", index);
    pages.stub("rulesets/index.md", "Rulesets", "index_generated.md");
    Ok(Chapter {
        title: "Rulesets".into(),
        path: "rulesets/index.md".into(),
        children,
    })
}

/// Draws the empty board the ruleset is played on with its options at
/// their defaults (`diagrams/<id>/board_generated.svg`); returns the
/// page's figure of it.
fn board_picture(
    library: &Library,
    ruleset: &ResolvedRuleset,
    pages: &mut Pages,
) -> Result<String, Failure> {
    let id = &ruleset.meta.id;
    let rules = library.assemble(id, &[]).map_err(|d| {
        Failure::Message(format!("the bundled ruleset {id} does not assemble:\n{d}"))
    })?;
    let geometry = std::sync::Arc::clone(&rules.geometry);
    let links: usize = geometry
        .points()
        .map(|p| geometry.neighbours(p).len())
        .sum::<usize>()
        / 2;
    let wrapping = geometry
        .points()
        .flat_map(|p| geometry.neighbours(p).iter().map(move |&q| (p, q)))
        .filter(|&(p, q)| p < q && geometry.wraps(p, q))
        .count();
    let mut caption = format!(
        "The board with the options at their defaults: {} points, {links} links",
        geometry.point_count()
    );
    if wrapping > 0 {
        caption.push_str(&format!(
            "; the {wrapping} links that join opposite edges are drawn as short lines leaving the board at both of their points"
        ));
    }
    caption.push('.');
    let palette = Palette::for_names(&[
        rules.colour_name(Colour::Black).to_string(),
        rules.colour_name(Colour::White).to_string(),
    ]);
    let file = format!("diagrams/{id}/board_generated.svg");
    let alt = format!("The board of {}", ruleset.meta.name);
    pages.generated(
        format!("rulesets/{file}"),
        svg::board(&Board::new(geometry), &Marks::default(), palette, &alt),
    );
    Ok(format!(
        "<figure>\n<img src=\"{file}\" alt=\"{}\">\n<figcaption>{}</figcaption>\n</figure>\n",
        svg::escape(&alt),
        svg::escape(&caption)
    ))
}

fn page(
    r: &ResolvedRuleset,
    file: &str,
    board: &str,
    examples: &[cases::Listed],
    clauses: &str,
) -> String {
    let id = &r.meta.id;
    let mut out = String::from(GENERATED);
    out.push_str(&format!("\n*{}*\n\n", r.meta.summary.trim()));
    out.push_str(&format!(
        "Play it with `tengen play {id}`; `tengen explain {id}` prints this page's rules and options in the terminal. The ruleset file is `{file}`.\n\n"
    ));
    out.push_str(board);
    out.push_str("\n## The rules\n\n");
    out.push_str(r.meta.docs.trim());
    out.push_str("\n\n## Composition\n\n");
    out.push_str(&format!(
        "The components it is assembled from, with the options left at their defaults. The stones are called {} (Player 1) and {} (Player 2).\n\n",
        r.meta.colours[0], r.meta.colours[1]
    ));
    out.push_str("| section | component | parameters |\n|---|---|---|\n");
    for (kind, section) in &r.sections {
        let params: Vec<String> = section
            .params
            .iter()
            .map(|(k, v)| code_cell(&format!("{k} = {v}")))
            .collect();
        out.push_str(&format!(
            "| `[{}]` | [`{}`]({}) | {} |\n",
            kind.section(),
            section.kind,
            link_from_rulesets(*kind, &section.kind),
            if params.is_empty() {
                "none".to_string()
            } else {
                params.join(", ")
            }
        ));
    }
    out.push_str("\n## Options\n\n");
    if r.options.is_empty() {
        out.push_str("This ruleset has no options.\n");
    } else {
        out.push_str("Each option is given on the command line as `--option NAME` or `--option NAME=VALUE` (`-o` for short), and may be combined with others unless the table says otherwise.\n\n");
        out.push_str("| option | on the command line | what it does |\n|---|---|---|\n");
        for (name, spec) in &r.options {
            let mut what = cell(&spec.summary);
            if !spec.docs.trim().is_empty() {
                what.push(' ');
                what.push_str(&cell(&spec.docs));
            }
            if !spec.conflicts.is_empty() {
                let list: Vec<String> = spec.conflicts.iter().map(|c| format!("`{c}`")).collect();
                what.push_str(&format!(" Cannot be combined with {}.", list.join(", ")));
            }
            let usage = match (spec.form(), &spec.default) {
                (Some(OptionForm::Choice), Some(d)) => {
                    format!("{} (default `{d}`)", code_cell(&spec.usage(name)))
                }
                _ => code_cell(&spec.usage(name)),
            };
            out.push_str(&format!("| `{name}` | {usage} | {what} |\n"));
        }
    }
    out.push_str("\n## Sources\n\n");
    for source in &r.meta.sources {
        out.push_str(&format!("- {}\n", source.trim()));
    }
    out.push_str("\n## Worked examples\n\n");
    if examples.is_empty() {
        out.push_str("The conformance suite has no cases for this ruleset yet.\n");
    } else {
        out.push_str(&format!(
            "The conformance suite checks this ruleset with {} cases, one rule each, all shown with diagrams on [the worked examples page]({id}-cases.md):\n\n",
            examples.len()
        ));
        for e in examples {
            out.push_str(&format!("- [{}]({id}-cases.md#{})\n", e.title, e.anchor));
        }
    }
    out.push_str(clauses);
    out
}
