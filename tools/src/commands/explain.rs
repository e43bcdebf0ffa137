//! `tengen explain NAME`: a ruleset's or a component's documentation.

use super::{Failure, Format};
use tengen_core::ComponentKind;
use tengen_core::registry::Registration;
use tengen_core::ruleset::{OptionForm, ResolvedRuleset};

pub(crate) fn run(name: &str, format: Format) -> Result<(), Failure> {
    let library = tengen_variants::library();
    let registry = library.registry();
    let (kind_filter, id) = match name.split_once('/') {
        Some((section, id)) if ComponentKind::from_section(section).is_some() => {
            (ComponentKind::from_section(section), id)
        }
        _ => (None, name),
    };
    let components: Vec<&Registration> = registry
        .with_id(id)
        .into_iter()
        .filter(|r| kind_filter.is_none_or(|k| r.kind() == k))
        .collect();
    let is_bundled = library.bundled().iter().any(|b| b.id == name);
    let is_file = std::path::Path::new(name).is_file();
    if kind_filter.is_none() && (is_bundled || is_file) {
        let ruleset = library.resolve(name, &[]).map_err(|d| match format {
            Format::Text => {
                super::report(&d);
                Failure::Reported
            }
            Format::Json => {
                super::json_failure(format!("the ruleset `{name}` does not load"), Some(&d))
            }
        })?;
        if format == Format::Json {
            print_json(Some(&ruleset), &components);
            return Ok(());
        }
        print_ruleset(&ruleset);
        if !components.is_empty() {
            outln!("\n(`{name}` is also a component id: see `tengen explain SECTION/{name}`.)");
        }
        return Ok(());
    }
    if components.is_empty() {
        let mut known: Vec<&str> = library.bundled().iter().map(|b| b.id).collect();
        known.extend(registry.all().iter().map(|r| r.id));
        let mut message =
            format!("nothing is called `{name}`: it is neither a ruleset nor a component");
        if let Some(c) = tengen_core::suggest::closest(id, known.iter().copied()) {
            message.push_str(&format!("; did you mean `{c}`?"));
        }
        message.push_str(" (see `tengen list`)");
        return Err(match format {
            Format::Text => Failure::Message(message),
            Format::Json => super::json_failure(message, None),
        });
    }
    if format == Format::Json {
        print_json(None, &components);
        return Ok(());
    }
    for (i, r) in components.iter().enumerate() {
        if i > 0 {
            outln!();
        }
        print_component(r);
    }
    Ok(())
}

/// The explanation as a JSON document.
fn print_json(ruleset: Option<&ResolvedRuleset>, components: &[&Registration]) {
    use tengen_json::catalogue::{ComponentDoc, RulesetDoc};
    super::print_document(&tengen_json::Document::Explanation(Box::new(
        tengen_json::Explanation {
            ruleset: ruleset.map(RulesetDoc::of),
            components: components.iter().map(|r| ComponentDoc::of(r)).collect(),
        },
    )));
}

fn print_ruleset(r: &ResolvedRuleset) {
    outln!("{} ({})", r.meta.name, r.meta.id);
    outln!("{}\n", r.meta.summary);
    if !r.meta.docs.trim().is_empty() {
        outln!("{}\n", r.meta.docs.trim());
    }
    outln!("Composition:");
    for (kind, section) in &r.sections {
        let params = section
            .params
            .iter()
            .map(|(k, v)| format!("{k} = {v}"))
            .collect::<Vec<_>>()
            .join(", ");
        let params = if params.is_empty() {
            String::new()
        } else {
            format!(" ({params})")
        };
        outln!("  {:10} {}{params}", kind.section(), section.kind);
    }
    outln!(
        "  colours    {} and {}",
        r.meta.colours[0],
        r.meta.colours[1]
    );
    if !r.options.is_empty() {
        outln!("\nOptions (--option ...):");
        for (name, spec) in &r.options {
            let default = match (spec.form(), &spec.default) {
                (Some(OptionForm::Choice), Some(d)) => format!(" [default {d}]"),
                _ => String::new(),
            };
            outln!("  {}{default}\n      {}", spec.usage(name), spec.summary);
        }
    }
    if !r.meta.sources.is_empty() {
        outln!("\nSources:");
        for s in &r.meta.sources {
            outln!("  - {s}");
        }
    }
}

fn print_component(r: &Registration) {
    outln!("{} `{}` ({})", r.kind().trait_name(), r.id, r.location());
    outln!(
        "Use it with: [{}] kind = \"{}\"\n",
        r.kind().section(),
        r.id
    );
    outln!("{}", r.docs());
    let params = r.params();
    if params.is_empty() {
        outln!("\nParameters: none.");
        return;
    }
    outln!("\nParameters:");
    for p in params {
        let mut facts = vec![p.kind.clone()];
        if p.required {
            facts.push("required".into());
        }
        if let Some(d) = &p.default {
            facts.push(format!("default {d}"));
        }
        if let Some(a) = &p.allowed {
            facts.push(a.clone());
        }
        outln!(
            "  {} ({})\n      {}",
            p.name,
            facts.join("; "),
            p.description
        );
    }
}
