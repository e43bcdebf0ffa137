//! Repetition policies: which repeated positions are refused.

mod no_repetition_rule;
mod positional_superko;
mod simple_ko;
mod situational_superko;

pub use no_repetition_rule::NoRepetitionRule;
pub use positional_superko::PositionalSuperko;
pub use simple_ko::SimpleKo;
pub use situational_superko::SituationalSuperko;
