//! Double delayed positional superko (tengen's definition).

use tengen_core::RepetitionPolicy;
use tengen_core::game::PositionHistory;
use tengen_core::rules::{Candidate, Judgement};

tengen_core::component! {
    /// Double delayed positional superko, as tengen defines it (the rules
    /// texts name it without a definition): the superko test of a move of
    /// several placements is delayed to the move's end. A position created
    /// by an early placement of a move is not tested (it still counts as an
    /// occurrence); the position a move ends on must not have occurred
    /// before the move began. A move that places nothing is never refused.
    /// When captures wait for the end of the move (Weak eyes), only the
    /// final position exists, and this rule is positional superko.
    #[component(Repetition, "double-delayed-psk")]
    #[derive(Debug)]
    pub struct DoubleDelayedPsk;
}

crate::no_params!(DoubleDelayedPsk);

impl DoubleDelayedPsk {
    fn before_the_move(history: &PositionHistory, board: u64, move_start: usize) -> Judgement {
        match history.first_of_board(board) {
            Some(earlier) if earlier < move_start => Judgement::Refuse { earlier },
            _ => Judgement::Allow,
        }
    }
}

tengen_core::component_without_hooks!(DoubleDelayedPsk);

impl RepetitionPolicy for DoubleDelayedPsk {
    fn judge(&self, history: &PositionHistory, candidate: &Candidate) -> Judgement {
        if candidate.ends_move {
            DoubleDelayedPsk::before_the_move(history, candidate.board, candidate.move_start)
        } else {
            Judgement::Allow
        }
    }

    fn rule_name(&self) -> &'static str {
        "double delayed positional superko"
    }

    fn judges_move_end(&self) -> bool {
        true
    }

    fn judge_move_end(
        &self,
        history: &PositionHistory,
        board: u64,
        move_start: usize,
    ) -> Judgement {
        DoubleDelayedPsk::before_the_move(history, board, move_start)
    }
}
