//! Plain Go records from other programs, as people have them: play
//! resumed after two passes, a byte-order mark, character sets other than
//! UTF-8.

use tengen_core::{Action, Colour, Phase};
use tengen_sgf::{Imported, RulesChoice, read_sgf, read_sgf_bytes, write_sgf};

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

fn read_bytes(bytes: &[u8]) -> Imported {
    read_sgf_bytes(bytes, RulesChoice::FromRecord(tengen_variants::library()))
        .unwrap_or_else(|e| panic!("{e}\n{}", String::from_utf8_lossy(bytes)))
}

/// The comment of the node of the game's action at `index`.
fn comment(imported: &Imported, index: usize) -> &str {
    let kept = &imported.info.nodes[&index];
    let c = kept.iter().find(|p| p.id == "C").expect("a comment");
    &c.values[0]
}

#[test]
fn a_latin_1_record_is_decoded() {
    let imported = read_bytes(b"(;GM[1]FF[4]CA[ISO-8859-1]SZ[9]RU[Chinese]PB[Jos\xe9]PW[Fran\xe7oise];B[ee]C[caf\xe9 cr\xe8me])");
    assert!(imported.warnings.is_empty(), "{:?}", imported.warnings);
    let black = imported.game.state().seat_of_colour(Colour::Black);
    assert_eq!(imported.info.players[black].as_deref(), Some("José"));
    assert_eq!(comment(&imported, 0), "café crème");
    // Written in UTF-8, and saying so.
    let text = write_sgf(&imported.game, &imported.info);
    assert!(text.contains("CA[UTF-8]"), "{text}");
    assert!(!text.contains("ISO-8859-1"), "{text}");
    assert!(
        text.contains("PB[José]") && text.contains("C[café crème]"),
        "{text}"
    );
    let again = read_bytes(text.as_bytes());
    assert_eq!(comment(&again, 0), "café crème");
}

#[test]
fn records_in_chinese_and_japanese_character_sets_are_decoded() {
    // 聂卫平 in GB2312.
    let imported =
        read_bytes(b"(;GM[1]FF[4]CA[GB2312]SZ[19]RU[Chinese]PB[\xc4\xf4\xce\xc0\xc6\xbd];B[pd])");
    let black = imported.game.state().seat_of_colour(Colour::Black);
    assert_eq!(imported.info.players[black].as_deref(), Some("聂卫平"));
    let text = write_sgf(&imported.game, &imported.info);
    assert!(
        text.contains("CA[UTF-8]") && text.contains("PB[聂卫平]"),
        "{text}"
    );
    // 本因坊秀策 in Shift_JIS, and 表 whose second byte is a backslash in
    // ASCII.
    let imported = read_bytes(
        b"(;GM[1]FF[4]CA[Shift_JIS]SZ[19]RU[Japanese]PW[\x96\x7b\x88\xf6\x96\x56\x8f\x47\x8d\xf4];B[pd]C[\x95\x5c])",
    );
    let white = imported.game.state().seat_of_colour(Colour::White);
    assert_eq!(imported.info.players[white].as_deref(), Some("本因坊秀策"));
    assert_eq!(comment(&imported, 0), "表");
}

#[test]
fn a_record_without_ca_is_utf_8_else_iso_8859_1() {
    let imported = read_bytes("(;GM[1]FF[4]SZ[9]RU[Chinese]PB[José];B[ee])".as_bytes());
    assert!(imported.warnings.is_empty(), "{:?}", imported.warnings);
    let black = imported.game.state().seat_of_colour(Colour::Black);
    assert_eq!(imported.info.players[black].as_deref(), Some("José"));
    // Not UTF-8, and no CA: ISO-8859-1, with a warning.
    let imported = read_bytes(b"(;GM[1]FF[4]SZ[9]RU[Chinese]PB[Jos\xe9];B[ee])");
    assert_eq!(imported.info.players[black].as_deref(), Some("José"));
    assert_eq!(
        imported.warnings,
        [
            "the record names no character set (CA) and is not UTF-8 (byte 34 is not): read as ISO-8859-1"
        ]
    );
    // A byte-order mark before the bytes.
    let imported = read_bytes(b"\xef\xbb\xbf(;GM[1]FF[4]SZ[9]RU[Chinese];B[ee])");
    assert_eq!(placements(&imported), ["E5"]);
}

#[test]
fn bytes_that_are_not_the_named_character_set_are_replaced_with_a_warning() {
    let imported = read_bytes(b"(;GM[1]FF[4]CA[UTF-8]SZ[9]RU[Chinese]PB[Jos\xe9];B[ee])");
    let black = imported.game.state().seat_of_colour(Colour::Black);
    assert_eq!(imported.info.players[black].as_deref(), Some("Jos\u{fffd}"));
    assert_eq!(
        imported.warnings,
        [
            "some bytes of the record are not UTF-8 text, as CA[UTF-8] says: each is read as U+FFFD (\u{fffd})"
        ]
    );
}
