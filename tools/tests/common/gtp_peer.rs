//! A GTP engine run as a child process, for the tests that play `tengen
//! gtp` against GNU Go: sending commands and reading responses, finding
//! GNU Go, and reading `final_score`.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A GTP engine run as a child process; told `quit` when dropped.
pub(crate) struct Peer {
    /// The engine's name in messages.
    pub(crate) name: &'static str,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Peer {
    /// Starts `program` with `args` (its standard error is not captured).
    pub(crate) fn start(name: &'static str, program: &Path, args: &[&str]) -> Peer {
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

    /// Starts `tengen gtp` (the binary cargo built for the test) with
    /// `args` after `gtp`.
    pub(crate) fn tengen(args: &[&str]) -> Peer {
        let program = PathBuf::from(env!("CARGO_BIN_EXE_tengen"));
        let mut all = vec!["gtp"];
        all.extend_from_slice(args);
        Peer::start("tengen", &program, &all)
    }

    /// Sends `command`; the response's text on success, its message on
    /// failure.
    pub(crate) fn send(&mut self, command: &str) -> Result<String, String> {
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
    pub(crate) fn must(&mut self, command: &str) -> String {
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

/// GNU Go's program (on the path, or where Debian puts it), or `None`
/// when it is not installed, which skips the test: unless
/// `TENGEN_REQUIRE_GNUGO=1` is set (as CI sets it), which fails it.
pub(crate) fn gnugo_or_skip() -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let found = std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|dir| dir.join("gnugo"))
        .find(|p| p.is_file());
    if found.is_none() {
        assert!(
            std::env::var("TENGEN_REQUIRE_GNUGO").as_deref() != Ok("1"),
            "gnugo is not installed, and TENGEN_REQUIRE_GNUGO=1 requires it"
        );
        eprintln!("skipped: gnugo is not installed");
    }
    found
}

/// A score as `final_score` writes it (`B+3.5`, `W+7.0`, `0`), as Black's
/// margin; `None` for anything else.
pub(crate) fn margin(score: &str) -> Option<f64> {
    let score = score.trim();
    if score == "0" {
        return Some(0.0);
    }
    let (sign, rest) = match score.split_at_checked(2) {
        Some(("B+", rest)) => (1.0, rest),
        Some(("W+", rest)) => (-1.0, rest),
        _ => return None,
    };
    rest.parse::<f64>().ok().map(|m| sign * m)
}
