//! The context a component acts through: read the game, change it in the
//! ways the rules allow, and report what happened.

use crate::action::Declaration;
use crate::colour::{BySeat, Colour, Role, Seat};
use crate::phase::Phase;
use crate::point::{Point, PointSet};
use crate::rules::Rules;
use crate::state::Refusal;
use crate::state::{Applied, EndReason, Event, GameResult, GameState, Occurrence, RemovalCause};
use crate::state::{ComponentKind, ScoreSheet};

/// What a component may do to a game while handling an action or a hook.
pub struct Ctx<'a> {
    rules: &'a Rules,
    state: &'a mut GameState,
    applied: &'a mut Applied,
    kind: ComponentKind,
    spent: u32,
    /// Whether the game starts from a position given to it (an analysis,
    /// a game set up by a client): its stones replace the stones the
    /// opening would put down.
    position_given: bool,
}

impl<'a> Ctx<'a> {
    pub(crate) fn new(
        rules: &'a Rules,
        state: &'a mut GameState,
        applied: &'a mut Applied,
        kind: ComponentKind,
    ) -> Ctx<'a> {
        Ctx {
            rules,
            state,
            applied,
            kind,
            spent: 0,
            position_given: false,
        }
    }

    /// This context, for an opening's start in a game that begins from a
    /// given position (see [`Ctx::place_setup_stones`]).
    pub(crate) fn with_position_given(mut self) -> Ctx<'a> {
        self.position_given = true;
        self
    }

    /// Opportunities spent through [`Ctx::spend_opportunity`] so far.
    pub(crate) fn spent(&self) -> u32 {
        self.spent
    }

    /// Uses one placement opportunity of the move for something other than
    /// a stone or a voluntary pass (taking the button, a served handicap
    /// pass). The core uses it once the component returns, ending the move
    /// if it was the last.
    pub fn spend_opportunity(&mut self) {
        self.spent += 1;
        self.state.current.other += 1;
    }

    /// Uses one placement opportunity of the move automatically, without
    /// the player's choice (a served handicap pass): it is neither a stone,
    /// nor a voluntary pass, nor a choice of the player.
    pub fn spend_opportunity_automatically(&mut self) {
        self.spent += 1;
        self.state.current.automatic += 1;
        let seat = self.state.current.seat;
        self.applied.push(Event::Note {
            seat: Some(seat),
            code: "served",
            text: format!("a placement of {seat} is passed automatically"),
        });
    }

    /// Takes one of `seat`'s own stones off the board as the price of an
    /// action (`purpose`, e.g. `a payment`, names it in refusals). Refused
    /// unless the point holds a stone of the seat's colour. Creates no
    /// position: the move's end does.
    pub fn remove_own_stone(
        &mut self,
        seat: Seat,
        point: Point,
        purpose: &str,
    ) -> Result<(), Refusal> {
        let colour = self.state.colours[seat];
        let board = &mut self.state.board;
        match board.get(point) {
            Some(c) if c == colour => {
                board.remove_stone(point);
                self.applied
                    .push_removed(colour, RemovalCause::Payment, &[point]);
                Ok(())
            }
            Some(_) => Err(Refusal::rule(
                "not-your-stone",
                format!(
                    "{} is your opponent's stone: {purpose} takes your own stones",
                    board.geometry().label(point)
                ),
            )),
            None => Err(Refusal::rule(
                "no-stone",
                format!(
                    "{} is empty: {purpose} takes one of your own stones",
                    board.geometry().label(point)
                ),
            )),
        }
    }

    /// Takes back every stone the move being made has placed and every
    /// opportunity granted to it, leaving the move as it began (for a
    /// run of actions called off before it is complete). Only for resolvers
    /// that capture at the end of the move: nothing has been removed yet.
    pub fn take_back_placements(&mut self) {
        for &p in &self.state.placed_this_move {
            self.state.board.remove_stone(p);
        }
        self.state.placed_this_move.clear();
        self.state.current.placed = 0;
        self.state.current.extra = 0;
    }

    /// Puts a stone of `seat` that [`Ctx::remove_own_stone`] took back on
    /// its point (the action that took it called off).
    pub fn restore_own_stone(&mut self, seat: Seat, point: Point) {
        let colour = self.state.colours[seat];
        self.state.board.put_stone(point, colour);
    }

    /// Records a number a player declared (a handicap, a reverse komi, ...),
    /// for [`GameState::declared`].
    pub fn declare(&mut self, seat: Seat, declaration: Declaration) {
        self.state.declarations.push((seat, declaration));
        self.applied.push(Event::Note {
            seat: Some(seat),
            code: "declared",
            // `Player 2 declares bonus 3` for `declare bonus 3`.
            text: format!(
                "{seat} declares {} {}",
                declaration
                    .action
                    .words
                    .strip_prefix("declare ")
                    .unwrap_or(declaration.action.words),
                declaration.value
            ),
        });
    }

    /// Grants the move `n` more placement opportunities beyond the
    /// schedule (bought placements); they are used before the schedule
    /// advances.
    pub fn grant_opportunities(&mut self, n: u32) {
        self.state.current.extra += n;
    }

    /// The assembled rules.
    pub fn rules(&self) -> &Rules {
        self.rules
    }

    /// The game as it stands.
    pub fn state(&self) -> &GameState {
        self.state
    }

    /// This component's private data.
    ///
    /// # Panics
    /// When the component keeps no data of type `T`: its
    /// [`initial_state`](crate::rules::Component::initial_state) and this
    /// call disagree, a programming error.
    pub fn my_state<T: 'static>(&mut self) -> &mut T {
        self.state.component_states[self.kind.index()]
            .as_deref_mut()
            .and_then(|s| s.as_any_mut().downcast_mut::<T>())
            .expect("component state of the type the component declared")
    }

    /// Starts ordinary play: `first` takes letter A of the schedule, the
    /// other seat letter B, and the placement index starts at 0.
    pub fn begin_play(&mut self, first: Seat) {
        let s = &mut *self.state;
        s.slot_seats = [first, first.other()];
        s.placement = 0;
        s.play_begun = true;
        s.phase = Phase::Play;
        s.current.seat = s.slot_seats[self.rules.schedule.slot(0).index()];
        s.start_run(|k| self.rules.schedule.slot(k));
        s.current.number = s.moves_completed + 1;
        s.current.history_start = s.history.len();
        s.history.set_last_next_seat(s.current.seat);
        self.applied.push(Event::PhaseChanged(Phase::Play));
    }

    /// Sets which colour each seat plays.
    pub fn set_colours(&mut self, colours: BySeat<Colour>) {
        self.state.colours = colours;
    }

    /// Records the role `seat` has taken.
    pub fn set_role(&mut self, seat: Seat, role: Role) {
        self.state.roles[seat] = Some(role);
    }

    /// Puts setup stones on the board at once, without any capture, and
    /// records the resulting position as one occurrence. Refused (changing
    /// nothing) if a point is taken or listed twice. In a game that starts
    /// from a given position, the position replaces the start position:
    /// the opening's stones are not put down (its roles, colours and phase
    /// still hold).
    pub fn place_setup_stones(
        &mut self,
        seat: Seat,
        colour: Colour,
        points: &[Point],
    ) -> Result<(), Refusal> {
        if self.position_given {
            return Ok(());
        }
        let board = &self.state.board;
        // Listed twice: a set for long lists, a look back for short ones
        // (a single setup stone, most often).
        let mut seen =
            (points.len() > 16).then(|| PointSet::with_capacity(board.geometry().point_count()));
        for (i, &p) in points.iter().enumerate() {
            let twice = match &mut seen {
                Some(seen) => !seen.insert(p),
                None => points[..i].contains(&p),
            };
            if !board.is_empty(p) || twice {
                return Err(Refusal::Occupied(board.geometry().label(p)));
            }
        }
        for &p in points {
            self.state.board.put_stone(p, colour);
            self.applied.push(Event::Placed {
                seat,
                colour,
                point: p,
            });
        }
        let next_seat = self.state.current.seat;
        self.state.history.push(Occurrence {
            board: self.state.board.hash(),
            next_seat,
            move_number: if self.state.phase == Phase::Play {
                self.state.current.number
            } else {
                0
            },
            within_move: self.state.phase == Phase::Play,
        });
        Ok(())
    }

    /// Changes the phase.
    pub fn set_phase(&mut self, phase: Phase) {
        if self.state.phase != phase {
            self.state.phase = phase;
            self.applied.push(Event::PhaseChanged(phase));
        }
    }

    /// Ends the game with `result`.
    pub fn finish(&mut self, result: GameResult) {
        self.state.result = Some(result);
        self.set_phase(Phase::Over);
        self.applied.push(Event::GameOver);
    }

    /// The score of the board as it stands, by the ruleset's scorer.
    pub fn score(&self) -> ScoreSheet {
        self.rules.scorer.score(self.state)
    }

    /// Marks (`dead = true`) or unmarks the whole string through `point` on
    /// behalf of `seat`. Any acceptance already given is withdrawn, since
    /// the marking changed. Refused if the point is empty, or if the string
    /// already is as asked.
    pub fn mark_string(&mut self, seat: Seat, point: Point, dead: bool) -> Result<(), Refusal> {
        let board = &self.state.board;
        let label = board.geometry().label(point);
        if board.is_empty(point) {
            return Err(Refusal::rule(
                "no-stone",
                format!("{label} is empty: mark a stone, and its whole string is marked"),
            ));
        }
        if self.state.marks.contains(point) == dead {
            return Err(Refusal::rule(
                if dead { "already-marked" } else { "not-marked" },
                if dead {
                    format!(
                        "the string at {label} is already marked dead (`unmark {label}` takes the mark back)"
                    )
                } else {
                    format!("the string at {label} is not marked dead")
                },
            ));
        }
        let stones: Vec<Point> = board.string_stones(point).collect();
        for &p in &stones {
            if dead {
                self.state.marks.insert(p);
            } else {
                self.state.marks.remove(p);
            }
        }
        self.state.accepted = BySeat::default();
        let range = self.applied.store(&stones);
        self.applied.push(Event::Marked {
            seat,
            dead,
            points: range,
        });
        Ok(())
    }

    /// Scores the board as it stands (marked dead stones count as removed),
    /// takes the dead stones off, and ends the game: the higher total wins,
    /// equal totals draw.
    pub fn finish_on_score(&mut self) {
        let sheet = self.score();
        let winner = sheet.leader().map(|c| self.state.seat_of_colour(c));
        let dead = self.remove_marked_dead();
        self.finish(GameResult {
            winner,
            reason: EndReason::Score,
            score: Some(sheet),
            dead,
            deciding: Vec::new(),
        });
    }

    /// Replaces the dead marks (whole strings, as the caller has made
    /// sure).
    pub fn set_marks(&mut self, marks: PointSet) {
        self.state.marks = marks;
    }

    /// Placement opportunities left in the move being made.
    pub fn opportunities_left(&self) -> u64 {
        self.state.opportunities_left()
    }

    /// Takes the marked dead stones off the board (at the end of a game
    /// settled by agreement), counting them as prisoners of the other
    /// colour, and clears the marks. Returns the stones taken off, in point
    /// order.
    pub fn remove_marked_dead(&mut self) -> Vec<Point> {
        let dead: Vec<Point> = self.state.marks.iter().collect();
        let mut taken = Vec::with_capacity(dead.len());
        for colour in [Colour::Black, Colour::White] {
            let stones: Vec<Point> = dead
                .iter()
                .copied()
                .filter(|&p| self.state.board.get(p) == Some(colour))
                .collect();
            let mut removed = Vec::new();
            for &p in &stones {
                if self.state.board.get(p).is_some() {
                    self.state.board.remove_string(p, &mut removed);
                }
            }
            let taker = self.state.seat_of_colour(colour.opponent());
            self.state.prisoners[taker] += removed.len() as u32;
            self.applied
                .push_removed(colour, RemovalCause::Dead, &removed);
            taken.extend(removed);
        }
        self.state.marks.clear();
        taken.sort_unstable();
        taken
    }

    /// Clears every dead mark and acceptance.
    pub fn clear_marks(&mut self) {
        self.state.marks.clear();
        self.state.accepted = BySeat::default();
    }

    /// Records that `seat` accepts the current marks.
    pub fn accept(&mut self, seat: Seat) {
        self.state.accepted[seat] = true;
        self.applied.push(Event::Accepted(seat));
    }

    /// Forgets the run of passing moves (play resumes).
    pub fn reset_pass_moves(&mut self) {
        self.state.pass_moves_in_row = 0;
    }

    /// Reports an event.
    pub fn emit(&mut self, event: Event) {
        self.applied.push(event);
    }

    /// Reports stones removed other than by the resolver.
    pub fn emit_removed(&mut self, colour: Colour, cause: RemovalCause, points: &[Point]) {
        self.applied.push_removed(colour, cause, points);
    }
}
