//! Plain Go records from other programs, as people have them: play
//! resumed after two passes, a byte-order mark, character sets other than
//! UTF-8.

use tengen_core::{Action, Colour, Phase};
use tengen_sgf::{Imported, RulesChoice, read_sgf, write_sgf};

fn read(text: &str) -> Imported {
    read_sgf(text, RulesChoice::FromRecord(tengen_variants::library()))
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The names of the placements of a game, in order.
fn placements(imported: &Imported) -> Vec<String> {
    let geometry = &imported.game.rules().geometry;
    imported
        .game
        .record()
        .iter()
        .filter_map(|&(_, a)| match a {
            Action::Place(p) => Some(geometry.name(p)),
            _ => None,
        })
        .collect()
}

#[test]
fn play_resumed_after_two_passes_is_read_as_gtp_plays_it() {
    // Two passes end play in `go`; a move after them resumes play, as
    // GTP's `play` does.
    let imported = read("(;GM[1]FF[4]SZ[9];B[ee];W[];B[];W[cc];B[gg])");
    let game = &imported.game;
    assert_eq!(placements(&imported), ["E5", "C7", "G3"]);
    assert!(game.record().iter().any(|&(_, a)| a == Action::Resume));
    assert_eq!(game.state().phase(), Phase::Play);
    let white = game.state().seat_of_colour(Colour::White);
    assert_eq!(game.to_act(), tengen_core::ToAct::Seat(white));
    // Written back and read again: the same game.
    let text = write_sgf(game, &imported.info);
    let again = read(&text);
    assert_eq!(again.game.record(), game.record());
    // Passes after the two that ended play change nothing, as in GTP.
    let imported = read("(;GM[1]FF[4]SZ[9];B[ee];W[];B[];W[];B[];W[cc])");
    assert_eq!(placements(&imported), ["E5", "C7"]);
    assert_eq!(
        imported.warnings[1..],
        [
            "node 4: W[] comes after two passes ended play and changes nothing (as in GTP): it is not kept",
            "node 5: B[] comes after two passes ended play and changes nothing (as in GTP): it is not kept"
        ]
    );
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let imported = read("\u{feff}(;GM[1]FF[4]SZ[9];B[ee];W[cc])");
    assert_eq!(placements(&imported), ["E5", "C7"]);
    // Places in the file are counted after it.
    let e = read_sgf(
        "\u{feff}(;GM[1]FF[4]SZ[9]\n;B[ee]\n;W[ee])",
        RulesChoice::FromRecord(tengen_variants::library()),
    )
    .expect_err("refused");
    assert!(e.to_string().starts_with("3:1: node 2"), "{e}");
}
