//! The move notation, parsed and played.

use super::pick_rules;
use std::sync::Arc;
use tengen_conformance::invariants::check_board;
use tengen_core::Game;
use tengen_core::notation::{format_action, parse_action, parse_line};
use tengen_core::record::play_line;

/// Reads the input (after its first byte, which picks the ruleset) as
/// lines of the move notation and plays them on a new game: every parsed
/// action reads back from its written form as the same action; a line the
/// game refuses leaves the game as it was; and the board stays consistent.
pub fn notation(data: &[u8]) {
    let (rules, text) = pick_rules(data);
    let text = String::from_utf8_lossy(text);
    let mut game = Game::new(Arc::clone(rules));
    let geometry = &game.rules().geometry.clone();
    for line in text.lines().take(2_000) {
        let Ok(parsed) = parse_line(geometry, line) else {
            continue;
        };
        for &(_, action) in &parsed.actions {
            let written = format_action(geometry, action);
            assert_eq!(
                parse_action(geometry, &written).ok(),
                Some(action),
                "`{written}`, the written form of {action:?}, does not read back"
            );
        }
        let before = game.state().clone();
        if play_line(&mut game, &parsed).is_err() {
            assert_eq!(
                *game.state(),
                before,
                "the refused line `{line}` changed the game"
            );
        }
        check_board(&game);
    }
}
