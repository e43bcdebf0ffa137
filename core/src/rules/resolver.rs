//! The Resolver trait: when captures happen and what counts as suicide.

use crate::board::Board;
use crate::colour::Colour;
use crate::point::Point;
use crate::rules::Component;
use crate::state::Refusal;

/// What a placement will do, worked out before the board changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacementPlan {
    /// The hash of the position the placement creates, when it creates one
    /// (resolvers that clear at the end of the move create none until then).
    pub position: Option<u64>,
    /// Whether the mover's own string is removed (self-capture).
    pub self_capture: bool,
}

/// Stones a resolver removed, by whose they were.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Removals {
    /// Opposing stones captured.
    pub opponent: Vec<Point>,
    /// The mover's own stones removed (self-capture).
    pub own: Vec<Point>,
}

/// `clone_from` keeps the lists' memory.
impl Clone for Removals {
    fn clone(&self) -> Removals {
        Removals {
            opponent: self.opponent.clone(),
            own: self.own.clone(),
        }
    }

    fn clone_from(&mut self, source: &Removals) {
        self.opponent.clone_from(&source.opponent);
        self.own.clone_from(&source.own);
    }
}

impl Removals {
    /// Lists big enough for any placement on a board of `points` points.
    pub fn with_capacity(points: usize) -> Removals {
        Removals {
            opponent: Vec::with_capacity(points),
            own: Vec::with_capacity(points),
        }
    }

    /// Empties both lists, keeping their memory.
    pub fn clear(&mut self) {
        self.opponent.clear();
        self.own.clear();
    }
}

/// The end of a move foreseen without changing the board (see
/// [`Resolver::foresee_move_end`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForeseenEnd {
    /// The resolver cannot tell without clearing a copy of the board.
    Unknown,
    /// The clearing refuses the move.
    Refused,
    /// The clearing is accepted: `position` is what
    /// [`Resolver::clear_at_move_end`] returns, `hash` the hash of the
    /// board it leaves.
    Clears {
        /// The position the clearing creates, if the resolver counts one.
        position: Option<u64>,
        /// The hash of the board after the clearing.
        hash: u64,
        /// Whether the clearing takes any stone off the board. A clearing
        /// foreseen to take none may be skipped: the core then ends the
        /// move on the board as it stands, with `position` as the
        /// position it creates.
        removes_stones: bool,
    },
}

/// Decides when strings without liberties leave the board during a move and
/// whether a move may leave the mover's own strings without liberties.
///
/// The core calls [`Resolver::plan`] before changing anything, asks the
/// repetition policy about the position the plan creates, and only then
/// calls [`Resolver::commit`]; so a refused placement costs nothing.
pub trait Resolver: Component {
    /// Checks a placement of `colour` on `point` and works out its effect,
    /// without changing the board.
    fn plan(&self, board: &Board, colour: Colour, point: Point) -> Result<PlacementPlan, Refusal>;

    /// [`Resolver::plan`] for a probe that only needs to know whether the
    /// placement is possible: `None` where `plan` refuses. Override it when
    /// wording the refusal costs something on the hot path.
    fn admits(&self, board: &Board, colour: Colour, point: Point) -> Option<PlacementPlan> {
        self.plan(board, colour, point).ok()
    }

    /// Carries out a placement [`Resolver::plan`] accepted.
    fn commit(
        &self,
        board: &mut Board,
        colour: Colour,
        point: Point,
        plan: &PlacementPlan,
        removals: &mut Removals,
    );

    /// Whether a player may remove their own strings (self-capture). The
    /// pass-alive analysis depends on it.
    fn allows_self_capture(&self) -> bool;

    /// Whether every placement resolves at once exactly as
    /// [`Board::play`] does (opposing strings without liberties removed),
    /// followed, where [`Resolver::allows_self_capture`] says so, by
    /// [`Board::remove_string`] of the mover's own string when it is left
    /// without liberties, each placement creating a position: the light
    /// playout board then plays it without the generic flow. `false`
    /// unless an implementation says otherwise.
    fn captures_each_placement(&self) -> bool {
        false
    }

    /// Whether a placement that is the only one of its move and ends it
    /// resolves as [`Board::probe`] foresees: the opposing strings it
    /// leaves without liberties are removed, then its own string if that
    /// has none left (removed where [`Resolver::allows_self_capture`] says
    /// so, refused otherwise), and the end of the move creates the position
    /// the probe's hash names; and a move that placed nothing ends with
    /// nothing removed and no new position. The core then decides such
    /// placements, and such passes, without playing them on a copy of the
    /// board. `false` unless an implementation says otherwise.
    fn resolves_lone_placement_as_probed(&self) -> bool {
        false
    }

    /// Whether this resolver does work at the end of a move (then the core
    /// keeps a copy of the game to restore if that work is refused).
    fn clears_at_move_end(&self) -> bool {
        false
    }

    /// The end-of-move clearing: removes what the resolver removes when a
    /// move of `mover` that placed stones on `placed` ends (only strings
    /// next to those stones, or containing them, can have lost their last
    /// liberty during the move). Returns the hash of the position this
    /// creates, if the resolver counts one, or a refusal (the core then
    /// restores the game as it was before the action that ended the move).
    fn clear_at_move_end(
        &self,
        board: &mut Board,
        mover: Colour,
        placed: &[Point],
        removals: &mut Removals,
    ) -> Result<Option<u64>, Refusal> {
        let _ = (board, mover, placed, removals);
        Ok(None)
    }

    /// What [`Resolver::clear_at_move_end`] would do at the end of a move
    /// of `mover` that placed stones on `placed` and then, with `next`,
    /// one more stone there (committed as [`Resolver::commit`] does),
    /// worked out without changing the board: the core then judges the
    /// end of a move without clearing a copy of the board. Only asked of
    /// a resolver that [clears at the end of moves]; `Unknown` (the
    /// default) makes the core clear a copy.
    ///
    /// [clears at the end of moves]: Resolver::clears_at_move_end
    fn foresee_move_end(
        &self,
        board: &Board,
        mover: Colour,
        placed: &[Point],
        next: Option<Point>,
    ) -> ForeseenEnd {
        let _ = (board, mover, placed, next);
        ForeseenEnd::Unknown
    }
}
