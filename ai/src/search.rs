//! Monte Carlo tree search over the engine's actions, with RAVE.
//!
//! Each iteration copies the position at the root, walks down the tree
//! (see [`select`]: the mean value blended with a prior, the placements'
//! all-moves-as-first statistics, plus an exploration bonus), expands a
//! node the second time it is reached, plays the rest of the game with a
//! random playout (the learned shapes in Go-like games, see
//! [`SearchConfig::policy`]), and counts the result and its value (the result,
//! and a little the margin) for every seat that acted on the way, and for
//! every placement child whose seat played its point first later in the
//! game. The choice is the root's most visited child. The tree is kept
//! between choices and reused when the game has moved along it.

use crate::agreement::{
    JUDGEMENT_PLAYOUTS, agreement_action, judge_dead, marking_step_untouched, note_marking,
};
use crate::candidates::{candidates, choosing};
use crate::estimates::Estimates;
use crate::player::{Choice, Player, may_act};
use crate::priors::{Priors, bundled_weights};
use crate::tree::{Node, NodeId, Tree};
use crate::verdict::{
    EstimateRuns, PASS_CHECK_PLAYOUTS, PASS_MIN_VISITS, WON, decided_pass, may_resign, passed_back,
};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tengen_core::playout::{LightGame, Playout, PlayoutRng, Policy, seat_ahead};
use tengen_core::{Action, Choosing, Game, Phase, PointSet, Seat, ToAct};

/// How the search spends its effort.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    /// Playouts each choice rests on, those of the reused tree included
    /// (a search always adds at least an eighth of them).
    pub playouts: u64,
    /// A time limit per choice, which stops the search early.
    pub time: Option<Duration>,
    /// The seed every choice's random draws derive from (with the
    /// position), so a game against the search can be replayed exactly.
    pub seed: u64,
    /// The weight of exploration in the upper confidence bound.
    pub exploration: f64,
    /// Whether placements learn from every playout in which their seat
    /// placed on their point first (RAVE, all moves as first), not only
    /// from the playouts that began with them.
    pub rave: bool,
    /// The most nodes the tree holds, which bounds its memory (a node is
    /// [`NODE_BYTES`] bytes). Once the tree has this many, the search
    /// stops growing it: playouts still run from its leaves and still
    /// count, so a long search keeps sharpening the choices it has.
    pub max_nodes: usize,
    /// Whether the player resigns a game its search finds lost, where the
    /// ruleset allows resignation (see [`crate::verdict`]); off for
    /// self-play studies that want every game played to its end.
    pub resign: bool,
    /// Which placements the playouts prefer (see
    /// [`tengen_core::playout::Policy`]). `None`, the default, lets the
    /// search choose by the game: the learned shapes ([`Policy::Shapes`])
    /// in the games their weights were learned from, Go and its kin that
    /// the light board plays (one placement a move, the score by area,
    /// play ending on passes), and the light policy elsewhere, where the
    /// shapes measured no better at equal time (see the book's AI page).
    pub policy: Option<Policy>,
    /// Threads a choice searches on, each growing a tree of its own from
    /// the same position with its own draws (root parallelism); their
    /// root statistics are added together before the choice. The
    /// playouts are the choice's budget in all, shared between them.
    pub threads: usize,
    /// Whether the tree's children carry priors from the learned
    /// neighbourhood patterns (see [`crate::priors`]), which bias the
    /// search towards the moves they favour until playouts have tried
    /// them.
    pub priors: bool,
}

/// The most playouts one choice may be asked to spend, whoever asks (a
/// protocol, the command line, the playground): a million, some minutes
/// of thought on 19x19, so no request can ask for a search that never
/// ends.
pub const MAX_PLAYOUTS: u64 = 1_000_000;

/// The playouts a choice spends when nobody says: 2,000 on 9x9's 81
/// points, and as many more as the board has more points (4,172 on 13x13,
/// 8,913 on 19x19), so that a bigger board is not played with a small
/// board's budget (the search's cost per playout grows with the board
/// too; a time limit bounds the wait). Every front end's default is this
/// function of the board: `tengen play`, `tengen gtp`, the JSON engine's
/// `ai-move` and the playground.
pub fn default_playouts(points: usize) -> u64 {
    const PER_81_POINTS: u64 = 2000;
    let points = (points as u64).max(81);
    (PER_81_POINTS.saturating_mul(points) / 81).min(MAX_PLAYOUTS)
}

/// The bytes of one node of the search tree.
pub const NODE_BYTES: usize = std::mem::size_of::<crate::tree::Node>();

/// The default bound on the tree: as many nodes as fit in 160 MiB, which
/// a 19x19 search reaches after some 130,000 playouts.
pub const DEFAULT_MAX_NODES: usize = (160 << 20) / NODE_BYTES;

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            playouts: 2000,
            time: None,
            seed: 1,
            exploration: 0.7,
            rave: true,
            max_nodes: DEFAULT_MAX_NODES,
            resign: true,
            policy: None,
            threads: 1,
            priors: true,
        }
    }
}

/// The tree search as a player.
#[derive(Debug)]
pub struct Mcts {
    config: SearchConfig,
    tree: Tree,
    /// The position the tree is rooted at, without undo.
    root: Option<Game>,
    /// The record of the game the tree was rooted at (for reuse).
    root_record: Vec<(Seat, Action)>,
    /// The game a playout runs on, reused from iteration to iteration.
    scratch: Option<Game>,
    /// The light board a playout runs on, where the ruleset allows it
    /// (reused from iteration to iteration).
    light: Option<LightGame>,
    policy: Playout,
    rng: PlayoutRng,
    buffer: Vec<Action>,
    path: Vec<NodeId>,
    /// For each point, the first seat to place on it in the playout under
    /// way from the level being updated on (RAVE).
    first: Vec<Option<Seat>>,
    /// The dead strings judged in the position under way (by board), and
    /// the strings whose marks the player has changed there.
    agreement: Option<(u64, PointSet, PointSet)>,
    /// A flag another thread may raise to stop the choice under way (its
    /// asker has gone): the search then answers with what it has.
    stop: Option<Arc<AtomicBool>>,
    /// Each seat's runs of estimates, which resigning waits on, and the
    /// moves completed at the last choice (a game taken back or begun
    /// afresh starts the runs again).
    runs: EstimateRuns,
    runs_move: u32,
    /// The searches of the other threads, each with a tree of its own.
    helpers: Vec<Mcts>,
    /// The root's children with every thread's statistics added, after a
    /// search on several threads (`None` after one on a single thread,
    /// where the tree's own are read).
    merged: Option<Vec<Node>>,
    /// The priors of new children, where the configuration asks for them.
    priors: Option<Priors>,
    /// The scores and owners the playouts end with, kept while the search
    /// analyses (see [`crate::analysis`]).
    pub(crate) estimates: Option<Estimates>,
    /// Mixed into the seed of each further slice of an analysis of one
    /// position, so its playouts do not repeat the first slice's draws (0
    /// for a choice).
    pub(crate) slice: u64,
}

impl Mcts {
    /// A search spending effort as `config` says.
    pub fn new(config: SearchConfig) -> Mcts {
        let priors = config
            .priors
            .then(|| Priors::new(Arc::clone(bundled_weights())));
        Mcts {
            policy: Playout::new(config.seed),
            rng: PlayoutRng::new(config.seed),
            config,
            tree: Tree::with_root(),
            root: None,
            root_record: Vec::new(),
            scratch: None,
            light: None,
            buffer: Vec::new(),
            path: Vec::new(),
            first: Vec::new(),
            agreement: None,
            stop: None,
            runs: EstimateRuns::default(),
            runs_move: 0,
            helpers: Vec::new(),
            merged: None,
            priors,
            estimates: None,
            slice: 0,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// This thread's tree.
    pub(crate) fn tree(&self) -> &Tree {
        &self.tree
    }

    /// Changes the playouts per choice.
    pub fn set_playouts(&mut self, playouts: u64) {
        self.config.playouts = playouts.max(1);
    }

    /// Changes the time limit per choice (none: only the playouts bound
    /// it).
    pub fn set_time(&mut self, time: Option<Duration>) {
        self.config.time = time;
    }

    /// Changes the threads a choice searches on (at least one).
    pub fn set_threads(&mut self, threads: usize) {
        self.config.threads = threads.max(1);
    }

    /// Whether the search resigns a game it finds lost (where the ruleset
    /// allows resignation).
    pub fn set_resign(&mut self, resign: bool) {
        self.config.resign = resign;
    }

    /// Gives the search a flag that stops a choice early once raised
    /// (checked every 32 playouts); none: nothing stops it but its
    /// playouts and its time.
    pub fn set_stop(&mut self, stop: Option<Arc<AtomicBool>>) {
        self.stop = stop;
    }

    /// Forgets the tree (after the game was changed in a way the search
    /// cannot follow, e.g. a new game).
    pub fn clear(&mut self) {
        self.tree = Tree::with_root();
        self.root = None;
        self.root_record.clear();
        self.agreement = None;
        self.runs.clear();
        self.merged = None;
        for helper in &mut self.helpers {
            helper.clear();
        }
    }

    /// The seed of the choice in `game`'s position: the configured seed
    /// mixed with how far the game has gone.
    fn seed_for(&self, game: &Game) -> u64 {
        let progress = game.state().history().len() as u64 * 0x1000_0000
            + u64::from(game.state().moves_completed()) * 0x1_0000
            + game.state().current_move().actions as u64;
        let slice = self.slice.wrapping_mul(0xA24B_AED4_963E_E407);
        (self.config.seed ^ progress ^ slice).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// Roots the tree at `game`'s position, keeping the subtree the game
    /// reached when it has moved along the tree since the last search.
    fn reroot(&mut self, game: &Game) {
        let reused = self.root.as_ref().and_then(|root| {
            let same_game = Arc::ptr_eq(root.rules(), game.rules())
                && root.start() == game.start()
                && game.keeps_undo()
                && game.record().len() >= self.root_record.len()
                && game.record()[..self.root_record.len()] == self.root_record[..];
            if !same_game {
                return None;
            }
            let mut node: NodeId = 0;
            for &(seat, action) in &game.record()[self.root_record.len()..] {
                node = self.tree.child(node, seat, action)?;
            }
            Some(node)
        });
        if reused != Some(0)
            && let Some(estimates) = &mut self.estimates
        {
            estimates.clear();
        }
        self.tree = match reused {
            Some(0) => std::mem::take(&mut self.tree),
            Some(node) => self.tree.subtree(node),
            None => Tree::with_root(),
        };
        self.root = Some(game.copy_without_undo());
        self.root_record.clear();
        if game.keeps_undo() {
            self.root_record.extend_from_slice(game.record());
        }
    }

    /// One iteration: down the tree, one playout, results back up.
    fn iterate(&mut self) {
        let (Some(root), Some(scratch)) = (&self.root, &mut self.scratch) else {
            return;
        };
        scratch.clone_from(root);
        self.path.clear();
        self.path.push(0);
        let mut node: NodeId = 0;
        loop {
            let current = &self.tree.nodes[node as usize];
            if current.terminal {
                break;
            }
            if !current.expanded() {
                // A leaf is expanded on its second visit, and only while
                // the tree has room (the root always: a choice needs its
                // children); otherwise the playout starts from it.
                if node != 0
                    && (current.visits == 0 || self.tree.nodes.len() >= self.config.max_nodes)
                {
                    break;
                }
                let seat = match scratch.to_act() {
                    ToAct::Seat(seat) => Some(seat),
                    _ => None,
                };
                match seat {
                    Some(seat) => candidates(scratch, seat, &mut self.buffer),
                    None => self.buffer.clear(),
                }
                if self.buffer.is_empty() {
                    self.tree.nodes[node as usize].terminal = true;
                    break;
                }
                if !self
                    .tree
                    .has_room(node, self.buffer.len(), self.config.max_nodes)
                {
                    break;
                }
                for i in (1..self.buffer.len()).rev() {
                    self.buffer.swap(i, self.rng.below(i + 1));
                }
                let seat = seat.unwrap_or(Seat::One);
                self.tree
                    .expand(node, seat, &self.buffer, self.config.max_nodes);
                if let Some(priors) = &mut self.priors {
                    let children = self.tree.nodes[node as usize].children();
                    priors.assign(scratch, seat, &mut self.tree.nodes[children]);
                }
            }
            let child = select(&self.tree, node, self.config.exploration, self.config.rave);
            let (seat, action) = {
                let c = &self.tree.nodes[child as usize];
                (c.seat, c.action)
            };
            if scratch.apply(seat, action).is_err() {
                // The candidates are legal actions, so this does not
                // happen; should it, the child is closed as a loss.
                let c = &mut self.tree.nodes[child as usize];
                c.terminal = true;
                c.visits += 1;
                return;
            }
            node = child;
            self.path.push(node);
            if scratch.state().phase() == Phase::Over {
                self.tree.nodes[node as usize].terminal = true;
                break;
            }
        }
        let Some(outcome) = self.evaluate() else {
            return;
        };
        if let (Some(estimates), Some(lead), Some(&child)) =
            (&mut self.estimates, outcome.lead, self.path.get(1))
        {
            let slot = child - self.tree.nodes[0].first_child;
            estimates.add_lead(slot as usize, lead);
        }
        for &id in &self.path {
            let n = &mut self.tree.nodes[id as usize];
            n.visits += 1;
            n.wins += outcome.result(n.seat);
            n.value += outcome.value(n.seat);
        }
        if self.config.rave {
            self.update_amaf(&outcome);
        }
    }

    /// All moves as first: from the bottom of the path up, each node's
    /// placement children learn from the playout when their seat placed
    /// on their point before the other seat did, in the rest of the game
    /// from that node on (the playout's placements, then the tree's).
    fn update_amaf(&mut self, outcome: &Outcome) {
        let points = self
            .root
            .as_ref()
            .map_or(0, |r| r.rules().geometry.point_count());
        self.first.clear();
        self.first.resize(points, None);
        for &(seat, p) in self.policy.placements().iter().rev() {
            self.first[p.index()] = Some(seat);
        }
        for level in (0..self.path.len()).rev() {
            let node = self.tree.nodes[self.path[level] as usize].clone();
            if node.expanded() {
                for c in node.children() {
                    let child = &mut self.tree.nodes[c];
                    if let Action::Place(p) = child.action
                        && self.first.get(p.index()).copied().flatten() == Some(child.seat)
                    {
                        child.amaf_visits += 1;
                        child.amaf_value += outcome.value(child.seat);
                    }
                }
            }
            if level > 0
                && let Action::Place(p) = node.action
                && let Some(slot) = self.first.get_mut(p.index())
            {
                *slot = Some(node.seat);
            }
        }
    }

    /// How the scratch game ends once played out with the light policy.
    fn evaluate(&mut self) -> Option<Outcome> {
        let scratch = self.scratch.as_mut()?;
        let scale = (scratch.rules().geometry.point_count() as f64 / 10.0).max(1.0);
        if scratch.state().phase() == Phase::Agreement {
            // The tree's passes opened an agreement phase. Who wins then
            // turns on the dead strings, which the agreement removes: not
            // the board as it stands (a dead stone in the opponent's area
            // would spoil it), but how play from here settles them, as
            // the agreement policy judges them. So play resumes (where
            // no one may resume, the playout accepts the board as it is).
            for seat in Seat::BOTH {
                if scratch.apply(seat, Action::Resume).is_ok() {
                    break;
                }
            }
        }
        if scratch.state().phase() != Phase::Over {
            self.policy.action_limit = 4 * scratch.rules().geometry.point_count() as u64 + 64;
            // The same game on the light board where the ruleset allows
            // it, several times faster.
            let light = match &mut self.light {
                Some(light) => light.load(scratch).then_some(light),
                None => {
                    self.light = LightGame::from_game(scratch);
                    self.light.as_mut()
                }
            };
            if let Some(light) = light {
                self.policy.play_light(light);
                if let Some(estimates) = &mut self.estimates {
                    estimates.own_light(light);
                }
                let lead = light.lead();
                return Some(Outcome {
                    winner: seat_ahead(lead),
                    lead: Some(lead),
                    scale,
                });
            }
            self.policy.play(scratch);
        }
        let state = scratch.state();
        if let Some(estimates) = &mut self.estimates {
            estimates.own_board(state.board());
        }
        let lead = |sheet: &tengen_core::rules::ScoreSheet| {
            sheet.total[state.colour_of(Seat::One)] - sheet.total[state.colour_of(Seat::Two)]
        };
        Some(match scratch.result() {
            Some(result) => Outcome {
                winner: result.winner,
                lead: result.score.as_ref().map(lead),
                scale,
            },
            None => {
                // Unfinished (a cycle of kos under simple ko, say): the
                // score as it stands decides.
                let lead = lead(&scratch.score());
                Outcome {
                    winner: seat_ahead(lead),
                    lead: Some(lead),
                    scale,
                }
            }
        })
    }

    /// Searches `game` for `seat`'s action within the budget, on the
    /// configured threads.
    pub(crate) fn search(&mut self, game: &Game, seat: Seat) -> Choice {
        let threads = self.config.threads.max(1);
        self.merged = None;
        if threads == 1 {
            self.helpers.clear();
            self.grow(game, self.config.playouts);
        } else {
            let share = self.config.playouts.div_ceil(threads as u64);
            while self.helpers.len() < threads - 1 {
                let k = self.helpers.len() as u64 + 1;
                self.helpers.push(Mcts::new(SearchConfig {
                    seed: self.config.seed ^ k.wrapping_mul(0xD1B5_4A32_D192_ED03),
                    threads: 1,
                    ..self.config.clone()
                }));
            }
            self.helpers.truncate(threads - 1);
            for helper in &mut self.helpers {
                helper.config.playouts = share;
                helper.config.time = self.config.time;
                helper.stop.clone_from(&self.stop);
                helper.slice = self.slice;
                helper.set_estimates(self.estimates.is_some());
            }
            let mut helpers = std::mem::take(&mut self.helpers);
            std::thread::scope(|scope| {
                for helper in &mut helpers {
                    scope.spawn(|| helper.grow(game, share));
                }
                self.grow(game, share);
            });
            self.helpers = helpers;
            self.merged = Some(self.merged_root());
        }
        // The playouts the choice rests on: every thread's root's.
        let playouts = self.root_playouts();
        match self.best_child(seat, |_| true) {
            Some(node) => Choice {
                action: node.action,
                win_rate: Some(node.mean()),
                playouts,
            },
            None => Choice {
                action: Action::Pass,
                win_rate: None,
                playouts,
            },
        }
    }

    /// The playouts the roots rest on, every thread's.
    pub(crate) fn root_playouts(&self) -> u64 {
        u64::from(self.tree.nodes[0].visits)
            + self
                .helpers
                .iter()
                .map(|h| u64::from(h.tree.nodes[0].visits))
                .sum::<u64>()
    }

    /// The searches of the other threads.
    pub(crate) fn helpers(&self) -> &[Mcts] {
        &self.helpers
    }

    /// Whether the playouts' scores and owners are kept (see
    /// [`crate::analysis`]); turning it on starts them afresh.
    pub(crate) fn set_estimates(&mut self, on: bool) {
        match (on, &self.estimates) {
            (true, None) => self.estimates = Some(Estimates::default()),
            (false, Some(_)) => self.estimates = None,
            _ => {}
        }
    }

    /// The root's children of this thread's tree, with the statistics of
    /// every helper's children for the same action added.
    fn merged_root(&self) -> Vec<Node> {
        let mut merged: Vec<Node> = self.tree.nodes[0]
            .children()
            .map(|c| self.tree.nodes[c].clone())
            .collect();
        for helper in &self.helpers {
            let root = &helper.tree.nodes[0];
            for c in root.children() {
                let theirs = &helper.tree.nodes[c];
                match merged
                    .iter_mut()
                    .find(|n| n.seat == theirs.seat && n.action == theirs.action)
                {
                    Some(mine) => {
                        mine.visits += theirs.visits;
                        mine.wins += theirs.wins;
                        mine.value += theirs.value;
                        mine.amaf_visits += theirs.amaf_visits;
                        mine.amaf_value += theirs.amaf_value;
                    }
                    None => merged.push(theirs.clone()),
                }
            }
        }
        merged
    }

    /// The root's children the choice reads: every thread's statistics
    /// added, or this tree's own.
    pub(crate) fn root_children(&self) -> impl Iterator<Item = &Node> {
        let own = match &self.merged {
            Some(_) => None,
            None => Some(self.tree.nodes[0].children().map(|c| &self.tree.nodes[c])),
        };
        self.merged
            .iter()
            .flatten()
            .chain(own.into_iter().flatten())
    }

    /// Grows this thread's tree from `game`'s position until the tree's
    /// root rests on `playouts` playouts (reused ones included, and at
    /// least an eighth of them new), the time is up or the search is
    /// stopped.
    fn grow(&mut self, game: &Game, playouts: u64) {
        self.reroot(game);
        let seed = self.seed_for(game);
        let policy = self.config.policy.unwrap_or_else(|| {
            if LightGame::from_game(game).is_some() {
                Policy::Shapes
            } else {
                Policy::Light
            }
        });
        self.policy = match policy {
            Policy::Shapes => Playout::with_shapes(seed, Arc::clone(bundled_weights())),
            policy => Playout::with_policy(seed, policy),
        };
        if self.config.rave {
            self.policy.keep_placements();
        }
        self.rng = PlayoutRng::new(seed ^ 0x0005_DEEC_E66D);
        if let Some(root) = &self.root {
            match &mut self.scratch {
                Some(scratch) => scratch.clone_from(root),
                None => self.scratch = Some(root.clone()),
            }
        }
        // The budget is the playouts the choice rests on: a reused subtree
        // brings some (the next action of the same move brings many), and
        // the search tops it up, always adding an eighth of the budget.
        let start = Instant::now();
        let reused = u64::from(self.tree.nodes[0].visits);
        let wanted = playouts.saturating_sub(reused).max(playouts.div_ceil(8));
        let mut done = 0;
        while done < wanted {
            self.iterate();
            done += 1;
            if done % 32 == 0
                && (self
                    .config
                    .time
                    .is_some_and(|limit| start.elapsed() >= limit)
                    || self
                        .stop
                        .as_ref()
                        .is_some_and(|s| s.load(Ordering::Relaxed)))
            {
                break;
            }
        }
    }

    /// Ends a decided game (see [`crate::verdict`]): `choice`, the search's
    /// best action, becomes a resignation after a run of lost choices
    /// (where the ruleset allows it and resigning is on), or a pass when
    /// it is a sure win and passing is as sure (where passing is allowed).
    fn verdict(&mut self, game: &Game, seat: Seat, choice: Choice) -> Choice {
        let Some(win_rate) = choice.win_rate else {
            return choice;
        };
        let now = game.state().moves_completed();
        if now < self.runs_move {
            self.runs.clear();
        }
        self.runs_move = now;
        if self.runs.count(seat, Some(win_rate), choice.playouts)
            && self.config.resign
            && may_resign(game, seat)
        {
            return Choice {
                action: Action::Resign,
                ..choice
            };
        }
        let is_pass = |a: Action| matches!(a, Action::Pass | Action::PassMove);
        if is_pass(choice.action) {
            // A pass the opponent can answer by passing back, ending the
            // game, is worth no more than that ending (averaged over the
            // opponent's replies, the search can overlook that one): if
            // playing on promises more, play on.
            if let Some(ending) = passed_back(game, seat, choice.action)
                && let Some(node) = self.best_child(seat, |a| !is_pass(a))
                && node.mean() > ending
            {
                return Choice {
                    action: node.action,
                    win_rate: Some(node.mean()),
                    ..choice
                };
            }
            return choice;
        }
        if win_rate < WON {
            return choice;
        }
        let Some(pass) = decided_pass(game, seat) else {
            return choice;
        };
        let passing = self.pass_estimate(game, seat, pass);
        if passing >= WON {
            Choice {
                action: pass,
                win_rate: Some(passing),
                ..choice
            }
        } else {
            choice
        }
    }

    /// `seat`'s chance of winning after `pass`: the share of the pass's own
    /// playouts it won, where the search gave it enough, otherwise that of
    /// random continuations after it; no more than the result of the
    /// opponent's passing straight back, where that ends the game.
    fn pass_estimate(&self, game: &Game, seat: Seat, pass: Action) -> f64 {
        let sure = passed_back(game, seat, pass).unwrap_or(1.0);
        if sure < WON {
            return sure;
        }
        let searched = self
            .root_children()
            .find(|n| n.seat == seat && n.action == pass && n.visits >= PASS_MIN_VISITS);
        let estimate = match searched {
            Some(node) => node.mean(),
            None => mean_result(
                game,
                Some((seat, pass)),
                seat,
                PASS_CHECK_PLAYOUTS,
                self.seed_for(game) ^ 0x0BA5_5000,
            ),
        };
        estimate.min(sure)
    }

    /// The root's child for `seat` among the actions `wanted` keeps: the
    /// most visited, the better valued of equals.
    fn best_child(&self, seat: Seat, wanted: impl Fn(Action) -> bool) -> Option<&Node> {
        self.root_children()
            .filter(|n| n.seat == seat && wanted(n.action))
            .max_by(|a, b| a.rank(b))
    }

    /// The claim policy, where `seat` may claim a role (a Kill-All
    /// setup): each claim is weighed against going on without claiming,
    /// by the results of random continuations of each; the best claim is
    /// made when it does at least as well as going on. Without it the
    /// search would rarely spend its playouts on a claim, one action
    /// among a board's worth of setup placements, and a setup that runs
    /// to its limit forces the claim on whoever is to move then.
    fn claim(&mut self, game: &Game, seat: Seat, options: &[Action]) -> Option<Choice> {
        let weighed = |a: &Action| matches!(choosing(*a), Some(Choosing::Weighed));
        if !options.iter().any(weighed) {
            return None;
        }
        let playouts = CLAIM_PLAYOUTS.min(self.config.playouts.max(8) as u32);
        let seed = self.seed_for(game) ^ 0xC1A1_4D00;
        let going_on = options
            .iter()
            .any(|a| !weighed(a))
            .then(|| mean_result(game, None, seat, playouts, seed));
        let (action, value) = options
            .iter()
            .filter(|a| weighed(a))
            .map(|&a| (a, mean_result(game, Some((seat, a)), seat, playouts, seed)))
            .max_by(|a, b| a.1.total_cmp(&b.1))?;
        (going_on.is_none_or(|g| value >= g)).then_some(Choice {
            action,
            win_rate: Some(value),
            playouts: u64::from(playouts) * if going_on.is_some() { 2 } else { 1 },
        })
    }

    /// The strings `seat` judges dead in `game`'s position (judged once a
    /// board), and the strings whose marks the player has changed there.
    fn judgement(&mut self, game: &Game, seat: Seat) -> &mut (u64, PointSet, PointSet) {
        let board = game.board().hash();
        if !matches!(&self.agreement, Some((b, _, _)) if *b == board) {
            let dead = judge_dead(game, seat, JUDGEMENT_PLAYOUTS, self.seed_for(game));
            self.agreement = Some((board, dead, PointSet::default()));
        }
        self.agreement.get_or_insert_with(Default::default)
    }

    /// The agreement policy.
    fn agree(&mut self, game: &Game, seat: Seat) -> Option<Choice> {
        let (_, dead, touched) = self.judgement(game, seat);
        let action = agreement_action(game, seat, dead, touched)?;
        note_marking(game, action, touched);
        Some(Choice {
            action,
            win_rate: None,
            playouts: u64::from(JUDGEMENT_PLAYOUTS),
        })
    }
}

/// The random continuations each side of a claim decision rests on.
const CLAIM_PLAYOUTS: u32 = 128;

/// `seat`'s mean result (1 a win, a half a draw or an unfinished game) in
/// `playouts` random continuations of `game`, after `first` where given.
fn mean_result(
    game: &Game,
    first: Option<(Seat, Action)>,
    seat: Seat,
    playouts: u32,
    seed: u64,
) -> f64 {
    let mut start = game.copy_without_undo();
    if let Some((by, action)) = first
        && start.apply(by, action).is_err()
    {
        return 0.0;
    }
    let mut policy = Playout::new(seed);
    policy.action_limit = 4 * game.rules().geometry.point_count() as u64 + 64;
    let mut copy = start.clone();
    let mut total = 0.0;
    for _ in 0..playouts {
        copy.clone_from(&start);
        policy.play(&mut copy);
        total += match copy.result().map(|r| r.winner) {
            Some(Some(w)) if w == seat => 1.0,
            Some(Some(_)) => 0.0,
            _ => 0.5,
        };
    }
    total / f64::from(playouts)
}

/// How a playout ended.
#[derive(Clone, Copy, Debug)]
struct Outcome {
    winner: Option<Seat>,
    /// Player 1's lead on the score, where a score decided.
    lead: Option<f64>,
    /// The lead that counts as large: a tenth of the board's points.
    scale: f64,
}

/// The share of a playout's value its margin makes: small, so a win
/// always counts for more than any margin, but enough to tell moves apart
/// when nearly every playout is won (or lost), as with a large komi
/// against random playouts.
const MARGIN_WEIGHT: f64 = 0.1;

impl Outcome {
    /// The result for `seat`: 1 a win, 0 a loss, a half a draw.
    fn result(&self, seat: Seat) -> f32 {
        match self.winner {
            Some(w) if w == seat => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }

    /// The value for `seat`: the result, blended with the margin (a lead
    /// of a tenth of the board counts about three quarters of the margin's
    /// share) where a score decided.
    fn value(&self, seat: Seat) -> f32 {
        let result = f64::from(self.result(seat));
        let Some(lead) = self.lead else {
            return result as f32;
        };
        let lead = if seat == Seat::One { lead } else { -lead };
        let margin = 0.5 + 0.5 * (lead / self.scale).tanh();
        ((1.0 - MARGIN_WEIGHT) * result + MARGIN_WEIGHT * margin) as f32
    }
}

/// The weight of a child's prior from the learned patterns in the
/// progressive bias (see [`select`]): measured on 9x9 Go at 1,000
/// playouts against the search without priors, 1 won 24 of 40, 3 won 29,
/// 10 won 23 and 30 won 17 (2026-12-07).
const PRIOR_WEIGHT: f64 = 3.0;

/// How many playouts of its own a placement needs before they weigh as
/// much as its all-moves-as-first statistics (RAVE's equivalence).
const RAVE_EQUIVALENCE: f64 = 1000.0;

/// The child of `node` to descend to. Without RAVE: a child never tried
/// first (in the order they were shuffled), then the best upper confidence
/// bound on the value. With RAVE, a child's value is blended with a prior
/// that weighs less the more playouts it has: for a placement, its
/// all-moves-as-first value; for another action (a pass, a payment, a
/// declaration), the mean value of the parent's playouts for the child's
/// seat, so one lucky playout cannot make it look best. The prior alone
/// ranks the children never tried (the first of equals in the shuffled
/// order), and exploration weighs a third as much. A child's prior from
/// the learned patterns (0 without them) adds a bias that fades as its
/// own playouts come in (progressive bias): [`PRIOR_WEIGHT`] times its
/// share of its siblings' strength, over its visits plus one.
fn select(tree: &Tree, node: NodeId, exploration: f64, rave: bool) -> NodeId {
    let parent = &tree.nodes[node as usize];
    let log_visits = f64::from(parent.visits.max(1)).ln();
    let mut best = parent.first_child;
    let mut best_value = f64::NEG_INFINITY;
    for c in parent.children() {
        let child = &tree.nodes[c];
        let value = if rave {
            let n = f64::from(child.visits);
            let beta = (RAVE_EQUIVALENCE / (3.0 * n + RAVE_EQUIVALENCE)).sqrt();
            let prior = match child.action {
                Action::Place(_) => child.amaf_mean(),
                // Values of the two seats add up to 1.
                _ if parent.seat == child.seat => parent.mean_value(),
                _ => 1.0 - parent.mean_value(),
            };
            let blended = (1.0 - beta) * child.mean_value() + beta * prior;
            blended
                + exploration / 3.0 * (log_visits / (n + 1.0)).sqrt()
                + PRIOR_WEIGHT * child.prior() / (n + 1.0)
        } else if child.visits == 0 {
            return c as NodeId;
        } else {
            child.mean_value() + exploration * (log_visits / f64::from(child.visits)).sqrt()
        };
        if value > best_value {
            best_value = value;
            best = c as NodeId;
        }
    }
    best
}

impl Player for Mcts {
    fn name(&self) -> String {
        format!("mcts {} playouts", self.config.playouts)
    }

    fn choose(&mut self, game: &Game, seat: Seat) -> Option<Choice> {
        if !may_act(game, seat) {
            return None;
        }
        if game.state().phase() == Phase::Agreement {
            return self.agree(game, seat);
        }
        let mut options = Vec::new();
        candidates(game, seat, &mut options);
        let choice = match options.as_slice() {
            [] => return None,
            [only] => Choice {
                action: *only,
                win_rate: None,
                playouts: 0,
            },
            _ => match self.claim(game, seat, &options) {
                Some(claim) => claim,
                None => {
                    let choice = self.search(game, seat);
                    self.verdict(game, seat, choice)
                }
            },
        };
        // Before passing where the ruleset lets the mover mark dead strings
        // with the pass (Thue-Morse Go's ending), propose the marks the
        // player judges right.
        if matches!(choice.action, Action::Pass | Action::PassMove)
            && game
                .legal_actions(seat)
                .iter()
                .any(|a| matches!(a, Action::Mark(_) | Action::Unmark(_)))
        {
            let (_, dead, touched) = self.judgement(game, seat);
            if let Some(step) = marking_step_untouched(game, seat, dead, touched) {
                note_marking(game, step, touched);
                return Some(Choice {
                    action: step,
                    ..choice
                });
            }
        }
        Some(choice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The default budget grows with the board: a 19x19 choice is not
    /// given 9x9's playouts.
    #[test]
    fn the_default_playouts_grow_with_the_board() {
        assert_eq!(default_playouts(81), 2000);
        assert_eq!(default_playouts(169), 4172);
        assert_eq!(default_playouts(361), 8913);
        assert_eq!(default_playouts(25), 2000, "no board gets less than 9x9's");
        assert_eq!(default_playouts(usize::MAX / 4096), MAX_PLAYOUTS);
    }

    /// After the search's choice and the opponent's reply, the next search
    /// starts from the subtree the game reached, with its playouts.
    #[test]
    fn the_tree_is_reused_along_the_game() {
        let rules = tengen_variants::library()
            .assemble("go", &["size=9".into()])
            .expect("go assembles");
        let mut game = Game::new(rules);
        let mut search = Mcts::new(SearchConfig {
            playouts: 400,
            ..SearchConfig::default()
        });
        let first = search.choose(&game, Seat::One).expect("a choice");
        game.apply(Seat::One, first.action).expect("legal");
        // The reply the search explored most, so its subtree is large.
        let root = &search.tree.nodes[0];
        let chosen = root
            .children()
            .find(|&c| search.tree.nodes[c].action == first.action)
            .expect("the choice is a child");
        let node = &search.tree.nodes[chosen];
        let reply = node
            .children()
            .max_by_key(|&c| search.tree.nodes[c].visits)
            .map(|c| (search.tree.nodes[c].action, search.tree.nodes[c].visits))
            .expect("the choice was expanded");
        game.apply(Seat::Two, reply.0).expect("legal");
        search.reroot(&game);
        assert_eq!(search.tree.nodes[0].visits, reply.1);
        assert!(reply.1 >= 1);
        // A game the tree knows nothing of starts afresh.
        search.reroot(&game.restart());
        assert_eq!(search.tree.nodes[0].visits, 0);
    }

    /// The tree stops growing at its bound (and its arena holds no room
    /// beyond it), while every playout of the budget still runs and counts
    /// at the root; the choice is still a legal action.
    #[test]
    fn the_tree_stays_within_its_node_bound() {
        let rules = tengen_variants::library()
            .assemble("go", &["size=9".into()])
            .expect("go assembles");
        let game = Game::new(rules);
        let bound = 500;
        let mut search = Mcts::new(SearchConfig {
            playouts: 3000,
            max_nodes: bound,
            ..SearchConfig::default()
        });
        let choice = search.choose(&game, Seat::One).expect("a choice");
        let most_children = 81 + 1;
        assert!(search.tree.nodes.len() > bound - most_children);
        assert!(search.tree.nodes.len() <= bound);
        assert!(
            search.tree.nodes.capacity() <= bound,
            "room for {} nodes",
            search.tree.nodes.capacity()
        );
        assert_eq!(search.tree.nodes[0].visits, 3000);
        assert!(game.legal_actions(Seat::One).contains(&choice.action));
        // Unbounded, the same search grows well past it.
        let mut unbounded = Mcts::new(SearchConfig {
            playouts: 3000,
            ..SearchConfig::default()
        });
        unbounded.choose(&game, Seat::One).expect("a choice");
        assert!(unbounded.tree.nodes.len() > 4 * bound);
    }
}
