//! `tengen show RULESET`: the resolved composition.

use super::Failure;

pub(crate) fn run(
    reference: &str,
    options: &[String],
    format: super::Format,
) -> Result<(), Failure> {
    let rules = super::assemble_as(reference, options, format)?;
    if format == super::Format::Json {
        super::print_document(&tengen_json::Document::Composition(Box::new(
            tengen_json::Composition::of(&rules),
        )));
        return Ok(());
    }
    let r = &rules.ruleset;
    outln!("# {} ({}){}", r.meta.name, r.meta.id, applied(&r.applied));
    outln!("# board: {} points", rules.geometry.point_count());
    for (kind, section) in &r.sections {
        outln!("\n[{}]\nkind = {:?}", kind.section(), section.kind);
        for (key, value) in &section.params {
            outln!("{key} = {value}");
        }
    }
    Ok(())
}

fn applied(options: &[String]) -> String {
    if options.is_empty() {
        String::new()
    } else {
        format!(" with --option {}", options.join(" --option "))
    }
}
