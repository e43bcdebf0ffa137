//! The commands that set up a game: `boardsize`, `clear_board`, `komi`
//! and the handicap commands. Each maps to an option of the ruleset, so a
//! ruleset without the option refuses the command with the reason.

use super::args::Args;
use super::engine::{Engine, Setup, assemble, one_line};
use super::error::{GtpError, Reply};
use super::vertex::{Vertex, names, parse_vertex};
use tengen_core::ruleset::{OptionForm, OptionSpec};
use tengen_core::{Colour, ComponentKind, Game, Point};

/// The ruleset's option `name`, if it declares one.
fn option<'a>(engine: &'a Engine, name: &str) -> Option<&'a OptionSpec> {
    engine
        .rules
        .ruleset
        .options
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, spec)| spec)
}

/// The values of a choice option, e.g. `9, 13, 19`.
fn choices(spec: &OptionSpec) -> Vec<String> {
    spec.choices
        .iter()
        .flat_map(|c| c.keys().cloned())
        .collect()
}

/// The ruleset's id, for messages.
fn id(engine: &Engine) -> &str {
    &engine.rules.ruleset.meta.id
}

/// `boardsize N`: a new game on an N by N board, through the ruleset's
/// `size` option (`unacceptable size` when it offers no such size; a
/// ruleset without the option accepts only its own size).
pub(super) fn boardsize(engine: &mut Engine, args: &[String]) -> Reply {
    let size = Args::new(args, "boardsize SIZE").number("the size")?;
    let geometry = &engine.rules.geometry;
    let setup = match option(engine, "size") {
        Some(spec) if spec.form() == Some(OptionForm::Choice) => {
            let offered = choices(spec);
            if !offered.contains(&size.to_string()) {
                return Err(GtpError::UnacceptableSize(format!(
                    "{} offers the sizes {}",
                    id(engine),
                    offered.join(", ")
                )));
            }
            engine.setup.with_option("size", &size.to_string())
        }
        _ if geometry.width() as u64 == size && geometry.height() as u64 == size => {
            engine.setup.clone()
        }
        _ => {
            return Err(GtpError::UnacceptableSize(format!(
                "{} is played on {}x{} only",
                id(engine),
                geometry.width(),
                geometry.height()
            )));
        }
    };
    engine.start(Setup {
        handicap: None,
        ..setup
    })?;
    Ok(String::new())
}

/// `clear_board`: a new game with the same rules, without the handicap a
/// controller set (options given on the command line stay).
pub(super) fn clear_board(engine: &mut Engine, args: &[String]) -> Reply {
    Args::new(args, "clear_board").exactly(&[])?;
    engine.start(Setup {
        handicap: None,
        ..engine.setup.clone()
    })?;
    Ok(String::new())
}

/// `komi X`: sets the ruleset's `komi` option, keeping the moves played.
/// A ruleset without the option accepts only the komi it has.
pub(super) fn komi(engine: &mut Engine, args: &[String]) -> Reply {
    let args = Args::new(args, "komi NUMBER");
    let word = args.one("the komi")?;
    let value: f64 = word
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite())
        .ok_or_else(|| args.error(format!("`{word}` is not a number")))?;
    let text = tengen_core::text::points(value);
    if option(engine, "komi").is_some_and(|s| s.form() == Some(OptionForm::Value)) {
        let setup = engine.setup.with_option("komi", &text);
        engine.rebuild(setup)?;
        return Ok(String::new());
    }
    let fixed = engine
        .rules
        .ruleset
        .section(ComponentKind::Scorer)
        .params
        .get("komi")
        .and_then(|k| k.as_f64())
        .unwrap_or(0.0);
    if fixed == value {
        return Ok(String::new());
    }
    Err(GtpError::refused(format!(
        "{} has no komi option: its komi is {}",
        id(engine),
        tengen_core::text::points(fixed)
    )))
}

/// The handicaps the ruleset offers as stones: the values of its
/// `handicap` choice option.
fn handicap_choices(engine: &Engine) -> Result<Vec<String>, GtpError> {
    match option(engine, "handicap") {
        Some(spec) if spec.form() == Some(OptionForm::Choice) => Ok(choices(spec)),
        Some(spec) => Err(GtpError::refused(format!(
            "{} has no handicap stones; its handicap option is another kind: {}",
            id(engine),
            spec.summary.trim_end_matches('.')
        ))),
        None => Err(GtpError::refused(format!(
            "{} has no handicap option",
            id(engine)
        ))),
    }
}

/// The setup with `stones` handicap stones, checked against the
/// ruleset's choices and the empty board.
fn handicap_setup(engine: &Engine, stones: u64) -> Result<Setup, GtpError> {
    if engine.game.board().stones().next().is_some() || !engine.moves.is_empty() {
        return Err(GtpError::BoardNotEmpty);
    }
    let offered = handicap_choices(engine)?;
    if !offered.contains(&stones.to_string()) {
        return Err(GtpError::refused(format!(
            "invalid number of stones: {} offers {}",
            id(engine),
            offered.join(", ")
        )));
    }
    Ok(Setup {
        handicap: Some(stones),
        ..engine.setup.clone()
    })
}

/// The first colour's stones on the board.
fn black_stones(game: &Game) -> Vec<Point> {
    game.board()
        .stones()
        .filter(|&(_, c)| c == Colour::Black)
        .map(|(p, _)| p)
        .collect()
}

/// `fixed_handicap N` (and `place_free_handicap N`, which tengen answers
/// the same way): a new game with the ruleset's `handicap=N`, answering
/// the points of the stones it placed (in Go, GTP's fixed points).
pub(super) fn fixed_handicap(engine: &mut Engine, args: &[String]) -> Reply {
    let stones = Args::new(args, "fixed_handicap NUMBER").number("the number of stones")?;
    let setup = handicap_setup(engine, stones)?;
    engine.start(setup)?;
    Ok(names(&engine.rules.geometry, black_stones(&engine.game)))
}

/// `set_free_handicap VERTEX...`: accepted when the vertices are the
/// points the ruleset's handicap of that many stones uses (Go's handicap
/// stones go on fixed points only).
pub(super) fn set_free_handicap(engine: &mut Engine, args: &[String]) -> Reply {
    let args = Args::new(args, "set_free_handicap VERTEX...");
    let words = args.at_least(1, "the vertices")?;
    let mut points: Vec<Point> = Vec::new();
    for word in words {
        match parse_vertex(&engine.rules.geometry, word).map_err(|e| args.error(e))? {
            Vertex::Point(p) if !points.contains(&p) => points.push(p),
            Vertex::Point(_) => return Err(args.error(format!("{word} is given twice"))),
            Vertex::Pass => return Err(args.error("a handicap stone cannot be a pass")),
        }
    }
    let setup = handicap_setup(engine, points.len() as u64)?;
    let rules = assemble(&setup).map_err(|d| GtpError::refused(one_line(&d)))?;
    let trial = Game::from_position(rules, &[], None)
        .map_err(|r| GtpError::refused(format!("the game cannot start: {r}")))?;
    let mut fixed = black_stones(&trial);
    fixed.sort_by_key(|p| p.index());
    points.sort_by_key(|p| p.index());
    if fixed != points {
        return Err(GtpError::refused(format!(
            "{} puts handicap stones on fixed points only: {} stones go on {}",
            id(engine),
            points.len(),
            names(&engine.rules.geometry, fixed)
        )));
    }
    engine.start(setup)?;
    Ok(String::new())
}
