//! Priors in the tree: what the learned neighbourhood patterns say of
//! each child before any playout has gone through it.
//!
//! When a node is expanded, each placement child gets its share of the
//! children's strength (its pattern weights' product over their sum, see
//! [`tengen_core::pattern::PatternWeights`]); an action that is not a
//! placement (a pass, a component's action) weighs as the mean placement
//! does, so the patterns neither push it nor hold it back. The search
//! adds a bias that fades with the child's visits (progressive bias):
//! good shape is tried first and kept in view until playouts have had
//! their say, and bad shape is not tried before the playouts call for it.

use crate::tree::Node;
use std::sync::{Arc, OnceLock};
use tengen_core::pattern::{Neighbourhoods, PatternScratch, PatternWeights};
use tengen_core::{Action, Game, Seat};

/// The bundled weights, learned from GNU Go's moves in 9x9 Go (see the
/// file's comments and `scripts/train-patterns`).
const BUNDLED: &str = include_str!("../weights/patterns.txt");

/// The bundled weights, read once.
pub fn bundled_weights() -> &'static Arc<PatternWeights> {
    static WEIGHTS: OnceLock<Arc<PatternWeights>> = OnceLock::new();
    WEIGHTS.get_or_init(|| {
        Arc::new(PatternWeights::parse(BUNDLED).expect("the bundled weights file reads"))
    })
}

/// The priors of one search: the weights, and the neighbourhoods of the
/// board under search (made once a geometry).
#[derive(Clone, Debug)]
pub(crate) struct Priors {
    weights: Arc<PatternWeights>,
    neighbourhoods: Option<Neighbourhoods>,
    scratch: PatternScratch,
    strengths: Vec<f64>,
}

impl Priors {
    pub(crate) fn new(weights: Arc<PatternWeights>) -> Priors {
        Priors {
            weights,
            neighbourhoods: None,
            scratch: PatternScratch::default(),
            strengths: Vec::new(),
        }
    }

    /// Sets the prior of each of `children`, `seat`'s actions in `game`:
    /// its share of their strength.
    pub(crate) fn assign(&mut self, game: &Game, seat: Seat, children: &mut [Node]) {
        let geometry = &game.rules().geometry;
        if !self
            .neighbourhoods
            .as_ref()
            .is_some_and(|n| Arc::ptr_eq(n.geometry(), geometry))
        {
            self.neighbourhoods = Some(Neighbourhoods::new(Arc::clone(geometry)));
        }
        let Some(neighbourhoods) = &self.neighbourhoods else {
            return;
        };
        neighbourhoods.prepare(game.state().last_placement(), &mut self.scratch);
        let colour = game.state().colour_of(seat);
        let board = game.board();
        self.strengths.clear();
        let (mut sum, mut placements) = (0.0, 0usize);
        for child in children.iter() {
            let strength = match child.action {
                Action::Place(p) if board.is_empty(p) => {
                    let features = neighbourhoods.features(board, p, colour, &mut self.scratch);
                    placements += 1;
                    self.weights.gamma(&features)
                }
                _ => f64::NAN,
            };
            if !strength.is_nan() {
                sum += strength;
            }
            self.strengths.push(strength);
        }
        let mean = if placements > 0 {
            sum / placements as f64
        } else {
            1.0
        };
        let total = sum + mean * (children.len() - placements) as f64;
        for (child, &s) in children.iter_mut().zip(&self.strengths) {
            let s = if s.is_nan() { mean } else { s };
            child.set_prior(s / total);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::candidates::candidates;

    fn go9() -> Game {
        let rules = tengen_variants::library()
            .assemble("go", &["size=9".into()])
            .expect("go assembles");
        Game::new(rules)
    }

    fn play(game: &mut Game, moves: &[&str]) {
        for (k, name) in moves.iter().enumerate() {
            let seat = if k % 2 == 0 { Seat::One } else { Seat::Two };
            let point = game.rules().geometry.parse_point(name).expect("a point");
            game.apply(seat, Action::Place(point)).expect("legal");
        }
    }

    /// The children's priors are shares: they add up to one, a pass
    /// weighs as the mean placement, and the bundled weights put the
    /// capture of a stone in atari far above the mean.
    #[test]
    fn priors_are_shares_that_favour_a_capture() {
        let mut game = go9();
        // White's E6 is in atari, with Black on D6, F6 and E5: E7 takes it.
        play(&mut game, &["E5", "E6", "D6", "A1", "F6", "A3"]);
        let mut actions = Vec::new();
        candidates(&game, Seat::One, &mut actions);
        let mut children: Vec<Node> = actions.iter().map(|&a| Node::new(a, Seat::One)).collect();
        Priors::new(Arc::clone(bundled_weights())).assign(&game, Seat::One, &mut children);
        let total: f64 = children.iter().map(|c| c.prior()).sum();
        assert!((total - 1.0).abs() < 1e-3, "{total}");
        let mean = 1.0 / children.len() as f64;
        let prior_of = |name: &str| {
            let p = game.rules().geometry.parse_point(name).expect("a point");
            children
                .iter()
                .find(|c| c.action == Action::Place(p))
                .map(|c| c.prior())
                .expect("a candidate")
        };
        let capture = prior_of("E7");
        assert!(
            capture > 5.0 * mean,
            "the capture: {capture} against {mean}"
        );
        assert!(
            capture > prior_of("H8"),
            "a capture above an empty corner point"
        );
        let pass = children
            .iter()
            .find(|c| c.action == Action::Pass)
            .map(|c| c.prior())
            .expect("passing is a candidate");
        let placements = children.len() - 1;
        let placement_mean = (1.0 - pass) / placements as f64;
        // Within the rounding of sixteen bits a share, over the children.
        let rounding = children.len() as f64 / 65535.0;
        assert!(
            (pass - placement_mean).abs() < rounding,
            "{pass} against {placement_mean}"
        );
    }

    /// Before any playout has told the children apart, the search goes
    /// where the priors point: with one playout, its choice is the
    /// capture; without priors, the first child of a random order.
    #[test]
    fn the_first_playout_follows_the_priors() {
        let mut game = go9();
        play(&mut game, &["E5", "E6", "D6", "A1", "F6", "A3"]);
        let e7 = Action::Place(game.rules().geometry.parse_point("E7").expect("a point"));
        let choose = |priors: bool, seed: u64| {
            let mut search = crate::Mcts::new(crate::SearchConfig {
                playouts: 1,
                seed,
                priors,
                resign: false,
                ..crate::SearchConfig::default()
            });
            crate::Player::choose(&mut search, &game, Seat::One)
                .expect("a choice")
                .action
        };
        for seed in 1..=5 {
            assert_eq!(choose(true, seed), e7, "seed {seed}");
        }
        assert!((1..=5).any(|seed| choose(false, seed) != e7));
    }
}
