//! `tengen list`: the bundled rulesets and the registered components.

use super::Failure;
use tengen_core::ComponentKind;

pub(crate) fn run(format: super::Format) -> Result<(), Failure> {
    let library = tengen_variants::library();
    if format == super::Format::Json {
        super::print_document(&tengen_json::Document::Listing(tengen_json::Listing::of(
            library,
        )));
        return Ok(());
    }
    outln!("Rulesets (tengen play ID):");
    let width = library
        .bundled()
        .iter()
        .map(|b| b.id.len())
        .max()
        .unwrap_or(0);
    for bundled in library.bundled() {
        let summary = library
            .resolve(bundled.id, &[])
            .map(|r| r.meta.summary)
            .unwrap_or_else(|_| "(does not load: run `tengen validate`)".into());
        outln!("  {:width$}  {summary}", bundled.id);
    }
    let registry = library.registry();
    for kind in ComponentKind::ALL {
        outln!(
            "\n{} components ([{}] kind = ...):",
            kind.trait_name(),
            kind.section()
        );
        let width = registry
            .of_kind(kind)
            .map(|r| r.id.len())
            .max()
            .unwrap_or(0);
        for r in registry.of_kind(kind) {
            outln!("  {:width$}  {}", r.id, r.summary());
        }
    }
    outln!("\nMore: tengen explain NAME");
    Ok(())
}
