//! A setup's offers handed over one at a time (`Component::offer_until`)
//! are its list of offers (`Component::offer_actions`), in the same order,
//! up to the one taken; and whether a seat has a legal move, which tries
//! them one at a time, agrees with the full list of its legal actions.

use tengen_core::playout::PlayoutRng;
use tengen_core::{Action, Game, Phase, Seat, ToAct};

/// Every component's offers to `seat`, handed over in full and up to a
/// random one, against its list; and the stuck test against the list of
/// legal actions.
fn offers_agree(game: &Game, seat: Seat, rng: &mut PlayoutRng, context: &str) {
    for (kind, component) in game.rules().components() {
        let mut listed = Vec::new();
        component.offer_actions(game.state(), seat, &mut listed);
        let mut handed = Vec::new();
        let taken = component.offer_until(game.state(), seat, &mut |a| {
            handed.push(a);
            false
        });
        assert!(!taken, "{context}: {kind:?} took nothing");
        assert_eq!(handed, listed, "{context}: {kind:?} offers");
        if !listed.is_empty() {
            let last = rng.below(listed.len()) + 1;
            let mut handed = Vec::new();
            let taken = component.offer_until(game.state(), seat, &mut |a| {
                handed.push(a);
                handed.len() == last
            });
            assert!(taken, "{context}: {kind:?} stops when taken");
            assert_eq!(
                handed,
                listed[..last],
                "{context}: {kind:?} offers up to {last}"
            );
        }
    }
    let legal = game.legal_actions(seat);
    assert_eq!(
        game.has_legal_move(seat),
        legal.iter().any(|&a| a != Action::Resign),
        "{context}: {seat:?} has a legal move ({legal:?})"
    );
}

#[test]
fn setups_hand_over_their_offers_one_at_a_time_as_they_list_them() {
    let library = tengen_variants::library();
    let setups = [
        ("size=9", "setup=pieboxing"),
        ("size=9", "setup=pieboxing-handicap"),
        ("size=9", "setup=pie"),
        ("size=9", "setup=two-batch"),
        ("size=13", "setup=pieboxing"),
    ];
    for (size, setup) in setups {
        let rules = library
            .assemble("kill-all-go", &[size.to_string(), setup.to_string()])
            .unwrap_or_else(|e| panic!("{size} {setup}: {e:?}"));
        for seed in 1..=4 {
            let mut rng = PlayoutRng::new(seed);
            let mut game = Game::new(rules.clone());
            // The whole setup and the first moves of play.
            let mut played_in_play = 0;
            for step in 0..400 {
                let seat = match game.to_act() {
                    ToAct::Nobody => break,
                    ToAct::Seat(seat) => seat,
                    ToAct::Either => Seat::One,
                };
                let context = format!("{size} {setup} seed {seed} step {step}");
                for s in Seat::BOTH {
                    offers_agree(&game, s, &mut rng, &context);
                }
                if game.state().phase() == Phase::Play {
                    played_in_play += 1;
                    if played_in_play > 3 {
                        break;
                    }
                }
                let legal: Vec<Action> = game
                    .legal_actions(seat)
                    .into_iter()
                    .filter(|&a| a != Action::Resign)
                    .collect();
                if legal.is_empty() {
                    break;
                }
                let action = legal[rng.below(legal.len())];
                game.apply(seat, action)
                    .unwrap_or_else(|e| panic!("{context}: {action:?}: {e:?}"));
            }
        }
    }
}
