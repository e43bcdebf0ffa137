//! `POST /api/games/{game}/undo`: a person takes back their latest move.
//!
//! What it means:
//!
//! - Actions are taken back, the computer's after the person's included,
//!   until one of a seat a person plays has been and a move of such a
//!   seat is about to begin. In a game between two people that is the
//!   latest move.
//! - A game in which the computer plays both seats has no person's move
//!   to take back: undo is refused (`no-undo`), and the game stays as it
//!   is. (Taking back "until a person's move" would otherwise take back
//!   the whole game.)
//! - A finished game stays finished: once the game has a result
//!   (resignation, a score both seats accepted, a decided objective),
//!   undo is refused (`game-over`). A result is what a record keeps;
//!   reopening it would change a game both players saw end.
//! - A ruleset that allows no take-back refuses it (`no-undo`), and a
//!   game with nothing played has nothing to take back.

use crate::api::{AppState, Reply, reply};
use crate::seats::SeatPlayer;
use axum::extract::{Path, State};
use serde_json::json;
use std::sync::Arc;
use tengen_core::{Seat, ToAct};
use tengen_json::engine::EngineError;

pub(crate) async fn undo(State(state): State<Arc<AppState>>, Path(game): Path<String>) -> Reply {
    let value = state
        .table
        .with(&game, |entry| {
            let human = |seat: Seat| entry.seats.of(seat) == SeatPlayer::Human;
            if !Seat::BOTH.into_iter().any(human) {
                return Err(EngineError::new(
                    "no-undo",
                    "the computer plays both seats of this game: there is no person's move to take back",
                ));
            }
            let game_now = entry.held.game();
            if let Some(result) = game_now.result() {
                let words =
                    tengen_core::text::describe_result(game_now.rules(), game_now.state(), result);
                return Err(EngineError::new(
                    "game-over",
                    format!("the game is over ({words}): a finished game is not reopened"),
                ));
            }
            let mut undone = Vec::new();
            loop {
                let taken = match entry.held.undo() {
                    Ok(taken) => taken,
                    Err(e) if undone.is_empty() => return Err(e),
                    Err(_) => break,
                };
                undone.push(taken);
                let at_move_start = entry.held.game().state().current_move().actions == 0;
                let to_act_human = match entry.held.game().to_act() {
                    ToAct::Seat(s) => human(s),
                    ToAct::Either => true,
                    ToAct::Nobody => false,
                };
                if undone.iter().any(|a| human(a.seat)) && at_move_start && to_act_human {
                    break;
                }
            }
            Ok(json!({
                "game": game,
                "undone": undone,
                "state": entry.held.state(),
            }))
        })
        .await?;
    reply(&value)
}
