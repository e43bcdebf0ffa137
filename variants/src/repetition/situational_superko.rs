//! Situational superko.

use tengen_core::RepetitionPolicy;
use tengen_core::game::PositionHistory;
use tengen_core::rules::{Candidate, Judgement};

tengen_core::component! {
    /// Situational superko: no placement may create a board position that
    /// has occurred before with the same seat to act next. The same
    /// arrangement of stones with the other seat to act is a different
    /// situation and is allowed. The starting position counts, with the seat
    /// that acts first. Passes create no position.
    #[component(Repetition, "situational-superko")]
    #[derive(Debug)]
    pub struct SituationalSuperko;
}

crate::no_params!(SituationalSuperko);

tengen_core::component_without_hooks!(SituationalSuperko);

impl RepetitionPolicy for SituationalSuperko {
    fn judge(&self, history: &PositionHistory, candidate: &Candidate) -> Judgement {
        match history.first_of_situation(candidate.board, candidate.next_seat) {
            Some(earlier) => Judgement::Refuse { earlier },
            None => Judgement::Allow,
        }
    }

    fn compares_situations(&self) -> bool {
        true
    }

    /// Situations, not boards, are looked up.
    fn looks_up_boards(&self) -> bool {
        false
    }

    fn rule_name(&self) -> &'static str {
        "situational superko"
    }
}
