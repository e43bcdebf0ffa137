//! `tengen generate`: every generated file of the repository, written or
//! checked by one command: the ruleset schema and the interface schema
//! (`rulesets/*.schema.json`), the conformance suite's schemas (the clause
//! catalogue, scenario files and the export: `conformance/*.schema.json`)
//! and the book's generated pages. CI runs
//! `tengen generate --check`; after changing a component, a ruleset, a
//! conformance case or the command line, run `tengen generate --write`.

use super::{Failure, schema};
use crate::book;
use std::path::Path;

/// The schemas, by path from the repository root, with their current text.
fn schemas() -> [(&'static str, String); 5] {
    [
        ("rulesets/ruleset.schema.json", schema::text()),
        ("rulesets/interface.schema.json", schema::interface_text()),
        ("conformance/clauses.schema.json", schema::clauses_text()),
        ("conformance/scenario.schema.json", schema::scenario_text()),
        ("conformance/export.schema.json", schema::export_text()),
    ]
}

/// Writes (`write`) or checks every generated file under `root`. A check
/// reports every stale file before failing.
pub(crate) fn run(root: &Path, write: bool) -> Result<(), Failure> {
    let mut stale = Vec::new();
    for (path, current) in schemas() {
        let file = root.join(path);
        let on_disk = std::fs::read_to_string(&file).unwrap_or_default();
        if on_disk == current {
            outln!("{path} is current");
        } else if write {
            std::fs::write(&file, &current)
                .map_err(|e| Failure::Message(format!("cannot write {}: {e}", file.display())))?;
            outln!("wrote {path}");
        } else {
            errln!("{path} is stale");
            stale.push(path);
        }
    }
    let mode = if write {
        book::Mode::Write
    } else {
        book::Mode::Check
    };
    let book = book::run(root, mode);
    match (stale.is_empty(), book) {
        (true, outcome) => outcome,
        (false, _) => Err(Failure::Message(format!(
            "{} stale: regenerate with `cargo run --release -- generate --write`",
            stale.join(", ")
        ))),
    }
}
