//! The suite as one JSON document (`tengen conformance export`), for
//! engines that are not tengen: every scenario with its rules named by a
//! ruleset and option values (the options each ruleset declares are
//! listed with what they do), every step's line of the move notation and
//! the same actions in the JSON interface's forms, and every expectation
//! spelled out, the board after every step included, as the scenario
//! states it. Each step says which of its expected values were recorded
//! from tengen's output rather than worked out by hand. The document's
//! schema is generated from these types (`conformance/export.schema.json`).

use crate::clauses::Catalogue;
use crate::legal::LegalExpectation;
use crate::{
    IndexExpectation, PrisonersExpectation, SCENARIOS, Scenario, ScoreExpectation, Stones,
};
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::Path;
use tengen_core::notation::parse_line;
use tengen_core::ruleset::Library;
use tengen_core::{Colour, Seat};
use tengen_json::action::ActionForm;

/// The format's name, in every export's `format`.
pub const FORMAT: &str = "tengen-conformance";

/// The format's version; a change that breaks readers raises it.
pub const VERSION: u32 = 1;

/// The whole suite.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub struct Export {
    /// Always `tengen-conformance`.
    pub format: String,
    /// The format's version (1).
    pub version: u32,
    /// The tengen version that wrote the export.
    pub tengen: String,
    /// The rulesets the scenarios play, by id: the bundled ones, and the
    /// suite's test rulesets (each a bundled ruleset with one component
    /// changed, described in words).
    pub rulesets: BTreeMap<String, RulesetEntry>,
    /// The clause catalogue: every clause of every rules text, with the
    /// scenarios that check it.
    pub clauses: Vec<ClauseEntry>,
    /// The scenarios, by folder and file name.
    pub scenarios: Vec<ScenarioEntry>,
}

/// A ruleset the scenarios play.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub struct RulesetEntry {
    /// Its name.
    pub name: String,
    /// One line on what it is.
    pub summary: String,
    /// What it plays, in words (markdown).
    pub docs: String,
    /// The ruleset it extends, changing what its docs say, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extends: Option<String>,
    /// The names of the two colours (first the colour that the
    /// expectations call `black`).
    pub colours: [String; 2],
    /// The public texts it follows.
    pub sources: Vec<String>,
    /// The options it declares, by name.
    pub options: BTreeMap<String, OptionEntry>,
}

/// An option a ruleset declares.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub struct OptionEntry {
    /// What it does, in a line.
    pub summary: String,
    /// More, in markdown.
    pub docs: String,
    /// `switch` (given by name alone), `choice` (one of `choices`) or
    /// `value` (a number or word the rules accept).
    pub form: String,
    /// The values of a choice.
    pub choices: Vec<String>,
    /// The value of a choice the ruleset plays when the option is not
    /// given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default: Option<String>,
    /// The options it cannot be combined with.
    pub conflicts: Vec<String>,
}

/// A clause of a rules text.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub struct ClauseEntry {
    /// Its stable id.
    pub id: String,
    /// The text's public title.
    pub text: String,
    /// The section of the text.
    pub section: String,
    /// `rule`, `option`, `number`, `ending` or `protocol`.
    pub kind: String,
    /// The clause, in tengen's words.
    pub says: String,
    /// The ids of the scenarios that check it.
    pub scenarios: Vec<String>,
}

/// A value an option is given: `true` for a switch, otherwise the value
/// as written.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum OptionValue {
    /// A switch, given.
    Switch(bool),
    /// A choice or a value.
    Value(String),
}

/// One scenario.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub struct ScenarioEntry {
    /// `folder/file` without `.toml`, e.g. `go/snapback`.
    pub id: String,
    /// A short title, if it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The rule it checks, in its own words.
    pub rule: String,
    /// The text and section it cites.
    pub source: String,
    /// The clause ids it checks.
    pub clauses: Vec<String>,
    /// The ruleset's id (a key of the export's `rulesets`).
    pub ruleset: String,
    /// The options given, by name.
    pub options: BTreeMap<String, OptionValue>,
    /// Every point of the board, by name, in the board's order.
    pub points: Vec<String>,
    /// The stones on the board before the first step: the scenario's
    /// start position and the stones the opening puts down.
    pub start: Stones,
    /// The seat given the first placement (`P1`, `P2`), where the scenario
    /// sets it rather than the rules.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first: Option<String>,
    /// Set when the rules with these options must be refused: words the
    /// refusal must contain. Such a scenario has no steps.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused_options: Option<String>,
    /// The complete set of legal actions before the first step, as a
    /// step's `legal`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal_at_start: Option<LegalExpectation>,
    /// The steps, in order; each is tried on the game the steps before it
    /// left (a refused step changes nothing).
    pub steps: Vec<StepEntry>,
}

/// One step: a line of actions and what must follow.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub struct StepEntry {
    /// The line in tengen's move notation.
    pub play: String,
    /// The seat the line names (`P1`, `P2`); otherwise the seat to act
    /// plays it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<String>,
    /// The line's actions in the JSON interface's forms; absent when the
    /// line is not valid notation (the step then expects it refused).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub actions: Option<Vec<ActionForm>>,
    /// Why the step is there, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// What must follow.
    pub expect: Expectation,
    /// The names of the `expect` fields whose values were recorded from
    /// tengen's output (and then read) rather than worked out by hand;
    /// every other stated value was worked out by hand.
    pub recorded: Vec<String>,
}

/// What must follow from a step. Absent fields are not checked; the
/// three lists of removed stones are always checked (empty: none).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub struct Expectation {
    /// The code of the refusal the line must meet; the game must then be
    /// exactly as before. `garbled` and `off-board` are the notation's own
    /// (a line it cannot read, a point name beyond the board): a step that
    /// expects one has no `actions`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
    /// Words tengen's refusal message contains (which earlier position a
    /// repetition brings back, say); for information where messages
    /// differ.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused_because: Option<String>,
    /// The opposing stones captured (an accepted step).
    pub captured: Vec<String>,
    /// The mover's own stones removed for lack of liberties.
    pub self_captured: Vec<String>,
    /// The mover's own stones paid for a special turn.
    pub paid: Vec<String>,
    /// The stones on the board after the step that were not there before.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placed: Option<Stones>,
    /// The whole board after the step, as the scenario states it.
    pub board: Stones,
    /// The phase after: `opening`, `play`, `agreement` or `over`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phase: Option<String>,
    /// Who acts after: `P1`, `P2`, `either` or `nobody`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_act: Option<String>,
    /// The stones marked dead after the step.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub marked: Option<Vec<String>>,
    /// The score totals as they stand.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<ScoreExpectation>,
    /// The stones each seat has captured so far.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prisoners: Option<PrisonersExpectation>,
    /// The result, in SGF form (`B+3.5`, `W+R`, `0`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// The pass-alive stones of each colour.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pass_alive: Option<Stones>,
    /// The next placement's index, or `none` before ordinary play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placement_index: Option<IndexExpectation>,
    /// The stones the result says were agreed dead and taken off.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dead: Option<Vec<String>>,
    /// The stones the result says decided the game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deciding: Option<Vec<String>>,
    /// The codes of the notes the step reports, in order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reports: Option<Vec<String>>,
    /// What the Thue-Morse tracker shows: the seats of the next sixteen
    /// placements as the colours' initials (`R B B R ...`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tracker: Option<String>,
    /// What the TMS tracker shows: the next placement's index in three
    /// hexadecimal digits (`00A`), or `none` before ordinary play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tracker_index: Option<String>,
    /// The complete set of legal actions after the step: placements (as
    /// the points, or as every empty point except some) and the other
    /// actions in the move notation, for the seat to act or per seat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal: Option<LegalExpectation>,
}

impl Serialize for IndexExpectation {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Some(i) => s.serialize_u64(i),
            None => s.serialize_str("none"),
        }
    }
}

/// The JSON schema of the export (draft-07).
pub fn schema() -> schemars::Schema {
    schemars::generate::SchemaSettings::draft07()
        .into_generator()
        .into_root_schema_for::<Export>()
}

/// Every scenario file, as `(folder, file name)`, sorted.
pub fn scenario_files() -> Result<Vec<(String, String)>, String> {
    let mut files = Vec::new();
    let read = |dir: &Path| std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()));
    for folder in read(Path::new(SCENARIOS))?.flatten() {
        if !folder.path().is_dir() {
            continue;
        }
        for file in read(&folder.path())?.flatten() {
            let name = file.file_name().to_string_lossy().into_owned();
            if name.ends_with(".toml") {
                files.push((folder.file_name().to_string_lossy().into_owned(), name));
            }
        }
    }
    files.sort();
    Ok(files)
}

/// The whole suite as an export; an error names the first scenario that
/// cannot be read or whose rules do not assemble.
pub fn export(library: &Library) -> Result<Export, String> {
    let mut rulesets = BTreeMap::new();
    let mut scenarios = Vec::new();
    let mut citing: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (folder, file) in scenario_files()? {
        let dir = Path::new(SCENARIOS).join(&folder);
        let scenario = Scenario::read(&dir.join(&file))?;
        let id = format!("{folder}/{}", file.trim_end_matches(".toml"));
        for clause in &scenario.clauses {
            citing.entry(clause.clone()).or_default().push(id.clone());
        }
        let entry = scenario_entry(library, &dir, &id, &scenario, &mut rulesets)?;
        scenarios.push(entry);
    }
    let clauses = Catalogue::bundled()
        .clauses()
        .map(|(text, clause)| ClauseEntry {
            id: clause.id.clone(),
            text: text.title.clone(),
            section: clause.section.clone(),
            kind: clause.kind.name().to_string(),
            says: clause.says.clone(),
            scenarios: citing.remove(&clause.id).unwrap_or_default(),
        })
        .collect();
    Ok(Export {
        format: FORMAT.to_string(),
        version: VERSION,
        tengen: env!("CARGO_PKG_VERSION").to_string(),
        rulesets,
        clauses,
        scenarios,
    })
}

fn scenario_entry(
    library: &Library,
    dir: &Path,
    id: &str,
    scenario: &Scenario,
    rulesets: &mut BTreeMap<String, RulesetEntry>,
) -> Result<ScenarioEntry, String> {
    let reference = scenario.ruleset_reference(dir);
    let options = scenario
        .options
        .iter()
        .map(|o| match o.split_once('=') {
            Some((name, value)) => (name.to_string(), OptionValue::Value(value.to_string())),
            None => (o.clone(), OptionValue::Switch(true)),
        })
        .collect();
    // The rules as written (a scenario whose options must be refused
    // still names its ruleset), then as the options make them.
    let plain = library
        .assemble(&reference, &[])
        .map_err(|d| format!("{id}: {}", d.render(false)))?;
    let meta = &plain.ruleset.meta;
    rulesets
        .entry(meta.id.clone())
        .or_insert_with(|| ruleset_entry(&plain.ruleset));
    let ruleset = meta.id.clone();
    let rules = match library.assemble(&reference, &scenario.options) {
        Ok(rules) => rules,
        Err(_) if scenario.refused_options.is_some() => plain.clone(),
        Err(d) => return Err(format!("{id}: {}", d.render(false))),
    };
    let geometry = &rules.geometry;
    let boards = scenario
        .stated_boards(geometry)
        .map_err(|e| format!("{id}: {e}"))?;
    let steps = scenario
        .steps
        .iter()
        .zip(boards.iter().skip(1))
        .map(|(step, board)| {
            let line = parse_line(geometry, &step.play).ok();
            let recorded: Vec<String> = scenario
                .recorded
                .iter()
                .filter(|field| match field.as_str() {
                    "placed" => step.placed.is_some(),
                    _ => true,
                })
                .flat_map(|field| match field.as_str() {
                    // The board follows from the placed stones.
                    "placed" => vec![field.clone(), "board".to_string()],
                    _ => vec![field.clone()],
                })
                .collect();
            StepEntry {
                play: step.play.clone(),
                seat: line
                    .as_ref()
                    .and_then(|l| l.seat)
                    .map(|s| s.short_name().to_string()),
                actions: line.map(|l| {
                    l.actions
                        .iter()
                        .map(|(_, a)| ActionForm::of(geometry, *a))
                        .collect()
                }),
                note: step.note.clone(),
                expect: Expectation {
                    refused: step.refused.clone(),
                    refused_because: step.refused_because.clone(),
                    captured: step.captured.clone().unwrap_or_default(),
                    self_captured: step.self_captured.clone().unwrap_or_default(),
                    paid: step.paid.clone().unwrap_or_default(),
                    placed: step.placed.clone(),
                    board: Stones {
                        black: board.of_colour(Colour::Black),
                        white: board.of_colour(Colour::White),
                    },
                    phase: step.phase.clone(),
                    to_act: step.to_act.clone(),
                    marked: step.marked.clone(),
                    score: step.score,
                    prisoners: step.prisoners,
                    result: step.result.clone(),
                    pass_alive: step.pass_alive.clone(),
                    placement_index: step.placement_index,
                    dead: step.dead.clone(),
                    deciding: step.deciding.clone(),
                    reports: step.reports.clone(),
                    tracker: step.tracker.clone(),
                    tracker_index: step.tracker_index.clone(),
                    legal: step.legal.clone(),
                },
                recorded,
            }
        })
        .collect();
    let start = &boards[0];
    Ok(ScenarioEntry {
        id: id.to_string(),
        title: scenario.title.clone(),
        rule: scenario.rule.trim().to_string(),
        source: scenario.source.clone(),
        clauses: scenario.clauses.clone(),
        ruleset,
        options,
        points: geometry.points().map(|p| geometry.name(p)).collect(),
        start: Stones {
            black: start.of_colour(Colour::Black),
            white: start.of_colour(Colour::White),
        },
        first: scenario
            .first
            .as_deref()
            .map(|f| f.to_ascii_uppercase())
            .filter(|f| f == Seat::One.short_name() || f == Seat::Two.short_name()),
        refused_options: scenario.refused_options.clone(),
        legal_at_start: scenario.legal_at_start.clone(),
        steps,
    })
}

fn ruleset_entry(ruleset: &tengen_core::ruleset::ResolvedRuleset) -> RulesetEntry {
    let meta = &ruleset.meta;
    let options = ruleset
        .options
        .iter()
        .map(|(name, spec)| {
            let form = match spec.form() {
                Some(tengen_core::ruleset::OptionForm::Switch) => "switch",
                Some(tengen_core::ruleset::OptionForm::Choice) => "choice",
                _ => "value",
            };
            let choices = spec
                .choices
                .as_ref()
                .map(|c| c.keys().cloned().collect())
                .unwrap_or_default();
            let entry = OptionEntry {
                summary: spec.summary.clone(),
                docs: spec.docs.clone(),
                form: form.to_string(),
                choices,
                default: spec.default.clone(),
                conflicts: spec.conflicts.clone(),
            };
            (name.clone(), entry)
        })
        .collect();
    RulesetEntry {
        name: meta.name.clone(),
        summary: meta.summary.clone(),
        docs: meta.docs.clone(),
        extends: meta.extends.clone(),
        colours: meta.colours.clone(),
        sources: meta.sources.clone(),
        options,
    }
}
