//! Runs every scenario under `conformance/scenarios/` and snapshots its trace.
//! A scenario whose explicit expectations fail is reported (all of them at
//! the end) and its trace is not snapshotted.

use std::sync::Mutex;
use tengen_conformance::Scenario;

#[test]
fn scenarios() {
    tengen_variants::link();
    let library = tengen_variants::library();
    let failures = Mutex::new(Vec::new());
    let count = Mutex::new(0);
    insta::glob!("../../conformance/scenarios", "**/*.toml", |path| {
        *count.lock().unwrap() += 1;
        let scenario = match Scenario::read(path) {
            Ok(s) => s,
            Err(e) => {
                failures.lock().unwrap().push(e);
                return;
            }
        };
        let outcome = scenario.run(library, path.parent().expect("a folder"));
        if outcome.failures.is_empty() {
            insta::assert_snapshot!(outcome.trace);
        } else {
            let report = format!(
                "{}:\n  {}\n--- trace ---\n{}",
                path.display(),
                outcome.failures.join("\n  "),
                outcome.trace
            );
            // Printed at once too: insta stops the test early when snapshots
            // are pending.
            eprintln!("{report}");
            failures.lock().unwrap().push(report);
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} scenario(s) failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    assert!(
        *count.lock().unwrap() >= 30,
        "the suite has at least 30 scenarios"
    );
}
