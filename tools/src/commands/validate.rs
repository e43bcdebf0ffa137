//! `tengen validate FILE...`: every problem of every file, with its place.

use super::Failure;

pub(crate) fn run(files: &[String]) -> Result<(), Failure> {
    let library = tengen_variants::library();
    let mut failed = 0;
    for file in files {
        let diagnostics = library.validate(file);
        if diagnostics.is_empty() {
            println!("{file}: ok");
        } else {
            failed += 1;
            super::report(&diagnostics);
        }
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
