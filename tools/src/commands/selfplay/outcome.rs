//! One self-play game: played between two players, and written as one
//! line of JSON.

use serde::{Deserialize, Serialize};
use std::sync::Arc;
use tengen_ai::verdict::EstimateRuns;
use tengen_ai::{Player, next_actor};
use tengen_core::{EndReason, Game, Phase, Rules, Seat};

/// The result of one game, as a line of a results file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Outcome {
    /// The game's number in the run (from 0; shards number alike).
    pub(crate) game: u64,
    /// The seed the game and both players drew from.
    pub(crate) seed: u64,
    /// The ruleset's id and the options applied.
    pub(crate) ruleset: String,
    pub(crate) options: Vec<String>,
    /// The fingerprint of the resolved rules (see
    /// `ResolvedRuleset::fingerprint`).
    pub(crate) rules: String,
    /// The players of Player 1 and Player 2.
    pub(crate) p1: String,
    pub(crate) p2: String,
    /// `p1`, `p2`, `draw`, or `none` for a game that did not finish.
    pub(crate) winner: String,
    /// The winner's lead on the score, where the score decided it.
    pub(crate) margin: Option<f64>,
    /// Actions taken, and stones placed in play.
    pub(crate) length: u64,
    pub(crate) placements: u64,
    /// Why the game ended: `score`, `resignation`, `no-legal-move`,
    /// `repetition`, `objective:CODE`; or, unfinished, `action-limit`,
    /// `no-choice` (a player had nothing to offer) or `refused` (a
    /// player's choice was refused, a bug worth reporting).
    pub(crate) end: String,
    /// The lowest estimate of its own chances each player held through
    /// `tengen_ai::verdict::RESIGN_STREAK` choices in a row (see
    /// `EstimateRuns`), where its choices carry estimates: what measures
    /// how safe the search's resigning is. Absent in older files.
    #[serde(default)]
    pub(crate) p1_lowest: Option<f64>,
    #[serde(default)]
    pub(crate) p2_lowest: Option<f64>,
    /// The highest estimate each player made: a loser's at or above the
    /// search's sure-win threshold (`tengen_ai::verdict::WON`) measures
    /// how safe passing a decided game is. Absent in older files.
    #[serde(default)]
    pub(crate) p1_highest: Option<f64>,
    #[serde(default)]
    pub(crate) p2_highest: Option<f64>,
    /// The game's record in the notation (one move a line), where the run
    /// was asked for records (`--record`): what `tengen train patterns`
    /// learns from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) record: Option<String>,
}

/// Which game of which run: what an outcome records besides the result.
pub(crate) struct Setup<'a> {
    pub(crate) game: u64,
    pub(crate) seed: u64,
    pub(crate) ruleset: &'a str,
    pub(crate) options: &'a [String],
    pub(crate) p1: String,
    pub(crate) p2: String,
    /// Whether the outcome keeps the game's record.
    pub(crate) record: bool,
}

/// Plays a game of `rules` between `players` (Player 1's first) to its
/// end, or to twenty times the board's points in moves (a move of several
/// actions, such as a special turn with its payments, counts once), with
/// a hundred times the points in actions as a last guard.
pub(crate) fn play(
    rules: &Arc<Rules>,
    players: &mut [Box<dyn Player>; 2],
    setup: Setup<'_>,
) -> Outcome {
    let mut game = Game::new(Arc::clone(rules));
    let points = rules.geometry.point_count() as u64;
    let (move_limit, action_limit) = (20 * points + 100, 100 * points + 500);
    let (mut length, mut placements) = (0, 0);
    let mut end = None;
    let mut runs = EstimateRuns::default();
    while length < action_limit && u64::from(game.state().moves_completed()) < move_limit {
        let Some(seat) = next_actor(&game) else {
            break;
        };
        let Some(choice) = players[seat.index()].choose(&game, seat) else {
            end = Some("no-choice");
            break;
        };
        runs.count(seat, choice.win_rate, choice.playouts);
        if game.apply(seat, choice.action).is_err() {
            end = Some("refused");
            break;
        }
        length += 1;
        placements += u64::from(matches!(choice.action, tengen_core::Action::Place(_)));
    }
    let record = setup
        .record
        .then(|| tengen_core::record::format_record(&game));
    let result = game
        .result()
        .filter(|_| game.state().phase() == Phase::Over);
    let (winner, margin, reason) = match result {
        Some(result) => {
            let winner = match result.winner {
                Some(Seat::One) => "p1",
                Some(Seat::Two) => "p2",
                None => "draw",
            };
            let margin = result.score.as_ref().map(|s| {
                (s.total[tengen_core::Colour::Black] - s.total[tengen_core::Colour::White]).abs()
            });
            (winner, margin, reason_code(&result.reason))
        }
        None => ("none", None, end.unwrap_or("action-limit").to_string()),
    };
    Outcome {
        winner: winner.into(),
        margin,
        length,
        placements,
        end: reason,
        p1_lowest: runs.lowest(Seat::One),
        p2_lowest: runs.lowest(Seat::Two),
        p1_highest: runs.highest(Seat::One),
        p2_highest: runs.highest(Seat::Two),
        record,
        ..setup.unplayed(rules, "")
    }
}

impl Setup<'_> {
    /// The outcome of this game when it could not be played, ending for
    /// `reason`.
    pub(crate) fn unplayed(self, rules: &Rules, reason: &str) -> Outcome {
        Outcome {
            game: self.game,
            seed: self.seed,
            ruleset: self.ruleset.to_string(),
            options: self.options.to_vec(),
            rules: rules.ruleset.fingerprint(),
            p1: self.p1,
            p2: self.p2,
            winner: "none".into(),
            margin: None,
            length: 0,
            placements: 0,
            end: reason.into(),
            p1_lowest: None,
            p2_lowest: None,
            p1_highest: None,
            p2_highest: None,
            record: None,
        }
    }
}

/// A stable code for why a game ended.
fn reason_code(reason: &EndReason) -> String {
    match reason {
        EndReason::Score => "score".into(),
        EndReason::Resignation { .. } => "resignation".into(),
        EndReason::NoLegalMove(_) => "no-legal-move".into(),
        EndReason::Repetition => "repetition".into(),
        EndReason::Objective { code, .. } => format!("objective:{code}"),
    }
}
