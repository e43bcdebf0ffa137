//! The suite as other engines read it: `tengen conformance export` writes
//! a document that its committed schema accepts, every scenario file is
//! accepted by the scenario schema, and the export says what the files
//! say (the board after each step as stated, the recorded marks).

use std::path::Path;
use tengen_conformance::Scenario;
use tengen_conformance::export::{export, scenario_files};

fn validator(committed: &str) -> jsonschema::Validator {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../conformance")
        .join(committed);
    let text = std::fs::read_to_string(&path).expect("the schema is committed");
    let schema: serde_json::Value = serde_json::from_str(&text).expect("the schema is JSON");
    jsonschema::options()
        .with_draft(jsonschema::Draft::Draft7)
        .build(&schema)
        .expect("the schema compiles")
}

fn problems(validator: &jsonschema::Validator, document: &serde_json::Value) -> Vec<String> {
    validator
        .iter_errors(document)
        .take(10)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect()
}

#[test]
fn the_export_validates_against_its_committed_schema() {
    tengen_variants::link();
    let export = export(tengen_variants::library()).expect("the suite exports");
    let document = serde_json::to_value(&export).expect("the export serialises");
    let problems = problems(&validator("export.schema.json"), &document);
    assert!(problems.is_empty(), "{problems:#?}");
    assert_eq!(export.scenarios.len(), scenario_files().unwrap().len());
    // A broken document is caught: the check can fail.
    let mut broken = document;
    broken["scenarios"][0]["steps"] = serde_json::json!("none");
    assert!(!validator("export.schema.json").is_valid(&broken));
}

#[test]
fn every_scenario_file_validates_against_the_scenario_schema() {
    let validator = validator("scenario.schema.json");
    for (folder, file) in scenario_files().unwrap() {
        let path = Path::new(tengen_conformance::SCENARIOS)
            .join(&folder)
            .join(&file);
        let text = std::fs::read_to_string(&path).unwrap();
        let document: toml::Value = toml::from_str(&text).unwrap();
        let json = serde_json::to_value(document).unwrap();
        let problems = problems(&validator, &json);
        assert!(problems.is_empty(), "{}: {problems:#?}", path.display());
    }
}

/// The exported board after a step is the one the scenario states, and
/// the placed stones it records are marked as recorded.
#[test]
fn the_export_carries_the_stated_boards_and_the_recorded_marks() {
    tengen_variants::link();
    let export = export(tengen_variants::library()).unwrap();
    let capture = export
        .scenarios
        .iter()
        .find(|s| s.id == "go/snapback")
        .expect("go/snapback is exported");
    let file = Path::new(tengen_conformance::SCENARIOS).join("go/snapback.toml");
    let scenario = Scenario::read(&file).unwrap();
    assert_eq!(capture.steps.len(), scenario.steps.len());
    for step in &capture.steps {
        let placed = step.expect.placed.is_some();
        assert_eq!(
            placed && scenario.recorded.iter().any(|r| r == "placed"),
            step.recorded.iter().any(|r| r == "board"),
            "{}",
            step.play
        );
    }
}
