//! `tengen engine`: a JSON-lines protocol for programs that keep tengen
//! running. Each line of input is one request (a JSON object with a
//! `command`, and an `id` the response echoes); each gets exactly one line
//! of response, in order. A process holds many games at once, named by
//! `new-game`. A request that cannot be carried out (a malformed line, an
//! unknown game, a field of the wrong type, an action the rules refuse) is
//! answered with an error and changes nothing: neither its game nor any
//! other. See the book's chapter on the JSON interface for a session.

mod held;
mod protocol;
mod request_id;

pub use held::{
    AiChoice, GAME_MAX_NODES, HeldGame, MAX_ANALYSIS_SECONDS, MAX_PLAYOUTS, Played, assemble,
    refused, start,
};
pub use protocol::{
    AiMove, AnalysisReport, Analyze, Apply, ApplyAll, Command, EngineError, ForSeat, GameEntry,
    GameRef, NewGame, Reply, Report, Request, Response, SearchRequest,
};
pub use request_id::RequestId;

use crate::analysis::Analysis;
use crate::catalogue::{Composition, Listing};
use serde::Deserialize;
use serde_json::Value;
use std::io::{self, BufRead, Write};
use tengen_core::Game;
use tengen_core::ruleset::Library;

/// The most games one process holds; `new-game` beyond it is refused
/// until a game is closed.
pub const MAX_GAMES: usize = 1000;

/// The longest request line read, in bytes (a ruleset's text may be up to
/// 1 MiB, and JSON escapes can double it).
pub const MAX_LINE_BYTES: usize = 4 << 20;

/// The commands, as requests name them.
pub const COMMANDS: &[&str] = &[
    "list-rulesets",
    "new-game",
    "games",
    "close-game",
    "state",
    "legal-actions",
    "apply",
    "apply-all",
    "undo",
    "ai-move",
    "composition",
    "analyze",
    "stop",
    "quit",
];

/// A game the engine holds, under its name.
struct Held {
    name: String,
    held: HeldGame,
}

/// The engine's state: the games it holds.
pub struct Engine {
    library: &'static Library,
    games: Vec<Held>,
    created: u64,
    quit: bool,
    /// The most playouts a choice spends, whatever a request asks.
    playout_cap: u64,
}

impl Engine {
    /// An engine with no game, assembling rulesets from `library`.
    pub fn new(library: &'static Library) -> Engine {
        Engine {
            library,
            games: Vec::new(),
            created: 0,
            quit: false,
            playout_cap: MAX_PLAYOUTS,
        }
    }

    /// Spends at most `cap` playouts on any choice, whatever a request
    /// asks (for fuzzing and tests, where a request for a million would
    /// take too long).
    pub fn cap_playouts(&mut self, cap: u64) {
        self.playout_cap = cap.max(1);
    }

    /// The games held, oldest first: each name with its game.
    pub fn games(&self) -> impl Iterator<Item = (&str, &Game)> {
        self.games.iter().map(|h| (h.name.as_str(), h.held.game()))
    }

    /// Whether a `quit` request has been answered.
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// The response to one line of input. An analysis runs to its budget,
    /// and its reports are dropped.
    pub fn respond(&mut self, line: &str) -> Response {
        self.respond_reporting(line, &mut |_| true)
    }

    /// The response to one line of input, handing each report of an
    /// analysis under way to `report`, which answers whether to go on
    /// (false stops the analysis, whose response then follows).
    pub fn respond_reporting(
        &mut self,
        line: &str,
        report: &mut dyn FnMut(Report) -> bool,
    ) -> Response {
        let (id, command) = parse(line);
        let outcome = command.and_then(|command| {
            self.execute(command, &mut |found| {
                report(Report {
                    id: id.clone(),
                    report: found,
                })
            })
        });
        match outcome {
            Ok(reply) => Response {
                id,
                ok: true,
                result: Some(reply),
                error: None,
            },
            Err(error) => Response {
                id,
                ok: false,
                result: None,
                error: Some(error),
            },
        }
    }

    fn held(&mut self, name: &str) -> Result<&mut HeldGame, EngineError> {
        let known = self.games.len();
        self.games
            .iter_mut()
            .find(|h| h.name == name)
            .map(|h| &mut h.held)
            .ok_or_else(|| {
                EngineError::new(
                    "unknown-game",
                    if known == 0 {
                        format!(
                            "there is no game `{name}`: no game is open (start one with `new-game`)"
                        )
                    } else {
                        format!("there is no game `{name}` (`games` lists the open ones)")
                    },
                )
            })
    }

    fn execute(
        &mut self,
        command: Command,
        report: &mut dyn FnMut(AnalysisReport) -> bool,
    ) -> Result<Reply, EngineError> {
        match command {
            Command::ListRulesets => Ok(Reply::ListRulesets {
                listing: Listing::of(self.library),
            }),
            Command::NewGame(request) => self.new_game(&request),
            Command::Games => Ok(Reply::Games {
                games: self
                    .games
                    .iter()
                    .map(|h| {
                        let game = h.held.game();
                        GameEntry {
                            game: h.name.clone(),
                            ruleset: game.rules().ruleset.meta.id.clone(),
                            options: game.rules().ruleset.applied.clone(),
                            phase: game.state().phase(),
                            actions: game.record().len(),
                        }
                    })
                    .collect(),
            }),
            Command::CloseGame(GameRef { game }) => {
                self.held(&game)?;
                self.games.retain(|h| h.name != game);
                Ok(Reply::CloseGame { game })
            }
            Command::State(GameRef { game }) => {
                let held = self.held(&game)?;
                Ok(Reply::State {
                    state: Box::new(held.state()),
                    game,
                })
            }
            Command::LegalActions(ForSeat { game, seat }) => {
                let (seat, actions) = self.held(&game)?.legal_actions(seat);
                Ok(Reply::LegalActions {
                    game,
                    seat,
                    actions,
                })
            }
            Command::Apply(Apply {
                game,
                action,
                seat,
                dry_run,
            }) => {
                let (action, events, state) = self.held(&game)?.apply(&action, seat, dry_run)?;
                Ok(Reply::Apply {
                    action,
                    events,
                    state: Box::new(state),
                    game,
                    dry_run,
                })
            }
            Command::ApplyAll(ApplyAll {
                game,
                actions,
                seat,
                dry_run,
            }) => {
                let (actions, events, state) =
                    self.held(&game)?.apply_all(&actions, seat, dry_run)?;
                Ok(Reply::ApplyAll {
                    actions,
                    events,
                    state: Box::new(state),
                    game,
                    dry_run,
                })
            }
            Command::Undo(GameRef { game }) => {
                let held = self.held(&game)?;
                let undone = held.undo()?;
                Ok(Reply::Undo {
                    undone,
                    state: Box::new(held.state()),
                    game,
                })
            }
            Command::AiMove(request) => self.ai_move(request),
            Command::Composition(GameRef { game }) => {
                let held = self.held(&game)?;
                Ok(Reply::Composition {
                    composition: Box::new(Composition::of(held.game().rules())),
                    game,
                })
            }
            Command::Analyze(Analyze { game, search }) => {
                let cap = self.playout_cap;
                let held = self.held(&game)?;
                let analysis = Box::new(Analysis::of(held.game()));
                let search = match search {
                    Some(request) => Some(Box::new(held.analyze(&request, cap, |found| {
                        report(AnalysisReport {
                            game: game.clone(),
                            search: found.clone(),
                        })
                    })?)),
                    None => None,
                };
                Ok(Reply::Analyze {
                    analysis,
                    game,
                    search,
                })
            }
            Command::Stop => Ok(Reply::Stop),
            Command::Quit => {
                self.quit = true;
                Ok(Reply::Quit)
            }
        }
    }

    fn new_game(&mut self, request: &NewGame) -> Result<Reply, EngineError> {
        if self.games.len() >= MAX_GAMES {
            return Err(EngineError::new(
                "too-many-games",
                format!(
                    "{MAX_GAMES} games are open, the most one process holds: close one first (`close-game`)"
                ),
            ));
        }
        let rules = assemble(self.library, request)?;
        let game = start(rules, request.position.as_deref(), request.first)?;
        self.created += 1;
        let name = format!("g{}", self.created);
        let held = HeldGame::new(game, request.seed.unwrap_or(1));
        let state = Box::new(held.state());
        self.games.push(Held {
            name: name.clone(),
            held,
        });
        Ok(Reply::NewGame { game: name, state })
    }

    fn ai_move(&mut self, request: AiMove) -> Result<Reply, EngineError> {
        let AiMove {
            game,
            playouts,
            apply,
        } = request;
        if let Some(p) = playouts
            && !(1..=MAX_PLAYOUTS).contains(&p)
        {
            return Err(EngineError::new(
                "bad-request",
                format!("`playouts` must be from 1 to {MAX_PLAYOUTS}, not {p}"),
            ));
        }
        let cap = self.playout_cap;
        let held = self.held(&game)?;
        let apply = apply.unwrap_or(true);
        let playouts = playouts.unwrap_or_else(|| held.default_playouts());
        let choice = held.ai_move(playouts.min(cap), apply)?;
        Ok(Reply::AiMove {
            action: choice.action,
            win_rate: choice.win_rate,
            playouts: choice.playouts,
            applied: apply,
            events: choice.events,
            state: Box::new(held.state()),
            game,
        })
    }
}

/// Reads one request line: its id (echoed even when the rest is wrong,
/// `null` where it cannot be read) and its command, or the error to
/// answer with.
fn parse(line: &str) -> (RequestId, Result<Command, EngineError>) {
    let value: Value = match crate::strict::value_from_str(line) {
        Ok(value) => value,
        // A repeated key is valid JSON but not a request: which of the two
        // was meant cannot be known.
        Err(e) if e.is_data() => {
            return (
                RequestId::null(),
                Err(EngineError::new("bad-request", format!("the request: {e}"))),
            );
        }
        Err(e) => {
            return (
                RequestId::null(),
                Err(EngineError::new(
                    "malformed-json",
                    format!("the line is not valid JSON: {e}"),
                )),
            );
        }
    };
    let Value::Object(mut object) = value else {
        return (
            RequestId::null(),
            Err(EngineError::new(
                "not-an-object",
                "a request is a JSON object, e.g. {\"id\": 1, \"command\": \"list-rulesets\"}",
            )),
        );
    };
    object.remove("id");
    (RequestId::of_line(line), command(object))
}

/// The command of a request object (its `id` taken out).
fn command(object: serde_json::Map<String, Value>) -> Result<Command, EngineError> {
    let name = match object.get("command") {
        None => {
            return Err(EngineError::new(
                "missing-command",
                format!(
                    "the request has no `command` (one of: {})",
                    COMMANDS.join(", ")
                ),
            ));
        }
        Some(Value::String(name)) => name.clone(),
        Some(other) => {
            return Err(EngineError::new(
                "bad-request",
                format!("`command` must be a string, not {other}"),
            ));
        }
    };
    if !COMMANDS.contains(&name.as_str()) {
        let mut message = format!("there is no command `{name}`");
        if let Some(c) = tengen_core::suggest::closest(&name, COMMANDS.iter().copied()) {
            message.push_str(&format!("; did you mean `{c}`?"));
        }
        message.push_str(&format!(" (the commands: {})", COMMANDS.join(", ")));
        return Err(EngineError::new("unknown-command", message));
    }
    if matches!(name.as_str(), "list-rulesets" | "games" | "stop" | "quit")
        && let Some(extra) = object.keys().find(|k| *k != "command")
    {
        return Err(EngineError::new(
            "bad-request",
            format!("`{name}` takes no fields, but the request has `{extra}`"),
        ));
    }
    let request = Value::Object(object);
    Command::deserialize(&request).map_err(|e| {
        let message = e.to_string();
        let field = match &request {
            Value::Object(object) => culprit(object, &message),
            _ => None,
        };
        let message = match field {
            Some(field) => format!("`{name}`: `{field}`: {message}"),
            None => format!("`{name}`: {message}"),
        };
        EngineError::new("bad-request", message)
    })
}

/// The field a request's `message` is about, where the message does not
/// name it (a value of the wrong type, or a word not among those allowed):
/// the field whose absence makes the error go, or makes it that field's
/// absence.
fn culprit(object: &serde_json::Map<String, Value>, message: &str) -> Option<String> {
    if !["invalid type", "invalid value", "unknown variant"]
        .iter()
        .any(|start| message.starts_with(start))
    {
        return None;
    }
    object
        .keys()
        .filter(|key| *key != "command")
        .find(|key| {
            let mut without = object.clone();
            without.remove(*key);
            match Command::deserialize(&Value::Object(without)) {
                Ok(_) => true,
                Err(e) => e.to_string() == format!("missing field `{key}`"),
            }
        })
        .cloned()
}

/// A line of input, read with a bound on its length.
enum Line {
    /// A line (without its end).
    Text(String),
    /// A line longer than [`MAX_LINE_BYTES`] (skipped).
    TooLong,
    /// A line that is not UTF-8.
    NotText,
    /// The end of the input.
    End,
}

fn read_line(input: &mut impl BufRead) -> io::Result<Line> {
    let mut bytes = Vec::new();
    let mut too_long = false;
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            if bytes.is_empty() && !too_long {
                return Ok(Line::End);
            }
            break;
        }
        let (chunk, done) = match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => (&buffer[..i], Some(i + 1)),
            None => (buffer, None),
        };
        if !too_long {
            if bytes.len() + chunk.len() > MAX_LINE_BYTES {
                too_long = true;
                bytes = Vec::new();
            } else {
                bytes.extend_from_slice(chunk);
            }
        }
        let used = done.unwrap_or(buffer.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if too_long {
        return Ok(Line::TooLong);
    }
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    Ok(String::from_utf8(bytes).map_or(Line::NotText, Line::Text))
}

/// Where request lines come from.
trait Source {
    /// The next line.
    fn next(&mut self) -> io::Result<Line>;
    /// Whether a line (or the end of the input) has come since: an
    /// analysis under way stops then.
    fn waiting(&mut self) -> bool;
}

/// Lines read as they are asked for: an analysis always runs to its
/// budget.
struct Blocking<'a, R>(&'a mut R);

impl<R: BufRead> Source for Blocking<'_, R> {
    fn next(&mut self) -> io::Result<Line> {
        read_line(self.0)
    }

    fn waiting(&mut self) -> bool {
        false
    }
}

/// Lines read ahead by a thread of their own, so an analysis can tell
/// that the client has sent another request.
struct ReadAhead {
    lines: std::sync::mpsc::Receiver<io::Result<Line>>,
    peeked: Option<io::Result<Line>>,
}

impl ReadAhead {
    fn new(mut input: impl BufRead + Send + 'static) -> ReadAhead {
        let (send, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            loop {
                let line = read_line(&mut input);
                let end = !matches!(line, Ok(Line::Text(_) | Line::TooLong | Line::NotText));
                if send.send(line).is_err() || end {
                    break;
                }
            }
        });
        ReadAhead {
            lines,
            peeked: None,
        }
    }
}

impl Source for ReadAhead {
    fn next(&mut self) -> io::Result<Line> {
        match self.peeked.take() {
            Some(line) => line,
            None => self.lines.recv().unwrap_or(Ok(Line::End)),
        }
    }

    fn waiting(&mut self) -> bool {
        if self.peeked.is_none() {
            match self.lines.try_recv() {
                Ok(line) => self.peeked = Some(line),
                Err(std::sync::mpsc::TryRecvError::Empty) => return false,
                Err(std::sync::mpsc::TryRecvError::Disconnected) => return true,
            }
        }
        // A blank line is skipped, not a request: it stops nothing.
        match &self.peeked {
            Some(Ok(Line::Text(text))) if text.trim().is_empty() => {
                self.peeked = None;
                self.waiting()
            }
            _ => true,
        }
    }
}

/// Runs a session: answers each request line of `input` on `output`, one
/// response line each, until `quit` or the end of the input. Blank lines
/// are skipped. Only an error reading or writing ends it early. Lines are
/// read as they are needed, so an analysis runs to its budget, writing
/// its reports; [`session_live`] lets the next request stop it.
pub fn session(
    engine: &mut Engine,
    input: &mut impl BufRead,
    output: &mut impl Write,
) -> io::Result<()> {
    run(engine, &mut Blocking(input), output)
}

/// [`session`], with `input` read ahead by a thread of its own, so that
/// an analysis under way stops when the next request arrives (which is
/// then answered), as `tengen engine` runs. The thread ends with the
/// input.
pub fn session_live(
    engine: &mut Engine,
    input: impl BufRead + Send + 'static,
    output: &mut impl Write,
) -> io::Result<()> {
    run(engine, &mut ReadAhead::new(input), output)
}

fn run(engine: &mut Engine, input: &mut impl Source, output: &mut impl Write) -> io::Result<()> {
    while !engine.has_quit() {
        let response = match input.next()? {
            Line::End => break,
            Line::Text(text) if text.trim().is_empty() => continue,
            Line::Text(text) => {
                let mut failure = None;
                let response = engine.respond_reporting(&text, &mut |report| {
                    let written = write_line(output, &report);
                    let go_on = written.is_ok() && !input.waiting();
                    if let Err(e) = written {
                        failure = Some(e);
                    }
                    go_on
                });
                if let Some(e) = failure {
                    return Err(e);
                }
                response
            }
            Line::TooLong => error_response(
                "line-too-long",
                format!("the line is longer than {MAX_LINE_BYTES} bytes"),
            ),
            Line::NotText => error_response("malformed-json", "the line is not UTF-8 text".into()),
        };
        write_line(output, &response)?;
    }
    Ok(())
}

/// Writes one JSON line and flushes it.
fn write_line(output: &mut impl Write, value: &impl serde::Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *output, value)?;
    output.write_all(b"\n")?;
    output.flush()
}

fn error_response(code: &str, message: String) -> Response {
    Response {
        id: RequestId::null(),
        ok: false,
        result: None,
        error: Some(EngineError::new(code, message)),
    }
}
