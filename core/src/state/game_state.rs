//! The state of a game: everything that changes as it is played.

use crate::action::{ActionSpec, Declaration};
use crate::board::Board;
use crate::colour::{BySeat, Colour, Role, Seat};
use crate::phase::Phase;
use crate::point::{Point, PointSet};
use crate::state::{ComponentKind, ComponentState, GameResult, PositionHistory, Slot};

/// The longest run of opportunities a move may have (a guard against a
/// schedule that never hands over).
pub(crate) const MAX_MOVE_LENGTH: u64 = 4096;

/// The move being made: the actions of one seat since the last hand-over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CurrentMove {
    /// Who is moving.
    pub seat: Seat,
    /// The move's number, from 1.
    pub number: u32,
    /// Actions taken so far in this move.
    pub actions: u32,
    /// Stones placed so far.
    pub placed: u32,
    /// Opportunities passed voluntarily so far.
    pub passed: u32,
    /// Opportunities used otherwise by the player (the button, ...).
    pub other: u32,
    /// Opportunities used automatically, not by the player's choice (a
    /// served handicap pass).
    pub automatic: u32,
    /// Opportunities granted beyond the schedule (bought placements) still
    /// unused; they are used before the schedule's index advances.
    pub extra: u32,
    /// The length of the position history when the move began.
    pub history_start: usize,
}

/// A completed move, as the objective and other components see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveSummary {
    /// Whose move it was.
    pub seat: Seat,
    /// Its number, from 1.
    pub number: u32,
    /// Stones placed.
    pub placed: u32,
    /// Opportunities passed voluntarily.
    pub passed: u32,
    /// Opportunities used otherwise by the player (the button, ...).
    pub other: u32,
    /// Opportunities used automatically (served handicap passes).
    pub automatic: u32,
}

impl MoveSummary {
    /// A move that only passed: every opportunity the player had was passed
    /// voluntarily (automatic opportunities aside).
    pub fn is_whole_move_pass(&self) -> bool {
        self.placed == 0 && self.other == 0 && self.passed > 0
    }

    /// A move the player made no choice in: every opportunity was used
    /// automatically.
    pub fn is_automatic(&self) -> bool {
        self.placed == 0 && self.other == 0 && self.passed == 0 && self.automatic > 0
    }
}

/// Everything about a game that changes as it is played.
#[derive(Debug, PartialEq)]
pub struct GameState {
    pub(crate) board: Board,
    pub(crate) phase: Phase,
    pub(crate) placement: u64,
    /// Whether ordinary play has begun (the schedule's index counts from
    /// then).
    pub(crate) play_begun: bool,
    pub(crate) slot_seats: [Seat; 2],
    pub(crate) colours: BySeat<Colour>,
    pub(crate) roles: BySeat<Option<Role>>,
    pub(crate) current: CurrentMove,
    /// The first placement opportunity after the mover's run in the
    /// schedule (worked out once a move, by [`GameState::start_run`]).
    pub(crate) run_end: u64,
    /// The seat that owns the opportunity at `run_end`.
    pub(crate) run_next: Seat,
    pub(crate) placed_this_move: Vec<Point>,
    /// The points where the last completed move placed stones, and whose
    /// move it was (see [`GameState::last_move`]).
    pub(crate) last_move: Option<(Seat, Vec<Point>)>,
    pub(crate) moves_completed: u32,
    pub(crate) pass_moves_in_row: u32,
    pub(crate) prisoners: BySeat<u32>,
    pub(crate) marks: PointSet,
    pub(crate) accepted: BySeat<bool>,
    pub(crate) declarations: Vec<(Seat, Declaration)>,
    pub(crate) history: PositionHistory,
    pub(crate) result: Option<GameResult>,
    pub(crate) component_states: [Option<Box<dyn ComponentState>>; 7],
}

/// Copies field by field; `clone_from` reuses the memory of the board,
/// the history and the lists (a tree search copies games all the time).
impl Clone for GameState {
    // A struct literal names every field, so a new field cannot be left
    // out here; `clone_from` destructures for the same reason.
    fn clone(&self) -> GameState {
        GameState {
            board: self.board.clone(),
            phase: self.phase,
            placement: self.placement,
            play_begun: self.play_begun,
            slot_seats: self.slot_seats,
            colours: self.colours,
            roles: self.roles,
            current: self.current,
            run_end: self.run_end,
            run_next: self.run_next,
            placed_this_move: self.placed_this_move.clone(),
            last_move: self.last_move.clone(),
            moves_completed: self.moves_completed,
            pass_moves_in_row: self.pass_moves_in_row,
            prisoners: self.prisoners,
            marks: self.marks.clone(),
            accepted: self.accepted,
            declarations: self.declarations.clone(),
            history: self.history.clone(),
            result: self.result.clone(),
            component_states: self.component_states.clone(),
        }
    }

    fn clone_from(&mut self, source: &GameState) {
        let GameState {
            board,
            phase,
            placement,
            play_begun,
            slot_seats,
            colours,
            roles,
            current,
            run_end,
            run_next,
            placed_this_move,
            last_move,
            moves_completed,
            pass_moves_in_row,
            prisoners,
            marks,
            accepted,
            declarations,
            history,
            result,
            component_states,
        } = source;
        self.board.clone_from(board);
        self.phase = *phase;
        self.placement = *placement;
        self.play_begun = *play_begun;
        self.slot_seats = *slot_seats;
        self.colours = *colours;
        self.roles = *roles;
        self.current = *current;
        self.run_end = *run_end;
        self.run_next = *run_next;
        self.placed_this_move.clone_from(placed_this_move);
        self.last_move.clone_from(last_move);
        self.moves_completed = *moves_completed;
        self.pass_moves_in_row = *pass_moves_in_row;
        self.prisoners = *prisoners;
        self.marks.clone_from(marks);
        self.accepted = *accepted;
        self.declarations.clone_from(declarations);
        self.history.clone_from(history);
        self.result.clone_from(result);
        self.component_states.clone_from(component_states);
    }
}

/// What [`GameState::restore`] needs to put a state back as it was: a copy
/// of everything but the position history, which only grows during an
/// action and is rolled back to its length instead of being copied.
#[derive(Debug)]
pub(crate) struct Backup {
    state: Box<GameState>,
    history_len: usize,
    last_occurrence: Option<crate::state::Occurrence>,
}

impl Backup {
    /// The memory of a backup no longer needed, for the next one.
    pub(crate) fn into_spare(self) -> Box<GameState> {
        self.state
    }
}

impl GameState {
    /// A copy to restore if the action under way is refused, made in the
    /// memory of `spare` (an earlier backup's) when there is one.
    pub(crate) fn backup(&mut self, spare: Option<Box<GameState>>) -> Backup {
        let history = std::mem::take(&mut self.history);
        let copy = match spare {
            Some(mut spare) => {
                GameState::clone_from(&mut spare, self);
                spare
            }
            None => Box::new(self.clone()),
        };
        self.history = history;
        Backup {
            state: copy,
            history_len: self.history.len(),
            last_occurrence: self.history.last(),
        }
    }

    /// Puts the state back as it was when `backup` was taken; returns the
    /// backup's memory for the next one.
    pub(crate) fn restore(&mut self, mut backup: Backup) -> Box<GameState> {
        let mut history = std::mem::take(&mut self.history);
        debug_assert!(
            history.len() >= backup.history_len,
            "the history only grows during an action"
        );
        history.roll_back(backup.history_len, backup.last_occurrence);
        std::mem::swap(self, &mut *backup.state);
        self.history = history;
        backup.state
    }

    pub(crate) fn new(board: Board) -> GameState {
        let points = board.geometry().point_count();
        GameState {
            board,
            phase: Phase::Opening,
            placement: 0,
            play_begun: false,
            slot_seats: [Seat::One, Seat::Two],
            colours: BySeat::new(Colour::Black, Colour::White),
            roles: BySeat::default(),
            current: CurrentMove {
                seat: Seat::One,
                number: 1,
                actions: 0,
                placed: 0,
                passed: 0,
                other: 0,
                automatic: 0,
                extra: 0,
                history_start: 0,
            },
            run_end: 0,
            run_next: Seat::Two,
            placed_this_move: Vec::with_capacity(8),
            last_move: None,
            moves_completed: 0,
            pass_moves_in_row: 0,
            prisoners: BySeat::default(),
            marks: PointSet::with_capacity(points),
            accepted: BySeat::default(),
            declarations: Vec::new(),
            history: PositionHistory::default(),
            result: None,
            component_states: Default::default(),
        }
    }

    /// The bytes of memory the state holds, its own and on the heap, but
    /// for the position history (see [`PositionHistory::heap_bytes`]) and
    /// the shared geometry.
    pub fn bytes_without_history(&self) -> usize {
        std::mem::size_of::<GameState>()
            + self.board.heap_bytes()
            + self.placed_this_move.capacity() * std::mem::size_of::<Point>()
            + self.last_move.as_ref().map_or(0, |(_, placed)| {
                placed.capacity() * std::mem::size_of::<Point>()
            })
            + self.marks.heap_bytes()
            + self.declarations.capacity() * std::mem::size_of::<(Seat, Declaration)>()
            + self
                .component_states
                .iter()
                .flatten()
                .map(|s| std::mem::size_of_val(&**s))
                .sum::<usize>()
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The index of the next placement opportunity in the schedule, from
    /// 0, or `None` before ordinary play has begun.
    ///
    /// This is the one definition every front end follows (the TMS
    /// tracker's count): the schedule starts at 0 when ordinary play
    /// begins, after any setup, and every opportunity of the schedule a
    /// move uses (a placement, a pass, a served handicap pass, or another
    /// use such as taking the button) advances it by one. Setup stones and handicap stones placed
    /// by an opening are not in the schedule and do not count, and neither
    /// do the extra placements a special turn is granted. The placement
    /// that ends a game (by a repetition draw, say) has been used, so
    /// after it the index is one more than that placement's own.
    pub fn placement_index(&self) -> Option<u64> {
        self.play_begun.then_some(self.placement)
    }

    /// The seat that owns a letter of the schedule.
    pub fn seat_of_slot(&self, slot: Slot) -> Seat {
        self.slot_seats[slot.index()]
    }

    /// The colour `seat` plays.
    pub fn colour_of(&self, seat: Seat) -> Colour {
        self.colours[seat]
    }

    /// The seat playing `colour`.
    pub fn seat_of_colour(&self, colour: Colour) -> Seat {
        if self.colours[Seat::One] == colour {
            Seat::One
        } else {
            Seat::Two
        }
    }

    /// The role of `seat`, once decided.
    pub fn role_of(&self, seat: Seat) -> Option<Role> {
        self.roles[seat]
    }

    /// The move in progress (meaningful during play).
    pub fn current_move(&self) -> &CurrentMove {
        &self.current
    }

    /// The points where the move being made has placed stones so far.
    pub fn placed_this_move(&self) -> &[Point] {
        &self.placed_this_move
    }

    /// The last completed move of play: whose it was, and the points
    /// where it placed stones (empty for a pass), in the order placed.
    /// `None` before the first move ends. A rule about the move just made
    /// (a stone that put a string in atari, a ko just taken) reads it.
    pub fn last_move(&self) -> Option<(Seat, &[Point])> {
        self.last_move
            .as_ref()
            .map(|(seat, placed)| (*seat, placed.as_slice()))
    }

    /// The point of the latest placement of play, where the latest
    /// action of play placed a stone: the last placement of the move in
    /// progress, or, before it has placed any, of the last move (`None`
    /// after a pass).
    pub fn last_placement(&self) -> Option<Point> {
        match self.placed_this_move.last() {
            Some(&p) => Some(p),
            None => self
                .last_move
                .as_ref()
                .and_then(|(_, placed)| placed.last().copied()),
        }
    }

    /// Moves completed so far.
    pub fn moves_completed(&self) -> u32 {
        self.moves_completed
    }

    /// How many moves in a row, up to the last one, passed every opportunity.
    pub fn pass_moves_in_row(&self) -> u32 {
        self.pass_moves_in_row
    }

    /// Stones each seat has captured.
    pub fn prisoners(&self) -> BySeat<u32> {
        self.prisoners
    }

    /// The stones marked dead.
    pub fn marks(&self) -> &PointSet {
        &self.marks
    }

    /// Which seats have accepted the current marks.
    pub fn accepted(&self) -> BySeat<bool> {
        self.accepted
    }

    /// The declarations made so far, in order.
    pub fn declarations(&self) -> &[(Seat, Declaration)] {
        &self.declarations
    }

    /// The seat and value of the declaration made by the action `spec`
    /// if made.
    pub fn declared(&self, spec: &ActionSpec) -> Option<(Seat, u32)> {
        self.declarations
            .iter()
            .find(|(_, d)| d.action == spec)
            .map(|&(seat, d)| (seat, d.value))
    }

    /// The positions so far.
    pub fn history(&self) -> &PositionHistory {
        &self.history
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    /// The seat owning placement opportunity `k` during play.
    pub(crate) fn seat_at(&self, slot_of: impl Fn(u64) -> Slot, k: u64) -> Seat {
        self.slot_seats[slot_of(k).index()]
    }

    /// Placement opportunities left in the move being made (during play):
    /// the rest of the schedule's run for the mover, plus any granted.
    pub fn opportunities_left(&self) -> u64 {
        if self.phase != Phase::Play {
            return 0;
        }
        self.run_end.saturating_sub(self.placement) + u64::from(self.current.extra)
    }

    /// A move begins at the current placement index: finds where the
    /// mover's run of opportunities in the schedule ends (at most
    /// [`MAX_MOVE_LENGTH`] on), so that the flow of play asks the schedule
    /// once a move rather than at every opportunity.
    pub(crate) fn start_run(&mut self, slot_of: impl Fn(u64) -> Slot) {
        let seat = self.current.seat;
        let limit = self.placement + MAX_MOVE_LENGTH;
        let mut end = self.placement;
        while end < limit && self.seat_at(&slot_of, end) == seat {
            end += 1;
        }
        self.run_end = end;
        self.run_next = self.seat_at(&slot_of, end);
    }

    /// The private data of the component of `kind`, if it keeps data of
    /// type `T`.
    pub fn component_state<T: 'static>(&self, kind: ComponentKind) -> Option<&T> {
        self.component_states[kind.index()]
            .as_deref()
            .and_then(|s| s.as_any().downcast_ref::<T>())
    }
}
