//! Positional superko.

use tengen_core::RepetitionPolicy;
use tengen_core::game::PositionHistory;
use tengen_core::rules::{BoardRule, Candidate, Judgement};

tengen_core::component! {
    /// Positional superko: no placement may create a board position that
    /// has occurred before in the game. Only the arrangement of stones is
    /// compared; whose turn it is does not matter. The starting position
    /// counts as an occurrence. Passes create no position, so they are never
    /// refused by this rule.
    #[component(Repetition, "positional-superko")]
    #[derive(Debug)]
    pub struct PositionalSuperko;
}

crate::no_params!(PositionalSuperko);

tengen_core::component_without_hooks!(PositionalSuperko);

impl RepetitionPolicy for PositionalSuperko {
    #[inline]
    fn judge(&self, history: &PositionHistory, candidate: &Candidate) -> Judgement {
        match history.first_of_board(candidate.board) {
            Some(earlier) => Judgement::Refuse { earlier },
            None => Judgement::Allow,
        }
    }

    fn rule_name(&self) -> &'static str {
        "positional superko"
    }

    fn board_rule(&self) -> Option<BoardRule> {
        Some(BoardRule::PositionalSuperko)
    }
}
