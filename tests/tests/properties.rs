//! Properties of random legal games of every bundled ruleset: after every
//! action the board's incremental structures agree with a recomputation,
//! no string is left without liberties, undo restores the exact state, a
//! refused action changes nothing, every offered action is accepted, and no
//! position repeats where the repetition rule forbids it.

use proptest::prelude::*;
use tengen_conformance::invariants::{SeededDraw, play_both_ways, play_checked};
use tengen_core::Game;

/// A random game of `ruleset` with `options` from `seed`, every invariant
/// of `tengen_conformance::invariants` checked after every action.
/// The same random game is then played again on the rules as assembled
/// and on the rules without their shortcuts, which must agree action by
/// action.
fn play_random_game(ruleset: &str, options: &[String], seed: u64, max_actions: usize) {
    let library = tengen_variants::library();
    let rules = library
        .assemble(ruleset, options)
        .expect("a bundled ruleset");
    play_checked(
        &mut Game::new(rules.clone()),
        &mut SeededDraw::new(seed),
        max_actions,
    );
    let generic = library
        .assemble_without_shortcuts(ruleset, options)
        .expect("a bundled ruleset");
    play_both_ways(
        &mut Game::new(rules),
        &mut Game::new(generic),
        &mut SeededDraw::new(seed),
        max_actions,
    );
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

/// Every sample game every bundled ruleset declares (its `samples`, which
/// between them use every option it has) survives random play.
#[test]
fn every_bundled_ruleset_survives_random_play() {
    tengen_variants::link();
    let library = tengen_variants::library();
    for bundled in library.bundled() {
        let rules = library.assemble(bundled.id, &[]).unwrap();
        for sample in &rules.ruleset.meta.samples {
            for seed in 1..3 {
                play_random_game(bundled.id, sample, seed, 100);
            }
        }
    }
}
