//! The JSON API and the routes of the page. Every game operation is the
//! engine's (`tengen_json::engine::HeldGame`), so a refusal here is the
//! engine's refusal, worded the same, and changes nothing.

use crate::book::book_file;
use crate::choices::{choice_error, conflict_error};
use crate::computer::Searches;
use crate::hosts::Hosts;
use crate::learn;
use crate::rulesets::Catalogue;
use crate::seats::{SeatPlayer, Seats};
use crate::table::{Entry, Table};
use crate::{Config, MAX_BODY_BYTES};
use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tengen_core::Seat;
use tengen_core::ruleset::ChoicesError;
use tengen_json::engine::{EngineError, HeldGame, NewGame, assemble, start};
use tengen_json::{ActionInput, Composition};

/// What every request sees.
pub(crate) struct AppState {
    pub(crate) table: Table,
    pub(crate) catalogue: Catalogue,
    book_dir: Option<PathBuf>,
    /// The hosts the server answers as.
    pub(crate) hosts: Hosts,
    /// How long a request's body may take to arrive.
    pub(crate) body_timeout: Duration,
    /// The computer player's searches.
    pub(crate) searches: Searches,
}

impl AppState {
    /// The state of a server configured by `config`, listening on `port`.
    pub(crate) fn new(config: &Config, port: u16) -> AppState {
        AppState {
            table: Table::new(config.max_games, config.idle),
            catalogue: Catalogue {
                dir: config.ruleset_dir.clone(),
                book: config.book_dir.is_some(),
            },
            book_dir: config.book_dir.clone(),
            hosts: Hosts::new(port, &config.allowed_hosts),
            body_timeout: config.body_timeout,
            searches: Searches::new(config),
        }
    }
}

pub(crate) type Shared = State<Arc<AppState>>;

/// An API error: an HTTP status and the engine's error, as
/// `{"error": {"code", "message", ...}}`.
pub(crate) struct ApiError(StatusCode, EngineError);

impl ApiError {
    /// `error`, answered with `status`.
    pub(crate) fn with_status(status: StatusCode, error: EngineError) -> ApiError {
        ApiError(status, error)
    }
}

impl From<EngineError> for ApiError {
    fn from(error: EngineError) -> ApiError {
        let status = match error.code.as_str() {
            "unknown-game" | "not-found" => StatusCode::NOT_FOUND,
            "refused" | "nothing-to-undo" | "no-undo" | "no-one-to-act" | "not-ai"
            | "not-searched" | "game-over" | "game-changed" => StatusCode::CONFLICT,
            "too-many-games" | "busy" => StatusCode::SERVICE_UNAVAILABLE,
            "internal" | "too-large-reply" => StatusCode::INTERNAL_SERVER_ERROR,
            "too-large" => StatusCode::PAYLOAD_TOO_LARGE,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError(status, error)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, axum::Json(json!({ "error": self.1 }))).into_response()
    }
}

pub(crate) type Reply = Result<Response, ApiError>;

/// The largest reply the server builds (a 19x19 game's state is some
/// tens of kilobytes; its record, a few hundred).
pub(crate) const MAX_REPLY_BYTES: usize = 16 * 1024 * 1024;

/// A reply of `body`, or an error where it would be larger than
/// [`MAX_REPLY_BYTES`].
pub(crate) fn sized(kind: &'static str, body: Vec<u8>) -> Reply {
    if body.len() > MAX_REPLY_BYTES {
        return Err(EngineError::new(
            "too-large-reply",
            format!(
                "the reply would be {} bytes, more than the {MAX_REPLY_BYTES} the server sends",
                body.len()
            ),
        )
        .into());
    }
    Ok(([(header::CONTENT_TYPE, kind)], body).into_response())
}

/// A JSON reply of `value`.
pub(crate) fn reply(value: &Value) -> Reply {
    let body = serde_json::to_vec(value)
        .map_err(|e| EngineError::new("internal", format!("the reply cannot be written: {e}")))?;
    sized("application/json", body)
}

/// Answers with what `f` makes of the game `name`, holding its lock (an
/// unknown or forgotten game is a 404).
async fn answer(
    state: &AppState,
    name: &str,
    f: impl FnOnce(&mut Entry) -> Result<Value, EngineError>,
) -> Reply {
    reply(&state.table.with(name, f).await?)
}

/// Reads a JSON body into `T`, naming what is wrong with it (a key given
/// twice included).
pub(crate) fn read<T: DeserializeOwned>(
    body: Result<Bytes, BytesRejection>,
) -> Result<T, ApiError> {
    let bytes = body.map_err(|e| {
        EngineError::new(
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                "too-large"
            } else {
                "bad-request"
            },
            format!("the request body cannot be read: {e} (at most {MAX_BODY_BYTES} bytes)"),
        )
    })?;
    let text = if bytes.is_empty() {
        "{}".as_bytes()
    } else {
        &bytes
    };
    tengen_json::strict::from_slice(text).map_err(|e| {
        EngineError::new(
            if e.is_syntax() || e.is_eof() {
                "malformed-json"
            } else {
                "bad-request"
            },
            format!("the request body: {e}"),
        )
        .into()
    })
}

pub(crate) fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/api/rulesets", get(rulesets))
        .route("/api/rulesets/{id}/examples", get(examples))
        .route("/api/rulesets/{id}/choices", post(crate::choices::choices))
        .route(
            "/api/rulesets/{id}/examples/{name}/game",
            post(example_game),
        )
        .route(
            "/api/rulesets/{id}/examples/{name}/answer",
            post(crate::answer::answer),
        )
        .route("/api/games", post(new_game).get(games))
        .route("/api/games/{game}", get(game_state).delete(close_game))
        .route("/api/games/{game}/legal", get(legal))
        .route("/api/games/{game}/composition", get(composition))
        .route("/api/games/{game}/actions", post(actions))
        .route("/api/games/{game}/ai", post(crate::computer::ai))
        .route(
            "/api/games/{game}/analysis",
            post(crate::estimate::estimate),
        )
        .route("/api/games/{game}/undo", post(crate::undo::undo))
        .route("/api/games/{game}/sgf", get(sgf))
        .fallback(files)
        .method_not_allowed_fallback(wrong_method)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&state),
            crate::guard::guard,
        ))
        .with_state(state)
}

/// The page's files, the book under `/book/`, and a JSON 404 under `/api/`.
async fn files(State(state): Shared, method: Method, uri: Uri) -> Response {
    let path = uri.path();
    let reads = matches!(method, Method::GET | Method::HEAD);
    if !reads && !path.starts_with("/api/") {
        return wrong_method(method, uri).await;
    }
    if let Some((kind, text)) = crate::assets::asset(path) {
        return ([(header::CONTENT_TYPE, kind)], text).into_response();
    }
    if let (Some(rest), Some(dir)) = (path.strip_prefix("/book/"), &state.book_dir) {
        let (dir, rest) = (dir.clone(), rest.to_string());
        // Reading a file is blocking work: off the server's workers.
        let file = tokio::task::spawn_blocking(move || book_file(&dir, &rest)).await;
        if let Ok(Some(file)) = file {
            return ([(header::CONTENT_TYPE, file.kind)], file.bytes).into_response();
        }
    }
    if path.starts_with("/api/") {
        return ApiError::from(EngineError::new(
            "not-found",
            format!("there is no `{path}` in the API (the book's playground page lists it)"),
        ))
        .into_response();
    }
    (StatusCode::NOT_FOUND, format!("there is no page `{path}`")).into_response()
}

/// A known path asked with a method it does not take.
async fn wrong_method(method: Method, uri: Uri) -> Response {
    let mut response = ApiError::from(EngineError::new(
        "method-not-allowed",
        format!(
            "`{method} {}` is not part of the API: see the book's playground chapter for each path's method",
            uri.path()
        ),
    ))
    .into_response();
    *response.status_mut() = StatusCode::METHOD_NOT_ALLOWED;
    response
}

async fn rulesets(State(state): Shared) -> Reply {
    reply(&json!({ "rulesets": state.catalogue.offered() }))
}

/// `GET /api/rulesets/{id}/examples`: a ruleset's worked examples (none
/// for a ruleset of the folder); an unknown ruleset is a 404.
async fn examples(State(state): Shared, Path(id): Path<String>) -> Reply {
    if state.catalogue.reference(&id).is_none() {
        return Err(EngineError::new(
            "not-found",
            format!("there is no ruleset `{id}` (GET /api/rulesets lists them)"),
        )
        .into());
    }
    reply(&json!({ "examples": learn::examples(&id) }))
}

/// `POST /api/rulesets/{id}/examples/{name}/game`: a game at the start of
/// a worked example, for a person to try its steps.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExampleGameBody {
    #[serde(default)]
    seats: Seats,
}

async fn example_game(
    State(state): Shared,
    Path((id, name)): Path<(String, String)>,
    body: Result<Bytes, BytesRejection>,
) -> Reply {
    let body: ExampleGameBody = read(body)?;
    body.seats.check()?;
    let example = example_of(&id, &name)?;
    created(&state, HeldGame::new(example.start(), 1), body.seats)
}

/// The example `name` of the ruleset `id`, or a 404 naming where the
/// examples are listed.
pub(crate) fn example_of(id: &str, name: &str) -> Result<&'static learn::Example, EngineError> {
    learn::find(id, name).ok_or_else(|| {
        EngineError::new(
            "not-found",
            format!("`{id}` has no example `{name}` (GET /api/rulesets/{id}/examples lists them)"),
        )
    })
}

/// The reply to a new game: its name, seats, state and composition.
fn created(state: &AppState, held: HeldGame, seats: Seats) -> Reply {
    let composition = Composition::of(held.game().rules());
    let seats = seats.with_default_playouts(held.game().rules().geometry.point_count());
    let game_state = held.state();
    let name = state.table.insert(held, seats)?;
    reply(&json!({
        "game": name,
        "seats": seats,
        "state": game_state,
        "composition": composition,
    }))
}

/// `POST /api/games`: a ruleset (bundled or of the folder), its options,
/// who plays each seat, and optionally a starting position.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGameBody {
    ruleset: String,
    #[serde(default)]
    options: Vec<String>,
    #[serde(default)]
    seats: Seats,
    position: Option<Vec<String>>,
    first: Option<Seat>,
    seed: Option<u64>,
}

async fn new_game(State(state): Shared, body: Result<Bytes, BytesRejection>) -> Reply {
    let body: NewGameBody = read(body)?;
    body.seats.check()?;
    let library = tengen_variants::library();
    let reference = state.catalogue.reference(&body.ruleset).ok_or_else(|| {
        EngineError::new(
            "bad-request",
            format!(
                "there is no ruleset `{}` (GET /api/rulesets lists them)",
                body.ruleset
            ),
        )
    })?;
    // Choices that conflict are refused in a player's words (a ruleset
    // that does not load as written is its author's to see, below).
    match library.conflict(&reference, &body.options) {
        Ok(None) | Err(ChoicesError::Broken { .. }) => {}
        Ok(Some(conflict)) => return Err(conflict_error(&conflict).into()),
        Err(error) => return Err(choice_error(&error).into()),
    }
    // A folder's ruleset is read from its file, as `tengen play FILE` would.
    let rules = if library.bundled().iter().any(|b| b.id == reference) {
        assemble(
            library,
            &NewGame {
                ruleset: Some(reference),
                ruleset_text: None,
                options: body.options.clone(),
                position: None,
                first: None,
                seed: None,
            },
        )?
    } else {
        library
            .assemble(&reference, &body.options)
            .map_err(|d| EngineError {
                diagnostics: Some(tengen_json::catalogue::diagnostics(&d)),
                ..EngineError::new(
                    "ruleset",
                    format!(
                        "the ruleset does not load: {}",
                        d.items.first().map(ToString::to_string).unwrap_or_default()
                    ),
                )
            })?
    };
    let game = start(rules, body.position.as_deref(), body.first)?;
    created(
        &state,
        HeldGame::new(game, body.seed.unwrap_or(1)),
        body.seats,
    )
}

async fn games(State(state): Shared) -> Reply {
    reply(&json!({
        "games": state.table.len(),
        "max_games": state.table.max_games,
        "idle_minutes": state.table.idle.as_secs() / 60,
    }))
}

async fn game_state(State(state): Shared, Path(game): Path<String>) -> Reply {
    answer(&state, &game, |entry| {
        Ok(json!({
            "game": game,
            "seats": entry.seats,
            "state": entry.held.state(),
        }))
    })
    .await
}

async fn close_game(State(state): Shared, Path(game): Path<String>) -> Reply {
    state.table.remove(&game)?;
    reply(&json!({ "game": game, "closed": true }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatQuery {
    seat: Option<Seat>,
}

async fn legal(
    State(state): Shared,
    Path(game): Path<String>,
    query: Result<Query<SeatQuery>, axum::extract::rejection::QueryRejection>,
) -> Reply {
    let Query(query) = query.map_err(|e| {
        EngineError::new(
            "bad-request",
            format!("the query: {e} (`?seat=P1` or `?seat=P2`)"),
        )
    })?;
    answer(&state, &game, |entry| {
        let (seat, actions) = entry.held.legal_actions(query.seat);
        Ok(json!({ "game": game, "seat": seat, "actions": actions }))
    })
    .await
}

async fn composition(State(state): Shared, Path(game): Path<String>) -> Reply {
    answer(&state, &game, |entry| {
        Ok(json!({
            "game": game,
            "composition": Composition::of(entry.held.game().rules()),
        }))
    })
    .await
}

/// `POST /api/games/{game}/actions`: one action, or several of one seat
/// played all or none; with `"dry_run": true`, what they would do and the
/// state they would leave, the game unchanged.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ActionsBody {
    action: Option<ActionInput>,
    actions: Option<Vec<ActionInput>>,
    seat: Option<Seat>,
    #[serde(default)]
    dry_run: bool,
}

async fn actions(
    State(state): Shared,
    Path(game): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Reply {
    let body: ActionsBody = read(body)?;
    let list = match (body.action, body.actions) {
        (Some(action), None) => vec![action],
        (None, Some(actions)) => actions,
        _ => {
            return Err(EngineError::new(
                "bad-request",
                "give `action` (one action) or `actions` (several, played all or none)",
            )
            .into());
        }
    };
    answer(&state, &game, |entry| {
        let (actions, events, after) = match list.as_slice() {
            [one] => {
                let (action, events, after) = entry.held.apply(one, body.seat, body.dry_run)?;
                (vec![action], events, after)
            }
            several => entry.held.apply_all(several, body.seat, body.dry_run)?,
        };
        Ok(json!({
            "game": game,
            "actions": actions,
            "events": events,
            "state": after,
            "dry_run": body.dry_run,
        }))
    })
    .await
}

/// `GET /api/games/{game}/sgf`: the game's record, to download.
async fn sgf(State(state): Shared, Path(game): Path<String>) -> Reply {
    let text = state
        .table
        .with(&game, |entry| {
            let names =
                tengen_core::BySeat::new(player_name(entry.seats.p1), player_name(entry.seats.p2));
            let info = tengen_sgf::GameInfo {
                players: names,
                ..tengen_sgf::GameInfo::default()
            };
            Ok(tengen_sgf::write_sgf(entry.held.game(), &info))
        })
        .await?;
    let mut response = sized("application/x-go-sgf; charset=utf-8", text.into_bytes())?;
    // The name is the game's, which the table knows: 32 hexadecimal digits.
    if let Ok(value) = format!("attachment; filename=\"tengen-{game}.sgf\"").parse() {
        response
            .headers_mut()
            .insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(response)
}

/// A seat's name in a record: the computer player's, or none for a person.
fn player_name(player: SeatPlayer) -> Option<String> {
    match player {
        SeatPlayer::Human => None,
        SeatPlayer::Ai {
            playouts: Some(playouts),
        } => Some(format!(
            "tengen {} ({playouts} playouts)",
            env!("CARGO_PKG_VERSION")
        )),
        SeatPlayer::Ai { playouts: None } => Some(format!("tengen {}", env!("CARGO_PKG_VERSION"))),
    }
}
