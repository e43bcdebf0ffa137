//! `tengen gtp` on recorded sessions: each file of `fixtures/gtp` is sent
//! to the engine as it is, and the snapshot shows every line sent with the
//! response it got. The computer player runs with few playouts and a fixed
//! seed, so generated moves are the same on every run.

use std::io::Write;
use std::process::{Command, Stdio};

/// The arguments of every session: small, reproducible searches, on one
/// thread (the recorded moves must not depend on the machine's cores).
const ARGS: &[&str] = &["gtp", "--playouts", "50", "--seed", "3", "--threads", "1"];

/// Runs `tengen gtp` on `input`, returning its standard output.
fn session(input: &[u8]) -> String {
    session_with(ARGS, input)
}

/// Runs `tengen` with `args` on `input`, returning its standard output.
fn session_with(args: &[&str], input: &[u8]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tengen runs");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input).expect("writes stdin");
    drop(stdin);
    let out = child.wait_with_output().expect("tengen finishes");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "exit status; stderr:\n{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    String::from_utf8(out.stdout).expect("utf-8")
}

/// Whether a line sent is a command the engine answers: what is left of
/// it without control characters and comments is not blank (GTP's
/// preprocessing, section 3.1 of the specification).
fn is_command(line: &str) -> bool {
    let kept: String = line.chars().filter(|c| !c.is_control()).collect();
    !kept.split('#').next().unwrap_or_default().trim().is_empty()
}

/// A line as sent, with tabs and carriage returns made visible.
fn visible(line: &str) -> String {
    line.replace('\t', "\\t").replace('\r', "\\r")
}

/// The lines sent, each command followed by its response.
fn transcript(input: &str, output: &str) -> String {
    let mut responses = output.split_terminator("\n\n");
    let mut out = String::new();
    for line in input.split_terminator('\n') {
        if !is_command(line) {
            out.push_str(format!("  {}", visible(line)).trim_end());
            out.push('\n');
            continue;
        }
        out.push_str(&format!("> {}\n", visible(line)));
        match responses.next() {
            Some(response) => out.push_str(&format!("{response}\n")),
            None => out.push_str("(no response)\n"),
        }
    }
    let extra: Vec<&str> = responses.collect();
    assert!(extra.is_empty(), "responses to no command: {extra:?}");
    out
}

#[test]
fn recorded_sessions() {
    insta::glob!("fixtures/gtp/*.gtp", |path| {
        let input = std::fs::read_to_string(path).expect("the fixture reads");
        // The version changes with every release; the snapshot keeps a
        // placeholder.
        let output = session(input.as_bytes()).replace(env!("CARGO_PKG_VERSION"), "[version]");
        assert!(
            output.is_empty() || output.ends_with("\n\n"),
            "every response ends with an empty line:\n{output}"
        );
        insta::assert_snapshot!(tengen_conformance::without_registry_lists(&transcript(
            &input, &output
        )));
    });
}

/// Responses to commands after `quit` are not given, and a session ends
/// cleanly at the end of its input without `quit`.
#[test]
fn a_session_ends_at_quit_or_at_the_end_of_the_input() {
    assert_eq!(session(b"quit\nname\n"), "=\n\n");
    assert_eq!(session(b"name"), "= tengen\n\n");
    assert_eq!(session(b""), "");
}

/// Bytes that are not UTF-8 are answered, not a crash.
#[test]
fn invalid_utf8_is_an_unknown_command() {
    let output = session(b"\xff\xfe play\nplay b \xc3\n");
    assert!(
        output.starts_with("? unknown command\n\n? syntax error: `\u{fffd}` is not a point"),
        "{output}"
    );
}

/// A line too long to be a command is answered and skipped; the session
/// goes on.
#[test]
fn an_overlong_line_is_refused_and_skipped() {
    let mut input = vec![b'a'; 3 << 20];
    input.extend_from_slice(b"\nname\n");
    assert_eq!(
        session(&input),
        "? syntax error: the line is too long\n\n= tengen\n\n"
    );
}

/// `--player random`: `genmove` answers with the random player, a whole
/// game of 9x9 without a refusal (the same game for the same seed), and
/// `tengen-playouts` is refused, that player playing none.
#[test]
fn the_random_player_plays_a_whole_game() {
    let args = ["gtp", "-o", "size=9", "--player", "random", "--seed", "5"];
    let mut input = String::from("tengen-playouts 10\n");
    for _ in 0..150 {
        input.push_str("genmove b\ngenmove w\n");
    }
    input.push_str("final_score\n");
    let output = session_with(&args, input.as_bytes());
    assert_eq!(output, session_with(&args, input.as_bytes()));
    let responses: Vec<&str> = output.split_terminator("\n\n").collect();
    assert_eq!(
        responses[0],
        "? the computer player is random (--player random) and plays no playouts"
    );
    let moves = &responses[1..responses.len() - 1];
    assert!(moves.iter().all(|m| m.starts_with("= ")), "{moves:?}");
    let passes = moves.iter().filter(|&&m| m == "= pass").count();
    assert!(
        moves.len() - passes > 60 && passes > 2,
        "a game, then passes: {moves:?}"
    );
    let score = responses[responses.len() - 1];
    assert!(
        score.starts_with("= B+") || score.starts_with("= W+"),
        "{score}"
    );
}

/// Every count GTP takes is bounded (issue 22, item 14): playouts past
/// the most a choice may spend are refused with the range, the session
/// goes on, and `genmove` still answers at the playouts set before.
#[test]
fn playouts_beyond_the_bound_are_refused_and_the_session_goes_on() {
    let args = ["gtp", "-o", "size=9"];
    let input = "tengen-playouts 18446744073709551615\ntengen-playouts 1000001\ntengen-playouts 0\ntengen-playouts 20\ngenmove b\n";
    let output = session_with(&args, input.as_bytes());
    let responses: Vec<&str> = output.split_terminator("\n\n").collect();
    for refused in &responses[..3] {
        assert!(
            refused.starts_with("? ") && refused.contains("from 1 to 1000000"),
            "{output}"
        );
    }
    assert_eq!(responses[3], "=", "{output}");
    assert!(responses[4].starts_with("= "), "{output}");
}

/// The search ends a decided game (issue 23, item 14): at a komi of 150
/// White passes, the game being won, and Black, having found it lost on
/// three choices in a row, answers its third `genmove` with `resign`,
/// which ends the game (`final_score` is `W+R`). With `--no-resign` the
/// same game is played on.
#[test]
fn genmove_passes_a_won_game_and_resigns_a_lost_one() {
    let input = "komi 150\ngenmove b\ngenmove w\ngenmove b\ngenmove w\ngenmove b\nfinal_score\n";
    let args = ["gtp", "-o", "size=9", "--playouts", "300", "--threads", "1"];
    let output = session_with(&args, input.as_bytes());
    let responses: Vec<&str> = output.split_terminator("\n\n").collect();
    assert_eq!(responses[2], "= pass", "{responses:?}");
    assert_eq!(responses[4], "= pass", "{responses:?}");
    assert!(
        responses[1..4].iter().all(|r| *r != "= resign"),
        "{responses:?}"
    );
    assert_eq!(responses[5..], ["= resign", "= W+R"], "{responses:?}");
    let played_on = session_with(
        &[
            "gtp",
            "-o",
            "size=9",
            "--playouts",
            "300",
            "--threads",
            "1",
            "--no-resign",
        ],
        input.as_bytes(),
    );
    let responses: Vec<&str> = played_on.split_terminator("\n\n").collect();
    assert!(!responses.contains(&"= resign"), "{responses:?}");
    assert!(
        responses[6].starts_with("= W+") && responses[6] != "= W+R",
        "{responses:?}"
    );
}

/// Under a game clock `genmove` thinks as long as the clock allows, not
/// for its playouts: with no main time left and no overtime, a search of
/// a million playouts on 19x19 (about a minute on one core) answers at
/// once with a move; the clock off again, the next `genmove` is bounded
/// by a small budget once more.
#[test]
fn genmove_thinks_as_long_as_the_clock_allows() {
    let input =
        "time_settings 0 0 0\ngenmove b\ntengen-playouts 30\nkgs-time_settings none\ngenmove w\n";
    let args = [
        "gtp",
        "-o",
        "size=19",
        "--playouts",
        "1000000",
        "--threads",
        "1",
    ];
    let started = std::time::Instant::now();
    let output = session_with(&args, input.as_bytes());
    let responses: Vec<&str> = output.split_terminator("\n\n").collect();
    assert_eq!(responses.len(), 5, "{responses:?}");
    for (i, r) in [(1, responses[1]), (4, responses[4])] {
        assert!(
            r.starts_with("= ") && r.len() > 2 && r != "= pass" && r != "= resign",
            "answer {i} is a move: {responses:?}"
        );
    }
    assert!(
        started.elapsed() < std::time::Duration::from_secs(20),
        "the clock stopped the search: {:?}",
        started.elapsed()
    );
}
