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

mod analyze;
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

/// Where command lines come from.
trait Source {
    /// The next line, into `buffer`.
    fn next(&mut self, buffer: &mut Vec<u8>) -> std::io::Result<Line>;
    /// Whether the controller has sent something more (a line, or the end
    /// of its input): a live analysis stops then.
    fn waiting(&mut self) -> bool;
}

/// Lines read as they are asked for. Whether more is waiting cannot be
/// told without blocking, so it is taken to be: an analysis gives one
/// line and ends.
struct Blocking<'a, R>(&'a mut R);

impl<R: BufRead> Source for Blocking<'_, R> {
    fn next(&mut self, buffer: &mut Vec<u8>) -> std::io::Result<Line> {
        read_line(self.0, buffer)
    }

    fn waiting(&mut self) -> bool {
        true
    }
}

/// A line read ahead by the reading thread.
type ReadAhead = std::io::Result<(Line, Vec<u8>)>;

/// Lines read by a thread of their own as they come, so the engine can
/// tell while it analyses whether the controller has sent more.
struct Live {
    lines: std::sync::mpsc::Receiver<ReadAhead>,
    peeked: Option<ReadAhead>,
}

impl Live {
    fn new(mut input: impl BufRead + Send + 'static) -> Live {
        let (send, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            loop {
                let mut buffer = Vec::new();
                let line = read_line(&mut input, &mut buffer);
                let last = !matches!(line, Ok(Line::Text | Line::TooLong));
                if send.send(line.map(|l| (l, buffer))).is_err() || last {
                    break;
                }
            }
        });
        Live {
            lines,
            peeked: None,
        }
    }
}

impl Source for Live {
    fn next(&mut self, buffer: &mut Vec<u8>) -> std::io::Result<Line> {
        let read = match self.peeked.take() {
            Some(read) => read,
            None => self.lines.recv().unwrap_or(Ok((Line::End, Vec::new()))),
        };
        let (line, bytes) = read?;
        *buffer = bytes;
        Ok(line)
    }

    fn waiting(&mut self) -> bool {
        if self.peeked.is_some() {
            return true;
        }
        match self.lines.try_recv() {
            Ok(read) => {
                self.peeked = Some(read);
                true
            }
            Err(std::sync::mpsc::TryRecvError::Empty) => false,
            Err(std::sync::mpsc::TryRecvError::Disconnected) => true,
        }
    }
}

/// Answers the GTP commands read from `input` on `output`, one response a
/// command line, until `quit` or the end of the input. A failed command
/// changes nothing and never ends the session; an error reading the
/// input or writing a response ends it early, with that error. Lines are
/// read only as they are needed, so a live analysis (`lz-analyze`,
/// `kata-analyze`) gives one line and ends; [`session_live`] reads ahead
/// and lets an analysis run until the controller sends more.
pub fn session(
    engine: &mut Engine,
    input: &mut impl BufRead,
    output: &mut impl Write,
) -> std::io::Result<()> {
    run(engine, &mut Blocking(input), output)
}

/// [`session`], with `input` read by a thread of its own, so that a live
/// analysis goes on until the controller sends a line or ends its input
/// (as GUIs expect of `tengen gtp`). The thread ends with the input.
pub fn session_live(
    engine: &mut Engine,
    input: impl BufRead + Send + 'static,
    output: &mut impl Write,
) -> std::io::Result<()> {
    run(engine, &mut Live::new(input), output)
}

fn run(
    engine: &mut Engine,
    input: &mut impl Source,
    output: &mut impl Write,
) -> std::io::Result<()> {
    let mut buffer = Vec::new();
    while !engine.quit {
        let response = match input.next(&mut buffer)? {
            Line::End => break,
            Line::TooLong => protocol::failure(None, "syntax error: the line is too long"),
            Line::Text => {
                let text = String::from_utf8_lossy(&buffer);
                let Some(clean) = protocol::preprocess(&text) else {
                    continue;
                };
                match protocol::parse(&clean) {
                    Ok(command) if analyze::is_analysis(&command.name) => {
                        match analyze::prepare(engine, &command.name, &command.args) {
                            Ok(request) => {
                                // The response opens, gets a line each
                                // interval, and ends with its empty line
                                // once the controller sends more.
                                let id = command.id.as_deref().unwrap_or_default();
                                writeln!(output, "={id}")?;
                                output.flush()?;
                                analyze::run(engine, &request, |line| {
                                    writeln!(output, "{line}")?;
                                    output.flush()?;
                                    Ok(!input.waiting())
                                })?;
                                "\n".to_string()
                            }
                            Err(error) => {
                                protocol::failure(command.id.as_deref(), &error.to_string())
                            }
                        }
                    }
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
