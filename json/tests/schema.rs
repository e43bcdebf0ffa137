//! The committed schema of the interface is the one the types generate.

#[test]
fn the_committed_interface_schema_is_current() {
    let committed = include_str!("../../rulesets/interface.schema.json");
    let mut current = serde_json::to_string_pretty(&tengen_json::schema()).expect("serialises");
    current.push('\n');
    assert!(
        committed == current,
        "rulesets/interface.schema.json is stale: regenerate it with\n    cargo run --release -- schema --interface --write rulesets/interface.schema.json"
    );
}
