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
    // Megabytes of states: the pipe is closed while they are written.
    let record = long_record();
    closed_after_one_line(&["replay", "go", &record, "--format", "json"]);
}

/// Writes `text` to the scratch file `name` and returns its path.
fn scratch(name: &str, text: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// A record of 304 placements of 19x19 Go, in a scratch file.
fn long_record() -> String {
    let mut text = String::new();
    for row in 1..=16 {
        for column in "ABCDEFGHJKLMNOPQRST".chars() {
            text.push_str(&format!("{column}{row}\n"));
        }
    }
    scratch("output-errors-long.txt", &text)
}

/// A 9x9 SGF record of two moves, in a scratch file.
fn short_sgf() -> String {
    scratch("output-errors-short.sgf", "(;GM[1]FF[4]SZ[9];B[ee];W[dd])")
}

/// Runs `args` with standard output on a pipe whose reading end is closed
/// before `tengen` starts, so its first write already fails, and checks
/// the quiet exit: every command, however little it prints. (Warnings
/// about the input may still go to standard error.)
fn closed_before_any_output(args: &[&str], input: &str) {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut child = tengen()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert!(!stderr.contains("cannot write"), "{args:?}: {stderr}");
    assert_eq!(output.status.code(), Some(0), "{args:?}: {stderr}");
}

#[test]
fn a_pipe_closed_before_any_output_ends_quietly() {
    let sgf = short_sgf();
    let record = long_record();
    for args in [
        &["list"][..],
        &["explain", "go"],
        &["show", "go", "-o", "size=9"],
        &["validate", "go"],
        &["schema"],
        &["analyze", "go", "-o", "size=9", "--position", &sgf],
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
        &["replay", "go", &record],
        &["replay", "go", &record, "--format", "json", "--final"],
        &["convert", &sgf, "-"],
    ] {
        closed_before_any_output(args, "");
    }
    closed_before_any_output(&["gtp"], "name\nboardsize 9\ngenmove b\nquit\n");
    closed_before_any_output(&["engine"], "{\"command\": \"games\"}\n");
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
    let sgf = short_sgf();
    full(&["analyze", "go", "-o", "size=9", "--position", &sgf], "");
    full(&["replay", "go", &long_record()], "");
    full(&["engine"], "{\"command\": \"games\"}\n");
}
