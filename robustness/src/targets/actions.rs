//! Random action sequences on every bundled ruleset.

use super::pick_rules;
use std::sync::Arc;
use tengen_conformance::invariants::{ByteDraw, play_checked};
use tengen_core::Game;

/// The most actions one input plays (each is checked many ways).
const MAX_ACTIONS: usize = 400;

/// Plays the game the input spells: its first byte picks the ruleset, the
/// rest the actions (an arbitrary one, usually refused, before each legal
/// one), with every invariant of [`tengen_conformance::invariants`]
/// checked after every action.
pub fn actions(data: &[u8]) {
    let (rules, choices) = pick_rules(data);
    let mut game = Game::new(Arc::clone(rules));
    play_checked(&mut game, &mut ByteDraw::new(choices), MAX_ACTIONS);
}
