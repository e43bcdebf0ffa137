//! No opening.

use tengen_core::game::{Ctx, Refusal};
use tengen_core::{Opening, Seat};

tengen_core::component! {
    /// No opening: play starts on the empty board, Player 1 plays the first
    /// colour and takes the first placement.
    #[component(Opening, "none")]
    #[derive(Debug)]
    pub struct NoOpening;
}

crate::no_params!(NoOpening);

tengen_core::component_without_hooks!(NoOpening);

impl Opening for NoOpening {
    fn start(&self, ctx: &mut Ctx<'_>) -> Result<(), Refusal> {
        ctx.begin_play(Seat::One);
        Ok(())
    }
}
