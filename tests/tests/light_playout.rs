//! The light playout board (`tengen_core::playout::LightGame`) plays the
//! rulesets it accepts exactly as the generic engine does: the same seed
//! makes the same game, every placement it allows the generic engine
//! allows and the other way round, and the final score is the same. It
//! refuses every ruleset it cannot play exactly.

use tengen_core::playout::{LightBoardChoice, LightGame, Playout, PlayoutRng, Policy};
use tengen_core::{Action, Game, Phase, Seat, ToAct};

/// The rulesets the light board plays, with every ko rule and suicide rule
/// they offer, and a handicap opening (the board takes over once it is
/// placed).
const LIGHT: &[(&str, &[&str])] = &[
    ("go", &["size=9"]),
    ("go", &["size=9", "ko=simple"]),
    ("go", &["size=19", "ko=simple"]),
    ("go", &["size=13", "handicap=4"]),
    ("tromp-taylor", &["size=9"]),
    ("tromp-taylor", &["size=9", "ko=simple"]),
    ("tromp-taylor", &["size=13", "ko=simple", "komi=0"]),
];

/// Rulesets the light board must leave to the generic engine: moves of
/// several placements, special turns, no passing, other objectives,
/// buttons and reverse komi still to settle.
const GENERIC: &[(&str, &[&str])] = &[
    ("thue-morse-go", &["size=11"]),
    ("enhanced-go", &["size=9"]),
    ("mathematical-go", &["size=9"]),
    ("kill-all-go", &["size=9"]),
];

use tengen_conformance::new_game as game;

/// Both boards a light game can stand on: the square-grid board (which
/// these square rulesets get by default) and the generic board.
const BOARDS: [LightBoardChoice; 2] = [LightBoardChoice::Fastest, LightBoardChoice::Generic];

/// `game` after `moves` moves of the generic light policy (and the
/// opening, if any), so the light board takes over in the middle of a
/// game, with a capture, a ko or a pass behind it.
fn after(mut game: Game, moves: u64, seed: u64) -> Game {
    let mut policy = Playout::new(seed);
    policy.action_limit = moves;
    policy.play(&mut game);
    game
}

#[test]
fn the_same_seed_makes_the_same_game_on_both_boards() {
    for policy in [Policy::Light, Policy::Tactics, Policy::Shapes] {
        same_games_on_both_boards(policy);
    }
}

/// The games of `policy` from the same seeds on the generic engine and on
/// both light boards are the same, move by move, to the same score.
fn same_games_on_both_boards(policy: Policy) {
    let mut compared = 0;
    for &(ruleset, options) in LIGHT {
        for (seed, choice) in (1..=6u64).flat_map(|s| BOARDS.map(|c| (s, c))) {
            let start = after(game(ruleset, options), seed * 7, seed);
            if start.state().phase() != Phase::Play {
                continue;
            }
            let mut light = LightGame::from_game_on(&start, choice)
                .unwrap_or_else(|| panic!("{ruleset} {options:?}: the light board refuses it"));
            assert_eq!(light.on_square_grid(), choice == LightBoardChoice::Fastest);
            let limit = 3 * start.rules().geometry.point_count() as u64;
            let mut generic_policy = Playout::with_policy(seed ^ 0xABCD, policy);
            generic_policy.keep_placements();
            generic_policy.action_limit = limit;
            let mut light_policy = generic_policy.clone();
            let mut generic = start.copy_without_undo();
            let played = generic_policy.play(&mut generic);
            let light_played = light_policy.play_light(&mut light);
            let context = format!("{ruleset} {options:?} seed {seed} {choice:?} {policy:?}");
            assert_eq!(
                generic_policy.placements(),
                light_policy.placements(),
                "{context}: the same placements in the same order"
            );
            assert_eq!(played.placements, light_played.placements, "{context}");
            assert_eq!(generic.board().hash(), light.hash(), "{context}");
            if played.finished {
                assert!(light.is_over(), "{context}: both games are over");
                let result = generic.result().expect("a finished game has a result");
                let sheet = result.score.as_ref().expect("the score decided");
                let state = generic.state();
                let lead = sheet.total[state.colour_of(Seat::One)]
                    - sheet.total[state.colour_of(Seat::Two)];
                assert_eq!(light.lead(), lead, "{context}: the same score");
                assert_eq!(light.leader(), result.winner, "{context}: the same winner");
                compared += 1;
            }
        }
    }
    assert!(compared >= 40, "only {compared} finished games compared");
}

#[test]
fn both_boards_allow_the_same_placements_at_every_step() {
    for &(ruleset, options) in LIGHT {
        if options.contains(&"size=19") {
            continue;
        }
        for (seed, choice) in (1..=3u64).flat_map(|s| BOARDS.map(|c| (s, c))) {
            let mut generic = after(game(ruleset, options), 0, seed);
            let mut light =
                LightGame::from_game_on(&generic, choice).expect("the light board plays it");
            let mut rng = PlayoutRng::new(seed);
            let limit = 3 * generic.rules().geometry.point_count();
            for step in 0..limit {
                let ToAct::Seat(seat) = generic.to_act() else {
                    break;
                };
                if generic.state().phase() != Phase::Play {
                    break;
                }
                assert_eq!(light.mover(), seat, "{ruleset} step {step}: the mover");
                let points: Vec<_> = generic.rules().geometry.points().collect();
                let legal: Vec<_> = points
                    .iter()
                    .copied()
                    .filter(|&p| generic.is_legal_placement(seat, p))
                    .collect();
                let light_legal: Vec<_> = points
                    .iter()
                    .copied()
                    .filter(|&p| light.is_legal(p))
                    .collect();
                assert_eq!(
                    legal, light_legal,
                    "{ruleset} {options:?} seed {seed} step {step}: the legal placements"
                );
                // Mostly a placement, sometimes a pass (one pass in a row
                // never ends the game here).
                if legal.is_empty() || rng.below(12) == 0 {
                    generic.apply(seat, Action::Pass).expect("passing is legal");
                    assert!(light.pass());
                } else {
                    let p = legal[rng.below(legal.len())];
                    generic.apply(seat, Action::Place(p)).expect("legal");
                    assert!(light.place_if_legal(p));
                }
                assert_eq!(generic.board().hash(), light.hash());
                assert_eq!(
                    light.is_over(),
                    generic.state().phase() != Phase::Play,
                    "{ruleset} step {step}: play stops on both boards together"
                );
            }
        }
    }
}

#[test]
fn a_refused_placement_changes_nothing() {
    let start = after(game("go", &["size=9", "ko=simple"]), 40, 3);
    let mut light = LightGame::from_game(&start).expect("the light board plays go");
    let occupied = start
        .board()
        .stones()
        .next()
        .map(|(p, _)| p)
        .expect("a stone after 40 moves");
    let (hash, mover) = (light.hash(), light.mover());
    assert!(!light.place_if_legal(occupied), "an occupied point");
    assert_eq!((light.hash(), light.mover()), (hash, mover));
}

#[test]
fn rulesets_the_bare_board_cannot_play_are_left_to_the_generic_engine() {
    for &(ruleset, options) in GENERIC {
        let start = after(game(ruleset, options), 10, 1);
        assert!(
            LightGame::from_game(&start).is_none(),
            "{ruleset} {options:?} is not a light ruleset"
        );
    }
    // A finished game has nothing left to play.
    let mut over = game("tromp-taylor", &["size=9"]);
    Playout::new(1).play(&mut over);
    assert!(LightGame::from_game(&over).is_none(), "the game is over");
}

/// Tromp-Taylor Go with simple ko (seed `tromp-taylor.toml`, option `ko`;
/// the simple ko rule refuses a placement that recreates the board before
/// the latest one). Black plays A1, then B1, which joins A1 into a string
/// with no liberty: both stones are self-captured. After White passes,
/// Black on A1 again would bring back the board before that self-capture,
/// though A1 has an empty neighbour: both boards refuse it.
#[test]
fn a_stone_next_to_an_empty_point_can_still_repeat_after_a_self_capture() {
    let mut generic = game("tromp-taylor", &["size=9", "ko=simple"]);
    let g = std::sync::Arc::clone(&generic.rules().geometry);
    let at = |name: &str| g.parse_point(name).expect("on the board");
    let moves = [
        (Seat::One, Some("A1")),
        (Seat::Two, Some("A2")),
        (Seat::One, None),
        (Seat::Two, Some("B2")),
        (Seat::One, None),
        (Seat::Two, Some("C1")),
        (Seat::One, Some("B1")),
        (Seat::Two, None),
    ];
    for (seat, point) in moves {
        let action = point.map_or(Action::Pass, |p| Action::Place(at(p)));
        generic.apply(seat, action).expect("a legal move");
    }
    assert!(generic.board().is_empty(at("A1")) && generic.board().is_empty(at("B1")));
    assert!(
        !generic.is_legal_placement(Seat::One, at("A1")),
        "the generic engine refuses the repetition"
    );
    for choice in BOARDS {
        let light = LightGame::from_game_on(&generic, choice).expect("the light board plays it");
        assert!(
            !light.is_legal(at("A1")),
            "so does the light board ({choice:?})"
        );
        assert!(
            light.is_legal(at("B1")),
            "B1 alone makes a new board ({choice:?})"
        );
        // The same moves played on the light board itself, which must
        // remember that the latest placement self-captured two stones.
        let fresh = game("tromp-taylor", &["size=9", "ko=simple"]);
        let mut light = LightGame::from_game_on(&fresh, choice).expect("a light ruleset");
        for (_, point) in moves {
            assert!(match point {
                Some(p) => light.place_if_legal(at(p)),
                None => light.pass(),
            });
        }
        assert_eq!(light.hash(), generic.board().hash());
        assert!(
            !light.is_legal(at("A1")),
            "{choice:?}: A1 repeats the board"
        );
        assert!(light.is_legal(at("B1")), "{choice:?}: B1 does not");
    }
}

/// Plays `moves` from the start of `tromp-taylor` with simple ko on the
/// generic engine and on a light game on each board, and compares which
/// points each allows before every move and after the last; returns the
/// generic game.
fn play_side_by_side(moves: &[Option<&str>]) -> Game {
    let mut generic = game("tromp-taylor", &["size=9", "ko=simple"]);
    let g = std::sync::Arc::clone(&generic.rules().geometry);
    let at = |name: &str| g.parse_point(name).expect("on the board");
    let mut lights: Vec<LightGame> = BOARDS
        .iter()
        .map(|&choice| LightGame::from_game_on(&generic, choice).expect("a light ruleset"))
        .collect();
    for step in 0..=moves.len() {
        let ToAct::Seat(seat) = generic.to_act() else {
            panic!("step {step}: nobody to move");
        };
        for light in &lights {
            for p in g.points() {
                assert_eq!(
                    light.is_legal(p),
                    generic.is_legal_placement(seat, p),
                    "step {step}: {} (square grid: {})",
                    g.name(p),
                    light.on_square_grid()
                );
            }
        }
        let Some(&point) = moves.get(step) else {
            break;
        };
        let action = point.map_or(Action::Pass, |p| Action::Place(at(p)));
        generic.apply(seat, action).expect("a legal move");
        for light in &mut lights {
            assert!(match point {
                Some(p) => light.place_if_legal(at(p)),
                None => light.pass(),
            });
            assert_eq!(light.hash(), generic.board().hash(), "step {step}");
        }
    }
    generic
}

/// The light board settles placements with no empty neighbour by the
/// stones around them (simple ko, self-capture allowed), and each reading
/// agrees with the rule (the Tromp-Taylor rules of John Tromp and Bill
/// Taylor, rules 7 and 8, with the ruleset's `ko = simple` option: simple ko
/// refuses the board before the opponent's latest placement). Black's A1
/// joined by B1 into a string of two with no liberty, right after White's
/// pass, brings back the board before A1: refused; played after a White
/// stone instead, it makes a new board: allowed. A ko capture cannot be
/// taken back at once, but after a move elsewhere it can. A lone Black
/// stone in White's eye changes nothing: refused.
#[test]
fn placements_without_an_empty_neighbour_repeat_only_where_the_rule_says() {
    let surround = [
        Some("J9"),
        Some("A2"),
        Some("J8"),
        Some("B2"),
        Some("J7"),
        Some("C1"),
        Some("A1"),
    ];
    let point = |g: &Game, name: &str| g.rules().geometry.parse_point(name).expect(name);
    let g = play_side_by_side(&[&surround[..], &[None]].concat());
    assert!(
        !g.is_legal_placement(Seat::One, point(&g, "B1")),
        "after a pass: refused"
    );
    let g = play_side_by_side(&[&surround[..], &[Some("H1")]].concat());
    assert!(
        g.is_legal_placement(Seat::One, point(&g, "B1")),
        "after a stone: allowed"
    );

    // Black D6 C5 D4 and White E6 F5 E4 face each other; White's D5 is
    // taken by Black's E5.
    let mut moves = vec![
        Some("D6"),
        Some("E6"),
        Some("C5"),
        Some("F5"),
        Some("D4"),
        Some("E4"),
        Some("A9"),
        Some("D5"),
        Some("E5"),
    ];
    let g = play_side_by_side(&moves);
    assert!(g.board().is_empty(point(&g, "D5")), "E5 captured D5");
    assert!(
        !g.is_legal_placement(Seat::Two, point(&g, "D5")),
        "no retaking at once"
    );
    moves.extend([Some("H1"), Some("A8"), Some("D5")]);
    let g = play_side_by_side(&moves);
    assert!(
        g.board().is_empty(point(&g, "E5")),
        "after a threat, D5 retook"
    );
    assert!(
        !g.is_legal_placement(Seat::One, point(&g, "E5")),
        "the ko again"
    );
    moves.extend([Some("A7"), Some("J2")]);
    let g = play_side_by_side(&moves);
    assert!(
        !g.is_legal_placement(Seat::One, point(&g, "J1")),
        "J1 changes nothing"
    );
    assert!(
        g.is_legal_placement(Seat::One, point(&g, "E5")),
        "the ko is over"
    );
}

/// The share of a playout's placements that neighbour the placement
/// before them, over playouts from the empty 9x9 board on `choice`.
fn share_next_to_the_last(choice: LightBoardChoice, mut policy: Playout) -> f64 {
    let start = game("go", &["size=9"]);
    policy.keep_placements();
    policy.action_limit = 30;
    let geometry = std::sync::Arc::clone(&start.rules().geometry);
    let (mut next_to, mut all) = (0, 0);
    for _ in 0..50 {
        let mut light = LightGame::from_game_on(&start, choice).expect("the light board plays go");
        policy.play_light(&mut light);
        for pair in policy.placements().windows(2) {
            all += 1;
            next_to += usize::from(geometry.are_neighbours(pair[0].1, pair[1].1));
        }
    }
    next_to as f64 / all as f64
}

/// The learned shapes steer the playout: with weights that make a
/// placement next to the last one a billion times stronger than any
/// other, most placements of the shapes policy neighbour the one before
/// it, on both boards (0.73 of them; the others are tactical answers, or
/// follow a placement with no free neighbour), where the tactics alone
/// put 0.06 there.
#[test]
fn the_shapes_policy_plays_where_the_weights_say() {
    let mut weights = tengen_core::pattern::PatternWeights::neutral();
    assert!(weights.set(1, 0, 1e9), "near-last 0 is one link away");
    let weights = std::sync::Arc::new(weights);
    for choice in BOARDS {
        let shapes = share_next_to_the_last(choice, Playout::with_shapes(5, weights.clone()));
        let tactics = share_next_to_the_last(choice, Playout::with_policy(5, Policy::Tactics));
        assert!(shapes > 0.6, "{choice:?}: shapes {shapes}");
        assert!(tactics < 0.2, "{choice:?}: tactics {tactics}");
    }
}
