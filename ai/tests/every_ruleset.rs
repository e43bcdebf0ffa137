//! The search plays every bundled ruleset: each of its choices is an
//! action the engine accepts, and the same seed gives the same game.

use std::sync::Arc;
use tengen_ai::{Mcts, Player, RandomPlayer, SearchConfig, next_actor};
use tengen_core::{Action, Game, Rules, Seat};

/// The smallest board each bundled ruleset offers, to keep the test fast.
/// The sample games a bundled ruleset declares (its `samples`), assembled.
fn samples(id: &str) -> Vec<(Vec<String>, Arc<Rules>)> {
    let library = tengen_variants::library();
    let rules = library.assemble(id, &[]).unwrap();
    rules
        .ruleset
        .meta
        .samples
        .iter()
        .map(|s| (s.clone(), library.assemble(id, s).unwrap()))
        .collect()
}

/// A bundled ruleset's first sample game: a short one.
fn small(id: &str) -> Arc<Rules> {
    samples(id).swap_remove(0).1
}

/// Plays up to `limit` actions, the search as Player 1 and the random
/// player as Player 2; returns the actions and the game.
fn play(rules: &Arc<Rules>, seed: u64, limit: usize) -> (Vec<(Seat, Action)>, Game) {
    let mut game = Game::new(Arc::clone(rules));
    let mut search = Mcts::new(SearchConfig {
        playouts: 12,
        seed,
        ..SearchConfig::default()
    });
    let mut random = RandomPlayer::new(seed);
    let mut played = Vec::new();
    while played.len() < limit {
        let Some(seat) = next_actor(&game) else {
            break;
        };
        let choice = match seat {
            Seat::One => search.choose(&game, seat),
            Seat::Two => random.choose(&game, seat),
        };
        let Some(choice) = choice else {
            panic!(
                "{}: {seat} had nothing to choose after {:?}",
                rules.ruleset.meta.id, played
            )
        };
        if let Err(refusal) = game.apply(seat, choice.action) {
            panic!(
                "{}: {seat}'s choice {:?} was refused: {refusal}",
                rules.ruleset.meta.id, choice.action
            );
        }
        played.push((seat, choice.action));
    }
    (played, game)
}

#[test]
fn every_choice_is_accepted_on_every_bundled_ruleset() {
    for bundled in tengen_variants::library().bundled() {
        for (sample, rules) in samples(bundled.id) {
            let (played, game) = play(&rules, 3, 120);
            // A game may end early by its own rules (Atari Go's first
            // capture can come within twenty actions); it may not stop
            // short otherwise.
            assert!(
                played.len() >= 20 || game.state().result().is_some(),
                "{} {sample:?}: the game stopped after {} actions without a result",
                bundled.id,
                played.len()
            );
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let rules = small("go");
    assert_eq!(play(&rules, 9, 40).0, play(&rules, 9, 40).0);
    assert_ne!(play(&rules, 9, 40).0, play(&rules, 10, 40).0);
}
