//! # tengen-core
//!
//! The rules engine of tengen: a board on any topology, the actions players
//! take, a game state machine that plays any assembled ruleset, the seven
//! component traits a ruleset assembles, the registry that makes components
//! pluggable, and rulesets as validated TOML.
//!
//! The engine knows no particular variant: every rule a variant adds is a
//! component (in the `tengen-variants` crate), registered with
//! [`component!`] and chosen by a ruleset file.
//!
//! ```ignore
//! // With the variants crate linked:
//! let library = tengen_variants::library();
//! let rules = library.assemble("go", &["size=9".into()])?;
//! let mut game = Game::new(rules);
//! let d4 = game.rules().geometry.parse_point("D4")?;
//! game.apply(Seat::One, Action::Place(d4))?;
//! ```

mod action;
pub mod analysis;
mod board;
mod colour;
pub mod game;
mod geometry;
#[cfg(test)]
mod layers;
mod model;
pub mod notation;
pub mod pattern;
mod phase;
pub mod playout;
mod point;
pub mod record;
pub mod registry;
mod rng;
pub mod rules;
pub mod ruleset;
mod state;
pub mod suggest;
pub mod text;
mod zobrist;

pub use action::{
    Action, ActionSpec, Argument, ArgumentKind, Choosing, ComponentAction, Declaration, Seats,
};
pub use board::{Board, EmptyPoints, Probe, StringStones};
pub use colour::{ByColour, BySeat, Colour, Role, Seat};
pub use game::{
    Applied, EndReason, Event, Game, GameMemory, GameResult, GameState, Phase, Refusal, ToAct,
};
pub use geometry::{
    Geometry, GeometryError, MAX_DEGREE, MAX_NAME_LEN, MAX_WIDTH, PointLabel, PointNameError,
};
pub use point::{Point, PointSet};
pub use rules::{
    Component, ComponentKind, Objective, Opening, RepetitionPolicy, Resolver, Rules, Schedule,
    Scorer, Topology,
};
pub use zobrist::seat_to_move_key;

#[doc(hidden)]
pub use inventory;
#[doc(hidden)]
pub use schemars;
#[doc(hidden)]
pub use serde_json;
