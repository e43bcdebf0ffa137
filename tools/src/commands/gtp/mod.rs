//! `tengen gtp`: a GTP version 2 engine on standard input and output, for
//! GUIs (GoGui, Sabaki), servers and other engines.
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
pub(crate) mod vertex;

use super::Failure;
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

/// Runs a GTP session of `reference` with `options`, the computer player
/// spending `playouts` a move from `seed`.
pub(crate) fn run(
    reference: &str,
    options: &[String],
    playouts: u64,
    seed: u64,
) -> Result<(), Failure> {
    let rules = super::assemble(reference, options)?;
    let setup = engine::Setup {
        reference: reference.to_string(),
        options: options.to_vec(),
        handicap: None,
    };
    let mut engine = engine::Engine::new(setup, rules, playouts, seed)
        .map_err(|e| Failure::Message(e.to_string()))?;
    let mut input = std::io::stdin().lock();
    let mut output = std::io::stdout().lock();
    let mut buffer = Vec::new();
    while !engine.quit {
        let line = read_line(&mut input, &mut buffer)
            .map_err(|e| Failure::Message(format!("cannot read the input: {e}")))?;
        let response = match line {
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
        if output
            .write_all(response.as_bytes())
            .and_then(|()| output.flush())
            .is_err()
        {
            // The controller has gone: nobody is left to answer.
            break;
        }
    }
    Ok(())
}
