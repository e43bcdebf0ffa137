//! The pass-alive analyses keep their last answers (keyed by the stones
//! they depend on): asked about positions of a game in any order, as undo,
//! replay and loading a game part-way do, and about positions that differ
//! only in the other colour's stones, they still give the full analyses'
//! answers.

use std::sync::Arc;
use tengen_core::analysis::{
    LifeRule, no_room_for_life, no_room_for_life_in_full, pass_alive_stones,
    pass_alive_stones_in_full,
};
use tengen_core::playout::PlayoutRng;
use tengen_core::{Board, Colour, Geometry, Point};

/// Asks every question about `board`, twice (the second answer may be the
/// one kept), and compares the answers with the full analyses'.
fn agree(board: &Board, context: &str) {
    for vital_minimum in [2, 3] {
        for self_capture_legal in [true, false] {
            let rule = LifeRule {
                vital_minimum,
                self_capture_legal,
            };
            for colour in [Colour::White, Colour::Black] {
                let full = pass_alive_stones_in_full(board, colour, rule);
                let room = no_room_for_life_in_full(board, colour, rule);
                for _ in 0..2 {
                    assert!(
                        pass_alive_stones(board, colour, rule)
                            .iter()
                            .eq(full.iter()),
                        "{context}: {colour:?} pass-alive stones under {rule:?}"
                    );
                    assert_eq!(
                        no_room_for_life(board, colour, rule),
                        room,
                        "{context}: room for {colour:?} under {rule:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn kept_answers_are_never_stale_across_jumps_in_a_game() {
    for (w, h) in [(5, 5), (9, 9), (13, 13)] {
        let geometry = Arc::new(Geometry::from_links(w, h, Geometry::grid_links(w, h)).unwrap());
        // A second geometry of the same shape: answers kept for one are
        // not answers for the other (they are compared by identity).
        let twin = Arc::new(Geometry::from_links(w, h, Geometry::grid_links(w, h)).unwrap());
        for seed in 1..=6 {
            let mut rng = PlayoutRng::new(seed * 31 + w as u64);
            let mut board = Board::new(geometry.clone());
            let mut captured = Vec::new();
            let mut positions: Vec<Vec<(Point, Colour)>> = Vec::new();
            let head_start = rng.below(geometry.point_count() / 2 + 1);
            for turn in 0..geometry.point_count() * 2 {
                let colour = if turn < head_start || turn % 2 == 0 {
                    Colour::Black
                } else {
                    Colour::White
                };
                let empty = board.empty_list();
                if empty.is_empty() {
                    break;
                }
                let p = empty[rng.below(empty.len())];
                if board.is_suicide(p, colour) {
                    continue;
                }
                board.play(p, colour, &mut captured);
                positions.push(board.stones().collect());
                // The live board after each stone, as a game asks.
                agree(&board, &format!("{w}x{h} seed {seed}, stone {turn}"));
            }
            // Then positions of the game in random order, some on the twin
            // geometry.
            for jump in 0..positions.len() {
                let at = rng.below(positions.len());
                let on = if rng.below(4) == 0 { &twin } else { &geometry };
                let b = Board::from_stones(on.clone(), positions[at].iter().copied());
                agree(&b, &format!("{w}x{h} seed {seed}, jump {jump} to {at}"));
            }
        }
    }
}
