//! The light playout board: random playouts of the rulesets whose
//! components all say the bare board can play them, without the generic
//! flow of moves, hooks and history.
//!
//! A ruleset qualifies when, from the position at hand on, play is strict
//! alternation of one placement or one pass a move
//! ([`Schedule::alternates_strictly`]); each placement resolves at once as
//! [`Board::play`] does ([`Resolver::captures_each_placement`]); the
//! repetition rule is one of the standard rules over board hashes
//! ([`RepetitionPolicy::board_rule`]); two consecutive passes end play and
//! the score decides ([`Objective::two_passes_then_score`]); the score is
//! the area count plus fixed points ([`Scorer::fixed_bonuses`]); and the
//! opening, the schedule and the resolver take no part in the flow of play
//! (they have no hooks: a resolver that vetoes some placements by the
//! game's state, as Freeze Go's does, keeps the generic flow). Ordinary Go and
//! Tromp-Taylor Go qualify, with any of their ko rules.
//!
//! The board is the engine's own [`Board`], and the repetition rules are
//! judged on the same Zobrist hashes the generic rules judge, so a light
//! playout makes exactly the game the generic engine would: the tests play
//! the same seeds through both and compare them move by move.
//!
//! [`Schedule::alternates_strictly`]: crate::rules::Schedule::alternates_strictly
//! [`Resolver::captures_each_placement`]: crate::rules::Resolver::captures_each_placement
//! [`RepetitionPolicy::board_rule`]: crate::rules::RepetitionPolicy::board_rule
//! [`Objective::two_passes_then_score`]: crate::rules::Objective::two_passes_then_score
//! [`Scorer::fixed_bonuses`]: crate::rules::Scorer::fixed_bonuses

use crate::analysis::area_count;
use crate::board::Board;
use crate::colour::{ByColour, BySeat, Colour, Seat};
use crate::game::{Game, ToAct};
use crate::phase::Phase;
use crate::point::{Point, PointSet};
use crate::rules::{BoardRule, Hooks};
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// A position of a qualifying ruleset, played on the bare board.
#[derive(Debug)]
pub struct LightGame {
    board: Board,
    mover: Seat,
    colours: BySeat<Colour>,
    passes_in_row: u32,
    self_capture: bool,
    /// Whether a placement next to an empty point is always allowed: it
    /// keeps a liberty, so it is no suicide, and it cannot repeat a board
    /// the rule forbids. Under no repetition rule that is plain. Under
    /// simple ko without self-capture: the new board has a stone where the
    /// latest had none; and the board before the latest had it only if the
    /// opponent's placement that made the latest board captured it alone,
    /// which left it with no empty neighbour (and a pass in between changes
    /// nothing). Where self-capture is allowed the second half fails: a
    /// stone that joins one stone to a string with no liberty removes both,
    /// and after a pass, replaying the first restores the board before.
    liberty_suffices: bool,
    repetition: Repetition,
    bonuses: ByColour<f64>,
    /// The stones the latest placement removed (reused).
    removed: Vec<Point>,
}

/// The repetition rule's memory of earlier boards.
#[derive(Clone, Debug)]
enum Repetition {
    Unrestricted,
    /// The latest board and the one before it, where the game has had them.
    SimpleKo {
        latest: Option<u64>,
        before: Option<u64>,
    },
    /// Every board the game has had.
    PositionalSuperko(HashSet<u64, BuildHasherDefault<ZobristHasher>>),
}

/// A hasher for Zobrist hashes, which are uniformly random already: it
/// passes the value through.
#[derive(Default)]
struct ZobristHasher(u64);

impl Hasher for ZobristHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

impl Clone for LightGame {
    fn clone(&self) -> LightGame {
        LightGame {
            board: self.board.clone(),
            mover: self.mover,
            colours: self.colours,
            passes_in_row: self.passes_in_row,
            self_capture: self.self_capture,
            liberty_suffices: self.liberty_suffices,
            repetition: self.repetition.clone(),
            bonuses: self.bonuses,
            removed: Vec::with_capacity(self.removed.capacity()),
        }
    }

    /// Copies `source` into this game, reusing its memory (as a tree
    /// search starting playout after playout from one position would).
    fn clone_from(&mut self, source: &LightGame) {
        self.board.clone_from(&source.board);
        self.mover = source.mover;
        self.colours = source.colours;
        self.passes_in_row = source.passes_in_row;
        self.self_capture = source.self_capture;
        self.liberty_suffices = source.liberty_suffices;
        match (&mut self.repetition, &source.repetition) {
            (Repetition::PositionalSuperko(mine), Repetition::PositionalSuperko(theirs)) => {
                mine.clone_from(theirs);
            }
            (mine, theirs) => *mine = theirs.clone(),
        }
        self.bonuses = source.bonuses;
    }
}

impl LightGame {
    /// The position of `game`, where its ruleset qualifies (see the module
    /// documentation) and it is a player's turn to begin a move in play;
    /// `None` otherwise.
    pub fn from_game(game: &Game) -> Option<LightGame> {
        let mut light = LightGame {
            board: game.board().clone(),
            mover: Seat::One,
            colours: BySeat::new(Colour::Black, Colour::White),
            passes_in_row: 0,
            self_capture: false,
            liberty_suffices: false,
            repetition: Repetition::Unrestricted,
            bonuses: ByColour::new(0.0, 0.0),
            removed: Vec::with_capacity(game.rules().geometry.point_count()),
        };
        light.load(game).then_some(light)
    }

    /// Makes this the position of `game`, reusing its memory (as a tree
    /// search does playout after playout), where the ruleset qualifies and
    /// it is a player's turn to begin a move in play; false, with this
    /// game left in an unspecified state, otherwise.
    pub fn load(&mut self, game: &Game) -> bool {
        let rules = game.rules();
        let state = game.state();
        let qualifies = rules.takes_shortcuts()
            && rules.opening.hooks() == Hooks::NONE
            && rules.schedule.alternates_strictly()
            && rules.schedule.hooks() == Hooks::NONE
            && rules.resolver.captures_each_placement()
            && rules.resolver.hooks() == Hooks::NONE
            && rules.objective.two_passes_then_score()
            && state.phase() == Phase::Play
            && state.current_move().actions == 0;
        if !qualifies {
            return false;
        }
        let ToAct::Seat(mover) = game.to_act() else {
            return false;
        };
        let Some(bonuses) = rules.scorer.fixed_bonuses(state) else {
            return false;
        };
        let Some(rule) = rules.repetition.board_rule() else {
            return false;
        };
        let history = state.history();
        let board_at = |i: Option<usize>| i.and_then(|i| history.get(i)).map(|o| o.board);
        match (rule, &mut self.repetition) {
            (BoardRule::Unrestricted, r) => *r = Repetition::Unrestricted,
            (BoardRule::SimpleKo, r) => {
                let n = history.len();
                *r = Repetition::SimpleKo {
                    latest: board_at(n.checked_sub(1)),
                    before: board_at(n.checked_sub(2)),
                };
            }
            (BoardRule::PositionalSuperko, Repetition::PositionalSuperko(boards)) => {
                boards.clear();
                boards.extend(history.iter().map(|o| o.board));
            }
            (BoardRule::PositionalSuperko, r) => {
                *r = Repetition::PositionalSuperko(history.iter().map(|o| o.board).collect());
            }
        }
        self.self_capture = rules.resolver.allows_self_capture();
        self.liberty_suffices = match rule {
            BoardRule::Unrestricted => true,
            BoardRule::SimpleKo => !self.self_capture,
            BoardRule::PositionalSuperko => false,
        };
        self.board.clone_from(game.board());
        self.mover = mover;
        self.colours = BySeat::new(state.colour_of(Seat::One), state.colour_of(Seat::Two));
        self.passes_in_row = state.pass_moves_in_row();
        self.bonuses = bonuses;
        true
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The seat to move.
    #[inline]
    pub fn mover(&self) -> Seat {
        self.mover
    }

    /// The colour of `seat`'s stones.
    #[inline]
    pub fn colour_of(&self, seat: Seat) -> Colour {
        self.colours[seat]
    }

    /// Whether play is over (two consecutive passes).
    #[inline]
    pub fn is_over(&self) -> bool {
        self.passes_in_row >= 2
    }

    /// Whether a placement of the mover on the empty `point` is allowed by
    /// the resolver and the repetition rule, and if so whether it is a
    /// self-capture.
    #[inline]
    fn admits(&self, point: Point) -> Option<bool> {
        if self.liberty_suffices && self.board.empty_neighbours(point) > 0 {
            return Some(false);
        }
        let colour = self.colours[self.mover];
        if !self.self_capture && self.board.is_suicide(point, colour) {
            return None;
        }
        let probe = self.board.probe(point, colour);
        let (hash, self_capture) = if probe.has_liberty {
            (probe.hash_after_captures, false)
        } else if self.self_capture {
            (self.board.hash_after_self_capture(point, colour), true)
        } else {
            return None;
        };
        let allowed = match &self.repetition {
            Repetition::Unrestricted => true,
            Repetition::SimpleKo { latest, before } => {
                *latest != Some(hash) && *before != Some(hash)
            }
            Repetition::PositionalSuperko(boards) => !boards.contains(&hash),
        };
        allowed.then_some(self_capture)
    }

    /// Whether the mover may place a stone on `point` (false once play is
    /// over).
    pub fn is_legal(&self, point: Point) -> bool {
        !self.is_over() && self.board.is_empty(point) && self.admits(point).is_some()
    }

    /// Places the mover's stone on the empty `point` where that is legal,
    /// and passes the turn; false (and nothing changed) where it is not.
    #[inline]
    pub fn place_if_legal(&mut self, point: Point) -> bool {
        if self.is_over() || !self.board.is_empty(point) {
            return false;
        }
        let Some(self_capture) = self.admits(point) else {
            return false;
        };
        let colour = self.colours[self.mover];
        self.removed.clear();
        self.board.play(point, colour, &mut self.removed);
        if self_capture {
            self.board.remove_string(point, &mut self.removed);
        }
        let hash = self.board.hash();
        match &mut self.repetition {
            Repetition::Unrestricted => {}
            Repetition::SimpleKo { latest, before } => {
                *before = *latest;
                *latest = Some(hash);
            }
            Repetition::PositionalSuperko(boards) => {
                boards.insert(hash);
            }
        }
        self.passes_in_row = 0;
        self.mover = self.mover.other();
        true
    }

    /// The mover passes (false, and nothing changed, once play is over).
    pub fn pass(&mut self) -> bool {
        if self.is_over() {
            return false;
        }
        self.passes_in_row += 1;
        self.mover = self.mover.other();
        true
    }

    /// Player 1's lead on the score of the board as it stands (every stone
    /// alive), the fixed points included.
    pub fn lead(&self) -> f64 {
        let count = area_count(&self.board, &PointSet::default());
        let total = |seat: Seat| {
            let c = self.colours[seat];
            f64::from(count.stones[c] + count.territory[c]) + self.bonuses[c]
        };
        total(Seat::One) - total(Seat::Two)
    }

    /// The winner of the score as it stands, `None` on equal scores.
    pub fn leader(&self) -> Option<Seat> {
        seat_ahead(self.lead())
    }
}

/// The seat ahead when Player 1 leads by `lead` (`None` when level).
pub fn seat_ahead(lead: f64) -> Option<Seat> {
    match lead.partial_cmp(&0.0) {
        Some(std::cmp::Ordering::Greater) => Some(Seat::One),
        Some(std::cmp::Ordering::Less) => Some(Seat::Two),
        _ => None,
    }
}
