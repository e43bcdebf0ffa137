//! `POST /api/rulesets/{id}/examples/{name}/answer`: judges a learner's
//! answer to a step of a worked example by its outcome. The body gives
//! the answers to the steps so far, the last being judged:
//! `{"answers": [{"seat": "P1", "actions": ["F5"]}, ...]}`. The reply is
//! `{"right": true}`, or `{"right": false, "misses": [...]}` naming what
//! the step (or a later one, played as recorded) no longer gives. Any
//! move that gives the step's outcome is right, not only the recorded one.

use crate::api::{Reply, example_of, read, reply};
use crate::learn::Answer;
use axum::body::Bytes;
use axum::extract::Path;
use axum::extract::rejection::BytesRejection;
use serde::Deserialize;
use serde_json::json;
use tengen_json::engine::EngineError;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnswerBody {
    answers: Vec<Answer>,
}

pub(crate) async fn answer(
    Path((id, name)): Path<(String, String)>,
    body: Result<Bytes, BytesRejection>,
) -> Reply {
    let body: AnswerBody = read(body)?;
    let example = example_of(&id, &name)?;
    let misses = example
        .misses(&body.answers)
        .map_err(|e| EngineError::new("bad-answer", e))?;
    reply(&json!({ "right": misses.is_empty(), "misses": misses }))
}
