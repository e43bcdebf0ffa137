//! The simple ko rule.

use tengen_core::RepetitionPolicy;
use tengen_core::game::PositionHistory;
use tengen_core::rules::{Candidate, Judgement};

tengen_core::component! {
    /// Simple ko: a placement may not recreate the position that stood just
    /// before the latest position was created; that is, a stone captured in
    /// a ko may not recapture at once. Longer cycles (triple ko, sending two
    /// returning one) are not prevented.
    #[component(Repetition, "simple-ko")]
    #[derive(Debug)]
    pub struct SimpleKo;
}

crate::no_params!(SimpleKo);

tengen_core::component_without_hooks!(SimpleKo);

impl RepetitionPolicy for SimpleKo {
    fn judge(&self, history: &PositionHistory, candidate: &Candidate) -> Judgement {
        let n = history.len();
        match n
            .checked_sub(2)
            .and_then(|i| history.get(i).map(|o| (i, o)))
        {
            Some((i, before_last)) if before_last.board == candidate.board => {
                Judgement::Refuse { earlier: i }
            }
            _ => Judgement::Allow,
        }
    }

    fn rule_name(&self) -> &'static str {
        "simple ko"
    }
}
