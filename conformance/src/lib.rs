//! # The tengen conformance suite
//!
//! One scenario file per rule clause, under `conformance/scenarios/<ruleset>/`.
//! A scenario states the rule in its own words, cites the rules text it
//! comes from, names the ruleset and options, optionally sets up a starting
//! diagram, and plays steps (lines of the move notation), each with explicit
//! expectations: accepted or refused (and why), the stones captured, the
//! board, phase, seat to act, marks, score and result after it.
//!
//! The runner is a library so that other tools can run the same files; the
//! test in `tests/conformance.rs` runs every file and snapshots its full
//! trace with insta.
//!
//! ```toml
//! rule = "A stone whose last liberty is taken is removed."
//! source = "seeds/004_1decf00e68f64b56.txt, The basics: Capture"
//! ruleset = "go"
//! options = ["size=9"]
//! start = """
//! . . . . . . . . .
//! ...
//! """
//!
//! [[step]]
//! play = "B1"
//! captured = ["A1"]
//! ```
//!
//! Every capture must be listed: a step without `captured` asserts that it
//! captures nothing (and likewise `self-captured` and `paid`).
//!
//! Every board is stated: a step either gives the whole `board`, or the
//! stones it adds (`placed = { black = ["D4"] }`), and the runner follows
//! the stated board from the start (less `captured`, `self-captured`,
//! `paid` and `dead`, plus `placed`) and fails where the engine's board
//! differs. So a board in a snapshot is never the only record of what the
//! step must do: a changed snapshot board fails the run first.

pub mod answer;
pub mod clauses;
pub mod counts;
pub mod embedded;
pub mod export;
pub mod invariants;
pub mod legal;
pub mod names;
pub mod placeholders;

pub use legal::{LegalExpectation, LegalList};
pub use names::{SOURCES, cite};
pub use placeholders::without_registry_lists;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use tengen_core::game::{Event, RemovalCause};
use tengen_core::notation::parse_line;
use tengen_core::record::play_line;
use tengen_core::ruleset::Library;
use tengen_core::text::{DiagramMarks, describe_result, draw, points, short_result};
use tengen_core::{Colour, Game, Phase, PointSet, Seat, ToAct};

/// A new game of the bundled `ruleset` with `options` (`NAME` or
/// `NAME=VALUE`), for the property and playout tests; panics with the
/// diagnostic if it does not assemble.
pub fn new_game(ruleset: &str, options: &[&str]) -> Game {
    tengen_variants::link();
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    let rules = tengen_variants::library()
        .assemble(ruleset, &options)
        .unwrap_or_else(|d| panic!("{ruleset}: {d}"));
    Game::new(rules)
}

/// The JSON schema of scenario files (draft-07, for TOML editors and
/// porters), committed as `conformance/scenario.schema.json`.
pub fn scenario_schema() -> schemars::Schema {
    schemars::generate::SchemaSettings::draft07()
        .into_generator()
        .into_root_schema_for::<Scenario>()
}

/// The folder of scenario files, for the runner and other tools.
pub const SCENARIOS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios");

/// A scenario file.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Scenario {
    /// A short title for the example (learn mode shows it); the file
    /// name's words where absent.
    pub title: Option<String>,
    /// The rule checked, in the scenario's own words.
    pub rule: String,
    /// The rules text and section it comes from, e.g.
    /// `seeds/004_1decf00e68f64b56.txt, The basics: Capture`.
    pub source: String,
    /// The ids of the clauses it checks, from the clause catalogue
    /// (`conformance/clauses.toml`); the clause test wants at least one.
    #[serde(default)]
    pub clauses: Vec<String>,
    /// A bundled ruleset id, or a ruleset file relative to the scenario.
    pub ruleset: String,
    /// Options, as on the command line (`size=9`).
    #[serde(default)]
    pub options: Vec<String>,
    /// A starting diagram (top row first; `X`, `O`, `.`).
    pub start: Option<String>,
    /// The stones the rules' opening puts on the board before the first
    /// step (fixed handicap stones, a fixed setup), by colour: exactly
    /// these. The stated board starts as `start` plus these.
    pub opening_stones: Option<Stones>,
    /// The seat given the first placement, `P1` or `P2`, if not the
    /// ruleset's choice.
    pub first: Option<String>,
    /// The ruleset with these options must not assemble, and its
    /// diagnostic must contain this text (a combination of options the
    /// rules forbid). Such a scenario has no steps.
    pub refused_options: Option<String>,
    /// The step fields whose values in this file were recorded from
    /// tengen's output (and then read and checked against the rules)
    /// rather than worked out by hand first, e.g. `["placed"]`; the export
    /// marks each expected value with where it came from.
    #[serde(default)]
    pub recorded: Vec<String>,
    /// The complete set of legal actions at the start, before the first
    /// step (see [`legal`]).
    pub legal_at_start: Option<LegalExpectation>,
    /// The steps, in order.
    #[serde(rename = "step", default)]
    pub steps: Vec<Step>,
}

/// One line of actions and what must follow from it.
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Step {
    /// A line of the move notation, e.g. `D4` or `P1: mark C3`.
    pub play: String,
    /// Why the step explains itself, shown in the trace.
    pub note: Option<String>,
    /// The line must be refused with this code (e.g. `suicide`);
    /// otherwise it must be accepted. A line the move notation cannot read
    /// is refused before the game sees it, with the notation's code:
    /// `off-board` for a point name beyond the board's edge, `garbled` for
    /// anything else (a word that is no action, such as `undo`).
    pub refused: Option<String>,
    /// Words the refusal's message must contain (with `refused`): which
    /// earlier position a repetition brings back, say.
    pub refused_because: Option<String>,
    /// The opposing stones the step captures (exactly these).
    pub captured: Option<Vec<String>>,
    /// The mover's own stones the step removes (exactly these).
    pub self_captured: Option<Vec<String>>,
    /// The board after the step (top row first; `X`, `O`, `.`).
    pub board: Option<String>,
    /// The stones on the board after the step that were not there before
    /// it, by colour (exactly these). With `captured`, `self-captured`,
    /// `paid` and `dead` it states the board after every step that has no
    /// `board`: the board before, less the stones those lists remove,
    /// plus these. The run fails when that is not the engine's board, so
    /// no board lives only in a snapshot.
    pub placed: Option<Stones>,
    /// The mover's own stones the step takes off as the payment for a
    /// special turn (exactly these).
    pub paid: Option<Vec<String>>,
    /// The phase after: `opening`, `play`, `agreement` or `over`.
    pub phase: Option<String>,
    /// Who acts after: `P1`, `P2`, `either` or `nobody`.
    pub to_act: Option<String>,
    /// The stones marked dead after the step (exactly these).
    pub marked: Option<Vec<String>>,
    /// The score as it stands after the step.
    pub score: Option<ScoreExpectation>,
    /// The stones each seat has captured so far (its prisoners).
    pub prisoners: Option<PrisonersExpectation>,
    /// The result after the step, in SGF form (`B+3.5`, `W+R`, `0`).
    pub result: Option<String>,
    /// The pass-alive stones of each colour after the step (exactly these),
    /// by the ruleset's life rule (its suicide rule and vital minimum).
    pub pass_alive: Option<Stones>,
    /// The index of the next placement in the schedule after the step (the
    /// state's `placement_index`), or `"none"` before ordinary play.
    pub placement_index: Option<IndexExpectation>,
    /// What the tracker shows after the step: the seats of the next
    /// sixteen placements, as the colours' initials (`R B B R ...`; the
    /// diagram's `X` and `O` where the initials coincide), or `""` before
    /// ordinary play.
    pub tracker: Option<String>,
    /// What the TMS tracker shows after the step: the zero-based index of
    /// the next placement in three hexadecimal digits (`00A`), or `"none"`
    /// before ordinary play.
    pub tracker_index: Option<String>,
    /// The stones the result says were agreed dead and taken off (exactly
    /// these; the game must be over).
    pub dead: Option<Vec<String>>,
    /// The stones the result says decided the game (exactly these; the
    /// game must be over).
    pub deciding: Option<Vec<String>>,
    /// The codes of the notes the step reports (`marking-over`,
    /// `marks-dropped`, ...), exactly these, in order.
    pub reports: Option<Vec<String>>,
    /// The complete set of legal actions after the step: the seat to
    /// act's, or each named seat's (see [`legal`]).
    pub legal: Option<LegalExpectation>,
}

/// An expected placement index: a number, or `"none"` before ordinary
/// play has begun.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IndexExpectation(pub Option<u64>);

impl JsonSchema for IndexExpectation {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "IndexExpectation".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "The index of the next placement, from 0, or \"none\" before ordinary play.",
            "anyOf": [
                { "type": "integer", "minimum": 0 },
                { "const": "none" }
            ]
        })
    }
}

impl<'de> Deserialize<'de> for IndexExpectation {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<IndexExpectation, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            At(u64),
            Word(String),
        }
        match Raw::deserialize(d)? {
            Raw::At(n) => Ok(IndexExpectation(Some(n))),
            Raw::Word(w) if w == "none" => Ok(IndexExpectation(None)),
            Raw::Word(w) => Err(serde::de::Error::custom(format!(
                "placement-index is a number or \"none\", not {w:?}"
            ))),
        }
    }
}

/// Stones named per colour (`black` is the first colour, whatever the
/// ruleset calls it).
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Stones {
    /// The first colour's stones.
    #[serde(default)]
    pub black: Vec<String>,
    /// The second colour's stones.
    #[serde(default)]
    pub white: Vec<String>,
}

/// Expected prisoners, per seat.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PrisonersExpectation {
    /// The stones Player 1 has captured.
    #[serde(rename = "P1")]
    pub one: u32,
    /// The stones Player 2 has captured.
    #[serde(rename = "P2")]
    pub two: u32,
}

/// Expected score totals.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScoreExpectation {
    /// The first colour's total.
    pub black: f64,
    /// The second colour's total.
    pub white: f64,
}

/// What running a scenario produced.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The full trace, for a snapshot.
    pub trace: String,
    /// Expectations that did not hold (empty when the scenario passes).
    pub failures: Vec<String>,
    /// The game as it stood at the start and after each step, for
    /// diagrams (the book's worked examples).
    pub frames: Vec<Frame>,
}

/// The game as it stood at one point of a scenario.
#[derive(Clone, Debug)]
pub struct Frame {
    /// The step just played (0 for the start).
    pub step: usize,
    /// What the step was refused for, as the refusal's code and message.
    pub refusal: Option<(String, String)>,
    /// The board.
    pub board: tengen_core::Board,
    /// The stones the step placed that are still on the board.
    pub last: PointSet,
    /// The stones marked dead.
    pub dead: PointSet,
    /// The phase and who acts, or the result, in words.
    pub status: String,
}

impl Frame {
    /// Whether the step was accepted (the start counts as accepted).
    pub fn accepted(&self) -> bool {
        self.refusal.is_none()
    }

    fn of(game: &Game, step: usize, last: PointSet, refusal: Option<(String, String)>) -> Frame {
        Frame {
            step,
            refusal,
            board: game.board().clone(),
            last,
            dead: game.state().marks().clone(),
            status: status(game),
        }
    }
}

impl Scenario {
    /// Reads a scenario file, checking the fields that have rules of
    /// their own.
    pub fn read(path: &Path) -> Result<Scenario, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let scenario: Scenario =
            toml::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let cites_a_file = SOURCES.iter().any(|(s, _)| scenario.source.starts_with(s));
        if !cites_a_file && scenario.public_title().is_none() {
            return Err(format!(
                "{}: `source` must start with the file it cites, one of {}, or with the title of a public text and a colon (`Sensei's Library, Atari Go: ...`) that the ruleset's `sources` cites the same way",
                path.display(),
                SOURCES
                    .iter()
                    .map(|(s, _)| *s)
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if scenario
            .title
            .as_deref()
            .is_some_and(|t| t.trim().is_empty())
        {
            return Err(format!("{}: a `title` must not be empty", path.display()));
        }
        if scenario.rule.trim().is_empty()
            || scenario.steps.is_empty() != scenario.refused_options.is_some()
        {
            return Err(format!(
                "{}: a scenario states its rule and has steps (or, with `refused-options`, none)",
                path.display()
            ));
        }
        Ok(scenario)
    }

    /// The public text the scenario cites by its title, where it cites no
    /// file of the project's: the `source` up to its first colon
    /// (`Sensei's Library, Atari Go` in `Sensei's Library, Atari Go: the
    /// first to capture wins`). The scenario's ruleset must cite the same
    /// title in its `sources`, which the run checks.
    pub fn public_title(&self) -> Option<&str> {
        if SOURCES.iter().any(|(s, _)| self.source.starts_with(s)) || self.source.contains("seeds/")
        {
            return None;
        }
        let (title, rest) = self.source.split_once(':')?;
        let title = title.trim();
        (!title.is_empty() && !rest.trim().is_empty()).then_some(title)
    }

    /// The ruleset as the library takes it: a bundled id, or the path of a
    /// ruleset file given relative to the scenario's folder `dir`.
    pub fn ruleset_reference(&self, dir: &Path) -> String {
        if self.ruleset.ends_with(".toml") {
            dir.join(&self.ruleset).display().to_string()
        } else {
            self.ruleset.clone()
        }
    }

    /// Runs the scenario. `dir` is the scenario's folder (for ruleset files).
    pub fn run(&self, library: &Library, dir: &Path) -> Outcome {
        self.run_on(library, dir, true)
    }

    /// Runs the scenario on rules
    /// [without their shortcuts](tengen_core::Rules::without_shortcuts):
    /// the trace must be the one [`Scenario::run`] gives.
    pub fn run_without_shortcuts(&self, library: &Library, dir: &Path) -> Outcome {
        self.run_on(library, dir, false)
    }

    fn run_on(&self, library: &Library, dir: &Path, shortcuts: bool) -> Outcome {
        let mut trace = String::new();
        let mut failures = Vec::new();
        let reference = self.ruleset_reference(dir);
        trace.push_str(&format!(
            "rule: {}\nsource: {}\n",
            self.rule.trim(),
            self.source
        ));
        trace.push_str(&format!("ruleset: {}", self.ruleset));
        for o in &self.options {
            trace.push_str(&format!(" --option {o}"));
        }
        trace.push('\n');
        let assembled = if shortcuts {
            library.assemble(&reference, &self.options)
        } else {
            library.assemble_without_shortcuts(&reference, &self.options)
        };
        if let Some(expected) = &self.refused_options {
            match assembled {
                Ok(_) => failures.push(format!(
                    "the options assemble, but must be refused with a diagnostic containing {expected:?}"
                )),
                Err(d) => {
                    let text = d.render(false);
                    trace.push_str(&format!("
refused:
{}
", text.trim_end()));
                    if !text.contains(expected.as_str()) {
                        failures.push(format!(
                            "the options are refused, but the diagnostic does not contain {expected:?}"
                        ));
                    }
                }
            }
            return Outcome {
                trace,
                failures,
                frames: Vec::new(),
            };
        }
        let rules = match assembled {
            Ok(rules) => {
                if let Some(title) = self.public_title() {
                    let cited = rules
                        .ruleset
                        .meta
                        .sources
                        .iter()
                        .any(|s| s.split_once(':').is_some_and(|(t, _)| t.trim() == title));
                    if !cited {
                        failures.push(format!(
                            "the source `{title}` is not among the ruleset's `sources` (an entry `{title}: ...`)"
                        ));
                    }
                }
                rules
            }
            Err(d) => {
                failures.push(format!("the ruleset does not load:\n{d}"));
                return Outcome {
                    trace,
                    failures,
                    frames: Vec::new(),
                };
            }
        };
        let geometry = rules.geometry.clone();
        let stones = match self
            .start
            .as_deref()
            .map(|s| tengen_core::text::read(&geometry, s))
        {
            None => Vec::new(),
            Some(Ok(stones)) => stones,
            Some(Err(e)) => {
                failures.push(format!("start diagram: {e}"));
                return Outcome {
                    trace,
                    failures,
                    frames: Vec::new(),
                };
            }
        };
        let first = match self.first.as_deref() {
            None => None,
            Some(s) => match parse_seat(s) {
                Some(seat) => Some(seat),
                None => {
                    failures.push(format!("first = {s:?}: write P1 or P2"));
                    return Outcome {
                        trace,
                        failures,
                        frames: Vec::new(),
                    };
                }
            },
        };
        let mut game = match Game::from_position(rules, &stones, first) {
            Ok(game) => game,
            Err(e) => {
                failures.push(format!("start position refused: {e}"));
                return Outcome {
                    trace,
                    failures,
                    frames: Vec::new(),
                };
            }
        };
        trace.push_str(&format!("\nstart: {}\n", status(&game)));
        trace.push_str(&board(&game, &PointSet::default()));
        if let Some(index) = game.state().placement_index() {
            trace.push_str(&format!("next placement index: {index}\n"));
        }
        if let Some(expected) = &self.legal_at_start {
            let mut fail = |message: String| failures.push(format!("at the start: {message}"));
            legal::check_legal(&game, expected, &mut trace, &mut fail);
        }
        let mut frames = vec![Frame::of(&game, 0, PointSet::default(), None)];
        let start_facts = facts(&game);
        for (label, value) in &start_facts {
            trace.push_str(&format!("{label}: {value}\n"));
        }
        let mut stated_start = StatedBoard::from_stones(&geometry, stones.iter().copied());
        stated_start.add(self.opening_stones.as_ref());
        let differences = stated_start.differences(&StatedBoard::of(&game), &game);
        if !differences.is_empty() {
            failures.push(format!(
                "the game starts on another board than `start` states: {}",
                differences.join("; ")
            ));
        }
        let mut followed = Some(Followed {
            board: stated_start,
            facts: start_facts,
        });
        for (i, step) in self.steps.iter().enumerate() {
            let n = i + 1;
            frames.push(run_step(
                &mut game,
                n,
                step,
                &mut followed,
                &mut trace,
                &mut failures,
            ));
        }
        Outcome {
            trace,
            failures,
            frames,
        }
    }
}

impl Scenario {
    /// The boards the scenario states, from its own statements alone (no
    /// play): the start, then the board after each step (a step it says
    /// is refused leaves the board as it was). `geometry` is the board the
    /// scenario's rules give.
    pub fn stated_boards(
        &self,
        geometry: &tengen_core::Geometry,
    ) -> Result<Vec<StatedBoard>, String> {
        let start = match self.start.as_deref() {
            None => Vec::new(),
            Some(s) => tengen_core::text::read(geometry, s).map_err(|e| format!("start: {e}"))?,
        };
        let mut board = StatedBoard::from_stones(geometry, start);
        board.add(self.opening_stones.as_ref());
        let mut boards = vec![board.clone()];
        for (i, step) in self.steps.iter().enumerate() {
            if step.refused.is_none() {
                board
                    .follow(geometry, step)
                    .map_err(|e| format!("step {}: {e}", i + 1))?;
            }
            boards.push(board.clone());
        }
        Ok(boards)
    }

    /// Reads a scenario's moves without its checks (for converting a
    /// scenario to another record form, or a skeleton written from one).
    pub fn read_moves(text: &str) -> Result<Scenario, String> {
        toml::from_str(text).map_err(|e| e.to_string())
    }

    /// The game the scenario's steps make: its start, then every step's
    /// line, the steps that must be refused left out (a refused line
    /// changes nothing). An error names the first step that does not play
    /// as the scenario says.
    pub fn play_through(&self, library: &Library, dir: &Path) -> Result<Game, String> {
        let rules = library
            .assemble(&self.ruleset_reference(dir), &self.options)
            .map_err(|d| d.render(false))?;
        let geometry = rules.geometry.clone();
        let mut game = start_game(rules, self.start.as_deref(), self.first.as_deref())?;
        for (i, step) in self.steps.iter().enumerate() {
            let line = match (parse_line(&geometry, &step.play), &step.refused) {
                (Ok(line), _) => line,
                // A line the notation refuses changes nothing.
                (Err(_), Some(_)) => continue,
                (Err(e), None) => return Err(format!("step {}: `{}`: {e}", i + 1, step.play)),
            };
            match (play_line(&mut game, &line), &step.refused) {
                (Ok(_), None) | (Err(_), Some(_)) => {}
                (Ok(_), Some(code)) => {
                    return Err(format!(
                        "step {}: `{}` was to be refused ({code}) but was played",
                        i + 1,
                        step.play
                    ));
                }
                (Err(refusal), None) => {
                    return Err(format!("step {}: {refusal}", i + 1));
                }
            }
        }
        Ok(game)
    }
}

/// A new game on `rules` from the diagram `start` (empty when absent),
/// `first` (`P1` or `P2`) given the first placement where it is set.
pub(crate) fn start_game(
    rules: std::sync::Arc<tengen_core::Rules>,
    start: Option<&str>,
    first: Option<&str>,
) -> Result<Game, String> {
    let stones = match start {
        None => Vec::new(),
        Some(s) => {
            tengen_core::text::read(&rules.geometry, s).map_err(|e| format!("start: {e}"))?
        }
    };
    let first = match first {
        None => None,
        Some(s) => Some(parse_seat(s).ok_or_else(|| format!("first = {s:?}: write P1 or P2"))?),
    };
    Game::from_position(rules, &stones, first)
        .map_err(|e| format!("the start position is refused: {e}"))
}

fn parse_seat(s: &str) -> Option<Seat> {
    match s.to_ascii_uppercase().as_str() {
        "P1" => Some(Seat::One),
        "P2" => Some(Seat::Two),
        _ => None,
    }
}

fn board(game: &Game, last: &PointSet) -> String {
    let marks = DiagramMarks {
        dead: game.state().marks().clone(),
        last: last.clone(),
        coordinates: true,
    };
    draw(game.board(), &marks)
}

fn status(game: &Game) -> String {
    let state = game.state();
    let rules = game.rules();
    let who = |seat: Seat| {
        format!(
            "{} ({})",
            rules.colour_name(state.colour_of(seat)),
            seat.short_name()
        )
    };
    match (state.phase(), game.to_act()) {
        (Phase::Over, _) => match game.result() {
            Some(r) => format!(
                "game over, {} ({})",
                describe_result(rules, state, r),
                short_result(state, r)
            ),
            None => "game over".into(),
        },
        (Phase::Agreement, _) => {
            let accepted: Vec<&str> = Seat::BOTH
                .iter()
                .filter(|&&s| state.accepted()[s])
                .map(|s| s.short_name())
                .collect();
            format!(
                "agreement, either player to act; {} stone(s) marked dead; accepted by {}",
                state.marks().len(),
                if accepted.is_empty() {
                    "nobody".to_string()
                } else {
                    accepted.join(" and ")
                }
            )
        }
        (Phase::Opening, ToAct::Seat(seat)) => format!("opening, {} to act", seat.short_name()),
        (phase, ToAct::Seat(seat)) => format!("{phase}, {} to act", who(seat)),
        (phase, _) => format!("{phase}"),
    }
}

fn names(game: &Game, points: impl IntoIterator<Item = tengen_core::Point>) -> BTreeSet<String> {
    points
        .into_iter()
        .map(|p| game.rules().geometry.name(p))
        .collect()
}

fn expected_names(list: &[String]) -> BTreeSet<String> {
    list.iter().map(|s| s.to_ascii_uppercase()).collect()
}

/// What a run follows from step to step besides the game.
struct Followed {
    /// The board the scenario states.
    board: StatedBoard,
    /// The components' facts as the trace last showed them.
    facts: Vec<(String, String)>,
}

/// The components' facts (the komi, the button's holder, the roles,
/// passes still to serve, ...) with their labels capitalised.
fn facts(game: &Game) -> Vec<(String, String)> {
    game.facts()
        .into_iter()
        .map(|f| {
            let mut label = f.label.chars();
            let label = label
                .next()
                .map(|c| c.to_uppercase().chain(label).collect())
                .unwrap_or_default();
            (label, f.value)
        })
        .collect()
}

/// The board as the scenario's own statements give it: the start, then
/// each step's stated board, or its stated removals and placements. Point
/// names are upper-case.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StatedBoard(pub BTreeMap<String, Colour>);

impl StatedBoard {
    /// The game's board, by point name.
    fn of(game: &Game) -> StatedBoard {
        StatedBoard::from_stones(&game.rules().geometry, game.board().stones())
    }

    fn from_stones(
        geometry: &tengen_core::Geometry,
        stones: impl IntoIterator<Item = (tengen_core::Point, Colour)>,
    ) -> StatedBoard {
        StatedBoard(
            stones
                .into_iter()
                .map(|(p, c)| (geometry.name(p).to_ascii_uppercase(), c))
                .collect(),
        )
    }

    /// Follows a step the scenario says is accepted: its `board` if it
    /// states one, otherwise the board less the stones it states removed
    /// (`captured`, `self-captured`, `paid`, `dead`), plus the stones it
    /// states placed.
    pub fn follow(&mut self, geometry: &tengen_core::Geometry, step: &Step) -> Result<(), String> {
        if let Some(board) = &step.board {
            let stones = tengen_core::text::read(geometry, board)?;
            *self = StatedBoard::from_stones(geometry, stones);
            return Ok(());
        }
        let removed = [&step.captured, &step.self_captured, &step.paid, &step.dead];
        for list in removed.into_iter().flatten() {
            for name in list {
                self.0.remove(&name.to_ascii_uppercase());
            }
        }
        self.add(step.placed.as_ref());
        Ok(())
    }

    /// Puts `stones` on the board.
    fn add(&mut self, stones: Option<&Stones>) {
        if let Some(stones) = stones {
            for (colour, list) in [
                (Colour::Black, &stones.black),
                (Colour::White, &stones.white),
            ] {
                for name in list {
                    self.0.insert(name.to_ascii_uppercase(), colour);
                }
            }
        }
    }

    /// The stones of one colour, by name.
    pub fn of_colour(&self, colour: Colour) -> Vec<String> {
        self.0
            .iter()
            .filter(|(_, c)| **c == colour)
            .map(|(p, _)| p.clone())
            .collect()
    }

    /// The points where `self` and `other` differ, in words.
    fn differences(&self, other: &StatedBoard, game: &Game) -> Vec<String> {
        let say = |c: Option<&Colour>| match c {
            Some(&c) => game.rules().colour_name(c).to_string(),
            None => "empty".to_string(),
        };
        let points: BTreeSet<&String> = self.0.keys().chain(other.0.keys()).collect();
        points
            .into_iter()
            .filter(|p| self.0.get(*p) != other.0.get(*p))
            .map(|p| {
                format!(
                    "{p} is {} (stated {})",
                    say(other.0.get(p)),
                    say(self.0.get(p))
                )
            })
            .collect()
    }
}

/// The stones that are on `after` and were not on `before` (or were of
/// the other colour), as the `placed` list states them.
pub fn placed_between(
    geometry: &tengen_core::Geometry,
    before: &tengen_core::Board,
    after: &tengen_core::Board,
) -> Stones {
    let mut placed = Stones::default();
    for (point, colour) in after.stones() {
        if before.get(point) != Some(colour) {
            let list = match colour {
                Colour::Black => &mut placed.black,
                Colour::White => &mut placed.white,
            };
            list.push(geometry.name(point));
        }
    }
    placed
}

fn run_step(
    game: &mut Game,
    n: usize,
    step: &Step,
    followed: &mut Option<Followed>,
    trace: &mut String,
    failures: &mut Vec<String>,
) -> Frame {
    let judging = followed.is_none();
    let mut fail =
        |message: String| failures.push(format!("step {n} (`{}`): {message}", step.play));
    trace.push_str(&format!("\n{n}. {}", step.play));
    if let Some(note) = &step.note {
        let note: Vec<&str> = note.split_whitespace().collect();
        trace.push_str(&format!("    # {}", note.join(" ")));
    }
    trace.push('\n');
    let before = game.state().clone();
    let line = match parse_line(&game.rules().geometry, &step.play) {
        Ok(line) => line,
        Err(e) => {
            // The notation refuses the line: the game never sees it.
            trace.push_str(&format!("   refused [{}]: {e}\n", e.code));
            refused_as(step, e.code, &e.to_string(), &mut fail);
            if *game.state() != before {
                fail("a refused line changed the game".into());
            }
            let refusal = Some((e.code.to_string(), e.to_string()));
            let frame = Frame::of(game, n, PointSet::default(), refusal);
            check_state(game, step, false, trace, &mut fail);
            return frame;
        }
    };
    let record_before = game.record().len();
    let frame = match play_line(game, &line) {
        Err(refusal) => {
            trace.push_str(&format!(
                "   refused [{}]: {}\n",
                refusal.refusal.code(),
                refusal.refusal
            ));
            let message = refusal.refusal.to_string();
            refused_as(step, refusal.refusal.code(), &message, &mut fail);
            if *game.state() != before {
                fail("a refused line changed the game".into());
            }
            let code = refusal.refusal.code().to_string();
            let reason = Some((code, refusal.refusal.to_string()));
            Frame::of(game, n, PointSet::default(), reason)
        }
        Ok(_) => {
            if let Some(code) = &step.refused {
                fail(format!("accepted, expected a refusal `{code}`"));
            }
            if step.refused.is_none() && step.refused_because.is_some() {
                fail("`refused-because` without `refused`".to_string());
            }
            let StepEvents {
                captured,
                own,
                paid,
                placed,
                notes,
            } = step_events(game, record_before);
            let captured = names(game, captured);
            let own = names(game, own);
            let paid = names(game, paid);
            trace.push_str("   ok");
            if !captured.is_empty() {
                trace.push_str(&format!("; captured {}", join(&captured)));
            }
            if !own.is_empty() {
                trace.push_str(&format!("; self-captured {}", join(&own)));
            }
            if !paid.is_empty() {
                trace.push_str(&format!("; paid {}", join(&paid)));
            }
            trace.push('\n');
            for (code, text) in &notes {
                trace.push_str(&format!("   note [{code}]: {text}\n"));
            }
            if let Some(expected) = &step.reports {
                let actual: Vec<&str> = notes.iter().map(|(code, _)| *code).collect();
                if actual != *expected {
                    fail(format!(
                        "reported [{}], expected [{}]",
                        actual.join(" "),
                        expected.join(" ")
                    ));
                }
            }
            let expected = step
                .captured
                .as_deref()
                .map(expected_names)
                .unwrap_or_default();
            if captured != expected {
                fail(format!(
                    "captured [{}], expected [{}]",
                    join(&captured),
                    join(&expected)
                ));
            }
            // The payment is part of the move, not its outcome: an answer
            // judged against the step (no followed board) may pay with
            // other stones.
            let paid_expected = if judging { None } else { Some(&step.paid) };
            let checks = [
                ("self-captured", &own, Some(&step.self_captured)),
                ("paid", &paid, paid_expected),
            ];
            for (label, actual, expected) in checks {
                let Some(expected) = expected else { continue };
                let expected = expected.as_deref().map(expected_names).unwrap_or_default();
                if *actual != expected {
                    fail(format!(
                        "{label} [{}], expected [{}]",
                        join(actual),
                        join(&expected)
                    ));
                }
            }
            let last: PointSet = placed
                .into_iter()
                .filter(|&p| game.board().get(p).is_some())
                .collect();
            trace.push_str(&format!("   {}\n", status(game)));
            trace.push_str(&board(game, &last));
            Frame::of(game, n, last, None)
        }
    };
    check_state(game, step, frame.accepted(), trace, &mut fail);
    if let Some(Followed {
        board: stated,
        facts: shown,
    }) = followed
        && frame.accepted()
    {
        let now = facts(game);
        for (label, value) in &now {
            if !shown.contains(&(label.clone(), value.clone())) {
                trace.push_str(&format!("   {label}: {value}\n"));
            }
        }
        for (label, _) in shown.iter() {
            if !now.iter().any(|(l, _)| l == label) {
                trace.push_str(&format!("   {label}: no longer reported\n"));
            }
        }
        *shown = now;
        if let Err(e) = stated.follow(&game.rules().geometry, step) {
            fail(format!("expected board: {e}"));
        }
        let actual = StatedBoard::of(game);
        let differences = stated.differences(&actual, game);
        if !differences.is_empty() {
            fail(format!(
                "the board is not the one the step states (its `board`, or the board before with `captured`, `self-captured`, `paid` and `dead` taken off and `placed` put on): {}",
                differences.join("; ")
            ));
            *stated = actual;
        }
    }
    if let Some(expected) = &step.legal {
        legal::check_legal(game, expected, trace, &mut fail);
    }
    frame
}

/// Checks a refusal with `code` and `message` against the step's
/// `refused` and `refused-because`.
fn refused_as(step: &Step, code: &str, message: &str, fail: &mut impl FnMut(String)) {
    if let Some(words) = &step.refused_because
        && !message.contains(words.as_str())
    {
        fail(format!(
            "the refusal says {message:?}, which does not contain {words:?}"
        ));
    }
    match &step.refused {
        Some(expected) if expected == code => {}
        Some(expected) => fail(format!("refused as `{code}`, expected `{expected}`")),
        None => fail(format!("refused ({message}), expected it to be accepted")),
    }
}

/// What the actions of a step reported.
struct StepEvents {
    /// The opposing stones captured.
    captured: Vec<tengen_core::Point>,
    /// The mover's own stones removed.
    own: Vec<tengen_core::Point>,
    /// The mover's own stones paid for a special turn.
    paid: Vec<tengen_core::Point>,
    /// The stones placed.
    placed: Vec<tengen_core::Point>,
    /// The notes, as code and words.
    notes: Vec<(&'static str, String)>,
}

/// What the actions since `from` reported.
fn step_events(game: &Game, from: usize) -> StepEvents {
    let played: Vec<_> = game.record()[from..].to_vec();
    let mut copy = game.clone();
    for _ in &played {
        let _ = copy.undo();
    }
    let (mut captured, mut own, mut paid, mut placed) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut notes = Vec::new();
    for (seat, action) in played {
        let applied = copy
            .apply(seat, action)
            .expect("replaying an accepted action")
            .clone();
        for event in applied.events() {
            match event {
                Event::Removed {
                    cause: RemovalCause::Capture,
                    points,
                    ..
                } => {
                    captured.extend_from_slice(applied.points(*points));
                }
                Event::Removed {
                    cause: RemovalCause::SelfCapture,
                    points,
                    ..
                } => {
                    own.extend_from_slice(applied.points(*points));
                }
                Event::Removed {
                    cause: RemovalCause::Payment,
                    points,
                    ..
                } => {
                    paid.extend_from_slice(applied.points(*points));
                }
                Event::Placed { point, .. } => placed.push(*point),
                Event::Note { code, text, .. } => notes.push((*code, text.clone())),
                _ => {}
            }
        }
    }
    StepEvents {
        captured,
        own,
        paid,
        placed,
        notes,
    }
}

fn join(set: &BTreeSet<String>) -> String {
    set.iter().cloned().collect::<Vec<_>>().join(" ")
}

fn check_state(
    game: &Game,
    step: &Step,
    accepted: bool,
    trace: &mut String,
    fail: &mut impl FnMut(String),
) {
    let state = game.state();
    if let Some(expected) = &step.board {
        match tengen_core::text::read(&game.rules().geometry, expected) {
            Ok(stones) => {
                let actual: Vec<_> = game.board().stones().collect();
                let mut stones = stones;
                stones.sort();
                if actual != stones {
                    fail(format!(
                        "the board differs from the expected board:\n{}",
                        draw(game.board(), &DiagramMarks::default())
                    ));
                }
            }
            Err(e) => fail(format!("expected board: {e}")),
        }
    }
    if let Some(phase) = &step.phase
        && state.phase().to_string() != *phase
    {
        fail(format!("phase is {}, expected {phase}", state.phase()));
    }
    if let Some(who) = &step.to_act {
        let actual = match game.to_act() {
            ToAct::Seat(s) => s.short_name().to_string(),
            ToAct::Either => "either".into(),
            ToAct::Nobody => "nobody".into(),
        };
        if !actual.eq_ignore_ascii_case(who) {
            fail(format!("{actual} is to act, expected {who}"));
        }
    }
    if let Some(marked) = &step.marked {
        let actual = names(game, state.marks().iter());
        let expected = expected_names(marked);
        if actual != expected {
            fail(format!(
                "marked [{}], expected [{}]",
                join(&actual),
                join(&expected)
            ));
        }
    }
    if let Some(score) = step.score {
        let sheet = game.score();
        trace.push_str(&format!(
            "   score now: {} {}, {} {}\n",
            game.rules().colour_name(Colour::Black),
            points(sheet.total[Colour::Black]),
            game.rules().colour_name(Colour::White),
            points(sheet.total[Colour::White])
        ));
        if sheet.total[Colour::Black] != score.black || sheet.total[Colour::White] != score.white {
            fail(format!(
                "score is {} to {}, expected {} to {}",
                points(sheet.total[Colour::Black]),
                points(sheet.total[Colour::White]),
                points(score.black),
                points(score.white)
            ));
        }
    }
    if let Some(expected) = step.prisoners {
        let actual = game.state().prisoners();
        let (one, two) = (actual[Seat::One], actual[Seat::Two]);
        trace.push_str(&format!("   prisoners: P1 {one}, P2 {two}\n"));
        if (one, two) != (expected.one, expected.two) {
            fail(format!(
                "prisoners are P1 {one}, P2 {two}, expected P1 {}, P2 {}",
                expected.one, expected.two
            ));
        }
    }
    if let Some(expected) = &step.pass_alive {
        let rules = game.rules();
        let rule = rules.objective.life_rule(rules);
        for (colour, list) in [
            (Colour::Black, &expected.black),
            (Colour::White, &expected.white),
        ] {
            let actual = names(
                game,
                tengen_core::analysis::pass_alive_stones(game.board(), colour, rule).iter(),
            );
            trace.push_str(&format!(
                "   pass-alive {}: {}\n",
                rules.colour_name(colour),
                if actual.is_empty() {
                    "none".to_string()
                } else {
                    join(&actual)
                }
            ));
            let wanted = expected_names(list);
            if actual != wanted {
                fail(format!(
                    "pass-alive {} stones are [{}], expected [{}]",
                    rules.colour_name(colour),
                    join(&actual),
                    join(&wanted)
                ));
            }
        }
    }
    // Every accepted step shows the next placement's index once play has
    // begun; a refused step only when the scenario asks.
    let index = state.placement_index();
    if (accepted && index.is_some()) || step.placement_index.is_some() {
        trace.push_str(&format!(
            "   next placement index: {}\n",
            index.map_or("none".to_string(), |i| i.to_string())
        ));
    }
    if let Some(expected) = step.placement_index {
        let actual = index;
        if actual != expected.0 {
            let say = |i: Option<u64>| i.map_or("none".to_string(), |i| i.to_string());
            fail(format!(
                "the next placement index is {}, expected {}",
                say(actual),
                say(expected.0)
            ));
        }
    }
    if let Some(expected) = &step.tracker {
        let actual = tengen_core::text::tracker(game);
        trace.push_str(&format!("   tracker: {actual}\n"));
        if actual != *expected {
            fail(format!(
                "the tracker shows {actual:?}, expected {expected:?}"
            ));
        }
    }
    if let Some(expected) = &step.tracker_index {
        let actual =
            tengen_core::text::hex_placement_index(state).unwrap_or_else(|| "none".to_string());
        trace.push_str(&format!("   tracker index: {actual}\n"));
        if actual != *expected {
            fail(format!(
                "the tracker index is {actual}, expected {expected}"
            ));
        }
    }
    if let Some(result) = game.result() {
        for (label, stones) in [
            ("agreed dead", &result.dead),
            ("decided by", &result.deciding),
        ] {
            if !stones.is_empty() {
                trace.push_str(&format!(
                    "   {label}: {}\n",
                    join(&names(game, stones.iter().copied()))
                ));
            }
        }
    }
    for (label, expected, actual) in [
        ("agreed dead", &step.dead, game.result().map(|r| &r.dead)),
        (
            "deciding",
            &step.deciding,
            game.result().map(|r| &r.deciding),
        ),
    ] {
        let Some(expected) = expected else { continue };
        match actual {
            None => fail(format!("the game is not over, expected {label} stones")),
            Some(stones) => {
                let actual = names(game, stones.iter().copied());
                let expected = expected_names(expected);
                if actual != expected {
                    fail(format!(
                        "{label} stones are [{}], expected [{}]",
                        join(&actual),
                        join(&expected)
                    ));
                }
            }
        }
    }
    if let Some(expected) = &step.result {
        match game.result() {
            Some(result) => {
                let actual = short_result(state, result);
                if actual != *expected {
                    fail(format!("result is {actual}, expected {expected}"));
                }
            }
            None => fail(format!("the game is not over, expected result {expected}")),
        }
    }
}
