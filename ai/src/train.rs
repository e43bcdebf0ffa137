//! Learning the weights of neighbourhood patterns from games, by the
//! minorization-maximization algorithm for the generalized Bradley-Terry
//! model (Rémi Coulom, "Computing Elo Ratings of Move Patterns in the
//! Game of Go", 2007).
//!
//! Each training position is a choice among the legal placements, won by
//! the one played. A placement's strength is the product of its features'
//! weights (see [`tengen_core::pattern`]), and the model gives it the
//! chance strength over the sum of every legal placement's. The weights
//! that make the games' choices most likely are found one group at a
//! time: a weight becomes the times its feature won over the sum, across
//! positions, of the strength its feature's placements had there (without
//! it) over the position's total. Each weight also plays one virtual
//! game won and one lost against a weight of 1, which keeps a rarely seen
//! feature near 1 instead of at 0 or without bound.

use std::collections::HashMap;
use std::sync::Arc;
use tengen_core::notation::parse_line;
use tengen_core::pattern::{GROUPS, Neighbourhoods, PatternScratch, PatternWeights};
use tengen_core::record::implied_seat;
use tengen_core::{Action, Game, Point, Rules, Seat};

/// The positions training learns from.
#[derive(Debug, Default)]
pub struct TrainingSet {
    /// Each candidate placement's feature values, as indices into
    /// `values`, one a group.
    candidates: Vec<[u32; 4]>,
    /// Each position: its candidates `start..end`, and the one played.
    positions: Vec<(u32, u32, u32)>,
    /// Each feature value: its group and value.
    values: Vec<(usize, u64)>,
    index: HashMap<(usize, u64), u32>,
    neighbourhoods: Option<Neighbourhoods>,
    scratch: PatternScratch,
}

/// What training made, and how well it fits.
#[derive(Debug)]
pub struct Trained {
    /// The weights (with no comments yet).
    pub weights: PatternWeights,
    /// The mean log-likelihood a position of the moves played.
    pub log_likelihood: f64,
    /// The share of positions whose strongest candidate was the move
    /// played.
    pub top_one: f64,
}

impl TrainingSet {
    /// An empty set.
    pub fn new() -> TrainingSet {
        TrainingSet::default()
    }

    /// Positions in the set.
    pub fn positions(&self) -> usize {
        self.positions.len()
    }

    /// Candidate placements in all its positions.
    pub fn candidates(&self) -> usize {
        self.candidates.len()
    }

    /// Adds the placements of a game of `rules` played as `record` (the
    /// notation, one move a line) by the seats `learn_from` marks. All
    /// games of a set must share one board. An error names the line that
    /// cannot be read or played.
    pub fn add_game(
        &mut self,
        rules: &Arc<Rules>,
        record: &str,
        learn_from: [bool; 2],
    ) -> Result<usize, String> {
        let neighbourhoods = match &self.neighbourhoods {
            Some(n) if *n.geometry() == rules.geometry => n.clone(),
            Some(_) => return Err("every game of a training set must be on one board".into()),
            None => {
                let n = Neighbourhoods::new(Arc::clone(&rules.geometry));
                self.neighbourhoods = Some(n.clone());
                n
            }
        };
        let mut game = Game::new(Arc::clone(rules));
        let mut added = 0;
        for (number, text) in record.lines().enumerate() {
            let fail = |what: String| format!("record line {}: {what}", number + 1);
            let line = parse_line(&rules.geometry, text).map_err(|e| fail(e.message))?;
            let Some(&(_, first)) = line.actions.first() else {
                continue;
            };
            let seat = match line.seat {
                Some(seat) => seat,
                None => implied_seat(&game, first).map_err(|r| fail(r.to_string()))?,
            };
            for &(_, action) in &line.actions {
                if let Action::Place(point) = action
                    && learn_from[seat.index()]
                    && self.add_position(&neighbourhoods, &game, seat, point)
                {
                    added += 1;
                }
                game.apply(seat, action).map_err(|r| fail(r.to_string()))?;
            }
        }
        Ok(added)
    }

    /// Adds the choice of `chosen` among `seat`'s legal placements in
    /// `game`; `false` (nothing added) where it was the only one.
    fn add_position(
        &mut self,
        neighbourhoods: &Neighbourhoods,
        game: &Game,
        seat: Seat,
        chosen: Point,
    ) -> bool {
        let placements: Vec<Point> = game
            .legal_actions(seat)
            .into_iter()
            .filter_map(|a| match a {
                Action::Place(p) => Some(p),
                _ => None,
            })
            .collect();
        if placements.len() < 2 || !placements.contains(&chosen) {
            return false;
        }
        let colour = game.state().colour_of(seat);
        neighbourhoods.prepare(game.state().last_placement(), &mut self.scratch);
        let start = self.candidates.len() as u32;
        let mut won = start;
        for p in placements {
            let features = neighbourhoods.features(game.board(), p, colour, &mut self.scratch);
            let mut ids = [0u32; 4];
            for (g, value) in features.values().into_iter().enumerate() {
                let next = self.values.len() as u32;
                ids[g] = *self.index.entry((g, value)).or_insert_with(|| {
                    self.values.push((g, value));
                    next
                });
            }
            if p == chosen {
                won = self.candidates.len() as u32;
            }
            self.candidates.push(ids);
        }
        self.positions
            .push((start, self.candidates.len() as u32, won));
        true
    }

    /// Learns the weights in `iterations` rounds (each updates every
    /// group once). Shapes seen as a candidate fewer than `min_count`
    /// times are left out of the weights (they weigh 1).
    pub fn train(&self, iterations: usize, min_count: u32) -> Trained {
        let n = self.values.len();
        let mut gamma = vec![1.0f64; n];
        let mut wins = vec![0.0f64; n];
        let mut seen = vec![0u32; n];
        for &(_, _, won) in &self.positions {
            for &id in &self.candidates[won as usize] {
                wins[id as usize] += 1.0;
            }
        }
        for ids in &self.candidates {
            for &id in ids {
                seen[id as usize] += 1;
            }
        }
        let mut totals = vec![0.0f64; self.positions.len()];
        let mut sums = vec![0.0f64; n];
        for _ in 0..iterations {
            for group in 0..GROUPS.len() {
                self.position_totals(&gamma, &mut totals);
                sums.fill(0.0);
                for (j, &(start, end, _)) in self.positions.iter().enumerate() {
                    for ids in &self.candidates[start as usize..end as usize] {
                        let id = ids[group] as usize;
                        let strength: f64 = ids.iter().map(|&i| gamma[i as usize]).product();
                        sums[id] += strength / gamma[id] / totals[j];
                    }
                }
                for id in 0..n {
                    if self.values[id].0 == group {
                        // One virtual win and one virtual loss against a
                        // weight of 1.
                        let denominator = sums[id] + 2.0 / (gamma[id] + 1.0);
                        gamma[id] = (wins[id] + 1.0) / denominator;
                    }
                }
            }
        }
        // How well the weights fit.
        self.position_totals(&gamma, &mut totals);
        let mut log_likelihood = 0.0;
        let mut top = 0usize;
        for (j, &(start, end, won)) in self.positions.iter().enumerate() {
            let strength = |c: u32| -> f64 {
                self.candidates[c as usize]
                    .iter()
                    .map(|&i| gamma[i as usize])
                    .product()
            };
            log_likelihood += (strength(won) / totals[j]).ln();
            let best = (start..end).map(strength).fold(0.0, f64::max);
            top += usize::from(strength(won) >= best);
        }
        let mut weights = PatternWeights::neutral();
        for (id, &(group, value)) in self.values.iter().enumerate() {
            if group != 0 || seen[id] >= min_count {
                // Four significant digits are plenty for a weight, and
                // keep the file short.
                let rounded = format!("{:.4e}", gamma[id]).parse::<f32>().unwrap_or(1.0);
                weights.set(group, value, rounded);
            }
        }
        let count = self.positions.len().max(1) as f64;
        Trained {
            weights,
            log_likelihood: log_likelihood / count,
            top_one: top as f64 / count,
        }
    }

    /// Each position's total strength under `gamma`.
    fn position_totals(&self, gamma: &[f64], totals: &mut [f64]) {
        for (j, &(start, end, _)) in self.positions.iter().enumerate() {
            totals[j] = self.candidates[start as usize..end as usize]
                .iter()
                .map(|ids| ids.iter().map(|&i| gamma[i as usize]).product::<f64>())
                .sum();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go9() -> Arc<Rules> {
        tengen_variants::library()
            .assemble("go", &["size=9".into()])
            .expect("go assembles")
    }

    /// Moves that always touch the last placement (a snake along the
    /// rows): training learns that being next to the last placement is
    /// what the moves have in common, far above being far from it.
    #[test]
    fn training_learns_the_features_of_the_moves_chosen() {
        let rules = go9();
        let g = &rules.geometry;
        let snake: Vec<String> = (0..27)
            .map(|k| {
                let (row, along) = (k / 9, k % 9);
                let column = if row % 2 == 0 { along } else { 8 - along };
                g.name(g.point_at(column, 8 - row).expect("on the board"))
            })
            .collect();
        let record = snake.join("\n");
        let mut set = TrainingSet::new();
        let added = set
            .add_game(&rules, &record, [true, true])
            .expect("a playable record");
        assert_eq!(added, 27);
        let trained = set.train(20, 1);
        let weight = |near_last| {
            trained.weights.gamma(&tengen_core::pattern::Features {
                shape: u64::MAX,
                near_last,
                line: 4,
                self_atari: 0,
            })
        };
        assert!(
            weight(0) > 10.0 * weight(3),
            "{} against {}",
            weight(0),
            weight(3)
        );
        assert!(trained.log_likelihood < 0.0);
        assert!(trained.top_one > 0.25, "{}", trained.top_one);
    }

    /// A record that cannot be played is refused with its line.
    #[test]
    fn a_broken_record_is_named_by_its_line() {
        let rules = go9();
        let mut set = TrainingSet::new();
        let error = set
            .add_game(&rules, "E5\nE5\n", [true, true])
            .expect_err("E5 is taken");
        assert!(error.starts_with("record line 2:"), "{error}");
        let error = set
            .add_game(&rules, "E5\nZ99\n", [true, true])
            .expect_err("no such point");
        assert!(error.starts_with("record line 2:"), "{error}");
    }

    /// Training is deterministic: the same games make the same weights.
    #[test]
    fn the_same_games_make_the_same_weights() {
        let rules = go9();
        let record = "E5\nD5\nC5\nD4\nD6\nC4\nC6\nB5\nE4";
        let make = || {
            let mut set = TrainingSet::new();
            set.add_game(&rules, record, [true, true])
                .expect("playable");
            set.train(5, 1).weights.to_text()
        };
        assert_eq!(make(), make());
    }
}
