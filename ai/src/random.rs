//! The light random policy as a player: the baseline a search must beat.

use crate::agreement::{JUDGEMENT_PLAYOUTS, agreement_action, judge_dead};
use crate::candidates::candidates;
use crate::player::{Choice, Player};
use tengen_core::playout::PlayoutRng;
use tengen_core::{Action, Game, Phase, Seat, ToAct};

/// A player that chooses uniformly among the actions the search would
/// consider, but passes only when it has nothing else to do (as the light
/// playout policy does); in an agreement phase it follows the agreement
/// policy.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: PlayoutRng,
    seed: u64,
}

impl RandomPlayer {
    /// A random player drawing from `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: PlayoutRng::new(seed),
            seed,
        }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, game: &Game, seat: Seat) -> Option<Choice> {
        match game.to_act() {
            ToAct::Nobody => return None,
            ToAct::Seat(s) if s != seat => return None,
            _ => {}
        }
        let action = if game.state().phase() == Phase::Agreement {
            let dead = judge_dead(game, seat, JUDGEMENT_PLAYOUTS, self.seed);
            agreement_action(game, seat, &dead, false)?
        } else {
            let mut all = Vec::new();
            candidates(game, seat, &mut all);
            let active: Vec<Action> = all
                .iter()
                .copied()
                .filter(|a| !matches!(a, Action::Pass | Action::PassMove))
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
