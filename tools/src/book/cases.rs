//! Worked examples: every conformance case of a ruleset, run through the
//! engine and shown as the rule it checks, its moves with what the engine
//! answered, and SVG diagrams of the position before and after.

use super::markdown::{GENERATED, quote};
use super::svg::{self, Marks, Palette};
use super::{Pages, REGENERATE};
use crate::commands::Failure;
use std::path::Path;
use tengen_conformance::{Frame, Scenario};
use tengen_core::Colour;
use tengen_core::ruleset::Library;

/// A case as the ruleset page lists it.
#[derive(Debug)]
pub(crate) struct Listed {
    pub(crate) title: String,
    pub(crate) anchor: String,
}

/// Adds the worked-examples page of ruleset `id` from the cases in
/// `folder`; returns the cases in page order.
pub(crate) fn pages(
    library: &Library,
    id: &str,
    folder: &Path,
    pages: &mut Pages,
) -> Result<Vec<Listed>, Failure> {
    let mut files: Vec<_> = std::fs::read_dir(folder)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut out = String::from(GENERATED);
    out.push_str(&format!(
        "\nEvery case below is a file of the conformance suite in `conformance/scenarios/{id}/`, run by the engine when this page was generated. Each states one rule in its own words and cites where the rule comes from; the moves are in [the move notation](../notation.md), and each is shown with the engine's answer. In the diagrams a ring marks the stones of the last move and a cross the stones marked dead.\n"
    ));
    let mut listed = Vec::new();
    for path in files {
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let scenario = Scenario::read(&path).map_err(Failure::Message)?;
        if scenario.refused_options.is_some() {
            // No game to show: the clause catalogue lists it by file.
            continue;
        }
        let outcome = scenario.run(library, folder);
        if !outcome.failures.is_empty() {
            return Err(Failure::Message(format!(
                "{} fails, so it cannot be shown in the book (fix it, then `{REGENERATE}`):\n  {}",
                path.display(),
                outcome.failures.join("\n  ")
            )));
        }
        let palette = palette(library, &scenario, folder);
        let title = scenario.title_for(&stem);
        out.push_str(&case(
            id,
            &stem,
            &title,
            &scenario,
            &outcome.frames,
            palette,
            pages,
        ));
        listed.push(Listed {
            title,
            anchor: stem,
        });
    }
    pages.generated(format!("rulesets/{id}-cases_generated.md"), out);
    let name = library
        .resolve(id, &[])
        .map(|r| r.meta.name)
        .unwrap_or_else(|_| id.to_string());
    pages.stub(
        format!("rulesets/{id}-cases.md"),
        &format!("{name}: worked examples"),
        &format!("{id}-cases_generated.md"),
    );
    Ok(listed)
}

fn palette(library: &Library, scenario: &Scenario, folder: &Path) -> Palette {
    match library.assemble(&scenario.ruleset_reference(folder), &scenario.options) {
        Ok(rules) => Palette::for_names(&[
            rules.colour_name(Colour::Black).to_string(),
            rules.colour_name(Colour::White).to_string(),
        ]),
        Err(_) => Palette::for_names(&["Black".into(), "White".into()]),
    }
}

fn case(
    id: &str,
    stem: &str,
    title: &str,
    scenario: &Scenario,
    frames: &[Frame],
    palette: Palette,
    pages: &mut Pages,
) -> String {
    let mut out = format!("\n## {title} {{#{stem}}}\n\n{}\n\n", quote(&scenario.rule));
    out.push_str(&format!(
        "*Source:* {}",
        tengen_conformance::cite(&scenario.source)
    ));
    if !scenario.options.is_empty() {
        let options: Vec<String> = scenario
            .options
            .iter()
            .map(|o| format!("`--option {o}`"))
            .collect();
        out.push_str(&format!(". *Options:* {}", options.join(" ")));
    }
    if scenario.ruleset.ends_with(".toml") {
        out.push_str(&format!(
            ". *Ruleset:* `{}` (a test ruleset beside the case)",
            scenario.ruleset
        ));
    }
    out.push_str(&format!(
        ". *File:* `conformance/scenarios/{id}/{stem}.toml`.\n\n"
    ));
    let mut diagram = |which: &str, frame: &Frame, caption: &str| {
        let marks = Marks {
            last: frame.last.clone(),
            dead: frame.dead.clone(),
        };
        let file = format!("diagrams/{id}/{stem}-{which}_generated.svg");
        let alt = format!("{title}: {caption}");
        pages.generated(
            format!("rulesets/{file}"),
            svg::board(&frame.board, &marks, palette, &alt),
        );
        format!(
            "<figure>\n<img src=\"{file}\" alt=\"{}\">\n<figcaption>{}</figcaption>\n</figure>\n\n",
            svg::escape(&alt),
            svg::escape(caption)
        )
    };
    if scenario.start.is_some()
        && let Some(start) = frames.first()
    {
        out.push_str(&diagram(
            "start",
            start,
            &format!("The start: {}.", start.status),
        ));
    }
    for (step, frame) in scenario.steps.iter().zip(frames.iter().skip(1)) {
        out.push_str(&format!("{}. `{}`: ", frame.step, step.play.trim()));
        match &frame.refusal {
            Some((code, message)) => {
                let message = message.trim_end_matches('.');
                out.push_str(&format!("**refused** (`{code}`): {message}."));
            }
            None => {
                out.push_str("accepted");
                for (what, list) in [
                    ("captures", &step.captured),
                    ("self-captures", &step.self_captured),
                ] {
                    if let Some(points) = list.as_ref().filter(|l| !l.is_empty()) {
                        out.push_str(&format!("; {what} {}", points.join(" ")));
                    }
                }
                out.push('.');
            }
        }
        if let Some(note) = &step.note {
            let note: Vec<&str> = note.split_whitespace().collect();
            out.push_str(&format!(" *{}*", note.join(" ")));
        }
        out.push('\n');
    }
    out.push('\n');
    if let Some(end) = frames.iter().skip(1).rev().find(|f| f.accepted()) {
        let last = frames.last().unwrap_or(end);
        out.push_str(&diagram(
            "end",
            end,
            &format!("After step {}: {}.", end.step, last.status),
        ));
    }
    out
}
