//! `tengen gtp` against a real GTP peer: a game of 9x9 Go with GNU Go,
//! every move relayed from one engine to the other, then GNU Go's dead
//! strings told to tengen, whose score must equal GNU Go's.
//!
//! Skipped (and passing) when `gnugo` is not installed, unless
//! `TENGEN_REQUIRE_GNUGO=1` is set, as CI sets it.

use crate::common;

use common::gtp_peer::{Peer, gnugo_or_skip, margin};
use std::time::Instant;

/// The most moves the game may take before the test gives up on it.
const MOVE_CAP: usize = 300;

#[test]
fn a_game_against_gnu_go_ends_with_the_same_score() {
    let Some(program) = gnugo_or_skip() else {
        return;
    };
    let start = Instant::now();
    let mut tengen = Peer::tengen(&[
        "--ruleset",
        "go",
        "--option",
        "size=9",
        "--playouts",
        "1500",
        "--seed",
        "7",
        // One thread: the seed makes the same game on any machine.
        "--threads",
        "1",
        // The game is played to its end, for the score to be compared.
        "--no-resign",
    ]);
    let mut gnugo = Peer::start(
        "GNU Go",
        &program,
        &[
            "--mode",
            "gtp",
            "--level",
            "1",
            "--chinese-rules",
            "--boardsize",
            "9",
            "--komi",
            "7",
            "--seed",
            "7",
        ],
    );
    for peer in [&mut tengen, &mut gnugo] {
        peer.must("boardsize 9");
        peer.must("clear_board");
        peer.must("komi 7");
    }
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 {
        assert!(moves < MOVE_CAP, "the game did not end in {MOVE_CAP} moves");
        let colour = if moves % 2 == 0 { "black" } else { "white" };
        // GNU Go plays Black, tengen White.
        let (mover, other) = if colour == "black" {
            (&mut gnugo, &mut tengen)
        } else {
            (&mut tengen, &mut gnugo)
        };
        let vertex = mover.must(&format!("genmove {colour}"));
        assert!(
            !vertex.eq_ignore_ascii_case("resign"),
            "{} resigned at move {}",
            mover.name,
            moves + 1
        );
        other.must(&format!("play {colour} {vertex}"));
        passes = if vertex.eq_ignore_ascii_case("pass") {
            passes + 1
        } else {
            0
        };
        moves += 1;
    }
    let dead = gnugo.must("final_status_list dead");
    let expected = gnugo.must("final_score");
    let dead: Vec<&str> = dead.split_whitespace().collect();
    tengen.must(&format!("tengen-mark_dead {}", dead.join(" ")));
    let score = tengen.must("final_score");
    eprintln!(
        "{moves} moves, {} dead stones, GNU Go {expected}, tengen {score}, in {:.1} s",
        dead.len(),
        start.elapsed().as_secs_f64()
    );
    eprintln!("{}", tengen.must("showboard"));
    assert_eq!(
        margin(&score),
        margin(&expected).or_else(|| panic!("`{expected}` is not a score")),
        "tengen scores {score}, GNU Go {expected}"
    );
}
