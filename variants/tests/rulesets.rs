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
        "rulesets/ruleset.schema.json is stale: regenerate it with\n    cargo run --release -- generate --write"
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

/// What an editor checks with the committed schema alone: the schema as a
/// validator, and a ruleset file read as TOML.
fn editor_problems(text: &str) -> Vec<String> {
    let schema: serde_json::Value = serde_json::from_str(include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../rulesets/ruleset.schema.json"
    )))
    .unwrap();
    let validator = jsonschema::options()
        .with_draft(jsonschema::Draft::Draft7)
        .build(&schema)
        .unwrap();
    let document: toml::Value = toml::from_str(text).unwrap();
    let json = serde_json::to_value(document).unwrap();
    validator
        .iter_errors(&json)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect()
}

/// A file that extends another may change keys of a section without naming
/// its kind; the schema checks such a section against the parameters of
/// every kind, so an editor catches a misspelt key or a value no kind
/// takes, as `tengen validate` does (issue 23, item 9).
#[test]
fn the_schema_checks_sections_that_name_no_kind() {
    let child = |topology: &str| {
        format!(
            "[ruleset]\nid = \"c\"\nname = \"C\"\nsummary = \"x\"\nextends = \"go\"\n\n[topology]\n{topology}\n"
        )
    };
    assert_eq!(
        editor_problems(&child("width = 9\nheight = 9")),
        Vec::<String>::new()
    );
    let misspelt = editor_problems(&child("widht = 9"));
    assert!(
        misspelt
            .iter()
            .any(|p| p.starts_with("/topology") && p.contains("widht")),
        "{misspelt:?}"
    );
    let too_wide = editor_problems(&child("width = 30"));
    assert!(
        too_wide.iter().any(|p| p.starts_with("/topology/width")),
        "{too_wide:?}"
    );
    // tengen says the same, at the key.
    for (topology, expected) in [("widht = 9", "unknown-key"), ("width = 30", "width")] {
        let d = tengen_variants::library().validate_text("child.toml", &child(topology));
        assert!(
            d.items
                .iter()
                .any(|i| i.code == expected || i.key_path.ends_with(expected)),
            "{topology}: {d}"
        );
    }
}

/// Every bundled ruleset declares its sample games (the suite's random
/// games play them, so no test hard-codes a ruleset's options), every
/// sample assembles, and the samples between them use every option the
/// ruleset declares.
#[test]
fn every_bundled_ruleset_declares_samples_that_assemble_and_use_every_option() {
    let library = tengen_variants::library();
    for bundled in library.bundled() {
        let rules = library.assemble(bundled.id, &[]).unwrap();
        let samples = &rules.ruleset.meta.samples;
        assert!(
            !samples.is_empty(),
            "{}: no `samples` in its [ruleset] table",
            bundled.id
        );
        for sample in samples {
            if let Err(d) = library.assemble(bundled.id, sample) {
                panic!("{} sample {sample:?}:\n{}", bundled.id, d.render(false));
            }
        }
        for (name, _) in &rules.ruleset.options {
            let used = samples
                .iter()
                .flatten()
                .any(|setting| setting.split('=').next() == Some(name.as_str()));
            assert!(used, "{}: no sample uses the option `{name}`", bundled.id);
        }
    }
}
