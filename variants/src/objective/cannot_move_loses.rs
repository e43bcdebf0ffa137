//! The player who cannot move loses (Mathematical Go).

use schemars::JsonSchema;
use serde::Deserialize;
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::{Component, Objective};

tengen_core::component! {
    /// The players keep placing stones, with no passing and no counting:
    /// the first player who cannot place a stone without breaking a rule
    /// (occupied points, suicide, repetition) loses. This is Jean-Claude
    /// Chetrit's Mathematical Go: once the ordinary game would end in two
    /// passes, each player fills their own territory, and the one with less
    /// room runs out of legal placements first.
    ///
    /// With `resignation = true` a player may concede instead of playing on
    /// (the rules text does not mention it; tengen allows it so that long
    /// games need not be filled to the end).
    #[component(Objective, "cannot-move-loses")]
    #[derive(Debug)]
    pub struct CannotMoveLoses {
        resignation: bool,
    }
}

/// Parameters of [`CannotMoveLoses`].
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CannotMoveLosesParams {
    /// Whether a player may resign.
    pub resignation: bool,
}

impl FromParams for CannotMoveLoses {
    type Params = CannotMoveLosesParams;

    fn from_params(
        p: CannotMoveLosesParams,
        _: &BuildContext,
    ) -> Result<CannotMoveLoses, Vec<BuildProblem>> {
        Ok(CannotMoveLoses {
            resignation: p.resignation,
        })
    }
}

impl Component for CannotMoveLoses {
    /// No hooks: only the objective's own questions.
    fn hooks(&self) -> tengen_core::rules::Hooks {
        tengen_core::rules::Hooks::NONE
    }
}

impl Objective for CannotMoveLoses {
    fn resignation_allowed(&self) -> bool {
        self.resignation
    }

    fn passing_allowed(&self) -> bool {
        false
    }

    fn uses_score(&self) -> bool {
        false
    }
}
