//! A stream of lines for `tengen engine`.

use tengen_conformance::invariants::check_board;
use tengen_json::engine::{Engine, session};

/// Runs the input as an engine session (the computer player capped at
/// two playouts a choice): the session ends normally, every line it writes
/// is a JSON object that says whether its request was carried out and
/// carries an id, a failure names its code and message, and the board of
/// every game still held stays consistent.
pub fn engine(data: &[u8]) {
    tengen_variants::link();
    let mut engine = Engine::new(tengen_variants::library());
    engine.cap_playouts(2);
    let mut input = data;
    let mut output = Vec::new();
    session(&mut engine, &mut input, &mut output).expect("reading bytes cannot fail");
    let output = String::from_utf8(output).expect("responses are UTF-8");
    for line in output.lines() {
        let response: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        let ok = response["ok"]
            .as_bool()
            .unwrap_or_else(|| panic!("no `ok`: {line}"));
        assert!(response.get("id").is_some(), "no `id`: {line}");
        if ok {
            assert!(response["result"]["command"].is_string(), "{line}");
        } else {
            assert!(response["error"]["code"].is_string(), "{line}");
            assert!(response["error"]["message"].is_string(), "{line}");
        }
    }
    for (_, game) in engine.games() {
        check_board(game);
    }
}
