//! # tengen as a GTP engine
//!
//! A GTP version 2 engine for every ruleset, for GUIs (GoGui, Sabaki),
//! servers and other engines: `tengen gtp` runs [`session`] on standard
//! input and output, and anything else (a test, a fuzzer, a server) can run
//! it on its own reader and writer.
//!
//! Each command line gets one response, `= result` or `? message`, ended
//! by an empty line; a command's id is echoed; comments and empty lines
//! are ignored (see [`protocol`]). A failed command changes nothing and
//! never ends the session: only `quit` or the end of the input does.

mod args;
mod display;
mod engine;
mod error;
mod extensions;
mod moves;
mod protocol;
mod ruler;
mod rules;
mod scoring;
mod setup;
mod time;
pub mod vertex;

pub use engine::{Engine, PlayerKind, Setup};
use std::io::{BufRead, Write};

/// The longest command line read; a longer one is answered with a
/// failure and skipped.
const LONGEST_LINE: u64 = 1 << 20;

/// A line read from the controller.
enum Line {
    /// A line (its end of line included, if it had one).
    Text,
    /// A line longer than [`LONGEST_LINE`], skipped.
    TooLong,
    /// The end of the input.
    End,
}

/// Reads one line into `buffer`.
fn read_line(input: &mut impl BufRead, buffer: &mut Vec<u8>) -> std::io::Result<Line> {
    buffer.clear();
    let read = std::io::Read::take(&mut *input, LONGEST_LINE).read_until(b'\n', buffer)?;
    if read == 0 {
        return Ok(Line::End);
    }
    if buffer.last() == Some(&b'\n') || (read as u64) < LONGEST_LINE {
        return Ok(Line::Text);
    }
    // Skip the rest of the line.
    loop {
        buffer.clear();
        let read = std::io::Read::take(&mut *input, LONGEST_LINE).read_until(b'\n', buffer)?;
        if read == 0 || buffer.last() == Some(&b'\n') {
            return Ok(Line::TooLong);
        }
    }
}

/// Answers the GTP commands read from `input` on `output`, one response a
/// command line, until `quit` or the end of the input. A failed command
/// changes nothing and never ends the session; an error reading the
/// input or writing a response ends it early, with that error.
pub fn session(
    engine: &mut Engine,
    input: &mut impl BufRead,
    output: &mut impl Write,
) -> std::io::Result<()> {
    let mut buffer = Vec::new();
    while !engine.quit {
        let response = match read_line(input, &mut buffer)? {
            Line::End => break,
            Line::TooLong => protocol::failure(None, "syntax error: the line is too long"),
            Line::Text => {
                let text = String::from_utf8_lossy(&buffer);
                let Some(clean) = protocol::preprocess(&text) else {
                    continue;
                };
                match protocol::parse(&clean) {
                    Ok(command) => match engine.execute(&command) {
                        Ok(result) => protocol::success(command.id.as_deref(), &result),
                        Err(error) => protocol::failure(command.id.as_deref(), &error.to_string()),
                    },
                    Err(missing) => protocol::failure(
                        Some(&missing.id),
                        "syntax error: no command after the id",
                    ),
                }
            }
        };
        // A response that cannot be written ends the session with the
        // error: the caller tells a closed pipe from a full disk.
        output.write_all(response.as_bytes())?;
        output.flush()?;
    }
    Ok(())
}
