//! What a search found, for a person or a program to read: the root's
//! candidate actions with their playouts, estimates and priors, each with
//! the line of play the search expects after it (its principal
//! variation).

use crate::search::Mcts;
use crate::tree::{Node, NodeId};
use tengen_core::{Action, Seat};

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
    /// Its share of its siblings' strength by the learned patterns (0
    /// without priors).
    pub prior: f64,
    /// The line the search expects after it, the candidate first: at each
    /// step the most visited child, while it has playouts enough.
    pub line: Vec<(Seat, Action)>,
}

impl Mcts {
    /// The root's candidates after the last choice, most visited first
    /// (the better valued of equals), at most `limit` of them; the lines
    /// follow this thread's tree.
    pub fn analysis(&self, limit: usize) -> Vec<Candidate> {
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
                prior: node.prior(),
                line: self.line_after(node.seat, node.action),
            })
            .collect()
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
}
