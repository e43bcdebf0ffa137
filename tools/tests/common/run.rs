//! Running the `tengen` binary with arguments and standard input.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// What a run of `tengen` printed, and how it exited.
pub(crate) struct Run {
    /// The exit code.
    pub(crate) code: i32,
    /// Standard output.
    pub(crate) stdout: String,
    /// Standard error.
    pub(crate) stderr: String,
}

/// Runs `tengen` in `dir` with `args`, `stdin` on standard input.
pub(crate) fn tengen_in(dir: &Path, args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tengen runs");
    let mut input = child.stdin.take().expect("stdin");
    input.write_all(stdin.as_bytes()).expect("writes stdin");
    drop(input);
    let out = child.wait_with_output().expect("tengen finishes");
    Run {
        code: out.status.code().expect("an exit code"),
        stdout: String::from_utf8(out.stdout).expect("utf-8"),
        stderr: String::from_utf8(out.stderr).expect("utf-8"),
    }
}
