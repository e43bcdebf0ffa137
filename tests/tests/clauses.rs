//! Every clause of the clause catalogue (`conformance/clauses.toml`) is
//! checked by a scenario, and every scenario names the clauses it checks:
//! the test fails naming each clause no scenario cites (unless it says
//! why with `uncovered`), each scenario that cites no clause or an
//! unknown one, and each clause marked `uncovered` that a scenario does
//! cite. The clauses still uncovered are printed, counted.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use tengen_conformance::Scenario;
use tengen_conformance::clauses::Catalogue;

fn scenario_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(tengen_conformance::SCENARIOS)
        .expect("the scenarios folder is readable")
        .flatten()
        .filter(|folder| folder.path().is_dir())
        .flat_map(|folder| std::fs::read_dir(folder.path()).expect("a folder is readable"))
        .flatten()
        .map(|file| file.path())
        .filter(|path| path.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

fn short(path: &Path) -> String {
    let root = Path::new(tengen_conformance::SCENARIOS);
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

#[test]
fn every_clause_is_checked_by_a_scenario_and_every_scenario_names_its_clauses() {
    let catalogue = Catalogue::bundled();
    let known: BTreeSet<&str> = catalogue.clauses().map(|(_, c)| c.id.as_str()).collect();
    let mut cited: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut problems = Vec::new();
    for path in scenario_files() {
        let scenario = Scenario::read(&path).unwrap_or_else(|e| panic!("{e}"));
        if scenario.clauses.is_empty() {
            problems.push(format!(
                "{}: cites no clause (add `clauses = [...]` with ids from conformance/clauses.toml)",
                short(&path)
            ));
        }
        for id in &scenario.clauses {
            if !known.contains(id.as_str()) {
                problems.push(format!("{}: cites the unknown clause `{id}`", short(&path)));
            }
            cited.entry(id.clone()).or_default().push(short(&path));
        }
    }
    let mut uncovered = Vec::new();
    for (text, clause) in catalogue.clauses() {
        match (cited.get(&clause.id), &clause.uncovered) {
            (None, None) => problems.push(format!(
                "clause `{}` ({}, {}) is checked by no scenario: write one citing it, or say why with `uncovered`",
                clause.id, text.title, clause.section
            )),
            (Some(by), Some(_)) => problems.push(format!(
                "clause `{}` is marked `uncovered` but {} cite(s) it ({}): drop the mark",
                clause.id,
                by.len(),
                by.join(", ")
            )),
            (None, Some(why)) => uncovered.push(format!("{}: {why}", clause.id)),
            (Some(_), None) => {}
        }
    }
    if !uncovered.is_empty() {
        eprintln!(
            "{} of {} clauses have no scenario yet:\n  {}",
            uncovered.len(),
            known.len(),
            uncovered.join("\n  ")
        );
    }
    assert!(
        problems.is_empty(),
        "{} problem(s) with the clause catalogue and the scenarios:\n  {}",
        problems.len(),
        problems.join("\n  ")
    );
}
