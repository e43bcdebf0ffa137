//! What a recorded session cannot show: the engine's limits (the games
//! one process holds, the length of a line), bytes that are not UTF-8,
//! blank lines, and where a session ends.

use serde_json::{Value, json};
use std::io::{self, Write};
use tengen_json::engine::{Engine, MAX_GAMES, MAX_LINE_BYTES, session};

/// A new engine.
fn engine() -> Engine {
    Engine::new(tengen_variants::library())
}

/// Runs one session of `engine` on `input`; the response lines, read as
/// JSON.
fn run(engine: &mut Engine, input: &[u8]) -> Vec<Value> {
    let mut output = Vec::new();
    session(engine, &mut &input[..], &mut output).expect("the session runs");
    String::from_utf8(output)
        .expect("the engine writes UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("each response line is JSON"))
        .collect()
}

/// A request line, with its end.
fn line(request: &Value) -> Vec<u8> {
    format!("{request}\n").into_bytes()
}

/// The names of the games `engine` holds.
fn games(engine: &mut Engine) -> Vec<String> {
    let responses = run(engine, &line(&json!({"command": "games"})));
    responses[0]["result"]["games"]
        .as_array()
        .expect("`games` lists the games")
        .iter()
        .map(|g| g["game"].as_str().expect("a name").to_string())
        .collect()
}

/// The error code of a response (`None` for a success).
fn code(response: &Value) -> Option<&str> {
    response["error"]["code"].as_str()
}

/// `MAX_GAMES` games may be open at once; the next `new-game` is refused
/// with `too-many-games` and opens nothing, and closing one makes room.
#[test]
fn a_process_holds_at_most_max_games() {
    let mut engine = engine();
    let new_game = json!({"command": "new-game", "ruleset": "go", "options": ["size=9"]});
    let input: Vec<u8> = (0..MAX_GAMES).flat_map(|_| line(&new_game)).collect();
    let responses = run(&mut engine, &input);
    assert_eq!(responses.len(), MAX_GAMES);
    assert!(
        responses.iter().all(|r| r["ok"] == json!(true)),
        "every game up to the limit opens"
    );
    assert_eq!(responses[MAX_GAMES - 1]["result"]["game"], json!("g1000"));

    let mut refused = new_game.clone();
    refused["id"] = json!("one more");
    let responses = run(&mut engine, &line(&refused));
    assert_eq!(code(&responses[0]), Some("too-many-games"));
    assert_eq!(responses[0]["id"], json!("one more"));
    assert!(
        responses[0]["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("close-game")),
        "the message says how to make room: {}",
        responses[0]
    );
    assert_eq!(games(&mut engine).len(), MAX_GAMES);

    let responses = run(
        &mut engine,
        &line(&json!({"command": "close-game", "game": "g500"})),
    );
    assert_eq!(responses[0]["ok"], json!(true));
    let responses = run(&mut engine, &line(&new_game));
    assert_eq!(responses[0]["ok"], json!(true));
    // The refused request named no game: the next name is g1001.
    assert_eq!(responses[0]["result"]["game"], json!("g1001"));
    let names = games(&mut engine);
    assert_eq!(names.len(), MAX_GAMES);
    assert!(!names.contains(&"g500".to_string()));
}

/// A request line of `length` bytes (without its end): `games`, padded
/// with spaces inside the object.
fn padded_games(id: u32, length: usize) -> Vec<u8> {
    let head = format!("{{\"id\": {id}, \"command\": \"games\"");
    let mut bytes = head.into_bytes();
    bytes.resize(length - 1, b' ');
    bytes.push(b'}');
    bytes
}

/// A line of `MAX_LINE_BYTES` is read; a longer one is answered with
/// `line-too-long` (its id unread, so `null`) and skipped, and the session
/// goes on, also when the long line is the last of the input.
#[test]
fn a_line_too_long_is_refused_and_the_session_goes_on() {
    let mut engine = engine();
    let mut input = padded_games(1, MAX_LINE_BYTES);
    input.push(b'\n');
    input.extend(padded_games(2, MAX_LINE_BYTES + 1));
    input.push(b'\n');
    input.extend(line(&json!({"id": 3, "command": "games"})));
    input.extend(padded_games(4, MAX_LINE_BYTES + 1));
    let responses = run(&mut engine, &input);
    assert_eq!(responses.len(), 4, "{responses:?}");
    assert_eq!(responses[0]["id"], json!(1));
    assert_eq!(responses[0]["ok"], json!(true));
    assert_eq!(code(&responses[1]), Some("line-too-long"));
    assert_eq!(responses[1]["id"], Value::Null);
    assert_eq!(responses[2]["id"], json!(3));
    assert_eq!(responses[2]["ok"], json!(true));
    assert_eq!(code(&responses[3]), Some("line-too-long"));
}

/// A line that is not UTF-8 is answered as `malformed-json` and the
/// session goes on.
#[test]
fn a_line_that_is_not_utf8_is_malformed() {
    let mut engine = engine();
    let mut input = b"{\"id\": 1, \"command\": \"g\xffmes\"}\n".to_vec();
    input.extend(line(&json!({"id": 2, "command": "games"})));
    let responses = run(&mut engine, &input);
    assert_eq!(responses.len(), 2, "{responses:?}");
    assert_eq!(code(&responses[0]), Some("malformed-json"));
    assert_eq!(responses[0]["id"], Value::Null);
    assert_eq!(
        responses[0]["error"]["message"],
        json!("the line is not UTF-8 text")
    );
    assert_eq!(responses[1]["id"], json!(2));
    assert_eq!(responses[1]["ok"], json!(true));
}

/// Blank lines (spaces, tabs, a carriage return) get no response; a line
/// ending in a carriage return and a newline is read without the return.
#[test]
fn blank_lines_are_skipped() {
    let mut engine = engine();
    let input = b"\n   \n\t\r\n{\"id\": 1, \"command\": \"games\"}\r\n\n{\"id\": 2, \"command\": \"quit\"}\n";
    let responses = run(&mut engine, input);
    assert_eq!(responses.len(), 2, "{responses:?}");
    assert_eq!(responses[0]["id"], json!(1));
    assert_eq!(responses[0]["ok"], json!(true));
    assert_eq!(responses[1]["id"], json!(2));
}

/// `quit` is answered, and ends the session: the lines after it are not
/// read, let alone answered.
#[test]
fn a_session_ends_at_quit() {
    let mut engine = engine();
    let mut input = line(&json!({"id": 1, "command": "new-game", "ruleset": "go"}));
    input.extend(line(&json!({"id": 2, "command": "quit"})));
    let rest = line(&json!({"id": 3, "command": "games"}));
    input.extend(&rest);
    let mut reader = &input[..];
    let mut output = Vec::new();
    session(&mut engine, &mut reader, &mut output).expect("the session runs");
    let responses: Vec<Value> = String::from_utf8(output)
        .expect("UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(responses.len(), 2, "{responses:?}");
    assert_eq!(
        responses[1],
        json!({"id": 2, "ok": true, "result": {"command": "quit"}})
    );
    assert!(engine.has_quit());
    assert_eq!(reader, &rest[..], "the line after `quit` is left unread");
    // A session of an engine that has quit answers nothing.
    assert!(run(&mut engine, &rest).is_empty());
}

/// Without `quit`, a session ends at the end of its input (a last line
/// without its end is answered); the engine keeps its games for the next.
#[test]
fn a_session_ends_at_the_end_of_its_input() {
    let mut engine = engine();
    assert!(run(&mut engine, b"").is_empty());
    let input = br#"{"id": 1, "command": "new-game", "ruleset": "go", "options": ["size=9"]}"#;
    let responses = run(&mut engine, input);
    assert_eq!(responses.len(), 1);
    assert_eq!(responses[0]["result"]["game"], json!("g1"));
    assert!(!engine.has_quit());
    assert_eq!(games(&mut engine), ["g1"]);
}

/// Output that cannot be written.
struct Closed;

impl Write for Closed {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(io::Error::new(io::ErrorKind::BrokenPipe, "closed"))
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// An error writing a response ends the session with that error.
#[test]
fn a_session_ends_with_an_error_it_cannot_write() {
    let mut engine = engine();
    let input = line(&json!({"id": 1, "command": "games"}));
    let error = session(&mut engine, &mut &input[..], &mut Closed).expect_err("cannot write");
    assert_eq!(error.kind(), io::ErrorKind::BrokenPipe);
}
