//! The search on several threads: each grows a tree of its own from the
//! same position, and the choice rests on their root statistics added
//! together.

use crate::positions::capturing_race;
use tengen_ai::{Mcts, Player, SearchConfig, next_actor};
use tengen_core::playout::Policy;
use tengen_core::{Action, Game, Seat};

/// The capturing race of the search's tests (Black must capture at J5,
/// or extend at J6 first): two threads win the race, and with either
/// policy their choice rests on the whole budget and is the same from the
/// same seed.
#[test]
fn two_threads_share_the_budget_and_win_the_race() {
    let (game, j5) = capturing_race();
    for policy in [Policy::Light, Policy::Tactics] {
        let config = SearchConfig {
            playouts: 1000,
            seed: 5,
            threads: 2,
            policy: Some(policy),
            ..SearchConfig::default()
        };
        let mut search = Mcts::new(config.clone());
        let choice = search.choose(&game, Seat::One).expect("Black has moves");
        if policy == Policy::Light {
            let j6 = game.rules().geometry.parse_point("J6").expect("a point");
            assert!(
                [Action::Place(j5), Action::Place(j6)].contains(&choice.action),
                "{choice:?}"
            );
        }
        // Each thread searches half the budget, and the choice counts
        // both halves.
        assert_eq!(choice.playouts, 1000, "{policy:?}");
        // Without a time limit the threads' games do not depend on how
        // they were scheduled: the same seed, the same choice.
        let again = Mcts::new(config).choose(&game, Seat::One).expect("moves");
        assert_eq!(again, choice, "{policy:?}");
    }
}

/// A search on three threads plays a whole game of 9x9 Go against itself
/// on one, reusing each thread's tree from move to move, to a result.
#[test]
fn a_game_on_three_threads_ends() {
    let rules = tengen_variants::library()
        .assemble("go", &["size=9".into()])
        .expect("go assembles");
    let mut game = Game::new(rules);
    let mut players = [
        Mcts::new(SearchConfig {
            playouts: 200,
            seed: 1,
            threads: 3,
            ..SearchConfig::default()
        }),
        Mcts::new(SearchConfig {
            playouts: 200,
            seed: 2,
            ..SearchConfig::default()
        }),
    ];
    for _ in 0..1000 {
        let Some(seat) = next_actor(&game) else {
            break;
        };
        let player = &mut players[seat.index()];
        let Some(choice) = player.choose(&game, seat) else {
            break;
        };
        game.apply(seat, choice.action)
            .expect("the search chooses legal actions");
    }
    assert!(
        game.result().is_some(),
        "the game ended: {:?} after {} actions",
        game.state().phase(),
        game.record().len()
    );
}
