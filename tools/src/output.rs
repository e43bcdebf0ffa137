//! Writing the commands' output without panicking.
//!
//! `println!` panics when standard output is a closed pipe (`tengen list |
//! head -1`) or a full disk, and `eprintln!` when standard error is closed.
//! Every command writes through the macros here instead: [`outln!`] and
//! [`out!`] write to standard output and end the process through
//! [`failed`] when the write fails; [`errln!`] and [`err!`] write to
//! standard error and ignore a failure (nobody is left to tell).
//!
//! How a failed write ends `tengen`:
//! - a closed pipe (the reader has gone, as with `| head`) ends it quietly
//!   with exit code 0: the reader asked for no more;
//! - any other failure (a full disk, an I/O error) prints one line on
//!   standard error, `tengen: cannot write the output: REASON`, and exits
//!   with code 1.

use std::io::{ErrorKind, Write};
use std::process::ExitCode;

/// The exit code of `tengen` when its output cannot be written for any
/// reason but a closed pipe.
pub(crate) const WRITE_FAILED: u8 = 1;

/// Writes formatted text to standard output (see the module's docs).
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::stdout(format_args!($($arg)*))
    };
}

/// Writes formatted text and a newline to standard output (see the
/// module's docs).
macro_rules! outln {
    () => {
        $crate::output::stdout(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::output::stdout(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// Writes formatted text to standard error, ignoring a failure.
macro_rules! err {
    ($($arg:tt)*) => {
        $crate::output::stderr(format_args!($($arg)*))
    };
}

/// Writes formatted text and a newline to standard error, ignoring a
/// failure.
macro_rules! errln {
    ($($arg:tt)*) => {
        $crate::output::stderr(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// Writes `text` to standard output; when that fails, ends the process as
/// [`failed`] says.
pub(crate) fn stdout(text: std::fmt::Arguments<'_>) {
    let mut out = std::io::stdout().lock();
    if let Err(error) = out.write_fmt(text) {
        drop(out);
        std::process::exit(i32::from(exit_code(&error)));
    }
}

/// Writes `text` to standard error; a failure is ignored.
pub(crate) fn stderr(text: std::fmt::Arguments<'_>) {
    let _ = std::io::stderr().lock().write_fmt(text);
}

/// Flushes standard output at the end of a command, and the exit code
/// `code` unless that fails.
pub(crate) fn finish(code: ExitCode) -> ExitCode {
    match std::io::stdout().lock().flush() {
        Ok(()) => code,
        Err(error) => ExitCode::from(exit_code(&error)),
    }
}

/// Reports the write error `error` (quietly for a closed pipe) and the
/// exit code it calls for.
pub(crate) fn exit_code(error: &std::io::Error) -> u8 {
    if error.kind() == ErrorKind::BrokenPipe {
        return 0;
    }
    stderr(format_args!("{}\n", message(error)));
    WRITE_FAILED
}

/// The one line that reports the write error `error`.
pub(crate) fn message(error: &std::io::Error) -> String {
    format!("tengen: cannot write the output: {}", reason(error))
}

/// `error`'s reason without the ` (os error 28)` the standard library
/// appends.
fn reason(error: &std::io::Error) -> String {
    let text = error.to_string();
    match text.find(" (os error") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}
