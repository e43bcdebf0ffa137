//! The state of a game, as data: the board and the seats, the phase and
//! the move being made, the position history, the components' private
//! data, what an action did, why one was refused, and the result.
//!
//! This layer knows the actions and the board but no rule: the component
//! traits (in `rules`) read and change it, and the game (in `game`) drives
//! it. Its types are public through `game` and `rules`.

mod component;
mod event;
mod game_state;
mod history;
mod refusal;
mod result;
mod score;
mod slot;

pub use component::{ComponentKind, ComponentState};
pub use event::{Applied, Event, RemovalCause};
pub use game_state::{CurrentMove, GameState, MoveSummary};
pub use history::{Occurrence, PositionHistory};
pub use refusal::{EarlierPosition, Refusal};
pub use result::{EndReason, GameResult};
pub use score::{Bonus, ButtonStatus, ScoreSheet};
pub use slot::Slot;
