//! Legal-action listings: a scenario states the complete set of actions a
//! seat may take at a position (after a step, or at the start), in the
//! spirit of KataGo's illegal-point printouts and OpenSpiel's
//! playthroughs, and the runner compares it with the engine's
//! [`Game::legal_actions`].
//!
//! ```toml
//! [[step]]
//! play = "C3"
//! # The seat to act may place on every empty point but B2, pass or resign.
//! legal = { placements-except = ["B2"], actions = ["pass", "resign"] }
//!
//! [[step]]
//! play = "pass"
//! # In the agreement phase either seat acts: one list per seat.
//! legal.P1 = { actions = ["mark C3", "accept", "resume"] }
//! legal.P2 = { actions = ["mark C3", "accept", "resume"] }
//! ```
//!
//! A listing is complete: what it does not name is illegal. Placements are
//! given either as `placements`, the points where a stone may be placed
//! (none when absent), or as `placements-except`, the empty points where
//! it may not (every other empty point may take one; each point named must
//! be empty). `actions` are the other actions in the move notation
//! (`pass`, `pass-move`, `resign`, `mark C3`, `accept`, and the actions the
//! ruleset's components declare); none when absent. Without `P1`/`P2` the listing is the seat to
//! act's (when either seat acts, the listing must name both); with them,
//! each named seat's, whoever acts (the seat not to act may only resign,
//! where the rules allow it).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use tengen_core::notation::{format_action, parse_action};
use tengen_core::{Action, Game, Point, Seat, ToAct};

/// The actions of one seat.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct LegalList {
    /// Exactly the points a stone may be placed on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placements: Option<Vec<String>>,
    /// The empty points a stone may not be placed on (every other empty
    /// point may take one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placements_except: Option<Vec<String>>,
    /// The other legal actions, in the move notation.
    #[serde(default)]
    pub actions: Vec<String>,
}

/// A legal-action listing: the seat to act's, or one per seat named.
#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct LegalExpectation {
    /// The seat to act's placements (without `P1`/`P2`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placements: Option<Vec<String>>,
    /// The seat to act's illegal empty points (without `P1`/`P2`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placements_except: Option<Vec<String>>,
    /// The seat to act's other actions (without `P1`/`P2`).
    #[serde(default)]
    pub actions: Vec<String>,
    /// Player 1's listing.
    #[serde(rename = "P1", skip_serializing_if = "Option::is_none")]
    pub one: Option<LegalList>,
    /// Player 2's listing.
    #[serde(rename = "P2", skip_serializing_if = "Option::is_none")]
    pub two: Option<LegalList>,
}

impl LegalExpectation {
    /// The listing of the seat to act (the fields outside `P1`/`P2`).
    fn to_act(&self) -> LegalList {
        LegalList {
            placements: self.placements.clone(),
            placements_except: self.placements_except.clone(),
            actions: self.actions.clone(),
        }
    }
}

/// Checks `expected` against the engine's legal actions in `game`, writes
/// the engine's listing to `trace` and each difference to `fail`.
pub(crate) fn check_legal(
    game: &Game,
    expected: &LegalExpectation,
    trace: &mut String,
    fail: &mut impl FnMut(String),
) {
    let per_seat = expected.one.is_some() || expected.two.is_some();
    let own = expected.to_act();
    let lists: Vec<(Seat, &LegalList)> = if per_seat {
        let unseated =
            own.placements.is_some() || own.placements_except.is_some() || !own.actions.is_empty();
        if unseated {
            fail("a `legal` listing names seats (P1, P2) or is the seat to act's, not both".into());
            return;
        }
        [(Seat::One, &expected.one), (Seat::Two, &expected.two)]
            .into_iter()
            .filter_map(|(seat, list)| list.as_ref().map(|l| (seat, l)))
            .collect()
    } else {
        match game.to_act() {
            ToAct::Seat(seat) => vec![(seat, &own)],
            ToAct::Nobody => Seat::BOTH.iter().map(|&s| (s, &own)).collect(),
            ToAct::Either => {
                fail("either seat acts: the `legal` listing must name P1 and P2".into());
                return;
            }
        }
    };
    if game.to_act() == ToAct::Either && lists.len() < 2 {
        fail("either seat acts: the `legal` listing must name P1 and P2".into());
    }
    for (seat, list) in lists {
        check_seat(game, seat, list, trace, fail);
    }
}

/// The names of `points`, in the geometry's order.
fn point_names(game: &Game, points: &BTreeSet<Point>) -> String {
    let geometry = &game.rules().geometry;
    points
        .iter()
        .map(|&p| geometry.name(p))
        .collect::<Vec<_>>()
        .join(" ")
}

fn check_seat(
    game: &Game,
    seat: Seat,
    list: &LegalList,
    trace: &mut String,
    fail: &mut impl FnMut(String),
) {
    let geometry = &game.rules().geometry;
    let who = seat.short_name();
    let legal = game.legal_actions(seat);
    let placed: BTreeSet<Point> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Place(p) => Some(*p),
            _ => None,
        })
        .collect();
    let others: Vec<String> = legal
        .iter()
        .filter(|a| !matches!(a, Action::Place(_)))
        .map(|&a| format_action(geometry, a))
        .collect();
    let empty: BTreeSet<Point> = geometry
        .points()
        .filter(|&p| game.board().is_empty(p))
        .collect();
    let read = |names: &[String], fail: &mut dyn FnMut(String)| -> BTreeSet<Point> {
        names
            .iter()
            .filter_map(|n| match geometry.parse_point(n) {
                Ok(p) => Some(p),
                Err(e) => {
                    fail(format!("legal {who}: {e}"));
                    None
                }
            })
            .collect()
    };
    // The placements the listing states, and the engine's in its form.
    let (wanted, shown) = match (&list.placements, &list.placements_except) {
        (Some(_), Some(_)) => {
            fail(format!(
                "legal {who}: give `placements` or `placements-except`, not both"
            ));
            return;
        }
        (None, Some(except)) => {
            let except = read(except, fail);
            let occupied: BTreeSet<Point> = except.difference(&empty).copied().collect();
            if !occupied.is_empty() {
                fail(format!(
                    "legal {who}: `placements-except` names points that are not empty: {}",
                    point_names(game, &occupied)
                ));
            }
            let illegal: BTreeSet<Point> = empty.difference(&placed).copied().collect();
            let shown = if illegal.is_empty() {
                format!("every empty point ({})", placed.len())
            } else {
                format!(
                    "every empty point except {} ({})",
                    point_names(game, &illegal),
                    placed.len()
                )
            };
            (empty.difference(&except).copied().collect(), shown)
        }
        (listed, None) => {
            let wanted = listed.as_deref().map(|l| read(l, fail)).unwrap_or_default();
            let shown = if placed.is_empty() {
                "no placement".to_string()
            } else {
                format!("{} ({})", point_names(game, &placed), placed.len())
            };
            (wanted, shown)
        }
    };
    trace.push_str(&format!(
        "   legal {who}: {shown}; {}\n",
        if others.is_empty() {
            "no other action".to_string()
        } else {
            others.join(", ")
        }
    ));
    let missing: BTreeSet<Point> = wanted.difference(&placed).copied().collect();
    let extra: BTreeSet<Point> = placed.difference(&wanted).copied().collect();
    if !missing.is_empty() {
        fail(format!(
            "legal {who}: placements listed but illegal: {}",
            point_names(game, &missing)
        ));
    }
    if !extra.is_empty() {
        fail(format!(
            "legal {who}: placements legal but not listed: {}",
            point_names(game, &extra)
        ));
    }
    // The other actions, read and written back in the notation's form.
    let mut wanted = BTreeSet::new();
    for word in &list.actions {
        match parse_action(geometry, word) {
            Ok(Action::Place(_)) => fail(format!(
                "legal {who}: `{word}` is a placement: list it in `placements`"
            )),
            Ok(action) => {
                wanted.insert(format_action(geometry, action));
            }
            Err(e) => fail(format!("legal {who}: `{word}`: {e}")),
        }
    }
    let actual: BTreeSet<String> = others.into_iter().collect();
    let missing: Vec<&String> = wanted.difference(&actual).collect();
    let extra: Vec<&String> = actual.difference(&wanted).collect();
    let join = |v: Vec<&String>| v.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ");
    if !missing.is_empty() {
        fail(format!(
            "legal {who}: actions listed but illegal: {}",
            join(missing)
        ));
    }
    if !extra.is_empty() {
        fail(format!(
            "legal {who}: actions legal but not listed: {}",
            join(extra)
        ));
    }
}
