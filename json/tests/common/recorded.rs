//! Recorded engine sessions: a fixture's requests sent one at a time
//! through `session` to an engine in this process, with the games it holds
//! read before and after each request, and the transcript of the whole.
//!
//! A fixture has one request a line. Lines starting with `#` are comments:
//! they are kept in the transcript and not sent. Blank lines are sent (the
//! engine skips them) and kept as blank lines.

use serde_json::{Value, json};
use std::path::Path;
use tengen_json::engine::{Engine, session};

/// One request sent, and what came of it.
pub(crate) struct Exchange {
    /// The line of the fixture, from 1.
    pub(crate) line: usize,
    /// The request as sent.
    pub(crate) request: String,
    /// The response line, if the engine wrote one.
    pub(crate) response: Option<String>,
    /// The games held before the request.
    pub(crate) before: Held,
    /// The games held after it.
    pub(crate) after: Held,
}

impl Exchange {
    /// The response read as JSON.
    pub(crate) fn response_value(&self) -> Option<Value> {
        self.response.as_ref().map(|r| {
            serde_json::from_str(r).unwrap_or_else(|e| {
                panic!("line {}: the response is not JSON ({e}): {r}", self.line)
            })
        })
    }

    /// The error code of the response, where it is an error.
    pub(crate) fn error_code(&self) -> Option<String> {
        let response = self.response_value()?;
        response["error"]["code"].as_str().map(str::to_string)
    }
}

/// The games an engine holds, as its own requests show them: the `games`
/// response, and the `state` response of each game, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Held {
    /// The response to `games`.
    pub(crate) games: String,
    /// Each game's name and the response to `state` for it.
    pub(crate) states: Vec<(String, String)>,
}

/// The games `engine` holds now (asked with requests that change nothing).
pub(crate) fn held(engine: &mut Engine) -> Held {
    let games = engine.respond(r#"{"command": "games"}"#);
    let listing = serde_json::to_value(&games).expect("a response serialises");
    let names: Vec<String> = listing["result"]["games"]
        .as_array()
        .expect("`games` lists the games")
        .iter()
        .map(|g| g["game"].as_str().expect("a game's name").to_string())
        .collect();
    let states = names
        .into_iter()
        .map(|name| {
            let request = json!({"command": "state", "game": name}).to_string();
            let state = serde_json::to_string(&engine.respond(&request)).expect("serialises");
            (name, state)
        })
        .collect();
    Held {
        games: serde_json::to_string(&games).expect("serialises"),
        states,
    }
}

/// Whether a fixture line is a comment (kept, not sent).
pub(crate) fn is_comment(line: &str) -> bool {
    line.starts_with('#')
}

/// A fixture sent through one engine: the exchanges and the transcript.
pub(crate) struct Recorded {
    /// Each line sent, in order.
    pub(crate) exchanges: Vec<Exchange>,
    /// Comments as they are, blank lines blank, `> ` and each request,
    /// `< ` and each response (`(no response)` where none came).
    pub(crate) transcript: String,
}

/// Sends each request of `fixture` through `session` on one engine, one
/// line at a time.
pub(crate) fn record(fixture: &str) -> Recorded {
    let mut engine = Engine::new(tengen_variants::library());
    let mut exchanges = Vec::new();
    let mut transcript = String::new();
    for (index, line) in fixture.lines().enumerate() {
        if is_comment(line) {
            transcript.push_str(line);
            transcript.push('\n');
            continue;
        }
        let before = held(&mut engine);
        let input = format!("{line}\n");
        let mut output = Vec::new();
        session(&mut engine, &mut input.as_bytes(), &mut output).expect("the session runs");
        let after = held(&mut engine);
        let output = String::from_utf8(output).expect("the engine writes UTF-8");
        let mut responses = output.lines().map(str::to_string);
        let response = responses.next();
        assert!(
            responses.next().is_none(),
            "line {}: more than one response line:\n{output}",
            index + 1
        );
        if line.trim().is_empty() {
            assert!(
                response.is_none(),
                "line {}: a blank line is answered: {output}",
                index + 1
            );
            transcript.push('\n');
        } else {
            transcript.push_str(&format!("> {line}\n"));
            match &response {
                Some(r) => transcript.push_str(&format!("< {r}\n")),
                None => transcript.push_str("(no response)\n"),
            }
        }
        exchanges.push(Exchange {
            line: index + 1,
            request: line.to_string(),
            response,
            before,
            after,
        });
    }
    Recorded {
        exchanges,
        transcript,
    }
}

/// The output of one session over the whole fixture at once (its
/// comments left out).
pub(crate) fn stream(fixture: &str) -> String {
    let input: String = fixture
        .lines()
        .filter(|l| !is_comment(l))
        .map(|l| format!("{l}\n"))
        .collect();
    let mut engine = Engine::new(tengen_variants::library());
    let mut output = Vec::new();
    session(&mut engine, &mut input.as_bytes(), &mut output).expect("the session runs");
    String::from_utf8(output).expect("the engine writes UTF-8")
}

/// The text of a fixture of `json/tests/sessions`.
pub(crate) fn fixture(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{} does not read: {e}", path.display()))
}
