//! Capture after every placement.

use schemars::JsonSchema;
use serde::Deserialize;
use tengen_core::game::Refusal;
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::rules::{PlacementPlan, Removals};
use tengen_core::{Board, Colour, Point, Resolver};

tengen_core::component! {
    /// Each placement resolves at once: the stone is placed, every opposing
    /// string left without liberties is removed, and then the placed stone's
    /// own string is looked at. A placement that captures is never suicide,
    /// since the captures give it liberties.
    ///
    /// If the stone's own string has no liberties left, the placement is
    /// suicide. With `suicide = "refused"` (most rulesets) it is not allowed.
    /// With `suicide = "allowed"` (Tromp-Taylor) it is played and the whole
    /// string, placed stone included, is removed at once; the position that
    /// results is subject to the repetition rule like any other (a lone
    /// stone that removes itself recreates the position before it).
    ///
    /// Every placement creates a position for the repetition rule.
    #[component(Resolver, "per-placement")]
    #[derive(Debug)]
    pub struct PerPlacement {
        suicide: Suicide,
    }
}

/// What happens to a placement that leaves its own string without liberties.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Suicide {
    /// The placement is not allowed.
    Refused,
    /// The placement is played and the string is removed (self-capture).
    Allowed,
}

/// Parameters of [`PerPlacement`].
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PerPlacementParams {
    /// `refused`: a placement leaving its own string without liberties is
    /// not allowed. `allowed`: it is played and the string is removed.
    pub suicide: Suicide,
}

impl PerPlacement {
    /// The resolver with the given suicide rule.
    pub fn new(suicide: Suicide) -> PerPlacement {
        PerPlacement { suicide }
    }
}

impl FromParams for PerPlacement {
    type Params = PerPlacementParams;

    fn from_params(
        p: PerPlacementParams,
        _: &BuildContext,
    ) -> Result<PerPlacement, Vec<BuildProblem>> {
        Ok(PerPlacement::new(p.suicide))
    }
}

tengen_core::component_without_hooks!(PerPlacement);

impl Resolver for PerPlacement {
    fn allows_self_capture(&self) -> bool {
        self.suicide == Suicide::Allowed
    }

    fn captures_each_placement(&self) -> bool {
        true
    }

    fn plan(&self, board: &Board, colour: Colour, point: Point) -> Result<PlacementPlan, Refusal> {
        self.admits(board, colour, point).ok_or_else(|| {
            let label = board.geometry().label(point);
            if board.is_empty(point) {
                Refusal::Suicide(label)
            } else {
                Refusal::Occupied(label)
            }
        })
    }

    #[inline]
    fn admits(&self, board: &Board, colour: Colour, point: Point) -> Option<PlacementPlan> {
        if !board.is_empty(point)
            || (self.suicide == Suicide::Refused && board.is_suicide(point, colour))
        {
            return None;
        }
        let probe = board.probe(point, colour);
        if probe.has_liberty {
            return Some(PlacementPlan {
                position: Some(probe.hash_after_captures),
                self_capture: false,
            });
        }
        match self.suicide {
            Suicide::Refused => None,
            Suicide::Allowed => Some(PlacementPlan {
                position: Some(board.hash_after_self_capture(point, colour)),
                self_capture: true,
            }),
        }
    }

    #[inline]
    fn commit(
        &self,
        board: &mut Board,
        colour: Colour,
        point: Point,
        plan: &PlacementPlan,
        removals: &mut Removals,
    ) {
        board.play(point, colour, &mut removals.opponent);
        if plan.self_capture {
            board.remove_string(point, &mut removals.own);
        }
    }
}
