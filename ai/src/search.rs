//! Monte Carlo tree search (UCT) over the engine's actions.
//!
//! Each iteration copies the position at the root, walks down the tree
//! choosing at every node the child with the best upper confidence bound
//! (UCB1: mean result plus `exploration * sqrt(ln parent visits / visits)`,
//! children never tried first, in a random order), expands a node the
//! second time it is reached, plays the rest of the game with the light
//! random policy, and counts the result for every seat that acted on the
//! way. The choice is the root's most visited child. The tree is kept
//! between choices and reused when the game has moved along it.

use crate::agreement::{
    JUDGEMENT_PLAYOUTS, agreement_action, judge_dead, marking_step_untouched, note_marking,
};
use crate::candidates::candidates;
use crate::player::{Choice, Player, may_act};
use crate::tree::{NodeId, Tree};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tengen_core::playout::{Playout, PlayoutRng};
use tengen_core::{Action, Game, Phase, PointSet, Seat, ToAct};

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
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            playouts: 2000,
            time: None,
            seed: 1,
            exploration: 0.7,
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
    policy: Playout,
    rng: PlayoutRng,
    buffer: Vec<Action>,
    path: Vec<NodeId>,
    /// The dead strings judged in the position under way (by board), and
    /// the strings whose marks the player has changed there.
    agreement: Option<(u64, PointSet, PointSet)>,
}

impl Mcts {
    /// A search spending effort as `config` says.
    pub fn new(config: SearchConfig) -> Mcts {
        Mcts {
            policy: Playout::new(config.seed),
            rng: PlayoutRng::new(config.seed),
            config,
            tree: Tree::with_root(),
            root: None,
            root_record: Vec::new(),
            scratch: None,
            buffer: Vec::new(),
            path: Vec::new(),
            agreement: None,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Changes the playouts per choice.
    pub fn set_playouts(&mut self, playouts: u64) {
        self.config.playouts = playouts.max(1);
    }

    /// Forgets the tree (after the game was changed in a way the search
    /// cannot follow, e.g. a new game).
    pub fn clear(&mut self) {
        self.tree = Tree::with_root();
        self.root = None;
        self.root_record.clear();
        self.agreement = None;
    }

    /// The seed of the choice in `game`'s position: the configured seed
    /// mixed with how far the game has gone.
    fn seed_for(&self, game: &Game) -> u64 {
        let progress = game.state().history().len() as u64 * 0x1000_0000
            + u64::from(game.state().moves_completed()) * 0x1_0000
            + game.state().current_move().actions as u64;
        (self.config.seed ^ progress).wrapping_mul(0x9E37_79B9_7F4A_7C15)
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
            if !current.expanded {
                if node != 0 && current.visits == 0 {
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
                for i in (1..self.buffer.len()).rev() {
                    self.buffer.swap(i, self.rng.below(i + 1));
                }
                let seat = seat.unwrap_or(Seat::One);
                self.tree.expand(node, seat, &self.buffer);
            }
            let child = select(&self.tree, node, self.config.exploration);
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
        let winner = self.evaluate();
        for &id in &self.path {
            let n = &mut self.tree.nodes[id as usize];
            n.visits += 1;
            n.wins += match winner {
                Some(Some(w)) if w == n.seat => 1.0,
                Some(Some(_)) => 0.0,
                _ => 0.5,
            };
        }
    }

    /// The winner of the scratch game once played out with the light
    /// policy: `Some(None)` for a draw, `None` when the playout hit its
    /// limit with no score to decide it (counted as a draw too).
    fn evaluate(&mut self) -> Option<Option<Seat>> {
        let scratch = self.scratch.as_mut()?;
        if scratch.state().phase() != Phase::Over {
            self.policy.action_limit = 4 * scratch.rules().geometry.point_count() as u64 + 64;
            self.policy.play(scratch);
        }
        if let Some(result) = scratch.result() {
            return Some(result.winner);
        }
        // Unfinished (a cycle of kos under simple ko, say): the score as it
        // stands decides.
        let leader = scratch.score().leader()?;
        Some(Some(scratch.state().seat_of_colour(leader)))
    }

    /// Searches `game` for `seat`'s action within the budget.
    fn search(&mut self, game: &Game, seat: Seat) -> Choice {
        self.reroot(game);
        let seed = self.seed_for(game);
        self.policy = Playout::new(seed);
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
        let wanted = self
            .config
            .playouts
            .saturating_sub(reused)
            .max(self.config.playouts.div_ceil(8));
        let mut done = 0;
        while done < wanted {
            self.iterate();
            done += 1;
            if done % 32 == 0
                && let Some(limit) = self.config.time
                && start.elapsed() >= limit
            {
                break;
            }
        }
        let root = &self.tree.nodes[0];
        let best = root
            .children()
            .filter(|&c| self.tree.nodes[c].seat == seat)
            .max_by(|&a, &b| {
                let (a, b) = (&self.tree.nodes[a], &self.tree.nodes[b]);
                (a.visits, a.mean())
                    .partial_cmp(&(b.visits, b.mean()))
                    .unwrap_or(std::cmp::Ordering::Equal)
            });
        match best {
            Some(c) => {
                let node = &self.tree.nodes[c];
                Choice {
                    action: node.action,
                    win_rate: Some(node.mean()),
                    playouts: u64::from(root.visits),
                }
            }
            None => Choice {
                action: Action::Pass,
                win_rate: None,
                playouts: u64::from(root.visits),
            },
        }
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

/// The child of `node` to descend to: a child never tried first (in the
/// order they were shuffled), then the best upper confidence bound.
fn select(tree: &Tree, node: NodeId, exploration: f64) -> NodeId {
    let parent = &tree.nodes[node as usize];
    let log_visits = f64::from(parent.visits.max(1)).ln();
    let mut best = parent.first_child;
    let mut best_value = f64::NEG_INFINITY;
    for c in parent.children() {
        let child = &tree.nodes[c];
        if child.visits == 0 {
            return c as NodeId;
        }
        let value = child.mean() + exploration * (log_visits / f64::from(child.visits)).sqrt();
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
            _ => self.search(game, seat),
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
}
