//! Strict alternation.

use tengen_core::Schedule;
use tengen_core::rules::Slot;

tengen_core::component! {
    /// Strict alternation: every move is one placement opportunity, and the
    /// two seats take turns (A, B, A, B, ...). The seat holding A moves first.
    #[component(Schedule, "alternating")]
    #[derive(Debug)]
    pub struct Alternating;
}

crate::no_params!(Alternating);

tengen_core::component_without_hooks!(Alternating);

impl Schedule for Alternating {
    fn slot(&self, k: u64) -> Slot {
        if k.is_multiple_of(2) {
            Slot::A
        } else {
            Slot::B
        }
    }

    fn alternates_strictly(&self) -> bool {
        true
    }
}
