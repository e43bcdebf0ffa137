//! # tengen-web
//!
//! `tengen serve`: a local web playground. A lobby offers every bundled
//! ruleset (and the ruleset files of a folder) with its options and the
//! opponent; the page draws the board from the topology's real geometry
//! and plays every action the rulesets define; learn mode turns the
//! conformance suite's worked examples into live puzzles. The page talks
//! to a JSON API that shares its game state, actions, refusals and events
//! with `tengen engine` (the `tengen-json` crate).
//!
//! The server binds to 127.0.0.1 by default, serves its page from files
//! embedded in the binary, holds at most a set number of games (each
//! behind a lock of its own) and forgets games left idle.

mod api;
mod assets;
mod learn;
mod rulesets;
mod seats;
mod table;

pub use seats::{SeatPlayer, Seats};

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to listen on (127.0.0.1 and a port by default; port 0
    /// picks a free one).
    pub address: SocketAddr,
    /// A folder of ruleset files to offer besides the bundled rulesets.
    pub ruleset_dir: Option<PathBuf>,
    /// A built rules reference (`mdbook build book`) to serve under
    /// `/book/`, for the lobby's links to each ruleset's page.
    pub book_dir: Option<PathBuf>,
    /// The most games held at once.
    pub max_games: usize,
    /// How long a game may go unused before it is forgotten.
    pub idle: Duration,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            address: SocketAddr::from(([127, 0, 0, 1], 8080)),
            ruleset_dir: None,
            book_dir: None,
            max_games: 200,
            idle: Duration::from_secs(60 * 60),
        }
    }
}

/// The largest request body the server reads (a request is a few actions;
/// a position is a few hundred bytes).
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// A server bound to its address, ready to run.
pub struct Server {
    listener: tokio::net::TcpListener,
    router: axum::Router,
    state: Arc<api::AppState>,
}

impl Server {
    /// Binds to the configured address.
    pub async fn bind(config: Config) -> std::io::Result<Server> {
        tengen_variants::link();
        let listener = tokio::net::TcpListener::bind(config.address).await?;
        let state = Arc::new(api::AppState::new(&config));
        Ok(Server {
            listener,
            router: api::router(Arc::clone(&state)),
            state,
        })
    }

    /// The address it listens on (with the port picked, for port 0).
    pub fn address(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Serves until the process ends, forgetting idle games once a minute.
    pub async fn run(self) -> std::io::Result<()> {
        let state = Arc::clone(&self.state);
        let sweep = state.table.idle.min(Duration::from_secs(60));
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(sweep);
            loop {
                ticks.tick().await;
                state.table.expire();
            }
        });
        axum::serve(self.listener, self.router).await
    }
}

/// Binds and serves on a runtime of its own until the process ends;
/// `ready` hears the address once the server listens.
pub fn serve(config: Config, ready: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let server = Server::bind(config).await?;
        ready(server.address()?);
        server.run().await
    })
}
