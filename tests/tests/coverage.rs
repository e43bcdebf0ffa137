//! Registry-driven coverage: every registered component is played by at
//! least one conformance scenario. A component that no scenario assembles
//! has no rule checked anywhere, so the test names it (with its file) and
//! fails; adding a component therefore means adding its scenarios.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use tengen_conformance::Scenario;
use tengen_core::registry::Registry;

fn scenario_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("the scenarios folder is readable")
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            scenario_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "toml") {
            out.push(path);
        }
    }
}

#[test]
fn every_registered_component_is_played_by_a_scenario() {
    tengen_variants::link();
    let library = tengen_variants::library();
    let mut files = Vec::new();
    scenario_files(Path::new(tengen_conformance::SCENARIOS), &mut files);
    let mut used = BTreeSet::new();
    for file in &files {
        let scenario = Scenario::read(file).unwrap_or_else(|e| panic!("{e}"));
        if scenario.refused_options.is_some() {
            // Its options must not assemble: it chooses no component.
            continue;
        }
        let dir = file.parent().expect("a scenario's folder");
        let rules = library
            .assemble(&scenario.ruleset_reference(dir), &scenario.options)
            .unwrap_or_else(|d| panic!("{}: the ruleset does not load:\n{d}", file.display()));
        for (kind, section) in &rules.ruleset.sections {
            used.insert((*kind, section.kind.clone()));
        }
    }
    let registry = Registry::global().expect("the registry has no duplicate");
    let unplayed: Vec<String> = registry
        .all()
        .iter()
        .filter(|r| !used.contains(&(r.kind(), r.id.to_string())))
        .map(|r| format!("{} `{}` ({})", r.kind(), r.id, r.file))
        .collect();
    assert!(
        unplayed.is_empty(),
        "{} registered component(s) are played by no scenario under conformance/scenarios \
         (add a scenario whose ruleset or options choose each):\n  {}",
        unplayed.len(),
        unplayed.join("\n  ")
    );
    assert!(
        files.len() >= 100,
        "the suite has its scenarios ({})",
        files.len()
    );
}
