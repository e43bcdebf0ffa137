//! The playground server tried as an attacker would, each test one class
//! of attack of issue 22 (numbered as there): files outside the book (1,
//! 2), DNS rebinding (3), cross-site changes and guessable names (4), a
//! long search holding up other requests (5), searches nobody waits for
//! (6), slow clients (7), undo with no person or after the end (8),
//! unknown fields (10) and the HTTP details (16).

use crate::common;

use common::{get, post, raw, request, start};
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};
use tengen_web::Config;

fn new_game(address: SocketAddr, body: &Value) -> String {
    let reply = post(address, "/api/games", body);
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()["game"].as_str().expect("a name").to_string()
}

fn history(address: SocketAddr, game: &str) -> Value {
    let reply = get(address, &format!("/api/games/{game}"));
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()["state"].clone()
}

fn code(reply: &common::Reply) -> String {
    reply.json()["error"]["code"]
        .as_str()
        .unwrap_or_else(|| panic!("an error: {}", reply.body))
        .to_string()
}

/// A `GET` with the path sent exactly as written (no normalising).
fn get_exactly(address: SocketAddr, path: &str) -> (common::Reply, Duration) {
    let started = Instant::now();
    let reply = raw(
        address,
        &format!("GET {path} HTTP/1.1\r\nHost: {address}"),
        b"",
    );
    (reply, started.elapsed())
}

#[test]
fn only_regular_files_inside_the_book_are_served_and_every_other_path_is_a_quick_404() {
    let root = std::env::temp_dir().join(format!("tengen-web-attack-{}", std::process::id()));
    let book = root.join("book");
    std::fs::create_dir_all(book.join("rulesets")).unwrap();
    std::fs::write(book.join("index.html"), "<h1>Book</h1>").unwrap();
    std::fs::write(book.join("rulesets/go.html"), "<h1>Go</h1>").unwrap();
    std::fs::write(root.join("secret.txt"), "secret").unwrap();
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(root.join("secret.txt"), book.join("leak.html")).unwrap();
        std::os::unix::fs::symlink("/etc", book.join("etc")).unwrap();
        let fifo = book.join("fifo.html");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo makes a FIFO");
    }
    let address = start(Config {
        book_dir: Some(book),
        ..Config::default()
    });
    assert_eq!(get(address, "/book/rulesets/go.html").body, "<h1>Go</h1>");
    assert_eq!(get(address, "/book/").body, "<h1>Book</h1>");
    for path in [
        "/book//etc/passwd",
        "/book//proc/self/environ",
        "/book/../Cargo.toml",
        "/book/rulesets/../../secret.txt",
        "/book/%2e%2e/secret.txt",
        "/book/%2E%2E%2Fsecret.txt",
        "/book/%2fetc%2fpasswd",
        "/book/..%5csecret.txt",
        "/book/leak.html",
        "/book/etc/passwd",
        "/book//dev/zero",
        "/book/fifo.html",
        "/book/fifo.html",
        "/book/.hidden",
    ] {
        let (reply, took) = get_exactly(address, path);
        assert_eq!(reply.status, 404, "{path}: {}", reply.body);
        assert!(!reply.body.contains("root:"), "{path}");
        assert!(took < Duration::from_secs(2), "{path} took {took:?}");
    }
    // After two requests for the FIFO the server still answers.
    assert_eq!(get(address, "/api/rulesets").status, 200);
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn a_request_naming_another_host_is_refused_which_stops_dns_rebinding() {
    let address = start(Config {
        allowed_hosts: vec!["go.example.org".into()],
        ..Config::default()
    });
    let port = address.port();
    let ask = |host: &str| {
        raw(
            address,
            &format!("GET /api/rulesets HTTP/1.1\r\nHost: {host}"),
            b"",
        )
    };
    for host in [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        "go.example.org".to_string(),
    ] {
        assert_eq!(ask(&host).status, 200, "{host}");
    }
    for host in [
        format!("evil.test:{port}"),
        format!("127.0.0.1.evil.test:{port}"),
        "127.0.0.1:1".to_string(),
    ] {
        let refused = ask(&host);
        assert_eq!(refused.status, 421, "{host}");
        assert_eq!(code(&refused), "unknown-host");
        assert!(
            refused.json()["error"]["message"]
                .as_str()
                .unwrap()
                .contains(&host)
        );
    }
    // The page itself is refused too, so a rebound page cannot even load.
    let page = raw(
        address,
        &format!("GET / HTTP/1.1\r\nHost: evil.test:{port}"),
        b"",
    );
    assert_eq!(page.status, 421);
}

#[test]
fn a_change_from_another_origin_or_not_sent_as_json_is_refused_and_changes_nothing() {
    let address = start(Config::default());
    let game = new_game(address, &json!({"ruleset": "go", "options": ["size=9"]}));
    assert_eq!(game.len(), 32, "{game}");
    assert!(game.chars().all(|c| c.is_ascii_hexdigit()), "{game}");
    let other = new_game(address, &json!({"ruleset": "go", "options": ["size=9"]}));
    assert_ne!(game, other);
    let before = history(address, &game);
    let resign = br#"{"action": {"type": "resign"}}"#;
    let path = format!("/api/games/{game}/actions");
    // What a `no-cors` fetch or a form can send: no JSON content type.
    for kind in [
        "text/plain;charset=UTF-8",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
    ] {
        let refused = raw(
            address,
            &format!("POST {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: {kind}"),
            resign,
        );
        assert_eq!(refused.status, 415, "{kind}");
        assert_eq!(code(&refused), "not-json");
    }
    let bare = raw(
        address,
        &format!("POST {path} HTTP/1.1\r\nHost: {address}"),
        resign,
    );
    assert_eq!(bare.status, 415);
    // JSON from a page on another origin.
    let foreign = raw(
        address,
        &format!(
            "POST {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nOrigin: http://evil.test:{}",
            address.port()
        ),
        resign,
    );
    assert_eq!(foreign.status, 403);
    assert_eq!(code(&foreign), "cross-origin");
    let undo = raw(
        address,
        &format!(
            "DELETE /api/games/{game} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nOrigin: null"
        ),
        b"{}",
    );
    assert_eq!(undo.status, 403);
    assert_eq!(history(address, &game), before);
    // The server's own page may.
    let own = raw(
        address,
        &format!(
            "POST {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nOrigin: http://{address}"
        ),
        br#"{"action": "E5"}"#,
    );
    assert_eq!(own.status, 200, "{}", own.body);
}

#[test]
fn an_action_with_a_field_it_does_not_take_is_refused_naming_it() {
    let address = start(Config::default());
    let game = new_game(address, &json!({"ruleset": "go", "options": ["size=9"]}));
    let before = history(address, &game);
    let path = format!("/api/games/{game}/actions");
    let refused = post(
        address,
        &path,
        &json!({"action": {"type": "resign", "seat": "P2"}}),
    );
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(refused.body.contains("seat"), "{}", refused.body);
    let twice = request(
        address,
        "POST",
        &path,
        br#"{"action": "E5", "action": {"type": "resign"}}"#,
    );
    assert_eq!(twice.status, 400, "{}", twice.body);
    assert!(twice.body.contains("twice"), "{}", twice.body);
    assert_eq!(history(address, &game), before);
}

/// Starts a long search in `game` on a thread of its own; the thread
/// gives back the reply.
fn long_search(address: SocketAddr, game: String) -> std::thread::JoinHandle<common::Reply> {
    std::thread::spawn(move || {
        post(
            address,
            &format!("/api/games/{game}/ai"),
            &json!({"apply": false, "playouts": 1_000_000}),
        )
    })
}

#[test]
fn a_long_search_holds_up_no_other_request() {
    let search_time = Duration::from_secs(4);
    let address = start(Config {
        search_time,
        ..Config::default()
    });
    let busy = new_game(address, &json!({"ruleset": "go"}));
    let other = new_game(address, &json!({"ruleset": "go", "options": ["size=9"]}));
    let search_started = Instant::now();
    let search = long_search(address, busy.clone());
    std::thread::sleep(Duration::from_millis(300));
    // Reads of the thinking game wait for it, without holding a worker.
    let waiting: Vec<_> = (0..3)
        .map(|_| {
            let busy = busy.clone();
            std::thread::spawn(move || get(address, &format!("/api/games/{busy}")).status)
        })
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    // Other requests are answered while the search still runs: it lasts
    // the server's search time, so an answer that waited for it would
    // come after that. No tighter bound on the wall clock: on a loaded
    // machine a quick answer may take a few hundred milliseconds.
    for path in ["/api/rulesets".to_string(), format!("/api/games/{other}")] {
        assert_eq!(get(address, &path).status, 200);
        assert!(
            search_started.elapsed() < search_time && !search.is_finished(),
            "{path} was answered only after the search had ended"
        );
    }
    // The search is bounded by the server's search time.
    let answer = search.join().unwrap();
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(answer.json()["playouts"].as_u64().unwrap() < 1_000_000);
    for read in waiting {
        assert_eq!(read.join().unwrap(), 200);
    }
}

#[test]
fn a_search_whose_client_has_gone_stops_and_plays_nothing() {
    let address = start(Config {
        search_time: Duration::from_secs(60),
        ..Config::default()
    });
    let game = new_game(
        address,
        &json!({"ruleset": "go", "seats": {"P1": {"player": "ai"}, "P2": {"player": "human"}}}),
    );
    let before = history(address, &game);
    let mut stream = TcpStream::connect(address).unwrap();
    let body = br#"{"playouts": 1000000}"#;
    write!(
        stream,
        "POST /api/games/{game}/ai HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )
    .unwrap();
    stream.write_all(body).unwrap();
    std::thread::sleep(Duration::from_millis(300));
    drop(stream);
    // The game is free again at once, and the search played nothing.
    let started = Instant::now();
    assert_eq!(history(address, &game), before);
    let took = started.elapsed();
    assert!(
        took < Duration::from_secs(5),
        "the abandoned search held the game {took:?}"
    );
}

#[test]
fn searches_beyond_the_limit_are_refused_as_busy() {
    let address = start(Config {
        max_searches: 1,
        search_wait: Duration::from_millis(100),
        search_time: Duration::from_secs(3),
        ..Config::default()
    });
    let first = new_game(address, &json!({"ruleset": "go"}));
    let second = new_game(address, &json!({"ruleset": "go"}));
    let search = long_search(address, first);
    std::thread::sleep(Duration::from_millis(300));
    let refused = post(
        address,
        &format!("/api/games/{second}/ai"),
        &json!({"apply": false}),
    );
    assert_eq!(refused.status, 503, "{}", refused.body);
    assert_eq!(code(&refused), "busy");
    assert_eq!(search.join().unwrap().status, 200);
    // Once it is done, a search may run again.
    let again = post(
        address,
        &format!("/api/games/{second}/ai"),
        &json!({"apply": false, "playouts": 10}),
    );
    assert_eq!(again.status, 200, "{}", again.body);
}

#[test]
fn slow_clients_are_cut_off_and_lock_no_one_out() {
    let address = start(Config {
        header_timeout: Duration::from_millis(500),
        max_connections: 64,
        ..Config::default()
    });
    // 200 clients that begin a request and never finish its headers.
    let slow: Vec<TcpStream> = (0..200)
        .filter_map(|_| {
            let mut s = TcpStream::connect(address).ok()?;
            s.write_all(b"GET /api/rulesets HTTP/1.1\r\nHost: ").ok()?;
            Some(s)
        })
        .collect();
    assert!(slow.len() >= 150, "{} slow clients connected", slow.len());
    // Someone else is still served, within a few header timeouts.
    let started = Instant::now();
    assert_eq!(get(address, "/api/rulesets").status, 200);
    let took = started.elapsed();
    assert!(
        took < Duration::from_secs(10),
        "a request took {took:?} behind slow clients"
    );
    // Every slow client's connection has been closed by the server.
    for mut stream in slow {
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let mut rest = Vec::new();
        // Closed: the read ends (with a 408 reply, or none).
        assert!(stream.read_to_end(&mut rest).is_ok());
    }
}

#[test]
fn undo_takes_back_a_persons_move_only_and_never_reopens_a_finished_game() {
    let address = start(Config::default());
    let ai = json!({"player": "ai", "playouts": 8});
    let machines = new_game(
        address,
        &json!({"ruleset": "go", "options": ["size=9"], "seats": {"P1": ai, "P2": ai}}),
    );
    for _ in 0..6 {
        let played = post(address, &format!("/api/games/{machines}/ai"), &json!({}));
        assert_eq!(played.status, 200, "{}", played.body);
    }
    let before = history(address, &machines);
    let refused = post(address, &format!("/api/games/{machines}/undo"), &json!({}));
    assert_eq!(refused.status, 409, "{}", refused.body);
    assert_eq!(code(&refused), "no-undo");
    assert_eq!(history(address, &machines), before);
    // A game people played, once over, stays over.
    let people = new_game(address, &json!({"ruleset": "go", "options": ["size=9"]}));
    let path = format!("/api/games/{people}/actions");
    assert_eq!(post(address, &path, &json!({"action": "E5"})).status, 200);
    assert_eq!(
        post(address, &path, &json!({"action": {"type": "resign"}})).status,
        200
    );
    let over = history(address, &people);
    assert_eq!(over["phase"], "over");
    let refused = post(address, &format!("/api/games/{people}/undo"), &json!({}));
    assert_eq!(refused.status, 409, "{}", refused.body);
    assert_eq!(code(&refused), "game-over");
    assert_eq!(history(address, &people), over);
}

#[test]
fn head_answers_as_get_and_an_unknown_rulesets_examples_are_a_404() {
    let address = start(Config::default());
    for path in ["/", "/app.js", "/api/rulesets"] {
        let head = raw(
            address,
            &format!("HEAD {path} HTTP/1.1\r\nHost: {address}"),
            b"",
        );
        assert_eq!(head.status, 200, "HEAD {path}");
        assert!(head.body.is_empty(), "HEAD {path}: {}", head.body);
    }
    let unknown = get(address, "/api/rulesets/no-such-ruleset/examples");
    assert_eq!(unknown.status, 404);
    assert_eq!(code(&unknown), "not-found");
    assert_eq!(get(address, "/api/rulesets/go/examples").status, 200);
}

/// The learn-mode answer route takes a client's list of answers: more
/// answers than the example has steps, an unknown example, an unknown
/// field, a garbled move and a page on another origin are each refused
/// with a reason, and the server answers afterwards.
#[test]
fn a_learn_answer_that_is_too_long_unknown_garbled_or_foreign_is_refused() {
    let address = start(Config::default());
    let path = "/api/rulesets/enhanced-go/examples/example-two-eyes-are-not-safe/answer";
    let answers = |n: usize| -> Vec<Value> {
        (0..n)
            .map(|_| json!({"seat": "P1", "actions": ["E5"]}))
            .collect()
    };
    let too_many = post(address, path, &json!({ "answers": answers(100) }));
    assert_eq!(too_many.status, 400, "{}", too_many.body);
    assert_eq!(code(&too_many), "bad-answer");
    let huge = post(address, path, &json!({ "answers": answers(10_000) }));
    assert_eq!(huge.status, 413, "{}", huge.body);
    assert_eq!(code(&huge), "too-large");
    let unknown = post(
        address,
        "/api/rulesets/enhanced-go/examples/no-such-example/answer",
        &json!({"answers": [{"seat": "P1", "actions": ["E5"]}]}),
    );
    assert_eq!(unknown.status, 404, "{}", unknown.body);
    let extra = post(
        address,
        path,
        &json!({"answers": [{"seat": "P1", "actions": ["E5"], "right": true}]}),
    );
    assert_eq!(extra.status, 400, "{}", extra.body);
    let garbled = post(
        address,
        path,
        &json!({"answers": [{"seat": "P1", "actions": ["Z99"]}]}),
    );
    assert_eq!(garbled.status, 400, "{}", garbled.body);
    let body = br#"{"answers": [{"seat": "P1", "actions": ["E5"]}]}"#;
    let foreign = raw(
        address,
        &format!(
            "POST {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nOrigin: http://evil.test:{}",
            address.port()
        ),
        body,
    );
    assert_eq!(foreign.status, 403);
    assert_eq!(code(&foreign), "cross-origin");
    let fine = post(
        address,
        path,
        &json!({"answers": [{"seat": "P1", "actions": ["E5"]}]}),
    );
    assert_eq!(fine.status, 200, "{}", fine.body);
}

/// The lobby's choices route takes a client's list of settings: a
/// garbled body, one over the 64 KiB cap, an unknown ruleset, an unknown
/// option, a value that is not a choice, an unknown field and a page on
/// another origin are each refused with a reason, no game is made, and
/// the route answers afterwards.
#[test]
fn lobby_choices_that_are_garbled_oversized_unknown_or_foreign_are_refused() {
    let address = start(Config::default());
    let path = "/api/rulesets/kill-all-go/choices";
    let garbled = request(address, "POST", path, b"{\"options\": [\"size=13\"");
    assert_eq!(garbled.status, 400, "{}", garbled.body);
    assert_eq!(code(&garbled), "malformed-json");
    let many: Vec<String> = (0..10_000).map(|i| format!("size={i}")).collect();
    let huge = post(address, path, &json!({ "options": many }));
    assert_eq!(huge.status, 413, "{}", huge.body);
    assert_eq!(code(&huge), "too-large");
    let unknown_ruleset = post(
        address,
        "/api/rulesets/no-such-ruleset/choices",
        &json!({"options": []}),
    );
    assert_eq!(unknown_ruleset.status, 404, "{}", unknown_ruleset.body);
    assert_eq!(code(&unknown_ruleset), "not-found");
    for (options, words) in [
        (
            json!(["sizes=13"]),
            "no option sizes; its options are setup, size",
        ),
        (
            json!(["size=8"]),
            "8 is not a choice of size: the choices are 9, 13, 19",
        ),
        (json!(["size=9", "size=19"]), "size is chosen twice"),
    ] {
        let refused = post(address, path, &json!({ "options": options }));
        assert_eq!(refused.status, 400, "{}", refused.body);
        assert_eq!(code(&refused), "bad-choice");
        let message = refused.json()["error"]["message"].to_string();
        assert!(message.contains(words), "{message}");
    }
    let extra = post(address, path, &json!({"options": [], "ruleset": "go"}));
    assert_eq!(extra.status, 400, "{}", extra.body);
    assert_eq!(code(&extra), "bad-request");
    let foreign = raw(
        address,
        &format!(
            "POST {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nOrigin: http://evil.test:{}",
            address.port()
        ),
        br#"{"options": []}"#,
    );
    assert_eq!(foreign.status, 403);
    assert_eq!(code(&foreign), "cross-origin");
    assert_eq!(get(address, "/api/games").json()["games"], 0);
    let fine = post(address, path, &json!({"options": ["size=9"]}));
    assert_eq!(fine.status, 200, "{}", fine.body);
}
