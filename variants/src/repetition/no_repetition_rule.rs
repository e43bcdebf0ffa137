//! No repetition rule at all.

use tengen_core::RepetitionPolicy;
use tengen_core::game::PositionHistory;
use tengen_core::rules::{BoardRule, Candidate, Judgement};

tengen_core::component! {
    /// No repetition rule: any position may recur, any number of times.
    /// Games under this policy may not end on their own; use it for
    /// analysis, or with an objective that ends the game otherwise.
    #[component(Repetition, "none")]
    #[derive(Debug)]
    pub struct NoRepetitionRule;
}

crate::no_params!(NoRepetitionRule);

tengen_core::component_without_hooks!(NoRepetitionRule);

impl RepetitionPolicy for NoRepetitionRule {
    fn judge(&self, _: &PositionHistory, _: &Candidate) -> Judgement {
        Judgement::Allow
    }

    fn rule_name(&self) -> &'static str {
        "no repetition rule"
    }

    /// No board is compared.
    fn looks_up_boards(&self) -> bool {
        false
    }

    fn board_rule(&self) -> Option<BoardRule> {
        Some(BoardRule::Unrestricted)
    }
}
