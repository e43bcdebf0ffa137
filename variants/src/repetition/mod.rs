//! Repetition policies: which repeated positions are refused.

mod double_delayed_psk;
mod no_repetition_rule;
mod positional_superko;
mod repetition_draw;
mod simple_ko;
mod situational_superko;

pub use double_delayed_psk::DoubleDelayedPsk;
pub use no_repetition_rule::NoRepetitionRule;
pub use positional_superko::PositionalSuperko;
pub use repetition_draw::{RepetitionDraw, RepetitionDrawParams};
pub use simple_ko::SimpleKo;
pub use situational_superko::SituationalSuperko;
