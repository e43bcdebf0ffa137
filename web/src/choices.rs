//! `POST /api/rulesets/{id}/choices`: for the options chosen so far in
//! the lobby, every setting of every option and whether it may still be
//! picked, with the reason in a player's words where it may not (see
//! `tengen_core::ruleset::Library::choices` for what conflicts). A game
//! is refused with the same words (`refusal`).

use crate::api::{Reply, Shared, read, reply};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use serde::Deserialize;
use serde_json::{Value, json};
use tengen_core::ruleset::{Choices, ChoicesError, Conflict};
use tengen_json::engine::EngineError;

/// The body: the settings chosen, as `POST /api/games` takes them.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChoicesBody {
    #[serde(default)]
    options: Vec<String>,
}

/// The error of choices that cannot even be judged: `bad-choice`, or
/// `ruleset` for a ruleset that does not load as written.
pub(crate) fn choice_error(error: &ChoicesError) -> EngineError {
    let code = match error {
        ChoicesError::Broken { .. } => "ruleset",
        _ => "bad-choice",
    };
    EngineError::new(code, error.to_string())
}

/// The refusal of a game whose choices conflict: `conflicting-choices`.
pub(crate) fn conflict_error(conflict: &Conflict) -> EngineError {
    EngineError::new("conflicting-choices", conflict.to_string())
}

/// The reply: the conflict among the choices themselves, if any, and
/// each option's settings with `available` and, when not, `reason`.
fn form(id: &str, chosen: &[String], choices: &Choices) -> Value {
    let reason = |c: &Option<Conflict>| c.as_ref().map(ToString::to_string);
    json!({
        "ruleset": id,
        "options": chosen,
        "conflict": reason(&choices.conflict),
        "choices": choices.options.iter().map(|o| json!({
            "name": o.option,
            "settings": o.settings.iter().map(|s| json!({
                "setting": s.pick.setting(),
                "value": s.pick.value,
                "available": s.conflict.is_none(),
                "reason": reason(&s.conflict),
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    })
}

/// The route. Judging tries the ruleset once for each setting, so it runs
/// off the server's workers.
pub(crate) async fn choices(
    State(state): Shared,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Reply {
    let body: ChoicesBody = read(body)?;
    let reference = state.catalogue.reference(&id).ok_or_else(|| {
        EngineError::new(
            "not-found",
            format!("there is no ruleset `{id}` (GET /api/rulesets lists them)"),
        )
    })?;
    let options = body.options.clone();
    let judged = tokio::task::spawn_blocking(move || {
        tengen_variants::library().choices(&reference, &options)
    })
    .await
    .map_err(|e| EngineError::new("internal", format!("the choices were not judged: {e}")))?;
    let choices = judged.map_err(|e| choice_error(&e))?;
    reply(&form(&id, &body.options, &choices))
}
