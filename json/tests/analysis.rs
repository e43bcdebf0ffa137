//! An analysis's reports, and stopping it: on a plain reader an analysis
//! runs to its budget, writing a report after each `report_every`
//! playouts before its answer; in a live session the next request stops
//! it, its answer comes first, and the request is then carried out. Every
//! line matches the interface schema.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use tengen_json::engine::{Engine, session, session_live};

fn validator(form: &str) -> jsonschema::Validator {
    jsonschema::validator_for(&tengen_json::schema_of(form))
        .unwrap_or_else(|e| panic!("the schema of {form} compiles: {e}"))
}

/// Checks `line` against the schema of `form`, and reads it.
fn checked(line: &str, form: &str) -> Value {
    let value: Value = serde_json::from_str(line).expect("a line of JSON");
    let errors: Vec<String> = validator(form)
        .iter_errors(&value)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{form}: {errors:?}\n{line}");
    value
}

const NEW_GAME: &str = r#"{"id":1,"command":"new-game","ruleset":"go","options":["size=9"]}"#;

#[test]
fn an_analysis_reports_as_it_goes_and_answers_at_its_budget() {
    let analyze = json!({
        "id": "a",
        "command": "analyze",
        "game": "g1",
        "search": {"playouts": 900, "report_every": 300, "candidates": 4, "ownership": true}
    });
    let input = format!("{NEW_GAME}\n{analyze}\n");
    let mut engine = Engine::new(tengen_variants::library());
    let mut output = Vec::new();
    session(&mut engine, &mut input.as_bytes(), &mut output).expect("the session runs");
    let output = String::from_utf8(output).expect("utf-8");
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(lines.len(), 4, "{output}");
    for (line, playouts) in lines[1..3].iter().zip([300, 600]) {
        let report = checked(line, "Report");
        assert_eq!(report["id"], "a");
        assert!(report.get("ok").is_none(), "a report is not an answer");
        assert_eq!(report["report"]["game"], "g1");
        let search = &report["report"]["search"];
        assert_eq!(search["playouts"], playouts);
        assert_eq!(search["seat"], "P1");
        assert!(search["candidates"].as_array().expect("candidates").len() <= 4);
        let rows = search["ownership"].as_array().expect("ownership rows");
        assert_eq!(rows.len(), 9);
        assert!(rows.iter().all(|r| r.as_array().expect("a row").len() == 9));
    }
    let answer = checked(lines[3], "Response");
    assert_eq!(answer["id"], "a");
    assert_eq!(answer["ok"], true);
    let search = &answer["result"]["search"];
    assert_eq!(search["playouts"], 900);
    let best = &search["candidates"][0];
    assert_eq!(search["win_rate"], best["win_rate"]);
    assert_eq!(search["score_lead"], best["score_lead"]);
    assert_eq!(best["line"][0]["notation"], best["action"]["notation"]);
    assert!(search["candidates"].as_array().expect("candidates").len() <= 4);
}

#[test]
fn in_a_live_session_the_next_request_stops_an_analysis() {
    let (reader, mut writer) = std::io::pipe().expect("a pipe");
    let (mut output_reader, output_writer) = std::io::pipe().expect("a pipe");
    let engine = std::thread::spawn(move || {
        let mut engine = Engine::new(tengen_variants::library());
        let mut output = output_writer;
        session_live(&mut engine, BufReader::new(reader), &mut output).expect("the session runs");
    });
    let mut output = BufReader::new(&mut output_reader);
    let mut line = String::new();
    let mut next_line = |output: &mut BufReader<_>| {
        line.clear();
        output.read_line(&mut line).expect("the engine writes");
        line.trim_end().to_string()
    };
    writeln!(writer, "{NEW_GAME}").expect("the engine reads");
    checked(&next_line(&mut output), "Response");
    // A budget that would take minutes, reported every 200 playouts.
    let analyze = json!({
        "id": 2,
        "command": "analyze",
        "game": "g1",
        "search": {"playouts": 1_000_000, "report_every": 200}
    });
    writeln!(writer, "{analyze}").expect("the engine reads");
    let first = checked(&next_line(&mut output), "Report");
    assert_eq!(first["report"]["search"]["playouts"], 200);
    writeln!(writer, r#"{{"id":3,"command":"stop"}}"#).expect("the engine reads");
    let answer = loop {
        let line = next_line(&mut output);
        let value: Value = serde_json::from_str(&line).expect("JSON");
        if value.get("report").is_some() {
            checked(&line, "Report");
            continue;
        }
        break checked(&line, "Response");
    };
    assert_eq!(answer["id"], 2);
    assert_eq!(answer["ok"], true);
    let playouts = answer["result"]["search"]["playouts"]
        .as_u64()
        .expect("playouts");
    assert!((200..1_000_000).contains(&playouts), "{playouts}");
    let stopped = checked(&next_line(&mut output), "Response");
    assert_eq!(
        stopped,
        json!({"id": 3, "ok": true, "result": {"command": "stop"}})
    );
    writeln!(writer, r#"{{"id":4,"command":"quit"}}"#).expect("the engine reads");
    checked(&next_line(&mut output), "Response");
    drop(writer);
    engine.join().expect("the session ends");
}
