//! Every bundled ruleset, and every option of it, loads and assembles; the
//! committed schema is current.

use tengen_core::Game;

#[test]
fn every_bundled_ruleset_and_option_validates() {
    let library = tengen_variants::library();
    assert!(!library.bundled().is_empty());
    for bundled in library.bundled() {
        let diagnostics = library.validate(bundled.id);
        assert!(
            diagnostics.is_empty(),
            "{}:\n{}",
            bundled.id,
            diagnostics.render(false)
        );
        let rules = library.assemble(bundled.id, &[]).unwrap();
        let game = Game::new(rules);
        assert!(game.result().is_none());
    }
}

/// The committed schema must be the one the registry generates.
#[test]
fn the_committed_schema_is_current() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../rulesets/ruleset.schema.json"
    );
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    let mut current = serde_json::to_string_pretty(tengen_variants::library().schema()).unwrap();
    current.push('\n');
    assert!(
        committed == current,
        "rulesets/ruleset.schema.json is stale: regenerate it with\n    cargo run --release -- schema --write rulesets/ruleset.schema.json"
    );
}

/// Every bundled ruleset declares the schema, so editors check it.
#[test]
fn every_bundled_ruleset_starts_with_the_schema_directive() {
    for b in tengen_variants::bundled_rulesets() {
        assert!(
            b.text.starts_with("#:schema ./ruleset.schema.json\n"),
            "{} must start with `#:schema ./ruleset.schema.json`",
            b.file
        );
    }
}
