//! The light random policy as a player: the baseline a search must beat.

use crate::agreement::agreement_action;
use crate::candidates::{candidates, opens_run};
use crate::player::{Choice, Player, may_act};
use tengen_core::playout::PlayoutRng;
use tengen_core::{Action, Game, Phase, PointSet, Seat};

/// A player that chooses uniformly among the actions the search would
/// consider, but passes only when it has nothing else to do and takes the
/// smallest special turn one move in twenty (as the light playout policy
/// does); in an agreement phase it accepts the marks as they stand.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: PlayoutRng,
}

impl RandomPlayer {
    /// A random player drawing from `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: PlayoutRng::new(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, game: &Game, seat: Seat) -> Option<Choice> {
        if !may_act(game, seat) {
            return None;
        }
        let action = if game.state().phase() == Phase::Agreement {
            // As the light policy does: the marks as they stand are
            // accepted (every string counts as touched, so none is changed).
            let mut every_string = PointSet::default();
            every_string.extend(game.board().stones().map(|(p, _)| p));
            agreement_action(game, seat, &PointSet::default(), &every_string)?
        } else {
            let mut all = Vec::new();
            candidates(game, seat, &mut all);
            // Special turns as the light policy takes them: the smallest
            // affordable one, one move in twenty.
            let special = |a: &Action| opens_run(*a);
            let smallest = all
                .iter()
                .copied()
                .filter(special)
                .min_by_key(|a| a.spec().and_then(|spec| spec.number_of(*a)));
            if let Some(turn) = smallest
                && self.rng.below(20) == 0
            {
                return Some(Choice {
                    action: turn,
                    win_rate: None,
                    playouts: 0,
                });
            }
            let active: Vec<Action> = all
                .iter()
                .copied()
                .filter(|a| !matches!(a, Action::Pass | Action::PassMove) && !special(a))
                .collect();
            let pool = if active.is_empty() { &all } else { &active };
            if pool.is_empty() {
                return None;
            }
            pool[self.rng.below(pool.len())]
        };
        Some(Choice {
            action,
            win_rate: None,
            playouts: 0,
        })
    }
}
