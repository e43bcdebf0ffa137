//! The Topology trait: the board's shape.

use crate::geometry::Geometry;
use crate::rules::Component;
use std::sync::Arc;

/// Decides the points of the board, who neighbours whom, the point names,
/// the star points and the drawing positions. Strings, liberties and
/// territory all follow the neighbour relation it gives, and nothing else.
///
/// A topology builds its [`Geometry`] once, when the ruleset is assembled;
/// the board reads the geometry's flat neighbour table on every placement.
pub trait Topology: Component {
    /// The geometry this topology describes.
    fn geometry(&self) -> Arc<Geometry>;
}
