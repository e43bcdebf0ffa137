//! Differential play against GNU Go: games of 9x9 Go between `tengen gtp`
//! and `gnugo --mode gtp --chinese-rules`, each a child process, every
//! move one plays relayed to the other, which must accept it (`play`
//! answered `=`). After two passes GNU Go's dead strings
//! (`final_status_list dead`) are checked against tengen's pass-alive
//! analysis of the final position (no pass-alive stone may be dead: else
//! GNU Go's list is wrong, and the scores are not compared), go to tengen
//! through `tengen-mark_dead`, and tengen's `final_score` must equal GNU
//! Go's. tengen's own judgement of the dead strings is compared with GNU
//! Go's list too, as a figure only (both are estimates).
//!
//! The games vary in turn: tengen takes Black in even games and White in
//! odd ones; games 0-1, 4-5, ... (modulo 4) use tengen's random player
//! (`--player random`), the others its tree search at [`AI_PLAYOUTS`]
//! playouts; games 0-3, 8-11, ... (modulo 8) are played under simple ko on
//! both sides (tengen `-o ko=simple`, GNU Go's default), the others under
//! positional superko (tengen's default, GNU Go `--positional-superko`).
//! GNU Go plays at level 1, never resigns, and each game has its own seeds.
//!
//! `TENGEN_DIFFERENTIAL_GAMES` sets the number of games (default
//! [`DEFAULT_GAMES`], for CI; the full run is 100),
//! `TENGEN_DIFFERENTIAL_GAME=K` plays game K alone, to look into it, and
//! `TENGEN_DIFFERENTIAL_PLAYOUTS` the search's playouts (closer games,
//! with more territory and fewer dead stones, from 1000 or so). Every
//! game is played; a disagreement (a refused move, different scores, a
//! game that does not end) is printed with the game's moves, both scores,
//! the dead list and both boards, and fails the test at the end.
//!
//! Skipped (and passing) when `gnugo` is not installed, unless
//! `TENGEN_REQUIRE_GNUGO=1` is set, as CI sets it.

use crate::common;

use common::gtp_peer::{Peer, gnugo_or_skip, margin};
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;
use tengen_core::analysis::pass_alive_stones;
use tengen_core::{Action, Colour, Game, PointSet};

/// The games played when `TENGEN_DIFFERENTIAL_GAMES` is not set.
const DEFAULT_GAMES: usize = 6;

/// The most moves a game may take before it counts as not ending (a
/// random player fills the board, captured stones are played again).
const MOVE_CAP: usize = 1000;

/// The playouts of tengen's tree search a move, unless
/// `TENGEN_DIFFERENTIAL_PLAYOUTS` sets another number.
const AI_PLAYOUTS: usize = 100;

/// The komi of every game (tengen's default on 9x9).
const KOMI: &str = "7";

/// tengen's computer player in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Player {
    Random,
    Mcts,
}

/// The ko rule of a game, on both sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ko {
    Simple,
    Superko,
}

/// One game's settings.
#[derive(Clone, Copy, Debug)]
struct Plan {
    number: usize,
    playouts: usize,
    tengen_black: bool,
    player: Player,
    ko: Ko,
}

impl Plan {
    /// The settings of game `number`, the search spending `playouts`.
    fn of(number: usize, playouts: usize) -> Plan {
        Plan {
            number,
            playouts,
            tengen_black: number.is_multiple_of(2),
            player: if (number / 2).is_multiple_of(2) {
                Player::Random
            } else {
                Player::Mcts
            },
            ko: if (number / 4).is_multiple_of(2) {
                Ko::Simple
            } else {
                Ko::Superko
            },
        }
    }

    /// The arguments of `tengen gtp` after `gtp`.
    fn tengen_args(&self) -> Vec<String> {
        let mut args: Vec<String> = ["--ruleset", "go", "-o", "size=9"]
            .map(String::from)
            .to_vec();
        if self.ko == Ko::Simple {
            args.extend(["-o".into(), "ko=simple".into()]);
        }
        match self.player {
            Player::Random => args.extend(["--player".into(), "random".into()]),
            Player::Mcts => args.extend(["--playouts".into(), self.playouts.to_string()]),
        }
        args.extend(["--seed".into(), (self.number + 1).to_string()]);
        // One search thread: the seed makes the same game on any machine.
        args.extend(["--threads".into(), "1".into()]);
        args
    }

    /// The arguments of GNU Go.
    fn gnugo_args(&self) -> Vec<String> {
        let mut args: Vec<String> = [
            "--mode",
            "gtp",
            "--chinese-rules",
            "--level",
            "1",
            "--never-resign",
            "--boardsize",
            "9",
            "--komi",
            KOMI,
        ]
        .map(String::from)
        .to_vec();
        if self.ko == Ko::Superko {
            args.push("--positional-superko".into());
        }
        args.extend(["--seed".into(), (1000 + self.number).to_string()]);
        args
    }

    /// The game in a few words.
    fn describe(&self) -> String {
        format!(
            "game {}: tengen {} as {}, {} ko",
            self.number,
            match self.player {
                Player::Random => "random".to_string(),
                Player::Mcts => format!("mcts {}", self.playouts),
            },
            if self.tengen_black { "Black" } else { "White" },
            match self.ko {
                Ko::Simple => "simple",
                Ko::Superko => "positional super",
            }
        )
    }
}

/// A game played to its end.
struct Played {
    /// The moves, as `B E5`, `W pass`.
    moves: Vec<String>,
    /// A disagreement, described; `None` when the engines agreed.
    disagreement: Option<String>,
    /// The score both gave (tengen's where they differ).
    score: String,
    /// The stones GNU Go called dead.
    dead: usize,
    /// Whether tengen's own judgement of the dead strings (its
    /// `final_status_list dead` before the marks) names the same stones.
    same_judgement: bool,
}

/// The report of a disagreement: what went wrong, then the game's moves,
/// the scores and dead list where there are some, and both boards.
fn report(
    plan: &Plan,
    what: &str,
    moves: &[String],
    end: &[(&str, String)],
    tengen: &mut Peer,
    gnugo: &mut Peer,
) -> String {
    let mut out = format!("{}: {what}\nmoves ({}):", plan.describe(), moves.len());
    for (i, chunk) in moves.chunks(10).enumerate() {
        let _ = write!(out, "\n  {:>3}: {}", 10 * i + 1, chunk.join(" "));
    }
    for (name, value) in end {
        let _ = write!(out, "\n{name}: {value}");
    }
    let board = |peer: &mut Peer| match peer.send("showboard") {
        Ok(board) | Err(board) => board,
    };
    let _ = write!(
        out,
        "\ntengen's showboard:\n{}\nGNU Go's showboard:\n{}",
        board(tengen),
        board(gnugo)
    );
    out
}

/// A game that ended before its scoring, for the reason `what`.
fn unfinished(
    plan: &Plan,
    what: &str,
    moves: Vec<String>,
    tengen: &mut Peer,
    gnugo: &mut Peer,
) -> Played {
    Played {
        disagreement: Some(report(plan, what, &moves, &[], tengen, gnugo)),
        moves,
        score: String::new(),
        dead: 0,
        same_judgement: false,
    }
}

/// The stones of `dead` (GNU Go's dead list after `moves`) that tengen's
/// pass-alive analysis (Benson's algorithm) of the final position finds
/// alive: strings no sequence of moves can capture, which no dead list may
/// hold. Checked before the scores are compared, so that GNU Go's list
/// being wrong is told apart from the two engines counting differently.
fn pass_alive_among(plan: &Plan, moves: &[String], dead: &[&str]) -> Vec<String> {
    let mut options = vec!["size=9".to_string()];
    if plan.ko == Ko::Simple {
        options.push("ko=simple".into());
    }
    let rules = tengen_variants::library()
        .assemble("go", &options)
        .expect("9x9 Go assembles");
    let geometry = rules.geometry.clone();
    let point = |name: &str| {
        geometry
            .parse_point(name)
            .unwrap_or_else(|e| panic!("`{name}`: {e}"))
    };
    let mut game = Game::new(rules.clone());
    for m in moves {
        let (colour, vertex) = m.split_once(' ').expect("a move is a colour and a vertex");
        let colour = if colour == "B" {
            Colour::Black
        } else {
            Colour::White
        };
        let action = if vertex == "PASS" {
            Action::Pass
        } else {
            Action::Place(point(vertex))
        };
        let seat = game.state().seat_of_colour(colour);
        game.apply(seat, action)
            .unwrap_or_else(|r| panic!("{m} replays (tengen played it over GTP): {r}"));
    }
    let mut alive = PointSet::default();
    for colour in Colour::BOTH {
        alive.extend(pass_alive_stones(game.board(), colour, rules.life_rule()).iter());
    }
    dead.iter()
        .filter(|name| alive.contains(point(name)))
        .map(|name| name.to_string())
        .collect()
}

/// Plays game `plan` with GNU Go `program`.
fn play(plan: &Plan, program: &Path) -> Played {
    let args = plan.tengen_args();
    let mut tengen = Peer::tengen(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let args = plan.gnugo_args();
    let mut gnugo = Peer::start(
        "GNU Go",
        program,
        &args.iter().map(String::as_str).collect::<Vec<_>>(),
    );
    for peer in [&mut tengen, &mut gnugo] {
        peer.must("boardsize 9");
        peer.must("clear_board");
        peer.must(&format!("komi {KOMI}"));
    }
    let mut moves: Vec<String> = Vec::new();
    let mut passes = 0;
    while passes < 2 {
        if moves.len() >= MOVE_CAP {
            let what = format!("the game did not end in {MOVE_CAP} moves");
            return unfinished(plan, &what, moves, &mut tengen, &mut gnugo);
        }
        let black = moves.len().is_multiple_of(2);
        let colour = if black { "black" } else { "white" };
        let (mover, other) = if black == plan.tengen_black {
            (&mut tengen, &mut gnugo)
        } else {
            (&mut gnugo, &mut tengen)
        };
        let (mover_name, other_name) = (mover.name, other.name);
        let vertex = match mover.send(&format!("genmove {colour}")) {
            Ok(vertex) if !vertex.eq_ignore_ascii_case("resign") => vertex.to_uppercase(),
            answer => {
                let what = format!("{mover_name} answered `genmove {colour}` with {answer:?}");
                return unfinished(plan, &what, moves, &mut tengen, &mut gnugo);
            }
        };
        moves.push(format!("{} {vertex}", if black { "B" } else { "W" }));
        if let Err(refusal) = other.send(&format!("play {colour} {vertex}")) {
            let what = format!(
                "{other_name} refused {mover_name}'s move {} ({colour} {vertex}): {refusal}",
                moves.len()
            );
            return unfinished(plan, &what, moves, &mut tengen, &mut gnugo);
        }
        passes = if vertex == "PASS" { passes + 1 } else { 0 };
    }
    let dead = gnugo.must("final_status_list dead");
    let expected = gnugo.must("final_score");
    let dead: Vec<&str> = dead.split_whitespace().collect();
    let own = tengen.must("final_status_list dead");
    let same_judgement = own.split_whitespace().collect::<BTreeSet<_>>()
        == dead.iter().copied().collect::<BTreeSet<_>>();
    let alive = pass_alive_among(plan, &moves, &dead);
    if !alive.is_empty() {
        let what = format!(
            "GNU Go calls pass-alive stones dead: {} (its scores are not compared)",
            alive.join(" ")
        );
        let report = report(
            plan,
            &what,
            &moves,
            &[
                ("GNU Go's final_score", expected),
                ("GNU Go's dead stones", dead.join(" ")),
                (
                    "tengen's own dead stones",
                    own.split_whitespace().collect::<Vec<_>>().join(" "),
                ),
            ],
            &mut tengen,
            &mut gnugo,
        );
        return Played {
            moves,
            disagreement: Some(report),
            score: String::new(),
            dead: dead.len(),
            same_judgement,
        };
    }
    let marked = tengen.send(&format!("tengen-mark_dead {}", dead.join(" ")));
    let score = match &marked {
        Ok(_) => tengen.must("final_score"),
        Err(e) => format!("(tengen-mark_dead refused: {e})"),
    };
    let disagreement = match (margin(&score), margin(&expected)) {
        (Some(a), Some(b)) if a == b => None,
        _ => Some(report(
            plan,
            "the scores differ",
            &moves,
            &[
                ("tengen's final_score", score.clone()),
                ("GNU Go's final_score", expected.clone()),
                ("GNU Go's dead stones", dead.join(" ")),
                (
                    "tengen's own dead stones",
                    own.split_whitespace().collect::<Vec<_>>().join(" "),
                ),
            ],
            &mut tengen,
            &mut gnugo,
        )),
    };
    Played {
        moves,
        disagreement,
        score,
        dead: dead.len(),
        same_judgement,
    }
}

/// A number from the environment variable `name`, if it is set.
fn from_env(name: &str) -> Option<usize> {
    let value = std::env::var(name).ok()?;
    Some(
        value
            .parse()
            .unwrap_or_else(|_| panic!("{name}=`{value}` is not a number")),
    )
}

#[test]
fn games_against_gnu_go_are_accepted_move_by_move_and_scored_alike() {
    let Some(program) = gnugo_or_skip() else {
        return;
    };
    let numbers: Vec<usize> = match from_env("TENGEN_DIFFERENTIAL_GAME") {
        Some(k) => vec![k],
        None => (0..from_env("TENGEN_DIFFERENTIAL_GAMES").unwrap_or(DEFAULT_GAMES)).collect(),
    };
    let playouts = from_env("TENGEN_DIFFERENTIAL_PLAYOUTS").unwrap_or(AI_PLAYOUTS);
    let start = Instant::now();
    let mut relayed = 0;
    let mut same_judgements = 0;
    let mut disagreements = Vec::new();
    for &number in &numbers {
        let plan = Plan::of(number, playouts);
        let game_start = Instant::now();
        let played = play(&plan, &program);
        relayed += played.moves.len();
        same_judgements += usize::from(played.same_judgement);
        eprintln!(
            "{}: {} moves, {}, {:.1} s",
            plan.describe(),
            played.moves.len(),
            match &played.disagreement {
                None => format!(
                    "{} dead ({} tengen's own judgement), both score {}",
                    played.dead,
                    if played.same_judgement {
                        "as"
                    } else {
                        "not as"
                    },
                    played.score
                ),
                Some(_) => "DISAGREEMENT".to_string(),
            },
            game_start.elapsed().as_secs_f64()
        );
        if let Some(report) = played.disagreement {
            eprintln!("{report}\n");
            disagreements.push(number);
        }
    }
    eprintln!(
        "{} games, {relayed} moves relayed, {} agreements, {} disagreements {disagreements:?}, \
         tengen's own dead strings as GNU Go's in {same_judgements}, in {:.1} s",
        numbers.len(),
        numbers.len() - disagreements.len(),
        disagreements.len(),
        start.elapsed().as_secs_f64()
    );
    assert!(
        disagreements.is_empty(),
        "tengen and GNU Go disagree in games {disagreements:?} (reports above)"
    );
}
