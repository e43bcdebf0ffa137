//! The game: a state machine that plays any assembled ruleset.
//!
//! [`Game::apply`] takes one action from one seat. Placements and passes are
//! played by the core itself (the hot path): the components are consulted
//! at fixed points (the resolver plans the placement, the repetition policy
//! judges the position it creates, then the resolver commits it; when the
//! move ends the resolver may clear, and every component hears of it). Any
//! other action is offered to the components in order until one handles it.
//! A refused action leaves the game exactly as it was.

mod flow;
mod legal;

pub use crate::phase::Phase;
pub use crate::rules::ctx::Ctx;
pub use crate::state::{
    Applied, CurrentMove, EarlierPosition, EndReason, Event, GameResult, GameState, MoveSummary,
    Occurrence, PositionHistory, Refusal, RemovalCause,
};
pub use legal::COMPLETION_BUDGET;

use crate::action::{Action, Argument, ArgumentKind, ComponentAction, Seats};
use crate::board::Board;
use crate::colour::Seat;
use crate::point::Point;
use crate::rules::{Candidate, Judgement, Removals, Rules};
use crate::state::{ComponentKind, ScoreSheet};
use std::sync::Arc;

/// A full game state is kept every this many actions; undo restores the
/// nearest and replays the rest.
const CHECKPOINT_EVERY: usize = 16;

/// The position a game started from: its stones, and the seat given the
/// first placement if not the opening's choice.
type StartPosition = (Vec<(Point, crate::colour::Colour)>, Option<Seat>);

/// What a game holds in memory; see [`Game::memory`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameMemory {
    /// Bytes of the game but for its position history.
    pub game: usize,
    /// Bytes of the position history.
    pub history: usize,
    /// Positions in the history.
    pub positions: usize,
}

/// Who may act now.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ToAct {
    /// This seat.
    Seat(Seat),
    /// Either seat (the agreement phase).
    Either,
    /// Nobody: the game is over.
    Nobody,
}

/// Why [`Game::undo`] did nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UndoError {
    /// No action has been played.
    NothingToUndo,
    /// This game was created without undo (see [`Game::without_undo`]).
    NotKept,
}

impl std::fmt::Display for UndoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            UndoError::NothingToUndo => "there is nothing to undo",
            UndoError::NotKept => "this game keeps no undo history",
        })
    }
}

impl std::error::Error for UndoError {}

/// A game of an assembled ruleset. `clone_from` reuses the memory of the
/// game it overwrites, so a search or a benchmark that restarts from one
/// position allocates nothing.
#[derive(Debug)]
pub struct Game {
    rules: Arc<Rules>,
    start: Arc<StartPosition>,
    state: GameState,
    record: Vec<(Seat, Action)>,
    checkpoints: Vec<GameState>,
    keep_undo: bool,
    /// A copy made to try an action (see [`Game::accepts`]).
    probing: bool,
    /// The search for a way to complete a move that this copy was made
    /// for, if any: it bounds the searches this copy makes in turn.
    search: Option<legal::CompletionSearch>,
    applied: Applied,
    removals: Removals,
    /// The memory of the last backup (see [`GameState::backup`]), reused by
    /// the next, so actions tried on the state allocate nothing.
    spare: Option<Box<GameState>>,
    /// Set only while a placement decided by
    /// [`Game::end_of_move_probe`] is played: its probe has found the end
    /// of the move, should the rest of it be passed, acceptable, so the
    /// checks that follow the placement need not work it out again.
    end_foreseen: bool,
    /// Set only while a placement decided by probes that ends its move is
    /// played (see [`Game::place_if_legal`]): the end of the move as its
    /// probe worked it out, which the end of the move then takes instead
    /// of clearing the board (where the clearing removes nothing) and
    /// judging the position again.
    settled_end: Option<legal::SettledEnd>,
    /// Set only between a placement that does not end its move and the
    /// check for a seat left without moves that follows it, when the
    /// search for the move's completion found a legal way on by probes
    /// alone (see [`Game::commit_placement`]): the check then has its
    /// answer, the same search over the same position.
    completable: bool,
}

impl Clone for Game {
    // A copy does not take the spare backup: it is only memory.
    fn clone(&self) -> Game {
        Game {
            rules: Arc::clone(&self.rules),
            start: Arc::clone(&self.start),
            state: self.state.clone(),
            record: self.record.clone(),
            checkpoints: self.checkpoints.clone(),
            keep_undo: self.keep_undo,
            probing: self.probing,
            search: self.search.clone(),
            applied: self.applied.clone(),
            removals: self.removals.clone(),
            spare: None,
            end_foreseen: false,
            settled_end: None,
            completable: false,
        }
    }

    fn clone_from(&mut self, source: &Game) {
        let Game {
            rules,
            start,
            state,
            record,
            checkpoints,
            keep_undo,
            probing,
            search,
            applied,
            removals,
            spare: _,
            end_foreseen: _,
            settled_end: _,
            completable: _,
        } = source;
        self.rules.clone_from(rules);
        self.start.clone_from(start);
        self.state.clone_from(state);
        self.record.clone_from(record);
        self.checkpoints.clone_from(checkpoints);
        self.keep_undo = *keep_undo;
        self.probing = *probing;
        self.search.clone_from(search);
        self.applied.clone_from(applied);
        self.removals.clone_from(removals);
    }
}

impl Game {
    /// A new game: the opening has set up the board and either begun play
    /// or opened the opening phase.
    pub fn new(rules: Arc<Rules>) -> Game {
        Game::from_position(rules, &[], None)
            .expect("an opening can always be carried out on the empty board")
    }

    /// A new game from a given starting position (for studies and
    /// conformance scenarios): the position replaces the start position.
    /// The opening still runs (its roles, colours and phase hold) but puts
    /// down no setup stones of its own when the position has stones, and
    /// the position counts as the first occurrence. `first`, when given,
    /// takes the first placement instead of the seat the opening chose.
    ///
    /// Refused when a string of the position has no liberty, or when the
    /// opening cannot be carried out on it.
    pub fn from_position(
        rules: Arc<Rules>,
        stones: &[(Point, crate::colour::Colour)],
        first: Option<Seat>,
    ) -> Result<Game, Refusal> {
        let geometry = Arc::clone(&rules.geometry);
        let mut board = Board::new(Arc::clone(&geometry));
        for &(p, colour) in stones {
            if p.index() >= geometry.point_count() {
                return Err(Refusal::OffBoard { index: p.index() });
            }
            if !board.is_empty(p) {
                return Err(Refusal::Occupied(geometry.label(p)));
            }
            board.put_stone(p, colour);
        }
        if let Some((p, _)) = board.stones().find(|&(p, _)| !board.has_liberty(p)) {
            return Err(Refusal::rule(
                "no-liberties",
                format!(
                    "the starting position is impossible: the string at {} has no liberties",
                    geometry.label(p)
                ),
            ));
        }
        let mut state = GameState::new(board);
        // Room for a long game's positions, so playouts allocate nothing.
        state.history = PositionHistory::new(
            rules.repetition.looks_up_boards(),
            rules.repetition.compares_situations(),
        );
        state.history.reserve(2 * geometry.point_count());
        for (kind, component) in rules.components() {
            state.component_states[kind.index()] = component.initial_state();
        }
        state.history.push(Occurrence {
            board: state.board.hash(),
            next_seat: Seat::One,
            move_number: 0,
            within_move: false,
        });
        let mut applied = Applied::default();
        let ctx = Ctx::new(&rules, &mut state, &mut applied, ComponentKind::Opening);
        // A position given replaces the start position, setup stones and
        // all (an empty one is the ordinary start).
        let mut ctx = if stones.is_empty() {
            ctx
        } else {
            ctx.with_position_given()
        };
        rules.opening.start(&mut ctx)?;
        if let (Some(first), Phase::Play) = (first, state.phase) {
            state.slot_seats = [first, first.other()];
            state.current.seat = state.slot_seats[rules.schedule.slot(state.placement).index()];
            state.start_run(|k| rules.schedule.slot(k));
            state.history.set_last_next_seat(state.current.seat);
        }
        let points = geometry.point_count();
        let mut game = Game {
            rules,
            start: Arc::new((stones.to_vec(), first)),
            checkpoints: Vec::new(),
            state,
            record: Vec::new(),
            keep_undo: true,
            probing: false,
            search: None,
            applied: Applied::with_capacity(points),
            removals: Removals::with_capacity(points),
            spare: None,
            end_foreseen: false,
            settled_end: None,
            completable: false,
        };
        game.begin_move()?;
        game.applied.clear();
        game.check_stuck();
        game.checkpoints.push(game.state.clone());
        Ok(game)
    }

    /// A fresh game with the same rules and starting position.
    pub fn restart(&self) -> Game {
        Game::from_position(Arc::clone(&self.rules), &self.start.0, self.start.1)
            .expect("the starting position was accepted before")
    }

    /// The starting position's stones and the seat given the first
    /// placement, as passed to [`Game::from_position`].
    pub fn start(&self) -> (&[(Point, crate::colour::Colour)], Option<Seat>) {
        (&self.start.0, self.start.1)
    }

    /// This game without undo: no record or checkpoints are kept, so play
    /// costs nothing beyond the rules (for playouts and long replays).
    pub fn without_undo(mut self) -> Game {
        self.keep_undo = false;
        self.checkpoints.clear();
        self.record.clear();
        self
    }

    /// A copy of this game's position and state without its record or undo
    /// checkpoints, for searches and analyses that play on from it (cheaper
    /// than a clone followed by [`Game::without_undo`]).
    pub fn copy_without_undo(&self) -> Game {
        Game {
            rules: Arc::clone(&self.rules),
            start: Arc::clone(&self.start),
            state: self.state.clone(),
            record: Vec::new(),
            checkpoints: Vec::new(),
            keep_undo: false,
            probing: self.probing,
            search: self.search.clone(),
            applied: Applied::default(),
            removals: Removals::default(),
            spare: None,
            end_foreseen: false,
            settled_end: None,
            completable: false,
        }
    }

    /// The bytes of memory a copy of this game holds: the game itself (its
    /// state, and its record and checkpoints when it keeps undo) and,
    /// apart, the position history, which grows with every placement. The
    /// rules and the geometry are shared between copies and not counted.
    pub fn memory(&self) -> GameMemory {
        use std::mem::size_of;
        let checkpoints: usize = self
            .checkpoints
            .iter()
            .map(|c| c.bytes_without_history() + c.history.heap_bytes())
            .sum();
        GameMemory {
            game: size_of::<Game>() - size_of::<GameState>()
                + self.state.bytes_without_history()
                + self.record.capacity() * size_of::<(Seat, Action)>()
                + checkpoints
                + self.applied.heap_bytes()
                + (self.removals.opponent.capacity() + self.removals.own.capacity())
                    * size_of::<Point>(),
            history: self.state.history.heap_bytes(),
            positions: self.state.history.len(),
        }
    }

    /// Whether the game keeps what [`Game::undo`] needs.
    pub fn keeps_undo(&self) -> bool {
        self.keep_undo
    }

    /// The assembled rules.
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// The state of the game.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.state.board
    }

    /// The actions played so far, with who played them (empty for a game
    /// without undo).
    pub fn record(&self) -> &[(Seat, Action)] {
        &self.record
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<&GameResult> {
        self.state.result.as_ref()
    }

    /// The score of the board as it stands (marked dead stones removed).
    pub fn score(&self) -> ScoreSheet {
        self.rules.scorer.score(&self.state)
    }

    /// Who may act now.
    pub fn to_act(&self) -> ToAct {
        match self.state.phase {
            Phase::Play => ToAct::Seat(self.state.current.seat),
            Phase::Opening => self
                .rules
                .opening
                .to_act(&self.state)
                .map_or(ToAct::Nobody, ToAct::Seat),
            Phase::Agreement => ToAct::Either,
            Phase::Over => ToAct::Nobody,
        }
    }

    /// The seat owning placement opportunity `k` during play.
    fn seat_at(&self, k: u64) -> Seat {
        self.state.seat_of_slot(self.rules.schedule.slot(k))
    }

    /// What the components report about the game as it stands, in words
    /// (the komi, the button and its holder, the roles, passes still to
    /// serve, a special turn's payment), in the rules' component order.
    pub fn facts(&self) -> Vec<crate::rules::Fact> {
        let mut facts = Vec::new();
        for (_, component) in self.rules.components() {
            component.facts(&self.state, &mut facts);
        }
        facts
    }

    /// Placement opportunities left in the move being made (during play).
    pub fn opportunities_left(&self) -> u64 {
        self.state.opportunities_left()
    }

    /// The seats owning the next `n` placement opportunities, none before
    /// ordinary play has begun (a setup decides who takes the schedule's
    /// first letter).
    pub fn upcoming(&self, n: usize) -> Vec<Seat> {
        if self.state.placement_index().is_none() {
            return Vec::new();
        }
        let extra = self.state.current.extra as usize;
        let seat = self.state.current.seat;
        std::iter::repeat_n(seat, extra.min(n))
            .chain((0..).map(|i| self.seat_at(self.state.placement + i)))
            .take(n)
            .collect()
    }

    /// The actions a plain move means now, as GTP's `play` and an SGF
    /// record's `B`/`W` give one (a placement, or a pass for `None`): in an
    /// agreement phase (Go after two passes) a placement resumes play and
    /// then places, and a pass changes nothing; otherwise the move itself.
    pub fn plain_move(&self, point: Option<Point>) -> Vec<Action> {
        let agreement = self.state.phase == Phase::Agreement;
        match (point, agreement) {
            (None, true) => Vec::new(),
            (None, false) => vec![Action::Pass],
            (Some(p), true) => vec![Action::Resume, Action::Place(p)],
            (Some(p), false) => vec![Action::Place(p)],
        }
    }

    /// Plays `action` for `seat`. Returns what happened, or why the action
    /// was refused; a refused action changes nothing.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<&Applied, Refusal> {
        self.perform(seat, action)?;
        self.record_action(seat, action);
        Ok(&self.applied)
    }

    /// Takes back the last action, restoring the game exactly as it was
    /// before it. Returns the action taken back.
    pub fn undo(&mut self) -> Result<(Seat, Action), UndoError> {
        if !self.keep_undo {
            return Err(UndoError::NotKept);
        }
        let last = self.record.pop().ok_or(UndoError::NothingToUndo)?;
        let n = self.record.len();
        let c = n / CHECKPOINT_EVERY;
        self.checkpoints.truncate(c + 1);
        self.state = self.checkpoints[c].clone();
        for i in c * CHECKPOINT_EVERY..n {
            let (seat, action) = self.record[i];
            let replayed = self.perform(seat, action);
            debug_assert!(
                replayed.is_ok(),
                "replaying an accepted action: {replayed:?}"
            );
        }
        self.applied.clear();
        Ok(last)
    }

    fn perform(&mut self, seat: Seat, action: Action) -> Result<(), Refusal> {
        self.applied.clear();
        self.completable = false;
        if let Some(p) = action.point()
            && p.index() >= self.rules.geometry.point_count()
        {
            return Err(Refusal::OffBoard { index: p.index() });
        }
        if self.state.phase == Phase::Over {
            return Err(Refusal::GameOver);
        }
        // The fast path changes nothing before every check has passed; any
        // other action is played on the state and undone if refused. A
        // copy made to try one action is refreshed before every use, so
        // what a refusal leaves on it is never seen: it keeps no backup.
        let backup = (!self.probing
            && !self.plays_without_backup(action)
            && !self.handled_in_place(seat, action))
        .then(|| self.state.backup(self.spare.take()));
        let move_number = self.state.current.number;
        let outcome = self
            .dispatch(seat, action)
            .and_then(|()| self.after_action(seat, action));
        if let Err(refusal) = outcome {
            if let Some(backup) = backup {
                self.spare = Some(self.state.restore(backup));
            }
            self.applied.clear();
            return Err(refusal);
        }
        if let Some(backup) = backup {
            self.spare = Some(backup.into_spare());
        }
        self.count_action(move_number);
        Ok(())
    }

    /// The bookkeeping after an accepted action: the action count of the
    /// move `move_number` (if it goes on), and the check for a seat left
    /// without moves (unless the placement just played has answered it:
    /// see [`Game::commit_placement`]).
    pub(super) fn count_action(&mut self, move_number: u32) {
        if self.state.phase == Phase::Play && self.state.current.number == move_number {
            self.state.current.actions += 1;
        }
        // After a placement whose move goes on, the search for the move's
        // completion may have answered the check already.
        let answered = std::mem::take(&mut self.completable);
        if !self.probing && !answered {
            self.check_stuck();
        }
    }

    /// Records an accepted action for undo, with a checkpoint every
    /// [`CHECKPOINT_EVERY`] actions.
    #[inline]
    pub(super) fn record_action(&mut self, seat: Seat, action: Action) {
        if self.keep_undo {
            self.record.push((seat, action));
            if self.record.len().is_multiple_of(CHECKPOINT_EVERY) {
                self.checkpoints.push(self.state.clone());
            }
        }
    }

    /// Whether `action` by `seat`, outside play, goes to a component that
    /// handles it in place ([`Component::handles_in_place`]): a refusal
    /// then comes from the checks before the component or from the
    /// component, neither of which changes anything, and nothing after
    /// the component refuses an action that keeps the phase.
    ///
    /// [`Component::handles_in_place`]: crate::rules::Component::handles_in_place
    fn handled_in_place(&self, seat: Seat, action: Action) -> bool {
        self.state.phase != Phase::Play
            && self.rules.takes_shortcuts()
            && self
                .rules
                .components()
                .into_iter()
                .any(|(_, component)| component.handles_in_place(&self.state, seat, action))
    }

    /// Whether `action` is decided before anything changes, so it needs no
    /// backup: a placement or pass during play whose move cannot be
    /// refused at its end, and, for a placement that does not end the
    /// move, a move that can always be finished (by passing the rest).
    pub(super) fn plays_without_backup(&self, action: Action) -> bool {
        self.state.phase == Phase::Play
            && matches!(action, Action::Place(_) | Action::Pass | Action::PassMove)
            && !self.move_end_may_fail()
            && (!matches!(action, Action::Place(_))
                || self.ends_move_after_this()
                || !self.continuation_may_fail())
    }

    /// The seat whose turn it is, where that is not `seat` and `action`
    /// must wait for its turn (not in the agreement phase, nor an action
    /// either seat may take at any time).
    pub(super) fn other_seat_to_act(&self, seat: Seat, action: Action) -> Option<Seat> {
        let either_seat = self.state.phase == Phase::Agreement
            || matches!(action, Action::Component(c) if c.spec.seats == Seats::Either);
        match self.to_act() {
            ToAct::Seat(to_act) if !either_seat && to_act != seat => Some(to_act),
            _ => None,
        }
    }

    fn dispatch(&mut self, seat: Seat, action: Action) -> Result<(), Refusal> {
        let phase = self.state.phase;
        if action == Action::Resign {
            return self.resign(seat);
        }
        if let Action::Component(c) = action {
            self.check_declared(c)?;
        }
        if let Some(to_act) = self.other_seat_to_act(seat, action) {
            return Err(self.out_of_turn(seat, to_act, action));
        }
        self.check_components(seat, action)?;
        if phase == Phase::Play {
            match action {
                Action::Place(p) => return self.play_placement(seat, p),
                Action::Pass => return self.play_pass(seat, false),
                Action::PassMove => return self.play_pass(seat, true),
                _ => {}
            }
        }
        let rules = Arc::clone(&self.rules);
        for (kind, component) in rules.components() {
            let mut ctx = Ctx::new(&rules, &mut self.state, &mut self.applied, kind);
            if let Some(outcome) = component.handle_action(&mut ctx, seat, action) {
                let spent = ctx.spent();
                outcome?;
                let number = self.state.current.number;
                self.spend(spent)?;
                if phase == Phase::Opening && self.state.phase == Phase::Play {
                    self.begin_move()?;
                }
                let continues = phase == Phase::Play
                    && self.state.phase == Phase::Play
                    && self.state.current.number == number
                    && self.state.current.seat == seat;
                if continues && self.continuation_may_fail() && !self.move_can_be_completed(seat) {
                    return Err(Refusal::rule(
                        "no-completion",
                        format!(
                            "after {} the move could not be completed: every way to finish it is refused",
                            crate::notation::format_action(&self.rules.geometry, action)
                        ),
                    ));
                }
                return Ok(());
            }
        }
        Err(Refusal::NotAvailable {
            action: action.kind_name(),
            phase,
        })
    }

    /// Resignation, where the objective allows it: the other seat wins.
    fn resign(&mut self, seat: Seat) -> Result<(), Refusal> {
        if !self.rules.objective.resignation_allowed() {
            return Err(Refusal::rule(
                "no-resignation",
                "resignation is not part of this ruleset",
            ));
        }
        let rules = Arc::clone(&self.rules);
        let mut ctx = Ctx::new(
            &rules,
            &mut self.state,
            &mut self.applied,
            ComponentKind::Objective,
        );
        ctx.finish(GameResult::win(
            seat.other(),
            EndReason::Resignation { seat },
        ));
        Ok(())
    }

    /// Refuses a component's action this ruleset does not have, one taken
    /// outside the phases its declaration names, or one whose argument is
    /// not of the declared kind or range.
    pub(super) fn check_declared(&self, action: ComponentAction) -> Result<(), Refusal> {
        let spec = action.spec;
        if !self.rules.has_action(spec) || !spec.allowed_in(self.state.phase) {
            return Err(Refusal::NotAvailable {
                action: spec.described,
                phase: self.state.phase,
            });
        }
        let fits = match (spec.argument, action.argument) {
            (ArgumentKind::None, Argument::None)
            | (ArgumentKind::Point { .. }, Argument::Point(_)) => true,
            (ArgumentKind::Number { min, max, .. }, Argument::Number(n)) => {
                (min..=max).contains(&n)
            }
            (ArgumentKind::Word { choices, .. }, Argument::Word(i)) => {
                usize::from(i) < choices.len()
            }
            _ => false,
        };
        if fits {
            Ok(())
        } else {
            Err(Refusal::rule(
                "bad-argument",
                format!(
                    "`{}` takes {}",
                    spec.words,
                    crate::notation::argument_in_words(spec.argument)
                ),
            ))
        }
    }

    /// The refusal for an action out of turn: "not your turn" when the seat
    /// to act could take it, "not available" when nobody could.
    fn out_of_turn(&self, seat: Seat, to_act: Seat, action: Action) -> Refusal {
        let core = self.state.phase == Phase::Play
            && matches!(action, Action::Place(_) | Action::Pass | Action::PassMove);
        if core {
            return Refusal::NotYourTurn { seat, to_act };
        }
        let mut trial = self.trial();
        let rules = Arc::clone(&self.rules);
        let handled = rules.components().into_iter().any(|(kind, component)| {
            let mut ctx = Ctx::new(&rules, &mut trial.state, &mut trial.applied, kind);
            component.handle_action(&mut ctx, to_act, action).is_some()
        });
        if handled {
            Refusal::NotYourTurn { seat, to_act }
        } else {
            Refusal::NotAvailable {
                action: action.kind_name(),
                phase: self.state.phase,
            }
        }
    }
}
