//! The messages of the engine protocol: one request a line in, one response
//! a line out, matched by `id`.

use crate::action::{ActionInput, ActionTaken};
use crate::analysis::Analysis;
use crate::catalogue::{Composition, DiagnosticForm, Listing};
use crate::events::EventForm;
use crate::refusal::RefusalForm;
use crate::search::SearchForm;
use crate::state::GameStateForm;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use tengen_core::{Phase, Seat};

/// A request: one JSON object on one line. `id` may be any JSON value; the
/// response carries it back unchanged. A field the command does not take
/// is refused, by the engine and by the schema alike.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
// The command's fields are flattened in, so `additionalProperties` cannot
// say which fields are allowed; `unevaluatedProperties` sees those of the
// command's branch.
#[schemars(extend("unevaluatedProperties" = false))]
pub struct Request {
    /// Anything the client chooses (a number, a string); echoed back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<serde_json::Value>,
    /// The command and its fields.
    #[serde(flatten)]
    pub command: Command,
}

/// What a request asks for, named by its `command` field.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "command", rename_all = "kebab-case")]
pub enum Command {
    /// The bundled rulesets and the registered components.
    ListRulesets,
    /// Starts a game; the response names it (`g1`, `g2`, ...).
    NewGame(NewGame),
    /// The games this process holds.
    Games,
    /// Forgets a game.
    CloseGame(GameRef),
    /// A game's state.
    State(GameRef),
    /// The actions a seat may take now (the seat to act by default; in an
    /// agreement phase, where either may act, Player 1).
    LegalActions(ForSeat),
    /// Plays an action; a refused action changes nothing.
    Apply(Apply),
    /// Plays several actions of one seat, all or none (a whole special
    /// turn, both placements of a move): where one is refused, none is
    /// played.
    ApplyAll(ApplyAll),
    /// Takes back the latest action.
    Undo(GameRef),
    /// Asks the computer player for the seat to act's action, and plays it
    /// unless `apply` is false (a hint).
    AiMove(AiMove),
    /// The game's resolved ruleset and board.
    Composition(GameRef),
    /// The pass-alive strings, the score and the legal placements of the
    /// position now; with `search`, also what the computer player's search
    /// finds there, reported as it goes.
    Analyze(Analyze),
    /// Stops the analysis under way (any request does; this one does
    /// nothing else).
    Stop,
    /// Ends the session (after answering).
    Quit,
}

/// `analyze`: a position's analysis, and optionally a search of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Analyze {
    /// The game.
    pub game: String,
    /// Search the position for the seat to act, as this says: the answer
    /// then carries the search's findings, and while it runs the engine
    /// writes a report line after each `report_every` playouts (see
    /// [`Report`]). The search stops at its budget, or when the next
    /// request line arrives (`stop`, or any other, which is then carried
    /// out). It plays nothing; an `ai-move` in the same position goes on
    /// from its tree.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<SearchRequest>,
}

/// How long an analysis searches, and what it reports.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchRequest {
    /// The playouts the findings rest on (1 to 1,000,000; the board's
    /// default for a choice when not given): the search stops once its
    /// tree holds them, after adding an eighth of them at least.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = super::held::MAX_PLAYOUTS))]
    pub playouts: Option<u64>,
    /// The longest the search runs, in seconds (above 0, at most 3,600);
    /// no limit but the playouts when not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seconds: Option<f64>,
    /// A report line after each this many playouts (at least 1); none
    /// when not given, only the answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1))]
    pub report_every: Option<u64>,
    /// The most candidates a report gives (1 to 1,000; 10 when not
    /// given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 1000))]
    pub candidates: Option<usize>,
    /// Whether reports give who is expected to own each point (false when
    /// not given).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ownership: bool,
}

/// A line the engine writes while an analysis runs, before the request's
/// answer: what the search has found so far.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Report {
    /// The `analyze` request's `id`, as it was written.
    #[schemars(with = "serde_json::Value")]
    pub id: crate::engine::RequestId,
    /// What the search has found.
    pub report: AnalysisReport,
}

/// The findings of a search under way.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct AnalysisReport {
    /// The game analysed.
    pub game: String,
    /// The findings so far.
    pub search: SearchForm,
}

/// `new-game`: the rules and, optionally, a starting position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// A bundled ruleset's id (`go`). Give this or `ruleset_text`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruleset: Option<String>,
    /// A ruleset file's text (TOML), for a ruleset not bundled; its
    /// `extends` may name bundled rulesets only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruleset_text: Option<String>,
    /// Options, as `tengen play --option` takes them (`size=9`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
    /// A starting position: the board's rows from the top, `X` and `O`
    /// for stones, `.` or `+` for empty points (spaces ignored).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<Vec<String>>,
    /// With a position: the seat given the first placement.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<Seat>,
    /// The seed of the computer player's draws (the same seed and the same
    /// actions give the same choices). 1 by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
}

/// A request about one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameRef {
    /// The game, as `new-game` named it.
    pub game: String,
}

/// A request about one game and, optionally, one seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ForSeat {
    /// The game.
    pub game: String,
    /// The seat (the seat to act by default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
}

/// `apply`: an action for a seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Apply {
    /// The game.
    pub game: String,
    /// The action: its JSON form, or the move notation.
    pub action: ActionInput,
    /// Who acts. By default the seat to act; where either seat may act
    /// (an agreement phase) a seat must be given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    /// A dry run: answer with what the action(s) would do and the state
    /// they would leave, and change nothing (false by default).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dry_run: bool,
}

/// `apply-all`: actions of one seat, all or none.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ApplyAll {
    /// The game.
    pub game: String,
    /// The actions, in order: each its JSON form or the move notation.
    pub actions: Vec<ActionInput>,
    /// Who acts. By default the seat to act; where either seat may act a
    /// seat must be given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    /// A dry run: answer with what the action(s) would do and the state
    /// they would leave, and change nothing (false by default).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dry_run: bool,
}

/// `ai-move`: the computer player's choice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AiMove {
    /// The game.
    pub game: String,
    /// Playouts the choice rests on (1 to 1,000,000; 1,000 by default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = super::held::MAX_PLAYOUTS))]
    pub playouts: Option<u64>,
    /// Whether to play the choice (true by default); false asks for a hint.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub apply: Option<bool>,
}

/// The answer to one request.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Response {
    /// The request's `id`, exactly as it was written (a number beyond
    /// 64 bits too), or `null` where it had none or could not be read.
    #[schemars(with = "serde_json::Value")]
    pub id: crate::engine::RequestId,
    /// Whether the request was carried out.
    pub ok: bool,
    /// What it produced, when it was carried out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<Reply>,
    /// Why not, when it was not (nothing changed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<EngineError>,
}

/// What a request produced, tagged by its command.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "command", rename_all = "kebab-case")]
pub enum Reply {
    /// The bundled rulesets and the registered components.
    ListRulesets {
        /// The listing.
        listing: Listing,
    },
    /// The new game and its state.
    NewGame {
        /// The game's name, for later requests.
        game: String,
        /// Its state.
        state: Box<GameStateForm>,
    },
    /// The games held.
    Games {
        /// Each game, oldest first.
        games: Vec<GameEntry>,
    },
    /// The game was forgotten.
    CloseGame {
        /// Its name.
        game: String,
    },
    /// A game's state.
    State {
        /// The game.
        game: String,
        /// Its state.
        state: Box<GameStateForm>,
    },
    /// The legal actions of a seat.
    LegalActions {
        /// The game.
        game: String,
        /// The seat asked about (`null` once the game is over).
        seat: Option<Seat>,
        /// Every action the seat may take now, resignation included where
        /// the ruleset allows it.
        actions: Vec<ActionTaken>,
    },
    /// The action was played (or, in a dry run, would be).
    Apply {
        /// The game.
        game: String,
        /// The action.
        action: ActionTaken,
        /// What it did.
        events: Vec<EventForm>,
        /// The state after it.
        state: Box<GameStateForm>,
        /// True for a dry run: the game was left as it was, and the
        /// action, events and state are what playing it would give.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        dry_run: bool,
    },
    /// The actions were played, all of them (or, in a dry run, would be).
    ApplyAll {
        /// The game.
        game: String,
        /// The actions.
        actions: Vec<ActionTaken>,
        /// What they did, in order.
        events: Vec<EventForm>,
        /// The state after them.
        state: Box<GameStateForm>,
        /// True for a dry run: the game was left as it was, and the
        /// actions, events and state are what playing them would give.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        dry_run: bool,
    },
    /// The latest action was taken back.
    Undo {
        /// The game.
        game: String,
        /// The action taken back.
        undone: ActionTaken,
        /// The state now.
        state: Box<GameStateForm>,
    },
    /// The computer player's choice.
    AiMove {
        /// The game.
        game: String,
        /// The action chosen.
        action: ActionTaken,
        /// The player's estimate of the chance to win after it (0 to 1),
        /// where it has one.
        win_rate: Option<f64>,
        /// The playouts the choice rests on (0 for a choice made by rule).
        playouts: u64,
        /// Whether it was played.
        applied: bool,
        /// What it did, when played.
        events: Vec<EventForm>,
        /// The state now.
        state: Box<GameStateForm>,
    },
    /// A game's rules and board.
    Composition {
        /// The game.
        game: String,
        /// The composition.
        composition: Box<Composition>,
    },
    /// The analysis of a game's position.
    Analyze {
        /// The game.
        game: String,
        /// The analysis.
        analysis: Box<Analysis>,
        /// What the search found, when one was asked for.
        #[serde(skip_serializing_if = "Option::is_none")]
        search: Option<Box<SearchForm>>,
    },
    /// Nothing was under way to stop, or it has stopped (its request was
    /// answered first).
    Stop,
    /// The session ends.
    Quit,
}

/// A game the engine holds.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct GameEntry {
    /// Its name.
    pub game: String,
    /// The ruleset's id.
    pub ruleset: String,
    /// The options applied.
    pub options: Vec<String>,
    /// Its phase.
    pub phase: Phase,
    /// Actions played.
    pub actions: usize,
}

/// Why a request was not carried out. Nothing changed: not the game, not
/// any other game.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct EngineError {
    /// A stable machine-readable code: `malformed-json`, `not-an-object`,
    /// `line-too-long`, `missing-command`, `unknown-command`,
    /// `bad-request` (a field missing, unknown or of the wrong type),
    /// `unknown-game`, `too-many-games`, `ruleset` (the ruleset does not
    /// load: see `diagnostics`), `bad-position`, `bad-action` (an action
    /// that cannot be read), `refused` (the rules refuse the action: see
    /// `refusal`), `nothing-to-undo`, `no-undo` (the ruleset allows no
    /// take-back), `no-one-to-act`, `not-searched` (a position the search
    /// cannot analyse: the game is over, or the players are agreeing on
    /// dead stones).
    pub code: String,
    /// What is wrong, for a person.
    pub message: String,
    /// The rule broken, for `refused`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refusal: Option<Box<RefusalForm>>,
    /// The ruleset's problems, for `ruleset`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub diagnostics: Option<Vec<DiagnosticForm>>,
}

impl EngineError {
    /// An error of `code`.
    pub fn new(code: &str, message: impl Into<String>) -> EngineError {
        EngineError {
            code: code.to_string(),
            message: message.into(),
            refusal: None,
            diagnostics: None,
        }
    }
}
