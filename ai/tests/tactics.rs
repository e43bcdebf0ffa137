//! The search sees what a position demands.

use crate::positions::capturing_race;
use tengen_ai::{Mcts, Player, SearchConfig};
use tengen_core::{Action, Seat};

/// The capturing race of [`capturing_race`]: Black captures at J5.
#[test]
fn wins_the_capturing_race() {
    let (game, j5) = capturing_race();
    let mut search = Mcts::new(SearchConfig {
        playouts: 1000,
        seed: 5,
        ..SearchConfig::default()
    });
    let choice = search.choose(&game, Seat::One).expect("Black has moves");
    assert_eq!(choice.action, Action::Place(j5), "{choice:?}");
    assert!(choice.win_rate.is_some_and(|r| r > 0.6), "{choice:?}");
}
