//! A closed or full standard output: no panic, a documented exit.
//!
//! A closed pipe (`tengen list | head -1`) ends `tengen` quietly with exit
//! code 0; any other write error (a full disk, here `/dev/full`) prints one
//! line on standard error and exits with 1.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

fn tengen() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tengen"))
}

/// Runs `args`, reads one line of its output, closes the pipe, and checks
/// the quiet exit.
fn closed_after_one_line(args: &[&str]) {
    let mut child = tengen()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert_eq!(output.status.code(), Some(0), "{args:?}: {stderr}");
}

#[test]
fn a_closed_pipe_ends_quietly() {
    closed_after_one_line(&["list"]);
    closed_after_one_line(&["explain", "go"]);
    closed_after_one_line(&["schema"]);
}

/// Runs `args` with standard output on `/dev/full` and `input` on standard
/// input, and checks the one-line error and the exit code 1.
fn full(args: &[&str], input: &str) {
    if !std::path::Path::new("/dev/full").exists() {
        println!("skipped: no /dev/full on this system");
        return;
    }
    let mut child = tengen()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(std::fs::File::create("/dev/full").unwrap())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        stderr, "tengen: cannot write the output: No space left on device\n",
        "{args:?}"
    );
    assert_eq!(output.status.code(), Some(1), "{args:?}");
}

#[test]
fn a_full_disk_is_one_line_and_exit_1() {
    full(&["list"], "");
    full(&["explain", "go"], "");
    full(&["gtp"], "list_commands\nquit\n");
}
