//! `tengen serve`: the web playground (see `tengen_web`).

use super::Failure;
use std::path::PathBuf;
use std::time::Duration;

/// What the command line sets.
pub(crate) struct Options {
    pub(crate) address: std::net::SocketAddr,
    pub(crate) ruleset_dir: Option<PathBuf>,
    pub(crate) book_dir: Option<PathBuf>,
    pub(crate) max_games: usize,
    pub(crate) idle_minutes: u64,
    pub(crate) allowed_hosts: Vec<String>,
}

pub(crate) fn run(options: Options) -> Result<(), Failure> {
    if let Some(dir) = &options.ruleset_dir
        && !dir.is_dir()
    {
        return Err(Failure::Message(format!(
            "--ruleset-dir {}: not a folder",
            dir.display()
        )));
    }
    let most_minutes = tengen_web::MAX_IDLE.as_secs() / 60;
    if !(1..=most_minutes).contains(&options.idle_minutes) {
        return Err(Failure::Message(format!(
            "--idle-minutes must be from 1 to {most_minutes} (30 days), not {}",
            options.idle_minutes
        )));
    }
    let book_dir = options
        .book_dir
        .or_else(|| Some(PathBuf::from("book/book")).filter(|d| d.is_dir()));
    let config = tengen_web::Config {
        address: options.address,
        ruleset_dir: options.ruleset_dir,
        book_dir,
        max_games: options.max_games,
        idle: Duration::from_secs(60 * options.idle_minutes),
        allowed_hosts: options.allowed_hosts,
        ..tengen_web::Config::default()
    };
    config
        .check()
        .map_err(|e| Failure::Message(e.to_string()))?;
    let address = config.address;
    tengen_web::serve(config, |bound| {
        outln!("tengen serves the playground at http://{bound}/ (Ctrl-C stops it)");
    })
    .map_err(|e| Failure::Message(format!("cannot serve on {address}: {e}")))
}
