//! The analysis of a position, in JSON: its score, the pass-alive strings
//! of each colour, and the legal placements of the seat to move.

use crate::common::{PerColour, names, sorted_names};
use crate::state::{BoardForm, RulesetRef, ScoreForm, ToActForm};
use schemars::JsonSchema;
use serde::Serialize;
use tengen_core::analysis::{LifeRule, pass_alive_stones};
use tengen_core::{Colour, Game, Phase, PointSet, ToAct};

/// The rule a pass-alive analysis follows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct LifeRuleForm {
    /// How many vital regions a string needs: 2, or 3 where one move can
    /// fill two eyes before anything is removed (several placements a
    /// move with capture at its end).
    pub vital_minimum: usize,
    /// Whether self-capture is legal (a string may then be removed by its
    /// own player).
    pub self_capture_legal: bool,
}

impl From<LifeRule> for LifeRuleForm {
    fn from(rule: LifeRule) -> LifeRuleForm {
        LifeRuleForm {
            vital_minimum: rule.vital_minimum,
            self_capture_legal: rule.self_capture_legal,
        }
    }
}

/// The pass-alive stones of one colour: strings the opponent cannot
/// capture even if their owner passes every move.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct PassAliveForm {
    /// Every pass-alive stone, in board order.
    pub stones: Vec<String>,
    /// The same stones, string by string (each in board order).
    pub strings: Vec<Vec<String>>,
}

/// A position analysed under a ruleset.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Analysis {
    /// The rules.
    pub ruleset: RulesetRef,
    /// The position.
    pub board: BoardForm,
    /// The phase the game is in on this position (the ruleset's opening
    /// may still be under way).
    pub phase: Phase,
    /// Who is to act.
    pub to_act: ToActForm,
    /// The colour of the seat to act, where one seat is.
    pub to_act_colour: Option<Colour>,
    /// The score of the position under the ruleset's scorer, every stone
    /// counted as alive: stones, the empty regions that reach only one
    /// colour, and the ruleset's bonuses (komi).
    pub score: ScoreForm,
    /// The life rule of the ruleset (its suicide rule and vital minimum).
    pub life_rule: LifeRuleForm,
    /// The pass-alive strings of each colour.
    pub pass_alive: PerColour<PassAliveForm>,
    /// Where the seat to act may place a stone (every rule of the ruleset
    /// applied, repetition included); empty where nobody may place.
    pub legal_placements: Vec<String>,
}

impl Analysis {
    /// The analysis of `game`'s position now.
    pub fn of(game: &Game) -> Analysis {
        let rules = game.rules();
        let g = &rules.geometry;
        let board = game.board();
        let rule = rules.objective.life_rule(rules);
        let pass_alive = PerColour::from_fn(|colour| {
            let stones = pass_alive_stones(board, colour, rule);
            let mut seen = PointSet::with_capacity(g.point_count());
            let mut strings = Vec::new();
            for p in stones.iter() {
                if seen.contains(p) {
                    continue;
                }
                let mut string: Vec<_> = board.string_stones(p).collect();
                string.sort_unstable();
                for &s in &string {
                    seen.insert(s);
                }
                strings.push(names(g, string));
            }
            PassAliveForm {
                stones: sorted_names(g, stones.iter()),
                strings,
            }
        });
        let seat = match game.to_act() {
            ToAct::Seat(seat) => Some(seat),
            _ => None,
        };
        let legal_placements = match seat {
            Some(seat) if game.state().phase() == Phase::Play => names(
                g,
                g.points()
                    .filter(|&p| board.is_empty(p) && game.is_legal_placement(seat, p)),
            ),
            _ => Vec::new(),
        };
        Analysis {
            ruleset: RulesetRef::of(rules),
            board: BoardForm::of_board(board),
            phase: game.state().phase(),
            to_act: game.to_act().into(),
            to_act_colour: seat.map(|s| game.state().colour_of(s)),
            score: ScoreForm::from(&game.score()),
            life_rule: rule.into(),
            pass_alive,
            legal_placements,
        }
    }
}
