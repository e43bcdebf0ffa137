//! No placement may leave a string of exactly four stones (Tetris Go).

use crate::resolver::per_placement::{PerPlacement, Suicide};
use schemars::JsonSchema;
use serde::Deserialize;
use tengen_core::game::Refusal;
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::rules::{PlacementPlan, Removals};
use tengen_core::{Board, Colour, MAX_DEGREE, Point, Resolver};

tengen_core::component! {
    /// Captures as in Go (each placement removes the opposing strings it
    /// leaves without liberties; suicide is refused), and a placement
    /// whose stone would belong to a string of exactly `size` stones (4 by
    /// default: the shapes of Tetris's pieces, the tetrominoes) is
    /// refused (code `string-of-four`, or `forbidden-string-size`
    /// for another size). The string counted is the placed stone with
    /// every string of its colour it joins; captures never change it.
    /// Larger strings are allowed, so a string of four can never be
    /// built up stone by stone, but two smaller strings may be joined
    /// into one of five or more at once.
    #[component(Resolver, "no-four-stone-strings")]
    #[derive(Debug)]
    pub struct NoFourStoneStrings {
        size: u32,
        captures: PerPlacement,
    }
}

/// Parameters of [`NoFourStoneStrings`].
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct NoFourStoneStringsParams {
    /// The forbidden number of stones in a string: 4 in Tetris Go.
    #[serde(default = "four")]
    #[schemars(range(min = 2, max = 64))]
    pub size: u32,
}

fn four() -> u32 {
    4
}

impl FromParams for NoFourStoneStrings {
    type Params = NoFourStoneStringsParams;

    fn from_params(
        p: NoFourStoneStringsParams,
        _: &BuildContext,
    ) -> Result<NoFourStoneStrings, Vec<BuildProblem>> {
        if !(2..=64).contains(&p.size) {
            return Err(vec![BuildProblem::at(
                "size",
                format!(
                    "a forbidden string of {} stones is not offered: from 2 to 64",
                    p.size
                ),
            )]);
        }
        Ok(NoFourStoneStrings {
            size: p.size,
            captures: PerPlacement::new(Suicide::Refused),
        })
    }
}

tengen_core::component_without_hooks!(NoFourStoneStrings);

impl NoFourStoneStrings {
    /// The number of stones in the string a stone of `colour` on the
    /// empty `point` would belong to: itself and every string of its
    /// colour around it, each counted once.
    fn joined_size(board: &Board, colour: Colour, point: Point) -> usize {
        let mut heads = [Point::default(); MAX_DEGREE];
        let mut count = 0;
        let mut size = 1;
        for &n in board.geometry().neighbours(point) {
            if board.get(n) != Some(colour) {
                continue;
            }
            let head = board.string_head(n);
            if !heads[..count].contains(&head) {
                heads[count] = head;
                count += 1;
                size += board.string_size(head);
            }
        }
        size
    }

    fn forbidden(&self, board: &Board, colour: Colour, point: Point) -> bool {
        board.is_empty(point)
            && NoFourStoneStrings::joined_size(board, colour, point) == self.size as usize
    }
}

impl Resolver for NoFourStoneStrings {
    fn allows_self_capture(&self) -> bool {
        false
    }

    fn plan(&self, board: &Board, colour: Colour, point: Point) -> Result<PlacementPlan, Refusal> {
        if self.forbidden(board, colour, point) {
            let label = board.geometry().label(point);
            let code = if self.size == 4 {
                "string-of-four"
            } else {
                "forbidden-string-size"
            };
            return Err(Refusal::rule(
                code,
                format!(
                    "{label} would make a string of exactly {} stones, which is not allowed",
                    self.size
                ),
            ));
        }
        self.captures.plan(board, colour, point)
    }

    #[inline]
    fn admits(&self, board: &Board, colour: Colour, point: Point) -> Option<PlacementPlan> {
        if self.forbidden(board, colour, point) {
            return None;
        }
        self.captures.admits(board, colour, point)
    }

    fn commit(
        &self,
        board: &mut Board,
        colour: Colour,
        point: Point,
        plan: &PlacementPlan,
        removals: &mut Removals,
    ) {
        self.captures.commit(board, colour, point, plan, removals);
    }
}
