//! Embeds every ruleset file of `rulesets/` into the crate, and declares
//! every file of the component folders (`src/<kind>/*.rs`) as a module of
//! its folder, so a new component is one new file: nothing lists it.

use std::fmt::Write;
use std::path::Path;

/// The folders of components, one per kind.
const COMPONENT_FOLDERS: [&str; 7] = [
    "topology",
    "opening",
    "schedule",
    "resolver",
    "repetition",
    "scoring",
    "objective",
];

/// Writes `OUT_DIR/modules_<folder>.rs`: a `mod` item for each file of
/// `src/<folder>` but `mod.rs`, in name order, which the folder's `mod.rs`
/// includes. The paths are absolute (an included file's relative paths
/// would be read from `OUT_DIR`), under `CARGO_MANIFEST_DIR` as cargo
/// gives it, so that the registry can show them from the workspace root
/// (see `tengen_core::registry::workspace_path`).
fn declare_component_modules(out: &Path) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for folder in COMPONENT_FOLDERS {
        let dir = src.join(folder);
        println!("cargo:rerun-if-changed={}", dir.display());
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .expect("a component folder")
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| {
                p.extension().is_some_and(|e| e == "rs")
                    && p.file_name().is_some_and(|n| n != "mod.rs")
            })
            .collect();
        files.sort();
        let mut code = String::new();
        for path in files {
            let name = path
                .file_stem()
                .and_then(|s| s.to_str())
                .expect("a file name");
            assert!(
                !name.is_empty()
                    && name
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
                "{}: a component file's name must be a Rust module name (lower case, digits, `_`)",
                path.display()
            );
            writeln!(code, "#[path = {:?}]\npub mod {name};", path.display())
                .expect("writing to a string");
        }
        std::fs::write(out.join(format!("modules_{folder}.rs")), code)
            .expect("writing a module list");
    }
}

fn main() {
    let out_dir = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    declare_component_modules(&out_dir);
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
