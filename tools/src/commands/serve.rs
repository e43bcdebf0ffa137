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
    if options.max_games == 0 || options.idle_minutes == 0 {
        return Err(Failure::Message(
            "--max-games and --idle-minutes must be at least 1".into(),
        ));
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
    };
    let address = config.address;
    tengen_web::serve(config, |bound| {
        outln!("tengen serves the playground at http://{bound}/ (Ctrl-C stops it)");
    })
    .map_err(|e| Failure::Message(format!("cannot serve on {address}: {e}")))
}
