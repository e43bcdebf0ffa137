//! The pass-alive analysis with its quick first test gives the full
//! analysis's answer: on random positions of several board shapes, for
//! both colours, both suicide rules and both vital minimums, after every
//! stone of a random game and on boards filled at random (where strings
//! may be left without liberties).

use std::sync::Arc;
use tengen_core::analysis::{
    LifeRule, no_room_for_life, no_room_for_life_in_full, pass_alive_stones,
    pass_alive_stones_in_full,
};
use tengen_core::playout::PlayoutRng;
use tengen_core::{Board, Colour, Geometry, Point};

/// Square grids, a torus and a grid with one diagonal (six neighbours).
fn shapes() -> Vec<Arc<Geometry>> {
    let mut shapes = Vec::new();
    for (w, h) in [(5, 5), (7, 6), (9, 9), (13, 13)] {
        shapes.push(Arc::new(
            Geometry::from_links(w, h, Geometry::grid_links(w, h)).unwrap(),
        ));
    }
    let (w, h) = (7, 7);
    let wrapping = (0..h)
        .map(|r| (r * w + w - 1, r * w))
        .chain((0..w).map(|c| ((h - 1) * w + c, c)));
    shapes.push(Arc::new(
        Geometry::from_links(w, h, Geometry::grid_links(w, h).chain(wrapping)).unwrap(),
    ));
    let diagonals =
        (0..h - 1).flat_map(|r| (0..w - 1).map(move |c| (r * w + c, (r + 1) * w + c + 1)));
    shapes.push(Arc::new(
        Geometry::from_links(w, h, Geometry::grid_links(w, h).chain(diagonals)).unwrap(),
    ));
    shapes
}

fn rules() -> impl Iterator<Item = LifeRule> {
    [2, 3].into_iter().flat_map(|vital_minimum| {
        [false, true].map(|self_capture_legal| LifeRule {
            vital_minimum,
            self_capture_legal,
        })
    })
}

/// Checks every answer on `board`; returns how many strings were
/// pass-alive, to show the positions reach life.
fn agree(board: &Board, context: &str) -> usize {
    let mut alive = 0;
    for rule in rules() {
        for colour in [Colour::Black, Colour::White] {
            let quick = pass_alive_stones(board, colour, rule);
            let full = pass_alive_stones_in_full(board, colour, rule);
            assert!(
                quick.iter().eq(full.iter()),
                "{context}: {colour:?} pass-alive stones under {rule:?}"
            );
            alive += full.len();
            assert_eq!(
                no_room_for_life(board, colour, rule),
                no_room_for_life_in_full(board, colour, rule),
                "{context}: room for {colour:?} under {rule:?}"
            );
        }
    }
    alive
}

/// Runs `positions` on every shape for `seeds` seeds (given the shape, a
/// generator and a name for messages) and checks that some of the
/// positions, which it counts, have pass-alive strings.
fn on_every_shape(
    seeds: u64,
    mut positions: impl FnMut(&Arc<Geometry>, &mut PlayoutRng, &str) -> usize,
) {
    let mut alive = 0;
    for (shape, geometry) in shapes().into_iter().enumerate() {
        for seed in 1..=seeds {
            let mut rng = PlayoutRng::new(seed * 100 + shape as u64);
            alive += positions(&geometry, &mut rng, &format!("shape {shape}, seed {seed}"));
        }
    }
    assert!(alive > 0, "some positions have pass-alive strings");
}

/// Plays a stone of `colour` on an empty point drawn at random, unless it
/// would be suicide: `None` on a full board, else whether it was played.
fn play_at_random(
    board: &mut Board,
    rng: &mut PlayoutRng,
    colour: Colour,
    captured: &mut Vec<Point>,
) -> Option<bool> {
    let empty = board.empty_list();
    if empty.is_empty() {
        return None;
    }
    let p = empty[rng.below(empty.len())];
    let legal = !board.is_suicide(p, colour);
    if legal {
        board.play(p, colour, captured);
    }
    Some(legal)
}

#[test]
fn the_quick_test_agrees_after_every_stone_of_random_games() {
    on_every_shape(12, |geometry, rng, name| {
        let mut board = Board::new(geometry.clone());
        let mut captured = Vec::new();
        let mut alive = 0;
        // Like a Kill-All game: Black gets a head start of up to half the
        // board, then both play; some games give Black more stones
        // throughout.
        let head_start = rng.below(geometry.point_count() / 2 + 1);
        let lean = rng.below(3) == 1;
        for turn in 0..geometry.point_count() * 2 {
            let black = turn < head_start || turn % 2 == 0 || (lean && rng.below(3) == 0);
            let colour = if black { Colour::Black } else { Colour::White };
            match play_at_random(&mut board, rng, colour, &mut captured) {
                None => break,
                Some(true) => alive += agree(&board, &format!("{name}, turn {turn}")),
                Some(false) => {}
            }
        }
        alive
    });
}

#[test]
fn the_quick_test_agrees_on_boards_filled_at_random() {
    on_every_shape(150, |geometry, rng, name| {
        // Each point empty, Black or White, with weights that vary from
        // board to board.
        let weights = [1 + rng.below(6), 1 + rng.below(6), 1 + rng.below(6)];
        let total: usize = weights.iter().sum();
        let stones: Vec<(Point, Colour)> = geometry
            .points()
            .filter_map(|p| {
                let r = rng.below(total);
                if r < weights[0] {
                    None
                } else if r < weights[0] + weights[1] {
                    Some((p, Colour::Black))
                } else {
                    Some((p, Colour::White))
                }
            })
            .collect();
        agree(&Board::from_stones(geometry.clone(), stones), name)
    });
}

/// Boards filled at random (strings may be left without liberties), each
/// asked about, then grown by a stone of the colour asked about and up to
/// two opposing stones (put down as they are, capturing nothing) and
/// asked about again: where the first answer was that nothing lives, the
/// second comes from what the stones changed, and must be the full
/// analysis's.
#[test]
fn the_answer_after_stones_added_to_a_random_lifeless_board_agrees() {
    let mut grown = 0;
    on_every_shape(60, |geometry, rng, name| {
        let mut alive = 0;
        for rule in rules() {
            for colour in [Colour::Black, Colour::White] {
                // Few empty points on some boards, so that regions of
                // opposing stones without liberties occur.
                let empty_share = 1 + rng.below(3);
                let mut stones: Vec<(Point, Colour)> = geometry
                    .points()
                    .filter_map(|p| {
                        let r = rng.below(empty_share + 6);
                        if r < empty_share {
                            None
                        } else if r < empty_share + 3 {
                            Some((p, colour))
                        } else {
                            Some((p, colour.opponent()))
                        }
                    })
                    .collect();
                let board = Board::from_stones(geometry.clone(), stones.clone());
                let before = pass_alive_stones(&board, colour, rule);
                assert!(
                    before
                        .iter()
                        .eq(pass_alive_stones_in_full(&board, colour, rule).iter()),
                    "{name}: {colour:?} pass-alive stones under {rule:?}"
                );
                let mut empty: Vec<Point> = board.empty_list().to_vec();
                for (i, added) in [colour, colour.opponent(), colour.opponent()]
                    .into_iter()
                    .enumerate()
                {
                    if empty.is_empty() || (i > 0 && rng.below(2) == 0) {
                        break;
                    }
                    stones.push((empty.swap_remove(rng.below(empty.len())), added));
                }
                let board = Board::from_stones(geometry.clone(), stones);
                let after = pass_alive_stones_in_full(&board, colour, rule);
                assert!(
                    pass_alive_stones(&board, colour, rule)
                        .iter()
                        .eq(after.iter()),
                    "{name}: {colour:?} pass-alive stones under {rule:?} after stones were added"
                );
                grown += usize::from(before.is_empty());
                alive += after.len();
            }
        }
        alive
    });
    assert!(grown > 1000, "a lifeless board was grown {grown} times");
}

/// Random games in which one question is asked after every stone, so the
/// answer kept is the one for the position a stone or two before: where
/// that answer was that nothing lives, the analysis looks only at what
/// the new stones changed (the added stone's string and the regions next
/// to it or holding an added opposing stone). Its answers must be the
/// full analysis's; the test counts the positions where the shortcut's
/// conditions hold (no capture since a lifeless answer) and where life
/// appears in them, to show both happen.
#[test]
fn the_answer_a_few_stones_after_a_lifeless_position_agrees() {
    let mut grown = 0;
    let mut grown_to_life = 0;
    on_every_shape(10, |geometry, rng, name| {
        let mut alive = 0;
        for rule in rules() {
            for colour in [Colour::Black, Colour::White] {
                let mut board = Board::new(geometry.clone());
                let mut captured = Vec::new();
                let head_start = rng.below(geometry.point_count() / 2 + 1);
                // Whether the last answer was that nothing lives and no
                // stone has been taken off since.
                let mut lifeless_before = false;
                for turn in 0..geometry.point_count() * 2 {
                    let black = turn < head_start || turn % 2 == 0;
                    let mover = if black { Colour::Black } else { Colour::White };
                    match play_at_random(&mut board, rng, mover, &mut captured) {
                        None => break,
                        Some(false) => continue,
                        Some(true) => {}
                    }
                    if !captured.is_empty() {
                        lifeless_before = false;
                    }
                    let quick = pass_alive_stones(&board, colour, rule);
                    let full = pass_alive_stones_in_full(&board, colour, rule);
                    assert!(
                        quick.iter().eq(full.iter()),
                        "{name}, turn {turn}: {colour:?} pass-alive stones under {rule:?}"
                    );
                    if lifeless_before {
                        grown += 1;
                        grown_to_life += usize::from(!full.is_empty());
                    }
                    lifeless_before = full.is_empty();
                    alive += full.len();
                }
            }
        }
        alive
    });
    assert!(grown > 1000, "the shortcut's conditions held {grown} times");
    assert!(
        grown_to_life > 0,
        "life appeared {grown_to_life} times right after a lifeless position"
    );
}
