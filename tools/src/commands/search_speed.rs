//! `tengen bench --search PLAYOUTS`: how many playouts a second the tree
//! search runs from a ruleset's first position, on one thread and on
//! several, measured in the same run.

use super::Failure;
use std::time::Instant;
use tengen_ai::{Mcts, Player, SearchConfig, next_actor};
use tengen_core::Game;
use tengen_core::playout::Policy;

/// What to measure.
pub(crate) struct SearchPlan<'a> {
    pub(crate) rulesets: &'a [String],
    pub(crate) options: &'a [String],
    pub(crate) playouts: u64,
    pub(crate) threads: usize,
    pub(crate) runs: usize,
    pub(crate) seed: u64,
    pub(crate) policy: Policy,
    /// Whether the search has priors from the learned patterns.
    pub(crate) priors: bool,
}

/// The median of `values` (the upper one of an even count).
fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// The search's playouts a second from `game`'s position on `threads`
/// threads: the median of `runs` choices, each a fresh search.
fn playouts_per_second(game: &Game, plan: &SearchPlan<'_>, threads: usize) -> f64 {
    let Some(seat) = next_actor(game) else {
        return 0.0;
    };
    let runs = (0..plan.runs)
        .map(|run| {
            let mut search = Mcts::new(SearchConfig {
                playouts: plan.playouts,
                seed: plan.seed.wrapping_add(run as u64),
                threads,
                policy: Some(plan.policy),
                priors: plan.priors,
                resign: false,
                ..SearchConfig::default()
            });
            let start = Instant::now();
            let playouts = search.choose(game, seat).map_or(0, |c| c.playouts);
            playouts as f64 / start.elapsed().as_secs_f64().max(1e-9)
        })
        .collect();
    median(runs)
}

pub(crate) fn run(plan: &SearchPlan<'_>) -> Result<(), Failure> {
    if plan.runs == 0 || plan.rulesets.is_empty() {
        return Err(Failure::Message(
            "--search needs a ruleset, and --runs at least 1".into(),
        ));
    }
    let mut games = Vec::new();
    for ruleset in plan.rulesets {
        let rules = super::assemble(ruleset, plan.options)?;
        games.push((ruleset, Game::new(rules)));
    }
    outln!(
        "Tree search from the first position, {} playouts a choice, median of {} runs (seed {}):",
        plan.playouts,
        plan.runs,
        plan.seed
    );
    outln!(
        "  {:<36} {:>14} {:>14} {:>8}",
        "ruleset",
        "1 thread",
        format!("{} threads", plan.threads),
        "ratio"
    );
    for (ruleset, game) in &games {
        let one = playouts_per_second(game, plan, 1);
        let many = playouts_per_second(game, plan, plan.threads);
        let label = if plan.options.is_empty() {
            ruleset.to_string()
        } else {
            format!("{ruleset} {}", plan.options.join(" "))
        };
        outln!(
            "  {:<36} {:>12.0}/s {:>12.0}/s {:>7.2}x",
            label,
            one,
            many,
            many / one.max(1e-9)
        );
    }
    Ok(())
}
