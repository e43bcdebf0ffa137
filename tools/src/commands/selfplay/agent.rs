//! The players a self-play run pits against each other, named on the
//! command line: `random`, `mcts:PLAYOUTS`, `uct:PLAYOUTS`,
//! `tactics:PLAYOUTS` or `gnugo:LEVEL`.

use super::gnugo::GnuGo;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use tengen_ai::{Mcts, Player, RandomPlayer, SearchConfig};
use tengen_core::Rules;
use tengen_core::playout::Policy;

/// A kind of player and its strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Agent {
    /// The light random policy as a player.
    Random,
    /// The tree search with this many playouts an action.
    Mcts(u64),
    /// The tree search with tactical playouts, this many an action.
    Tactics(u64),
    /// The tree search without RAVE (plain UCT), for comparison.
    Uct(u64),
    /// GNU Go at this level (1 to 10), through GTP; standard Go only.
    GnuGo(u8),
}

impl fmt::Display for Agent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Agent::Random => f.write_str("random"),
            Agent::Mcts(playouts) => write!(f, "mcts:{playouts}"),
            Agent::Tactics(playouts) => write!(f, "tactics:{playouts}"),
            Agent::Uct(playouts) => write!(f, "uct:{playouts}"),
            Agent::GnuGo(level) => write!(f, "gnugo:{level}"),
        }
    }
}

impl FromStr for Agent {
    type Err = String;

    fn from_str(text: &str) -> Result<Agent, String> {
        let (kind, value) = match text.split_once(':') {
            Some((kind, value)) => (kind, Some(value)),
            None => (text, None),
        };
        let number = |what: &str, default: u64, range: std::ops::RangeInclusive<u64>| {
            let n = match value {
                None => default,
                Some(v) => v
                    .parse::<u64>()
                    .map_err(|_| format!("`{v}` is not a number of {what} (in `{text}`)"))?,
            };
            if range.contains(&n) {
                Ok(n)
            } else {
                Err(format!(
                    "{what} must be from {} to {} (in `{text}`)",
                    range.start(),
                    range.end()
                ))
            }
        };
        match kind {
            "random" if value.is_none() => Ok(Agent::Random),
            "mcts" => Ok(Agent::Mcts(number("playouts", 1000, 1..=10_000_000)?)),
            "uct" => Ok(Agent::Uct(number("playouts", 1000, 1..=10_000_000)?)),
            "tactics" => Ok(Agent::Tactics(number("playouts", 1000, 1..=10_000_000)?)),
            "gnugo" => Ok(Agent::GnuGo(number("level", 1, 1..=10)? as u8)),
            _ => Err(format!(
                "unknown player `{text}`: expected `random`, `mcts:PLAYOUTS`, `uct:PLAYOUTS`, `tactics:PLAYOUTS` or `gnugo:LEVEL`"
            )),
        }
    }
}

/// How the tree search players of a run search, besides their playouts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct SearchSettings {
    /// Whether they resign a lost game.
    pub(crate) resign: bool,
    /// The threads each of their choices searches on.
    pub(crate) threads: usize,
    /// A time limit per choice, which stops a search before its playouts.
    pub(crate) seconds: Option<f64>,
}

impl SearchSettings {
    /// What a results line adds to a search player's name: the threads
    /// and the time limit, where they are not the defaults.
    pub(crate) fn label(&self, agent: Agent) -> String {
        let mut label = agent.to_string();
        if matches!(agent, Agent::Mcts(_) | Agent::Uct(_) | Agent::Tactics(_)) {
            if self.threads != 1 {
                label.push_str(&format!(" threads={}", self.threads));
            }
            if let Some(seconds) = self.seconds {
                label.push_str(&format!(" seconds={seconds}"));
            }
        }
        label
    }
}

impl Agent {
    /// A player of this kind for one game, drawing from `seed`, the tree
    /// search searching as `search` says.
    pub(crate) fn build(
        self,
        rules: &Arc<Rules>,
        seed: u64,
        search: SearchSettings,
    ) -> Result<Box<dyn Player>, String> {
        Ok(match self {
            Agent::Random => Box::new(RandomPlayer::new(seed)),
            Agent::Mcts(playouts) | Agent::Uct(playouts) | Agent::Tactics(playouts) => {
                Box::new(Mcts::new(SearchConfig {
                    playouts,
                    seed,
                    rave: !matches!(self, Agent::Uct(_)),
                    resign: search.resign,
                    threads: search.threads,
                    time: search.seconds.map(std::time::Duration::from_secs_f64),
                    policy: match self {
                        Agent::Tactics(_) => Policy::Tactics,
                        _ => Policy::Light,
                    },
                    ..SearchConfig::default()
                }))
            }
            Agent::GnuGo(level) => Box::new(GnuGo::start(rules, level, seed)?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_as_written() {
        for text in ["random", "mcts:250", "uct:40", "tactics:300", "gnugo:1"] {
            assert_eq!(
                text.parse::<Agent>().map(|a| a.to_string()),
                Ok(text.into())
            );
        }
        assert_eq!("mcts".parse::<Agent>(), Ok(Agent::Mcts(1000)));
        for bad in ["mcts:x", "mcts:0", "gnugo:11", "random:3", "kata"] {
            assert!(bad.parse::<Agent>().is_err(), "{bad}");
        }
    }
}
