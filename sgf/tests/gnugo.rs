//! Records GNU Go 3.8 wrote itself (`tests/data/gnugo`, made by
//! `scripts/gnugo-records`; see the README there), replayed by tengen.
//!
//! - Full games saved with GNU Go's `--outfile`: tengen reads the rules
//!   from the record (`RU[Chinese]`, `SZ`, `KM`), plays every move, reaches
//!   the agreement phase after the two closing passes, marks the strings
//!   GNU Go called dead, and its area count must be GNU Go's
//!   `final_score` and the record's `RE`.
//! - Final positions saved with `printsgf` over GTP: tengen reads the
//!   setup stones and the colour to play, checks them against the moves
//!   GNU Go made, and scores the position the same way (with the komi the
//!   game was played with: GNU Go writes a `KM` that folds in the
//!   prisoners). GNU Go's private property `IL` is kept on re-export.

use std::sync::Arc;
use tengen_core::{Action, Colour, Game, Phase, Point, PointSet, Seat};
use tengen_sgf::{RulesChoice, read_sgf, result_text, write_sgf};

fn dir() -> String {
    format!("{}/tests/data/gnugo", env!("CARGO_MANIFEST_DIR"))
}

/// The margin of a result for Black (`W+6.0` is -6).
fn margin(result: &str) -> f64 {
    match result.split_once('+') {
        Some(("B", x)) => x.parse().unwrap(),
        Some(("W", x)) => -x.parse::<f64>().unwrap(),
        _ => 0.0,
    }
}

/// Marks one stone of each string GNU Go called dead, and both accept:
/// tengen's result, which must have GNU Go's margin.
fn settle(game: &mut Game, dead: &[String], final_score: &str, file: &str) -> String {
    let g = Arc::clone(&game.rules().geometry);
    let mut marked = PointSet::default();
    for name in dead {
        let p = g.parse_point(name).unwrap();
        assert!(
            game.board().get(p).is_some(),
            "GNU Go's dead stone {name} is on the board"
        );
        if !marked.contains(p) {
            marked.extend(game.board().string_stones(p));
            game.apply(Seat::One, Action::Mark(p)).unwrap();
        }
    }
    game.apply(Seat::One, Action::Accept).unwrap();
    game.apply(Seat::Two, Action::Accept).unwrap();
    assert_eq!(game.state().phase(), Phase::Over);
    let ours = result_text(game).unwrap();
    assert_eq!(
        margin(&ours),
        margin(final_score),
        "{file}: tengen {ours}, GNU Go {final_score}"
    );
    ours
}

#[test]
fn gnu_go_records_replay_to_gnu_gos_score() {
    let library = tengen_variants::library();
    let games: toml::Table = std::fs::read_to_string(format!("{}/games.toml", dir()))
        .unwrap()
        .parse()
        .unwrap();
    let (mut full, mut positions) = (0, 0);
    for (file, entry) in &games {
        let text = std::fs::read_to_string(format!("{}/{file}", dir())).unwrap();
        let komi = entry["komi"].as_float().unwrap();
        let board = entry["board"].as_integer().unwrap();
        let dead: Vec<String> = entry["dead"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect();
        let final_score = entry["final_score"].as_str().unwrap();
        match entry["kind"].as_str().unwrap() {
            "moves" => {
                let imported = read_sgf(&text, RulesChoice::FromRecord(library))
                    .unwrap_or_else(|e| panic!("{file}: {e}"));
                assert!(
                    imported.warnings.is_empty(),
                    "{file}: {:?}",
                    imported.warnings
                );
                let mut game = imported.game;
                let rules = &game.rules().ruleset;
                assert_eq!(rules.meta.id, "go");
                assert!(rules.applied.contains(&format!("size={board}")), "{file}");
                assert!(rules.applied.contains(&format!("komi={komi}")), "{file}");
                let moves = entry["moves"].as_integer().unwrap() as usize;
                assert_eq!(game.record().len(), moves, "{file}: every move played");
                assert_eq!(game.state().phase(), Phase::Agreement, "{file}");
                let ours = settle(&mut game, &dead, final_score, file);
                assert_eq!(
                    margin(&ours),
                    margin(entry["re"].as_str().unwrap()),
                    "{file}"
                );
                full += 1;
            }
            "position" => {
                let rules = library
                    .assemble("go", &[format!("size={board}"), format!("komi={komi}")])
                    .unwrap();
                let imported = read_sgf(&text, RulesChoice::Given(&rules))
                    .unwrap_or_else(|e| panic!("{file}: {e}"));
                let mut game = imported.game;
                // The position is GNU Go's moves played out.
                let mut replay = Game::new(Arc::clone(&rules));
                let mut mover = Seat::One;
                for m in entry["played"].as_array().unwrap() {
                    let m = m.as_str().unwrap();
                    let action = if m == "PASS" {
                        Action::Pass
                    } else {
                        Action::Place(rules.geometry.parse_point(m).unwrap())
                    };
                    replay.apply(mover, action).unwrap();
                    mover = mover.other();
                }
                for i in 0..rules.geometry.point_count() {
                    let p = Point::new(i);
                    assert_eq!(game.board().get(p), replay.board().get(p), "{file}");
                }
                // PL: the colour after GNU Go's last move plays; both
                // pass and settle.
                let next = if entry["played"].as_array().unwrap().len() % 2 == 0 {
                    Colour::Black
                } else {
                    Colour::White
                };
                let seat = game.state().seat_of_colour(next);
                assert_eq!(game.to_act(), tengen_core::ToAct::Seat(seat), "{file}");
                game.apply(seat, Action::Pass).unwrap();
                game.apply(seat.other(), Action::Pass).unwrap();
                let exported = write_sgf(&game, &imported.info);
                if text.contains("IL[") {
                    assert!(exported.contains("IL["), "{file}: IL kept\n{exported}");
                }
                assert!(
                    exported.contains("GN[GNU Go 3.8 load and print]"),
                    "{exported}"
                );
                settle(&mut game, &dead, final_score, file);
                positions += 1;
            }
            other => panic!("{file}: kind {other}"),
        }
    }
    assert_eq!((full, positions), (5, 3));
}
