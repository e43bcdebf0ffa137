//! `tengen train patterns`: learns the weights of neighbourhood patterns
//! from the games of self-play results files (written with `tengen
//! selfplay --record`), and writes the weights file the search's priors
//! load. The file's comments record how it was made, and the same games
//! always make the same file.

use super::Failure;
use super::selfplay::summary;
use std::collections::BTreeSet;
use std::path::PathBuf;
use tengen_ai::train::TrainingSet;

/// What to learn from, and where the weights go.
pub(crate) struct TrainPlan<'a> {
    pub(crate) files: &'a [PathBuf],
    /// The players whose moves are learned: those whose label starts so.
    pub(crate) from: &'a str,
    pub(crate) out: &'a std::path::Path,
    pub(crate) iterations: usize,
    pub(crate) min_count: u32,
}

pub(crate) fn run(plan: &TrainPlan<'_>) -> Result<(), Failure> {
    let outcomes = summary::read(plan.files).map_err(Failure::Message)?;
    let mut set = TrainingSet::new();
    let mut games = 0usize;
    let mut sources = BTreeSet::new();
    for (k, outcome) in outcomes.iter().enumerate() {
        let Some(record) = &outcome.record else {
            continue;
        };
        let learn_from = [&outcome.p1, &outcome.p2].map(|p| p.starts_with(plan.from));
        if !learn_from.contains(&true) {
            continue;
        }
        let rules = super::assemble(&outcome.ruleset, &outcome.options)?;
        set.add_game(&rules, record, learn_from).map_err(|e| {
            Failure::Message(format!("game {} (line {}): {e}", outcome.game, k + 1))
        })?;
        games += 1;
        let options = if outcome.options.is_empty() {
            String::new()
        } else {
            format!(" -o {}", outcome.options.join(" -o "))
        };
        sources.insert(format!(
            "{}{options}, {} against {}",
            outcome.ruleset, outcome.p1, outcome.p2
        ));
    }
    if set.positions() == 0 {
        return Err(Failure::Message(format!(
            "no recorded game has a player named `{}...`: write the games with `tengen selfplay --record`",
            plan.from
        )));
    }
    let trained = set.train(plan.iterations, plan.min_count);
    let mut weights = trained.weights;
    let names: Vec<String> = plan.files.iter().map(|f| f.display().to_string()).collect();
    weights.about = vec![
        "tengen neighbourhood-pattern weights (see tengen_core::pattern for the features)".into(),
        format!(
            "made by: tengen train patterns {} --from {} --iterations {} --min-count {}",
            names.join(" "),
            plan.from,
            plan.iterations,
            plan.min_count
        ),
        format!(
            "games: {games}, the moves of players named `{}...`; played as:",
            plan.from
        ),
    ];
    weights
        .about
        .extend(sources.iter().map(|s| format!("  {s}")));
    weights.about.extend([
        format!(
            "positions: {}, candidate placements: {}, shapes kept (seen at least {} times): {}",
            set.positions(),
            set.candidates(),
            plan.min_count,
            weights.shape_count()
        ),
        format!(
            "fit: mean log-likelihood {:.4} a move; the strongest candidate was the move played in {:.1}% of positions",
            trained.log_likelihood,
            100.0 * trained.top_one
        ),
    ]);
    std::fs::write(plan.out, weights.to_text())
        .map_err(|e| Failure::Message(format!("cannot write {}: {e}", plan.out.display())))?;
    err!(
        "{} positions from {games} games: log-likelihood {:.4} a move, top choice {:.1}%, {} shapes; written to {}\n",
        set.positions(),
        trained.log_likelihood,
        100.0 * trained.top_one,
        weights.shape_count(),
        plan.out.display()
    );
    Ok(())
}
