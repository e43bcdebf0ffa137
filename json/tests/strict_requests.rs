//! Requests the engine must refuse though serde would take them: a key
//! given twice, a field no command or action takes (issue 22, items 10
//! and 16). Each refusal names the key or field and changes no game.

use serde_json::{Value, json};
use tengen_json::engine::Engine;

/// The response to `line` as JSON.
fn answer(engine: &mut Engine, line: &str) -> Value {
    serde_json::to_value(engine.respond(line)).expect("a response serializes")
}

/// An engine holding one game of 9x9 Go, `g1`, with one stone played.
fn engine() -> Engine {
    let mut engine = Engine::new(tengen_variants::library());
    let r = answer(
        &mut engine,
        r#"{"command":"new-game","ruleset":"go","options":["size=9"]}"#,
    );
    assert_eq!(r["ok"], true, "{r}");
    let r = answer(
        &mut engine,
        r#"{"command":"apply","game":"g1","action":"E5"}"#,
    );
    assert_eq!(r["ok"], true, "{r}");
    engine
}

/// The state of `g1`.
fn state(engine: &mut Engine) -> Value {
    answer(engine, r#"{"command":"state","game":"g1"}"#)["result"].clone()
}

/// `line` is refused with a message naming `name`, and `g1` is unchanged.
fn refused_naming(line: &str, name: &str) {
    let mut engine = engine();
    let before = state(&mut engine);
    let r = answer(&mut engine, line);
    assert_eq!(r["ok"], false, "{line} was accepted: {r}");
    let message = r["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains(&format!("`{name}`")),
        "the refusal of {line} names `{name}`: {message}"
    );
    assert_eq!(state(&mut engine), before, "{line} changed the game");
}

#[test]
fn a_resignation_with_a_seat_field_is_refused() {
    refused_naming(
        r#"{"command":"apply","game":"g1","action":{"type":"resign","seat":"P2"}}"#,
        "seat",
    );
}

#[test]
fn an_unknown_field_in_any_action_is_refused() {
    for action in [
        r#"{"type":"pass","x":1}"#,
        r#"{"type":"pass-move","x":1}"#,
        r#"{"type":"place","point":"D4","x":1}"#,
        r#"{"type":"accept","x":1}"#,
        r#"{"type":"resume","x":1}"#,
        r#"{"type":"button","x":1}"#,
    ] {
        refused_naming(
            &format!(r#"{{"command":"apply","game":"g1","action":{action}}}"#),
            "x",
        );
        refused_naming(
            &format!(r#"{{"command":"apply-all","game":"g1","actions":[{action}]}}"#),
            "x",
        );
    }
}

#[test]
fn an_unknown_field_in_every_request_is_refused() {
    for request in [
        r#"{"command":"list-rulesets","x":1}"#,
        r#"{"command":"new-game","ruleset":"go","x":1}"#,
        r#"{"command":"games","x":1}"#,
        r#"{"command":"close-game","game":"g1","x":1}"#,
        r#"{"command":"state","game":"g1","x":1}"#,
        r#"{"command":"legal-actions","game":"g1","x":1}"#,
        r#"{"command":"apply","game":"g1","action":"D4","x":1}"#,
        r#"{"command":"apply-all","game":"g1","actions":["D4"],"x":1}"#,
        r#"{"command":"undo","game":"g1","x":1}"#,
        r#"{"command":"ai-move","game":"g1","playouts":1,"x":1}"#,
        r#"{"command":"composition","game":"g1","x":1}"#,
        r#"{"command":"analyze","game":"g1","x":1}"#,
        r#"{"command":"quit","x":1}"#,
    ] {
        refused_naming(request, "x");
    }
}

#[test]
fn a_key_given_twice_is_refused_naming_it() {
    refused_naming(
        r#"{"command":"apply","game":"g1","action":"D4","action":"pass"}"#,
        "action",
    );
    refused_naming(
        r#"{"command":"apply","game":"g1","action":{"type":"place","point":"D4","point":"C3"}}"#,
        "point",
    );
}

#[test]
fn the_strict_reader_gives_the_place_of_a_repeated_key() {
    let e = tengen_json::strict::from_str::<Value>("{\"a\": 1,\n \"a\": 2}").unwrap_err();
    assert!(e.to_string().contains("`a`"), "{e}");
    assert_eq!(e.line(), 2, "{e}");
    let v: Value = tengen_json::strict::from_str(r#"{"a": {"b": [1, {"c": null}]}}"#).unwrap();
    assert_eq!(v, json!({"a": {"b": [1, {"c": null}]}}));
}
