//! The pass-alive analysis against KataGo's own test boards (see
//! `tests/data/README.md`): for both colours and both suicide rules, the
//! pass-alive stones found are exactly the ones KataGo's expected maps
//! mark.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::Arc;
use tengen_core::analysis::{
    LifeRule, no_room_for_life, no_room_for_life_in_full, pass_alive_stones,
    pass_alive_stones_in_full,
};
use tengen_core::{Board, Colour, Geometry, Point};

#[derive(Deserialize)]
struct Case {
    name: String,
    w: usize,
    h: usize,
    board: Vec<String>,
    expected: BTreeMap<String, Vec<String>>,
}

fn square(w: usize, h: usize) -> Arc<Geometry> {
    Arc::new(Geometry::from_links(w, h, Geometry::grid_links(w, h)).unwrap())
}

fn board(case: &Case) -> Board {
    let g = square(case.w, case.h);
    let mut stones = Vec::new();
    for (r, row) in case.board.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let p = Point::new(r * case.w + c);
            match ch {
                'x' => stones.push((p, Colour::Black)),
                'o' => stones.push((p, Colour::White)),
                _ => {}
            }
        }
    }
    Board::from_stones(g, stones)
}

fn cases() -> Vec<Case> {
    serde_json::from_str(include_str!("data/katago-passalive.json")).unwrap()
}

#[test]
fn pass_alive_stones_match_katago_on_every_board_and_rule() {
    let mut checked = 0;
    for case in cases() {
        let b = board(&case);
        for (mode, map) in &case.expected {
            let rule = LifeRule {
                vital_minimum: 2,
                self_capture_legal: mode == "suicide",
            };
            for (colour, letter) in [(Colour::Black, 'X'), (Colour::White, 'O')] {
                let found = pass_alive_stones(&b, colour, rule);
                let full = pass_alive_stones_in_full(&b, colour, rule);
                assert!(
                    found.iter().eq(full.iter()),
                    "{} ({mode}), {colour:?}: in full",
                    case.name
                );
                let mut expected = Vec::new();
                for (r, row) in map.iter().enumerate() {
                    for (c, ch) in row.chars().enumerate() {
                        let p = Point::new(r * case.w + c);
                        if ch == letter && b.get(p) == Some(colour) {
                            expected.push(b.geometry().name(p));
                        }
                    }
                }
                let mut found: Vec<String> = found.iter().map(|p| b.geometry().name(p)).collect();
                expected.sort();
                found.sort();
                assert_eq!(found, expected, "{} ({mode}), {colour:?}", case.name);
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 36, "nine boards, two rules, two colours");
}

#[test]
fn a_big_open_area_leaves_room_and_a_filled_board_does_not() {
    let case = cases().into_iter().next().unwrap();
    let b = board(&case);
    let rule = LifeRule::default();
    assert!(!no_room_for_life(&b, Colour::White, rule));
    assert!(!no_room_for_life(&b, Colour::Black, rule));
    // A 5x5 board whose every point is next to a pass-alive Black wall.
    let walled = black_rows(&[".X.X.", "XXXXX", ".X.X.", "XXXXX", ".X.X."]);
    assert_eq!(pass_alive_stones(&walled, Colour::Black, rule).len(), 16);
    assert!(no_room_for_life(&walled, Colour::White, rule));
}

/// A board of `rows` (`X` Black, anything else empty).
fn black_rows(rows: &[&str]) -> Board {
    let (w, h) = (rows[0].len(), rows.len());
    let mut stones = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch == 'X' {
                stones.push((Point::new(r * w + c), Colour::Black));
            }
        }
    }
    Board::from_stones(square(w, h), stones)
}

/// The room test tries first the points that showed room last time, but
/// only as a hint: on the next board they must still be outside the
/// Attacker's stones, next to none of them and in one part. Here the
/// first board's room lies in its middle row; on the second, Black
/// stones next to every point of that row (and two eyes for each wall)
/// leave White no room, though the row is still empty and connected.
#[test]
fn room_shown_on_one_board_is_checked_again_on_the_next() {
    let rule = LifeRule::default();
    let open = black_rows(&[
        ".X.X.", "XXXXX", ".....", ".....", ".....", "XXXXX", ".X.X.",
    ]);
    assert!(!no_room_for_life(&open, Colour::White, rule));
    let closed = black_rows(&[
        ".X.X.", "XXXXX", "X.X.X", ".....", ".X.X.", "XXXXX", ".X.X.",
    ]);
    assert!(no_room_for_life(&closed, Colour::White, rule));
}

/// A vital minimum of none or one, which no bundled rule uses but an
/// embedding program may ask for: the room test, asked twice in a row so
/// that the second question starts from the first's hint, gives the full
/// analysis's answer and never fails on a hint of no points.
#[test]
fn room_for_a_vital_minimum_of_none_or_one_is_the_full_analysis_answer() {
    let boards = [
        black_rows(&[".X.X.", "XXXXX", ".X.X.", "XXXXX", ".X.X."]),
        black_rows(&[
            ".X.X.", "XXXXX", ".....", ".....", ".....", "XXXXX", ".X.X.",
        ]),
        black_rows(&["XXX", "XXX", "XXX"]),
    ];
    for vital_minimum in [0, 1] {
        for self_capture_legal in [false, true] {
            let rule = LifeRule {
                vital_minimum,
                self_capture_legal,
            };
            for board in &boards {
                let full = no_room_for_life_in_full(board, Colour::White, rule);
                assert_eq!(no_room_for_life(board, Colour::White, rule), full);
                assert_eq!(no_room_for_life(board, Colour::White, rule), full);
            }
        }
    }
}
