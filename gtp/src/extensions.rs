//! tengen's own commands, named `tengen-...` as GTP asks of extensions:
//! `tengen-ruleset` and `tengen-rules` for the variant, `tengen-playouts`
//! for the computer player (and `tengen-mark_dead`, in the scoring file).

use super::args::Args;
use super::engine::{Computer, Engine, Setup};
use super::error::{GtpError, Reply};

/// `tengen-ruleset RULESET [OPTION...]`: a new game of another bundled
/// ruleset with these options. Answers its name. Files are not opened: a
/// GTP stream may come from a server, and `--ruleset FILE` on the command
/// line serves a ruleset of one's own.
pub(super) fn ruleset(engine: &mut Engine, args: &[String]) -> Reply {
    let args = Args::new(args, "tengen-ruleset RULESET [OPTION...]");
    let words = args.at_least(1, "the ruleset")?;
    let bundled = tengen_variants::library().bundled();
    if !bundled.iter().any(|b| b.id == words[0]) {
        let ids: Vec<&str> = bundled.iter().map(|b| b.id).collect();
        return Err(GtpError::refused(format!(
            "`{}` is not a bundled ruleset: give one of {}",
            words[0],
            ids.join(", ")
        )));
    }
    engine.start(Setup {
        reference: words[0].clone(),
        options: words[1..].to_vec(),
        handicap: None,
    })?;
    Ok(engine.rules.ruleset.meta.name.clone())
}

/// `tengen-rules`: the ruleset and its options, as `tengen-ruleset` takes
/// them (a handicap set by `fixed_handicap` included).
pub(super) fn rules(engine: &mut Engine, args: &[String]) -> Reply {
    Args::new(args, "tengen-rules").exactly(&[])?;
    let mut words = vec![engine.setup.reference.clone()];
    words.extend(engine.setup.all_options());
    Ok(words.join(" "))
}

/// `tengen-playouts N`: the computer player's playouts a move, from 1 to
/// [`tengen_ai::MAX_PLAYOUTS`] (refused for the random player, which
/// plays none).
pub(super) fn playouts(engine: &mut Engine, args: &[String]) -> Reply {
    let args = Args::new(args, "tengen-playouts NUMBER");
    let n = args.number("the playouts")?;
    if !(1..=tengen_ai::MAX_PLAYOUTS).contains(&n) {
        return Err(args.error(format!(
            "the playouts must be from 1 to {}, not {n}",
            tengen_ai::MAX_PLAYOUTS
        )));
    }
    match &mut engine.ai {
        Computer::Mcts(search) => {
            search.set_playouts(n);
            engine.playouts_chosen = true;
        }
        Computer::Random(_) => {
            return Err(GtpError::refused(
                "the computer player is random (--player random) and plays no playouts",
            ));
        }
    }
    Ok(String::new())
}
