//! Every bundled ruleset, new ones included, through every front end's
//! interface: random games of each of its sample games, each action
//! written and read back in the move notation and in the JSON interface,
//! the whole game written and read back as SGF, and the record replayed
//! through the JSON engine. Nothing here names a ruleset, so a ruleset
//! added as a file is checked as soon as it is bundled.

use serde_json::{Value, json};
use std::sync::Arc;
use tengen_core::playout::{Playout, PlayoutRng};
use tengen_core::{Game, Rules};
use tengen_json::ActionForm;
use tengen_sgf::{GameInfo, RulesChoice, read_sgf, write_sgf};

/// A random game of `rules`: the light policy for a random number of
/// actions, often to the end.
fn random_game(rules: &Arc<Rules>, seed: u64) -> Game {
    let mut rng = PlayoutRng::new(seed);
    let mut game = Game::new(Arc::clone(rules));
    let mut policy = Playout::new(seed);
    policy.action_limit = [10, 60, 400][rng.below(3)];
    policy.play(&mut game);
    game
}

#[test]
fn every_sample_game_round_trips_through_notation_json_sgf_and_the_engine() {
    let library = tengen_variants::library();
    let mut games = 0;
    for bundled in library.bundled() {
        let default = library.assemble(bundled.id, &[]).unwrap();
        for sample in &default.ruleset.meta.samples {
            let rules = library.assemble(bundled.id, sample).unwrap();
            let geometry = &rules.geometry;
            for seed in 1..=2 {
                let game = random_game(&rules, seed);
                let at = format!("{} {sample:?} seed {seed}", bundled.id);
                for &(_, action) in game.record() {
                    let words = tengen_core::notation::format_action(geometry, action);
                    let read = tengen_core::notation::parse_action(geometry, &words)
                        .unwrap_or_else(|e| panic!("{at}: `{words}` does not read back: {e}"));
                    assert_eq!(read, action, "{at}: the notation `{words}`");

                    let form = serde_json::to_string(&ActionForm::of(geometry, action)).unwrap();
                    let back: ActionForm = serde_json::from_str(&form).unwrap();
                    assert_eq!(
                        back.to_action(geometry).unwrap(),
                        action,
                        "{at}: the JSON form {form}"
                    );
                }

                let text = write_sgf(&game, &GameInfo::default());
                let imported = read_sgf(&text, RulesChoice::FromRecord(library))
                    .unwrap_or_else(|e| panic!("{at}: the SGF does not read back: {e}\n{text}"));
                assert_eq!(imported.game.record(), game.record(), "{at}: SGF record");
                assert_eq!(imported.game.state(), game.state(), "{at}: SGF state");

                let mut engine = tengen_json::engine::Engine::new(library);
                let mut ask = |request: Value| -> Value {
                    serde_json::to_value(engine.respond(&request.to_string())).unwrap()
                };
                let reply =
                    ask(json!({"command": "new-game", "ruleset": bundled.id, "options": sample}));
                assert_eq!(reply["ok"], true, "{at}: {reply}");
                let id = reply["result"]["game"]
                    .as_str()
                    .expect("a game id")
                    .to_string();
                for &(seat, action) in game.record() {
                    let reply = ask(json!({
                        "command": "apply", "game": id, "seat": serde_json::to_value(seat).unwrap(),
                        "action": ActionForm::of(geometry, action),
                    }));
                    assert_eq!(
                        reply["ok"], true,
                        "{at}: the engine refused {action:?}: {reply}"
                    );
                }
                games += 1;
            }
        }
    }
    assert!(games >= 40, "only {games} games played");
}
