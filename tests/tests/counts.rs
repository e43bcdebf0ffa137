//! The count files under `conformance/counts/` (legal action sequences to
//! a small depth, as perft counts them): every count is recomputed and
//! must be the one the file keeps; a difference names the file, the
//! position and the depth. `tengen conformance count --write FILE` records new counts.

use tengen_conformance::counts::{COUNTS, CountFile};

#[test]
fn every_count_file_holds_tengens_counts() {
    let mut files: Vec<_> = std::fs::read_dir(COUNTS)
        .expect("conformance/counts is readable")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 7,
        "at least seven count files ({})",
        files.len()
    );
    let mut failures = Vec::new();
    for path in &files {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let counts = CountFile::read(path).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            !counts.positions.is_empty(),
            "{name}: a count file has positions"
        );
        match counts.recount() {
            Ok(recounted) => failures.extend(
                counts
                    .differences(&recounted)
                    .into_iter()
                    .map(|d| format!("{name}: {d}")),
            ),
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    assert!(
        failures.is_empty(),
        "counts differ from the files (record new ones with `tengen conformance count --write`):\n  {}",
        failures.join("\n  ")
    );
}

/// Depth 1 is the number of legal actions, as hand-counted in the README:
/// on an empty 5x5 Atari Go board, 25 placements and resign (no pass).
#[test]
fn depth_one_is_the_legal_actions() {
    let file = CountFile {
        ruleset: "atari-go".into(),
        options: vec!["size=5".into()],
        positions: Vec::new(),
    };
    let position = tengen_conformance::counts::CountPosition {
        name: "empty".into(),
        start: None,
        first: None,
        moves: Vec::new(),
        counts: Vec::new(),
    };
    let mut game = file.game(&position).expect("5x5 Atari Go assembles");
    assert_eq!(tengen_conformance::counts::count(&mut game, 1), vec![26]);
}

/// Every bundled ruleset has a count file, so another engine can check its
/// move generation for each.
#[test]
fn every_bundled_ruleset_has_a_count_file() {
    tengen_variants::link();
    let counted: std::collections::BTreeSet<String> = std::fs::read_dir(COUNTS)
        .expect("conformance/counts is readable")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| {
            CountFile::read(&p)
                .unwrap_or_else(|e| panic!("{e}"))
                .ruleset
        })
        .collect();
    let missing: Vec<&str> = tengen_variants::library()
        .bundled()
        .iter()
        .map(|b| b.id)
        .filter(|id| !counted.contains(*id))
        .collect();
    assert!(missing.is_empty(), "no count file for {missing:?}");
}

/// A count file cannot ask for a count that would run for hours: more than
/// `MAX_DEPTH` depths is refused when the file is read, naming the position.
#[test]
fn a_count_file_asking_too_deep_is_refused() {
    let path = std::env::temp_dir().join(format!("tengen-deep-count-{}.toml", std::process::id()));
    let zeros = ["0"; tengen_conformance::counts::MAX_DEPTH + 1].join(", ");
    let text = format!(
        "ruleset = \"go\"\noptions = [\"size=9\"]\n\n[[position]]\nname = \"the empty board\"\ncounts = [{zeros}]\n"
    );
    std::fs::write(&path, text).unwrap();
    let refused = CountFile::read(&path);
    std::fs::remove_file(&path).unwrap();
    let error = refused.expect_err("too many depths are refused");
    assert!(
        error.contains("`the empty board` asks for 6 depths"),
        "{error}"
    );
}
