//! Capture at the end of the move.

use schemars::JsonSchema;
use serde::Deserialize;
use tengen_core::game::Refusal;
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::rules::{ForeseenEnd, PlacementPlan, Removals};
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

    /// The clearing above, worked out on the board as it stands with one
    /// more stone of the mover on `next`: an opposing string next to the
    /// move's stones goes when it has no liberty, or `next` was its only
    /// one; then a string of the mover through the move's stones goes
    /// (or refuses the move) when it has no liberty left but those the
    /// opposing removals open. Opposing strings never touch each other,
    /// nor do the mover's, so each is judged on its own.
    ///
    /// Two common cases are settled first: a move after which every string
    /// next to its stones keeps a liberty removes nothing; and a move whose
    /// earlier stones touch no opposing stone and keep a liberty besides
    /// `next` clears as a move of the stone on `next` alone would, which
    /// [`Board::probe`] foresees.
    fn foresee_move_end(
        &self,
        board: &Board,
        mover: Colour,
        placed: &[Point],
        next: Option<Point>,
    ) -> ForeseenEnd {
        if placed.is_empty() && next.is_none() {
            return ForeseenEnd::Clears {
                position: None,
                hash: board.hash(),
                removes_stones: false,
            };
        }
        if removes_nothing(board, mover, placed, next) {
            let hash = next.map_or(board.hash(), |x| board.hash() ^ board.stone_hash(x, mover));
            return ForeseenEnd::Clears {
                position: Some(hash),
                hash,
                removes_stones: false,
            };
        }
        if let Some(x) = next
            && placed
                .iter()
                .all(|&p| stays_out_of_the_clearing(board, mover, p, x))
        {
            return self.foresee_by_probe(board, mover, x);
        }
        let geometry = board.geometry();
        let opponent = mover.opponent();
        // The stone on `next` takes that liberty from every string it
        // touches.
        let loses_last = |p: Point| next.is_some_and(|x| board.only_liberty_is(p, x));
        let mut hash = board.hash();
        if let Some(x) = next {
            hash ^= board.stone_hash(x, mover);
        }
        // The heads of the opposing strings removed, and of the mover's
        // strings those removals give a liberty (allocated only when a
        // string goes).
        let mut captured: Vec<Point> = Vec::new();
        for &p in placed.iter().chain(next.as_ref()) {
            for &n in geometry.neighbours(p) {
                if board.get(n) == Some(opponent) {
                    let head = board.string_head(n);
                    if !captured.contains(&head) && (!board.has_liberty(n) || loses_last(n)) {
                        captured.push(head);
                        hash ^= board.string_removal_hash(head);
                    }
                }
            }
        }
        let mut removes_stones = !captured.is_empty();
        let mut relieved: Vec<Point> = Vec::new();
        let mut next_relieved = false;
        for &head in &captured {
            for stone in board.string_stones(head) {
                for &n in geometry.neighbours(stone) {
                    if Some(n) == next {
                        next_relieved = true;
                    } else if board.get(n) == Some(mover) {
                        let h = board.string_head(n);
                        if !relieved.contains(&h) {
                            relieved.push(h);
                        }
                    }
                }
            }
        }
        let keeps_a_liberty =
            |h: Point| (board.has_liberty(h) && !loses_last(h)) || relieved.contains(&h);
        // The mover's strings the stone on `next` joins.
        let mut joined = [Point::default(); tengen_core::MAX_DEGREE];
        let mut joined_count = 0;
        if let Some(x) = next {
            let mut lives = next_relieved || board.empty_neighbours(x) > 0;
            for &n in geometry.neighbours(x) {
                if board.get(n) == Some(mover) {
                    let h = board.string_head(n);
                    if !joined[..joined_count].contains(&h) {
                        joined[joined_count] = h;
                        joined_count += 1;
                        lives |= keeps_a_liberty(h);
                    }
                }
            }
            if !lives {
                if self.own_strings == OwnStrings::Refused {
                    return ForeseenEnd::Refused;
                }
                removes_stones = true;
                hash ^= board.stone_hash(x, mover);
                for &h in &joined[..joined_count] {
                    hash ^= board.string_removal_hash(h);
                }
            }
        }
        let joined = &joined[..joined_count];
        let head_of_own = |p: Point| (board.get(p) == Some(mover)).then(|| board.string_head(p));
        for (i, &p) in placed.iter().enumerate() {
            let Some(h) = head_of_own(p) else {
                continue;
            };
            let judged = placed[..i].iter().any(|&q| head_of_own(q) == Some(h));
            if joined.contains(&h) || judged || keeps_a_liberty(h) {
                continue;
            }
            if self.own_strings == OwnStrings::Refused {
                return ForeseenEnd::Refused;
            }
            removes_stones = true;
            hash ^= board.string_removal_hash(h);
        }
        ForeseenEnd::Clears {
            position: Some(hash),
            hash,
            removes_stones,
        }
    }
}

impl EndOfMove {
    /// The end of a move whose only stone that can change the clearing is
    /// its last, on `x`: as for a move of that stone alone, the opposing
    /// strings whose only liberty is `x` go, then the stone's own string
    /// if it has no liberty left, as [`Board::probe`] foresees.
    fn foresee_by_probe(&self, board: &Board, mover: Colour, x: Point) -> ForeseenEnd {
        let probe = board.probe(x, mover);
        let (hash, removes_stones) = if probe.has_liberty {
            (probe.hash_after_captures, probe.captures_any())
        } else if self.own_strings == OwnStrings::Removed {
            (board.hash_after_self_capture(x, mover), true)
        } else {
            return ForeseenEnd::Refused;
        };
        ForeseenEnd::Clears {
            position: Some(hash),
            hash,
            removes_stones,
        }
    }
}

/// Whether the earlier stone of the move on `p` takes no part in the
/// clearing at the end of a move that places its last stone on `x`: no
/// opposing string lost a liberty to it (it has no opposing neighbour),
/// and its string keeps a liberty besides `x` (so it stays, whether or not
/// the stone on `x` joins it, and gives that stone a liberty if it does).
fn stays_out_of_the_clearing(board: &Board, mover: Colour, p: Point, x: Point) -> bool {
    board.get(p) == Some(mover)
        && board.neighbours_of_colour(p, mover.opponent()) == 0
        && board.has_liberty(p)
        && !board.only_liberty_is(p, x)
}

/// Whether the clearing at the end of a move of `mover` that placed stones
/// on `placed`, and one more on `next`, surely removes nothing (the common
/// case, settled without following any string): every opposing string
/// next to a stone of the move keeps a liberty besides `next`; `next` has
/// an empty neighbour, so its string keeps a liberty; and the string of
/// every other stone of the move has a liberty besides `next`.
fn removes_nothing(board: &Board, mover: Colour, placed: &[Point], next: Option<Point>) -> bool {
    let opponent = mover.opponent();
    let keeps_a_liberty =
        |p: Point| board.has_liberty(p) && next.is_none_or(|x| !board.only_liberty_is(p, x));
    let opponents_keep_liberties = |p: Point| {
        board.neighbours_of_colour(p, opponent) == 0
            || board
                .geometry()
                .neighbours(p)
                .iter()
                .all(|&n| board.get(n) != Some(opponent) || keeps_a_liberty(n))
    };
    next.is_none_or(|x| board.empty_neighbours(x) > 0 && opponents_keep_liberties(x))
        && placed.iter().all(|&p| {
            board.get(p) == Some(mover) && keeps_a_liberty(p) && opponents_keep_liberties(p)
        })
}
