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

/// A torus's links across the drawing's edge are listed as `wraps`, so a
/// front end draws them leaving the board; a square board lists none (and
/// its JSON has no `wraps` key).
#[test]
fn the_geometry_form_names_the_links_across_the_edge() {
    let library = tengen_variants::library();
    let torus = library.assemble("toroidal-go", &["size=9".into()]).unwrap();
    let form = tengen_json::catalogue::GeometryForm::of(&torus.geometry);
    let a1 = form.points.iter().find(|p| p.name == "A1").unwrap();
    let mut wraps = a1.wraps.clone();
    wraps.sort();
    assert_eq!(wraps, ["A9", "J1"]);
    assert_eq!(a1.neighbours.len(), 4);
    let square = library.assemble("go", &["size=9".into()]).unwrap();
    let form = tengen_json::catalogue::GeometryForm::of(&square.geometry);
    assert!(form.points.iter().all(|p| p.wraps.is_empty()));
    assert!(!serde_json::to_string(&form).unwrap().contains("wraps"));
}
