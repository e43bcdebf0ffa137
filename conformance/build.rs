//! Embeds the conformance scenarios (the learn mode's worked examples,
//! the book's cases) and the test rulesets some of them use: `OUT_DIR/scenarios.rs` holds
//! each scenario's folder, file name and text, and each ruleset file's
//! name and text.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut entries = Vec::new();
    let mut folders: Vec<_> = std::fs::read_dir(&root)
        .expect("conformance/scenarios is readable")
        .filter_map(Result::ok)
        .filter(|e| e.path().is_dir())
        .collect();
    folders.sort_by_key(|e| e.file_name());
    for folder in folders {
        println!("cargo:rerun-if-changed={}", folder.path().display());
        let mut files: Vec<_> = std::fs::read_dir(folder.path())
            .expect("a scenario folder is readable")
            .filter_map(Result::ok)
            .filter(|e| e.path().extension().is_some_and(|x| x == "toml"))
            .collect();
        files.sort_by_key(|e| e.file_name());
        for file in files {
            entries.push((
                folder.file_name().to_string_lossy().into_owned(),
                file.file_name().to_string_lossy().into_owned(),
                file.path().canonicalize().expect("a scenario's path"),
            ));
        }
    }
    let mut out = String::from(
        "/// The scenarios: (folder, file name, text).\npub const SCENARIOS: &[(&str, &str, &str)] = &[\n",
    );
    for (folder, file, path) in entries {
        writeln!(
            out,
            "    ({folder:?}, {file:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .expect("writes to a string");
    }
    out.push_str("];\n");
    // The test rulesets some scenarios are played under (each extends a
    // bundled ruleset, so it assembles from its text alone).
    let rulesets = Path::new(env!("CARGO_MANIFEST_DIR")).join("rulesets");
    println!("cargo:rerun-if-changed={}", rulesets.display());
    let mut files: Vec<_> = std::fs::read_dir(&rulesets)
        .expect("conformance/rulesets is readable")
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort_by_key(|e| e.file_name());
    out.push_str(
        "/// The test rulesets: (file name, text).\npub const RULESET_FILES: &[(&str, &str)] = &[\n",
    );
    for file in files {
        writeln!(
            out,
            "    ({:?}, include_str!({:?})),",
            file.file_name().to_string_lossy(),
            file.path()
                .canonicalize()
                .expect("a ruleset's path")
                .display()
                .to_string()
        )
        .expect("writes to a string");
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("scenarios.rs");
    std::fs::write(dest, out).expect("writes scenarios.rs");
}
