//! The default policies for what the search does not explore: declared
//! numbers and dead strings.

use tengen_ai::agreement::judge_dead;
use tengen_ai::candidates;
use tengen_core::notation::{format_action, parse_action};
use tengen_core::{Action, Game, Seat};

/// The action `text` names in the move notation.
fn act(game: &Game, text: &str) -> Action {
    parse_action(&game.rules().geometry, text).expect("a well-formed action")
}

/// `action` in the move notation.
fn written(game: &Game, action: Action) -> String {
    format_action(&game.rules().geometry, action)
}

/// The two-batch setup asks Player 1 for two batch sizes: the player
/// declares the sizes the setup's authors suggest (an eighth and a
/// sixteenth of the points), and the search weighs nothing else there.
#[test]
fn declares_the_suggested_batch_sizes() {
    let rules = tengen_variants::library()
        .assemble("kill-all-go", &["size=9".into(), "setup=two-batch".into()])
        .expect("kill-all-go assembles");
    let mut game = Game::new(rules);
    let mut options = Vec::new();
    candidates(&game, Seat::One, &mut options);
    assert_eq!(options, vec![act(&game, "declare batch-a 10")]);
    game.apply(Seat::One, options[0]).expect("accepted");
    candidates(&game, Seat::One, &mut options);
    assert_eq!(options, vec![act(&game, "declare batch-b 5")]);
}

/// A lone stone inside the opponent's settled area is dead; the walls
/// that settle it are not. (The areas are filled as at the end of a game:
/// in a wide empty area, random continuations capture a lone stone only
/// about half the time, and the judgement is a coin flip.)
#[test]
fn judges_lone_stones_in_enemy_areas_dead() {
    let rules = tengen_variants::library()
        .assemble("go", &["size=9".into()])
        .expect("go assembles");
    let stones = tengen_core::text::read(
        &rules.geometry,
        "
        . X . X X O . O .
        X X X X X O O O O
        . X . X X O . O .
        X X X X X O O O O
        . X O . X O X . O
        X X X X X O O O O
        . X . X X O . O .
        X X X X X O O O O
        . X . X X O . O .",
    )
    .expect("a 9x9 diagram");
    let game = Game::from_position(rules, &stones, Some(Seat::One)).expect("legal");
    let g = &game.rules().geometry;
    let at = |name: &str| g.parse_point(name).expect("on the board");
    let dead = judge_dead(&game, Seat::One, 64, 1);
    assert!(dead.contains(at("C5")) && dead.contains(at("G5")));
    assert!(!dead.contains(at("E5")) && !dead.contains(at("F5")));
    assert_eq!(dead.len(), 2, "the two lone stones, nothing else");
}

/// A handicap (Thue-Morse Go's handicap passes) and a reverse komi are
/// declared at the smallest value the rules allow: the AI does not know
/// its opponent's strength.
#[test]
fn declares_the_smallest_handicap_and_reverse_komi() {
    for (option, words) in [
        ("handicap", "declare handicap"),
        ("reverse-komi", "declare reverse-komi"),
    ] {
        let rules = tengen_variants::library()
            .assemble("thue-morse-go", &["size=11".into(), option.into()])
            .expect("thue-morse-go assembles");
        // Play on (the first legal placement each time) until someone is
        // to declare: Player 2, at the start of their first move.
        let mut game = Game::new(rules);
        let value_of = |game: &Game, a: &Action| {
            written(game, *a)
                .strip_prefix(&format!("{words} "))
                .and_then(|n| n.parse::<u32>().ok())
        };
        let (seat, legal) = loop {
            let seat = tengen_ai::next_actor(&game).expect("the game goes on");
            let legal = game.legal_actions(seat);
            if legal.iter().any(|a| value_of(&game, a).is_some()) {
                break (seat, legal);
            }
            assert!(game.record().len() < 6, "no `{words}` with `{option}`");
            let place = legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Place(_)))
                .expect("a placement");
            game.apply(seat, place).expect("legal");
        };
        let smallest = legal
            .iter()
            .filter_map(|a| value_of(&game, a))
            .min()
            .expect("a value");
        let mut options = Vec::new();
        candidates(&game, seat, &mut options);
        let declared: Vec<String> = options
            .iter()
            .map(|&a| written(&game, a))
            .filter(|a| a.starts_with("declare"))
            .collect();
        assert_eq!(declared, vec![format!("{words} {smallest}")], "{option}");
    }
}

/// Kill-All Go's Pieboxing setup (seed `kill-all-go.toml`, setups): once
/// the setup limit is reached, the player to move must claim the Attacker
/// side. With 39 of the 40 stones placed, placing the last one hands the
/// full box to the opponent and leaves the player defending against it, so
/// the claim policy claims the Attacker side at once.
#[test]
fn claims_the_attacker_side_before_the_box_is_handed_over() {
    use tengen_ai::{Mcts, Player, SearchConfig};
    let rules = tengen_variants::library()
        .assemble("kill-all-go", &["size=9".into()])
        .expect("kill-all-go assembles");
    let mut game = Game::new(rules);
    let points: Vec<_> = game.rules().geometry.points().collect();
    let mut seat = Seat::One;
    // Stones on every other point, so no setup stone touches another.
    for &p in points.iter().step_by(2).take(39) {
        game.apply(seat, Action::Place(p)).expect("a setup stone");
        seat = seat.other();
    }
    assert_eq!(seat, Seat::Two, "Player 2 moves with 39 stones placed");
    let mut search = Mcts::new(SearchConfig {
        playouts: 200,
        seed: 1,
        ..SearchConfig::default()
    });
    let choice = search.choose(&game, seat).expect("a choice");
    assert_eq!(written(&game, choice.action), "claim attacker");
    assert!(choice.win_rate.is_some_and(|w| w > 0.5), "{choice:?}");
}
