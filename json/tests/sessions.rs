//! `tengen engine`'s protocol on recorded sessions: each file of
//! `sessions/` is sent to an engine in this process, one request at a
//! time, and the snapshot shows every request (`> `) with its response
//! (`< `). Around each request the test reads the games the engine holds,
//! so it can check that a request answered with an error, or one that only
//! reads, changes no game. Every response must match the interface schema,
//! and so must every request the engine read; a session must give the same
//! transcript on every run, sent line by line or all at once.

use crate::common;

use common::recorded::{Exchange, Recorded, fixture, record, stream};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;
use tengen_json::engine::COMMANDS;

/// A validator of one form of the interface schema.
fn validator(form: &str) -> jsonschema::Validator {
    jsonschema::validator_for(&tengen_json::schema_of(form))
        .unwrap_or_else(|e| panic!("the schema of {form} compiles: {e}"))
}

/// The error codes that say the engine could not read the request (so the
/// schema may reject it too).
const UNREAD: &[&str] = &[
    "malformed-json",
    "not-an-object",
    "missing-command",
    "unknown-command",
    "bad-request",
];

/// The commands that only read: whatever they answer, no game changes.
const READING: &[&str] = &[
    "list-rulesets",
    "games",
    "state",
    "legal-actions",
    "composition",
    "analyze",
];

/// The request as JSON, where it is an object naming a known command.
fn known_request(exchange: &Exchange) -> Option<serde_json::Map<String, Value>> {
    match serde_json::from_str(&exchange.request) {
        Ok(Value::Object(object))
            if object
                .get("command")
                .and_then(Value::as_str)
                .is_some_and(|c| COMMANDS.contains(&c)) =>
        {
            Some(object)
        }
        _ => None,
    }
}

/// Every response matches the schema of `Response`, and carries the id of
/// its request (`null` where the line is not a JSON object).
fn check_responses(name: &str, recorded: &Recorded) {
    let schema = validator("Response");
    for exchange in &recorded.exchanges {
        let Some(response) = exchange.response_value() else {
            continue;
        };
        let errors: Vec<String> = schema
            .iter_errors(&response)
            .map(|e| e.to_string())
            .collect();
        assert!(
            errors.is_empty(),
            "{name}:{}: the response does not match the schema of Response: {errors:?}\n{}",
            exchange.line,
            exchange.response.as_deref().unwrap_or_default()
        );
        let id = match serde_json::from_str::<Value>(&exchange.request) {
            Ok(Value::Object(object)) => object.get("id").cloned().unwrap_or(Value::Null),
            _ => Value::Null,
        };
        assert_eq!(
            response["id"], id,
            "{name}:{}: the response does not carry the request's id",
            exchange.line
        );
        assert_eq!(
            response["ok"],
            Value::Bool(response.get("error").is_none()),
            "{name}:{}: `ok` and `error` disagree",
            exchange.line
        );
    }
}

/// Every request the engine read (a JSON object with a known command, not
/// answered with one of [`UNREAD`]) matches the schema of `Request`; a
/// request the schema rejects was answered with `bad-request`.
fn check_requests(name: &str, recorded: &Recorded) {
    let schema = validator("Request");
    for exchange in &recorded.exchanges {
        let Some(request) = known_request(exchange) else {
            continue;
        };
        if exchange.response.is_none() {
            continue;
        }
        let errors: Vec<String> = schema
            .iter_errors(&Value::Object(request))
            .map(|e| e.to_string())
            .collect();
        let code = exchange.error_code();
        let unread = code.as_deref().is_some_and(|c| UNREAD.contains(&c));
        assert!(
            errors.is_empty() || unread,
            "{name}:{}: the engine read a request the schema of Request rejects ({errors:?}):\n{}",
            exchange.line,
            exchange.request
        );
        assert!(
            errors.is_empty() || code.as_deref() == Some("bad-request"),
            "{name}:{}: a request the schema rejects was answered with {code:?}, not bad-request:\n{}",
            exchange.line,
            exchange.request
        );
    }
}

/// A request answered with an error, and a request that only reads
/// (`ai-move` with `"apply": false` and dry runs among them), leave every game exactly
/// as it was: the same games, each with the same state, byte for byte.
fn check_nothing_changed(name: &str, recorded: &Recorded) {
    for exchange in &recorded.exchanges {
        let Some(response) = exchange.response_value() else {
            continue;
        };
        let reading = known_request(exchange).is_some_and(|r| {
            READING.contains(&r["command"].as_str().unwrap_or_default())
                || (r["command"] == "ai-move" && r.get("apply") == Some(&Value::Bool(false)))
                || r.get("dry_run") == Some(&Value::Bool(true))
        });
        if response["ok"] == Value::Bool(true) && !reading {
            continue;
        }
        assert_eq!(
            exchange.before.games, exchange.after.games,
            "{name}:{}: the games held changed after {}",
            exchange.line, exchange.request
        );
        assert_eq!(
            exchange.before.states.len(),
            exchange.after.states.len(),
            "{name}:{}: the number of games changed",
            exchange.line
        );
        for ((game, before), (_, after)) in
            exchange.before.states.iter().zip(&exchange.after.states)
        {
            assert!(
                before == after,
                "{name}:{}: game {game} changed after {}\nbefore: {before}\nafter:  {after}",
                exchange.line,
                exchange.request
            );
        }
    }
}

/// The name of a fixture, for messages.
fn name_of(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Each fixture of `sessions/`: its transcript matches its snapshot, passes
/// the checks above, is the same on a second run, and answers the same
/// when the whole fixture is sent as one session.
#[test]
fn recorded_sessions() {
    insta::glob!("sessions/*.jsonl", |path| {
        let name = name_of(path);
        let text = fixture(path);
        let recorded = record(&text);
        check_responses(&name, &recorded);
        check_requests(&name, &recorded);
        check_nothing_changed(&name, &recorded);
        assert!(
            record(&text).transcript == recorded.transcript,
            "{name}: a second run gives another transcript"
        );
        let answered: String = recorded
            .exchanges
            .iter()
            .filter_map(|e| e.response.as_ref())
            .map(|r| format!("{r}\n"))
            .collect();
        assert!(
            stream(&text) == answered,
            "{name}: one session over the whole fixture answers otherwise than line by line"
        );
        insta::assert_snapshot!(without_registry_listing(&recorded.transcript));
    });
}

/// The transcript with the registry's lists as placeholders: the
/// `list-rulesets` listing's rulesets and components (in the engine's
/// compact JSON), and the lists messages give, so that adding a variant
/// changes no session's snapshot (`list_rulesets_lists_the_library` in
/// this file checks the listing itself).
fn without_registry_listing(transcript: &str) -> String {
    let listing = tengen_json::catalogue::Listing::of(tengen_variants::library());
    let rulesets = serde_json::to_string(&listing.rulesets).unwrap();
    let components = serde_json::to_string(&listing.components).unwrap();
    let text = transcript
        .replace(&rulesets, "\"[the bundled rulesets]\"")
        .replace(&components, "\"[the registered components]\"");
    tengen_conformance::without_registry_lists(&text)
}

/// The error codes `EngineError::code` documents, read from its doc
/// comment in `src/engine/protocol.rs`: each item of the list starts with
/// a code in backticks.
fn documented_codes() -> BTreeSet<String> {
    let source = include_str!("../src/engine/protocol.rs");
    let field = source
        .find("pub code: String")
        .expect("EngineError has a `code` field");
    let doc: String = source[..field]
        .lines()
        .rev()
        .skip(1)
        .take_while(|l| l.trim_start().starts_with("///"))
        .map(|l| l.trim_start().trim_start_matches("///").trim())
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect::<Vec<_>>()
        .join(" ");
    let list = doc
        .split_once("code:")
        .map(|(_, list)| list)
        .expect("the doc comment lists the codes after `code:`");
    list.split(',')
        .filter_map(|item| item.trim().strip_prefix('`'))
        .filter_map(|item| item.split_once('`').map(|(code, _)| code.to_string()))
        .collect()
}

/// The codes no line of a fixture can cause: they need a thousand games
/// open, or a line of 4 MiB (`limits.rs` checks both).
const NOT_IN_A_FIXTURE: &[&str] = &["too-many-games", "line-too-long"];

/// `bad-input.jsonl` causes every documented error code a line can cause,
/// and no other.
#[test]
fn the_bad_input_session_causes_every_error_code_a_line_can() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sessions/bad-input.jsonl");
    let recorded = record(&fixture(&path));
    let caused: BTreeSet<String> = recorded
        .exchanges
        .iter()
        .filter_map(Exchange::error_code)
        .collect();
    let documented = documented_codes();
    assert_eq!(
        documented.len(),
        16,
        "the codes read from the doc comment: {documented:?}"
    );
    let expected: BTreeSet<String> = documented
        .iter()
        .filter(|c| !NOT_IN_A_FIXTURE.contains(&c.as_str()))
        .cloned()
        .collect();
    assert_eq!(caused, expected);
}

/// Where the engine cannot read a request's fields (one missing, unknown
/// or of the wrong type: its message starts with the command's name, or
/// says the command takes no fields), the schema of `Request` rejects the
/// request too, so a program that checks its requests against the schema
/// finds the same mistakes.
#[test]
fn the_schema_rejects_the_requests_the_engine_cannot_read() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sessions/bad-input.jsonl");
    let recorded = record(&fixture(&path));
    let schema = validator("Request");
    let mut checked = 0;
    for exchange in &recorded.exchanges {
        let Some(request) = known_request(exchange) else {
            continue;
        };
        let Some(response) = exchange.response_value() else {
            continue;
        };
        let message = response["error"]["message"].as_str().unwrap_or_default();
        let command = request["command"].as_str().unwrap_or_default();
        let unreadable = exchange.error_code().as_deref() == Some("bad-request")
            && (message.starts_with(&format!("`{command}`: "))
                || message.contains("takes no fields"));
        if !unreadable {
            continue;
        }
        assert!(
            !schema.is_valid(&Value::Object(request)),
            "bad-input.jsonl:{}: the schema of Request accepts a request the engine cannot read ({message}):\n{}",
            exchange.line,
            exchange.request
        );
        checked += 1;
    }
    assert!(
        checked >= 10,
        "only {checked} unreadable requests in bad-input.jsonl"
    );
}

/// `list-rulesets` lists every bundled ruleset, in the library's order,
/// with its name, and every registered component: what the sessions'
/// snapshots hold as placeholders.
#[test]
fn list_rulesets_lists_the_library() {
    let library = tengen_variants::library();
    let mut engine = tengen_json::engine::Engine::new(library);
    let reply = serde_json::to_value(engine.respond(r#"{"command":"list-rulesets"}"#)).unwrap();
    let listing = &reply["result"]["listing"];
    let ids: Vec<&str> = listing["rulesets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    let bundled: Vec<&str> = library.bundled().iter().map(|b| b.id).collect();
    assert_eq!(ids, bundled);
    assert!(
        listing["rulesets"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["name"].is_string())
    );
    let registry = tengen_core::registry::Registry::global().unwrap();
    assert_eq!(
        listing["components"].as_array().unwrap().len(),
        registry.all().len(),
        "{listing}"
    );
}
