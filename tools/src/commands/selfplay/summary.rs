//! `tengen selfplay summarize`: first-player win rates with their
//! confidence intervals, from any number of results files.

use super::outcome::Outcome;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::PathBuf;
use tengen_ai::verdict;

/// The 95% Wilson score interval of `wins` in `games`: the range of true
/// rates the result is consistent with, well behaved near 0 and 1 and for
/// few games (unlike the normal approximation).
pub(crate) fn wilson(wins: f64, games: f64) -> (f64, f64) {
    if games <= 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let p = wins / games;
    let z2 = z * z / games;
    let centre = (p + z2 / 2.0) / (1.0 + z2);
    let half = z * (p * (1.0 - p) / games + z2 / (4.0 * games)).sqrt() / (1.0 + z2);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The games of one ruleset, option set and pair of players.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Tally {
    pub(crate) games: u64,
    pub(crate) p1: u64,
    pub(crate) p2: u64,
    pub(crate) draws: u64,
    pub(crate) unfinished: u64,
    pub(crate) length: u64,
    /// Games a player that did not lose (the winner, or either in a draw)
    /// would have resigned at the search's threshold.
    pub(crate) wrong_resignations: u64,
    /// Games the loser would have resigned at the threshold.
    pub(crate) resignable: u64,
    /// The lowest estimate any player that did not lose held through a run
    /// of choices (how close a wrong resignation came).
    pub(crate) lowest_not_losing: Option<f64>,
    /// Games whose loser had once estimated its chances at the sure-win
    /// threshold or above (where it would have passed, passing allowed).
    pub(crate) lost_after_a_sure_win: u64,
    /// Games with the players' highest estimates recorded.
    pub(crate) with_highest: u64,
}

impl Tally {
    fn add(&mut self, outcome: &Outcome) {
        self.games += 1;
        self.length += outcome.length;
        let (not_losing, losing, loser_highest) = match outcome.winner.as_str() {
            "p1" => {
                self.p1 += 1;
                (
                    vec![outcome.p1_lowest],
                    outcome.p2_lowest,
                    outcome.p2_highest,
                )
            }
            "p2" => {
                self.p2 += 1;
                (
                    vec![outcome.p2_lowest],
                    outcome.p1_lowest,
                    outcome.p1_highest,
                )
            }
            "draw" => {
                self.draws += 1;
                (vec![outcome.p1_lowest, outcome.p2_lowest], None, None)
            }
            _ => {
                self.unfinished += 1;
                (Vec::new(), None, None)
            }
        };
        if outcome.p1_highest.is_some() || outcome.p2_highest.is_some() {
            self.with_highest += 1;
        }
        if loser_highest.is_some_and(|h| h >= verdict::WON) {
            self.lost_after_a_sure_win += 1;
        }
        let resigns = |lowest: Option<f64>| lowest.is_some_and(|l| l <= verdict::LOST);
        if not_losing.iter().any(|&l| resigns(l)) {
            self.wrong_resignations += 1;
        }
        if resigns(losing) {
            self.resignable += 1;
        }
        for l in not_losing.into_iter().flatten() {
            self.lowest_not_losing = Some(self.lowest_not_losing.map_or(l, |m| m.min(l)));
        }
    }
}

/// What a group of games is told apart by.
type Key = (String, Vec<String>, String, String, String);

/// The tallies of `outcomes`, each game counted once however many files
/// repeat it; also the number of repeats ignored.
pub(crate) fn tally(outcomes: &[Outcome]) -> (BTreeMap<Key, Tally>, usize) {
    let mut seen = BTreeSet::new();
    let mut groups: BTreeMap<Key, Tally> = BTreeMap::new();
    let mut repeats = 0;
    for o in outcomes {
        let key = (
            o.ruleset.clone(),
            o.options.clone(),
            o.rules.clone(),
            o.p1.clone(),
            o.p2.clone(),
        );
        if !seen.insert((key.clone(), o.game, o.seed)) {
            repeats += 1;
            continue;
        }
        groups.entry(key).or_default().add(o);
    }
    (groups, repeats)
}

/// Reads results files: every line an outcome, or an error naming the
/// file and line.
pub(crate) fn read(files: &[PathBuf]) -> Result<Vec<Outcome>, String> {
    let mut outcomes = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file)
            .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let outcome = serde_json::from_str::<Outcome>(line).map_err(|e| {
                format!("{}:{}: not a self-play result: {e}", file.display(), n + 1)
            })?;
            outcomes.push(outcome);
        }
    }
    Ok(outcomes)
}

/// The summary table of `outcomes`, in words.
pub(crate) fn render(outcomes: &[Outcome]) -> String {
    let (groups, repeats) = tally(outcomes);
    let mut out = String::new();
    for ((ruleset, options, rules, p1, p2), t) in &groups {
        let options = if options.is_empty() {
            String::new()
        } else {
            format!(" {}", options.join(" "))
        };
        let decided = t.games as f64;
        let rate = t.p1 as f64 / decided;
        let (low, high) = wilson(t.p1 as f64, decided);
        let _ = writeln!(
            out,
            "{ruleset}{options} (rules {rules}): {p1} (Player 1) against {p2} (Player 2)"
        );
        let _ = writeln!(
            out,
            "  {} games: Player 1 won {}, Player 2 won {}, drawn {}, unfinished {}",
            t.games, t.p1, t.p2, t.draws, t.unfinished
        );
        let _ = writeln!(
            out,
            "  Player 1's win rate {:.1}% (95% Wilson interval {:.1}% to {:.1}%); draw rate {:.1}%; mean length {:.1} actions",
            100.0 * rate,
            100.0 * low,
            100.0 * high,
            100.0 * t.draws as f64 / decided,
            t.length as f64 / decided
        );
        if let Some(lowest) = t.lowest_not_losing {
            let _ = writeln!(
                out,
                "  resigning at {:.0}% over {} choices: {} game(s) the loser would have resigned, {} a player that did not lose would have; the lowest run of a player that did not lose was {:.1}%",
                100.0 * verdict::LOST,
                verdict::RESIGN_STREAK,
                t.resignable,
                t.wrong_resignations,
                100.0 * lowest
            );
        }
        if t.with_highest > 0 {
            let _ = writeln!(
                out,
                "  passing at {:.0}%: {} game(s) lost by a player that had once estimated its chances that high",
                100.0 * verdict::WON,
                t.lost_after_a_sure_win
            );
        }
    }
    if repeats > 0 {
        let _ = writeln!(out, "({repeats} repeated game(s) counted once)");
    }
    if groups.is_empty() {
        out.push_str("no games\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Known values of the interval (as published tables give them).
    #[test]
    fn wilson_intervals_match_known_values() {
        let close =
            |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).abs() < 5e-4 && (a.1 - b.1).abs() < 5e-4;
        assert!(
            close(wilson(50.0, 100.0), (0.4038, 0.5962)),
            "{:?}",
            wilson(50.0, 100.0)
        );
        assert!(
            close(wilson(0.0, 10.0), (0.0, 0.2775)),
            "{:?}",
            wilson(0.0, 10.0)
        );
        assert!(
            close(wilson(95.0, 100.0), (0.8883, 0.9785)),
            "{:?}",
            wilson(95.0, 100.0)
        );
    }

    fn outcome(game: u64, winner: &str) -> Outcome {
        Outcome {
            game,
            seed: game * 7,
            ruleset: "go".into(),
            options: vec!["size=9".into()],
            rules: "0123456789abcdef".into(),
            p1: "random".into(),
            p2: "random".into(),
            winner: winner.into(),
            margin: None,
            length: 10 + game,
            placements: 9,
            end: "score".into(),
            p1_lowest: None,
            p2_lowest: None,
            p1_highest: None,
            p2_highest: None,
            record: None,
        }
    }

    /// The resignation check: a winner (or either player of a draw) whose
    /// lowest run fell to the threshold would have resigned wrongly; a
    /// loser's would have been right; the closest call is reported.
    #[test]
    fn resignations_and_passes_are_judged_by_who_went_on_to_win() {
        let with = |game, winner, p1: f64, p2: f64| Outcome {
            p1_lowest: Some(p1),
            p2_lowest: Some(p2),
            p1_highest: Some(0.98),
            p2_highest: Some(0.5),
            ..outcome(game, winner)
        };
        let games = [
            with(0, "p1", 0.008, 0.005),
            with(1, "p2", 0.4, 0.2),
            with(2, "draw", 0.5, 0.01),
            with(3, "p1", 0.6, 0.3),
        ];
        let (groups, _) = tally(&games);
        let t = groups.values().next().expect("one group");
        assert_eq!((t.wrong_resignations, t.resignable), (2, 1));
        assert_eq!(t.lowest_not_losing, Some(0.008));
        assert_eq!(t.lost_after_a_sure_win, 1, "game 1: Player 1 had 98%");
        assert!(
            render(&games).contains("1 game(s) the loser would have resigned, 2 a player that did not lose would have; the lowest run of a player that did not lose was 0.8%"),
            "{}",
            render(&games)
        );
    }

    /// Shards merge exactly: their union tallies as the whole run, and a
    /// game given twice counts once.
    #[test]
    fn shards_merge_exactly() {
        let all: Vec<Outcome> = (0..9)
            .map(|g| outcome(g, ["p1", "p2", "draw"][g as usize % 3]))
            .collect();
        let (whole, _) = tally(&all);
        let mut shuffled: Vec<Outcome> = all.iter().rev().cloned().collect();
        shuffled.push(all[4].clone());
        let (merged, repeats) = tally(&shuffled);
        assert_eq!(merged, whole);
        assert_eq!(repeats, 1);
        let t = whole.values().next().expect("one group");
        assert_eq!((t.games, t.p1, t.p2, t.draws), (9, 3, 3, 3));
    }
}
