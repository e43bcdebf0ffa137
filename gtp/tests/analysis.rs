//! Live analysis on a reader that is not live (a file, a test's bytes):
//! the session cannot tell whether more is waiting without blocking, so an
//! analysis gives one line and ends, and the next command is carried out.

use tengen_gtp::{Engine, PlayerKind, Setup};

fn engine(player: PlayerKind) -> Engine {
    let options = vec!["size=9".to_string()];
    let rules = tengen_variants::library()
        .assemble("go", &options)
        .expect("go assembles");
    let setup = Setup {
        reference: "go".into(),
        options,
        handicap: None,
    };
    Engine::new(setup, rules, player, Some(200), 5).expect("the game starts")
}

fn send(engine: &mut Engine, input: &str) -> String {
    let mut output = Vec::new();
    tengen_gtp::session(engine, &mut input.as_bytes(), &mut output).expect("the session runs");
    String::from_utf8(output).expect("utf-8")
}

#[test]
fn on_a_blocking_reader_an_analysis_gives_one_line() {
    let mut engine = engine(PlayerKind::Mcts);
    let output = send(
        &mut engine,
        "3 kata-analyze B 1 ownership true\nplay B E5\n",
    );
    let mut lines = output.lines();
    assert_eq!(lines.next(), Some("=3"));
    let analysis = lines.next().expect("one analysis line");
    assert!(analysis.starts_with("info move "), "{analysis}");
    assert!(analysis.contains(" ownership "), "{analysis}");
    assert_eq!(lines.next(), Some(""), "the response ends after one line");
    assert_eq!(lines.next(), Some("="), "and the next command is answered");
    assert_eq!(
        engine.game().record().len(),
        1,
        "the analysis played nothing"
    );
}

#[test]
fn the_random_player_does_not_analyse() {
    let mut engine = engine(PlayerKind::Random);
    let output = send(&mut engine, "lz-analyze B 10\n");
    assert!(
        output.starts_with("? the random player does not analyse"),
        "{output}"
    );
}
