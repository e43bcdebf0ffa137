//! `tengen validate FILE...`: every problem of every file, with its place.

use super::Failure;

pub(crate) fn run(files: &[String], format: super::Format) -> Result<(), Failure> {
    let library = tengen_variants::library();
    let mut failed = 0;
    let mut checks = Vec::new();
    for file in files {
        let diagnostics = library.validate(file);
        if !diagnostics.is_empty() {
            failed += 1;
        }
        match format {
            super::Format::Json => checks.push(tengen_json::catalogue::FileCheck {
                file: file.clone(),
                ok: diagnostics.is_empty(),
                diagnostics: tengen_json::catalogue::diagnostics(&diagnostics),
            }),
            super::Format::Text if diagnostics.is_empty() => outln!("{file}: ok"),
            super::Format::Text => super::report(&diagnostics),
        }
    }
    if format == super::Format::Json {
        super::print_document(&tengen_json::Document::Validation(
            tengen_json::Validation { files: checks },
        ));
    }
    if failed > 0 {
        Err(Failure::Message(format!(
            "{failed} of {} ruleset{} did not validate",
            files.len(),
            if files.len() == 1 { "" } else { "s" }
        )))
    } else {
        Ok(())
    }
}
