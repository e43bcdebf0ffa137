//! Embeds every ruleset file of `rulesets/` into the crate.

use std::fmt::Write;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../rulesets");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the rulesets folder")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    let mut code = String::from("vec![\n");
    for path in files {
        println!("cargo:rerun-if-changed={}", path.display());
        let id = path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("a file name");
        let file = format!("rulesets/{id}.toml");
        writeln!(
            code,
            "    Bundled {{ id: {id:?}, file: {file:?}, text: include_str!({:?}) }},",
            path.canonicalize().expect("a ruleset path").display()
        )
        .expect("writing to a string");
    }
    code.push_str("]\n");
    let out = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("bundled.rs");
    std::fs::write(out, code).expect("writing bundled.rs");
}
