//! `POST /api/games/{game}/analysis`: what the computer player's search
//! expects of the position, for the page's win estimate and ownership
//! shading: the seat to act's chance to win and score lead, the best
//! candidates with their lines, and, on request, who is expected to own
//! each point. Nothing is played; the search is bounded as the computer
//! player's moves are (see [`crate::computer`]), and its tree is kept for
//! the next move in the position.

use crate::api::{AppState, Reply, read};
use crate::computer::bounded;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;
use tengen_json::engine::SearchRequest;

/// What the page asks for: the playouts (the board's default for a move
/// when not given), how many candidates, and whether to give ownership.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct EstimateBody {
    playouts: Option<u64>,
    candidates: Option<usize>,
    #[serde(default)]
    ownership: bool,
}

pub(crate) async fn estimate(
    State(state): State<Arc<AppState>>,
    Path(game): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Reply {
    let body: EstimateBody = read(body)?;
    bounded(&state, game.clone(), move |mut entry, time, stop| {
        let request = SearchRequest {
            playouts: body.playouts,
            seconds: Some(time.as_secs_f64()),
            report_every: None,
            candidates: body.candidates,
            ownership: body.ownership,
        };
        entry.held.bound_search(Some(time), Some(stop));
        let search = entry
            .held
            .analyze(&request, tengen_json::engine::MAX_PLAYOUTS, |_| true)?;
        Ok(json!({ "game": game, "search": search }))
    })
    .await
}
