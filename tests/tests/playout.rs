//! The shared random playout policy (`tengen_core::playout`), light or
//! with its tactics, plays every bundled ruleset to its end, reproducibly
//! from its seed.

use tengen_core::playout::{Playout, PlayoutRng, Policy};

use tengen_conformance::new_game as game;

#[test]
fn the_generator_is_reproducible_and_in_range() {
    let mut a = PlayoutRng::new(7);
    let mut b = PlayoutRng::new(7);
    for _ in 0..1000 {
        let x = a.below(19);
        assert_eq!(x, b.below(19));
        assert!(x < 19);
    }
    let mut zero = PlayoutRng::new(0);
    assert_ne!(zero.next_u64(), zero.next_u64(), "a zero seed still varies");
}

/// Every sample game of every bundled ruleset (its `samples`).
fn samples() -> Vec<(&'static str, Vec<String>)> {
    let library = tengen_variants::library();
    library
        .bundled()
        .iter()
        .flat_map(|b| {
            let rules = library.assemble(b.id, &[]).unwrap();
            rules
                .ruleset
                .meta
                .samples
                .clone()
                .into_iter()
                .map(move |s| (b.id, s))
        })
        .collect()
}

#[test]
fn every_bundled_ruleset_plays_to_its_end_reproducibly() {
    for (ruleset, options) in samples() {
        let options: Vec<&str> = options.iter().map(String::as_str).collect();
        let options = options.as_slice();
        for (seed, policy) in (1..=3).flat_map(|s| {
            [
                (s, Policy::Light),
                (s, Policy::Tactics),
                (s, Policy::Shapes),
            ]
        }) {
            let mut first = game(ruleset, options);
            let stats = Playout::with_policy(seed, policy).play(&mut first);
            assert!(
                stats.finished,
                "{ruleset} {options:?} seed {seed} {policy:?}: no end after {} actions",
                stats.actions
            );
            assert!(
                first.result().is_some(),
                "{ruleset}: a finished game has a result"
            );
            let mut again = game(ruleset, options);
            let repeat = Playout::with_policy(seed, policy).play(&mut again);
            assert_eq!(
                stats, repeat,
                "{ruleset} {options:?}: the same seed, the same playout"
            );
            assert_eq!(first.record(), again.record());
        }
    }
}

/// Whether `action` opens a run of actions within the move (a special
/// turn).
fn opens_run(action: &tengen_core::Action) -> bool {
    action
        .spec()
        .is_some_and(|spec| matches!(spec.choosing, tengen_core::Choosing::OpensRun { .. }))
}

/// The policy draws for a special turn only where the rules say the
/// ruleset has them ([`tengen_core::Rules::has_special_turns`]): no
/// component of a ruleset without them ever offers a run-opening action,
/// at any point of a random game, and Enhanced Go has them.
#[test]
fn special_turns_are_offered_only_where_the_rules_say_so() {
    use tengen_core::{Seat, ToAct};
    let mut offers = Vec::new();
    for (ruleset, options) in samples() {
        let options: Vec<&str> = options.iter().map(String::as_str).collect();
        let mut game = game(ruleset, &options);
        let has_them = game.rules().has_special_turns();
        let mut playout = Playout::new(1);
        playout.action_limit = 1;
        let mut offered = false;
        for _ in 0..2_000 {
            let seats = match game.to_act() {
                ToAct::Nobody => break,
                ToAct::Seat(seat) => vec![seat],
                ToAct::Either => Seat::BOTH.to_vec(),
            };
            for seat in seats {
                offers.clear();
                for (_, component) in game.rules().components() {
                    component.offer_actions(game.state(), seat, &mut offers);
                }
                offered |= offers.iter().any(opens_run);
            }
            if playout.play(&mut game).actions == 0 {
                break;
            }
        }
        assert!(
            has_them || !offered,
            "{ruleset} {options:?}: a special turn offered where the rules have none"
        );
        if ruleset == "enhanced-go" {
            assert!(has_them && offered, "{ruleset}: special turns");
        }
    }
}
