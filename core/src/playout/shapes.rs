//! The shapes of the playout policy ([`super::Policy::Shapes`]): after
//! the tactics, a placement close to the last one is drawn by the
//! strength learned pattern weights give it ([`crate::pattern`]).
//!
//! The weights are a generalized Bradley-Terry model: a placement is
//! chosen with probability its strength over the sum of the strengths of
//! every candidate. Near the last placement (its neighbours and its
//! diagonals) the policy computes each candidate's strength from its
//! features: its shape, its distance from the last placement, its line,
//! whether it is a self-atari of one stone. The placements farther away,
//! which the policy does not look at one by one, are counted as the
//! model's far placement: the weight of "farther than three links" for
//! each of them, with every other feature neutral. A draw then goes to a
//! near candidate with the model's probability, and otherwise to the
//! light draw over the whole board (which keeps every placement
//! possible, as a playout needs).
//!
//! Shapes are read through the board's strings and links alone, so the
//! same policy plays on every topology the patterns know.

use super::tactics::{SELF_ATARI_STONES, StringView, is_self_atari};
use super::{PlacementTarget, PlayoutRng};
use crate::colour::Colour;
use crate::geometry::Geometry;
use crate::pattern::{
    EMPTY, Features, Neighbourhoods, PatternWeights, ShapeMap, diagonal_state, stone_state,
};
use crate::point::Point;
use std::ops::ControlFlow;
use std::sync::Arc;

/// The `near-last` value of a placement farther than three links.
const FAR: u8 = 3;

/// The learned weights and what they need of the board played on.
#[derive(Clone, Debug)]
pub(crate) struct Shapes {
    weights: Arc<PatternWeights>,
    /// The neighbourhoods of the geometry played on, built for it.
    neighbourhoods: Option<Neighbourhoods>,
    /// The strength of one placement far from the last.
    far: f64,
    /// The key of each ring as read.
    canonical: ShapeMap<u64>,
    /// The near candidates of the draw under way, with their strengths.
    near: Vec<(Point, f64)>,
    /// The liberties of the strings met in the draw under way.
    liberties: Vec<(Point, u8)>,
}

impl Shapes {
    pub(crate) fn new(weights: Arc<PatternWeights>) -> Shapes {
        let far = weights.gamma(&Features {
            shape: u64::MAX,
            near_last: FAR,
            line: u8::MAX,
            self_atari: u8::MAX,
        });
        Shapes {
            weights,
            neighbourhoods: None,
            far,
            canonical: ShapeMap::default(),
            near: Vec::new(),
            liberties: Vec::new(),
        }
    }

    /// Readies the shapes for `geometry` (built once for a geometry).
    pub(crate) fn play_on(&mut self, geometry: &Arc<Geometry>) {
        if self
            .neighbourhoods
            .as_ref()
            .is_none_or(|n| !Arc::ptr_eq(n.geometry(), geometry))
        {
            self.neighbourhoods = Some(Neighbourhoods::new(Arc::clone(geometry)));
            self.canonical.clear();
        }
    }

    /// A placement of `colour` near `last` drawn by its strength and
    /// played, or `None` where the draw goes elsewhere (the caller then
    /// draws over the whole board).
    pub(crate) fn draw<T: PlacementTarget>(
        &mut self,
        rng: &mut PlayoutRng,
        target: &mut T,
        colour: Colour,
        last: T::Vertex,
    ) -> Option<T::Vertex> {
        let neighbourhoods = self.neighbourhoods.as_ref()?;
        let geometry = Arc::clone(neighbourhoods.geometry());
        let view = target.view();
        let last = view.point_of(last);
        self.near.clear();
        self.liberties.clear();
        let rings = [
            (0u8, geometry.neighbours(last)),
            (1u8, geometry.diagonals(last)),
        ];
        for (near_last, points) in rings {
            for &p in points {
                let v = view.vertex_of(p);
                if view.stone_at(v).is_some() || target.is_eye_at(v, colour) {
                    continue;
                }
                // A self-atari of a lone stone is weighed; of more, the
                // tactics never play it (a larger self-atari is a smaller
                // one too, so one test settles most candidates).
                let self_atari = is_self_atari(view, v, colour, 1);
                if self_atari && is_self_atari(view, v, colour, SELF_ATARI_STONES) {
                    continue;
                }
                let liberties = &mut self.liberties;
                let shape = neighbourhoods.shape_key_by(
                    p,
                    |q| {
                        let w = view.vertex_of(q);
                        match view.stone_at(w) {
                            None => EMPTY,
                            Some(c) => stone_state(c == colour, liberties_of(view, w, liberties)),
                        }
                    },
                    |q| diagonal_state(view.stone_at(view.vertex_of(q)), colour),
                    &mut self.canonical,
                );
                let features = Features {
                    shape,
                    near_last,
                    line: neighbourhoods.line(p),
                    self_atari: u8::from(self_atari),
                };
                self.near.push((p, self.weights.gamma(&features)));
            }
        }
        let mut near: f64 = self.near.iter().map(|&(_, g)| g).sum();
        let far = target
            .empty_vertices()
            .len()
            .saturating_sub(self.near.len()) as f64
            * self.far;
        while near > 0.0 && !self.near.is_empty() {
            let mut r = unit(rng) * (near + far);
            if r >= near {
                return None;
            }
            let mut chosen = self.near.len() - 1;
            for (i, &(_, g)) in self.near.iter().enumerate() {
                if r < g {
                    chosen = i;
                    break;
                }
                r -= g;
            }
            let (p, g) = self.near.swap_remove(chosen);
            near -= g;
            let v = target.view().vertex_of(p);
            if target.place_if_legal(v, colour) {
                return Some(v);
            }
        }
        None
    }
}

/// A draw from 0 (included) to 1 (excluded).
fn unit(rng: &mut PlayoutRng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// The liberties of the string through the stone on `vertex`, 1 to 3 (3:
/// three or more), counted once a string in a draw (`seen`).
fn liberties_of<B: StringView>(board: &B, vertex: B::Vertex, seen: &mut Vec<(Point, u8)>) -> u8 {
    let head = board.point_of(board.string_of(vertex));
    if let Some(&(_, n)) = seen.iter().find(|(h, _)| *h == head) {
        return n;
    }
    let mut found: [Option<B::Vertex>; 3] = [None; 3];
    let mut count = 0u8;
    let _ = board.each_stone(vertex, |stone| {
        board.each_neighbour(stone, |n| {
            if board.stone_at(n).is_none() && !found[..usize::from(count)].contains(&Some(n)) {
                found[usize::from(count)] = Some(n);
                count += 1;
                if count == 3 {
                    return ControlFlow::Break(());
                }
            }
            ControlFlow::Continue(())
        })
    });
    let count = count.max(1);
    seen.push((head, count));
    count
}
