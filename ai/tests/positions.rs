//! Positions the search's tests share.

use tengen_core::{Game, Point, Seat};

/// A 9x9 `go` game at the position of `diagram`, Black to play.
pub(crate) fn position(diagram: &str) -> Game {
    let rules = tengen_variants::library()
        .assemble("go", &["size=9".into()])
        .expect("go assembles");
    let stones = tengen_core::text::read(&rules.geometry, diagram).expect("a 9x9 diagram");
    Game::from_position(rules, &stones, Some(Seat::One)).expect("a legal position")
}

/// A capturing race: Black's string on row 6 and White's on row 5 have
/// one liberty each (J6 and J5). Black to play must capture at J5 (the
/// point returned); any other move but the slower J6 lets White capture
/// eight stones at J6.
pub(crate) fn capturing_race() -> (Game, Point) {
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
    (game, j5)
}
