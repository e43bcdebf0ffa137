//! The search sees what a position demands.

use crate::positions::capturing_race;
use tengen_ai::{Mcts, Player, SearchConfig};
use tengen_core::{Action, Seat};

/// The capturing race of [`capturing_race`]: Black captures at J5, or
/// first extends at J6, which wins the race too.
#[test]
fn wins_the_capturing_race() {
    let (game, j5) = capturing_race();
    let mut search = Mcts::new(SearchConfig {
        playouts: 1000,
        seed: 5,
        ..SearchConfig::default()
    });
    let choice = search.choose(&game, Seat::One).expect("Black has moves");
    let j6 = game.rules().geometry.parse_point("J6").expect("a point");
    assert!(
        [Action::Place(j5), Action::Place(j6)].contains(&choice.action),
        "{choice:?}"
    );
    assert!(choice.win_rate.is_some_and(|r| r > 0.6), "{choice:?}");
}
