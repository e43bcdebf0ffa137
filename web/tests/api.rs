//! The playground's JSON API against a server on a free loopback port:
//! games against a person and the AI, all-or-none moves, undo, hints, SGF,
//! learn mode, the ruleset folder, and bad requests that change nothing
//! and leave the server up.

use crate::common;

use common::{get, post, request, start};
use serde_json::{Value, json};
use std::time::Duration;
use tengen_web::Config;

fn new_game(address: std::net::SocketAddr, body: &Value) -> (String, Value) {
    let reply = post(address, "/api/games", body);
    assert_eq!(reply.status, 200, "{}", reply.body);
    let json = reply.json();
    (
        json["game"].as_str().expect("a game name").to_string(),
        json,
    )
}

fn state(address: std::net::SocketAddr, game: &str) -> Value {
    let reply = get(address, &format!("/api/games/{game}"));
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()["state"].clone()
}

fn error_code(reply: &common::Reply) -> String {
    reply.json()["error"]["code"]
        .as_str()
        .unwrap_or_else(|| panic!("an error: {}", reply.body))
        .to_string()
}

#[test]
fn the_page_and_the_rulesets_are_served() {
    let book = std::env::temp_dir().join(format!("tengen-web-book-{}", std::process::id()));
    std::fs::create_dir_all(book.join("rulesets")).unwrap();
    std::fs::write(book.join("rulesets/go.html"), "<h1>Go</h1>").unwrap();
    let address = start(Config {
        book_dir: Some(book.clone()),
        ..Config::default()
    });
    let page = get(address, "/");
    assert_eq!(page.status, 200);
    assert!(page.headers.contains("text/html"), "{}", page.headers);
    assert!(page.body.contains("<html"), "{}", page.body);
    let lobby = get(address, "/api/rulesets").json();
    let ids: Vec<&str> = lobby["rulesets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    let bundled: Vec<&str> = tengen_variants::library()
        .bundled()
        .iter()
        .map(|b| b.id)
        .collect();
    assert_eq!(ids, bundled);
    let go = lobby["rulesets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == "go")
        .expect("the lobby lists go");
    assert_eq!(go["book_page"], "rulesets/go.html");
    let linked = get(address, "/book/rulesets/go.html");
    assert_eq!(linked.status, 200);
    assert_eq!(linked.body, "<h1>Go</h1>");
    assert_eq!(get(address, "/book/../Cargo.toml").status, 404);
    std::fs::remove_dir_all(&book).ok();
    // Without a book, no ruleset names a page.
    let bare = start(Config::default());
    let lobby = get(bare, "/api/rulesets").json();
    assert!(
        lobby["rulesets"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["book_page"].is_null())
    );
    assert!(
        go["ruleset"]["options"]
            .as_array()
            .unwrap()
            .iter()
            .any(|o| o["name"] == "size" && o["summary"].as_str().unwrap().len() > 5)
    );
}

/// A computer seat given no strength gets the default for the board:
/// more playouts on 19x19 than on 9x9 (issue: 19x19 played with 9x9's
/// budget).
#[test]
fn a_computer_seat_without_playouts_gets_the_default_for_its_board() {
    let address = start(Config::default());
    let seats = json!({"P1": {"player": "human"}, "P2": {"player": "ai"}});
    let (_, small) = new_game(
        address,
        &json!({"ruleset": "go", "options": ["size=9"], "seats": seats}),
    );
    let (_, big) = new_game(
        address,
        &json!({"ruleset": "go", "options": ["size=19"], "seats": seats}),
    );
    assert_eq!(small["seats"]["P2"]["playouts"], 2000);
    assert_eq!(big["seats"]["P2"]["playouts"], 8913);
    assert_eq!(small["seats"]["P1"], json!({"player": "human"}));
}

#[test]
fn a_game_against_the_ai_and_a_refusal_that_changes_nothing() {
    let address = start(Config::default());
    let (game, created) = new_game(
        address,
        &json!({"ruleset": "go", "options": ["size=9"],
               "seats": {"P1": {"player": "human"}, "P2": {"player": "ai", "playouts": 30}}}),
    );
    assert_eq!(created["seats"]["P2"]["playouts"], 30);
    assert_eq!(
        created["composition"]["geometry"]["points"]
            .as_array()
            .unwrap()
            .len(),
        81
    );
    let played = post(
        address,
        &format!("/api/games/{game}/actions"),
        &json!({"action": "E5"}),
    );
    assert_eq!(played.status, 200, "{}", played.body);
    assert_eq!(played.json()["state"]["to_act"], "P2");
    // The AI plays its seat.
    let ai = post(address, &format!("/api/games/{game}/ai"), &json!({}));
    assert_eq!(ai.status, 200, "{}", ai.body);
    let ai = ai.json();
    assert_eq!(ai["action"]["seat"], "P2");
    assert_eq!(ai["applied"], true);
    assert_eq!(ai["state"]["to_act"], "P1");
    // It will not play the person's seat.
    let refused = post(address, &format!("/api/games/{game}/ai"), &json!({}));
    assert_eq!(refused.status, 409);
    assert_eq!(error_code(&refused), "not-ai");
    // A refused action: 409 with the engine's rule, and nothing changed.
    let before = state(address, &game);
    let refused = post(
        address,
        &format!("/api/games/{game}/actions"),
        &json!({"action": "E5"}),
    );
    assert_eq!(refused.status, 409);
    let error = refused.json()["error"].clone();
    assert_eq!(error["code"], "refused");
    assert_eq!(error["refusal"]["code"], "occupied");
    assert_eq!(error["message"], "E5 is occupied");
    assert_eq!(state(address, &game), before);
    // A hint changes nothing either.
    let hint = post(
        address,
        &format!("/api/games/{game}/ai"),
        &json!({"apply": false}),
    );
    assert_eq!(hint.status, 200, "{}", hint.body);
    assert_eq!(hint.json()["applied"], false);
    assert_eq!(hint.json()["action"]["seat"], "P1");
    assert_eq!(state(address, &game), before);
    // Undo takes back the person's move and the AI's reply.
    let undone = post(address, &format!("/api/games/{game}/undo"), &json!({}));
    assert_eq!(undone.status, 200, "{}", undone.body);
    let undone = undone.json();
    let taken: Vec<&str> = undone["undone"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["seat"].as_str().unwrap())
        .collect();
    assert_eq!(taken, ["P2", "P1"]);
    assert_eq!(undone["state"]["actions"], 0);
    assert_eq!(undone["state"]["to_act"], "P1");
}

/// The win estimate and ownership the page shows: the seat to act's
/// chance and lead by the search, every point's expected owner laid out
/// as the board's rows, nothing played; refused once the game is over.
#[test]
fn the_analysis_estimates_the_game_and_plays_nothing() {
    let address = start(Config::default());
    let (game, _) = new_game(
        address,
        &json!({"ruleset": "go", "options": ["size=9"],
               "seats": {"P1": {"player": "human"}, "P2": {"player": "human"}}}),
    );
    let played = post(
        address,
        &format!("/api/games/{game}/actions"),
        &json!({"action": "E5"}),
    );
    assert_eq!(played.status, 200, "{}", played.body);
    let before = state(address, &game);
    let reply = post(
        address,
        &format!("/api/games/{game}/analysis"),
        &json!({"playouts": 300, "ownership": true, "candidates": 3}),
    );
    assert_eq!(reply.status, 200, "{}", reply.body);
    let search = reply.json()["search"].clone();
    assert_eq!(search["seat"], "P2");
    assert!(search["playouts"].as_u64().expect("playouts") >= 300);
    let win_rate = search["win_rate"].as_f64().expect("a win rate");
    assert!((0.0..=1.0).contains(&win_rate));
    assert!(search["score_lead"].is_number(), "{search}");
    assert!(search["candidates"].as_array().expect("candidates").len() <= 3);
    let rows = search["ownership"].as_array().expect("ownership");
    assert_eq!(rows.len(), 9);
    // E5 is the middle of the middle row: Black's stone, so mostly the
    // opponent's from White's side.
    let e5 = rows[4][4].as_f64().expect("a number");
    assert!(e5 < -0.3, "{e5}");
    assert_eq!(state(address, &game), before, "nothing was played");
    // Without ownership, none is given.
    let reply = post(
        address,
        &format!("/api/games/{game}/analysis"),
        &json!({"playouts": 50}),
    );
    assert!(reply.json()["search"].get("ownership").is_none());
    let bad = post(
        address,
        &format!("/api/games/{game}/analysis"),
        &json!({"playouts": 0}),
    );
    assert_eq!(
        (bad.status, error_code(&bad)),
        (400, "bad-request".to_string())
    );
    let resigned = post(
        address,
        &format!("/api/games/{game}/actions"),
        &json!({"action": "resign"}),
    );
    assert_eq!(resigned.status, 200, "{}", resigned.body);
    let over = post(address, &format!("/api/games/{game}/analysis"), &json!({}));
    assert_eq!(
        (over.status, error_code(&over)),
        (409, "not-searched".to_string())
    );
}

#[test]
fn a_move_of_several_actions_is_played_all_or_none() {
    let address = start(Config::default());
    let (game, _) = new_game(
        address,
        &json!({"ruleset": "thue-morse-go", "options": ["size=11"]}),
    );
    post(
        address,
        &format!("/api/games/{game}/actions"),
        &json!({"action": "F6"}),
    );
    // Blue's double move, whole.
    let both = post(
        address,
        &format!("/api/games/{game}/actions"),
        &json!({"actions": ["E5", {"type": "place", "point": "G5"}]}),
    );
    assert_eq!(both.status, 200, "{}", both.body);
    assert_eq!(both.json()["actions"].as_array().unwrap().len(), 2);
    assert_eq!(both.json()["state"]["to_act"], "P1");
    // Red's single move and one more: refused whole.
    let before = state(address, &game);
    let refused = post(
        address,
        &format!("/api/games/{game}/actions"),
        &json!({"actions": ["C3", "D3"]}),
    );
    assert_eq!(refused.status, 409, "{}", refused.body);
    assert!(
        refused.json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("action 2 of 2"),
        "{}",
        refused.body
    );
    assert_eq!(state(address, &game), before);
    // A dry run answers with what the move would do and the state after
    // it, and leaves the game as it was.
    let trial = post(
        address,
        &format!("/api/games/{game}/actions"),
        &json!({"action": "C3", "dry_run": true}),
    );
    assert_eq!(trial.status, 200, "{}", trial.body);
    assert_eq!(trial.json()["dry_run"], true);
    assert_eq!(trial.json()["state"]["to_act"], "P2");
    assert!(
        trial.json()["state"]["board"]["stones"]["black"]
            .as_array()
            .unwrap()
            .contains(&json!("C3"))
    );
    assert_eq!(state(address, &game), before);
    // A refused one is refused as the move itself would be, all or none.
    let refused_trial = post(
        address,
        &format!("/api/games/{game}/actions"),
        &json!({"actions": ["C3", "D3"], "dry_run": true}),
    );
    assert_eq!(refused_trial.status, 409, "{}", refused_trial.body);
    assert_eq!(refused_trial.json()["error"], refused.json()["error"]);
    assert_eq!(state(address, &game), before);
}

#[test]
fn the_record_downloads_as_sgf_that_reads_back_to_the_same_board() {
    let address = start(Config::default());
    let (game, _) = new_game(address, &json!({"ruleset": "go", "options": ["size=9"]}));
    for action in ["E5", "C3", "D4", "pass"] {
        let reply = post(
            address,
            &format!("/api/games/{game}/actions"),
            &json!({"action": action}),
        );
        assert_eq!(reply.status, 200, "{}", reply.body);
    }
    let sgf = get(address, &format!("/api/games/{game}/sgf"));
    assert_eq!(sgf.status, 200);
    assert!(
        sgf.headers.contains("application/x-go-sgf"),
        "{}",
        sgf.headers
    );
    assert!(sgf.headers.contains("attachment"), "{}", sgf.headers);
    let imported = tengen_sgf::read_sgf(
        &sgf.body,
        tengen_sgf::RulesChoice::FromRecord(tengen_variants::library()),
    )
    .expect("the record reads back");
    let rows = tengen_json::state::BoardForm::of_board(imported.game.board()).rows;
    assert_eq!(Value::from(rows), state(address, &game)["board"]["rows"]);
}

#[test]
fn every_bundled_ruleset_has_examples_whose_steps_replay_as_stated() {
    // A game per example of every ruleset: more than the default cap of
    // games held at once, and growing with every variant bundled.
    let address = start(Config {
        max_games: 100_000,
        ..Config::default()
    });
    for bundled in tengen_variants::library().bundled() {
        let reply = get(address, &format!("/api/rulesets/{}/examples", bundled.id));
        assert_eq!(reply.status, 200);
        let examples = reply.json()["examples"].as_array().unwrap().clone();
        assert!(!examples.is_empty(), "{} has no examples", bundled.id);
        // A title is the scenario's own where it gives one, else the file
        // name's words.
        let title = |name: &str| {
            examples
                .iter()
                .find(|e| e["name"] == name)
                .map(|e| e["title"].clone())
        };
        if bundled.id == "go" {
            assert_eq!(
                title("komi-on-13x13-is-7-5"),
                Some(json!("Komi on 13x13 is 7.5"))
            );
            assert_eq!(title("snapback"), Some(json!("Snapback")));
        }
        // Each example, played step by step through the API, leaves the
        // board its steps say (refused steps refused with their code).
        for example in &examples {
            let reply = post(
                address,
                &format!(
                    "/api/rulesets/{}/examples/{}/game",
                    bundled.id,
                    example["name"].as_str().unwrap()
                ),
                &json!({}),
            );
            assert_eq!(reply.status, 200, "{}", reply.body);
            let game = reply.json()["game"].as_str().unwrap().to_string();
            if let Some(rows) = example["position"].as_array() {
                assert_eq!(
                    state(address, &game)["board"]["rows"],
                    Value::from(rows.clone())
                );
            }
            for step in example["steps"].as_array().unwrap() {
                let line = step["play"].as_str().unwrap();
                let actions = step["actions"].clone();
                let reply = post(
                    address,
                    &format!("/api/games/{game}/actions"),
                    &json!({"actions": actions, "seat": step["seat"]}),
                );
                match step["refused"].as_str() {
                    Some(code) => {
                        assert_eq!(
                            reply.status, 409,
                            "{} {line}: {}",
                            example["name"], reply.body
                        );
                        assert_eq!(reply.json()["error"]["refusal"]["code"], code);
                    }
                    None => assert_eq!(
                        reply.status, 200,
                        "{} {line}: {}",
                        example["name"], reply.body
                    ),
                }
                assert_eq!(
                    state(address, &game)["board"]["rows"],
                    step["board_after"],
                    "{} after {line}",
                    example["name"]
                );
            }
        }
    }
}

#[test]
fn a_ruleset_saved_in_the_folder_is_offered_at_once() {
    let dir = std::env::temp_dir().join(format!("tengen-web-rulesets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let address = start(Config {
        ruleset_dir: Some(dir.clone()),
        ..Config::default()
    });
    let ids = |address| -> Vec<String> {
        get(address, "/api/rulesets").json()["rulesets"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["id"].as_str().unwrap().to_string())
            .collect()
    };
    assert!(!ids(address).contains(&"tiny-go".to_string()));
    std::fs::write(
        dir.join("tiny.toml"),
        "[ruleset]\nid = \"tiny-go\"\nname = \"Tiny Go\"\nsummary = \"Go on 5x5.\"\nextends = \"go\"\n\n[topology]\nwidth = 5\nheight = 5\n\n[options]\nhandicap = false\n",
    )
    .unwrap();
    assert!(ids(address).contains(&"tiny-go".to_string()));
    let (game, created) = new_game(address, &json!({"ruleset": "tiny-go"}));
    assert_eq!(created["state"]["board"]["width"], 5);
    assert_eq!(state(address, &game)["ruleset"]["id"], "tiny-go");
    // A broken file is offered with its problems, and cannot be played.
    std::fs::write(dir.join("broken.toml"), "[ruleset]\nid = \"broken\"\n").unwrap();
    let lobby = get(address, "/api/rulesets").json();
    let broken = lobby["rulesets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["source"].as_str().unwrap().ends_with("broken.toml"))
        .expect("the broken file is listed")
        .clone();
    assert!(broken["ruleset"].is_null());
    assert!(!broken["problems"].as_array().unwrap().is_empty());
    let refused = post(address, "/api/games", &json!({"ruleset": "broken"}));
    assert_eq!(refused.status, 400);
    assert_eq!(error_code(&refused), "ruleset");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_requests_get_a_4xx_naming_the_problem_and_change_nothing() {
    let address = start(Config::default());
    let (game, _) = new_game(address, &json!({"ruleset": "go", "options": ["size=9"]}));
    post(
        address,
        &format!("/api/games/{game}/actions"),
        &json!({"action": "E5"}),
    );
    let before = state(address, &game);
    let path = format!("/api/games/{game}/actions");
    let cases: Vec<(u16, &str, common::Reply)> = vec![
        (
            400,
            "malformed-json",
            request(address, "POST", &path, b"{\"action\": "),
        ),
        (
            400,
            "bad-request",
            post(address, &path, &json!({"action": "E5", "colour": "black"})),
        ),
        (
            400,
            "bad-request",
            post(address, &path, &json!({"action": 5})),
        ),
        (400, "bad-request", post(address, &path, &json!({}))),
        (
            400,
            "bad-action",
            post(address, &path, &json!({"action": "Z99"})),
        ),
        (
            409,
            "refused",
            post(address, &path, &json!({"action": "C3", "seat": "P1"})),
        ),
        (
            404,
            "unknown-game",
            post(address, "/api/games/g999/actions", &json!({"action": "E5"})),
        ),
        (404, "not-found", get(address, "/api/nowhere")),
        (
            404,
            "not-found",
            request(address, "POST", "/api/nowhere", b"{}"),
        ),
        (405, "method-not-allowed", get(address, &path)),
        (405, "method-not-allowed", request(address, "PUT", "/", b"")),
        (
            400,
            "bad-request",
            post(address, "/api/games", &json!({"ruleset": "no-such"})),
        ),
        (
            400,
            "bad-choice",
            post(
                address,
                "/api/games",
                &json!({"ruleset": "go", "options": ["size=4"]}),
            ),
        ),
        (
            400,
            "bad-position",
            post(
                address,
                "/api/games",
                &json!({"ruleset": "go", "options": ["size=9"], "position": ["X"]}),
            ),
        ),
        (
            400,
            "bad-request",
            post(
                address,
                "/api/games",
                &json!({"ruleset": "go", "seats": {"P1": {"player": "ai", "playouts": 0}, "P2": {"player": "human"}}}),
            ),
        ),
        (
            400,
            "bad-request",
            get(address, &format!("/api/games/{game}/legal?seat=P3")),
        ),
        (
            413,
            "too-large",
            request(
                address,
                "POST",
                &path,
                &vec![b' '; 2 * tengen_web::MAX_BODY_BYTES],
            ),
        ),
    ];
    for (status, code, reply) in &cases {
        assert_eq!(reply.status, *status, "{code}: {}", reply.body);
        assert_eq!(&error_code(reply), code, "{}", reply.body);
        assert!(
            reply.json()["error"]["message"].as_str().unwrap().len() > 10,
            "{}",
            reply.body
        );
    }
    assert_eq!(
        state(address, &game),
        before,
        "no bad request changed the game"
    );
    // And the server is still up.
    let legal = get(address, &format!("/api/games/{game}/legal"));
    assert_eq!(legal.status, 200);
    assert_eq!(legal.json()["seat"], "P2");
}

#[test]
fn the_server_holds_a_bounded_number_of_games_and_forgets_idle_ones() {
    let address = start(Config {
        max_games: 2,
        idle: Duration::from_millis(400),
        ..Config::default()
    });
    let (first, _) = new_game(address, &json!({"ruleset": "go", "options": ["size=9"]}));
    new_game(address, &json!({"ruleset": "go", "options": ["size=9"]}));
    let full = post(address, "/api/games", &json!({"ruleset": "go"}));
    assert_eq!(full.status, 503);
    assert_eq!(error_code(&full), "too-many-games");
    std::thread::sleep(Duration::from_millis(600));
    // Both are idle now: a new game makes room by forgetting them.
    let (third, _) = new_game(address, &json!({"ruleset": "go", "options": ["size=9"]}));
    let gone = get(address, &format!("/api/games/{first}"));
    assert_eq!(gone.status, 404);
    assert_eq!(error_code(&gone), "unknown-game");
    let deleted = request(address, "DELETE", &format!("/api/games/{third}"), b"{}");
    assert_eq!(deleted.status, 200, "{}", deleted.body);
    assert_eq!(get(address, &format!("/api/games/{third}")).status, 404);
}

#[test]
fn every_bundled_ruleset_plays_to_its_end_between_two_computer_players() {
    let address = start(Config::default());
    let ai = json!({"player": "ai", "playouts": 8});
    for bundled in tengen_variants::library().bundled() {
        // Each ruleset's first sample game, a short one.
        let rules = tengen_variants::library()
            .assemble(bundled.id, &[])
            .unwrap();
        let options = &rules.ruleset.meta.samples[0];
        let (game, _) = new_game(
            address,
            &json!({"ruleset": bundled.id, "options": options, "seats": {"P1": ai, "P2": ai}}),
        );
        let mut actions = 0;
        loop {
            let reply = post(address, &format!("/api/games/{game}/ai"), &json!({}));
            if reply.status == 409 && error_code(&reply) == "no-one-to-act" {
                break;
            }
            assert_eq!(reply.status, 200, "{}: {}", bundled.id, reply.body);
            actions += 1;
            assert!(actions < 2000, "{} did not end in 2000 actions", bundled.id);
        }
        let end = state(address, &game);
        assert_eq!(end["phase"], "over", "{}", bundled.id);
        assert!(
            end["result"]["message"].as_str().unwrap().len() > 5,
            "{}: {}",
            bundled.id,
            end["result"]
        );
    }
}

fn judged<S: serde::Serialize>(
    address: std::net::SocketAddr,
    example: &str,
    answers: &[(&str, &[S])],
) -> Value {
    let answers: Vec<Value> = answers
        .iter()
        .map(|(seat, actions)| json!({ "seat": seat, "actions": actions }))
        .collect();
    let reply = post(
        address,
        &format!("/api/rulesets/{example}/answer"),
        &json!({ "answers": answers }),
    );
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()
}

#[test]
fn a_learn_answer_is_right_when_it_gives_the_steps_outcome_whatever_the_move() {
    let address = start(Config::default());
    let two_eyes = "enhanced-go/examples/example-two-eyes-are-not-safe";
    let pay = |stones: [&str; 4]| -> Vec<String> {
        let pays = stones.iter().map(|s| format!("pay {s}"));
        std::iter::once("declare special-turn 2".to_string())
            .chain(pays)
            .chain(["A1".to_string(), "C1".to_string()])
            .collect()
    };
    // Any four spare stones pay for the capture: not only the recorded A7-D7.
    // The example first shows n = 5 refused and n = 4 called off; the
    // answers to those steps are the recorded lines.
    let five = vec!["declare special-turn 5".to_string()];
    let four = vec![
        "declare special-turn 4".to_string(),
        "declare special-turn 0".to_string(),
    ];
    let spare = pay(["B7", "C7", "D7", "E7"]);
    let reply = judged(
        address,
        two_eyes,
        &[("P1", &five), ("P1", &four), ("P1", &spare)],
    );
    assert_eq!(reply["right"], true, "{reply}");
    // Paying with the wall frees the White string: the capture does not happen.
    let wall = pay(["E3", "E2", "E1", "D3"]);
    let reply = judged(
        address,
        two_eyes,
        &[("P1", &five), ("P1", &four), ("P1", &wall)],
    );
    assert_eq!(reply["right"], false, "{reply}");
    // A threat elsewhere in the ko is any legal move away, not only C7, and
    // the later steps (the retake, then the refusal) still follow.
    let ko = "go/examples/ko-recapture-after-threat";
    let reply = judged(address, ko, &[("P1", &["F5"]), ("P2", &["B2"])]);
    assert_eq!(reply["right"], true, "{reply}");
    // Not taking the ko misses the step's capture.
    let reply = judged(address, ko, &[("P1", &["B2"])]);
    assert_eq!(reply["right"], false, "{reply}");
    assert!(
        reply["misses"][0].as_str().unwrap().contains("E5"),
        "{reply}"
    );
}

#[test]
fn learn_examples_have_titles_for_players_and_cite_rules_texts_by_their_public_names() {
    let address = start(Config::default());
    for bundled in tengen_variants::library().bundled() {
        let reply = get(address, &format!("/api/rulesets/{}/examples", bundled.id));
        for example in reply.json()["examples"].as_array().unwrap() {
            let source = example["source"].as_str().unwrap();
            for file in ["seeds/", ".txt", ".md"] {
                assert!(!source.contains(file), "{}: {source}", example["name"]);
            }
            let title = example["title"].as_str().unwrap();
            assert!(!title.starts_with("Example "), "{title}");
        }
    }
    let reply = get(address, "/api/rulesets/enhanced-go/examples");
    let examples = reply.json()["examples"].as_array().unwrap().clone();
    let two_eyes = examples
        .iter()
        .find(|e| e["name"] == "example-two-eyes-are-not-safe")
        .unwrap();
    assert_eq!(two_eyes["title"], "Two eyes aren't safe");
    assert!(
        two_eyes["source"]
            .as_str()
            .unwrap()
            .starts_with("Enhanced Go by Ian Joiner"),
        "{two_eyes}"
    );
    let lobby = get(address, "/api/rulesets").json();
    let mut sources = 0;
    for ruleset in lobby["rulesets"].as_array().unwrap() {
        for source in ruleset["ruleset"]["sources"]
            .as_array()
            .into_iter()
            .flatten()
        {
            let source = source.as_str().unwrap();
            assert!(
                !source.contains("seeds/") && !source.contains(".md"),
                "{source}"
            );
            sources += 1;
        }
    }
    assert!(sources > 0, "the lobby lists the rulesets' sources");
}

/// The settings of `option` the choices reply for `chosen` reports, by
/// value: `(available, reason)`.
fn settings_of(
    address: std::net::SocketAddr,
    chosen: &[&str],
    option: &str,
) -> (Value, Vec<(String, bool, Option<String>)>) {
    let reply = post(
        address,
        "/api/rulesets/kill-all-go/choices",
        &json!({ "options": chosen }),
    );
    assert_eq!(reply.status, 200, "{}", reply.body);
    let json = reply.json();
    let settings = json["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == option)
        .unwrap_or_else(|| panic!("no option {option}: {json}"))["settings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["value"].as_str().unwrap_or_default().to_string(),
                s["available"].as_bool().unwrap(),
                s["reason"].as_str().map(String::from),
            )
        })
        .collect();
    (json, settings)
}

/// A reason a player reads: it names the settings as the lobby shows
/// them, and no file or line.
fn in_players_words(reason: &str) {
    assert!(!reason.contains(".toml"), "{reason}");
    assert!(!reason.contains("line"), "{reason}");
    assert!(reason.contains("setup fixed-17"), "{reason}");
    assert!(reason.contains("size 13"), "{reason}");
}

#[test]
fn kill_all_gos_fixed_17_setup_conflicts_with_a_13x13_board_in_a_players_words() {
    let address = start(Config::default());
    // At the defaults, a 13x13 board rules out the fixed-17 setup.
    let (reply, setups) = settings_of(address, &["setup=pieboxing", "size=13"], "setup");
    assert!(reply["conflict"].is_null(), "{reply}");
    let fixed = setups.iter().find(|s| s.0 == "fixed-17").unwrap();
    assert!(!fixed.1, "{reply}");
    let reason = fixed.2.clone().expect("a reason");
    in_players_words(&reason);
    assert!(
        setups
            .iter()
            .filter(|s| s.0 != "fixed-17")
            .all(|s| s.1 && s.2.is_none())
    );
    // With fixed-17 chosen, only 19x19 is left.
    let (reply, sizes) = settings_of(address, &["setup=fixed-17", "size=19"], "size");
    assert!(reply["conflict"].is_null(), "{reply}");
    let available: Vec<&str> = sizes.iter().filter(|s| s.1).map(|s| s.0.as_str()).collect();
    assert_eq!(available, ["19"], "{reply}");
    // Both together are a conflict, and a game of them is refused with
    // the same words.
    let (reply, _) = settings_of(address, &["setup=fixed-17", "size=13"], "size");
    assert_eq!(reply["conflict"].as_str(), Some(reason.as_str()), "{reply}");
    let refused = post(
        address,
        "/api/games",
        &json!({"ruleset": "kill-all-go", "options": ["setup=fixed-17", "size=13"]}),
    );
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert_eq!(error_code(&refused), "conflicting-choices");
    let error = &refused.json()["error"];
    assert_eq!(error["message"].as_str(), Some(reason.as_str()));
    assert!(error["diagnostics"].is_null(), "{error}");
    assert_eq!(get(address, "/api/games").json()["games"], 0);
    // A choice that fits makes a game of the size chosen.
    for (options, width) in [
        (json!(["setup=fixed-17", "size=19"]), 19),
        (json!(["setup=pieboxing", "size=9"]), 9),
        (json!(["setup=pie", "size=13"]), 13),
    ] {
        let (_, created) = new_game(
            address,
            &json!({"ruleset": "kill-all-go", "options": options}),
        );
        assert_eq!(created["state"]["board"]["width"], width, "{options}");
    }
}
