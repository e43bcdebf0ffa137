//! Which actions are legal: probes that change nothing, and the full list
//! of actions a seat may take.

use super::{Applied, Game, Phase, ToAct};
use crate::action::Action;
use crate::colour::Seat;
use crate::point::Point;
use crate::rules::Removals;
use std::sync::Arc;

impl Game {
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
    pub(super) fn trial(&self) -> Game {
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

    pub(super) fn collect_moves(&self, seat: Seat, out: &mut Vec<Action>, first_only: bool) {
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

    pub(super) fn collect_offers(
        &self,
        seat: Seat,
        out: &mut Vec<Action>,
        keep: impl Fn(Action) -> bool,
    ) {
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
