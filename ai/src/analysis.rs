//! What a search found, for a person or a program to read: the root's
//! candidate actions with their playouts, estimates and priors, each with
//! the line of play the search expects after it (its principal
//! variation); and, while the search analyses a position
//! ([`Mcts::analyze`]), the score each candidate leads to and who owns
//! each point at the end of the playouts.

use crate::candidates::candidates;
use crate::estimates::{Estimates, lead_for};
use crate::player::may_act;
use crate::search::Mcts;
use crate::tree::{Node, NodeId};
use std::time::{Duration, Instant};
use tengen_core::{Action, Game, Phase, Seat};

/// The longest line of play a candidate shows.
pub const MAX_LINE: usize = 12;

/// A line goes on through a node only while that node has this many
/// playouts: fewer say too little to show.
const LINE_MIN_VISITS: u32 = 2;

/// One of the root's candidate actions.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// Who takes it.
    pub seat: Seat,
    /// The action.
    pub action: Action,
    /// The playouts through it (every thread's).
    pub visits: u64,
    /// The share of them its seat won.
    pub win_rate: f64,
    /// The points its seat led by, on average, at the end of the playouts
    /// through it where a score decided (komi included), while the search
    /// analyses; `None` otherwise.
    pub score_lead: Option<f64>,
    /// Its share of its siblings' strength by the learned patterns (0
    /// without priors).
    pub prior: f64,
    /// The line the search expects after it, the candidate first: at each
    /// step the most visited child, while it has playouts enough.
    pub line: Vec<(Seat, Action)>,
}

impl Candidate {
    /// A cautious win rate: the lower end of a 95% interval around it
    /// (normal approximation, at least 0), so a candidate with few
    /// playouts does not look as good as one with many.
    pub fn lower_bound(&self) -> f64 {
        if self.visits == 0 {
            return 0.0;
        }
        let n = self.visits as f64;
        let p = self.win_rate;
        (p - 1.96 * (p * (1.0 - p) / n).sqrt() - 0.5 / n).max(0.0)
    }
}

/// How long an analysis searches, and how often it reports.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisPlan {
    /// The most candidates a report gives (the most visited).
    pub candidates: usize,
    /// Whether reports give the ownership of every point.
    pub ownership: bool,
    /// The playouts the analysis rests on (the root's, reused ones
    /// included): it stops once they are reached, after one slice at
    /// least, which adds an eighth of them where the tree already held
    /// them all.
    pub playouts: u64,
    /// The longest it searches (none: only the playouts bound it).
    pub time: Option<Duration>,
    /// How often it reports.
    pub every: ReportEvery,
}

/// How often an analysis reports.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ReportEvery {
    /// After each this many playouts (with one thread and one seed, the
    /// same reports every time).
    Playouts(u64),
    /// After each this long (as GUIs ask).
    Time(Duration),
}

/// What an analysis found at one moment.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The seat the analysis is for: every estimate is its.
    pub seat: Seat,
    /// The playouts the root rests on, every thread's.
    pub playouts: u64,
    /// The candidates, most visited first.
    pub candidates: Vec<Candidate>,
    /// Each point's ownership at the end of the playouts, in board order:
    /// 1 always the seat's (its stone, or an empty region only its stones
    /// touch), -1 always the opponent's, 0 as often either or neither.
    /// `None` unless asked for, or where no playout ended yet.
    pub ownership: Option<Vec<f64>>,
}

impl Analysis {
    /// The seat's chance to win by the best candidate's playouts.
    pub fn win_rate(&self) -> Option<f64> {
        self.candidates.first().map(|c| c.win_rate)
    }

    /// The points the seat leads by after the best candidate, where
    /// known.
    pub fn score_lead(&self) -> Option<f64> {
        self.candidates.first().and_then(|c| c.score_lead)
    }
}

/// Why a position cannot be analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisError {
    /// The seat may not act now (or has nothing to choose from).
    NotToAct(Seat),
    /// The game is over.
    Over,
    /// In an agreement phase the players settle the dead stones; there is
    /// nothing to search.
    Agreement,
}

impl std::fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnalysisError::NotToAct(seat) => {
                write!(
                    f,
                    "{} is not to act, so there is nothing to analyse for it",
                    seat.short_name()
                )
            }
            AnalysisError::Over => f.write_str("the game is over: there is nothing to analyse"),
            AnalysisError::Agreement => f.write_str(
                "the players are agreeing on the dead stones, which the search does not analyse",
            ),
        }
    }
}

impl std::error::Error for AnalysisError {}

impl Mcts {
    /// Analyses `game`'s position for `seat`: searches as `plan` says,
    /// calls `report` after each slice but the last with what the search
    /// found so far (it returns false to stop early), and returns what it
    /// found in the end. The tree is kept, as after a choice: analysing
    /// again, or choosing, in the same position goes on from it.
    pub fn analyze(
        &mut self,
        game: &Game,
        seat: Seat,
        plan: &AnalysisPlan,
        mut report: impl FnMut(&Analysis) -> bool,
    ) -> Result<Analysis, AnalysisError> {
        match game.state().phase() {
            Phase::Over => return Err(AnalysisError::Over),
            Phase::Agreement => return Err(AnalysisError::Agreement),
            _ => {}
        }
        if !may_act(game, seat) {
            return Err(AnalysisError::NotToAct(seat));
        }
        let mut options = Vec::new();
        candidates(game, seat, &mut options);
        if options.is_empty() {
            return Err(AnalysisError::NotToAct(seat));
        }
        self.set_estimates(true);
        let (playouts, time) = (self.config().playouts, self.config().time);
        let start = Instant::now();
        let mut analysis;
        // The first slice searches even where the tree kept from before
        // already holds the budget (adding an eighth of it, as a choice
        // does), so the estimates rest on playouts of their own.
        let mut first = true;
        loop {
            let done = self.root_playouts();
            let left = plan.playouts.saturating_sub(done);
            let time_left = plan.time.map(|t| t.saturating_sub(start.elapsed()));
            let step = match plan.every {
                ReportEvery::Playouts(n) => n.max(1).min(left),
                ReportEvery::Time(_) => left,
            };
            let slice_time = match (plan.every, time_left) {
                (ReportEvery::Time(d), Some(t)) => Some(d.min(t)),
                (ReportEvery::Time(d), None) => Some(d),
                (ReportEvery::Playouts(_), t) => t,
            };
            if (left > 0 || first) && slice_time != Some(Duration::ZERO) {
                first = false;
                self.slice += 1;
                self.set_playouts(done + step);
                self.set_time(slice_time);
                self.search(game, seat);
            }
            analysis = self.snapshot(game, seat, plan);
            let spent = analysis.playouts >= plan.playouts
                || plan.time.is_some_and(|t| start.elapsed() >= t);
            if spent || !report(&analysis) {
                break;
            }
        }
        self.slice = 0;
        self.set_playouts(playouts);
        self.set_time(time);
        self.set_estimates(false);
        Ok(analysis)
    }

    /// What the search found for `seat` in `game` (the position searched).
    fn snapshot(&self, game: &Game, seat: Seat, plan: &AnalysisPlan) -> Analysis {
        let estimates = self.merged_estimates();
        let ownership = plan
            .ownership
            .then_some(estimates.as_ref())
            .flatten()
            .and_then(|e| e.ownership(game.state().colour_of(seat)));
        Analysis {
            seat,
            playouts: self.root_playouts(),
            candidates: self.candidates_with(plan.candidates, estimates.as_ref()),
            ownership,
        }
    }

    /// The root's candidates after the last choice, most visited first
    /// (the better valued of equals), at most `limit` of them; the lines
    /// follow this thread's tree.
    pub fn analysis(&self, limit: usize) -> Vec<Candidate> {
        self.candidates_with(limit, None)
    }

    fn candidates_with(&self, limit: usize, estimates: Option<&Estimates>) -> Vec<Candidate> {
        let mut children: Vec<&Node> = self.root_children().filter(|n| n.visits > 0).collect();
        children.sort_by(|a, b| b.rank(a));
        children
            .into_iter()
            .take(limit)
            .map(|node| Candidate {
                seat: node.seat,
                action: node.action,
                visits: u64::from(node.visits),
                win_rate: node.mean(),
                score_lead: estimates.and_then(|e| {
                    let slot = self.root_slot(node.seat, node.action)?;
                    let (sum, count) = e.lead_sum(slot);
                    (count > 0).then(|| lead_for(node.seat, sum / f64::from(count)))
                }),
                prior: node.prior(),
                line: self.line_after(node.seat, node.action),
            })
            .collect()
    }

    /// The place of the root's child `action` by `seat` among this tree's
    /// root's children.
    fn root_slot(&self, seat: Seat, action: Action) -> Option<usize> {
        let tree = self.tree();
        let root = &tree.nodes[0];
        tree.child(0, seat, action)
            .map(|c| (c - root.first_child) as usize)
    }

    /// Every thread's estimates added up, by this tree's root's children
    /// (`None` when the search is not analysing).
    fn merged_estimates(&self) -> Option<Estimates> {
        let mut merged = self.estimates.clone()?;
        for helper in self.helpers() {
            let Some(theirs) = &helper.estimates else {
                continue;
            };
            let tree = helper.tree();
            let first = tree.nodes[0].first_child as usize;
            merged.absorb(theirs, |slot| {
                let node = tree.nodes.get(first + slot)?;
                self.root_slot(node.seat, node.action)
            });
        }
        Some(merged)
    }

    /// The line from the root's child `action` by `seat` in this thread's
    /// tree.
    fn line_after(&self, seat: Seat, action: Action) -> Vec<(Seat, Action)> {
        let tree = self.tree();
        let mut line = vec![(seat, action)];
        let Some(mut at) = tree.child(0, seat, action) else {
            return line;
        };
        while line.len() < MAX_LINE {
            let node = &tree.nodes[at as usize];
            let best = node
                .children()
                .filter(|&c| tree.nodes[c].visits >= LINE_MIN_VISITS)
                .max_by_key(|&c| tree.nodes[c].visits);
            let Some(best) = best else {
                break;
            };
            let child = &tree.nodes[best];
            line.push((child.seat, child.action));
            at = best as NodeId;
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Player, SearchConfig};
    use tengen_core::Game;

    /// After a choice the candidates come most visited first, the first is
    /// the choice, their playouts add up to no more than the search's, and
    /// each line starts with its candidate and can be played out.
    #[test]
    fn candidates_come_with_lines_that_can_be_played() {
        let rules = tengen_variants::library()
            .assemble("go", &["size=9".into()])
            .expect("go assembles");
        let game = Game::new(rules);
        let mut search = Mcts::new(SearchConfig {
            playouts: 3000,
            resign: false,
            ..SearchConfig::default()
        });
        let choice = search.choose(&game, Seat::One).expect("a choice");
        let candidates = search.analysis(5);
        assert_eq!(candidates.len(), 5);
        assert_eq!(candidates[0].action, choice.action);
        assert!(candidates.windows(2).all(|w| w[0].visits >= w[1].visits));
        let total: u64 = candidates.iter().map(|c| c.visits).sum();
        assert!(total <= choice.playouts);
        assert!(
            candidates.iter().any(|c| c.line.len() >= 2),
            "{candidates:?}"
        );
        for c in &candidates {
            assert_eq!(c.line[0], (c.seat, c.action));
            assert!(c.line.len() <= MAX_LINE);
            assert!((0.0..=1.0).contains(&c.win_rate));
            let mut replay = game.clone();
            for &(seat, action) in &c.line {
                replay.apply(seat, action).expect("a line of legal actions");
            }
        }
        assert_eq!(search.analysis(2).len(), 2);
    }

    fn nine_by_nine() -> Game {
        let rules = tengen_variants::library()
            .assemble("go", &["size=9".into()])
            .expect("go assembles");
        Game::new(rules)
    }

    fn plan(playouts: u64, every: u64) -> AnalysisPlan {
        AnalysisPlan {
            candidates: usize::MAX,
            ownership: true,
            playouts,
            time: None,
            every: ReportEvery::Playouts(every),
        }
    }

    /// An analysis reports after each slice of playouts but the last,
    /// whose findings it returns; every estimate is within its range, and
    /// the ownership covers every point.
    #[test]
    fn an_analysis_reports_each_slice_and_ends_at_its_budget() {
        let game = nine_by_nine();
        let mut search = Mcts::new(SearchConfig::default());
        let mut reports = Vec::new();
        let last = search
            .analyze(&game, Seat::One, &plan(2000, 500), |a| {
                reports.push(a.playouts);
                true
            })
            .expect("the empty board can be analysed");
        assert_eq!(reports, [500, 1000, 1500]);
        assert_eq!(last.playouts, 2000);
        assert_eq!(last.seat, Seat::One);
        let ownership = last.ownership.as_ref().expect("ownership was asked for");
        assert_eq!(ownership.len(), 81);
        assert!(ownership.iter().all(|o| (-1.0..=1.0).contains(o)));
        assert!(last.candidates.iter().all(|c| c.score_lead.is_some()));
        assert!(last.win_rate().is_some() && last.score_lead().is_some());
        // Again with the same budget: the tree already holds it, and the
        // analysis still adds playouts of its own for its estimates.
        let again = search
            .analyze(&game, Seat::One, &plan(2000, 500), |_| true)
            .expect("analysed again");
        assert_eq!(again.playouts, 2250);
        assert!(again.ownership.is_some() && again.score_lead().is_some());
        // Stopped by its report, it returns at once.
        let mut search = Mcts::new(SearchConfig::default());
        let mut calls = 0;
        let first = search
            .analyze(&game, Seat::One, &plan(100_000, 300), |_| {
                calls += 1;
                false
            })
            .expect("analysed");
        assert_eq!((calls, first.playouts), (1, 300));
    }

    /// The estimates count the same playouts: Black's lead, averaged over
    /// the candidates by their playouts, is Black's area less White's
    /// (the sum of the ownership) less the komi of 7.
    #[test]
    fn the_score_leads_and_the_ownership_agree() {
        let game = nine_by_nine();
        for threads in [1, 2] {
            let mut search = Mcts::new(SearchConfig {
                threads,
                ..SearchConfig::default()
            });
            let analysis = search
                .analyze(&game, Seat::One, &plan(1500, 1500), |_| true)
                .expect("analysed");
            let visits: u64 = analysis.candidates.iter().map(|c| c.visits).sum();
            assert_eq!(visits, analysis.playouts, "{threads} threads");
            assert!(visits >= 1500);
            let mean_lead = analysis
                .candidates
                .iter()
                .map(|c| c.visits as f64 * c.score_lead.expect("a lead"))
                .sum::<f64>()
                / visits as f64;
            let area: f64 = analysis.ownership.expect("ownership").iter().sum();
            assert!(
                (mean_lead - (area - 7.0)).abs() < 1e-6,
                "{threads} threads: lead {mean_lead}, area {area}"
            );
        }
        // White's view: Black's stone is mostly Black's.
        let mut game = game;
        let d5 = game.rules().geometry.parse_point("D5").expect("a point");
        game.apply(Seat::One, Action::Place(d5)).expect("legal");
        let mut search = Mcts::new(SearchConfig::default());
        let white = search
            .analyze(&game, Seat::Two, &plan(600, 600), |_| true)
            .expect("analysed");
        assert_eq!(white.seat, Seat::Two);
        let own = white.ownership.expect("ownership");
        assert!(own[d5.index()] < -0.5, "{}", own[d5.index()]);
    }

    /// Nothing to analyse: the wrong seat, a finished game.
    #[test]
    fn an_analysis_needs_a_seat_to_act() {
        let mut game = nine_by_nine();
        let mut search = Mcts::new(SearchConfig::default());
        assert_eq!(
            search.analyze(&game, Seat::Two, &plan(10, 10), |_| true),
            Err(AnalysisError::NotToAct(Seat::Two))
        );
        game.apply(Seat::One, Action::Resign)
            .expect("resigning is allowed");
        assert_eq!(
            search.analyze(&game, Seat::Two, &plan(10, 10), |_| true),
            Err(AnalysisError::Over)
        );
    }
}
