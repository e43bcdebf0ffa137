//! Properties of random legal games of every bundled ruleset: after every
//! action the board's incremental structures agree with a recomputation,
//! no string is left without liberties, undo restores the exact state, a
//! refused action changes nothing, every offered action is accepted, and no
//! position repeats where the repetition rule forbids it.

use proptest::prelude::*;
use std::collections::HashSet;
use tengen_core::{Action, Game, Phase, Point, Seat, ToAct};

/// A small deterministic generator (xorshift64*), so a failing case can be
/// replayed from its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Picks an action the way a careless player would: mostly a placement,
/// sometimes a pass, rarely anything else.
fn pick(game: &Game, rng: &mut Rng) -> (Seat, Action) {
    let seat = match game.to_act() {
        ToAct::Seat(s) => s,
        _ => Seat::BOTH[rng.below(2)],
    };
    let legal = game.legal_actions(seat);
    assert!(
        !legal.is_empty(),
        "{seat} has no legal action in {:?}",
        game.state().phase()
    );
    let placements: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Place(_)))
        .collect();
    let roll = rng.below(100);
    if !placements.is_empty() && roll < 92 {
        return (seat, placements[rng.below(placements.len())]);
    }
    let others: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| *a != Action::Resign || roll == 99)
        .collect();
    let pool = if others.is_empty() { &legal } else { &others };
    (seat, pool[rng.below(pool.len())])
}

/// A random action, legal or not.
fn anything(game: &Game, rng: &mut Rng) -> (Seat, Action) {
    let points = game.rules().geometry.point_count();
    let p = Point::new(rng.below(points));
    let action = match rng.below(8) {
        0 => Action::Pass,
        1 => Action::PassMove,
        2 => Action::Mark(p),
        3 => Action::Accept,
        4 => Action::Resume,
        5 => Action::TakeButton,
        _ => Action::Place(p),
    };
    (Seat::BOTH[rng.below(2)], action)
}

/// The board's incremental structures agree with a recomputation, and, once
/// a move is resolved (at the start of the next one; resolvers that clear
/// at the end of the move leave strings without liberties until then), no
/// string is without liberties.
fn check_board(game: &Game) {
    let board = game.board();
    board
        .verify()
        .expect("incremental board equals the recomputed one");
    if game.state().current_move().placed > 0 {
        return;
    }
    for (p, _) in board.stones() {
        assert!(
            board.has_liberty(p),
            "the string at {} has no liberty",
            game.rules().geometry.name(p)
        );
    }
}

/// For a placement: the game after [`Game::place_if_legal`] on a copy,
/// which must be the game `apply` leaves (or, for a refused placement, the
/// game as it was).
fn placed_if_legal(game: &Game, seat: Seat, action: Action) -> Option<Game> {
    let Action::Place(p) = action else {
        return None;
    };
    let mut copy = game.clone();
    let legal = game.clone().apply(seat, action).is_ok();
    assert_eq!(
        copy.place_if_legal(seat, p),
        legal,
        "place_if_legal and apply disagree about {action:?} by {seat}"
    );
    Some(copy)
}

fn play_random_game(ruleset: &str, options: &[String], seed: u64, max_actions: usize) {
    let rules = tengen_variants::library()
        .assemble(ruleset, options)
        .expect("a bundled ruleset");
    let forbids_repetition = rules.repetition.rule_name() == "positional superko";
    let mut game = Game::new(rules);
    let mut rng = Rng(seed | 1);
    for _ in 0..max_actions {
        if game.state().phase() == Phase::Over {
            break;
        }
        // A refused action changes nothing.
        let before = game.state().clone();
        let (seat, action) = anything(&game, &mut rng);
        if let Some(quick) = placed_if_legal(&game, seat, action) {
            let mut applied = game.clone();
            let _ = applied.apply(seat, action);
            assert_eq!(
                quick.state(),
                applied.state(),
                "place_if_legal disagrees with apply"
            );
        }
        if game.apply(seat, action).is_err() {
            assert_eq!(
                *game.state(),
                before,
                "refused {action:?} by {seat} changed the game"
            );
        } else {
            // Undo is the exact inverse of apply.
            game.undo().expect("undo");
            assert_eq!(
                *game.state(),
                before,
                "undo after {action:?} did not restore the game"
            );
        }
        // Every offered action is accepted (checked on a sample).
        if let ToAct::Seat(s) = game.to_act() {
            let legal = game.legal_actions(s);
            for _ in 0..3.min(legal.len()) {
                let a = legal[rng.below(legal.len())];
                assert!(game.accepts(s, a), "{a:?} was offered to {s} but refused");
            }
        }
        let (seat, action) = pick(&game, &mut rng);
        let before = game.state().clone();
        let quick = placed_if_legal(&game, seat, action);
        game.apply(seat, action)
            .unwrap_or_else(|r| panic!("legal {action:?} refused: {r}"));
        if let Some(quick) = quick {
            assert_eq!(
                quick.state(),
                game.state(),
                "place_if_legal disagrees with apply"
            );
        }
        check_board(&game);
        game.undo().expect("undo");
        assert_eq!(
            *game.state(),
            before,
            "undo after {action:?} did not restore the game"
        );
        game.apply(seat, action).expect("replaying the same action");
    }
    if forbids_repetition {
        let mut seen = HashSet::new();
        for occurrence in game.state().history().iter() {
            assert!(
                seen.insert(occurrence.board),
                "a position repeated under positional superko"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_go_games_keep_every_invariant(seed in any::<u64>()) {
        play_random_game("go", &["size=9".into()], seed, 160);
    }

    #[test]
    fn random_tromp_taylor_games_keep_every_invariant(seed in any::<u64>()) {
        play_random_game("tromp-taylor", &["size=9".into()], seed, 160);
    }

    #[test]
    fn random_handicap_games_keep_every_invariant(seed in any::<u64>()) {
        play_random_game("go", &["size=9".into(), "handicap=4".into()], seed, 120);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn random_thue_morse_games_keep_every_invariant(
        seed in any::<u64>(),
        options in prop::sample::subsequence(
            vec!["snub", "weak-eyes", "balanced-marseillais", "half-button", "handicap", "reverse-komi"],
            0..4,
        ),
        repetition in prop::sample::select(vec!["psk", "double-delayed-psk", "fivefold"]),
    ) {
        let mut options: Vec<String> = options.into_iter().map(String::from).collect();
        options.push("size=11".into());
        options.push(format!("repetition={repetition}"));
        play_random_game("thue-morse-go", &options, seed, 160);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10, ..ProptestConfig::default() })]

    #[test]
    fn random_kill_all_games_keep_every_invariant(
        seed in any::<u64>(),
        setup in prop::sample::select(vec!["pieboxing", "pieboxing-handicap", "pie", "two-batch"]),
    ) {
        play_random_game("kill-all-go", &["size=9".into(), format!("setup={setup}")], seed, 200);
    }

    #[test]
    fn random_thue_morse_kill_all_games_keep_every_invariant(
        seed in any::<u64>(),
        kill_all in prop::sample::select(vec!["kill-all", "kill-all-handicap"]),
        weak_eyes in any::<bool>(),
    ) {
        let mut options = vec!["size=11".to_string(), kill_all.to_string()];
        if weak_eyes {
            options.push("weak-eyes".into());
        }
        play_random_game("thue-morse-go", &options, seed, 200);
    }
}

#[test]
fn a_long_random_19x19_game_keeps_every_invariant() {
    play_random_game("tromp-taylor", &[], 0x5EED, 400);
}

#[test]
fn every_bundled_ruleset_survives_random_play() {
    tengen_variants::link();
    for bundled in tengen_variants::library().bundled() {
        for seed in 1..4 {
            let size = if bundled.id == "thue-morse-go" {
                "size=11"
            } else {
                "size=9"
            };
            play_random_game(bundled.id, &[size.into()], seed, 100);
        }
    }
}
