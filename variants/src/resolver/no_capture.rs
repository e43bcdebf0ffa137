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

/// Why a placement is refused.
enum Fault {
    Occupied,
    Captures,
    Suicide,
}

/// The plan of a placement of `colour` on `point`, or why it is refused:
/// the point is taken, the stone would capture, or it would be suicide
/// (a capture is named first, since it is the rule of this game).
#[inline]
fn judge(board: &Board, colour: Colour, point: Point) -> Result<PlacementPlan, Fault> {
    if !board.is_empty(point) {
        return Err(Fault::Occupied);
    }
    let probe = board.probe(point, colour);
    if !probe.captured_strings().is_empty() {
        return Err(Fault::Captures);
    }
    if !probe.has_liberty {
        return Err(Fault::Suicide);
    }
    Ok(PlacementPlan {
        position: Some(probe.hash_after_captures),
        self_capture: false,
    })
}

impl Resolver for NoCapture {
    fn allows_self_capture(&self) -> bool {
        false
    }

    fn plan(&self, board: &Board, colour: Colour, point: Point) -> Result<PlacementPlan, Refusal> {
        judge(board, colour, point).map_err(|fault| {
            let label = board.geometry().label(point);
            match fault {
                Fault::Occupied => Refusal::Occupied(label),
                Fault::Captures => Refusal::rule(
                    "capture-forbidden",
                    format!("{label} would capture: no placement may take a string's last liberty"),
                ),
                Fault::Suicide => Refusal::Suicide(label),
            }
        })
    }

    #[inline]
    fn admits(&self, board: &Board, colour: Colour, point: Point) -> Option<PlacementPlan> {
        judge(board, colour, point).ok()
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
