//! The players a self-play run pits against each other, named on the
//! command line: `random`, `mcts:PLAYOUTS`, `uct:PLAYOUTS`,
//! `tactics:PLAYOUTS` or `gnugo:LEVEL`. A search may add `+tactics`
//! (tactical playouts) and leave out `-patterns` (the priors from the
//! learned neighbourhood patterns, which it has by default), e.g.
//! `mcts:2000-patterns`, the search as it was before the priors.

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
    /// The tree search.
    Search(SearchAgent),
    /// GNU Go at this level (1 to 10), through GTP; standard Go only.
    GnuGo(u8),
}

/// A tree search player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SearchAgent {
    /// Playouts an action.
    pub(crate) playouts: u64,
    /// With RAVE (`mcts`) or without (`uct`, plain UCT, for comparison).
    pub(crate) rave: bool,
    /// With tactical playouts.
    pub(crate) tactics: bool,
    /// With priors from the learned patterns (the default).
    pub(crate) patterns: bool,
    /// With the learned shapes in the playouts (on top of the tactics):
    /// `Some(true)` always (`+shapes`), `Some(false)` never (`-shapes`),
    /// `None` as the search chooses by the game (the default).
    pub(crate) shapes: Option<bool>,
}

impl fmt::Display for Agent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Agent::Random => f.write_str("random"),
            Agent::Search(s) => {
                let kind = match (s.rave, s.tactics) {
                    (false, _) => "uct",
                    (true, true) => "tactics",
                    (true, false) => "mcts",
                };
                write!(f, "{kind}:{}", s.playouts)?;
                if s.tactics && !s.rave {
                    f.write_str("+tactics")?;
                }
                match s.shapes {
                    Some(true) => f.write_str("+shapes")?,
                    Some(false) => f.write_str("-shapes")?,
                    None => {}
                }
                if !s.patterns {
                    f.write_str("-patterns")?;
                }
                Ok(())
            }
            Agent::GnuGo(level) => write!(f, "gnugo:{level}"),
        }
    }
}

impl FromStr for Agent {
    type Err = String;

    fn from_str(text: &str) -> Result<Agent, String> {
        // The kind and number, then `+ADDITION` and `-OMISSION` words.
        let from = text.find(':').unwrap_or(0);
        let cut = text[from..]
            .find(['+', '-'])
            .map_or(text.len(), |i| from + i);
        let (head, rest) = text.split_at(cut);
        let mut changes = Vec::new();
        let mut start = 0;
        for (i, c) in rest.char_indices().skip(1) {
            if c == '+' || c == '-' {
                changes.push(&rest[start..i]);
                start = i;
            }
        }
        if !rest.is_empty() {
            changes.push(&rest[start..]);
        }
        let (kind, value) = match head.split_once(':') {
            Some((kind, value)) => (kind, Some(value)),
            None => (head, None),
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
        let search = |rave: bool, tactics: bool| -> Result<SearchAgent, String> {
            Ok(SearchAgent {
                playouts: number("playouts", 1000, 1..=10_000_000)?,
                rave,
                tactics,
                patterns: true,
                shapes: None,
            })
        };
        let agent = match kind {
            "random" if value.is_none() => Agent::Random,
            "mcts" => Agent::Search(search(true, false)?),
            "uct" => Agent::Search(search(false, false)?),
            "tactics" => Agent::Search(search(true, true)?),
            "gnugo" => Agent::GnuGo(number("level", 1, 1..=10)? as u8),
            _ => {
                return Err(format!(
                    "unknown player `{text}`: expected `random`, `mcts:PLAYOUTS`, `uct:PLAYOUTS`, `tactics:PLAYOUTS` or `gnugo:LEVEL`"
                ));
            }
        };
        let mut agent = agent;
        for change in changes {
            match (&mut agent, change) {
                (Agent::Search(s), "+patterns") => s.patterns = true,
                (Agent::Search(s), "-patterns") => s.patterns = false,
                (Agent::Search(s), "+tactics") => s.tactics = true,
                (Agent::Search(s), "-tactics") => s.tactics = false,
                (Agent::Search(s), "+shapes") => s.shapes = Some(true),
                (Agent::Search(s), "-shapes") => s.shapes = Some(false),
                _ => {
                    return Err(format!(
                        "`{change}` does not change `{head}` (a search may take `+tactics`, `+shapes`, `-shapes` or `-patterns`)"
                    ));
                }
            }
        }
        Ok(agent)
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
        if matches!(agent, Agent::Search(_)) {
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
            Agent::Search(agent) => Box::new(Mcts::new(SearchConfig {
                playouts: agent.playouts,
                seed,
                rave: agent.rave,
                resign: search.resign,
                threads: search.threads,
                time: search.seconds.map(std::time::Duration::from_secs_f64),
                policy: match (agent.shapes, agent.tactics) {
                    (Some(true), _) => Some(Policy::Shapes),
                    (_, true) => Some(Policy::Tactics),
                    (Some(false), false) => Some(Policy::Light),
                    (None, false) => None,
                },
                priors: agent.patterns,
                ..SearchConfig::default()
            })),
            Agent::GnuGo(level) => Box::new(GnuGo::start(rules, level, seed)?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_as_written() {
        for text in [
            "random",
            "mcts:250",
            "uct:40",
            "tactics:300",
            "gnugo:1",
            "mcts:900-patterns",
            "tactics:300-patterns",
            "uct:40+tactics",
            "mcts:700+shapes",
            "mcts:700-shapes",
            "tactics:70+shapes-patterns",
        ] {
            assert_eq!(
                text.parse::<Agent>().map(|a| a.to_string()),
                Ok(text.into())
            );
        }
        assert_eq!(
            "mcts".parse::<Agent>(),
            Ok(Agent::Search(SearchAgent {
                playouts: 1000,
                rave: true,
                tactics: false,
                patterns: true,
                shapes: None,
            }))
        );
        for (text, canonical) in [
            ("mcts:5+tactics", "tactics:5"),
            ("mcts:5+patterns", "mcts:5"),
            ("mcts-patterns", "mcts:1000-patterns"),
            ("mcts:5-patterns+patterns", "mcts:5"),
            ("tactics:5-tactics-patterns", "mcts:5-patterns"),
        ] {
            assert_eq!(
                text.parse::<Agent>().map(|a| a.to_string()),
                Ok(canonical.into())
            );
        }
        for bad in [
            "mcts:x",
            "mcts:0",
            "gnugo:11",
            "random:3",
            "kata",
            "gnugo:3-patterns",
            "mcts:9+ladders",
            "mcts:9-",
            "random+tactics",
        ] {
            assert!(bad.parse::<Agent>().is_err(), "{bad}");
        }
    }
}
