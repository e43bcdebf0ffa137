//! Records written by hand to exercise what SGF allows (see
//! `tests/data/corners/README.md`): each is read, and what tengen keeps of
//! it is written back.

use tengen_core::{Colour, Game, Phase, Point};
use tengen_sgf::{Imported, RulesChoice, read_sgf, write_sgf};

fn read(name: &str) -> Imported {
    let path = format!("{}/tests/data/corners/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    read_sgf(&text, RulesChoice::FromRecord(tengen_variants::library()))
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn stones(game: &Game, colour: Colour) -> Vec<String> {
    let g = &game.rules().geometry;
    let mut names: Vec<String> = game
        .board()
        .stones()
        .filter(|&(_, c)| c == colour)
        .map(|(p, _)| g.name(p))
        .collect();
    names.sort();
    names
}

#[test]
fn tt_is_a_pass_on_a_board_up_to_19x19() {
    let imported = read("tt-passes.sgf");
    let game = &imported.game;
    // B[tt] and W[tt] are passes: the last two end play, and `go` then
    // settles the dead strings by agreement.
    assert_eq!(game.record().len(), 6);
    assert_eq!(game.state().phase(), Phase::Agreement);
    assert_eq!(stones(game, Colour::Black), ["E5"]);
    assert_eq!(stones(game, Colour::White), ["C7", "G3"]);
    // Written back as FF[4] passes.
    let text = write_sgf(game, &imported.info);
    assert!(text.contains(";B[]\n;W[gg]\n;B[]\n;W[])"), "{text}");
}

#[test]
fn setup_in_the_root_and_in_the_middle_of_the_game() {
    let imported = read("setup-nodes.sgf");
    let game = &imported.game;
    // The root's stones, White first (PL[W]), then a node that adds a
    // stone of each colour and empties D6: play goes on from there.
    assert_eq!(stones(game, Colour::Black), ["A9", "B9", "C7", "E5"]);
    assert_eq!(stones(game, Colour::White), ["A8", "F4", "G3", "H2"]);
    assert!(
        game.board()
            .is_empty(game.rules().geometry.parse_point("D6").unwrap())
    );
    assert_eq!(imported.warnings.len(), 1, "{:?}", imported.warnings);
    assert!(imported.warnings[0].starts_with("node 3 sets up stones in the middle of the game"));
}

#[test]
fn comments_unknown_properties_and_variations() {
    let imported = read("comments-variations.sgf");
    let game = &imported.game;
    let g = &game.rules().geometry;
    // The main line only: E5, C7, G3.
    let placed: Vec<String> = game
        .record()
        .iter()
        .filter_map(|(_, a)| a.point().map(|p: Point| g.name(p)))
        .collect();
    assert_eq!(placed, ["E5", "C7", "G3"]);
    assert_eq!(
        imported.warnings,
        ["1 variation(s) off the main line are not read: 2 node(s), 1 of them with a comment"]
    );
    // Written back: the players, the game information, the comments and
    // the unknown properties, each on its node.
    let text = write_sgf(game, &imported.info);
    for kept in [
        "PB[Ann]",
        "PW[Bo]",
        "DT[2026-12-01]",
        "GN[Corners]",
        "C[A root comment]",
        "XR[kept on the root]",
        "\n;B[ee]C[Tengen, the centre]XM[kept on a move]\n",
        "\n;W[cc]C[The main line]\n",
    ] {
        assert!(text.contains(kept), "{kept} missing from\n{text}");
    }
    assert!(!text.contains("variation"), "{text}");
}

#[test]
fn handicap_stones_where_the_rules_place_them() {
    let imported = read("handicap.sgf");
    let game = &imported.game;
    // HA[2] with AB at C3 and G7: `go` with handicap=2, White moving first.
    assert!(
        game.rules()
            .ruleset
            .applied
            .iter()
            .any(|o| o == "handicap=2")
    );
    assert_eq!(stones(game, Colour::Black), ["C3", "E7", "G7"]);
    assert_eq!(stones(game, Colour::White), ["E5"]);
    let text = write_sgf(game, &imported.info);
    assert!(
        text.contains("HA[2]") && text.contains("AB[gc][cg]"),
        "{text}"
    );
}

#[test]
fn a_result_without_a_score_is_kept_while_the_game_is_unfinished() {
    let imported = read("result-without-score.sgf");
    assert_eq!(
        imported.warnings,
        ["RU[Japanese] scores territory; tengen reads the game as `go`, which counts area"]
    );
    assert_eq!(imported.game.result(), None);
    let text = write_sgf(&imported.game, &imported.info);
    assert!(text.contains("RE[W+]"), "{text}");
}
