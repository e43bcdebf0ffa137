//! Capture at the end of the move.

use schemars::JsonSchema;
use serde::Deserialize;
use tengen_core::game::Refusal;
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::rules::{PlacementPlan, Removals};
use tengen_core::{Board, Colour, Point, Resolver};

tengen_core::component! {
    /// Nothing is removed during a move: every placement of the move is
    /// put on the board first, and strings left without liberties stay
    /// there, their points occupied, until the move ends (the last
    /// placement, or a pass of the rest of the move). Then every opposing
    /// string without liberties is removed, and after that the mover's own
    /// strings without liberties: with `own-strings = "removed"` they are
    /// taken off (Thue-Morse Go's Weak eyes), with `own-strings = "refused"`
    /// the move is not allowed (Enhanced Go's special turn).
    ///
    /// So a move of two placements can fill both one-point eyes of a string
    /// and capture it, and a stone without liberties can be saved by the
    /// next placement of the same move. The order of a move's placements
    /// never changes its result. Only the position after the final clearing
    /// counts for the repetition rule; a move that placed nothing creates
    /// no position.
    #[component(Resolver, "end-of-move")]
    #[derive(Debug)]
    pub struct EndOfMove {
        own_strings: OwnStrings,
    }
}

/// What happens at the end of a move to the mover's strings that have no
/// liberties once the opposing strings without liberties are gone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum OwnStrings {
    /// They are removed.
    Removed,
    /// The move is refused (suicide).
    Refused,
}

/// Parameters of [`EndOfMove`].
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct EndOfMoveParams {
    /// `removed`: the mover's strings left without liberties are removed
    /// after the opposing ones. `refused`: such a move is not allowed.
    pub own_strings: OwnStrings,
}

impl FromParams for EndOfMove {
    type Params = EndOfMoveParams;

    fn from_params(p: EndOfMoveParams, _: &BuildContext) -> Result<EndOfMove, Vec<BuildProblem>> {
        Ok(EndOfMove {
            own_strings: p.own_strings,
        })
    }
}

tengen_core::component_without_hooks!(EndOfMove);

impl Resolver for EndOfMove {
    fn allows_self_capture(&self) -> bool {
        self.own_strings == OwnStrings::Removed
    }

    fn plan(&self, board: &Board, _: Colour, point: Point) -> Result<PlacementPlan, Refusal> {
        if !board.is_empty(point) {
            return Err(Refusal::Occupied(board.geometry().label(point)));
        }
        Ok(PlacementPlan {
            position: None,
            self_capture: false,
        })
    }

    fn commit(
        &self,
        board: &mut Board,
        colour: Colour,
        point: Point,
        _: &PlacementPlan,
        _: &mut Removals,
    ) {
        board.put_stone(point, colour);
    }

    fn clears_at_move_end(&self) -> bool {
        true
    }

    /// A move's only placement: the opposing strings next to it without
    /// liberties go, then its own string if it has none, exactly as a
    /// probe of the placement foresees. A move that placed nothing clears
    /// nothing and creates no position (see `clear_at_move_end`).
    fn resolves_lone_placement_as_probed(&self) -> bool {
        true
    }

    fn clear_at_move_end(
        &self,
        board: &mut Board,
        mover: Colour,
        placed: &[Point],
        removals: &mut Removals,
    ) -> Result<Option<u64>, Refusal> {
        if placed.is_empty() {
            return Ok(None);
        }
        // Only strings next to the move's stones can have lost their last
        // liberty (payments only add liberties): opposing ones first.
        let geometry = std::sync::Arc::clone(board.geometry());
        for &p in placed {
            for &n in geometry.neighbours(p) {
                if board.get(n) == Some(mover.opponent()) && !board.has_liberty(n) {
                    board.remove_string(n, &mut removals.opponent);
                }
            }
        }
        for &p in placed {
            if board.get(p) == Some(mover) && !board.has_liberty(p) {
                match self.own_strings {
                    OwnStrings::Removed => {
                        board.remove_string(p, &mut removals.own);
                    }
                    OwnStrings::Refused => {
                        return Err(Refusal::Suicide(board.geometry().label(p)));
                    }
                }
            }
        }
        Ok(Some(board.hash()))
    }
}
