//! # tengen-ai
//!
//! A computer opponent for every ruleset tengen assembles. It knows no
//! variant: it searches the engine's own actions with Monte Carlo tree
//! search (with RAVE), so a move of several placements, a special turn, a setup
//! claim and a declaration are all sequences of actions it weighs the same
//! way, and a ruleset written a minute ago is played as well as a bundled
//! one.
//!
//! - [`Mcts`]: the tree search, with light random playouts (the policy of
//!   `tengen_core::playout`, shared with the benchmarks), a playout or
//!   time budget, tree reuse between moves, and a seed that makes every
//!   choice reproducible.
//! - [`RandomPlayer`]: the light policy as a player, the baseline strength
//!   is measured against.
//! - Decisions random playouts cannot weigh (the numbers a player
//!   declares, dead-string marking and agreement) follow default policies
//!   ([`declarations`], [`agreement`]).
//! - [`priors`]: the learned patterns' opinion of each child, which the
//!   search follows until its playouts have had their say.
//! - [`train`]: learning the weights of neighbourhood patterns
//!   ([`tengen_core::pattern`]) from games, which the search's priors
//!   rest on.
//! - [`analysis`]: the candidates a search found, with their playouts,
//!   estimates, priors and expected lines.
//! - [`clock`]: how long a move's search may take under a game clock
//!   (absolute, byo-yomi, Canadian or Fischer time).
//! - A decided game is ended rather than dragged on ([`verdict`]): the
//!   search passes a sure win where passing is allowed, and resigns a
//!   game it has found lost a few choices in a row where resignation is.
//!
//! ```ignore
//! let rules = tengen_variants::library().assemble("go", &["size=9".into()])?;
//! let mut game = Game::new(rules);
//! let mut ai = Mcts::new(SearchConfig { playouts: 2000, ..SearchConfig::default() });
//! if let Some(choice) = ai.choose(&game, Seat::One) {
//!     game.apply(Seat::One, choice.action)?;
//! }
//! ```

pub mod agreement;
pub mod analysis;
mod candidates;
pub mod clock;
pub mod declarations;
mod estimates;
mod player;
pub mod priors;
mod random;
mod search;
pub mod train;
mod tree;
pub mod verdict;

pub use analysis::{Analysis, AnalysisError, AnalysisPlan, Candidate, ReportEvery};
pub use candidates::{candidates, is_own_eye};
pub use clock::{TimeLeft, TimeSystem};
pub use player::{Choice, Player, may_act, next_actor};
pub use random::RandomPlayer;
pub use search::{
    DEFAULT_MAX_NODES, MAX_PLAYOUTS, Mcts, NODE_BYTES, SearchConfig, default_playouts,
};
