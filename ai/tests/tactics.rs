//! The search sees what a position demands.

use tengen_ai::{Mcts, Player, SearchConfig};
use tengen_core::{Action, Game, Seat};

fn position(diagram: &str) -> Game {
    let rules = tengen_variants::library()
        .assemble("go", &["size=9".into()])
        .expect("go assembles");
    let stones = tengen_core::text::read(&rules.geometry, diagram).expect("a 9x9 diagram");
    Game::from_position(rules, &stones, Some(Seat::One)).expect("a legal position")
}

/// A capturing race: Black's string on row 6 and White's on row 5 have
/// one liberty each (J6 and J5). Black to play must capture at J5; any
/// other move but the slower J6 lets White capture eight stones at J6.
#[test]
fn wins_the_capturing_race() {
    let game = position(
        "
        . . . . . . . . .
        . . . . . . . . .
        O O O O O O O O .
        X X X X X X X X .
        O O O O O O O O .
        X X X X X X X X .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    let j5 = game
        .rules()
        .geometry
        .parse_point("J5")
        .expect("on the board");
    let mut search = Mcts::new(SearchConfig {
        playouts: 1000,
        seed: 5,
        ..SearchConfig::default()
    });
    let choice = search.choose(&game, Seat::One).expect("Black has moves");
    assert_eq!(choice.action, Action::Place(j5), "{choice:?}");
    assert!(choice.win_rate.is_some_and(|r| r > 0.6), "{choice:?}");
}
