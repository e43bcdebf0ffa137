//! `tengen bench`: random playouts per second on rulesets, with the light
//! policy every benchmark shares (see `tengen_core::playout`).

use super::Failure;
use std::io::{IsTerminal, Write};
use std::time::Instant;
use tengen_core::Game;
use tengen_core::playout::{LightBoardChoice, LightGame, Playout, Policy};

/// The rulesets measured when none is named: every bundled ruleset, on the
/// boards the performance targets name. Simple ko does not stop random
/// games from cycling through several kos for ever, so those playouts stop
/// after three times the board's points in actions, as libego's and
/// Pachi's do.
const SUITE: &[(&str, &[&str], Limit)] = &[
    ("tromp-taylor", &["size=9"], Limit::Default),
    ("tromp-taylor", &["size=19"], Limit::Default),
    ("go", &["size=19"], Limit::Default),
    ("go", &["size=19", "ko=simple"], Limit::ThreeTimesThePoints),
    ("thue-morse-go", &["size=16"], Limit::Default),
    ("thue-morse-go", &["size=19"], Limit::Default),
    ("thue-morse-go", &["size=16", "weak-eyes"], Limit::Default),
    ("enhanced-go", &["size=9"], Limit::Default),
    ("mathematical-go", &["size=9"], Limit::Default),
    ("kill-all-go", &["size=13"], Limit::Default),
];

/// The most actions one playout of a suite entry may take.
#[derive(Clone, Copy)]
enum Limit {
    /// The command's `--max-actions`.
    Default,
    /// Three times the board's points.
    ThreeTimesThePoints,
}

/// What to measure and how long.
pub(crate) struct Plan<'a> {
    pub(crate) rulesets: &'a [String],
    pub(crate) options: &'a [String],
    pub(crate) games: usize,
    pub(crate) runs: usize,
    pub(crate) seed: u64,
    pub(crate) max_actions: u64,
    pub(crate) engines: Engines,
    pub(crate) policy: Policy,
}

/// The playout policy a run measures (`--policy`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub(crate) enum PolicyArg {
    /// Uniform among the legal placements outside the mover's eyes.
    Light,
    /// The tactical answers to the last placement first, and no large
    /// self-atari.
    Tactics,
    /// The tactics, then the learned shapes next to the last placement
    /// (the bundled pattern weights).
    Shapes,
}

impl From<PolicyArg> for Policy {
    fn from(arg: PolicyArg) -> Policy {
        match arg {
            PolicyArg::Light => Policy::Light,
            PolicyArg::Tactics => Policy::Tactics,
            PolicyArg::Shapes => Policy::Shapes,
        }
    }
}

/// Which engines a run measures (`--engine`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub(crate) enum Engines {
    /// The generic flow only.
    Generic,
    /// The light playout board only, for the rulesets it can play (on
    /// its square-grid board where the topology is a square grid).
    Light,
    /// The light playout board on its generic board, every topology (the
    /// square-grid board off).
    LightGeneric,
    /// The generic flow and the light board, a row each.
    Both,
}

impl Engines {
    fn includes(self, engine: Engine) -> bool {
        match self {
            Engines::Both => true,
            Engines::Generic => engine == Engine::Generic,
            Engines::Light => engine == Engine::Light,
            Engines::LightGeneric => engine == Engine::LightGeneric,
        }
    }
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
    let suite = plan.rulesets.is_empty();
    let targets: Vec<(String, Vec<String>, Limit)> = if suite {
        SUITE
            .iter()
            .map(|(id, options, limit)| {
                let mut all: Vec<String> = options.iter().map(|o| o.to_string()).collect();
                all.extend(plan.options.iter().cloned());
                (id.to_string(), all, *limit)
            })
            .collect()
    } else {
        plan.rulesets
            .iter()
            .map(|r| (r.clone(), plan.options.to_vec(), Limit::Default))
            .collect()
    };
    // Every ruleset is assembled before anything is printed, so that a bad
    // one is reported alone, not under the header of a table.
    for (ruleset, options, _) in &targets {
        super::assemble(ruleset, options)?;
    }
    outln!(
        "Random playouts, one thread, {} games a run, median of {} runs (seed {}):",
        plan.games,
        plan.runs,
        plan.seed
    );
    outln!(
        "  {:<44} {:>10} {:>14} {:>10}",
        "ruleset",
        "games/s",
        "placements/s",
        "per game"
    );
    for (ruleset, options, limit) in &targets {
        for engine in [Engine::Generic, Engine::Light, Engine::LightGeneric] {
            if !plan.engines.includes(engine) {
                continue;
            }
            let Some(measured) = measure(ruleset, options, *limit, engine, plan)? else {
                continue;
            };
            print_row(&measured);
        }
    }
    if suite {
        outln!();
        outln!(
            "  [light board]: the same games on the bare board, for the rulesets whose components allow it; [square grid]: on its board for square grids."
        );
        loading(plan)?;
        memory(plan)?;
    }
    Ok(())
}

/// Which engine plays the games.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Engine {
    /// The generic flow, every component consulted.
    Generic,
    /// The light playout board, where the ruleset allows it.
    Light,
    /// The light playout board on its generic board.
    LightGeneric,
}

fn print_row(measured: &Measured) {
    outln!(
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

/// How long loading and validating each bundled ruleset takes: the TOML
/// read, checked against the schema, its `extends` and options resolved
/// and the components built (the library itself built beforehand).
fn loading(plan: &Plan<'_>) -> Result<(), Failure> {
    let library = tengen_variants::library();
    outln!();
    outln!(
        "Loading and validating a bundled ruleset (median of {} loads):",
        20 * plan.runs
    );
    for bundled in library.bundled() {
        let mut times = Vec::new();
        for _ in 0..20 * plan.runs {
            let start = Instant::now();
            let rules = super::assemble(bundled.id, &[])?;
            times.push(start.elapsed().as_secs_f64());
            drop(rules);
        }
        outln!("  {:<44} {:>8.2} ms", bundled.id, median(&mut times) * 1e3);
    }
    Ok(())
}

/// What a 19x19 game holds for a tree search: the bytes of a copy half way
/// through a random game and at its end, the bytes its position history
/// adds for each placement, and how long a copy into reused memory takes.
fn memory(plan: &Plan<'_>) -> Result<(), Failure> {
    outln!();
    outln!(
        "A 19x19 game for tree search (tromp-taylor, random games, median of {}):",
        plan.games
    );
    let rules = super::assemble("tromp-taylor", &["size=19".into()])?;
    let fresh = Game::new(rules).without_undo();
    let mut policy = Playout::new(plan.seed);
    let (mut middle, mut end, mut per_placement, mut copy_ns) = (vec![], vec![], vec![], vec![]);
    let mut copy = fresh.clone();
    for _ in 0..plan.games {
        let mut game = fresh.clone();
        policy.action_limit = 180;
        let first = policy.play(&mut game).placements;
        middle.push(game.memory().game as f64);
        let start = Instant::now();
        for _ in 0..100 {
            copy.clone_from(&game);
            std::hint::black_box(&copy);
        }
        copy_ns.push(start.elapsed().as_secs_f64() * 1e7);
        policy.action_limit = plan.max_actions;
        let rest = policy.play(&mut game).placements;
        let memory = game.memory();
        end.push(memory.game as f64);
        per_placement.push(memory.history as f64 / (first + rest).max(1) as f64);
    }
    outln!(
        "  a copy half way (180 actions), without its history {:>8.0} bytes",
        median(&mut middle)
    );
    outln!(
        "  a copy at the end, without its history              {:>8.0} bytes",
        median(&mut end)
    );
    outln!(
        "  the position history, per placement                  {:>8.1} bytes",
        median(&mut per_placement)
    );
    outln!(
        "  copying a game half way into reused memory           {:>8.0} ns",
        median(&mut copy_ns)
    );
    Ok(())
}

fn measure(
    ruleset: &str,
    options: &[String],
    limit: Limit,
    engine: Engine,
    plan: &Plan<'_>,
) -> Result<Option<Measured>, Failure> {
    let rules = super::assemble(ruleset, options)?;
    let action_limit = match limit {
        Limit::Default => plan.max_actions,
        Limit::ThreeTimesThePoints => 3 * rules.geometry.point_count() as u64,
    };
    let mut label = if options.is_empty() {
        ruleset.to_string()
    } else {
        format!("{ruleset} {}", options.join(" "))
    };
    match plan.policy {
        Policy::Tactics => label.push_str(" [tactics]"),
        Policy::Shapes => label.push_str(" [shapes]"),
        Policy::Light => {}
    }
    let fresh = Game::new(rules).without_undo();
    let light_fresh = match engine {
        Engine::Generic => None,
        Engine::Light | Engine::LightGeneric => {
            let choice = if engine == Engine::Light {
                LightBoardChoice::Fastest
            } else {
                LightBoardChoice::Generic
            };
            match LightGame::from_game_on(&fresh, choice) {
                Some(light) => {
                    label.push_str(if light.on_square_grid() {
                        " [light board, square grid]"
                    } else {
                        " [light board]"
                    });
                    Some(light)
                }
                None => return Ok(None),
            }
        }
    };
    let mut light = light_fresh.clone();
    // Each game starts as a copy of the fresh one, made in the memory of
    // the last (as a tree search would reuse it).
    let mut game = fresh.clone();
    let progress = std::io::stderr().is_terminal();
    let mut games_per_second = Vec::new();
    let mut placements_per_second = Vec::new();
    let mut placements = 0u64;
    let mut unfinished = 0;
    for run in 0..plan.runs {
        let seed = plan.seed.wrapping_add(run as u64);
        let mut policy = match plan.policy {
            Policy::Shapes => Playout::with_shapes(
                seed,
                std::sync::Arc::clone(tengen_ai::priors::bundled_weights()),
            ),
            policy => Playout::with_policy(seed, policy),
        };
        policy.action_limit = action_limit;
        let mut run_placements = 0u64;
        let start = Instant::now();
        for game_number in 0..plan.games {
            let stats = match (&mut light, &light_fresh) {
                (Some(light), Some(fresh)) => {
                    light.clone_from(fresh);
                    policy.play_light(light)
                }
                _ => {
                    game.clone_from(&fresh);
                    policy.play(&mut game)
                }
            };
            run_placements += stats.placements;
            unfinished += usize::from(!stats.finished);
            if progress && game_number % 64 == 0 {
                err!(
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
        err!("\r{:70}\r", "");
    }
    Ok(Some(Measured {
        label,
        games_per_second: median(&mut games_per_second),
        placements_per_second: median(&mut placements_per_second),
        placements_per_game: placements as f64 / (plan.games * plan.runs) as f64,
        unfinished,
    }))
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
