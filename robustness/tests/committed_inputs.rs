//! Every committed fuzz input, run through its target on the stable
//! toolchain: the seed corpus (`fuzz/seeds/<target>/`) and every input a
//! fuzzer crashed a target with (`fuzz/regressions/<target>/`, each fixed
//! and kept so it stays fixed).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use tengen_robustness::TARGETS;

/// The files of `dir`, sorted (none when it does not exist).
fn inputs(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

#[test]
fn every_committed_input_passes_its_target() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut failures = Vec::new();
    let mut counts = Vec::new();
    for &(name, target) in TARGETS {
        let seeds = inputs(&fuzz.join("seeds").join(name));
        let regressions = inputs(&fuzz.join("regressions").join(name));
        assert!(!seeds.is_empty(), "the target `{name}` has no seed inputs");
        counts.push(format!(
            "{name}: {} seeds, {} regressions",
            seeds.len(),
            regressions.len()
        ));
        for file in seeds.iter().chain(&regressions) {
            let data = std::fs::read(file).expect("a committed input reads");
            if let Err(panic) = catch_unwind(AssertUnwindSafe(|| target(&data))) {
                let message = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                failures.push(format!("{}: {message}", file.display()));
            }
        }
    }
    eprintln!("{}", counts.join("\n"));
    assert!(
        failures.is_empty(),
        "failing inputs:\n{}",
        failures.join("\n")
    );
}
