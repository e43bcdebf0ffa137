//! `--format json`: every command's output parses, validates against the
//! committed interface schema (`rulesets/interface.schema.json`), and says
//! what the text form says.

use crate::common;

use common::run::{Run, tengen_in};
use serde_json::Value;
use std::path::Path;
use std::sync::OnceLock;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");
const REPOSITORY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

fn tengen(args: &[&str], stdin: &str) -> Run {
    tengen_in(Path::new(FIXTURES), args, stdin)
}

/// A validator of documents, built from the committed schema file (not
/// from the types, so a stale file fails here too).
fn validator() -> &'static jsonschema::Validator {
    static VALIDATOR: OnceLock<jsonschema::Validator> = OnceLock::new();
    VALIDATOR.get_or_init(|| {
        let text = std::fs::read_to_string(format!("{REPOSITORY}/rulesets/interface.schema.json"))
            .expect("the committed interface schema");
        let mut schema: Value = serde_json::from_str(&text).expect("the schema is JSON");
        let root = schema.as_object_mut().expect("an object");
        root.remove("anyOf");
        root.insert("$ref".into(), Value::String("#/$defs/Document".into()));
        jsonschema::validator_for(&schema).expect("a valid schema")
    })
}

/// The document a run printed, checked against the schema; it must be of
/// `kind`.
fn document(run: &Run, kind: &str) -> Value {
    let value: Value = serde_json::from_str(&run.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}):\n{}\nstderr:\n{}", run.stdout, run.stderr));
    let errors: Vec<String> = validator()
        .iter_errors(&value)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "schema errors: {errors:#?}");
    assert_eq!(value["document"], kind, "{}", run.stdout);
    value
}

fn strings(value: &Value) -> Vec<&str> {
    value
        .as_array()
        .unwrap_or_else(|| panic!("an array: {value}"))
        .iter()
        .map(|v| v.as_str().expect("a string"))
        .collect()
}

#[test]
fn list_names_every_bundled_ruleset_and_component() {
    let run = tengen(&["list", "--format", "json"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let doc = document(&run, "listing");
    let library = tengen_variants::library();
    let ids: Vec<&str> = doc["rulesets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    let bundled: Vec<&str> = library.bundled().iter().map(|b| b.id).collect();
    assert_eq!(ids, bundled);
    assert!(
        doc["rulesets"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["summary"].is_string())
    );
    assert_eq!(
        doc["components"].as_array().unwrap().len(),
        library.registry().all().len()
    );
}

#[test]
fn explain_gives_a_ruleset_with_its_options_and_a_component_with_its_parameters() {
    let run = tengen(&["explain", "go", "--format", "json"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let doc = document(&run, "explanation");
    assert_eq!(doc["ruleset"]["id"], "go");
    assert_eq!(doc["ruleset"]["sections"].as_array().unwrap().len(), 7);
    let size = doc["ruleset"]["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "size")
        .expect("go has a size option");
    assert_eq!(size["form"], "choice");
    assert_eq!(strings(&size["choices"]), ["9", "13", "19"]);

    let run = tengen(&["explain", "per-placement", "--format", "json"], "");
    let doc = document(&run, "explanation");
    assert!(doc["ruleset"].is_null());
    let component = &doc["components"][0];
    assert_eq!(component["section"], "resolver");
    assert_eq!(component["trait"], "Resolver");
    let suicide = component["params"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "suicide")
        .expect("per-placement has a suicide parameter");
    assert!(suicide["description"].as_str().unwrap().len() > 10);
}

#[test]
fn show_gives_the_composition_and_the_board_of_every_bundled_ruleset_setting() {
    let library = tengen_variants::library();
    let mut shown = 0;
    for bundled in library.bundled() {
        let resolved = library.resolve(bundled.id, &[]).expect("bundled loads");
        let mut settings: Vec<Vec<String>> = vec![Vec::new()];
        for (name, spec) in &resolved.options {
            settings.extend(spec.settings(name).into_iter().map(|s| vec![s]));
        }
        for options in settings {
            let mut args = vec!["show", bundled.id, "--format", "json"];
            for o in &options {
                args.extend(["-o", o.as_str()]);
            }
            let run = tengen(&args, "");
            assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
            let doc = document(&run, "composition");
            let rules = library.assemble(bundled.id, &options).expect("assembles");
            assert_eq!(doc["ruleset"]["id"], bundled.id);
            assert_eq!(strings(&doc["ruleset"]["options"]), options);
            assert_eq!(doc["ruleset"]["fingerprint"], rules.ruleset.fingerprint());
            let points = doc["geometry"]["points"].as_array().unwrap();
            assert_eq!(points.len(), rules.geometry.point_count(), "{args:?}");
            // Every neighbour relation is listed both ways.
            for p in points {
                for n in p["neighbours"].as_array().unwrap() {
                    let back = points.iter().find(|q| q["name"] == *n).unwrap();
                    assert!(
                        back["neighbours"].as_array().unwrap().contains(&p["name"]),
                        "{args:?}: {} and {n}",
                        p["name"]
                    );
                }
            }
            shown += 1;
        }
    }
    assert!(shown > 20, "{shown} settings shown");
}

#[test]
fn validate_reports_each_problem_with_its_file_line_column_key_and_code() {
    let run = tengen(
        &[
            "validate",
            "good/small-go.toml",
            "bad/many-problems.toml",
            "--format",
            "json",
        ],
        "",
    );
    assert_eq!(run.code, 1, "a bad file makes validate fail");
    let doc = document(&run, "validation");
    let files = doc["files"].as_array().unwrap();
    assert_eq!(files[0]["file"], "good/small-go.toml");
    assert_eq!(files[0]["ok"], true);
    assert_eq!(files[1]["ok"], false);
    let diagnostics = files[1]["diagnostics"].as_array().unwrap();
    assert!(diagnostics.len() >= 2, "{diagnostics:?}");
    // The same problems, in the same order, as the text form reports.
    let text = tengen(&["validate", "bad/many-problems.toml"], "");
    for d in diagnostics {
        let place = format!(
            "{}:{}:{}",
            d["file"].as_str().unwrap(),
            d["line"],
            d["column"]
        );
        assert!(text.stderr.contains(&place), "{place} in\n{}", text.stderr);
        assert!(
            text.stderr
                .contains(&format!("[{}]", d["code"].as_str().unwrap())),
            "{d}"
        );
        assert!(d["message"].as_str().unwrap().len() > 5);
    }
    assert!(diagnostics.iter().any(|d| d["key_path"] != ""));
}

#[test]
fn replay_gives_the_state_after_every_action_or_only_the_last() {
    let record = "E5\nC3\nC4 # a comment\npass\npass\n";
    let run = tengen(
        &["replay", "go", "-", "-o", "size=9", "--format", "json"],
        record,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let doc = document(&run, "replay");
    let steps = doc["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 5);
    assert_eq!(
        steps
            .iter()
            .map(|s| s["line"].as_u64().unwrap())
            .collect::<Vec<_>>(),
        [1, 2, 3, 4, 5]
    );
    assert_eq!(steps[0]["action"]["notation"], "E5");
    assert_eq!(steps[0]["action"]["seat"], "P1");
    assert_eq!(steps[1]["state"]["board"]["stones"]["white"][0], "C3");
    assert_eq!(
        steps[4]["state"], doc["state"],
        "the last step is the final state"
    );
    assert_eq!(doc["state"]["phase"], "agreement");
    assert!(doc["refused"].is_null());

    let run = tengen(
        &[
            "replay", "go", "-", "-o", "size=9", "--format", "json", "--final",
        ],
        record,
    );
    let last = document(&run, "replay");
    assert!(last.get("steps").is_none(), "--final leaves the steps out");
    assert_eq!(last["state"], doc["state"]);
}

#[test]
fn replay_names_the_refused_action_with_its_line_and_column() {
    let run = tengen(
        &["replay", "go", "-", "-o", "size=9", "--format", "json"],
        "E5\nD4\nD5 E5\n",
    );
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("-:3:4:"), "{}", run.stderr);
    let doc = document(&run, "replay");
    let refused = &doc["refused"];
    assert_eq!(refused["line"], 3);
    assert_eq!(refused["column"], 4);
    assert_eq!(refused["action"]["notation"], "E5");
    // `D5 E5` is one line without a seat, so one seat's move: D5 ends
    // Black's move and E5 is refused; the line is taken back as a whole,
    // so the state is the one after line 2.
    assert_eq!(doc["steps"].as_array().unwrap().len(), 2);
    assert_eq!(strings(&doc["state"]["board"]["stones"]["black"]), ["E5"]);
    let refusal = &refused["refusal"];
    assert_eq!(refusal["code"], "move-ended");
}

#[test]
fn replay_reads_sgf_and_scenarios_as_the_text_form_does() {
    let sgf = format!("{REPOSITORY}/sgf/tests/data/gnugo/outfile-9x9-seed4.sgf");
    let run = tengen(&["replay", &sgf, "--format", "json", "--final"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let doc = document(&run, "replay");
    let text = tengen(&["replay", &sgf], "");
    assert_eq!(text.code, 0);
    for row in strings(&doc["state"]["board"]["rows"]) {
        let drawn: String = row.chars().map(|c| format!(" {c}")).collect::<String>();
        // The text diagram draws empty star points as `+`.
        let drawn_line = text
            .stdout
            .lines()
            .any(|l| l.replace('+', ".").contains(&drawn));
        assert!(drawn_line, "{row} in\n{}", text.stdout);
    }
    let scenario = format!("{REPOSITORY}/conformance/scenarios/go/capture-single-stone.toml");
    let run = tengen(&["replay", &scenario, "--format", "json"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let doc = document(&run, "replay");
    let removed: Vec<&Value> = doc["steps"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["events"].as_array().unwrap())
        .filter(|e| e["event"] == "removed")
        .collect();
    assert_eq!(removed.len(), 1, "one capture in {}", run.stdout);
    assert_eq!(removed[0]["cause"], "capture");
    assert_eq!(removed[0]["strings"].as_array().unwrap().len(), 1);
}

/// A 9x9 position: Black's string in the lower left has two eyes (A2, C2),
/// the one in the upper left one (C7); White's upper-right string one (H6).
const POSITION: &str = "\
. . . . . . . . .
. X X X . . . . .
. X . X . . O O O
. X X X . . O . O
. . . . . . O O O
. . . . . . . . .
X X X . . . . . .
. X . X . . . . .
X X X X . . . . .
";

#[test]
fn analyze_finds_the_pass_alive_strings_and_the_legal_placements() {
    let dir = std::env::temp_dir().join(format!("tengen-analyze-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("position.txt"), POSITION).unwrap();
    let run = tengen_in(
        &dir,
        &[
            "analyze",
            "go",
            "-o",
            "size=9",
            "--position",
            "position.txt",
            "--format",
            "json",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let doc = document(&run, "analysis");
    assert_eq!(doc["to_act"], "P1");
    assert_eq!(doc["to_act_colour"], "black");
    // Only the two-eyed string lives unconditionally.
    assert_eq!(
        strings(&doc["pass_alive"]["black"]["stones"]),
        ["A3", "B3", "C3", "B2", "D2", "A1", "B1", "C1", "D1"]
    );
    assert_eq!(
        doc["pass_alive"]["black"]["strings"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    assert!(
        doc["pass_alive"]["white"]["stones"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    assert_eq!(doc["life_rule"]["vital_minimum"], 2);
    assert_eq!(doc["life_rule"]["self_capture_legal"], false);
    // Black may not play in White's eye (suicide), but may fill its own.
    let legal = strings(&doc["legal_placements"]);
    assert!(!legal.contains(&"H6"));
    assert!(legal.contains(&"A2") && legal.contains(&"C7"));
    assert_eq!(
        legal.len(),
        81 - 25 - 1,
        "every empty point but White's eye"
    );
    // Stones 17 and 8; territory: C7, A2, C2 for Black, H6 for White;
    // komi 7 for White.
    assert_eq!(doc["score"]["total"]["black"], 20.0);
    assert_eq!(doc["score"]["total"]["white"], 16.0);

    // White to move: Black's eyes are then the illegal points.
    let run = tengen_in(
        &dir,
        &[
            "analyze",
            "go",
            "-o",
            "size=9",
            "--position",
            "position.txt",
            "--to-move",
            "white",
            "--format",
            "json",
        ],
        "",
    );
    let doc = document(&run, "analysis");
    assert_eq!(doc["to_act_colour"], "white");
    let legal = strings(&doc["legal_placements"]);
    for eye in ["A2", "C2", "C7"] {
        assert!(!legal.contains(&eye), "{eye} is suicide for White");
    }
    assert!(legal.contains(&"H6"));

    // The text form says the same.
    let run = tengen_in(
        &dir,
        &[
            "analyze",
            "go",
            "-o",
            "size=9",
            "--position",
            "position.txt",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("Black: A3 B3 C3 B2 D2 A1 B1 C1 D1\n  White: none"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("Legal placements: 55:"),
        "{}",
        run.stdout
    );
    // The diagram tengen prints reads back as a position.
    std::fs::write(
        dir.join("printed.txt"),
        &run.stdout[run.stdout.find('\n').unwrap()..],
    )
    .unwrap();
    let printed: String = run
        .stdout
        .lines()
        .skip(1)
        .take(11)
        .collect::<Vec<_>>()
        .join("\n");
    std::fs::write(dir.join("printed.txt"), printed).unwrap();
    let again = tengen_in(
        &dir,
        &[
            "analyze",
            "go",
            "-o",
            "size=9",
            "--position",
            "printed.txt",
            "--format",
            "json",
        ],
        "",
    );
    assert_eq!(again.code, 0, "{}", again.stderr);
    assert_eq!(document(&again, "analysis"), doc_for_black(&dir));
    std::fs::remove_dir_all(&dir).ok();
}

fn doc_for_black(dir: &Path) -> Value {
    let run = tengen_in(
        dir,
        &[
            "analyze",
            "go",
            "-o",
            "size=9",
            "--position",
            "position.txt",
            "--format",
            "json",
        ],
        "",
    );
    document(&run, "analysis")
}

#[test]
fn analyze_reads_the_position_of_an_sgf_record_with_its_player_to_move() {
    let sgf = format!("{REPOSITORY}/sgf/tests/data/gnugo/outfile-9x9-seed4.sgf");
    let replay = tengen(&["replay", &sgf, "--format", "json", "--final"], "");
    let final_state = document(&replay, "replay")["state"].clone();
    let run = tengen(
        &[
            "analyze",
            "go",
            "-o",
            "size=9",
            "--position",
            &sgf,
            "--format",
            "json",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let doc = document(&run, "analysis");
    assert_eq!(doc["board"], final_state["board"]);
    assert_eq!(doc["phase"], final_state["phase"]);
}

#[test]
fn failures_print_an_error_document_and_exit_with_1() {
    let run = tengen(&["show", "bad/many-problems.toml", "--format", "json"], "");
    assert_eq!(run.code, 1);
    let doc = document(&run, "error");
    assert!(!doc["diagnostics"].as_array().unwrap().is_empty());
    assert!(
        run.stderr.contains("bad/many-problems.toml:"),
        "{}",
        run.stderr
    );

    let run = tengen(&["explain", "no-such-thing", "--format", "json"], "");
    assert_eq!(run.code, 1);
    let doc = document(&run, "error");
    assert!(doc["message"].as_str().unwrap().contains("no-such-thing"));

    let run = tengen(
        &["replay", "go", "-", "-o", "size=9", "--format", "json"],
        "E5\nQ99\n",
    );
    assert_eq!(run.code, 1);
    let doc = document(&run, "error");
    assert!(
        doc["message"].as_str().unwrap().starts_with("-:2:1:"),
        "{doc}"
    );

    let run = tengen(
        &[
            "analyze",
            "go",
            "-o",
            "size=9",
            "--position",
            "-",
            "--format",
            "json",
        ],
        "X . O\n",
    );
    assert_eq!(run.code, 1);
    let doc = document(&run, "error");
    assert!(doc["message"].as_str().unwrap().contains("rows"), "{doc}");
}
