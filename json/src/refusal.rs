//! Refusals in JSON: the rule an action breaks, as a stable code and in
//! words.

use schemars::JsonSchema;
use serde::Serialize;
use tengen_core::Refusal;

/// Why the engine refused an action (a refused action changes nothing).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct RefusalForm {
    /// A stable machine-readable code of the rule broken: `occupied`,
    /// `suicide`, `repetition`, `not-your-turn`, `not-available`,
    /// `passing-forbidden`, `game-over`, `off-board`, or a component's own
    /// code (`no-stone`, `button-taken`, ...).
    pub code: String,
    /// The rule broken, for a person.
    pub message: String,
    /// The point the refusal is about, where it names one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub point: Option<String>,
}

impl From<&Refusal> for RefusalForm {
    fn from(refusal: &Refusal) -> RefusalForm {
        let point = match refusal {
            Refusal::Occupied(p) | Refusal::Suicide(p) => Some(p.to_string()),
            Refusal::Repetition { point, .. } => point.map(|p| p.to_string()),
            _ => None,
        };
        RefusalForm {
            code: refusal.code().to_string(),
            message: refusal.to_string(),
            point,
        }
    }
}
