//! No placement may take a string's last liberty (NoGo).

use tengen_core::game::Refusal;
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::rules::{PlacementPlan, Removals};
use tengen_core::{Board, Colour, Point, Resolver};

tengen_core::component! {
    /// Every string on the board must keep a liberty: a placement that
    /// would leave an opposing string without one (a capture) is refused,
    /// and so is one that would leave its own string without one (suicide,
    /// even where it would capture). No stone ever leaves the board, so no
    /// position can repeat. This is NoGo (No Capture Go), whose players
    /// race to keep a legal placement: combined with an objective under
    /// which a player who cannot place loses, the last player to place
    /// wins.
    #[component(Resolver, "no-capture")]
    #[derive(Debug)]
    pub struct NoCapture;
}

impl FromParams for NoCapture {
    type Params = crate::NoParams;

    fn from_params(_: crate::NoParams, _: &BuildContext) -> Result<NoCapture, Vec<BuildProblem>> {
        Ok(NoCapture)
    }
}

tengen_core::component_without_hooks!(NoCapture);

impl Resolver for NoCapture {
    fn allows_self_capture(&self) -> bool {
        false
    }

    fn plan(&self, board: &Board, colour: Colour, point: Point) -> Result<PlacementPlan, Refusal> {
        let label = board.geometry().label(point);
        if !board.is_empty(point) {
            return Err(Refusal::Occupied(label));
        }
        let probe = board.probe(point, colour);
        if !probe.captured_strings().is_empty() {
            return Err(Refusal::rule(
                "capture-forbidden",
                format!("{label} would capture: no placement may take a string's last liberty"),
            ));
        }
        if !probe.has_liberty {
            return Err(Refusal::Suicide(label));
        }
        Ok(PlacementPlan {
            position: Some(probe.hash_after_captures),
            self_capture: false,
        })
    }

    #[inline]
    fn admits(&self, board: &Board, colour: Colour, point: Point) -> Option<PlacementPlan> {
        if !board.is_empty(point) {
            return None;
        }
        let probe = board.probe(point, colour);
        (probe.captured_strings().is_empty() && probe.has_liberty).then_some(PlacementPlan {
            position: Some(probe.hash_after_captures),
            self_capture: false,
        })
    }

    fn commit(
        &self,
        board: &mut Board,
        colour: Colour,
        point: Point,
        _: &PlacementPlan,
        removals: &mut Removals,
    ) {
        // The plan refused every capture: nothing is removed.
        board.play(point, colour, &mut removals.opponent);
        debug_assert!(removals.opponent.is_empty());
    }
}
