//! One game as a program holds it: the game, its computer player, and
//! the operations every front end offers (the engine protocol, the web
//! playground), each answering in the JSON form and changing nothing when
//! it fails.

use super::protocol::{EngineError, NewGame, SearchRequest};
use crate::action::{ActionInput, ActionTaken};
use crate::catalogue::diagnostics;
use crate::events::{EventForm, events};
use crate::refusal::RefusalForm;
use crate::search::SearchForm;
use crate::state::GameStateForm;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tengen_ai::{AnalysisError, AnalysisPlan, Mcts, Player, ReportEvery, SearchConfig};
use tengen_core::ruleset::Library;
use tengen_core::{Game, Refusal, Rules, Seat, ToAct};

/// The most playouts a choice may be asked to spend.
pub const MAX_PLAYOUTS: u64 = tengen_ai::MAX_PLAYOUTS;

/// The most nodes a held game's search tree keeps: as many as fit in
/// 20 MiB (436,906 nodes of 48 bytes), so a program holding many games
/// holds a bounded amount of search (a 19x19 search fills it after some
/// 20,000 playouts; beyond that its playouts still count, the tree stops
/// growing).
pub const GAME_MAX_NODES: usize = (20 << 20) / tengen_ai::NODE_BYTES;

// The bound is the 20 MiB its documentation promises.
const _: () = assert!(GAME_MAX_NODES * tengen_ai::NODE_BYTES <= 20 << 20);

/// What playing produced: the action(s) taken, their events, and the
/// state after them.
pub type Played<T> = (T, Vec<EventForm>, GameStateForm);

/// A game and its computer player (which keeps its search tree from one
/// choice to the next).
pub struct HeldGame {
    game: Game,
    search: Mcts,
    /// The flag that stops a choice under way (see
    /// [`HeldGame::bound_search`]).
    stop: Option<Arc<AtomicBool>>,
}

/// What the computer player chose.
#[derive(Clone, Debug, PartialEq)]
pub struct AiChoice {
    /// The action.
    pub action: ActionTaken,
    /// Its estimate of the chance to win after it (0 to 1), where it has one.
    pub win_rate: Option<f64>,
    /// The playouts the choice rests on (0 for a choice made by rule).
    pub playouts: u64,
    /// What it did, when it was played.
    pub events: Vec<EventForm>,
}

/// The error of an action the rules refused.
pub fn refused(refusal: &Refusal) -> EngineError {
    EngineError {
        refusal: Some(Box::new(RefusalForm::from(refusal))),
        ..EngineError::new("refused", refusal.to_string())
    }
}

/// The rules a `new-game` request names: a bundled ruleset or a ruleset's
/// text, with options.
pub fn assemble(library: &Library, request: &NewGame) -> Result<Arc<Rules>, EngineError> {
    let assembled = match (&request.ruleset, &request.ruleset_text) {
        (Some(id), None) => {
            if !library.bundled().iter().any(|b| b.id == id.as_str()) {
                let known: Vec<&str> = library.bundled().iter().map(|b| b.id).collect();
                let mut message = format!("`{id}` is not a bundled ruleset");
                if let Some(c) = tengen_core::suggest::closest(id, known.iter().copied()) {
                    message.push_str(&format!("; did you mean `{c}`?"));
                }
                message.push_str(&format!(
                    " (the bundled ones: {}; give a ruleset not bundled as `ruleset_text`)",
                    known.join(", ")
                ));
                return Err(EngineError::new("bad-request", message));
            }
            library.assemble(id, &request.options)
        }
        (None, Some(text)) => library.assemble_text("ruleset_text", text, &request.options),
        _ => {
            return Err(EngineError::new(
                "bad-request",
                "give exactly one of `ruleset` (a bundled ruleset's id) and `ruleset_text` (a ruleset file's text)",
            ));
        }
    };
    assembled.map_err(|d| EngineError {
        diagnostics: Some(diagnostics(&d)),
        ..EngineError::new(
            "ruleset",
            format!(
                "the ruleset does not load: {}",
                d.items.first().map(ToString::to_string).unwrap_or_default()
            ),
        )
    })
}

/// A new game of `rules` from the request's position and first seat, if
/// it gives them.
pub fn start(
    rules: Arc<Rules>,
    position: Option<&[String]>,
    first: Option<Seat>,
) -> Result<Game, EngineError> {
    match position {
        None if first.is_some() => Err(EngineError::new(
            "bad-request",
            "`first` goes with a `position`",
        )),
        None => Ok(Game::new(rules)),
        Some(rows) => {
            let stones = tengen_core::text::read(&rules.geometry, &rows.join("\n"))
                .map_err(|e| EngineError::new("bad-position", e))?;
            Game::from_position(rules, &stones, first)
                .map_err(|r| EngineError::new("bad-position", r.to_string()))
        }
    }
}

impl HeldGame {
    /// Holds `game`, its computer player drawing from `seed`.
    pub fn new(game: Game, seed: u64) -> HeldGame {
        let playouts = tengen_ai::default_playouts(game.rules().geometry.point_count());
        HeldGame {
            game,
            search: Mcts::new(SearchConfig {
                playouts,
                seed,
                max_nodes: GAME_MAX_NODES,
                ..SearchConfig::default()
            }),
            stop: None,
        }
    }

    /// The playouts of a computer player's choice when a request gives
    /// none: [`tengen_ai::default_playouts`] of the board.
    pub fn default_playouts(&self) -> u64 {
        tengen_ai::default_playouts(self.game.rules().geometry.point_count())
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game's state now.
    pub fn state(&self) -> GameStateForm {
        GameStateForm::of(&self.game)
    }

    /// The actions `seat` may take now (by default the seat to act; where
    /// either may, Player 1), and the seat asked about.
    pub fn legal_actions(&self, seat: Option<Seat>) -> (Option<Seat>, Vec<ActionTaken>) {
        let seat = seat.or_else(|| match self.game.to_act() {
            ToAct::Seat(s) => Some(s),
            ToAct::Either => Some(Seat::One),
            ToAct::Nobody => None,
        });
        let geometry = &self.game.rules().geometry;
        let actions = seat
            .map(|s| {
                self.game
                    .legal_actions(s)
                    .into_iter()
                    .map(|a| ActionTaken::new(geometry, s, a))
                    .collect()
            })
            .unwrap_or_default();
        (seat, actions)
    }

    /// Plays one action for `seat` (by default the seat to act): what it
    /// did and the state after it. In a dry run it is played on a copy,
    /// and the game itself never changes, accepted or refused.
    pub fn apply(
        &mut self,
        action: &ActionInput,
        seat: Option<Seat>,
        dry_run: bool,
    ) -> Result<Played<ActionTaken>, EngineError> {
        self.play(dry_run, |game| play_one(game, action, seat))
    }

    /// Plays several actions in order, all or none: the seat of the first
    /// (by default the seat to act) plays them all, and where one cannot
    /// be read or is refused, those before it are taken back and the error
    /// names which it was (from 1). A dry run, as for
    /// [`HeldGame::apply`], lets a page judge a move it is still building
    /// (Enhanced Go's special turn) by the engine's own rules before the
    /// player commits it.
    pub fn apply_all(
        &mut self,
        actions: &[ActionInput],
        seat: Option<Seat>,
        dry_run: bool,
    ) -> Result<Played<Vec<ActionTaken>>, EngineError> {
        self.play(dry_run, |game| play_all(game, actions, seat))
    }

    /// Runs `play` on the game, or in a dry run on a copy of it, and adds
    /// the state it left.
    fn play<T>(
        &mut self,
        dry_run: bool,
        play: impl FnOnce(&mut Game) -> Result<(T, Vec<EventForm>), EngineError>,
    ) -> Result<Played<T>, EngineError> {
        let mut trial;
        let game = if dry_run {
            trial = self.game.clone();
            &mut trial
        } else {
            &mut self.game
        };
        let (taken, events) = play(game)?;
        Ok((taken, events, GameStateForm::of(game)))
    }

    /// Takes back the latest action, where the ruleset allows it.
    pub fn undo(&mut self) -> Result<ActionTaken, EngineError> {
        if !self.game.rules().ruleset.meta.undo {
            return Err(EngineError::new(
                "no-undo",
                format!(
                    "{} allows no take-back: an action once played stands",
                    self.game.rules().ruleset.meta.name
                ),
            ));
        }
        let (seat, action) = self
            .game
            .undo()
            .map_err(|e| EngineError::new("nothing-to-undo", e.to_string()))?;
        Ok(ActionTaken::new(&self.game.rules().geometry, seat, action))
    }

    /// Bounds the computer player's choices: a time limit for each (it
    /// then chooses with what it has), and a flag that stops one under
    /// way once raised, its asker having gone: that choice is then
    /// refused as `cancelled` and nothing is played.
    pub fn bound_search(&mut self, time: Option<Duration>, stop: Option<Arc<AtomicBool>>) {
        self.search.set_time(time);
        self.search.set_stop(stop.clone());
        self.stop = stop;
    }

    /// The computer player's choice for the seat to act (in an agreement
    /// phase, the first seat that has not accepted), spending `playouts`,
    /// played when `apply`.
    pub fn ai_move(&mut self, playouts: u64, apply: bool) -> Result<AiChoice, EngineError> {
        let Some(seat) = tengen_ai::next_actor(&self.game) else {
            return Err(EngineError::new(
                "no-one-to-act",
                "the game is over: nobody has an action to choose",
            ));
        };
        self.search.set_playouts(playouts.clamp(1, MAX_PLAYOUTS));
        let Some(choice) = self.search.choose(&self.game, seat) else {
            return Err(EngineError::new(
                "no-one-to-act",
                format!("{seat} has no action to choose"),
            ));
        };
        if self
            .stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
        {
            return Err(EngineError::new(
                "cancelled",
                "the choice was stopped before it finished; nothing was played",
            ));
        }
        let geometry = Arc::clone(&self.game.rules().geometry);
        let events = if apply {
            let applied = self
                .game
                .apply(seat, choice.action)
                .map_err(|r| refused(&r))?;
            events(&geometry, applied)
        } else {
            Vec::new()
        };
        Ok(AiChoice {
            action: ActionTaken::new(&geometry, seat, choice.action),
            win_rate: choice.win_rate,
            playouts: choice.playouts,
            events,
        })
    }
}

/// The longest an analysis may be asked to search, in seconds.
pub const MAX_ANALYSIS_SECONDS: f64 = 3600.0;

/// The candidates a report gives when a request does not say.
const DEFAULT_CANDIDATES: usize = 10;

impl HeldGame {
    /// Searches the position for the seat to act as `request` says (its
    /// playouts capped at `cap`), calling `report` with the findings after
    /// each `report_every` playouts (it returns false to stop early), and
    /// returns the findings in the end. Nothing is played; the tree is
    /// kept for the next choice or analysis in the position.
    pub fn analyze(
        &mut self,
        request: &SearchRequest,
        cap: u64,
        mut report: impl FnMut(&SearchForm) -> bool,
    ) -> Result<SearchForm, EngineError> {
        let plan = self.plan(request, cap)?;
        let seat = match self.game.to_act() {
            ToAct::Seat(seat) => seat,
            ToAct::Either => {
                return Err(EngineError::new(
                    "not-searched",
                    AnalysisError::Agreement.to_string(),
                ));
            }
            ToAct::Nobody => {
                return Err(EngineError::new(
                    "not-searched",
                    AnalysisError::Over.to_string(),
                ));
            }
        };
        let geometry = Arc::clone(&self.game.rules().geometry);
        let analysis = self
            .search
            .analyze(&self.game, seat, &plan, |a| {
                report(&SearchForm::of(&geometry, a))
            })
            .map_err(|e| EngineError::new("not-searched", e.to_string()))?;
        Ok(SearchForm::of(&geometry, &analysis))
    }

    /// The plan of `request`, checked.
    fn plan(&self, request: &SearchRequest, cap: u64) -> Result<AnalysisPlan, EngineError> {
        let bad = |message: String| EngineError::new("bad-request", message);
        if let Some(p) = request.playouts
            && !(1..=MAX_PLAYOUTS).contains(&p)
        {
            return Err(bad(format!(
                "`search.playouts` must be from 1 to {MAX_PLAYOUTS}, not {p}"
            )));
        }
        let time = match request.seconds {
            Some(s) if !(s > 0.0 && s <= MAX_ANALYSIS_SECONDS) => {
                return Err(bad(format!(
                    "`search.seconds` must be above 0 and at most {MAX_ANALYSIS_SECONDS}, not {s}"
                )));
            }
            Some(s) => Some(Duration::from_secs_f64(s)),
            None => None,
        };
        if request.report_every == Some(0) {
            return Err(bad("`search.report_every` must be at least 1".into()));
        }
        let candidates = request.candidates.unwrap_or(DEFAULT_CANDIDATES);
        if !(1..=1000).contains(&candidates) {
            return Err(bad(format!(
                "`search.candidates` must be from 1 to 1000, not {candidates}"
            )));
        }
        let playouts = request
            .playouts
            .unwrap_or_else(|| self.default_playouts())
            .min(cap);
        Ok(AnalysisPlan {
            candidates,
            ownership: request.ownership,
            playouts,
            time,
            every: ReportEvery::Playouts(request.report_every.unwrap_or(playouts)),
        })
    }
}

/// The seat an action is for: the one given, else the seat to act.
fn seat_for(game: &Game, given: Option<Seat>) -> Result<Seat, EngineError> {
    match (given, game.to_act()) {
        (Some(seat), _) | (None, ToAct::Seat(seat)) => Ok(seat),
        (None, ToAct::Either) => Err(EngineError::new(
            "bad-request",
            "either seat may act now: say which with `seat` (`P1` or `P2`)",
        )),
        (None, ToAct::Nobody) => Err(refused(&Refusal::GameOver)),
    }
}

/// Plays one action for `seat` (by default the seat to act).
fn play_one(
    game: &mut Game,
    action: &ActionInput,
    seat: Option<Seat>,
) -> Result<(ActionTaken, Vec<EventForm>), EngineError> {
    let geometry = Arc::clone(&game.rules().geometry);
    let action = action
        .to_action(&geometry)
        .map_err(|e| EngineError::new("bad-action", e.message))?;
    let seat = seat_for(game, seat)?;
    let applied = game.apply(seat, action).map_err(|r| refused(&r))?;
    let events = events(&geometry, applied);
    Ok((ActionTaken::new(&geometry, seat, action), events))
}

/// Plays several actions in order, all or none: the seat of the first
/// (by default the seat to act) plays them all, and where one cannot
/// be read or is refused, those before it are taken back and the error
/// names which it was (from 1).
fn play_all(
    game: &mut Game,
    actions: &[ActionInput],
    seat: Option<Seat>,
) -> Result<(Vec<ActionTaken>, Vec<EventForm>), EngineError> {
    if actions.is_empty() {
        return Err(EngineError::new("bad-request", "`actions` is empty"));
    }
    let seat = seat_for(game, seat)?;
    let mut taken = Vec::with_capacity(actions.len());
    let mut all_events = Vec::new();
    for (index, action) in actions.iter().enumerate() {
        match play_one(game, action, Some(seat)) {
            Ok((action, events)) => {
                taken.push(action);
                all_events.extend(events);
            }
            Err(mut error) => {
                for _ in 0..index {
                    let _ = game.undo();
                }
                error.message = format!(
                    "action {} of {}: {}; nothing was played",
                    index + 1,
                    actions.len(),
                    error.message
                );
                return Err(error);
            }
        }
    }
    Ok((taken, all_events))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A held game's computer player keeps a bounded tree, whatever a
    /// request asks of it.
    #[test]
    fn a_held_games_search_tree_is_bounded() {
        let rules = tengen_variants::library()
            .assemble("go", &["size=9".into()])
            .expect("go assembles");
        let held = HeldGame::new(Game::new(rules), 1);
        assert_eq!(held.search.config().max_nodes, GAME_MAX_NODES);
    }
}
