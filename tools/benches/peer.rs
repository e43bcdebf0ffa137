//! Random playouts per second, tengen against a peer engine in the same run:
//! the `goban` crate, on 9x9 and 19x19, with one policy for both (a
//! uniformly random legal placement that does not fill the mover's own
//! one-point eye, else a pass; two passes end the game). Runs alternate
//! between the engines and the medians are compared.
//!
//! Rules: tengen's `tromp-taylor` (self-capture allowed) and `go` (suicide
//! refused), both with exact positional superko over every position; goban's
//! Chinese rules (suicide refused, simple ko, and a superko check made only
//! for capturing moves). Each ruleset is measured on the generic engine and
//! on the light playout board (the same games; see
//! `tengen_core::playout::LightGame`). `cargo bench -p tengen-cli --bench
//! peer`.
//!
//! goban is driven through its fastest public path, the way tengen's own
//! policy draws: up to four random points of the board, each kept if it is
//! empty (`Goban::get_color`), not the mover's eye and legal
//! (`Game::check_point`, goban's own test of suicide, ko and superko);
//! after four misses, the empty points (`Game::pseudo_legals`) in random
//! order without replacement, each tested as it is drawn. The result is a
//! uniform choice among the qualifying points, as tengen's, and no list of
//! the empty points is built while a random point finds one.
//!
//! `cargo bench -p tengen-cli --bench peer -- ENGINE SIZE GAMES` plays one
//! measurement only (ENGINE: `goban`, or a tengen ruleset id with
//! `:light` for the light board) and prints its placements, for counting
//! instructions under callgrind (`scripts/instructions`).

use std::time::Instant;
use tengen_core::Game;
use tengen_core::playout::{LightGame, Playout, PlayoutRng};

const RUNS: usize = 5;

fn main() {
    tengen_variants::link();
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    if let [engine, size, games] = args.as_slice() {
        let (size, games): (usize, usize) = (
            size.parse().expect("SIZE is a number"),
            games.parse().expect("GAMES is a number"),
        );
        let placements = match engine.as_str() {
            "goban" => Peer::new(size).play(games, 1),
            ruleset => match ruleset.strip_suffix(":light") {
                Some(ruleset) => tengen_placements(ruleset, size, games, 1, true),
                None => tengen_placements(ruleset, size, games, 1, false),
            },
        };
        println!("placements {placements}");
        return;
    }
    println!(
        "Random playouts, one thread, median of {RUNS} alternating runs (games/s, placements/s):"
    );
    for (size, games) in [(9usize, 1000usize), (19, 100)] {
        let peer = Peer::new(size);
        for (ruleset, light) in [
            ("tromp-taylor", false),
            ("tromp-taylor", true),
            ("go", false),
            ("go", true),
        ] {
            let mut ours = Vec::new();
            let mut theirs = Vec::new();
            for run in 0..RUNS {
                ours.push(tengen(ruleset, size, games, run as u64 + 1, light));
                theirs.push(peer.run(games, run as u64 + 1));
            }
            let (ours, theirs) = (median(&mut ours), median(&mut theirs));
            let name = format!("{ruleset}{}", if light { " [light]" } else { "" });
            println!(
                "  {size}x{size} tengen {name:<20} {:>9.0} games/s {:>11.0} placements/s | goban {:>8.0} games/s {:>10.0} placements/s | ratio {:.1}x",
                ours.0,
                ours.1,
                theirs.0,
                theirs.1,
                ours.0 / theirs.0
            );
        }
    }
}

/// Games per second and placements per second.
type Rate = (f64, f64);

fn median(rates: &mut [Rate]) -> Rate {
    rates.sort_by(|a, b| a.0.total_cmp(&b.0));
    rates[rates.len() / 2]
}

fn tengen(ruleset: &str, size: usize, games: usize, seed: u64, light: bool) -> Rate {
    let start = Instant::now();
    let placements = tengen_placements(ruleset, size, games, seed, light);
    let seconds = start.elapsed().as_secs_f64();
    (games as f64 / seconds, placements as f64 / seconds)
}

/// Plays `games` random games of `ruleset`; returns the placements made.
fn tengen_placements(ruleset: &str, size: usize, games: usize, seed: u64, light: bool) -> u64 {
    let rules = tengen_variants::library()
        .assemble(ruleset, &[format!("size={size}")])
        .unwrap_or_else(|d| panic!("{d}"));
    let fresh = Game::new(rules).without_undo();
    let mut game = fresh.clone();
    let light_fresh = LightGame::from_game(&fresh).expect("a light ruleset");
    let mut light_game = light_fresh.clone();
    let mut policy = Playout::new(seed);
    let mut placements = 0;
    for _ in 0..games {
        let stats = if light {
            light_game.clone_from(&light_fresh);
            policy.play_light(&mut light_game)
        } else {
            game.clone_from(&fresh);
            policy.play(&mut game)
        };
        assert!(stats.finished, "a random game of {ruleset} ends");
        placements += stats.placements;
    }
    placements
}

/// The policy's eye test on a goban board: every neighbour holds a stone
/// of `colour`, and the other colour holds fewer than half of the diagonal
/// points (as `tengen_core::Board::is_eye_of` decides on a square grid).
fn is_eye(
    board: &goban::pieces::goban::Goban,
    point: (u8, u8),
    colour: goban::pieces::stones::Color,
    width: u8,
) -> bool {
    if !board
        .get_connected_points(point)
        .all(|p| p.color == Some(colour))
    {
        return false;
    }
    let (x, y) = (i16::from(point.0), i16::from(point.1));
    let (mut diagonals, mut held) = (0, 0);
    for (dx, dy) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
        let (u, v) = (x + dx, y + dy);
        if (0..i16::from(width)).contains(&u) && (0..i16::from(width)).contains(&v) {
            diagonals += 1;
            held += usize::from(board.get_color((u as u8, v as u8)) == Some(!colour));
        }
    }
    2 * held < diagonals
}

/// The goban crate, driven with the same policy.
struct Peer {
    size: goban::rules::GobanSizes,
    width: u8,
}

impl Peer {
    fn new(size: usize) -> Peer {
        Peer {
            size: goban::rules::GobanSizes::from(size),
            width: size as u8,
        }
    }

    fn run(&self, games: usize, seed: u64) -> Rate {
        let start = Instant::now();
        let placements = self.play(games, seed);
        let seconds = start.elapsed().as_secs_f64();
        (games as f64 / seconds, placements as f64 / seconds)
    }

    /// Plays `games` random games; returns the placements made.
    fn play(&self, games: usize, seed: u64) -> u64 {
        use goban::rules::game::Game;
        use goban::rules::{CHINESE, Move};
        let mut rng = PlayoutRng::new(seed);
        let mut candidates = Vec::new();
        let mut placements = 0u64;
        let qualifies = |game: &Game, point: (u8, u8)| {
            game.goban().get_color(point).is_none()
                && !is_eye(game.goban(), point, game.turn(), self.width)
                && game.check_point(point).is_none()
        };
        for _ in 0..games {
            let mut game = Game::new(self.size, CHINESE);
            let mut moves = 0;
            while !game.is_over() && moves < 2000 {
                let mut chosen = None;
                for _ in 0..4 {
                    let index = rng.below(usize::from(self.width) * usize::from(self.width));
                    let point = (
                        (index / usize::from(self.width)) as u8,
                        (index % usize::from(self.width)) as u8,
                    );
                    if qualifies(&game, point) {
                        chosen = Some(point);
                        break;
                    }
                }
                if chosen.is_none() {
                    candidates.clear();
                    candidates.extend(game.pseudo_legals());
                    while !candidates.is_empty() {
                        let point = candidates.swap_remove(rng.below(candidates.len()));
                        if qualifies(&game, point) {
                            chosen = Some(point);
                            break;
                        }
                    }
                }
                match chosen {
                    Some((x, y)) => {
                        game.play(Move::Play(x, y));
                        placements += 1;
                    }
                    None => {
                        game.play(Move::Pass);
                    }
                }
                moves += 1;
            }
        }
        placements
    }
}
