//! `play` of the colour not to move: GTP places the stone whatever the
//! turn, and tengen does so by passing first for the colour to move where
//! that pass changes nothing but the turn; where the schedule fixes the
//! order of placements (Thue-Morse Go) it refuses, saying why.

use tengen_core::{Action, Colour, Seat};
use tengen_gtp::{Engine, PlayerKind, Setup};

/// A session of ruleset `reference` with `options`.
fn engine(reference: &str, options: &[&str]) -> Engine {
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    let rules = tengen_variants::library()
        .assemble(reference, &options)
        .expect("the ruleset assembles");
    let setup = Setup {
        reference: reference.into(),
        options,
        handicap: None,
    };
    Engine::new(setup, rules, PlayerKind::Random, Some(1), 7).expect("the game starts")
}

/// The responses to `commands`, one a command, as sent.
fn send(engine: &mut Engine, commands: &[&str]) -> Vec<String> {
    let input = commands.join("\n") + "\n";
    let mut output = Vec::new();
    tengen_gtp::session(engine, &mut input.as_bytes(), &mut output).expect("the session runs");
    String::from_utf8(output)
        .expect("utf-8")
        .split_terminator("\n\n")
        .map(str::to_string)
        .collect()
}

/// The stone on the point named `name`, if any.
fn stone(engine: &Engine, name: &str) -> Option<Colour> {
    let point = engine
        .game()
        .rules()
        .geometry
        .parse_point(name)
        .expect("a point");
    engine.game().board().get(point)
}

#[test]
fn go_places_a_second_black_stone_after_a_pass_for_white() {
    let mut e = engine("go", &["size=9"]);
    let answers = send(&mut e, &["play b D4", "play b E5"]);
    assert_eq!(answers, ["=", "="]);
    assert_eq!(stone(&e, "D4"), Some(Colour::Black));
    assert_eq!(stone(&e, "E5"), Some(Colour::Black));
    // White's pass comes between the two stones.
    let white = e.game().state().seat_of_colour(Colour::White);
    assert_eq!(e.game().record()[1], (white, Action::Pass));
    // White is to move, and the computer player moves for it.
    let answers = send(&mut e, &["gogui-rules_side_to_move", "genmove w"]);
    assert_eq!(answers[0], "= white");
    assert!(answers[1].starts_with("= "), "{answers:?}");
    assert_ne!(answers[1], "= pass", "{answers:?}");
}

#[test]
fn undo_takes_back_the_stone_and_the_pass_before_it() {
    let mut e = engine("go", &["size=9"]);
    let answers = send(&mut e, &["play b D4", "play b E5", "undo"]);
    assert_eq!(answers, ["=", "=", "="]);
    assert_eq!(stone(&e, "E5"), None);
    assert_eq!(stone(&e, "D4"), Some(Colour::Black));
    assert_eq!(e.game().record().len(), 1);
    assert_eq!(send(&mut e, &["gogui-rules_side_to_move"]), ["= white"]);
}

#[test]
fn the_inserted_pass_does_not_end_play_with_a_later_pass() {
    let mut e = engine("go", &["size=9"]);
    // Black's second stone comes after White's pass, so only the last two
    // passes are two in a row: White's, then Black's.
    let answers = send(
        &mut e,
        &[
            "play b D4",
            "play b E5",
            "play w pass",
            "gogui-rules_side_to_move",
        ],
    );
    assert_eq!(answers, ["=", "=", "=", "= black"]);
    assert_eq!(e.game().state().phase(), tengen_core::Phase::Play);
    let answers = send(&mut e, &["play b pass"]);
    assert_eq!(answers, ["="]);
    assert_ne!(e.game().state().phase(), tengen_core::Phase::Play);
}

#[test]
fn a_refused_stone_out_of_turn_leaves_no_pass_behind() {
    let mut e = engine("go", &["size=9"]);
    let answers = send(&mut e, &["play b D4", "play b D4"]);
    assert_eq!(answers[1], "? illegal move: D4 is occupied");
    assert_eq!(e.game().record().len(), 1);
}

#[test]
fn a_pass_out_of_turn_is_refused() {
    let mut e = engine("go", &["size=9"]);
    let answers = send(&mut e, &["play b D4", "play b pass"]);
    assert_eq!(
        answers[1],
        "? illegal move: it is white's turn; black cannot pass out of turn"
    );
    assert_eq!(e.game().record().len(), 1);
}

#[test]
fn thue_morse_go_refuses_a_stone_out_of_turn_and_says_why() {
    let mut e = engine("thue-morse-go", &["size=11"]);
    let answers = send(&mut e, &["play b F6", "play b E5"]);
    assert_eq!(answers[0], "=");
    assert_eq!(
        answers[1],
        "? illegal move: it is white's turn: thue-morse-go gives white (Blue) two \
         placements this move; the order of placements is fixed in thue-morse-go, \
         so black cannot place out of turn"
    );
    assert_eq!(stone(&e, "E5"), None);
    assert_eq!(e.game().record().len(), 1);
    assert_eq!(e.game().to_act(), tengen_core::ToAct::Seat(Seat::Two));
}

#[test]
fn mathematical_go_refuses_a_stone_out_of_turn_for_want_of_a_pass() {
    let mut e = engine("mathematical-go", &[]);
    let answers = send(&mut e, &["play b D4", "play b E5"]);
    assert_eq!(answers[0], "=");
    assert!(
        answers[1]
            .starts_with("? illegal move: it is white's turn; mathematical-go allows no pass"),
        "{answers:?}"
    );
    assert_eq!(e.game().record().len(), 1);
}

#[test]
fn a_stone_out_of_turn_in_the_agreement_phase_resumes_play() {
    let mut e = engine("go", &["size=9"]);
    // White passed second, so after resuming Black would move: White's
    // stone comes after a pass for Black.
    let answers = send(&mut e, &["play b pass", "play w pass", "play w D4"]);
    assert_eq!(answers, ["=", "=", "="]);
    assert_eq!(e.game().state().phase(), tengen_core::Phase::Play);
    assert_eq!(stone(&e, "D4"), Some(Colour::White));
    assert_eq!(send(&mut e, &["gogui-rules_side_to_move"]), ["= black"]);
    // undo takes back the stone, the pass and the resumption.
    assert_eq!(send(&mut e, &["undo"]), ["="]);
    assert_eq!(e.game().state().phase(), tengen_core::Phase::Agreement);
    assert_eq!(stone(&e, "D4"), None);
}

#[test]
fn tromp_taylor_places_a_stone_out_of_turn_too() {
    let mut e = engine("tromp-taylor", &["size=9"]);
    let answers = send(&mut e, &["play w D4", "genmove b"]);
    assert_eq!(answers[0], "=");
    assert_eq!(stone(&e, "D4"), Some(Colour::White));
    assert!(answers[1].starts_with("= "), "{answers:?}");
}
