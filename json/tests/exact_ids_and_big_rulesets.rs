//! The engine echoes every id exactly as sent, and answers a ruleset full
//! of mistakes at once with the first problems and a count of the rest
//! (issue 22, items 12 and 16).

use serde_json::Value;
use tengen_json::engine::Engine;

/// The response line the engine writes for `line`.
fn response_line(engine: &mut Engine, line: &str) -> String {
    serde_json::to_string(&engine.respond(line)).expect("a response serializes")
}

#[test]
fn ids_beyond_64_bits_and_odd_spellings_come_back_exactly() {
    let mut engine = Engine::new(tengen_variants::library());
    for id in [
        "123456789012345678901234567890",
        "-18446744073709551617",
        "18446744073709551616",
        "9007199254740993",
        "1.50",
        "2E+3",
        r#""\u00e9 is e-acute""#,
        r#"[1, {"deep": 340282366920938463463374607431768211456}]"#,
    ] {
        let line = format!(r#"{{"id": {id}, "command": "games"}}"#);
        let written = response_line(&mut engine, &line);
        assert!(
            written.starts_with(&format!(r#"{{"id":{id},"ok":true"#)),
            "id {id} came back as {written}"
        );
        // Also when the request is refused.
        let line = format!(r#"{{"id": {id}, "command": "no-such-command"}}"#);
        let written = response_line(&mut engine, &line);
        assert!(
            written.starts_with(&format!(r#"{{"id":{id},"ok":false"#)),
            "id {id} came back as {written}"
        );
    }
    // No id, a null id, and a line that is not JSON: `null`.
    for line in [
        r#"{"command": "games"}"#,
        r#"{"id": null, "command": "games"}"#,
        "{",
    ] {
        let written = response_line(&mut engine, line);
        assert!(written.starts_with(r#"{"id":null,"#), "{line}: {written}");
    }
}

/// A ruleset of nearly 1 MiB: a valid header, then tens of thousands of
/// keys its topology does not have.
fn ruleset_of_unknown_keys() -> (String, usize) {
    let mut text = String::from(
        "[ruleset]\nid = \"typos\"\nname = \"Typos\"\nsummary = \"x\"\nextends = \"go\"\n\n[topology]\n",
    );
    let mut keys = 0;
    while text.len() < 1_000_000 {
        text.push_str(&format!("widht{keys} = 9\n"));
        keys += 1;
    }
    (text, keys)
}

#[test]
fn a_ruleset_with_tens_of_thousands_of_problems_is_answered_with_the_first_hundred() {
    let (text, keys) = ruleset_of_unknown_keys();
    assert!(keys > 50_000);
    let mut engine = Engine::new(tengen_variants::library());
    let request = serde_json::json!({"id": 7, "command": "new-game", "ruleset_text": text});
    let response: Value =
        serde_json::from_str(&response_line(&mut engine, &request.to_string())).unwrap();
    assert_eq!(response["ok"], false, "{response}");
    let diagnostics = response["error"]["diagnostics"]
        .as_array()
        .expect("the problems are listed");
    assert_eq!(diagnostics.len(), tengen_core::ruleset::MAX_DIAGNOSTICS + 1);
    assert_eq!(diagnostics[0]["code"], "unknown-key");
    assert_eq!(diagnostics[0]["line"], 8);
    assert_eq!(diagnostics[0]["key_path"], "topology.widht0");
    let last = &diagnostics[tengen_core::ruleset::MAX_DIAGNOSTICS];
    assert_eq!(last["code"], "more-problems");
    let more = keys - tengen_core::ruleset::MAX_DIAGNOSTICS;
    assert!(
        last["message"]
            .as_str()
            .unwrap()
            .starts_with(&format!("and {more} more problems not shown")),
        "{last}"
    );
    // The engine goes on answering, and holds no game.
    let games = response_line(&mut engine, r#"{"id": 8, "command": "games"}"#);
    assert!(games.contains(r#""ok":true"#), "{games}");
}
