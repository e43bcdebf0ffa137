//! Times random playouts through the full engine (a first measurement; the
//! benchmark suite compares against a peer): uniformly random legal
//! placements that do not fill the mover's own single-point eye, passing
//! when none is left, until the ruleset ends the game.
//!
//! `cargo run --release --example playout -- [RULESET] [SIZE] [GAMES] [OPTION...]`

use std::time::Instant;
use tengen_core::{Action, Game, Phase, Point, ToAct};

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn own_eye(game: &Game, p: Point, seat: tengen_core::Seat) -> bool {
    let colour = game.state().colour_of(seat);
    let g = &game.rules().geometry;
    g.neighbours(p)
        .iter()
        .all(|&n| game.board().get(n) == Some(colour))
}

fn main() {
    tengen_variants::link();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let ruleset = args.first().map_or("tromp-taylor", String::as_str);
    let size = args.get(1).map_or("19", String::as_str);
    let games: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(200);
    let mut options = vec![format!("size={size}")];
    options.extend(args.iter().skip(3).cloned());
    let rules = tengen_variants::library()
        .assemble(ruleset, &options)
        .unwrap_or_else(|d| panic!("{d}"));
    // The policy tries special turns only where the ruleset has them.
    let special_turns = rules
        .ruleset
        .section(tengen_core::ComponentKind::Schedule)
        .kind
        == "special-turns";
    let fresh = Game::new(rules).without_undo();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut placements = 0u64;
    let mut specials = 0u64;
    let mut empties: Vec<Point> = Vec::with_capacity(fresh.rules().geometry.point_count());
    let start = Instant::now();
    for _ in 0..games {
        let mut game = fresh.clone();
        let mut moves = 0;
        while game.state().phase() == Phase::Play && moves < 1000 {
            let ToAct::Seat(seat) = game.to_act() else {
                break;
            };
            // A special turn now and then, where the ruleset has them: the
            // smallest one, its payments and placements chosen at random
            // among the legal ones.
            if special_turns && game.state().current_move().actions == 0 && rng.below(20) == 0 {
                let special = game.legal_actions(seat).into_iter().find(|a| {
                    matches!(a, Action::Declare(d) if d.kind == tengen_core::DeclarationKind::SpecialTurn)
                });
                if let Some(declare) = special {
                    game.apply(seat, declare).expect("a legal declaration");
                    let number = game.state().current_move().number;
                    let mut placed = 0u64;
                    while game.state().current_move().number == number
                        && game.state().phase() == Phase::Play
                    {
                        let legal: Vec<Action> = game
                            .legal_actions(seat)
                            .into_iter()
                            .filter(|a| matches!(a, Action::Pay(_) | Action::Place(_)))
                            .collect();
                        if legal.is_empty() {
                            // Stuck part way (every completion refused):
                            // call the special turn off and play on.
                            let cancel = Action::Declare(tengen_core::Declaration {
                                kind: tengen_core::DeclarationKind::SpecialTurn,
                                value: 0,
                            });
                            game.apply(seat, cancel).expect("calling off is legal");
                            break;
                        }
                        let action = legal[rng.below(legal.len())];
                        game.apply(seat, action).expect("a legal action");
                        placed += u64::from(matches!(action, Action::Place(_)));
                    }
                    if game.state().current_move().number != number {
                        placements += placed;
                        specials += 1;
                        moves += 1;
                        continue;
                    }
                }
            }
            empties.clear();
            empties.extend(game.board().empty_points());
            let mut chosen = None;
            let mut eyes = Vec::new();
            while !empties.is_empty() {
                let i = rng.below(empties.len());
                let p = empties.swap_remove(i);
                if own_eye(&game, p, seat) {
                    eyes.push(p);
                } else if game.is_legal_placement(seat, p) {
                    chosen = Some(p);
                    break;
                }
            }
            // No placement outside the mover's own eyes: pass if the rules
            // allow it, else fill an eye, else resign.
            let action = match chosen {
                Some(p) => Action::Place(p),
                None if game.is_legal_pass(seat, false) => Action::Pass,
                None => eyes
                    .into_iter()
                    .find(|&p| game.is_legal_placement(seat, p))
                    .map_or(Action::Resign, Action::Place),
            };
            game.apply(seat, action).expect("a legal action");
            placements += u64::from(chosen.is_some());
            moves += 1;
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{ruleset} {size}x{size} {:?}: {games} playouts in {seconds:.2}s: {:.0} games/s, {:.0} placements/s, {:.1} µs per playout, {specials} special turns",
        &options[1..],
        games as f64 / seconds,
        placements as f64 / seconds,
        seconds * 1e6 / games as f64
    );
}
