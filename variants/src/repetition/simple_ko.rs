//! The simple ko rule.

use tengen_core::RepetitionPolicy;
use tengen_core::game::PositionHistory;
use tengen_core::rules::{BoardRule, Candidate, Judgement};

tengen_core::component! {
    /// Simple ko: a placement may not recreate the position that stood just
    /// before the latest position was created; that is, a stone captured in
    /// a ko may not recapture at once. Longer cycles (triple ko, sending two
    /// returning one) are not prevented.
    ///
    /// Nor may a placement leave the board exactly as it stands: where
    /// self-capture is allowed, a lone stone that removes itself would
    /// otherwise be a pass that does not count as one, and a game could
    /// go on for ever. (Where suicide is refused this never arises.)
    #[component(Repetition, "simple-ko")]
    #[derive(Debug)]
    pub struct SimpleKo;
}

crate::no_params!(SimpleKo);

tengen_core::component_without_hooks!(SimpleKo);

impl RepetitionPolicy for SimpleKo {
    fn judge(&self, history: &PositionHistory, candidate: &Candidate) -> Judgement {
        let n = history.len();
        // The latest board first, then the one before it.
        (n.saturating_sub(2)..n)
            .rev()
            .find(|&i| history.board_at(i) == Some(candidate.board))
            .map_or(Judgement::Allow, |earlier| Judgement::Refuse { earlier })
    }

    fn rule_name(&self) -> &'static str {
        "simple ko"
    }

    /// Only the latest two boards are compared.
    fn looks_up_boards(&self) -> bool {
        false
    }

    fn board_rule(&self) -> Option<BoardRule> {
        Some(BoardRule::SimpleKo)
    }
}
