//! A fixed setup: given Attacker stones and given roles.

use super::setup::fix_roles_and_begin;
use schemars::JsonSchema;
use serde::Deserialize;
use tengen_core::game::{Ctx, Refusal};
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::{Colour, Opening, Point, Seat};

tengen_core::component! {
    /// A fixed setup: the Attacker (`attacker`, `P1` or `P2`) starts with
    /// stones on the given points (`stones`) and the other player defends
    /// and makes the first move; there is no choice of roles. The bundled
    /// Kill-All Go uses the 17-stone setup of 19x19: K18 C17 R17 D16 K16 Q16
    /// B10 D10 K10 Q10 S10 D4 K4 Q4 C3 R3 K2. A setup that names a point the
    /// board does not have is refused with the board it was made for.
    #[component(Opening, "fixed-setup")]
    #[derive(Debug)]
    pub struct FixedSetup {
        attacker: Seat,
        stones: Vec<Point>,
    }
}

/// Parameters of [`FixedSetup`].
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FixedSetupParams {
    /// The Attacker's seat: `P1` or `P2`.
    pub attacker: Seat,
    /// The points of the Attacker's stones, e.g. `["K18", "C17"]`.
    pub stones: Vec<String>,
}

impl FromParams for FixedSetup {
    type Params = FixedSetupParams;

    fn from_params(
        p: FixedSetupParams,
        ctx: &BuildContext,
    ) -> Result<FixedSetup, Vec<BuildProblem>> {
        let geometry = ctx
            .geometry
            .as_ref()
            .expect("openings are built after the topology");
        let mut stones = Vec::new();
        let mut problems = Vec::new();
        for name in &p.stones {
            match geometry.parse_point(name) {
                Ok(point) if stones.contains(&point) => {
                    problems.push(BuildProblem::at(
                        "stones",
                        format!("{name} is listed twice"),
                    ));
                }
                Ok(point) => stones.push(point),
                Err(e) => problems.push(BuildProblem::at(
                    "stones",
                    format!(
                        "this setup does not fit a {}x{} board: {e}",
                        geometry.width(),
                        geometry.height()
                    ),
                )),
            }
        }
        if problems.is_empty() {
            Ok(FixedSetup {
                attacker: p.attacker,
                stones,
            })
        } else {
            problems.truncate(1);
            Err(problems)
        }
    }
}

tengen_core::component_without_hooks!(FixedSetup);

impl Opening for FixedSetup {
    fn start(&self, ctx: &mut Ctx<'_>) -> Result<(), Refusal> {
        ctx.place_setup_stones(self.attacker, Colour::Black, &self.stones)?;
        fix_roles_and_begin(ctx, self.attacker);
        Ok(())
    }
}
