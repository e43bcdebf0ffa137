//! The GTP session: the ruleset and options in force, the game, the
//! computer player, and the table that sends each command to its handler.

use super::args::Args;
use super::error::{GtpError, Reply};
use super::protocol::Command;
use super::time::{self, Clock};
use super::{display, extensions, moves, ruler, rules, scoring, setup};
use std::sync::Arc;
use tengen_ai::{Choice, Mcts, Player, RandomPlayer, SearchConfig};
use tengen_core::ruleset::Diagnostics;
use tengen_core::{Action, Game, Rules, Seat, ToAct};

/// What a new game is assembled from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The ruleset: a bundled id or a file.
    pub reference: String,
    /// Its options, as given (`size=9`, `weak-eyes`).
    pub options: Vec<String>,
    /// The handicap a controller asked for (`fixed_handicap`), applied as
    /// the ruleset's `handicap` option until the board is cleared.
    pub handicap: Option<u64>,
}

impl Setup {
    /// Every option to assemble with, the handicap included.
    pub(super) fn all_options(&self) -> Vec<String> {
        let mut all = self.options.clone();
        all.extend(self.handicap.map(|n| format!("handicap={n}")));
        all
    }

    /// This setup with option `name` set to `value` (replacing any value
    /// it had).
    pub(super) fn with_option(&self, name: &str, value: &str) -> Setup {
        let mut options: Vec<String> = self
            .options
            .iter()
            .filter(|o| option_name(o) != name)
            .cloned()
            .collect();
        options.push(format!("{name}={value}"));
        Setup {
            options,
            ..self.clone()
        }
    }
}

/// Which computer player answers `genmove` (`tengen gtp --player`): the
/// tree search, or the light random policy (`tengen_ai::RandomPlayer`), a
/// uniformly random move among those the search would consider, passing
/// only when nothing else is left. The random player plays no playouts; it
/// is a baseline, and an opponent that reaches odd positions for testing
/// other engines (`tools/tests/gnugo_differential.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum PlayerKind {
    /// The tree search, spending `--playouts` a move.
    #[default]
    Mcts,
    /// A random move among those the search would consider.
    Random,
}

/// The computer player of a session.
pub(super) enum Computer {
    /// The tree search (boxed: it is much larger than the random player).
    Mcts(Box<Mcts>),
    /// The random player.
    Random(RandomPlayer),
}

impl Computer {
    /// The player's choice for `seat` in `game`.
    pub(super) fn choose(&mut self, game: &Game, seat: Seat) -> Option<Choice> {
        match self {
            Computer::Mcts(search) => search.choose(game, seat),
            Computer::Random(random) => random.choose(game, seat),
        }
    }

    /// Forgets what the player kept of the game (the search's tree).
    pub(super) fn clear(&mut self) {
        if let Computer::Mcts(search) = self {
            search.clear();
        }
    }
}

/// The name of an option as given: `size` of `size=9`.
pub(super) fn option_name(option: &str) -> &str {
    option.split('=').next().unwrap_or_default()
}

/// The state of a GTP session.
pub struct Engine {
    /// What the game was assembled from.
    pub(super) setup: Setup,
    /// The assembled rules.
    pub(super) rules: Arc<Rules>,
    /// The game.
    pub(super) game: Game,
    /// How many of the game's actions each GTP move took, oldest first,
    /// for `undo` (a move in an agreement phase may take none, a generated
    /// move several: a button and a stone, say).
    pub(super) moves: Vec<usize>,
    /// The computer player.
    pub(super) ai: Computer,
    /// Whether its playouts were chosen (`--playouts`, `tengen-playouts`);
    /// if not, each new board gets the default for its size.
    pub(super) playouts_chosen: bool,
    /// The seed of the computer player and of the dead-string judgement.
    pub(super) seed: u64,
    /// The game clock, where a controller set one.
    pub(super) clock: Clock,
    /// Set by `quit`.
    pub(super) quit: bool,
}

/// A command's handler: the engine and the command's arguments.
type Handler = fn(&mut Engine, &[String]) -> Reply;

/// Every command, in the order `list_commands` gives them.
const COMMANDS: &[(&str, Handler)] = &[
    ("protocol_version", |_, a| admin(a, "protocol_version", "2")),
    ("name", |_, a| admin(a, "name", "tengen")),
    ("version", |_, a| {
        admin(a, "version", env!("CARGO_PKG_VERSION"))
    }),
    ("known_command", known_command),
    ("list_commands", list_commands),
    ("quit", quit),
    ("boardsize", setup::boardsize),
    ("clear_board", setup::clear_board),
    ("komi", setup::komi),
    ("fixed_handicap", setup::fixed_handicap),
    ("place_free_handicap", setup::fixed_handicap),
    ("set_free_handicap", setup::set_free_handicap),
    ("play", moves::play),
    ("genmove", moves::genmove),
    ("undo", moves::undo),
    ("showboard", display::showboard),
    ("final_score", scoring::final_score),
    ("final_status_list", scoring::final_status_list),
    ("kgs-rules", rules::kgs_rules),
    ("kata-set-rules", rules::kata_set_rules),
    ("gogui-rules_game_id", ruler::game_id),
    ("gogui-rules_board", ruler::board),
    ("gogui-rules_board_size", ruler::board_size),
    ("gogui-rules_legal_moves", ruler::legal_moves),
    ("gogui-rules_side_to_move", ruler::side_to_move),
    ("gogui-rules_final_result", ruler::final_result),
    ("time_settings", time::time_settings),
    ("time_left", time::time_left),
    ("kgs-time_settings", time::kgs_time_settings),
    ("tengen-ruleset", extensions::ruleset),
    ("tengen-rules", extensions::rules),
    ("tengen-playouts", extensions::playouts),
    ("tengen-mark_dead", scoring::mark_dead),
];

/// An administrative command without arguments and with a fixed answer.
fn admin(args: &[String], usage: &'static str, answer: &str) -> Reply {
    Args::new(args, usage).exactly(&[])?;
    Ok(answer.to_string())
}

/// `known_command NAME`: `true` or `false`.
fn known_command(_: &mut Engine, args: &[String]) -> Reply {
    let name = Args::new(args, "known_command COMMAND").one("the command name")?;
    Ok(command_names().any(|n| n == name).to_string())
}

/// `list_commands`: one command a line.
fn list_commands(_: &mut Engine, args: &[String]) -> Reply {
    Args::new(args, "list_commands").exactly(&[])?;
    Ok(command_names().collect::<Vec<_>>().join("\n"))
}

/// Every command's name: those of the table, then the live analyses,
/// which the session answers itself (see [`super::analyze`]).
fn command_names() -> impl Iterator<Item = &'static str> {
    COMMANDS
        .iter()
        .map(|(n, _)| *n)
        .chain(super::analyze::COMMAND_NAMES)
}

/// `quit`: answers, then the session ends.
fn quit(engine: &mut Engine, args: &[String]) -> Reply {
    Args::new(args, "quit").exactly(&[])?;
    engine.quit = true;
    Ok(String::new())
}

/// Diagnostics on one line, for a failure message.
pub(super) fn one_line(diagnostics: &Diagnostics) -> String {
    let messages: Vec<String> = diagnostics
        .items
        .iter()
        .map(|d| d.message.clone())
        .chain(diagnostics.omitted_note())
        .collect();
    messages.join("; ")
}

/// Assembles the rules of `setup`.
pub(super) fn assemble(setup: &Setup) -> Result<Arc<Rules>, Diagnostics> {
    tengen_variants::library().assemble(&setup.reference, &setup.all_options())
}

/// A new game of `rules`, or why its opening cannot be carried out.
fn new_game(rules: &Arc<Rules>) -> Result<Game, GtpError> {
    Game::from_position(Arc::clone(rules), &[], None)
        .map_err(|r| GtpError::refused(format!("the game cannot start: {r}")))
}

impl Engine {
    /// A session of `setup`, whose rules are `rules`, the computer player
    /// `player` (the search spending `playouts` a move, or, if none are
    /// given, the default for the board, [`tengen_ai::default_playouts`],
    /// again for each new board) drawing from `seed`; why not, when the
    /// ruleset's game cannot start.
    pub fn new(
        setup: Setup,
        rules: Arc<Rules>,
        player: PlayerKind,
        playouts: Option<u64>,
        seed: u64,
    ) -> Result<Engine, String> {
        let game = new_game(&rules).map_err(|e| e.to_string())?;
        let playouts_chosen = playouts.is_some();
        let playouts =
            playouts.unwrap_or_else(|| tengen_ai::default_playouts(rules.geometry.point_count()));
        let ai = match player {
            PlayerKind::Mcts => Computer::Mcts(Box::new(Mcts::new(SearchConfig {
                playouts: playouts.max(1),
                seed,
                ..SearchConfig::default()
            }))),
            PlayerKind::Random => Computer::Random(RandomPlayer::new(seed)),
        };
        Ok(Engine {
            setup,
            rules,
            game,
            moves: Vec::new(),
            ai,
            playouts_chosen,
            seed,
            clock: Clock::default(),
            quit: false,
        })
    }

    /// Whether the computer player resigns a game its search finds lost
    /// (`tengen gtp --no-resign` turns it off, for matches played to the
    /// end); the random player never resigns.
    pub fn set_resign(&mut self, resign: bool) {
        if let Computer::Mcts(search) = &mut self.ai {
            search.set_resign(resign);
        }
    }

    /// The threads the search runs on (the random player has none).
    pub fn set_threads(&mut self, threads: usize) {
        if let Computer::Mcts(search) = &mut self.ai {
            search.set_threads(threads);
        }
    }

    /// The game as it stands.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Carries out one command.
    pub(super) fn execute(&mut self, command: &Command) -> Reply {
        let handler = COMMANDS
            .iter()
            .find(|(name, _)| *name == command.name)
            .map(|&(_, handler)| handler)
            .ok_or(GtpError::UnknownCommand)?;
        handler(self, &command.args)
    }

    /// Starts a new game of `setup` (nothing changes if it cannot be
    /// assembled).
    pub(super) fn start(&mut self, setup: Setup) -> Result<(), GtpError> {
        let rules = assemble(&setup).map_err(|d| GtpError::refused(one_line(&d)))?;
        let game = new_game(&rules)?;
        self.setup = setup;
        self.rules = rules;
        self.game = game;
        self.moves.clear();
        self.ai.clear();
        self.clock = Clock::new(self.clock.system);
        if !self.playouts_chosen
            && let Computer::Mcts(search) = &mut self.ai
        {
            search.set_playouts(tengen_ai::default_playouts(
                self.rules.geometry.point_count(),
            ));
        }
        Ok(())
    }

    /// Plays the game so far again under the rules of `setup` (a new komi,
    /// the same game under other rules); nothing changes if a move is not
    /// legal under them.
    pub(super) fn rebuild(&mut self, setup: Setup) -> Result<(), GtpError> {
        let rules = assemble(&setup).map_err(|d| GtpError::refused(one_line(&d)))?;
        let mut game = new_game(&rules)?;
        for &(seat, action) in self.game.record() {
            if let Err(refusal) = game.apply(seat, action) {
                return Err(GtpError::refused(format!(
                    "the moves played so far cannot be replayed under the new rules: {refusal}"
                )));
            }
        }
        self.setup = setup;
        self.rules = rules;
        self.game = game;
        self.ai.clear();
        Ok(())
    }

    /// Plays `actions` for `seat` as one GTP move, or none of them: the
    /// first refused (or out of turn) takes back those already played. A
    /// stone of the colour not to move is played after a pass of the
    /// colour to move where the rules make that pass change nothing but
    /// the turn (see [`moves::why_no_pass_first`]); the pass is part of the
    /// GTP move, so `undo` takes it back with the stone.
    pub(super) fn play_move(&mut self, seat: Seat, actions: &[Action]) -> Result<(), GtpError> {
        let mut done = 0;
        for &action in actions {
            let problem = match self.game.to_act() {
                ToAct::Seat(to_act) if to_act != seat => match self.pass_first(to_act, action) {
                    Err(why_not) => Some(why_not),
                    Ok(()) => {
                        done += 1;
                        self.game.apply(seat, action).err().map(|r| r.to_string())
                    }
                },
                _ => self.game.apply(seat, action).err().map(|r| r.to_string()),
            };
            if let Some(problem) = problem {
                for _ in 0..done {
                    let _ = self.game.undo();
                }
                return Err(GtpError::IllegalMove(problem));
            }
            done += 1;
        }
        self.moves.push(done);
        Ok(())
    }

    /// Passes for `to_act` so that the other colour may play `action` (a
    /// stone), or says why not.
    fn pass_first(&mut self, to_act: Seat, action: Action) -> Result<(), String> {
        let why_not = moves::why_no_pass_first(self, to_act).or_else(|| {
            (!matches!(action, Action::Place(_))).then(|| moves::no_pass_out_of_turn(self, to_act))
        });
        if let Some(why_not) = why_not {
            return Err(why_not);
        }
        self.game
            .apply(to_act, Action::Pass)
            .map(|_| ())
            .map_err(|r| {
                format!(
                    "{}, who cannot pass: {r}",
                    moves::not_your_turn(self, to_act)
                )
            })
    }

    /// The seed of a judgement of dead strings in the position now.
    pub(super) fn judgement_seed(&self) -> u64 {
        self.seed ^ (self.game.record().len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The search's playouts a move, as `genmove` would spend them.
    fn playouts(engine: &Engine) -> u64 {
        match &engine.ai {
            Computer::Mcts(search) => search.config().playouts,
            Computer::Random(_) => 0,
        }
    }

    fn send(engine: &mut Engine, commands: &str) {
        let mut output = Vec::new();
        crate::session(engine, &mut commands.as_bytes(), &mut output).expect("the session runs");
        assert!(
            !String::from_utf8_lossy(&output).contains('?'),
            "{}",
            String::from_utf8_lossy(&output)
        );
    }

    /// Without `--playouts`, each new board gets the default for its size
    /// (`boardsize 19` after 9x9 is not played with 9x9's budget); once
    /// playouts are chosen (`tengen-playouts`), a new board keeps them.
    #[test]
    fn a_new_board_gets_its_default_playouts_unless_they_were_chosen() {
        let setup = Setup {
            reference: "go".into(),
            options: vec!["size=9".into()],
            handicap: None,
        };
        let rules = assemble(&setup).expect("go assembles");
        let mut engine = Engine::new(setup, rules, PlayerKind::Mcts, None, 1).expect("starts");
        assert_eq!(playouts(&engine), tengen_ai::default_playouts(81));
        send(&mut engine, "boardsize 19\n");
        assert_eq!(playouts(&engine), tengen_ai::default_playouts(361));
        send(&mut engine, "tengen-playouts 50\nboardsize 9\n");
        assert_eq!(playouts(&engine), 50);
    }
}
