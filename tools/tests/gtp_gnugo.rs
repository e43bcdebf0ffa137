//! `tengen gtp` against a real GTP peer: a game of 9x9 Go with GNU Go,
//! every move relayed from one engine to the other, then GNU Go's dead
//! strings told to tengen, whose score must equal GNU Go's.
//!
//! Skipped (and passing) when `gnugo` is not installed, unless
//! `TENGEN_REQUIRE_GNUGO=1` is set, as CI sets it.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Instant;

/// The most moves the game may take before the test gives up on it.
const MOVE_CAP: usize = 300;

/// A GTP engine run as a child process.
struct Peer {
    name: &'static str,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Peer {
    fn start(name: &'static str, program: &PathBuf, args: &[&str]) -> Peer {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{name} starts: {e}"));
        let input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        Peer {
            name,
            child,
            input,
            output,
        }
    }

    /// Sends `command`; the response's text on success, its message on
    /// failure.
    fn send(&mut self, command: &str) -> Result<String, String> {
        writeln!(self.input, "{command}").expect("the engine reads");
        self.input.flush().expect("the engine reads");
        let mut response = String::new();
        loop {
            let mut line = String::new();
            let read = self.output.read_line(&mut line).expect("the engine writes");
            assert!(read > 0, "{} ended while answering `{command}`", self.name);
            if line.trim().is_empty() {
                if response.is_empty() {
                    continue;
                }
                break;
            }
            response.push_str(&line);
        }
        let text = response.trim_end().to_string();
        let body = text.get(1..).unwrap_or_default().trim().to_string();
        match text.chars().next() {
            Some('=') => Ok(body),
            _ => Err(body),
        }
    }

    /// Sends `command`, which must succeed.
    fn must(&mut self, command: &str) -> String {
        self.send(command)
            .unwrap_or_else(|e| panic!("{} refused `{command}`: {e}", self.name))
    }
}

impl Drop for Peer {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let _ = self.child.wait();
    }
}

/// GNU Go's program: on the path, or where Debian puts it.
fn gnugo() -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|dir| dir.join("gnugo"))
        .find(|p| p.is_file())
}

/// A score as `final_score` writes it (`B+3.5`, `W+7.0`, `0`), as Black's
/// margin.
fn margin(score: &str) -> f64 {
    let score = score.trim();
    if score == "0" {
        return 0.0;
    }
    let (sign, rest) = match score.split_at_checked(2) {
        Some(("B+", rest)) => (1.0, rest),
        Some(("W+", rest)) => (-1.0, rest),
        _ => panic!("`{score}` is not a score"),
    };
    sign * rest
        .parse::<f64>()
        .unwrap_or_else(|_| panic!("`{score}` is not a score"))
}

#[test]
fn a_game_against_gnu_go_ends_with_the_same_score() {
    let Some(program) = gnugo() else {
        assert!(
            std::env::var("TENGEN_REQUIRE_GNUGO").as_deref() != Ok("1"),
            "gnugo is not installed, and TENGEN_REQUIRE_GNUGO=1 requires it"
        );
        eprintln!("skipped: gnugo is not installed");
        return;
    };
    let start = Instant::now();
    let tengen_program = PathBuf::from(env!("CARGO_BIN_EXE_tengen"));
    let mut tengen = Peer::start(
        "tengen",
        &tengen_program,
        &[
            "gtp",
            "--ruleset",
            "go",
            "--option",
            "size=9",
            "--playouts",
            "1500",
            "--seed",
            "7",
        ],
    );
    let mut gnugo = Peer::start(
        "GNU Go",
        &program,
        &[
            "--mode",
            "gtp",
            "--level",
            "1",
            "--chinese-rules",
            "--boardsize",
            "9",
            "--komi",
            "7",
            "--seed",
            "7",
        ],
    );
    for peer in [&mut tengen, &mut gnugo] {
        peer.must("boardsize 9");
        peer.must("clear_board");
        peer.must("komi 7");
    }
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 {
        assert!(moves < MOVE_CAP, "the game did not end in {MOVE_CAP} moves");
        let colour = if moves % 2 == 0 { "black" } else { "white" };
        // GNU Go plays Black, tengen White.
        let (mover, other) = if colour == "black" {
            (&mut gnugo, &mut tengen)
        } else {
            (&mut tengen, &mut gnugo)
        };
        let vertex = mover.must(&format!("genmove {colour}"));
        assert!(
            !vertex.eq_ignore_ascii_case("resign"),
            "{} resigned at move {}",
            mover.name,
            moves + 1
        );
        other.must(&format!("play {colour} {vertex}"));
        passes = if vertex.eq_ignore_ascii_case("pass") {
            passes + 1
        } else {
            0
        };
        moves += 1;
    }
    let dead = gnugo.must("final_status_list dead");
    let expected = gnugo.must("final_score");
    let dead: Vec<&str> = dead.split_whitespace().collect();
    tengen.must(&format!("tengen-mark_dead {}", dead.join(" ")));
    let score = tengen.must("final_score");
    eprintln!(
        "{moves} moves, {} dead stones, GNU Go {expected}, tengen {score}, in {:.1} s",
        dead.len(),
        start.elapsed().as_secs_f64()
    );
    eprintln!("{}", tengen.must("showboard"));
    assert_eq!(
        margin(&score),
        margin(&expected),
        "tengen scores {score}, GNU Go {expected}"
    );
}
