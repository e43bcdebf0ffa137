//! How the server runs, and the ranges its settings must fall in.

use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to listen on (127.0.0.1 and a port by default; port 0
    /// picks a free one).
    pub address: SocketAddr,
    /// Host names, besides `localhost` and the server's own addresses,
    /// that requests may name in their `Host` header (a name a reverse
    /// proxy or a LAN uses, such as `go.example.org` or
    /// `studio.local:8080`; without a port, any port). A request naming
    /// any other host is refused, which stops DNS rebinding.
    pub allowed_hosts: Vec<String>,
    /// A folder of ruleset files to offer besides the bundled rulesets.
    pub ruleset_dir: Option<PathBuf>,
    /// A built rules reference (`mdbook build book`) to serve under
    /// `/book/`, for the lobby's links to each ruleset's page.
    pub book_dir: Option<PathBuf>,
    /// The most games held at once.
    pub max_games: usize,
    /// How long a game may go unused before it is forgotten.
    pub idle: Duration,
    /// The most connections open at once; the next waits to be accepted
    /// until one closes.
    pub max_connections: usize,
    /// How long a client may take to send a request's headers (and, on
    /// a kept-alive connection, to begin the next request).
    pub header_timeout: Duration,
    /// How long a client may take to send a request's body.
    pub body_timeout: Duration,
    /// The most computer-player searches running at once.
    pub max_searches: usize,
    /// How long a request for the computer player waits for a search to
    /// finish elsewhere before it is refused as busy.
    pub search_wait: Duration,
    /// The longest one search may think; it then plays the best choice
    /// it has.
    pub search_time: Duration,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            address: SocketAddr::from(([127, 0, 0, 1], 8080)),
            allowed_hosts: Vec::new(),
            ruleset_dir: None,
            book_dir: None,
            max_games: 200,
            idle: Duration::from_secs(60 * 60),
            max_connections: 256,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            max_searches: std::thread::available_parallelism().map_or(2, |n| n.get()),
            search_wait: Duration::from_secs(10),
            search_time: Duration::from_secs(60),
        }
    }
}

/// The most games a server may be set to hold.
pub const MAX_GAMES: usize = 100_000;
/// The longest a game may be set to stay unused: 30 days.
pub const MAX_IDLE: Duration = Duration::from_secs(30 * 24 * 60 * 60);
/// The most connections a server may be set to hold open.
pub const MAX_CONNECTIONS: usize = 10_000;
/// The longest any of the server's timeouts may be set to: 10 minutes.
pub const MAX_TIMEOUT: Duration = Duration::from_secs(10 * 60);
/// The most searches a server may be set to run at once.
pub const MAX_SEARCHES: usize = 256;

/// A setting out of its range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    /// The setting, as the command line names it (`--idle-minutes`).
    pub setting: &'static str,
    /// Its range, in words.
    pub range: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} must be {}", self.setting, self.range)
    }
}

impl std::error::Error for ConfigError {}

/// Refuses a count outside `1..=most`.
fn count(setting: &'static str, value: usize, most: usize) -> Result<(), ConfigError> {
    if (1..=most).contains(&value) {
        Ok(())
    } else {
        Err(ConfigError {
            setting,
            range: format!("from 1 to {most}, not {value}"),
        })
    }
}

/// Refuses a time outside `least..=most`.
fn time(
    setting: &'static str,
    value: Duration,
    least: Duration,
    most: Duration,
) -> Result<(), ConfigError> {
    if (least..=most).contains(&value) {
        Ok(())
    } else {
        Err(ConfigError {
            setting,
            range: format!("from {least:?} to {most:?}, not {value:?}"),
        })
    }
}

impl Config {
    /// Refuses a setting out of its range, naming it.
    pub fn check(&self) -> Result<(), ConfigError> {
        let tick = Duration::from_millis(1);
        count("--max-games", self.max_games, MAX_GAMES)?;
        time("--idle-minutes", self.idle, tick, MAX_IDLE)?;
        count("max_connections", self.max_connections, MAX_CONNECTIONS)?;
        time("header_timeout", self.header_timeout, tick, MAX_TIMEOUT)?;
        time("body_timeout", self.body_timeout, tick, MAX_TIMEOUT)?;
        count("max_searches", self.max_searches, MAX_SEARCHES)?;
        time("search_wait", self.search_wait, Duration::ZERO, MAX_TIMEOUT)?;
        time("search_time", self.search_time, tick, MAX_TIMEOUT)?;
        for host in &self.allowed_hosts {
            if !crate::hosts::is_host(host) {
                return Err(ConfigError {
                    setting: "--allow-host",
                    range: format!("a host name, with or without a port, not `{host}`"),
                });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_in_range() {
        assert_eq!(Config::default().check(), Ok(()));
    }

    #[test]
    fn a_setting_out_of_range_is_named() {
        let huge = Config {
            idle: Duration::from_secs(u64::MAX),
            ..Config::default()
        };
        let error = huge.check().unwrap_err();
        assert_eq!(error.setting, "--idle-minutes");
        let none = Config {
            max_games: 0,
            ..Config::default()
        };
        assert_eq!(none.check().unwrap_err().setting, "--max-games");
        let bad_host = Config {
            allowed_hosts: vec!["http://x/".into()],
            ..Config::default()
        };
        assert_eq!(bad_host.check().unwrap_err().setting, "--allow-host");
        let bad_port = Config {
            allowed_hosts: vec!["studio.local:abc".into()],
            ..Config::default()
        };
        assert_eq!(bad_port.check().unwrap_err().setting, "--allow-host");
    }
}
