//! `tengen play RULESET`: a game at one keyboard, or from piped input.

mod help;
mod opponent;

pub(crate) use opponent::{Controller, Opponents, Strength};

use super::Failure;
use crate::view;
use std::io::{BufRead, IsTerminal, Write};
use tengen_core::notation::parse_line;
use tengen_core::record::{format_record, play_line};
use tengen_core::{Game, PointSet};
use tengen_sgf::GameInfo;

/// What `play` shows besides the board and status.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Display {
    /// The index of the next placement in hexadecimal.
    pub(crate) hex_tracker: bool,
    /// The pass-alive stones after every move (they are shown at the end
    /// of the game anyway).
    pub(crate) pass_alive: bool,
}

pub(crate) fn run(
    reference: Option<&str>,
    from: Option<&str>,
    options: &[String],
    display: Display,
    mut opponents: Opponents,
) -> Result<(), Failure> {
    let (mut game, mut info) = match (from, reference) {
        (Some(file), reference) => {
            let loaded = super::records::load(file, reference, options)?;
            (loaded.game, loaded.info)
        }
        (None, Some(reference)) => (
            Game::new(super::assemble(reference, options)?),
            GameInfo::default(),
        ),
        (None, None) => {
            return Err(Failure::Message(
                "give a ruleset, or a record to go on from with --from".into(),
            ));
        }
    };
    opponents.fit_board(game.rules().geometry.point_count());
    let stdin = std::io::stdin();
    let echo = !stdin.is_terminal();
    let mut out = std::io::stdout();
    // The actions of each line played, and whether the AI played it.
    let mut lines_played: Vec<(usize, bool)> = Vec::new();
    outln!(
        "{}: {}\nType `help` for the move notation.\n",
        game.rules().ruleset.meta.name,
        game.rules().ruleset.meta.summary
    );
    let show = |game: &Game, last: &PointSet| {
        out!(
            "{}{}{}",
            view::board(game, last),
            view::status(game),
            view::facts(game)
        );
        if display.hex_tracker && game.state().phase() == tengen_core::Phase::Play {
            out!("{}", view::hex_index(game));
        }
        if display.pass_alive || game.state().phase() == tengen_core::Phase::Over {
            out!("{}", view::pass_alive(game));
        }
    };
    show(&game, &PointSet::default());
    let mut input = String::new();
    loop {
        if opponents.any() {
            ai_turns(&mut game, &mut opponents, &mut lines_played, &show);
        }
        out!("{}", view::prompt(&game));
        out.flush().map_err(Failure::Output)?;
        input.clear();
        match stdin.lock().read_line(&mut input) {
            Ok(0) => {
                outln!();
                break;
            }
            Ok(_) => {}
            Err(e) => return Err(Failure::Message(format!("cannot read input: {e}"))),
        }
        let line = input.trim();
        if echo {
            outln!("{line}");
        }
        match line.to_ascii_lowercase().as_str() {
            "" => continue,
            "help" | "?" => {
                outln!("{}", help::help(game.rules()));
                continue;
            }
            "quit" | "exit" => break,
            "board" => {
                show(&game, &view::last_move(&game));
                continue;
            }
            "record" => {
                out!("{}", format_record(&game));
                continue;
            }
            _ if line.to_ascii_lowercase().starts_with("save ") => {
                let file = line[5..].trim();
                let names = opponents.player_names(&game);
                for seat in tengen_core::Seat::BOTH {
                    if names[seat].is_some() {
                        info.players[seat].clone_from(&names[seat]);
                    }
                }
                match super::records::save(&game, &info, file) {
                    Ok(()) => outln!("Saved {} actions to {file}.", game.record().len()),
                    Err(e) => outln!("  ! {e}"),
                }
                continue;
            }
            "legal" => {
                legal(&game);
                continue;
            }
            "hint" => {
                match opponents.hint(&game) {
                    Some((seat, choice, candidates)) => {
                        outln!(
                            "Hint for {}: {}",
                            view::seat_name(&game, seat),
                            opponent::describe(&game, &choice)
                        );
                        out!("{}", opponent::describe_candidates(&game, &candidates));
                    }
                    None => outln!("  ! there is nothing to choose"),
                }
                continue;
            }
            "undo" if !game.rules().ruleset.meta.undo => {
                outln!("  ! this ruleset allows no take-back once a turn is committed");
                continue;
            }
            "undo" => {
                // Against the AI, its replies go with the line they answered.
                let mut actions = 0;
                while let Some(&(_, true)) = lines_played.last() {
                    actions += lines_played.pop().map_or(0, |(n, _)| n);
                }
                match lines_played.pop() {
                    Some((n, _)) => {
                        for _ in 0..n + actions {
                            let _ = game.undo();
                        }
                        if actions > 0 {
                            outln!("Took back your last line and the AI's reply.");
                        } else {
                            outln!("Took back the last line.");
                        }
                        show(&game, &view::last_move(&game));
                    }
                    None if actions > 0 => {
                        // Only the AI has played: nothing of yours to take
                        // back, so its moves stay.
                        lines_played.push((actions, true));
                        outln!("  ! there is no line of yours to undo");
                    }
                    None => outln!("  ! there is nothing to undo"),
                }
                continue;
            }
            _ => {}
        }
        let parsed = match parse_line(&game.rules().geometry, line) {
            Ok(parsed) => parsed,
            Err(e) => {
                outln!("  ! {e}");
                continue;
            }
        };
        let before = game.record().len();
        match play_line(&mut game, &parsed) {
            Ok(_) => {
                lines_played.push((game.record().len() - before, false));
                for note in line_events(&mut game, before) {
                    outln!("  {note}");
                }
                show(&game, &view::last_move(&game));
            }
            Err(refusal) => outln!("  ! {refusal}"),
        }
    }
    Ok(())
}

/// Lets the AI act for as long as it is its turn: each action with the
/// AI's estimate, its events and the board. Stops when the game is over or
/// a person is to act (and after a generous number of actions, so two AIs
/// that cannot end a game do not play for ever).
fn ai_turns(
    game: &mut Game,
    opponents: &mut Opponents,
    lines_played: &mut Vec<(usize, bool)>,
    show: &impl Fn(&Game, &PointSet),
) {
    let limit = 20 * game.rules().geometry.point_count() + 100;
    for _ in 0..limit {
        let Some(seat) = opponents.seat_to_act(game) else {
            return;
        };
        let Some(choice) = opponents.choose(game, seat) else {
            return;
        };
        let before = game.record().len();
        let who = view::seat_name(game, seat);
        if let Err(refusal) = game.apply(seat, choice.action) {
            outln!("  ! the AI's choice was refused: {refusal}");
            return;
        }
        outln!("{who} (AI) plays {}.", opponent::describe(game, &choice));
        lines_played.push((game.record().len() - before, true));
        for note in line_events(game, before) {
            outln!("  {note}");
        }
        show(game, &view::last_move(game));
    }
    outln!("  ! the AI stopped after {limit} actions in a row");
}

/// The notable events of the actions played since `before`, replayed on a
/// copy so each action's events can be read.
fn line_events(game: &mut Game, before: usize) -> Vec<String> {
    let played: Vec<_> = game.record()[before..].to_vec();
    let mut copy = game.clone();
    for _ in &played {
        let _ = copy.undo();
    }
    let mut notes = Vec::new();
    for (seat, action) in played {
        if let Ok(applied) = copy.apply(seat, action) {
            let applied = applied.clone();
            notes.extend(view::events(&copy, &applied));
        }
    }
    notes
}

fn legal(game: &Game) {
    let g = &game.rules().geometry;
    for seat in tengen_core::Seat::BOTH {
        let actions = game.legal_actions(seat);
        if actions.is_empty() {
            continue;
        }
        let words: Vec<String> = actions
            .iter()
            .map(|&a| tengen_core::notation::format_action(g, a))
            .collect();
        outln!("{}: {}", view::seat_name(game, seat), words.join(", "));
    }
}
