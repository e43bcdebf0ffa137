//! Judging a learner's answer to a scenario's step by its outcome, not by
//! its move: an answer is right when, played where the step's line is,
//! it gives every fact the step states (the stones it captures, a
//! refusal and its code, the phase, who acts, the marks, the score, the
//! result) and the example's later steps still give theirs. The board a
//! step records (and the stones it states placed and paid) is the board after the
//! recorded move, one answer among the right ones, so it is not part of
//! the outcome.

use super::{Scenario, Step, run_step};
use tengen_core::Game;

/// The outcome `step` states, asked of the line `play`: the step without
/// its recorded board.
fn outcome(step: &Step, play: &str) -> Step {
    Step {
        play: play.to_string(),
        board: None,
        placed: None,
        paid: None,
        ..step.clone()
    }
}

impl Scenario {
    /// The facts `answer` (a line of the move notation) misses when
    /// played in `game` (the position where step `k`, from 0, is played):
    /// none for a right answer. The steps after `k` are played as
    /// recorded and must still give their outcomes.
    pub fn misses(&self, mut game: Game, k: usize, answer: &str) -> Vec<String> {
        let mut failures = Vec::new();
        let mut trace = String::new();
        for (i, step) in self.steps.iter().enumerate().skip(k) {
            let play = if i == k { answer } else { step.play.as_str() };
            run_step(
                &mut game,
                i + 1,
                &outcome(step, play),
                &mut None,
                &mut trace,
                &mut failures,
            );
        }
        failures
    }
}
