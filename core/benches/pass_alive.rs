//! The pass-alive analysis on 19x19 positions: KataGo's test boards (see
//! `tests/data/README.md`) and middle-game positions of random play. It
//! runs after every move of a Kill-All game, so it must stay cheap.
//!
//! `cargo bench -p tengen-core --bench pass_alive`

use std::sync::Arc;
use tengen_core::analysis::{LifeRule, no_room_for_life, pass_alive_stones};
use tengen_core::{Board, Colour, Geometry, Point};

fn main() {
    divan::main();
}

fn square(n: usize) -> Arc<Geometry> {
    Arc::new(Geometry::from_links(n, n, Geometry::grid_links(n, n)).unwrap())
}

/// KataGo's 19x19 boards.
fn katago_boards() -> Vec<Board> {
    let cases: Vec<serde_json::Value> =
        serde_json::from_str(include_str!("../tests/data/katago-passalive.json")).unwrap();
    cases
        .iter()
        .filter(|c| c["w"] == 19 && c["h"] == 19)
        .map(|c| {
            let mut stones = Vec::new();
            for (r, row) in c["board"].as_array().unwrap().iter().enumerate() {
                for (col, ch) in row.as_str().unwrap().chars().enumerate() {
                    let p = Point::new(r * 19 + col);
                    match ch {
                        'x' => stones.push((p, Colour::Black)),
                        'o' => stones.push((p, Colour::White)),
                        _ => {}
                    }
                }
            }
            Board::from_stones(square(19), stones)
        })
        .collect()
}

/// A middle-game position: 150 random placements with captures, no
/// suicide, from a fixed seed.
fn middle_game() -> Board {
    let mut board = Board::new(square(19));
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut captured = Vec::new();
    let mut colour = Colour::Black;
    let mut played = 0;
    while played < 150 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let p = Point::new((seed % 361) as usize);
        if board.is_empty(p) && board.probe(p, colour).has_liberty {
            board.play(p, colour, &mut captured);
            colour = colour.opponent();
            played += 1;
        }
    }
    board
}

#[divan::bench]
fn katago_boards_both_colours(bencher: divan::Bencher<'_, '_>) {
    let boards = katago_boards();
    let rule = LifeRule::default();
    bencher.bench(|| {
        for b in &boards {
            divan::black_box(pass_alive_stones(b, Colour::Black, rule));
            divan::black_box(pass_alive_stones(b, Colour::White, rule));
        }
    });
}

#[divan::bench]
fn middle_game_one_colour(bencher: divan::Bencher<'_, '_>) {
    let board = middle_game();
    let rule = LifeRule {
        vital_minimum: 2,
        self_capture_legal: true,
    };
    bencher.bench(|| divan::black_box(pass_alive_stones(&board, Colour::White, rule)));
}

#[divan::bench]
fn middle_game_kill_all_checks(bencher: divan::Bencher<'_, '_>) {
    let board = middle_game();
    let rule = LifeRule {
        vital_minimum: 2,
        self_capture_legal: true,
    };
    // What the kill-all objective runs after a move: the Defender's life,
    // then the Attacker's no-room test.
    bencher.bench(|| {
        divan::black_box(pass_alive_stones(&board, Colour::White, rule));
        divan::black_box(no_room_for_life(&board, Colour::White, rule));
    });
}
