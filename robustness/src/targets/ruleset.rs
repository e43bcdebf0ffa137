//! Ruleset TOML, loaded and validated.

use tengen_conformance::invariants::{ByteDraw, play_checked};
use tengen_core::Game;

/// Validates the input as a ruleset file (every option of it tried, as
/// `tengen validate` does), renders the diagnostics as a person would
/// read them (a ruleset validation passes must assemble), and where the
/// ruleset assembles plays a short game of it
/// with every invariant checked (the input's bytes as the choices).
pub fn ruleset(data: &[u8]) {
    tengen_variants::link();
    let library = tengen_variants::library();
    let text = String::from_utf8_lossy(data);
    let diagnostics = library.validate_text("fuzz.toml", &text);
    let _ = diagnostics.render(false);
    match library.assemble_text("fuzz.toml", &text, &[]) {
        Ok(rules) => play_checked(&mut Game::new(rules), &mut ByteDraw::new(data), 40),
        Err(d) => {
            assert!(
                !diagnostics.is_empty(),
                "validation found nothing wrong, but the ruleset does not assemble:\n{}",
                d.render(false)
            );
        }
    }
}
