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
//! behind a lock of its own) and forgets games left idle. It answers only
//! as its own hosts, takes changes only as JSON from its own pages, and
//! bounds what every client may cost it: connections, time to send a
//! request, body size, reply size, and the computer player's searches.

mod answer;
mod api;
mod assets;
mod book;
mod choices;
mod computer;
mod config;
mod estimate;
mod guard;
mod hosts;
mod learn;
mod listener;
mod rulesets;
mod seats;
mod table;
mod undo;

pub use config::{
    Config, ConfigError, MAX_CONNECTIONS, MAX_GAMES, MAX_IDLE, MAX_SEARCHES, MAX_TIMEOUT,
};
pub use seats::{SeatPlayer, Seats};

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// The largest request body the server reads (a request is a few actions;
/// a position is a few hundred bytes).
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// A server bound to its address, ready to run.
pub struct Server {
    listener: tokio::net::TcpListener,
    router: axum::Router,
    state: Arc<api::AppState>,
    config: Config,
}

impl Server {
    /// Binds to the configured address, once its settings are checked.
    pub async fn bind(config: Config) -> std::io::Result<Server> {
        config
            .check()
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
        tengen_variants::link();
        let listener = tokio::net::TcpListener::bind(config.address).await?;
        let port = listener.local_addr()?.port();
        let state = Arc::new(api::AppState::new(&config, port));
        Ok(Server {
            listener,
            router: api::router(Arc::clone(&state)),
            state,
            config,
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
        listener::accept(self.listener, self.router, &self.config).await
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
