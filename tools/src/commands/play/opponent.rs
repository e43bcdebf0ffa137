//! The computer players of `tengen play`: which colours the AI plays, and
//! its turns, hints and estimates.

use tengen_ai::{Candidate, Choice, Mcts, Player, SearchConfig};
use tengen_core::notation::format_action;
use tengen_core::{BySeat, Colour, Game, Phase, Seat, ToAct};

/// Who plays a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub(crate) enum Controller {
    /// A person at the keyboard (or piped input).
    #[default]
    Human,
    /// tengen's tree search.
    Ai,
}

/// The computer side of a game: one search per colour it plays (each
/// keeps its tree between moves), and one for hints.
pub(crate) struct Opponents {
    black: Option<Mcts>,
    white: Option<Mcts>,
    hints: Mcts,
    /// The playouts asked for, if any (else the default for the board).
    playouts: Option<u64>,
}

/// How strong the AI plays and where its random draws start.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Strength {
    /// The playouts of each action; `None` for the default of the board
    /// ([`tengen_ai::default_playouts`]).
    pub(crate) playouts: Option<u64>,
    /// A time limit per action, which stops the search early.
    pub(crate) seconds: Option<f64>,
    pub(crate) seed: u64,
    /// Whether the AI resigns a game its search finds lost.
    pub(crate) resign: bool,
    /// The threads its search runs on.
    pub(crate) threads: usize,
}

impl Opponents {
    pub(crate) fn new(black: Controller, white: Controller, strength: Strength) -> Opponents {
        let search = |offset: u64| {
            Mcts::new(SearchConfig {
                playouts: strength
                    .playouts
                    .unwrap_or_else(|| tengen_ai::default_playouts(81))
                    .max(1),
                time: strength
                    .seconds
                    .filter(|s| s.is_finite() && *s > 0.0)
                    .map(std::time::Duration::from_secs_f64),
                seed: strength.seed.wrapping_add(offset),
                resign: strength.resign,
                threads: strength.threads,
                ..SearchConfig::default()
            })
        };
        Opponents {
            black: (black == Controller::Ai).then(|| search(0)),
            white: (white == Controller::Ai).then(|| search(1)),
            hints: search(2),
            playouts: strength.playouts,
        }
    }

    /// Sets the searches' playouts to the default for a board of `points`
    /// points, unless playouts were asked for.
    pub(crate) fn fit_board(&mut self, points: usize) {
        if self.playouts.is_some() {
            return;
        }
        let playouts = tengen_ai::default_playouts(points);
        for search in [&mut self.black, &mut self.white]
            .into_iter()
            .flatten()
            .chain(std::iter::once(&mut self.hints))
        {
            search.set_playouts(playouts);
        }
    }

    /// The AI's name for each seat whose colour it plays (for a saved
    /// record's `PB` and `PW`).
    pub(crate) fn player_names(&self, game: &Game) -> BySeat<Option<String>> {
        let name = |seat: Seat| {
            let plays = match game.state().colour_of(seat) {
                Colour::Black => self.black.is_some(),
                Colour::White => self.white.is_some(),
            };
            plays.then(|| format!("tengen {}", env!("CARGO_PKG_VERSION")))
        };
        BySeat::new(name(Seat::One), name(Seat::Two))
    }

    /// Whether the AI plays any colour.
    pub(crate) fn any(&self) -> bool {
        self.black.is_some() || self.white.is_some()
    }

    fn search_for(&mut self, colour: Colour) -> Option<&mut Mcts> {
        match colour {
            Colour::Black => self.black.as_mut(),
            Colour::White => self.white.as_mut(),
        }
    }

    /// The seat the AI should act for now, if any: the seat to act when the
    /// AI plays its colour; in an agreement phase, the first seat played by
    /// the AI that has not accepted yet.
    pub(crate) fn seat_to_act(&self, game: &Game) -> Option<Seat> {
        let plays = |seat: Seat| match game.state().colour_of(seat) {
            Colour::Black => self.black.is_some(),
            Colour::White => self.white.is_some(),
        };
        match game.to_act() {
            ToAct::Seat(seat) if plays(seat) => Some(seat),
            ToAct::Either if game.state().phase() == Phase::Agreement => Seat::BOTH
                .into_iter()
                .find(|&seat| plays(seat) && !game.state().accepted()[seat]),
            _ => None,
        }
    }

    /// The AI's choice for `seat` (which it plays).
    pub(crate) fn choose(&mut self, game: &Game, seat: Seat) -> Option<Choice> {
        let colour = game.state().colour_of(seat);
        self.search_for(colour)?.choose(game, seat)
    }

    /// What the AI would play for the seat to act, for a hint, with the
    /// search's best candidates (at most three) and their lines.
    pub(crate) fn hint(&mut self, game: &Game) -> Option<(Seat, Choice, Vec<Candidate>)> {
        let seat = tengen_ai::next_actor(game)?;
        let choice = self.hints.choose(game, seat)?;
        Some((seat, choice, self.hints.analysis(3)))
    }
}

/// The search's candidates in words, one a line: the action, its
/// estimate, its playouts and the line of play expected after it.
pub(crate) fn describe_candidates(game: &Game, candidates: &[Candidate]) -> String {
    let geometry = &game.rules().geometry;
    let mut out = String::new();
    for (k, c) in candidates.iter().enumerate() {
        let line: Vec<String> = c
            .line
            .iter()
            .skip(1)
            .map(|&(_, a)| format_action(geometry, a))
            .collect();
        let then = if line.is_empty() {
            String::new()
        } else {
            format!("; then {}", line.join(" "))
        };
        out.push_str(&format!(
            "  {}. {:<8} {:>3.0}% in {} playouts{then}\n",
            k + 1,
            format_action(geometry, c.action),
            100.0 * c.win_rate,
            c.visits,
        ));
    }
    out
}

/// A choice in words: the action, and the estimate of the chance to win
/// where the search made one, e.g. `D4 (chance to win 63%, 2000 playouts)`.
pub(crate) fn describe(game: &Game, choice: &Choice) -> String {
    let action = format_action(&game.rules().geometry, choice.action);
    match choice.win_rate {
        Some(rate) => format!(
            "{action} (its estimate of the chance to win: {:.0}%, {} playouts)",
            100.0 * rate,
            choice.playouts
        ),
        None => action,
    }
}
