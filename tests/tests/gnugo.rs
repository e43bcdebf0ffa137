//! A real-world check: complete games GNU Go 3.8 played against itself with
//! Chinese (area) rules, replayed with the `go` ruleset. After the two final
//! passes the strings GNU Go listed as dead (`final_status_list dead`) are
//! marked, both players accept, and tengen's result must equal GNU Go's
//! `final_score`.
//!
//! The records and how they were made are described in
//! `tests/data/gnugo/README.md` (GNU Go was run as a separate program; only
//! its outputs are stored).
//!
//! One difference of rules is accounted for: under Chinese rules GNU Go
//! gives White one extra point per handicap stone, which the `go` ruleset
//! (seed 004: komi 0.5 with handicap, nothing else) does not. For handicap
//! games the expected margin is GNU Go's shifted by that compensation.

use serde::Deserialize;
use std::path::Path;
use tengen_core::notation::parse_line;
use tengen_core::record::play_line;
use tengen_core::text::short_result;
use tengen_core::{Game, Phase};

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Record {
    source: String,
    size: u32,
    komi: f64,
    handicap: u32,
    handicap_stones: Vec<String>,
    moves: String,
    dead: Vec<String>,
    final_score: String,
}

/// `B+3.5` as +3.5, `W+2` as -2, `0` as 0 (Black minus White).
fn margin(result: &str) -> f64 {
    match result.split_once('+') {
        Some(("B", x)) => x.parse().expect("a number"),
        Some(("W", x)) => -x.parse::<f64>().expect("a number"),
        _ if result == "0" => 0.0,
        _ => panic!("not a score result: {result}"),
    }
}

fn replay(path: &Path) -> (String, f64, f64) {
    let record: Record = toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut options = vec![format!("size={}", record.size)];
    if record.handicap > 0 {
        options.push(format!("handicap={}", record.handicap));
    }
    options.push(format!("komi={}", record.komi));
    let rules = tengen_variants::library()
        .assemble("go", &options)
        .expect("go assembles");
    let geometry = rules.geometry.clone();
    let mut game = Game::new(rules);
    let mut stones: Vec<String> = game
        .board()
        .stones()
        .map(|(p, _)| geometry.name(p))
        .collect();
    let mut expected = record.handicap_stones.clone();
    stones.sort();
    expected.sort();
    assert_eq!(stones, expected, "{}: handicap stones", path.display());
    for (n, line) in record
        .moves
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let parsed = parse_line(&geometry, line).unwrap();
        if let Err(e) = play_line(&mut game, &parsed) {
            panic!(
                "{}: move {} ({line}) refused: {e}\n{}",
                path.display(),
                n + 1,
                record.source
            );
        }
    }
    assert_eq!(
        game.state().phase(),
        Phase::Agreement,
        "{}: two passes end play",
        path.display()
    );
    for vertex in &record.dead {
        let p = geometry.parse_point(vertex).unwrap();
        assert!(
            game.board().get(p).is_some(),
            "{}: dead stone {vertex} is on the board",
            path.display()
        );
        if !game.state().marks().contains(p) {
            let line = parse_line(&geometry, &format!("P1: mark {vertex}")).unwrap();
            play_line(&mut game, &line).unwrap();
        }
    }
    let dead: std::collections::BTreeSet<String> = game
        .state()
        .marks()
        .iter()
        .map(|p| geometry.name(p))
        .collect();
    let listed: std::collections::BTreeSet<String> = record.dead.iter().cloned().collect();
    assert_eq!(
        dead,
        listed,
        "{}: marking GNU Go's dead stones marks exactly them",
        path.display()
    );
    for line in ["P1: accept", "P2: accept"] {
        play_line(&mut game, &parse_line(&geometry, line).unwrap()).unwrap();
    }
    let result = game.result().expect("the game is over");
    let ours = short_result(game.state(), result);
    let expected = margin(&record.final_score) + f64::from(record.handicap);
    (ours, margin(&short_result(game.state(), result)), expected)
}

#[test]
fn tengen_scores_gnu_go_games_as_gnu_go_does() {
    tengen_variants::link();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/gnugo");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    assert!(files.len() >= 6, "the GNU Go records are present");
    let mut nineteen = 0;
    for path in &files {
        let (ours, margin, expected) = replay(path);
        assert_eq!(margin, expected, "{}: tengen says {ours}", path.display());
        nineteen += usize::from(
            path.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("19x19"),
        );
    }
    assert!(nineteen >= 2, "both 9x9 and 19x19 games are checked");
}
