//! What the computer player's search found in a position, in JSON: the
//! candidate actions with their playouts, win rates, score leads, priors
//! and expected lines, and who is expected to own each point.

use crate::action::ActionTaken;
use schemars::JsonSchema;
use serde::Serialize;
use tengen_ai::{Analysis, Candidate};
use tengen_core::{Geometry, Seat};

/// A search's findings at one moment of an analysis.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct SearchForm {
    /// The seat the analysis is for (the seat to act): every figure is
    /// its.
    pub seat: Seat,
    /// The playouts the findings rest on (every thread's, those kept from
    /// earlier searches of the position included).
    pub playouts: u64,
    /// The seat's chance to win by the best candidate's playouts (0 to
    /// 1), where a candidate has been tried.
    pub win_rate: Option<f64>,
    /// The points the seat leads by after the best candidate, on average
    /// at the end of its playouts (komi included), where a score decides
    /// the game.
    pub score_lead: Option<f64>,
    /// The candidates, most visited first (the better of equals first).
    pub candidates: Vec<CandidateForm>,
    /// Who is expected to own each point, where asked for: the board's
    /// grid row by row from the top, as the state's `board.rows` lays it
    /// out, each point a number from 1 (the seat's at the end of every
    /// playout: its stone, or an empty region only its stones touch) to
    /// -1 (always the opponent's), `null` a cell that is no point.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ownership: Option<Vec<Vec<Option<f64>>>>,
}

/// One candidate action.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct CandidateForm {
    /// The action.
    pub action: ActionTaken,
    /// The playouts through it.
    pub visits: u64,
    /// The share of them its seat won (0 to 1).
    pub win_rate: f64,
    /// The points its seat led by at their end, on average, where a score
    /// decided.
    pub score_lead: Option<f64>,
    /// Its share of its siblings' strength by the learned patterns (0 to
    /// 1; 0 without them).
    pub prior: f64,
    /// The line of play the search expects, the candidate first: at each
    /// step the most visited reply while it has two playouts.
    pub line: Vec<ActionTaken>,
}

impl SearchForm {
    /// The form of `analysis` on `geometry`.
    pub fn of(geometry: &Geometry, analysis: &Analysis) -> SearchForm {
        SearchForm {
            seat: analysis.seat,
            playouts: analysis.playouts,
            win_rate: analysis.win_rate().map(rate),
            score_lead: analysis.score_lead().map(points),
            candidates: analysis
                .candidates
                .iter()
                .map(|c| CandidateForm::of(geometry, c))
                .collect(),
            ownership: analysis.ownership.as_ref().map(|ownership| {
                (0..geometry.height())
                    .map(|row| {
                        (0..geometry.width())
                            .map(|column| {
                                geometry
                                    .point_at(column, row)
                                    .map(|p| round(ownership[p.index()], 1000.0))
                            })
                            .collect()
                    })
                    .collect()
            }),
        }
    }
}

impl CandidateForm {
    fn of(geometry: &Geometry, candidate: &Candidate) -> CandidateForm {
        CandidateForm {
            action: ActionTaken::new(geometry, candidate.seat, candidate.action),
            visits: candidate.visits,
            win_rate: rate(candidate.win_rate),
            score_lead: candidate.score_lead.map(points),
            prior: rate(candidate.prior),
            line: candidate
                .line
                .iter()
                .map(|&(seat, action)| ActionTaken::new(geometry, seat, action))
                .collect(),
        }
    }
}

/// A rate to four decimals: finer is noise, and lines stay short.
fn rate(value: f64) -> f64 {
    round(value, 10_000.0)
}

/// Points to two decimals.
fn points(value: f64) -> f64 {
    round(value, 100.0)
}

fn round(value: f64, scale: f64) -> f64 {
    let rounded = (value * scale).round() / scale;
    // No negative zero in the output.
    if rounded == 0.0 { 0.0 } else { rounded }
}
