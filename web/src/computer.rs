//! `POST /api/games/{game}/ai`: the computer player acts for the seat to
//! act (which it must play), or with `"apply": false` suggests an action
//! for whoever is to act (a hint).
//!
//! A search is the one long piece of work the server does, so it is
//! bounded every way:
//!
//! - it runs on a blocking thread, never on the server's workers, and
//!   holds only its own game (a request for that game waits without
//!   holding a worker; every other request is answered meanwhile);
//! - at most a set number run at once; a request beyond them waits a
//!   while for one to finish, then is refused as busy (503);
//! - its playouts are bounded ([`MAX_PLAYOUTS`]), and so is its time:
//!   once the server's search time is spent, it plays the best choice it
//!   has;
//! - when the client that asked goes away, the search stops within a few
//!   playouts and plays nothing.

use crate::Config;
use crate::api::{AppState, Reply, read, reply};
use crate::seats::SeatPlayer;
use crate::table::Entry;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tengen_json::engine::{EngineError, MAX_PLAYOUTS};
use tokio::sync::{OwnedMutexGuard, Semaphore};

/// The searches the server runs: how many may run at once, how long a
/// request waits for a turn, and how long one may think.
pub(crate) struct Searches {
    running: Arc<Semaphore>,
    most: usize,
    wait: Duration,
    time: Duration,
}

impl Searches {
    pub(crate) fn new(config: &Config) -> Searches {
        Searches {
            running: Arc::new(Semaphore::new(config.max_searches)),
            most: config.max_searches,
            wait: config.search_wait,
            time: config.search_time,
        }
    }
}

/// Raises the stop flag of a search when dropped before it is disarmed:
/// the future of a request whose client has gone is dropped, and with it
/// this, so the search it started stops.
struct StopOnDrop(Option<Arc<AtomicBool>>);

impl StopOnDrop {
    /// The search finished and was answered: nothing to stop.
    fn disarm(&mut self) {
        self.0 = None;
    }
}

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        if let Some(stop) = &self.0 {
            stop.store(true, Ordering::Relaxed);
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct AiBody {
    apply: Option<bool>,
    playouts: Option<u64>,
}

pub(crate) async fn ai(
    State(state): State<Arc<AppState>>,
    Path(game): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Reply {
    let body: AiBody = read(body)?;
    if let Some(p) = body.playouts
        && !(1..=MAX_PLAYOUTS).contains(&p)
    {
        return Err(EngineError::new(
            "bad-request",
            format!("`playouts` must be from 1 to {MAX_PLAYOUTS}, not {p}"),
        )
        .into());
    }
    let apply = body.apply.unwrap_or(true);
    bounded(&state, game.clone(), move |mut entry, time, stop| {
        let seat = tengen_ai::next_actor(entry.held.game());
        let playouts = match (apply, seat.map(|s| entry.seats.of(s))) {
            (true, Some(SeatPlayer::Ai { playouts })) => body
                .playouts
                .or(playouts)
                .unwrap_or_else(|| entry.held.default_playouts()),
            (true, Some(SeatPlayer::Human)) => {
                return Err(EngineError::new(
                    "not-ai",
                    format!(
                        "{} is played by a person, not the computer (ask for a hint with \"apply\": false)",
                        seat.map(|s| s.to_string()).unwrap_or_default()
                    ),
                ));
            }
            _ => body
                .playouts
                .unwrap_or_else(|| entry.held.default_playouts()),
        };
        entry.held.bound_search(Some(time), Some(stop));
        let choice = entry.held.ai_move(playouts, apply)?;
        Ok(json!({
            "game": game,
            "action": choice.action,
            "win_rate": choice.win_rate,
            "playouts": choice.playouts,
            "applied": apply,
            "events": choice.events,
            "state": entry.held.state(),
        }))
    })
    .await
}

/// Runs `work`, a search of `game`, bounded as the module says: it waits
/// its turn among the searches (refused as busy after a while), holds
/// only its game, runs on a blocking thread with the server's search
/// time and a stop flag raised when the client goes away, and its
/// outcome is the reply.
pub(crate) async fn bounded<W>(state: &AppState, game: String, work: W) -> Reply
where
    W: FnOnce(
            OwnedMutexGuard<Entry>,
            Duration,
            Arc<AtomicBool>,
        ) -> Result<serde_json::Value, EngineError>
        + Send
        + 'static,
{
    let searches = &state.searches;
    let Ok(Ok(permit)) =
        tokio::time::timeout(searches.wait, Arc::clone(&searches.running).acquire_owned()).await
    else {
        return Err(EngineError::new(
            "busy",
            format!(
                "the computer player is busy: {} searches are running, the most at once; try again shortly",
                searches.most
            ),
        )
        .into());
    };
    let entry = state.table.take(&game).await?;
    let stop = Arc::new(AtomicBool::new(false));
    let mut stopper = StopOnDrop(Some(Arc::clone(&stop)));
    let time = searches.time;
    let task = tokio::task::spawn_blocking(move || {
        let _running = permit;
        work(entry, time, stop)
    });
    let outcome = task.await;
    stopper.disarm();
    match outcome {
        Ok(value) => reply(&value?),
        Err(e) => Err(EngineError::new("internal", format!("the search failed: {e}")).into()),
    }
}
