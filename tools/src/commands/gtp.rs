//! `tengen gtp`: the GTP engine of `tengen_gtp` on standard input and
//! output.

use super::Failure;
use tengen_gtp::{Engine, PlayerKind, Setup};

/// Runs a GTP session of `reference` with `options`, the computer player
/// `player` (the search spending `playouts` a move, by default the
/// default for the board, and resigning a lost
/// game only if `resign`, on `threads` threads) drawing from `seed`.
pub(crate) fn run(
    reference: &str,
    options: &[String],
    player: PlayerKind,
    (playouts, threads): (Option<u64>, usize),
    seed: u64,
    resign: bool,
) -> Result<(), Failure> {
    let rules = super::assemble(reference, options)?;
    let setup = Setup {
        reference: reference.to_string(),
        options: options.to_vec(),
        handicap: None,
    };
    let mut engine = Engine::new(setup, rules, player, playouts, seed).map_err(Failure::Message)?;
    engine.set_resign(resign);
    engine.set_threads(threads);
    tengen_gtp::session_live(
        &mut engine,
        std::io::BufReader::new(std::io::stdin()),
        &mut std::io::stdout().lock(),
    )
    .map_err(Failure::Output)
}
