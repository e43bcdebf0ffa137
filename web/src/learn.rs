//! Learn mode: each bundled ruleset's worked examples, taken from the
//! conformance suite, as live puzzles. An example gives its rule in
//! words, a starting position and its steps; the page lets a person try
//! each step's move before the example shows it, and a "show me" plays it.

use serde::Serialize;
use std::sync::{Arc, OnceLock};
use tengen_conformance::Scenario;
use tengen_core::notation::{format_action, parse_line};
use tengen_core::record::{implied_seat, play_line};
use tengen_core::{Colour, Game, Point, Rules, Seat};
use tengen_json::state::BoardForm;

use tengen_conformance::embedded::{RULESET_FILES, SCENARIOS};

/// One step of an example: the line the example plays, and what follows.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct LearnStep {
    /// The line, in the move notation (`E4`, `P1: mark C3`).
    pub(crate) play: String,
    /// The seat that plays it.
    pub(crate) seat: Seat,
    /// Its actions, each in the move notation, in order (what a page
    /// sends to play the step: `{"actions": [...], "seat": ...}`).
    pub(crate) actions: Vec<String>,
    /// Why the step matters, in words.
    pub(crate) note: Option<String>,
    /// Where the step is a demonstration of a refusal: the code the API
    /// refuses its actions with (`suicide`, `repetition`, ...). A person
    /// who tries the same and is refused for that rule has found it.
    pub(crate) refused: Option<String>,
    /// The board after the step (rows from the top, as the state's
    /// `board.rows`): a person's own move that leaves the same board has
    /// found the step.
    pub(crate) board_after: Vec<String>,
}

/// A worked example.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Example {
    /// Its name (the scenario's file name without `.toml`).
    pub(crate) name: String,
    /// Its title, written for players (`Scenario::title_for`).
    pub(crate) title: String,
    /// The rule it shows, in words.
    pub(crate) rule: String,
    /// The rules text and section it comes from, the text by its public
    /// name (title and author).
    pub(crate) source: String,
    /// The bundled ruleset it belongs to.
    pub(crate) ruleset: String,
    /// The rules it is played under: the ruleset's name, or the name of
    /// the test ruleset that varies it (a smaller board, say).
    pub(crate) rules_name: String,
    /// Its options.
    pub(crate) options: Vec<String>,
    /// The starting position (rows from the top), if not the empty board.
    pub(crate) position: Option<Vec<String>>,
    /// The seat given the first placement, if the example names it.
    pub(crate) first: Option<Seat>,
    /// The steps.
    pub(crate) steps: Vec<LearnStep>,
    /// The rules, for starting its game.
    #[serde(skip)]
    rules: Arc<Rules>,
    /// The starting stones.
    #[serde(skip)]
    stones: Vec<(Point, Colour)>,
    /// The scenario, whose steps state the outcomes answers are judged by.
    #[serde(skip)]
    scenario: Scenario,
}

/// An answer to one step: the seat and its actions in the move notation.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Answer {
    pub(crate) seat: Seat,
    pub(crate) actions: Vec<String>,
}

impl Answer {
    /// The answer as one line of the move notation (`P1: A7, A1`).
    fn line(&self) -> String {
        format!("{}: {}", self.seat.short_name(), self.actions.join(", "))
    }
}

impl Example {
    /// A fresh game at the example's start.
    pub(crate) fn start(&self) -> Game {
        Game::from_position(Arc::clone(&self.rules), &self.stones, self.first)
            .expect("the example's start was accepted when it was read")
    }

    /// What the last of `answers` (one a step, from the first) misses of
    /// its step's outcome, the earlier ones played as they were given (a
    /// step that shows a refusal changes nothing, so its answer is not
    /// played): empty for a right answer. An answer is right when it gives
    /// the facts the step states and the later steps still give theirs
    /// (`Scenario::misses`), whatever move it is.
    pub(crate) fn misses(&self, answers: &[Answer]) -> Result<Vec<String>, String> {
        let Some((last, earlier)) = answers.split_last() else {
            return Err("there is no answer to judge".into());
        };
        if answers.len() > self.steps.len() {
            return Err(format!("the example has {} steps", self.steps.len()));
        }
        let geometry = Arc::clone(&self.rules.geometry);
        let mut game = self.start();
        for (i, answer) in earlier.iter().enumerate() {
            if self.steps[i].refused.is_some() {
                continue;
            }
            let line = parse_line(&geometry, &answer.line())
                .map_err(|e| format!("step {}: {e}", i + 1))?;
            play_line(&mut game, &line).map_err(|e| format!("step {}: {e}", i + 1))?;
        }
        let k = earlier.len();
        parse_line(&geometry, &last.line()).map_err(|e| format!("{e}"))?;
        Ok(self.scenario.misses(game, k, &last.line()))
    }
}

/// The rules a scenario names: a bundled ruleset, or one of the test
/// rulesets (`../../rulesets/NAME.toml`), with its options.
fn rules_of(scenario: &Scenario) -> Option<Arc<Rules>> {
    let library = tengen_variants::library();
    if library.bundled().iter().any(|b| b.id == scenario.ruleset) {
        return library.assemble(&scenario.ruleset, &scenario.options).ok();
    }
    let file = scenario.ruleset.rsplit('/').next()?;
    let (name, text) = RULESET_FILES.iter().find(|(name, _)| *name == file)?;
    library.assemble_text(name, text, &scenario.options).ok()
}

/// The example a scenario of the folder `folder` makes, by playing it:
/// `None` for a scenario that does not play (the conformance tests would
/// fail first) or whose rules are not at hand.
fn example(folder: &str, name: &str, text: &str) -> Option<Example> {
    let scenario = Scenario::read_moves(text).ok()?;
    let rules = rules_of(&scenario)?;
    let geometry = Arc::clone(&rules.geometry);
    let stones = match scenario.start.as_deref() {
        Some(start) => tengen_core::text::read(&geometry, start).ok()?,
        None => Vec::new(),
    };
    let first = match scenario.first.as_deref() {
        Some("P1") => Some(Seat::One),
        Some("P2") => Some(Seat::Two),
        _ => None,
    };
    let mut game = Game::from_position(Arc::clone(&rules), &stones, first).ok()?;
    let position = scenario
        .start
        .as_ref()
        .map(|_| BoardForm::of_board(game.board()).rows);
    let mut steps = Vec::new();
    for step in &scenario.steps {
        let line = match parse_line(&geometry, &step.play) {
            Ok(line) => line,
            // A line the notation refuses changes nothing: no step to show.
            Err(_) if step.refused.is_some() => continue,
            Err(_) => return None,
        };
        let seat = match (line.seat, line.actions.first()) {
            (Some(seat), _) => seat,
            (None, Some(&(_, action))) => implied_seat(&game, action).ok()?,
            (None, None) => continue,
        };
        // The code the API refuses the step's actions with, played for
        // its seat (a line without a seat that runs into the opponent's
        // move is refused there as not that seat's turn).
        let refused = step.refused.as_ref().map(|_| {
            let mut trial = game.clone();
            line.actions
                .iter()
                .find_map(|&(_, action)| trial.apply(seat, action).err())
                .map(|r| r.code().to_string())
        });
        let played = play_line(&mut game, &line);
        if played.is_ok() == step.refused.is_some() {
            return None;
        }
        let refused = match refused {
            Some(Some(code)) => Some(code),
            Some(None) => return None,
            None => None,
        };
        steps.push(LearnStep {
            play: step.play.clone(),
            seat,
            actions: line
                .actions
                .iter()
                .map(|&(_, a)| format_action(&geometry, a))
                .collect(),
            note: step.note.clone(),
            refused,
            board_after: BoardForm::of_board(game.board()).rows,
        });
    }
    Some(Example {
        name: name.to_string(),
        title: scenario.title_for(name),
        rule: scenario.rule.trim().to_string(),
        source: tengen_conformance::cite(&scenario.source),
        ruleset: folder.to_string(),
        rules_name: rules.ruleset.meta.name.clone(),
        options: scenario.options.clone(),
        position,
        first,
        steps,
        rules,
        stones,
        scenario,
    })
}

/// Every example of the bundled rulesets' folders, worked out once.
fn all() -> &'static [Example] {
    static EXAMPLES: OnceLock<Vec<Example>> = OnceLock::new();
    EXAMPLES.get_or_init(|| {
        let library = tengen_variants::library();
        SCENARIOS
            .iter()
            .filter(|(folder, _, _)| library.bundled().iter().any(|b| b.id == *folder))
            .filter_map(|(folder, file, text)| {
                example(folder, file.trim_end_matches(".toml"), text)
            })
            .collect()
    })
}

/// The examples of the bundled ruleset `id`.
pub(crate) fn examples(id: &str) -> Vec<Example> {
    all().iter().filter(|e| e.ruleset == id).cloned().collect()
}

/// The example `name` of the ruleset `id`.
pub(crate) fn find(id: &str, name: &str) -> Option<&'static Example> {
    all().iter().find(|e| e.ruleset == id && e.name == name)
}
