//! The bad-input catalogue: every way a person can give `tengen` input it
//! must refuse, each with the exit code and the message they see.
//!
//! The cases are in `bad_input/catalogue.toml`: each names the rule it
//! checks, the command line, what is on standard input and which files are
//! in the working directory, the exit code and substrings of the messages.
//! Each case runs in a scratch directory of its own that holds copies of
//! `fixtures/bad` and `fixtures/good` and the case's files, so messages
//! name paths as a person would write them. A few inputs are too big to
//! write in the catalogue (a 10 MB ruleset, a million-move record); the
//! case names a generator (`generate`) that writes them.
//!
//! Every case must exit as stated, show every substring, and never panic.
//! All the messages are kept in one snapshot, so a reader sees them all.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Catalogue {
    case: Vec<Case>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    /// A short name, unique in the catalogue.
    name: String,
    /// What is wrong with the input and what the person must be told.
    rule: String,
    /// The `tengen` command line, without `tengen`.
    args: Vec<String>,
    /// Standard input (empty when absent).
    #[serde(default)]
    stdin: Option<String>,
    /// Text files written into the working directory: name -> content.
    #[serde(default)]
    files: BTreeMap<String, String>,
    /// Files of arbitrary bytes: name -> text in which `%XX` is the byte
    /// of hexadecimal XX (and `%%` a percent sign).
    #[serde(default)]
    bytes: BTreeMap<String, String>,
    /// A generator of big inputs, written into the working directory.
    #[serde(default)]
    generate: Option<String>,
    /// The expected exit code.
    exit: i32,
    /// Substrings that must appear on standard error.
    #[serde(default)]
    stderr: Vec<String>,
    /// Substrings that must appear on standard output.
    #[serde(default)]
    stdout: Vec<String>,
}

/// What a run of `tengen` gave.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    elapsed: Duration,
}

/// The longest a case may take, however slow the machine.
const TIMEOUT: Duration = Duration::from_secs(60);

/// Decodes the `%XX` escapes of a `bytes` file.
fn decode(text: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let raw = text.as_bytes();
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'%' {
            if raw.get(i + 1) == Some(&b'%') {
                out.push(b'%');
                i += 2;
                continue;
            }
            let hex = std::str::from_utf8(&raw[i + 1..i + 3]).expect("two hex digits after %");
            out.push(u8::from_str_radix(hex, 16).expect("two hex digits after %"));
            i += 3;
        } else {
            out.push(raw[i]);
            i += 1;
        }
    }
    out
}

/// The header of a valid ruleset file that extends `go`.
const HEADER: &str =
    "[ruleset]\nid = \"big\"\nname = \"Big\"\nsummary = \"A huge file.\"\nextends = \"go\"\n";

/// Writes the big inputs of generator `name` into `dir`.
fn generate(name: &str, dir: &Path) {
    let write = |file: &str, text: &[u8]| std::fs::write(dir.join(file), text).expect("written");
    match name {
        // A valid ruleset followed by a 10 MB comment.
        "ruleset-10mb-comment" => {
            let mut text = HEADER.to_string();
            text.push('#');
            text.push_str(&"x".repeat(10 << 20));
            text.push('\n');
            write("big.toml", text.as_bytes());
        }
        // A valid ruleset whose `docs` is a 10 MB string.
        "ruleset-10mb-string" => {
            let mut text = HEADER.replace(
                "extends",
                &format!("docs = \"{}\"\nextends", "y".repeat(10 << 20)),
            );
            text.push('\n');
            write("big-docs.toml", text.as_bytes());
        }
        // A small ruleset that extends a 10 MB one.
        "extends-10mb" => {
            generate("ruleset-10mb-comment", dir);
            write(
                "child.toml",
                b"[ruleset]\nid = \"child\"\nname = \"Child\"\nsummary = \"x\"\nextends = \"big.toml\"\n",
            );
        }
        // A million moves of the move notation, all of them legal: a
        // stone, two passes, then the same string marked and unmarked
        // until both accept; the move after the end is refused.
        "notation-million-moves" => {
            let mut text = String::from("E5\npass\npass\n");
            for _ in 0..499_998 {
                text.push_str("P1: mark E5\nP1: unmark E5\n");
            }
            text.push_str("P1: accept\nP2: accept\nD4\n");
            write("million.txt", text.as_bytes());
        }
        // A million comment lines, then a point off the board.
        "notation-million-lines" => {
            let mut text = "# a comment\n".repeat(1_000_000);
            text.push_str("Z99\n");
            write("long.txt", text.as_bytes());
        }
        // An SGF record of a million nodes in its main line.
        "sgf-million-nodes" => {
            let mut text = String::from("(;GM[1]FF[4]SZ[9]RU[Chinese]\n");
            for _ in 0..500_000 {
                text.push_str(";B[]\n;W[]\n");
            }
            text.push(')');
            write("million.sgf", text.as_bytes());
        }
        // A ruleset just under the 1 MiB limit whose [topology] holds
        // 61,000 keys no topology has.
        "ruleset-1mb-unknown-keys" => {
            let mut text = format!("{HEADER}\n[topology]\n");
            for n in 0..61_000 {
                text.push_str(&format!("widht{n} = 9\n"));
            }
            assert!(text.len() < 1 << 20, "{} bytes", text.len());
            write("typos.toml", text.as_bytes());
        }
        // A ruleset declaring 300 switches.
        "ruleset-300-options" => {
            let mut text = HEADER.to_string();
            for n in 0..300 {
                text.push_str(&format!(
                    "\n[options.switch-{n}]\nsummary = \"Komi {n}.\"\npatch = {{ scorer = {{ komi = {n} }} }}\n"
                ));
            }
            write("switches.toml", text.as_bytes());
        }
        // A ruleset declaring 200 options of 6 choices each.
        "ruleset-1200-settings" => {
            let mut text = HEADER.to_string();
            for n in 0..200 {
                text.push_str(&format!("\n[options.choice-{n}]\nsummary = \"Komi.\"\n"));
                for c in 0..6 {
                    text.push_str(&format!("choices.k{c} = {{ scorer = {{ komi = {c} }} }}\n"));
                }
            }
            write("choices.toml", text.as_bytes());
        }
        other => panic!("no generator named `{other}`"),
    }
}

/// Copies the files of `from` into `to` (one level: the fixture folders
/// hold files only).
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a folder");
    for entry in std::fs::read_dir(from).expect("the fixtures") {
        let path = entry.expect("an entry").path();
        if path.is_file() {
            std::fs::copy(&path, to.join(path.file_name().expect("a name"))).expect("copied");
        }
    }
}

/// Prepares the working directory of `case` under `root`.
fn prepare(case: &Case, root: &Path) -> PathBuf {
    let dir = root.join(&case.name);
    let _ = std::fs::remove_dir_all(&dir);
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    copy_dir(&fixtures.join("bad"), &dir.join("bad"));
    copy_dir(&fixtures.join("good"), &dir.join("good"));
    for (name, text) in &case.files {
        std::fs::write(dir.join(name), text).expect("a case file");
    }
    for (name, text) in &case.bytes {
        std::fs::write(dir.join(name), decode(text)).expect("a case file");
    }
    if let Some(name) = &case.generate {
        generate(name, &dir);
    }
    dir
}

/// Runs `tengen` for `case` in `dir`, killing it after [`TIMEOUT`].
fn run(case: &Case, dir: &Path) -> Run {
    let start = std::time::Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(&case.args)
        .current_dir(dir)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tengen runs");
    let mut input = child.stdin.take().expect("stdin");
    let text = case.stdin.clone().unwrap_or_default();
    // Standard input is written on a thread of its own, so that a large
    // input cannot block against a full output pipe.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(text.as_bytes());
    });
    let (stdout, stderr) = (child.stdout.take(), child.stderr.take());
    let read = |pipe: Option<Box<dyn std::io::Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let out = read(stdout.map(|p| Box::new(p) as Box<dyn std::io::Read + Send>));
    let err = read(stderr.map(|p| Box::new(p) as Box<dyn std::io::Read + Send>));
    let status = loop {
        if let Some(status) = child.try_wait().expect("waits") {
            break Some(status);
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let _ = writer.join();
    Run {
        code: status.and_then(|s| s.code()),
        stdout: out.join().expect("stdout read"),
        stderr: err.join().expect("stderr read"),
        elapsed: start.elapsed(),
    }
}

/// What is wrong with `run` for `case`, if anything.
fn problems(case: &Case, run: &Run) -> Vec<String> {
    let mut out = Vec::new();
    match run.code {
        None if run.elapsed > TIMEOUT => out.push(format!("did not finish in {TIMEOUT:?}")),
        None => out.push("killed by a signal".to_string()),
        Some(code) if code != case.exit => {
            out.push(format!("exit code {code}, expected {}", case.exit));
        }
        Some(_) => {}
    }
    for needle in &case.stderr {
        if !run.stderr.contains(needle.as_str()) {
            out.push(format!("stderr lacks `{needle}`"));
        }
    }
    for needle in &case.stdout {
        if !run.stdout.contains(needle.as_str()) {
            out.push(format!("stdout lacks `{needle}`"));
        }
    }
    for bad in ["panicked", "RUST_BACKTRACE", "stack overflow"] {
        if run.stderr.contains(bad) || run.stdout.contains(bad) {
            out.push(format!("the output mentions `{bad}`"));
        }
    }
    out
}

/// The most lines of standard output the transcript shows whole; longer
/// output (boards printed by `play` and `replay`) shows only its message
/// lines and the lines the case checks.
const WHOLE_STDOUT_LINES: usize = 4;

/// The transcript entry of one case.
fn entry(case: &Case, run: &Run) -> String {
    let mut out = format!(
        "## {}\n{}\n$ tengen {}\nexit: {}\n",
        case.name,
        case.rule.trim(),
        case.args.join(" "),
        run.code.map_or("none".to_string(), |c| c.to_string())
    );
    let stderr = run.stderr.trim_end();
    if !stderr.is_empty() {
        out.push_str("stderr:\n");
        for line in stderr.lines() {
            out.push_str(format!("  {line}").trim_end());
            out.push('\n');
        }
    }
    let stdout = run.stdout.trim_end();
    if !stdout.is_empty() {
        let lines: Vec<&str> = stdout.lines().collect();
        let shown: Vec<&str> = if lines.len() <= WHOLE_STDOUT_LINES {
            lines.clone()
        } else {
            lines
                .iter()
                .copied()
                .filter(|l| {
                    l.starts_with("! ")
                        || l.starts_with('?')
                        || case.stdout.iter().any(|n| l.contains(n.as_str()))
                })
                .collect()
        };
        out.push_str("stdout:\n");
        for line in &shown {
            out.push_str(format!("  {line}").trim_end());
            out.push('\n');
        }
        if shown.len() < lines.len() {
            out.push_str(&format!(
                "  ({} other lines not shown)\n",
                lines.len() - shown.len()
            ));
        }
    }
    out
}

#[test]
fn every_bad_input_is_refused_with_a_clear_message() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/bad_input/catalogue.toml"
    );
    let text = std::fs::read_to_string(path).expect("the catalogue");
    let catalogue: Catalogue = toml::from_str(&text).expect("the catalogue is valid");
    let cases = &catalogue.case;
    let mut names = std::collections::HashSet::new();
    for case in cases {
        assert!(names.insert(&case.name), "two cases named `{}`", case.name);
        assert!(
            !case.rule.trim().is_empty(),
            "`{}` states no rule",
            case.name
        );
        assert!(
            !(case.stderr.is_empty() && case.stdout.is_empty()),
            "`{}` checks no message",
            case.name
        );
    }
    assert!(cases.len() >= 50, "only {} cases", cases.len());
    let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("tengen-bad-input-{}", std::process::id()));
    // Two workers: the cases are independent processes.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<(usize, Run)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(case) = cases.get(k) else { break };
                        let dir = prepare(case, &root);
                        done.push((k, run(case, &dir)));
                        let _ = std::fs::remove_dir_all(&dir);
                    }
                    done
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a worker"))
            .collect()
    });
    let _ = std::fs::remove_dir_all(&root);
    let mut runs: Vec<Option<Run>> = (0..cases.len()).map(|_| None).collect();
    for (k, run) in results {
        runs[k] = Some(run);
    }
    let mut transcript = String::new();
    let mut failures = Vec::new();
    for (case, run) in cases.iter().zip(&runs) {
        let run = run.as_ref().expect("every case ran");
        transcript.push_str(&entry(case, run));
        transcript.push('\n');
        let found = problems(case, run);
        if !found.is_empty() {
            failures.push(format!(
                "`{}`: {}\n--- stderr:\n{}\n--- stdout (first 40 lines):\n{}\n",
                case.name,
                found.join("; "),
                run.stderr.trim_end(),
                run.stdout.lines().take(40).collect::<Vec<_>>().join("\n")
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    insta::assert_snapshot!(tengen_conformance::without_registry_lists(&transcript));
}
