//! The game: a state machine that plays any assembled ruleset.
//!
//! [`Game::apply`] takes one action from one seat. Placements and passes are
//! played by the core itself (the hot path): the components are consulted
//! at fixed points (the resolver plans the placement, the repetition policy
//! judges the position it creates, then the resolver commits it; when the
//! move ends the resolver may clear, and every component hears of it). Any
//! other action is offered to the components in order until one handles it.
//! A refused action leaves the game exactly as it was.

mod ctx;
mod event;
mod history;
mod refusal;
mod result;
mod state;

pub use ctx::Ctx;
pub use event::{Applied, Event, RemovalCause};
pub use history::{Occurrence, PositionHistory};
pub use refusal::{EarlierPosition, Refusal};
pub use result::{EndReason, GameResult};
pub use state::{CurrentMove, GameState, MoveSummary, Phase};

use crate::action::Action;
use crate::board::Board;
use crate::colour::Seat;
use crate::point::Point;
use crate::rules::{Candidate, ComponentKind, Judgement, Removals, Rules, ScoreSheet};
use std::sync::Arc;

/// A full game state is kept every this many actions; undo restores the
/// nearest and replays the rest.
const CHECKPOINT_EVERY: usize = 16;

/// The longest run of opportunities a move may have (a guard against a
/// schedule that never hands over).
const MAX_MOVE_LENGTH: u64 = 4096;

/// The position a game started from: its stones, and the seat given the
/// first placement if not the opening's choice.
type StartPosition = (Vec<(Point, crate::Colour)>, Option<Seat>);

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

/// A game of an assembled ruleset.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Arc<Rules>,
    start: Arc<StartPosition>,
    state: GameState,
    record: Vec<(Seat, Action)>,
    checkpoints: Vec<GameState>,
    keep_undo: bool,
    applied: Applied,
    removals: Removals,
}

impl Game {
    /// A new game: the opening has set up the board and either begun play
    /// or opened the opening phase.
    pub fn new(rules: Arc<Rules>) -> Game {
        Game::from_position(rules, &[], None)
            .expect("an opening can always be carried out on the empty board")
    }

    /// A new game from a given starting position (for studies and
    /// conformance scenarios): the stones are set before the opening runs,
    /// and the position counts as the first occurrence. `first`, when given,
    /// takes the first placement instead of the seat the opening chose.
    ///
    /// Refused when a string of the position has no liberty, or when the
    /// opening cannot be carried out on it.
    pub fn from_position(
        rules: Arc<Rules>,
        stones: &[(Point, crate::Colour)],
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
        state.history.reserve(4 * geometry.point_count());
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
        rules.opening.start(&mut Ctx::new(
            &rules,
            &mut state,
            &mut applied,
            ComponentKind::Opening,
        ))?;
        if let (Some(first), Phase::Play) = (first, state.phase) {
            state.slot_seats = [first, first.other()];
            state.current.seat = state.slot_seats[rules.schedule.slot(state.placement).index()];
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
            applied: Applied::with_capacity(points),
            removals: Removals::with_capacity(points),
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
    pub fn start(&self) -> (&[(Point, crate::Colour)], Option<Seat>) {
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
        self.state.slot_seats[self.rules.schedule.slot(k).index()]
    }

    /// Placement opportunities left in the move being made (during play).
    pub fn opportunities_left(&self) -> u64 {
        if self.state.phase != Phase::Play {
            return 0;
        }
        let seat = self.state.current.seat;
        let run = (0..MAX_MOVE_LENGTH)
            .take_while(|&i| self.seat_at(self.state.placement + i) == seat)
            .count() as u64;
        run + u64::from(self.state.current.extra)
    }

    /// The seats owning the next `n` placement opportunities.
    pub fn upcoming(&self, n: usize) -> Vec<Seat> {
        let extra = self.state.current.extra as usize;
        let seat = self.state.current.seat;
        std::iter::repeat_n(seat, extra.min(n))
            .chain((0..).map(|i| self.seat_at(self.state.placement + i)))
            .take(n)
            .collect()
    }

    /// Plays `action` for `seat`. Returns what happened, or why the action
    /// was refused; a refused action changes nothing.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<&Applied, Refusal> {
        self.perform(seat, action)?;
        if self.keep_undo {
            self.record.push((seat, action));
            if self.record.len().is_multiple_of(CHECKPOINT_EVERY) {
                self.checkpoints.push(self.state.clone());
            }
        }
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
        if let Some(p) = action.point()
            && p.index() >= self.rules.geometry.point_count()
        {
            return Err(Refusal::OffBoard { index: p.index() });
        }
        if self.state.phase == Phase::Over {
            return Err(Refusal::GameOver);
        }
        let fast = self.state.phase == Phase::Play
            && matches!(action, Action::Place(_) | Action::Pass | Action::PassMove)
            && !self.rules.resolver.clears_at_move_end();
        let backup = (!fast).then(|| self.state.clone());
        if let Err(refusal) = self.dispatch(seat, action) {
            if let Some(state) = backup {
                self.state = state;
            }
            self.applied.clear();
            return Err(refusal);
        }
        if self.state.phase == Phase::Play {
            self.state.current.actions += 1;
        }
        self.check_stuck();
        Ok(())
    }

    fn dispatch(&mut self, seat: Seat, action: Action) -> Result<(), Refusal> {
        let phase = self.state.phase;
        if action != Action::Resign
            && phase != Phase::Agreement
            && let ToAct::Seat(to_act) = self.to_act()
            && to_act != seat
        {
            return Err(self.out_of_turn(seat, to_act, action));
        }
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
                self.spend(spent)?;
                if phase == Phase::Opening && self.state.phase == Phase::Play {
                    self.begin_move()?;
                }
                return Ok(());
            }
        }
        Err(Refusal::NotAvailable {
            action: action.kind_name(),
            phase,
        })
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

    /// Asks every component whether it vetoes `action`.
    fn check_components(&self, seat: Seat, action: Action) -> Result<(), Refusal> {
        for (_, component) in self.rules.components() {
            component.check_action(&self.state, seat, action)?;
        }
        Ok(())
    }

    /// Whether the opportunity about to be used is the last of the move,
    /// and the seat that acts after it.
    fn after_this_opportunity(&self) -> (bool, Seat) {
        if self.ends_move_after_this() {
            (true, self.seat_at(self.state.placement + 1))
        } else {
            (false, self.state.current.seat)
        }
    }

    /// Whether the opportunity about to be used is the last of the move.
    fn ends_move_after_this(&self) -> bool {
        self.state.current.extra == 0
            && self.seat_at(self.state.placement + 1) != self.state.current.seat
    }

    /// Checks a placement without changing anything; returns the plan and
    /// the repetition judgement.
    fn check_placement(
        &self,
        seat: Seat,
        point: Point,
    ) -> Result<(crate::rules::PlacementPlan, bool), Refusal> {
        self.check_components(seat, Action::Place(point))?;
        let colour = self.state.colours[seat];
        let plan = self.rules.resolver.plan(&self.state.board, colour, point)?;
        let mut draw = false;
        if let Some(hash) = plan.position {
            let (ends_move, next_seat) = self.after_this_opportunity();
            let candidate = Candidate {
                board: hash,
                next_seat,
                ends_move,
                move_start: self.state.current.history_start,
            };
            match self.rules.repetition.judge(&self.state.history, &candidate) {
                Judgement::Allow => {}
                Judgement::Draw => draw = true,
                Judgement::Refuse { earlier } => {
                    return Err(self.repetition_refusal(Some(point), earlier));
                }
            }
        }
        Ok((plan, draw))
    }

    fn repetition_refusal(&self, point: Option<Point>, earlier: usize) -> Refusal {
        let occurrence = self.state.history.get(earlier).copied();
        Refusal::Repetition {
            point: point.map(|p| self.rules.geometry.label(p)),
            rule: self.rules.repetition.rule_name(),
            earlier: match occurrence {
                _ if earlier == 0 => EarlierPosition::Start,
                None => EarlierPosition::Start,
                Some(o) if o.move_number == 0 => EarlierPosition::Setup,
                Some(o) if o.within_move => EarlierPosition::DuringMove(o.move_number),
                Some(o) => EarlierPosition::AfterMove(o.move_number),
            },
        }
    }

    fn play_placement(&mut self, seat: Seat, point: Point) -> Result<(), Refusal> {
        let (plan, draw) = self.check_placement(seat, point)?;
        let colour = self.state.colours[seat];
        self.removals.clear();
        self.rules.resolver.commit(
            &mut self.state.board,
            colour,
            point,
            &plan,
            &mut self.removals,
        );
        self.applied.push(Event::Placed {
            seat,
            colour,
            point,
        });
        self.record_removals(colour, seat);
        if let Some(hash) = plan.position {
            let (ends_move, next_seat) = self.after_this_opportunity();
            self.state.history.push(Occurrence {
                board: hash,
                next_seat,
                move_number: self.state.current.number,
                within_move: !ends_move,
            });
        }
        self.state.current.placed += 1;
        if draw {
            self.finish_by_repetition();
            return Ok(());
        }
        self.use_opportunity()?;
        Ok(())
    }

    fn record_removals(&mut self, mover_colour: crate::Colour, mover: Seat) {
        let captured = self.removals.opponent.len() as u32;
        let own = self.removals.own.len() as u32;
        self.state.prisoners[mover] += captured;
        self.state.prisoners[mover.other()] += own;
        self.applied.push_removed(
            mover_colour.opponent(),
            crate::game::RemovalCause::Capture,
            &self.removals.opponent,
        );
        self.applied.push_removed(
            mover_colour,
            crate::game::RemovalCause::SelfCapture,
            &self.removals.own,
        );
    }

    fn play_pass(&mut self, seat: Seat, whole_move: bool) -> Result<(), Refusal> {
        if !self.rules.objective.passing_allowed() {
            return Err(Refusal::PassingForbidden);
        }
        let action = if whole_move {
            Action::PassMove
        } else {
            Action::Pass
        };
        self.check_components(seat, action)?;
        let mut passed = 0;
        loop {
            passed += 1;
            self.state.current.passed += 1;
            let ended = self.use_opportunity_quietly()?;
            if ended || !whole_move {
                self.applied.push(Event::Passed {
                    seat,
                    opportunities: passed,
                });
                if ended {
                    self.end_move()?;
                }
                return Ok(());
            }
        }
    }

    /// Uses one opportunity; ends the move when it was the last.
    fn use_opportunity(&mut self) -> Result<(), Refusal> {
        if self.use_opportunity_quietly()? {
            self.end_move()?;
        }
        Ok(())
    }

    /// Uses one opportunity; returns whether that was the move's last.
    fn use_opportunity_quietly(&mut self) -> Result<bool, Refusal> {
        let current = &mut self.state.current;
        if current.extra > 0 {
            current.extra -= 1;
        } else {
            self.state.placement += 1;
        }
        Ok(self.state.current.extra == 0
            && self.seat_at(self.state.placement) != self.state.current.seat)
    }

    fn end_move(&mut self) -> Result<(), Refusal> {
        let mover = self.state.current.seat;
        let mut draw = false;
        if self.rules.resolver.clears_at_move_end() {
            let colour = self.state.colours[mover];
            self.removals.clear();
            let position = self.rules.resolver.clear_at_move_end(
                &mut self.state.board,
                colour,
                &mut self.removals,
            )?;
            self.record_removals(colour, mover);
            if let Some(hash) = position {
                let next_seat = self.seat_at(self.state.placement);
                let candidate = Candidate {
                    board: hash,
                    next_seat,
                    ends_move: true,
                    move_start: self.state.current.history_start,
                };
                match self.rules.repetition.judge(&self.state.history, &candidate) {
                    Judgement::Allow => {}
                    Judgement::Draw => draw = true,
                    Judgement::Refuse { earlier } => {
                        return Err(self.repetition_refusal(None, earlier));
                    }
                }
                self.state.history.push(Occurrence {
                    board: hash,
                    next_seat,
                    move_number: self.state.current.number,
                    within_move: false,
                });
            }
        }
        let current = self.state.current;
        let summary = MoveSummary {
            seat: mover,
            number: current.number,
            placed: current.placed,
            passed: current.passed,
            other: current.other,
        };
        self.state.moves_completed += 1;
        self.state.pass_moves_in_row = if summary.is_whole_move_pass() {
            self.state.pass_moves_in_row + 1
        } else {
            0
        };
        self.applied.push(Event::MoveEnded {
            seat: mover,
            number: current.number,
        });
        self.state.current = CurrentMove {
            seat: self.seat_at(self.state.placement),
            number: current.number + 1,
            actions: 0,
            placed: 0,
            passed: 0,
            other: 0,
            extra: 0,
            history_start: self.state.history.len(),
        };
        if draw {
            self.finish_by_repetition();
            return Ok(());
        }
        let rules = Arc::clone(&self.rules);
        for (kind, component) in rules.components() {
            if self.state.phase == Phase::Over {
                break;
            }
            let mut ctx = Ctx::new(&rules, &mut self.state, &mut self.applied, kind);
            component.on_move_end(&mut ctx, &summary);
        }
        self.begin_move()
    }

    /// A move begins: every component hears of it, and opportunities the
    /// components spend on their own (a served handicap pass, say) are used.
    fn begin_move(&mut self) -> Result<(), Refusal> {
        if self.state.phase != Phase::Play {
            return Ok(());
        }
        let rules = Arc::clone(&self.rules);
        let number = self.state.current.number;
        for (kind, component) in rules.components() {
            let mut ctx = Ctx::new(&rules, &mut self.state, &mut self.applied, kind);
            component.on_move_start(&mut ctx);
            let spent = ctx.spent();
            if self.spend(spent)? || self.state.current.number != number {
                // The move ended on automatic opportunities; the next one
                // has begun already.
                return Ok(());
            }
        }
        Ok(())
    }

    /// Uses `n` opportunities a component spent; returns whether the move
    /// ended (the rest are then dropped: they belonged to the move).
    fn spend(&mut self, n: u32) -> Result<bool, Refusal> {
        for _ in 0..n {
            if self.state.phase != Phase::Play {
                return Ok(true);
            }
            if self.use_opportunity_quietly()? {
                self.end_move()?;
                return Ok(true);
            }
        }
        Ok(false)
    }

    fn finish_by_repetition(&mut self) {
        let rules = Arc::clone(&self.rules);
        let mut ctx = Ctx::new(
            &rules,
            &mut self.state,
            &mut self.applied,
            ComponentKind::Repetition,
        );
        ctx.finish(GameResult::draw(EndReason::Repetition));
    }

    /// When the seat to act has no legal move, the objective decides.
    fn check_stuck(&mut self) {
        if let ToAct::Seat(seat) = self.to_act()
            && !self.has_legal_move(seat)
        {
            let rules = Arc::clone(&self.rules);
            let mut ctx = Ctx::new(
                &rules,
                &mut self.state,
                &mut self.applied,
                ComponentKind::Objective,
            );
            rules.objective.on_no_legal_move(&mut ctx, seat);
        }
    }

    /// Whether a placement of `seat` on `point` would be accepted.
    pub fn is_legal_placement(&self, seat: Seat, point: Point) -> bool {
        if self.state.phase != Phase::Play
            || self.state.current.seat != seat
            || point.index() >= self.rules.geometry.point_count()
        {
            return false;
        }
        if self.rules.resolver.clears_at_move_end() && self.ends_move_after_this() {
            return self.accepts(seat, Action::Place(point));
        }
        self.check_placement(seat, point).is_ok()
    }

    /// Whether `action` by `seat` would be accepted, tried on a copy.
    pub fn accepts(&self, seat: Seat, action: Action) -> bool {
        self.trial().perform(seat, action).is_ok()
    }

    /// A copy of the game without record or undo, for trying actions.
    fn trial(&self) -> Game {
        Game {
            rules: Arc::clone(&self.rules),
            start: Arc::clone(&self.start),
            state: self.state.clone(),
            record: Vec::new(),
            checkpoints: Vec::new(),
            keep_undo: false,
            applied: Applied::default(),
            removals: Removals::default(),
        }
    }

    /// Every action `seat` may take now: placements, passes, and whatever
    /// the components offer (resignation, marks, declarations, ...).
    pub fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let mut actions = Vec::new();
        self.collect_moves(seat, &mut actions, false);
        actions
    }

    /// Whether `seat` has any legal action other than resigning. Cheap in
    /// the common cases (a pass is allowed, or an early empty point is
    /// legal): it runs after every action.
    pub fn has_legal_move(&self, seat: Seat) -> bool {
        if self.state.phase == Phase::Play && self.state.current.seat == seat {
            if self.rules.objective.passing_allowed()
                && self.check_components(seat, Action::Pass).is_ok()
            {
                return true;
            }
            if self
                .rules
                .geometry
                .points()
                .any(|p| self.state.board.is_empty(p) && self.is_legal_placement(seat, p))
            {
                return true;
            }
        }
        let mut actions = Vec::new();
        self.collect_moves(seat, &mut actions, true);
        !actions.is_empty()
    }

    fn collect_moves(&self, seat: Seat, out: &mut Vec<Action>, first_only: bool) {
        match self.to_act() {
            ToAct::Nobody => return,
            ToAct::Seat(s) if s != seat => {
                if !first_only {
                    self.collect_offers(seat, out, |a| a == Action::Resign);
                }
                return;
            }
            _ => {}
        }
        if self.state.phase == Phase::Play {
            let passing = self.rules.objective.passing_allowed();
            if passing && self.check_components(seat, Action::Pass).is_ok() {
                out.push(Action::Pass);
                if first_only {
                    return;
                }
                if self.opportunities_left() > 1
                    && self.check_components(seat, Action::PassMove).is_ok()
                {
                    out.push(Action::PassMove);
                }
            }
            for p in self.rules.geometry.points() {
                if self.state.board.is_empty(p) && self.is_legal_placement(seat, p) {
                    out.push(Action::Place(p));
                    if first_only {
                        return;
                    }
                }
            }
        }
        self.collect_offers(seat, out, |a| !(first_only && a == Action::Resign));
        if first_only {
            out.retain(|&a| a != Action::Resign);
        }
    }

    fn collect_offers(&self, seat: Seat, out: &mut Vec<Action>, keep: impl Fn(Action) -> bool) {
        let mut offered = Vec::new();
        for (_, component) in self.rules.components() {
            component.offer_actions(&self.state, seat, &mut offered);
        }
        for action in offered {
            if keep(action) && !out.contains(&action) && self.accepts(seat, action) {
                out.push(action);
            }
        }
    }
}
