//! The RepetitionPolicy trait: which repeated positions are refused, and
//! which end the game.

use crate::colour::Seat;
use crate::rules::Component;
use crate::state::PositionHistory;

/// A position a placement (or the end of a move) is about to create.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The hash of the board.
    pub board: u64,
    /// The seat that acts after this position is created.
    pub next_seat: Seat,
    /// Whether the position ends the move (the last of its placements, or
    /// the end-of-move clearing).
    pub ends_move: bool,
    /// The length of the history when the current move began.
    pub move_start: usize,
}

/// What a repetition policy says about a candidate position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// The position may be created.
    Allow,
    /// The position may not be created: it repeats the occurrence at this
    /// index of the history.
    Refuse {
        /// Index into the history of the earlier occurrence.
        earlier: usize,
    },
    /// The position is created and the game ends at once as a draw.
    Draw,
}

/// Decides what a repeated position does: nothing, a refusal, or the end of
/// the game. The core records every position the resolver creates in the
/// [`PositionHistory`] (the initial position included) and asks the policy
/// about each new one before the board changes.
pub trait RepetitionPolicy: Component {
    /// Judges a candidate position against the history.
    fn judge(&self, history: &PositionHistory, candidate: &Candidate) -> Judgement;

    /// The rule's name for messages, e.g. "positional superko".
    fn rule_name(&self) -> &'static str;

    /// Whether the policy looks boards up anywhere in the history
    /// ([`PositionHistory::first_of_board`],
    /// [`PositionHistory::board_count`],
    /// [`PositionHistory::find_board_from`]); then the history keeps an
    /// index of boards (otherwise those lookups scan, with the same
    /// answers). True unless an implementation says otherwise: a rule
    /// that compares only the latest boards (simple ko) or none saves
    /// indexing every position of every playout.
    fn looks_up_boards(&self) -> bool {
        true
    }

    /// Whether the policy looks positions up by situation (board and seat
    /// to act) with [`PositionHistory::first_of_situation`]; then the
    /// history keeps an index of situations (otherwise that lookup scans).
    fn compares_situations(&self) -> bool {
        false
    }

    /// Whether the policy judges the position a move ends on (besides the
    /// positions the placements create); then the core calls
    /// [`RepetitionPolicy::judge_move_end`] at the end of every move that
    /// placed a stone.
    fn judges_move_end(&self) -> bool {
        false
    }

    /// Judges the board a move that placed stones ends on. `move_start` is
    /// the length of the history when the move began.
    fn judge_move_end(
        &self,
        history: &PositionHistory,
        board: u64,
        move_start: usize,
    ) -> Judgement {
        let _ = (history, board, move_start);
        Judgement::Allow
    }

    /// The rule as one of the standard rules over board hashes, where it
    /// is exactly that (refusing, never drawing, and judging only the
    /// positions placements create): the light playout board then plays it
    /// without the history's bookkeeping. `None` unless an implementation
    /// says otherwise.
    fn board_rule(&self) -> Option<BoardRule> {
        None
    }
}

/// A repetition rule that looks only at the hashes of the boards the game
/// has had, in one of the standard ways (see
/// [`RepetitionPolicy::board_rule`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardRule {
    /// Any board may recur.
    Unrestricted,
    /// A placement may not recreate the latest board, nor the one before
    /// it.
    SimpleKo,
    /// A placement may not recreate any board the game has had.
    PositionalSuperko,
}
