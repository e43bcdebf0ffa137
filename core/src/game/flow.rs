//! The flow of play: placements, passes, opportunities, the end and the
//! start of moves. The hot path of every ruleset runs through here.

use super::{
    Candidate, Ctx, EndReason, Event, Game, GameResult, Judgement, Occurrence, Phase, Refusal,
    ToAct,
};
use crate::action::Action;
use crate::colour::Seat;
use crate::point::Point;
use crate::rules::Hooks;
use crate::state::ComponentKind;
use crate::state::{CurrentMove, EarlierPosition, MoveSummary};
use std::sync::Arc;

/// A placement's plan, and whether the position it creates draws the game.
pub(super) type Planned = (crate::rules::PlacementPlan, bool);

/// Why a placement is not possible, as far as a probe needs to know.
pub(super) enum Blocked {
    /// The resolver refuses it (its [`crate::rules::Resolver::plan`] says
    /// why).
    Refused,
    /// It repeats the occurrence at this index of the history.
    Repeats(usize),
}

impl Game {
    /// Asks every component whether it vetoes `action`.
    #[inline]
    pub(super) fn check_components(&self, seat: Seat, action: Action) -> Result<(), Refusal> {
        for (_, component) in self.rules.components_with(Hooks::CHECK_ACTION) {
            component.check_action(&self.state, seat, action)?;
        }
        Ok(())
    }

    /// Whether no component vetoes `action` (a probe: no refusal is worded).
    #[inline(always)]
    pub(super) fn components_admit(&self, seat: Seat, action: Action) -> bool {
        !self.rules.any_with(Hooks::CHECK_ACTION) || self.each_component_admits(seat, action)
    }

    /// [`Game::components_admit`] where some component may veto actions.
    fn each_component_admits(&self, seat: Seat, action: Action) -> bool {
        let admitted = self
            .rules
            .components_with(Hooks::CHECK_ACTION)
            .all(|(_, component)| component.admits_action(&self.state, seat, action));
        debug_assert_eq!(
            admitted,
            self.check_components(seat, action).is_ok(),
            "admits_action agrees with check_action on {action:?}"
        );
        admitted
    }

    /// Whether the opportunity about to be used is the last of the move,
    /// and the seat that acts after it.
    pub(super) fn after_this_opportunity(&self) -> (bool, Seat) {
        if self.ends_move_after_this() {
            (true, self.state.run_next)
        } else {
            (false, self.state.current.seat)
        }
    }

    /// Whether the opportunity about to be used is the last of the move.
    #[inline]
    pub(super) fn ends_move_after_this(&self) -> bool {
        let ends = self.state.current.extra == 0 && self.state.placement + 1 >= self.state.run_end;
        debug_assert_eq!(
            ends,
            self.state.current.extra == 0
                && self.seat_at(self.state.placement + 1) != self.state.current.seat,
            "the cached run of the move agrees with the schedule"
        );
        ends
    }

    /// Checks a placement without changing anything (the components'
    /// vetoes aside: the caller asks them); returns the plan and whether
    /// the position it creates draws the game.
    pub(super) fn check_placement(&self, seat: Seat, point: Point) -> Result<Planned, Refusal> {
        self.plan_placement(seat, point)
            .map_err(|blocked| match blocked {
                // Worded only now, by the resolver's own plan.
                Blocked::Refused => {
                    let colour = self.state.colours[seat];
                    let plan = self.rules.resolver.plan(&self.state.board, colour, point);
                    plan.err().unwrap_or_else(|| {
                        Refusal::rule("resolver", "the resolver refused the placement")
                    })
                }
                Blocked::Repeats(earlier) => self.repetition_refusal(Some(point), earlier),
            })
    }

    /// [`Game::check_placement`], with the refusal of a repetition left
    /// unworded (probes only need to know that it is refused).
    #[inline]
    pub(super) fn plan_placement(&self, seat: Seat, point: Point) -> Result<Planned, Blocked> {
        let colour = self.state.colours[seat];
        let plan = self
            .rules
            .resolver
            .admits(&self.state.board, colour, point)
            .ok_or(Blocked::Refused)?;
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
                Judgement::Refuse { earlier } => return Err(Blocked::Repeats(earlier)),
            }
        }
        Ok((plan, draw))
    }

    pub(super) fn repetition_refusal(&self, point: Option<Point>, earlier: usize) -> Refusal {
        let occurrence = self.state.history.get(earlier);
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

    pub(super) fn play_placement(&mut self, seat: Seat, point: Point) -> Result<(), Refusal> {
        let planned = self.check_placement(seat, point)?;
        self.commit_placement(seat, point, planned)
    }

    /// Carries out a placement [`Game::plan_placement`] accepted, and what
    /// follows from it (the end of the move, or the check that the move can
    /// still be completed). When that check finds a way on by probes alone,
    /// it stands for the check for a seat left without moves that follows
    /// the action (see [`Game::count_action`]).
    pub(super) fn commit_placement(
        &mut self,
        seat: Seat,
        point: Point,
        (plan, draw): Planned,
    ) -> Result<(), Refusal> {
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
            // The history changes: an end settled before is judged again.
            self.settled_end = None;
            let (ends_move, next_seat) = self.after_this_opportunity();
            self.state.history.push(Occurrence {
                board: hash,
                next_seat,
                move_number: self.state.current.number,
                within_move: !ends_move,
            });
        }
        self.state.current.placed += 1;
        self.state.placed_this_move.push(point);
        // The placement has used its opportunity even when its position
        // ends the game (a repetition draw by the first placement of a
        // double move): the index of the next placement moves on.
        let ended = self.use_opportunity_quietly()?;
        if draw {
            self.finish_by_repetition();
            return Ok(());
        }
        if ended {
            return self.end_move();
        }
        if self.continuation_may_fail() {
            let (completable, by_probes) = self.search_completion(seat);
            if !completable {
                return Err(Refusal::rule(
                    "no-completion",
                    format!(
                        "after {} the move could not be completed: every way to finish it is refused",
                        self.rules.geometry.label(point)
                    ),
                ));
            }
            // The seat to move has a legal action, found by probes alone:
            // the check for a seat without moves that follows this
            // placement would search the same position the same way.
            self.completable = by_probes && !self.probing;
        }
        Ok(())
    }

    /// Whether the end of a move can be refused (the resolver clears then,
    /// or the repetition rule judges the position the move ends on).
    #[inline]
    pub(super) fn move_end_may_fail(&self) -> bool {
        self.rules.profile.clears_at_move_end || self.rules.profile.judges_move_end
    }

    /// Whether a move that goes on after a placement might have no legal
    /// way to finish: passing is forbidden, the end of a move can be
    /// refused, or a component's vetoes constrain how a begun move may be
    /// finished ([`Component::constrains_completion`]: Keima Go's second
    /// stone must be a knight's move from the first, and its move is
    /// passed only whole). A placement after which the move cannot be
    /// completed is itself refused.
    ///
    /// [`Component::constrains_completion`]: crate::rules::Component::constrains_completion
    #[inline]
    pub(super) fn continuation_may_fail(&self) -> bool {
        !self.rules.profile.passing_allowed
            || self.move_end_may_fail()
            || self.rules.profile.completion_constrained
    }

    pub(super) fn record_removals(&mut self, mover_colour: crate::colour::Colour, mover: Seat) {
        let captured = self.removals.opponent.len() as u32;
        let own = self.removals.own.len() as u32;
        self.state.prisoners[mover] += captured;
        self.state.prisoners[mover.other()] += own;
        self.applied.push_removed(
            mover_colour.opponent(),
            crate::state::RemovalCause::Capture,
            &self.removals.opponent,
        );
        self.applied.push_removed(
            mover_colour,
            crate::state::RemovalCause::SelfCapture,
            &self.removals.own,
        );
    }

    pub(super) fn play_pass(&mut self, seat: Seat, whole_move: bool) -> Result<(), Refusal> {
        if !self.rules.profile.passing_allowed {
            return Err(Refusal::PassingForbidden);
        }
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

    /// Uses one opportunity; returns whether that was the move's last.
    pub(super) fn use_opportunity_quietly(&mut self) -> Result<bool, Refusal> {
        let current = &mut self.state.current;
        if current.extra > 0 {
            current.extra -= 1;
        } else {
            self.state.placement += 1;
        }
        Ok(self.state.current.extra == 0 && self.state.placement >= self.state.run_end)
    }

    pub(super) fn end_move(&mut self) -> Result<(), Refusal> {
        let mover = self.state.current.seat;
        let mut position = None;
        // The end the probe of the move's last placement settled and
        // judged, if any, as this end turns out.
        let mut judged = None;
        if self.rules.profile.clears_at_move_end {
            let settled = self.settled_end.take();
            match settled {
                Some(end) if !end.removes_stones => {
                    debug_assert_eq!(
                        end.hash,
                        self.state.board.hash(),
                        "a clearing foreseen to remove nothing leaves the board as it is"
                    );
                    position = end.position;
                }
                _ => {
                    let colour = self.state.colours[mover];
                    self.removals.clear();
                    position = self.rules.resolver.clear_at_move_end(
                        &mut self.state.board,
                        colour,
                        &self.state.placed_this_move,
                        &mut self.removals,
                    )?;
                    self.record_removals(colour, mover);
                }
            }
            // The same position and board, the history as it was.
            let board = self.state.board.hash();
            judged = settled.filter(|end| end.position == position && end.hash == board);
        }
        let next_seat = self.state.run_next;
        // Only a position created or a repetition rule that judges the end
        // of moves has anything to judge.
        let draw = match judged {
            Some(end) => end.draw,
            None => {
                (position.is_some() || self.rules.profile.judges_move_end)
                    && self.judge_end_of_move(
                        position,
                        self.state.board.hash(),
                        next_seat,
                        self.state.current.placed,
                    )?
            }
        };
        if let Some(hash) = position {
            self.state.history.push(Occurrence {
                board: hash,
                next_seat,
                move_number: self.state.current.number,
                within_move: false,
            });
        }
        let current = self.state.current;
        let summary = MoveSummary {
            seat: mover,
            number: current.number,
            placed: current.placed,
            passed: current.passed,
            other: current.other,
            automatic: current.automatic,
        };
        self.state.moves_completed += 1;
        if !summary.is_automatic() {
            self.state.pass_moves_in_row = if summary.is_whole_move_pass() {
                self.state.pass_moves_in_row + 1
            } else {
                0
            };
        }
        self.applied.push(Event::MoveEnded {
            seat: mover,
            number: current.number,
        });
        // The move's stones become the last move's, reusing both lists.
        let last = self
            .state
            .last_move
            .get_or_insert_with(|| (mover, Vec::new()));
        last.0 = mover;
        std::mem::swap(&mut last.1, &mut self.state.placed_this_move);
        self.state.placed_this_move.clear();
        self.state.current = CurrentMove {
            seat: next_seat,
            number: current.number + 1,
            actions: 0,
            placed: 0,
            passed: 0,
            other: 0,
            automatic: 0,
            extra: 0,
            history_start: self.state.history.len(),
        };
        self.state.start_run(|k| self.rules.schedule.slot(k));
        if draw {
            self.finish_by_repetition();
            return Ok(());
        }
        let rules = Arc::clone(&self.rules);
        for (kind, component) in rules.components_with(Hooks::MOVE_END) {
            if self.state.phase == Phase::Over {
                break;
            }
            let mut ctx = Ctx::new(&rules, &mut self.state, &mut self.applied, kind);
            component.on_move_end(&mut ctx, &summary);
        }
        self.begin_move()
    }

    /// Judges the end of a move that placed `placed` stones: the position
    /// the resolver's clearing creates (if any) and the board the move
    /// ends on. Returns whether the game is drawn by it, or the refusal.
    /// Changes nothing.
    pub(super) fn judge_end_of_move(
        &self,
        position: Option<u64>,
        board: u64,
        next_seat: Seat,
        placed: u32,
    ) -> Result<bool, Refusal> {
        self.end_of_move_judgement(position, board, next_seat, placed)
            .map_err(|earlier| self.repetition_refusal(None, earlier))
    }

    /// [`Game::judge_end_of_move`] for probes, which need no worded
    /// refusal: the index in the history of the earlier occurrence that
    /// refuses the end.
    #[inline]
    pub(super) fn end_of_move_judgement(
        &self,
        position: Option<u64>,
        board: u64,
        next_seat: Seat,
        placed: u32,
    ) -> Result<bool, usize> {
        let repetition = &self.rules.repetition;
        let move_start = self.state.current.history_start;
        let mut draw = false;
        let mut take = |judgement: Judgement| match judgement {
            Judgement::Allow => Ok(()),
            Judgement::Draw => {
                draw = true;
                Ok(())
            }
            Judgement::Refuse { earlier } => Err(earlier),
        };
        if let Some(hash) = position {
            let candidate = Candidate {
                board: hash,
                next_seat,
                ends_move: true,
                move_start,
            };
            take(repetition.judge(&self.state.history, &candidate))?;
        }
        if self.rules.profile.judges_move_end && placed > 0 {
            take(repetition.judge_move_end(&self.state.history, board, move_start))?;
        }
        Ok(draw)
    }

    /// A move begins: every component hears of it, and opportunities the
    /// components spend on their own (a served handicap pass, say) are used.
    #[inline(always)]
    pub(super) fn begin_move(&mut self) -> Result<(), Refusal> {
        if self.state.phase != Phase::Play || !self.rules.any_with(Hooks::MOVE_START) {
            return Ok(());
        }
        self.tell_move_start()
    }

    /// [`Game::begin_move`] where some component hears of it.
    fn tell_move_start(&mut self) -> Result<(), Refusal> {
        let rules = Arc::clone(&self.rules);
        let number = self.state.current.number;
        for (kind, component) in rules.components_with(Hooks::MOVE_START) {
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

    /// After an action: every component hears of it, and opportunities the
    /// components spend on their own are used.
    #[inline]
    pub(super) fn after_action(&mut self, seat: Seat, action: Action) -> Result<(), Refusal> {
        if !self.rules.any_with(Hooks::AFTER_ACTION) {
            return Ok(());
        }
        self.tell_after_action(seat, action)
    }

    /// [`Game::after_action`] where some component hears of it.
    fn tell_after_action(&mut self, seat: Seat, action: Action) -> Result<(), Refusal> {
        // The components may change the position the completion search
        // answered for.
        self.completable = false;
        let rules = Arc::clone(&self.rules);
        for (kind, component) in rules.components_with(Hooks::AFTER_ACTION) {
            if self.state.phase == Phase::Over {
                break;
            }
            let mut ctx = Ctx::new(&rules, &mut self.state, &mut self.applied, kind);
            component.after_action(&mut ctx, seat, action);
            let spent = ctx.spent();
            self.spend(spent)?;
        }
        Ok(())
    }

    /// Uses `n` opportunities a component spent; returns whether the move
    /// ended (the rest are then dropped: they belonged to the move).
    pub(super) fn spend(&mut self, n: u32) -> Result<bool, Refusal> {
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

    pub(super) fn finish_by_repetition(&mut self) {
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
    #[inline(always)]
    pub(super) fn check_stuck(&mut self) {
        // In play the seat to move may always pass where passing is
        // allowed, no component vetoes actions and the end of a move
        // cannot be refused: nobody is stuck.
        let may_always_pass = self.rules.profile.passing_allowed
            && !self.rules.any_with(Hooks::CHECK_ACTION)
            && !self.move_end_may_fail();
        if self.state.phase == Phase::Play && may_always_pass {
            return;
        }
        self.look_for_a_move();
    }

    /// [`Game::check_stuck`] where a pass may not always be legal.
    fn look_for_a_move(&mut self) {
        let ToAct::Seat(seat) = self.to_act() else {
            return;
        };
        // The common case first, without the full search: the seat to
        // move in play may pass.
        if self.state.phase == Phase::Play && self.is_legal_pass(seat, false) {
            return;
        }
        if !self.has_legal_move(seat) {
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
}
