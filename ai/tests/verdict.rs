//! A decided game is ended, not dragged on: the search passes a sure win
//! where passing is allowed, and resigns a lost game where resignation
//! is allowed (and switched on).

use tengen_ai::verdict::{RESIGN_STREAK, passed_back};
use tengen_ai::{Mcts, Player, SearchConfig};
use tengen_core::{Action, Game, Phase, Seat, ToAct};

/// A finished board of `size` points a side: X holds all columns but the
/// last three, with many eyes and a wide empty area in the lower left
/// (where a stone changes nothing), O the last three columns, alive with
/// an eye on every other row. X leads on the board by a third of it (27
/// points on 9x9). With `swapped`, O and X exchange places.
fn finished_board(size: usize, swapped: bool) -> String {
    let (x, o) = if swapped { ('O', 'X') } else { ('X', 'O') };
    let mut rows = Vec::new();
    for r in 0..size {
        let row: Vec<String> = (0..size)
            .map(|c| {
                let point = if c >= size - 3 {
                    if r % 2 == 0 && c == size - 2 { '.' } else { o }
                } else if (r + 3 >= size && c < 4) || (r % 2 == 0 && c % 2 == 0 && c < size - 4) {
                    '.'
                } else {
                    x
                };
                point.to_string()
            })
            .collect();
        rows.push(row.join(" "));
    }
    rows.join("\n")
}

fn position(ruleset: &str, options: &[&str], diagram: &str, first: Seat) -> Game {
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    let rules = tengen_variants::library()
        .assemble(ruleset, &options)
        .unwrap_or_else(|d| panic!("{ruleset} assembles: {d:?}"));
    let stones = tengen_core::text::read(&rules.geometry, diagram).expect("a 9x9 diagram");
    Game::from_position(rules, &stones, Some(first)).expect("a legal position")
}

fn search(resign: bool) -> Mcts {
    Mcts::new(SearchConfig {
        playouts: 400,
        seed: 3,
        resign,
        ..SearchConfig::default()
    })
}

/// Go: with the game won (X to move, 27 points ahead with nothing left to
/// settle), the search passes instead of placing a stone inside its own
/// area; after the opponent's pass it passes too, and play stops.
#[test]
fn passes_a_won_game_of_go() {
    let mut game = position("go", &["size=9"], &finished_board(9, false), Seat::One);
    let mut ai = search(true);
    let choice = ai.choose(&game, Seat::One).expect("a choice");
    assert_eq!(choice.action, Action::Pass, "{choice:?}");
    assert!(choice.win_rate.is_some_and(|w| w >= 0.97), "{choice:?}");
    game.apply(Seat::One, Action::Pass).expect("legal");
    game.apply(Seat::Two, Action::Pass).expect("legal");
    assert_eq!(game.state().phase(), Phase::Agreement);
}

/// Thue-Morse Go: the opponent passes (proposing to end the game) and the
/// search, which has won, answers with a pass of its whole move, which
/// ends the game in its favour, instead of placing stones until the
/// opponent has passed again and again.
#[test]
fn answers_a_pass_in_a_won_game_of_thue_morse_go() {
    let mut game = position(
        "thue-morse-go",
        &["size=11"],
        &finished_board(11, false),
        Seat::Two,
    );
    game.apply(Seat::Two, Action::Pass)
        .expect("a pass is legal");
    let mut ai = search(true);
    for _ in 0..4 {
        if game.state().phase() == Phase::Over {
            break;
        }
        let choice = ai.choose(&game, Seat::One).expect("a choice");
        assert!(
            !matches!(choice.action, Action::Place(_)),
            "the search placed a stone in a won game: {choice:?}"
        );
        game.apply(Seat::One, choice.action).expect("legal");
    }
    assert_eq!(game.state().phase(), Phase::Over);
    let result = game.result().expect("a result");
    assert_eq!(result.winner, Some(Seat::One), "{result:?}");
}

/// Where passing is not allowed (Mathematical Go), a won game is played
/// on: the search places a stone.
#[test]
fn plays_on_a_won_game_where_passing_is_not_allowed() {
    let game = position(
        "mathematical-go",
        &["size=9"],
        &finished_board(9, false),
        Seat::One,
    );
    let choice = search(true).choose(&game, Seat::One).expect("a choice");
    assert!(matches!(choice.action, Action::Place(_)), "{choice:?}");
}

/// The choice, of the first few by X 27 points behind with nothing left
/// to settle, at which X resigns, if any.
fn choices_until_resigning(ruleset: &str, options: &[&str], resign: bool) -> Option<usize> {
    let game = position(ruleset, options, &finished_board(9, true), Seat::One);
    let mut ai = search(resign);
    (1..=RESIGN_STREAK as usize + 2).find(|_| {
        let choice = ai.choose(&game, Seat::One).expect("a choice");
        assert!(game.legal_actions(Seat::One).contains(&choice.action));
        choice.action == Action::Resign
    })
}

/// The search resigns a lost game of Go after [`RESIGN_STREAK`] lost
/// choices in a row, not at the first.
#[test]
fn resigns_a_lost_game_after_a_run_of_lost_choices() {
    assert_eq!(
        choices_until_resigning("go", &["size=9"], true),
        Some(RESIGN_STREAK as usize)
    );
}

/// With resigning switched off (`--no-resign`) the search plays a lost
/// game on; so it does where the ruleset allows no resignation (Enhanced
/// Go).
#[test]
fn never_resigns_when_switched_off_or_not_allowed() {
    assert_eq!(choices_until_resigning("go", &["size=9"], false), None);
    assert_eq!(choices_until_resigning("enhanced-go", &[], true), None);
}

/// Where two passes end the game on the board as it stands (Tromp-Taylor
/// Go), a pass is judged by that result; where an agreement phase follows
/// instead (Go), passing back decides nothing yet.
#[test]
fn a_pass_is_judged_by_the_opponent_passing_back_where_that_ends_the_game() {
    let ahead = position(
        "tromp-taylor",
        &["size=9"],
        &finished_board(9, false),
        Seat::One,
    );
    assert_eq!(passed_back(&ahead, Seat::One, Action::Pass), Some(1.0));
    let behind = position(
        "tromp-taylor",
        &["size=9"],
        &finished_board(9, true),
        Seat::One,
    );
    assert_eq!(passed_back(&behind, Seat::One, Action::Pass), Some(0.0));
    let go = position("go", &["size=9"], &finished_board(9, false), Seat::One);
    assert_eq!(passed_back(&go, Seat::One, Action::Pass), None);
}

/// Thue-Morse Go, once marking is over: O's area holds twelve dead X
/// stones, one in each of its two-point eyes, so O wins by 33 once they
/// are captured, while on the board as it stands X wins (56 to 53). O
/// proposed one of them dead and X answered with placements, which ends
/// marking. Passing now would let X pass back and win: O plays on and
/// captures instead (random continuations after the pass, in which X
/// plays on and the stones are taken, rated that pass a sure win).
#[test]
fn does_not_pass_where_passing_back_wins_for_the_opponent() {
    let board = "
        X . O X . O O X . X .
        O O O O O O O X X X X
        X . O X . O O X . X .
        O O O O O O O X X X X
        X . O X . O O X . X .
        O O O O O O O X X X X
        X . O X . O O X . X .
        O O O O O O O X X X X
        X . O X . O O X . X .
        O O O O O O O X X X X
        X . O X . O O X . X .";
    let mut game = position("thue-morse-go", &["size=11"], board, Seat::Two);
    let at = |name: &str| {
        game.rules()
            .geometry
            .parse_point(name)
            .expect("on the board")
    };
    let (a11, j1, l1) = (at("A11"), at("J1"), at("L1"));
    game.apply(Seat::Two, Action::Mark(a11))
        .expect("O marks A11");
    game.apply(Seat::Two, Action::Pass).expect("O passes");
    for point in [j1, l1] {
        if game.to_act() == ToAct::Seat(Seat::One) {
            game.apply(Seat::One, Action::Place(point))
                .expect("X fills its own eye");
        }
    }
    assert_eq!(game.to_act(), ToAct::Seat(Seat::Two));
    assert!(game.state().marks().is_empty(), "marking is over");
    let choice = search(true).choose(&game, Seat::Two).expect("a choice");
    assert!(
        !matches!(choice.action, Action::Pass | Action::PassMove),
        "{choice:?}"
    );
}

/// Go without komi: White's area holds ten dead Black stones, one in each
/// of its two-point eyes, so White wins by 27 once they are removed, while
/// the board as it stands would give Black the game (37 to 34). White has
/// passed. (Black's eye at H1 to H3 leaves it placements that change
/// nothing.) Black's pass would open the agreement phase, where the dead
/// stones are taken off: the search does not rate the game as won by the
/// board as it stands (it did, at 100%, and passed into a lost ending).
#[test]
fn an_agreement_phase_is_judged_with_its_dead_stones_removed() {
    let board = "
        X . O X . O X . X
        O O O O O O X X X
        X . O X . O X . X
        O O O O O O X X X
        X . O X . O X . X
        O O O O O O X X X
        X . O X . O X . X
        O O O O O O X . X
        X . O X . O X . X";
    let mut game = position("go", &["size=9", "komi=0"], board, Seat::Two);
    game.apply(Seat::Two, Action::Pass).expect("White passes");
    let choice = search(true).choose(&game, Seat::One).expect("a choice");
    assert!(choice.win_rate.is_some_and(|w| w < 0.5), "{choice:?}");
}
