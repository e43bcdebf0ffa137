//! Writes one test per conformance scenario file (`OUT_DIR/scenario_tests.rs`,
//! included by `tests/conformance.rs`): a module per folder of
//! `conformance/scenarios`, a `#[test]` per file, named after it, so that a
//! failing rule is named by its test and can be run alone
//! (`cargo test -p tengen-suite --test integration conformance::go::snapback`).

use std::fmt::Write as _;
use std::path::Path;

/// A file or folder name as a Rust identifier: `-` and `.` become `_`, and
/// a name that starts with a digit or is a keyword gets a leading `_`.
fn identifier(name: &str) -> String {
    let mut id: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    if id.starts_with(|c: char| c.is_ascii_digit())
        || [
            "fn", "mod", "type", "use", "in", "as", "match", "loop", "move", "ref", "self",
            "super", "crate",
        ]
        .contains(&id.as_str())
    {
        id.insert(0, '_');
    }
    id
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../conformance/scenarios");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut folders: Vec<_> = std::fs::read_dir(&root)
        .expect("conformance/scenarios is readable")
        .filter_map(Result::ok)
        .filter(|e| e.path().is_dir())
        .collect();
    folders.sort_by_key(|e| e.file_name());
    let mut out = String::new();
    let mut count = 0;
    for folder in folders {
        println!("cargo:rerun-if-changed={}", folder.path().display());
        let folder_name = folder.file_name().to_string_lossy().into_owned();
        let mut files: Vec<_> = std::fs::read_dir(folder.path())
            .expect("a scenario folder is readable")
            .filter_map(Result::ok)
            .filter(|e| e.path().extension().is_some_and(|x| x == "toml"))
            .collect();
        files.sort_by_key(|e| e.file_name());
        writeln!(out, "mod {} {{", identifier(&folder_name)).expect("writes to a string");
        for file in files {
            let file_name = file.file_name().to_string_lossy().into_owned();
            let stem = file_name.trim_end_matches(".toml");
            writeln!(
                out,
                "    #[test]\n    fn {}() {{\n        super::check({:?}, {:?});\n    }}",
                identifier(stem),
                folder_name,
                file_name
            )
            .expect("writes to a string");
            count += 1;
        }
        out.push_str("}\n");
    }
    writeln!(
        out,
        "/// How many scenario files there are.\nconst SCENARIO_FILES: usize = {count};"
    )
    .expect("writes to a string");
    let dest = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("scenario_tests.rs");
    std::fs::write(dest, out).expect("writes scenario_tests.rs");
}
