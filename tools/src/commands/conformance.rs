//! `tengen conformance`: the conformance suite for other engines.

use super::Failure;

/// Writes the suite as one JSON document to `output`, or to standard
/// output.
pub(crate) fn export(output: Option<&str>) -> Result<(), Failure> {
    let library = tengen_variants::library();
    let export = tengen_conformance::export::export(library).map_err(Failure::Message)?;
    let mut text = serde_json::to_string_pretty(&export).expect("the export serialises");
    text.push('\n');
    match output {
        Some(path) => {
            std::fs::write(path, &text)
                .map_err(|e| Failure::Message(format!("cannot write {path}: {e}")))?;
            errln!(
                "wrote {path}: {} scenarios, {} clauses",
                export.scenarios.len(),
                export.clauses.len()
            );
        }
        None => out!("{text}"),
    }
    Ok(())
}
