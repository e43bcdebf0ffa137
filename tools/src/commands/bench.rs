//! `tengen bench`: random playouts per second on rulesets, with the light
//! policy every benchmark shares (see `tengen_core::playout`).

use super::Failure;
use std::io::{IsTerminal, Write};
use std::time::Instant;
use tengen_core::Game;
use tengen_core::playout::Playout;

/// The rulesets measured when none is named: every bundled ruleset, on the
/// boards the performance targets name.
const SUITE: &[(&str, &[&str])] = &[
    ("tromp-taylor", &["size=9"]),
    ("tromp-taylor", &["size=19"]),
    ("go", &["size=19"]),
    ("thue-morse-go", &["size=16"]),
    ("thue-morse-go", &["size=16", "weak-eyes"]),
    ("enhanced-go", &["size=9"]),
    ("mathematical-go", &["size=9"]),
    ("kill-all-go", &["size=13"]),
];

/// What to measure and how long.
pub(crate) struct Plan<'a> {
    pub(crate) rulesets: &'a [String],
    pub(crate) options: &'a [String],
    pub(crate) games: usize,
    pub(crate) runs: usize,
    pub(crate) seed: u64,
}

struct Measured {
    label: String,
    games_per_second: f64,
    placements_per_second: f64,
    placements_per_game: f64,
    unfinished: usize,
}

pub(crate) fn run(plan: &Plan<'_>) -> Result<(), Failure> {
    if plan.games == 0 || plan.runs == 0 {
        return Err(Failure::Message(
            "--games and --runs must be at least 1".into(),
        ));
    }
    let targets: Vec<(String, Vec<String>)> = if plan.rulesets.is_empty() {
        SUITE
            .iter()
            .map(|(id, options)| {
                let mut all: Vec<String> = options.iter().map(|o| o.to_string()).collect();
                all.extend(plan.options.iter().cloned());
                (id.to_string(), all)
            })
            .collect()
    } else {
        plan.rulesets
            .iter()
            .map(|r| (r.clone(), plan.options.to_vec()))
            .collect()
    };
    println!(
        "Random playouts, one thread, {} games a run, median of {} runs (seed {}):",
        plan.games, plan.runs, plan.seed
    );
    println!(
        "  {:<44} {:>10} {:>14} {:>10}",
        "ruleset", "games/s", "placements/s", "per game"
    );
    for (ruleset, options) in &targets {
        let measured = measure(ruleset, options, plan)?;
        println!(
            "  {:<44} {:>10.0} {:>14.0} {:>10.1}{}",
            measured.label,
            measured.games_per_second,
            measured.placements_per_second,
            measured.placements_per_game,
            if measured.unfinished > 0 {
                format!(
                    "  ({} games stopped at the action limit)",
                    measured.unfinished
                )
            } else {
                String::new()
            }
        );
    }
    Ok(())
}

fn measure(ruleset: &str, options: &[String], plan: &Plan<'_>) -> Result<Measured, Failure> {
    let rules = super::assemble(ruleset, options)?;
    let label = if options.is_empty() {
        ruleset.to_string()
    } else {
        format!("{ruleset} {}", options.join(" "))
    };
    let fresh = Game::new(rules).without_undo();
    // Each game starts as a copy of the fresh one, made in the memory of
    // the last (as a tree search would reuse it).
    let mut game = fresh.clone();
    let progress = std::io::stderr().is_terminal();
    let mut games_per_second = Vec::new();
    let mut placements_per_second = Vec::new();
    let mut placements = 0u64;
    let mut unfinished = 0;
    for run in 0..plan.runs {
        let mut policy = Playout::new(plan.seed.wrapping_add(run as u64));
        let mut run_placements = 0u64;
        let start = Instant::now();
        for game_number in 0..plan.games {
            game.clone_from(&fresh);
            let stats = policy.play(&mut game);
            run_placements += stats.placements;
            unfinished += usize::from(!stats.finished);
            if progress && game_number % 64 == 0 {
                eprint!(
                    "\r  {label}: run {}/{}, game {}/{}   ",
                    run + 1,
                    plan.runs,
                    game_number + 1,
                    plan.games
                );
                let _ = std::io::stderr().flush();
            }
        }
        let seconds = start.elapsed().as_secs_f64().max(1e-9);
        games_per_second.push(plan.games as f64 / seconds);
        placements_per_second.push(run_placements as f64 / seconds);
        placements += run_placements;
    }
    if progress {
        eprint!("\r{:70}\r", "");
    }
    Ok(Measured {
        label,
        games_per_second: median(&mut games_per_second),
        placements_per_second: median(&mut placements_per_second),
        placements_per_game: placements as f64 / (plan.games * plan.runs) as f64,
        unfinished,
    })
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

#[cfg(test)]
mod tests {
    use super::median;

    #[test]
    fn the_median_of_an_even_count_is_the_mean_of_the_middle_two() {
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&mut [4.0, 1.0, 2.0, 3.0]), 2.5);
    }
}
