//! The game state in JSON: everything a front end shows of a game, at one
//! moment.

use crate::common::{PerColour, PerSeat, names, sorted_names};
use schemars::JsonSchema;
use serde::Serialize;
use tengen_core::analysis::area_count;
use tengen_core::rules::ScoreSheet;
use tengen_core::text::{describe_result, short_result};
use tengen_core::{
    Action, Colour, EndReason, Game, GameResult, Geometry, Phase, PointSet, Role, Rules, Seat,
    ToAct,
};

/// How many upcoming placements a state lists (the tracker of Thue-Morse
/// Go shows sixteen).
pub const UPCOMING: usize = 16;

/// The ruleset a game is played under, as `tengen play` names it.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct RulesetRef {
    /// The ruleset's id (`go`).
    pub id: String,
    /// Its display name.
    pub name: String,
    /// The options applied, as given (`size=9`).
    pub options: Vec<String>,
    /// A fingerprint of the rules themselves (16 hexadecimal digits): two
    /// games with the same fingerprint are played under the same rules,
    /// whatever the ruleset's name or options.
    pub fingerprint: String,
}

impl RulesetRef {
    /// The ruleset `rules` were assembled from.
    pub fn of(rules: &Rules) -> RulesetRef {
        let r = &rules.ruleset;
        RulesetRef {
            id: r.meta.id.clone(),
            name: r.meta.name.clone(),
            options: r.applied.clone(),
            fingerprint: r.fingerprint(),
        }
    }
}

/// The stones on the board.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct BoardForm {
    /// Columns of the board's grid.
    pub width: usize,
    /// Rows of the board's grid.
    pub height: usize,
    /// The grid row by row from the top, a character a column: `X` a
    /// stone of the first colour (Black), `O` of the second, `.` an empty
    /// point, a space a cell of the grid that is no point (a hole, as
    /// around a hexagonal board). Points are named by column letter (`A`
    /// to `Z` without `I`) and row number counted from the bottom, so the
    /// first row is row `height` and its first character is cell
    /// `A{height}` (unless the points have their own names: see the
    /// geometry's `points`).
    pub rows: Vec<String>,
    /// The stones of each colour, by point name, in board order.
    pub stones: PerColour<Vec<String>>,
}

impl BoardForm {
    /// The stones of `game`'s board.
    pub fn of_board(board: &tengen_core::Board) -> BoardForm {
        let g = board.geometry();
        let rows = (0..g.height())
            .map(|row| {
                (0..g.width())
                    .map(
                        |column| match g.point_at(column, row).map(|p| board.get(p)) {
                            Some(Some(Colour::Black)) => 'X',
                            Some(Some(Colour::White)) => 'O',
                            Some(None) => '.',
                            None => ' ',
                        },
                    )
                    .collect()
            })
            .collect();
        BoardForm {
            width: g.width(),
            height: g.height(),
            rows,
            stones: PerColour::from_fn(|colour| {
                names(g, g.points().filter(|&p| board.get(p) == Some(colour)))
            }),
        }
    }
}

/// Who may act.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub enum ToActForm {
    /// Player 1.
    P1,
    /// Player 2.
    P2,
    /// Either seat (marking dead strings and accepting them).
    #[serde(rename = "either")]
    Either,
    /// Nobody: the game is over.
    #[serde(rename = "nobody")]
    Nobody,
}

impl From<ToAct> for ToActForm {
    fn from(to_act: ToAct) -> ToActForm {
        match to_act {
            ToAct::Seat(Seat::One) => ToActForm::P1,
            ToAct::Seat(Seat::Two) => ToActForm::P2,
            ToAct::Either => ToActForm::Either,
            ToAct::Nobody => ToActForm::Nobody,
        }
    }
}

/// The move being made, during play.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct MoveForm {
    /// The move's number, from 1.
    pub number: u32,
    /// Who is moving.
    pub seat: Seat,
    /// The placement opportunity about to be used, from 1 (the second of
    /// a Thue-Morse double move is 2).
    pub opportunity: u64,
    /// Placement opportunities the move has in all, those used included.
    pub opportunities: u64,
    /// Placement opportunities left, the one about to be used included.
    pub placements_left: u64,
    /// The stones the move has placed so far.
    pub placed: Vec<String>,
}

/// A number a seat declared.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct DeclarationForm {
    /// Who declared it.
    pub seat: Seat,
    /// The action that declared it: its JSON form's `type`.
    pub action: String,
    /// The action's words in the move notation (`declare bonus` for a `declare-bonus` action).
    pub words: String,
    /// The number.
    pub value: u32,
}

/// Where the button stands, in rulesets that have one.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct ButtonForm {
    /// Who took it, if anyone has.
    pub holder: Option<Seat>,
    /// What it is worth, where that is known (`null` while it waits on a
    /// reverse komi, or where the board leaves no button to take).
    pub points: Option<f64>,
}

/// A fact a component reports about the game, in words (the ending
/// protocol, a special turn under way, the reverse komi).
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct FactForm {
    /// A short label, e.g. `komi`.
    pub label: String,
    /// Its value, in words.
    pub value: String,
}

/// Actions of one kind the move still owes.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct OwedForm {
    /// The action's JSON `type`.
    #[serde(rename = "type")]
    pub kind: String,
    /// How many are owed.
    pub count: u32,
}

/// A score, broken down so it can be checked.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct ScoreForm {
    /// Stones on the board, those marked dead left out.
    pub stones: PerColour<u32>,
    /// Empty points (and the points of dead stones) in regions that reach
    /// only that colour's stones.
    pub territory: PerColour<u32>,
    /// Points for other reasons: komi, the button, a reverse komi.
    pub bonuses: Vec<BonusForm>,
    /// The totals.
    pub total: PerColour<f64>,
    /// The colour ahead, `null` on equal totals.
    pub leader: Option<Colour>,
    /// The difference between the totals.
    pub margin: f64,
}

/// Points added to a colour's score for a reason other than the board.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct BonusForm {
    /// What the points are for, e.g. `komi`.
    pub label: String,
    /// Who receives them.
    pub colour: Colour,
    /// How many.
    pub points: f64,
}

impl From<&ScoreSheet> for ScoreForm {
    fn from(sheet: &ScoreSheet) -> ScoreForm {
        ScoreForm {
            stones: sheet.stones.into(),
            territory: sheet.territory.into(),
            bonuses: sheet
                .bonuses
                .iter()
                .map(|b| BonusForm {
                    label: b.label.clone(),
                    colour: b.colour,
                    points: b.points,
                })
                .collect(),
            total: sheet.total.into(),
            leader: sheet.leader(),
            margin: sheet.margin(),
        }
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct ResultForm {
    /// The winner, `null` for a draw.
    pub winner: Option<Seat>,
    /// The winner's colour, `null` for a draw.
    pub winner_colour: Option<Colour>,
    /// Why the game ended: `score`, `resignation`, `no-legal-move`,
    /// `repetition`, or the objective's own code (`pass-alive`, ...).
    pub reason: String,
    /// The seat the reason names: who resigned, or who had no legal move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    /// The result in words: `Black (P1) wins by 3.5 points`.
    pub message: String,
    /// The result as SGF writes it: `B+3.5`, `W+R`, `B+` (a win without a
    /// score), `0` (a draw).
    pub short: String,
    /// The final score, where the score decided the game.
    pub score: Option<ScoreForm>,
    /// The stones the players agreed were dead, taken off the board before
    /// the score was counted (empty unless an agreement ended the game).
    pub dead: Vec<String>,
    /// The stones that decided the game under its objective: in Kill-All,
    /// the Defender's pass-alive stones (empty where no stones decided it).
    pub deciding: Vec<String>,
}

impl ResultForm {
    /// The result of a game of `rules` in `state`.
    pub fn of(rules: &Rules, state: &tengen_core::GameState, result: &GameResult) -> ResultForm {
        let (reason, seat) = match &result.reason {
            EndReason::Score => ("score".to_string(), None),
            EndReason::Resignation { seat } => ("resignation".to_string(), Some(*seat)),
            EndReason::NoLegalMove(seat) => ("no-legal-move".to_string(), Some(*seat)),
            EndReason::Repetition => ("repetition".to_string(), None),
            EndReason::Objective { code, .. } => ((*code).to_string(), None),
        };
        ResultForm {
            winner: result.winner,
            winner_colour: result.winner.map(|s| state.colour_of(s)),
            reason,
            seat,
            message: describe_result(rules, state, result),
            short: short_result(state, result),
            score: result.score.as_ref().map(ScoreForm::from),
            dead: sorted_names(&rules.geometry, result.dead.iter().copied()),
            deciding: sorted_names(&rules.geometry, result.deciding.iter().copied()),
        }
    }
}

/// A game at one moment: the board, whose turn it is and how much of the
/// move is left, what has been declared and marked, the score as it
/// stands, and the result once there is one.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct GameStateForm {
    /// The rules.
    pub ruleset: RulesetRef,
    /// The stones.
    pub board: BoardForm,
    /// Each seat's colour.
    pub colours: PerSeat<Colour>,
    /// The ruleset's names of the colours (Black and White in Go, Red and
    /// Blue in Thue-Morse Go).
    pub colour_names: PerColour<String>,
    /// Each seat's role, in rulesets that assign roles (Kill-All Go), once
    /// assigned.
    pub roles: PerSeat<Option<Role>>,
    /// The phase of the game.
    pub phase: Phase,
    /// Who may act.
    pub to_act: ToActForm,
    /// The move being made, during play.
    pub current_move: Option<MoveForm>,
    /// The seats owning the next sixteen placement opportunities, the one
    /// about to be used first (the tracker).
    pub upcoming: Vec<Seat>,
    /// The index of the next placement in the schedule, from 0 (the TMS
    /// tracker's count): the schedule starts at 0 when ordinary play
    /// begins, after any setup, and every opportunity a move uses
    /// advances it by one (the placement that ends a game too). `null`
    /// before ordinary play has begun (during a setup). See
    /// `GameState::placement_index`.
    pub placement_index: Option<u64>,
    /// Stones each seat has captured.
    pub prisoners: PerSeat<u32>,
    /// The numbers declared so far, in order.
    pub declarations: Vec<DeclarationForm>,
    /// The button, in rulesets that have one.
    pub button: Option<ButtonForm>,
    /// What the components report in words.
    pub facts: Vec<FactForm>,
    /// The actions the move under way still owes before it may end (a
    /// special turn's payments), with how many of each; left out when
    /// none are owed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schemars(default)]
    pub owed: Vec<OwedForm>,
    /// The stones marked dead, in an agreement phase (once the game is
    /// scored they have left the board, and the list is empty).
    pub marks: Vec<String>,
    /// Which seats have accepted the marks.
    pub accepted: PerSeat<bool>,
    /// The score as it stands (every stone not marked dead counted as
    /// alive), in rulesets the score decides; the final score once over.
    pub score: Option<ScoreForm>,
    /// Where the score is kept: the empty points (and the points of marked
    /// stones) that count as each colour's territory in `score`.
    pub territory: Option<PerColour<Vec<String>>>,
    /// The pass-alive stones of each colour, by the ruleset's life rule,
    /// in rulesets whose objective turns on them (Kill-All Go).
    pub pass_alive: Option<PerColour<Vec<String>>>,
    /// The stones the latest move placed that are still on the board.
    pub last_move: Vec<String>,
    /// Moves completed.
    pub moves_completed: u32,
    /// Actions played since the start.
    pub actions: usize,
    /// How the game ended, once it has.
    pub result: Option<ResultForm>,
}

impl GameStateForm {
    /// The state of `game` now.
    pub fn of(game: &Game) -> GameStateForm {
        let rules = game.rules();
        let state = game.state();
        let g: &Geometry = &rules.geometry;
        let current_move = (state.phase() == Phase::Play).then(|| {
            let current = state.current_move();
            let used =
                u64::from(current.placed + current.passed + current.other + current.automatic);
            let left = game.opportunities_left();
            MoveForm {
                number: current.number,
                seat: current.seat,
                opportunity: used + 1,
                opportunities: used + left,
                placements_left: left,
                placed: names(g, state.placed_this_move().iter().copied()),
            }
        });
        let mut facts = Vec::new();
        let mut owed = Vec::new();
        for (_, component) in rules.components() {
            component.facts(state, &mut facts);
            component.owed_actions(state, &mut owed);
        }
        let life_rule = rules.objective.life_rule(rules);
        GameStateForm {
            ruleset: RulesetRef::of(rules),
            board: BoardForm::of_board(game.board()),
            colours: PerSeat::from_fn(|seat| state.colour_of(seat)),
            colour_names: PerColour::from_fn(|colour| rules.colour_name(colour).to_string()),
            roles: PerSeat::from_fn(|seat| state.role_of(seat)),
            phase: state.phase(),
            to_act: game.to_act().into(),
            current_move,
            upcoming: if state.phase() == Phase::Over {
                Vec::new()
            } else {
                game.upcoming(UPCOMING)
            },
            placement_index: state.placement_index(),
            prisoners: state.prisoners().into(),
            declarations: state
                .declarations()
                .iter()
                .map(|(seat, d)| DeclarationForm {
                    seat: *seat,
                    action: d.action.name.to_owned(),
                    words: d.action.words.to_owned(),
                    value: d.value,
                })
                .collect(),
            button: rules.scorer.button(state).map(|b| ButtonForm {
                holder: b.holder,
                points: b.points,
            }),
            facts: facts
                .into_iter()
                .map(|f| FactForm {
                    label: f.label,
                    value: f.value,
                })
                .collect(),
            owed: owed
                .into_iter()
                .map(|(spec, count)| OwedForm {
                    kind: spec.name.to_owned(),
                    count,
                })
                .collect(),
            marks: sorted_names(g, state.marks().iter()),
            accepted: state.accepted().into(),
            score: rules.objective.uses_score().then(|| {
                match game.result().and_then(|r| r.score.as_ref()) {
                    Some(sheet) => ScoreForm::from(sheet),
                    None => ScoreForm::from(&game.score()),
                }
            }),
            territory: rules.objective.uses_score().then(|| {
                let count = area_count(game.board(), state.marks());
                PerColour::from_fn(|colour| {
                    names(
                        g,
                        g.points().filter(|&p| {
                            let living = game.board().get(p).filter(|_| !state.marks().contains(p));
                            count.owner[p.index()] == Some(colour) && living != Some(colour)
                        }),
                    )
                })
            }),
            pass_alive: rules.objective.uses_pass_alive().then(|| {
                PerColour::from_fn(|colour| {
                    let stones: PointSet =
                        tengen_core::analysis::pass_alive_stones(game.board(), colour, life_rule);
                    sorted_names(g, stones.iter())
                })
            }),
            last_move: sorted_names(g, last_move(game).iter()),
            moves_completed: state.moves_completed(),
            actions: game.record().len(),
            result: game.result().map(|r| ResultForm::of(rules, state, r)),
        }
    }
}

/// The stones placed by the latest move that are still on the board.
pub fn last_move(game: &Game) -> PointSet {
    let record = game.record();
    let mut last = PointSet::default();
    if let Some(&(seat, _)) = record.last() {
        for &(_, action) in record.iter().rev().take_while(|(s, _)| *s == seat) {
            if let Action::Place(p) = action
                && game.board().get(p).is_some()
            {
                last.insert(p);
            }
        }
    }
    last
}
