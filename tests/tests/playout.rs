//! The shared random playout policy (`tengen_core::playout`) plays every
//! bundled ruleset to its end, reproducibly from its seed.

use tengen_core::playout::{Playout, PlayoutRng};

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
        for seed in 1..=3 {
            let mut first = game(ruleset, options);
            let stats = Playout::new(seed).play(&mut first);
            assert!(
                stats.finished,
                "{ruleset} {options:?} seed {seed}: no end after {} actions",
                stats.actions
            );
            assert!(
                first.result().is_some(),
                "{ruleset}: a finished game has a result"
            );
            let mut again = game(ruleset, options);
            let repeat = Playout::new(seed).play(&mut again);
            assert_eq!(
                stats, repeat,
                "{ruleset} {options:?}: the same seed, the same playout"
            );
            assert_eq!(first.record(), again.record());
        }
    }
}
