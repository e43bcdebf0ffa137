//! Every conformance scenario converts to SGF and back to the same game:
//! the moves of the suite can be studied in any SGF viewer, and the
//! records tengen writes hold every kind of action the suite uses.

use std::path::Path;
use tengen_conformance::Scenario;
use tengen_sgf::{GameInfo, RulesChoice, read_sgf, write_sgf};

#[test]
fn every_scenario_converts_to_sgf_and_back() {
    let library = tengen_variants::library();
    let root = Path::new(tengen_conformance::SCENARIOS).to_path_buf();
    let mut converted = 0;
    let mut folders = vec![root];
    while let Some(dir) = folders.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "toml") {
                continue;
            }
            let scenario = Scenario::read(&path).unwrap();
            if scenario.refused_options.is_some() {
                // Its options do not assemble: there is no game to record.
                continue;
            }
            let game = scenario
                .play_through(library, &dir)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let text = write_sgf(&game, &GameInfo::default());
            // Scenarios on ruleset files name rules no reader can find by
            // id: give them.
            let back = if scenario.ruleset.ends_with(".toml") {
                read_sgf(&text, RulesChoice::Given(game.rules()))
            } else {
                read_sgf(&text, RulesChoice::FromRecord(library))
            }
            .unwrap_or_else(|e| panic!("{}: {e}\n{text}", path.display()));
            assert_eq!(
                back.game.record(),
                game.record(),
                "{}\n{text}",
                path.display()
            );
            assert_eq!(
                back.game.board().hash(),
                game.board().hash(),
                "{}",
                path.display()
            );
            assert_eq!(back.game.result(), game.result(), "{}", path.display());
            converted += 1;
        }
    }
    assert!(converted >= 100, "only {converted} scenarios");
}
