//! `tengen selfplay`: the fairness lab. Many games between computer
//! players, spread over threads, each written as one line of JSON; and
//! `tengen selfplay summarize`, which reads such lines back.
//!
//! Game `k` of a run with seed `S` draws from a seed computed from `S`
//! and `k` alone, so a game can be replayed from its line, and a run split
//! into shards (`--shard i/n` plays the games with `k % n == i`) gives,
//! merged, exactly the games of the whole run.

mod agent;
mod gnugo;
mod outcome;
pub(crate) mod summary;

use super::Failure;
use agent::{Agent, SearchSettings};
use outcome::{Outcome, Setup};
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use tengen_core::Rules;

/// The arguments of `tengen selfplay`.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub(crate) struct Args {
    #[command(subcommand)]
    command: Option<SelfplayCommand>,
    /// A bundled ruleset id or a ruleset file.
    ruleset: Option<String>,
    /// An option: NAME or NAME=VALUE (repeatable).
    #[arg(long = "option", short = 'o', value_name = "NAME[=VALUE]")]
    options: Vec<String>,
    /// Games in the whole run (a shard plays its part of them).
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// The run's seed: game k draws from a seed made of it and k.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Play only shard I of N (from 0): the games k with k % N == I.
    #[arg(long, value_name = "I/N")]
    shard: Option<String>,
    /// Threads to play on (default: every core).
    #[arg(long)]
    jobs: Option<usize>,
    /// Where to write the results, one JSON line a game (default:
    /// standard output).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Player 1: `random`, `mcts:PLAYOUTS`, `uct:PLAYOUTS`, `tactics:PLAYOUTS`
    /// or `gnugo:LEVEL`.
    #[arg(long, default_value = "random", value_name = "PLAYER")]
    p1: String,
    /// Player 2: `random`, `mcts:PLAYOUTS`, `uct:PLAYOUTS`, `tactics:PLAYOUTS`
    /// or `gnugo:LEVEL`.
    #[arg(long, default_value = "random", value_name = "PLAYER")]
    p2: String,
    /// The tree search never resigns: every game is played to its end
    /// (each line still records the lowest estimate each player held, to
    /// measure how safe resigning would have been).
    #[arg(long)]
    no_resign: bool,
    /// Threads each choice of a tree search player searches on (the
    /// games themselves run on --jobs threads).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// A time limit in seconds for each choice of a tree search player,
    /// which stops its search before its playouts are spent.
    #[arg(long, value_name = "SECONDS", value_parser = crate::parse_seconds)]
    seconds: Option<f64>,
    /// Keep each game's record (one move a line, in the notation) in its
    /// line, as `record`: the games `tengen train patterns` learns from.
    #[arg(long)]
    record: bool,
}

#[derive(Debug, clap::Subcommand)]
enum SelfplayCommand {
    /// Summarize results files: Player 1's win rate with its 95% Wilson
    /// interval, the draw rate and the mean length, for each ruleset,
    /// option set and pair of players.
    Summarize {
        /// Results files written by `tengen selfplay --out`.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

/// The seed of game `k` of a run seeded `seed` (splitmix64 of both).
fn game_seed(seed: u64, k: u64) -> u64 {
    let mut z = seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(k.wrapping_add(1).wrapping_mul(0xBF58_476D_1CE4_E5B9));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Reads `I/N`.
fn parse_shard(text: &str) -> Result<(u64, u64), String> {
    let bad = || format!("--shard takes I/N with 0 <= I < N, e.g. 0/4; got `{text}`");
    let (i, n) = text.split_once('/').ok_or_else(bad)?;
    let (i, n) = (
        i.trim().parse::<u64>().map_err(|_| bad())?,
        n.trim().parse::<u64>().map_err(|_| bad())?,
    );
    if n == 0 || i >= n {
        return Err(bad());
    }
    Ok((i, n))
}

pub(crate) fn run(args: &Args) -> Result<(), Failure> {
    if let Some(SelfplayCommand::Summarize { files }) = &args.command {
        let outcomes = summary::read(files).map_err(Failure::Message)?;
        out!("{}", summary::render(&outcomes));
        return Ok(());
    }
    let Some(ruleset) = &args.ruleset else {
        return Err(Failure::Message(
            "name a ruleset to play (e.g. `tengen selfplay go -o size=9`), or use `tengen selfplay summarize FILES`".into(),
        ));
    };
    let agents = [&args.p1, &args.p2].map(|a| a.parse::<Agent>());
    let agents = match agents {
        [Ok(p1), Ok(p2)] => [p1, p2],
        [Err(e), _] => return Err(Failure::Message(format!("--p1: {e}"))),
        [_, Err(e)] => return Err(Failure::Message(format!("--p2: {e}"))),
    };
    let (shard, shards) = match &args.shard {
        Some(text) => parse_shard(text).map_err(Failure::Message)?,
        None => (0, 1),
    };
    let rules = super::assemble(ruleset, &args.options)?;
    // A player that cannot start (GNU Go missing, a board it cannot play)
    // is reported before any game.
    let search = SearchSettings {
        resign: !args.no_resign,
        threads: usize::from(args.threads),
        seconds: args.seconds,
    };
    for agent in agents {
        agent.build(&rules, 1, search).map_err(Failure::Message)?;
    }
    let games: Vec<u64> = (0..args.games).filter(|k| k % shards == shard).collect();
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, 256);
    let mut out: Box<dyn Write> = match &args.out {
        Some(path) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(path)
                .map_err(|e| Failure::Message(format!("cannot write {}: {e}", path.display())))?,
        )),
        None => Box::new(std::io::stdout().lock()),
    };
    let progress = std::io::stderr().is_terminal();
    let plan = Plan {
        rules: &rules,
        ruleset,
        options: &args.options,
        seed: args.seed,
        agents,
        search,
        games: &games,
        record: args.record,
    };
    let written = plan.play(jobs, |done, outcome| {
        let line = serde_json::to_string(outcome).unwrap_or_default();
        if progress {
            err!("\r  {ruleset}: game {done}/{}   ", games.len());
        }
        writeln!(out, "{line}")
    });
    if progress {
        err!("\r{:60}\r", "");
    }
    written.and_then(|()| out.flush()).map_err(Failure::Output)
}

/// The games of a run, and what they are played with.
struct Plan<'a> {
    rules: &'a Arc<Rules>,
    ruleset: &'a str,
    options: &'a [String],
    seed: u64,
    agents: [Agent; 2],
    /// How the tree search players search.
    search: SearchSettings,
    games: &'a [u64],
    /// Whether each outcome keeps its game's record.
    record: bool,
}

impl Plan<'_> {
    /// Plays every game on `jobs` threads and hands each outcome to
    /// `write` in the order of the games (whatever order they finish in),
    /// so a run's file does not depend on its threads.
    fn play(
        &self,
        jobs: usize,
        mut write: impl FnMut(usize, &Outcome) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        let next = AtomicUsize::new(0);
        let (sender, receiver) = mpsc::channel::<(usize, Outcome)>();
        std::thread::scope(|scope| {
            for _ in 0..jobs.min(self.games.len().max(1)) {
                let sender = sender.clone();
                let next = &next;
                scope.spawn(move || {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&k) = self.games.get(i) else {
                            break;
                        };
                        if sender.send((i, self.one(k))).is_err() {
                            break;
                        }
                    }
                });
            }
            drop(sender);
            let mut waiting = BTreeMap::new();
            let mut done = 0;
            for (i, outcome) in receiver {
                waiting.insert(i, outcome);
                while let Some(outcome) = waiting.remove(&done) {
                    done += 1;
                    write(done, &outcome)?;
                }
            }
            Ok(())
        })
    }

    /// Game `k`.
    fn one(&self, k: u64) -> Outcome {
        let seed = game_seed(self.seed, k);
        let setup = Setup {
            game: k,
            seed,
            ruleset: self.ruleset,
            options: self.options,
            p1: self.search.label(self.agents[0]),
            p2: self.search.label(self.agents[1]),
            record: self.record,
        };
        let built = [
            self.agents[0].build(self.rules, seed, self.search),
            self.agents[1].build(self.rules, seed ^ 0xA5A5_A5A5_A5A5_A5A5, self.search),
        ];
        match built {
            [Ok(p1), Ok(p2)] => outcome::play(self.rules, &mut [p1, p2], setup),
            [Err(e), _] | [_, Err(e)] => setup.unplayed(self.rules, &format!("player-failed: {e}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_games() {
        assert_eq!(parse_shard("1/4"), Ok((1, 4)));
        for bad in ["4/4", "1/0", "x/2", "3", ""] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
        assert_ne!(game_seed(1, 0), game_seed(1, 1));
        assert_ne!(game_seed(1, 0), game_seed(2, 0));
    }
}
