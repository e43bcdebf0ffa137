//! Area scoring with komi, and optionally the button and a reverse komi.

use super::button::{ButtonOwner, ButtonRule, ReverseKomi, handicap_unit};
use schemars::JsonSchema;
use serde::Deserialize;
use tengen_core::analysis::area_count;
use tengen_core::game::{Ctx, Event, GameState, Phase, Refusal};
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::rules::{Bonus, ButtonStatus, ComponentState, Fact, ScoreSheet};
use tengen_core::{
    Action, ActionSpec, ArgumentKind, ByColour, Choosing, Colour, Component, ComponentKind,
    Declaration, Scorer, Seat, Seats,
};

tengen_core::component! {
    /// Area scoring (the Chinese and Tromp-Taylor way): a colour's score is
    /// the number of its stones on the board plus the number of empty points
    /// that reach only its stones, plus komi for the second colour (White).
    ///
    /// An empty region reaches a colour when some point of it is next to a
    /// stone of that colour; a region that reaches both colours, or neither,
    /// counts for nobody (this covers seki and dame). Stones the players
    /// have agreed are dead are taken off before counting, so their points
    /// count as empty. Prisoners do not count: they are already missing from
    /// the board.
    ///
    /// **The button** (`button`): a bonus for whichever player takes it
    /// first (`button`). Taking it uses one placement opportunity; it is not
    /// a pass, and it can be taken once per game. `parity`: a 1-point button
    /// exists when the number of points plus the reverse komi is odd, none
    /// when it is even (11x11, 19x19 and 23x23 have one, 16x16 none), so
    /// the board and button together are worth an even number; with a
    /// reverse komi it can be taken only once Player 2 has declared it.
    /// `half-point`: a half-point button on every board, from the start,
    /// which makes a tie impossible once it is taken.
    ///
    /// **The reverse komi** (`reverse-komi = true`): at the start of their
    /// first move, before any placement or pass, Player 2 (the stronger
    /// player) declares a whole number k from 1 to 14H
    /// (`declare reverse-komi 7`), where H is the number of points over 25
    /// rounded to the nearest whole number (70, 140, 196 and 294 at most on
    /// 11x11, 16x16, 19x19 and 23x23). The declaration uses no placement,
    /// and k is added to Player 1's score. Multiples of 7 are the usual
    /// choices, but any whole number in range may be declared. A game with a
    /// reverse komi is unrated.
    #[component(Scorer, "area", actions = [TAKE_BUTTON, DECLARE_REVERSE_KOMI])]
    #[derive(Debug)]
    pub struct Area {
        komi: f64,
        button: ButtonRule,
        reverse_komi: bool,
        points: usize,
    }
}

/// Taking the button: a bonus for whoever takes it first, for one
/// placement opportunity.
pub(crate) static TAKE_BUTTON: ActionSpec = ActionSpec {
    name: "button",
    words: "button",
    argument: ArgumentKind::None,
    label: "Take the button",
    summary: "Take the button: a bonus for whoever takes it first; it uses one placement opportunity and is not a pass.",
    described: "taking the button",
    uses_opportunity: true,
    // Offered in play only; asked for in an opening, a ruleset without a
    // button says so.
    phases: &[Phase::Opening, Phase::Play],
    seats: Seats::ToAct,
    choosing: Choosing::Searched,
};

/// Player 2's declaration of the reverse komi, before their first
/// placement.
pub(crate) static DECLARE_REVERSE_KOMI: ActionSpec = ActionSpec {
    name: "declare-reverse-komi",
    words: "declare reverse-komi",
    argument: ArgumentKind::Number {
        field: "value",
        min: 0,
        max: u32::MAX,
    },
    label: "Declare the reverse komi",
    summary: "Declare the reverse komi (Player 2, at the start of their first move): points added to Player 1's score.",
    described: "declaring the reverse komi",
    uses_opportunity: false,
    phases: &[Phase::Play],
    seats: Seats::ToAct,
    // The computer does not know its opponent's strength: it declares
    // the smallest reverse komi allowed.
    choosing: Choosing::ByRule { target: |_| 0 },
};

/// Parameters of [`Area`].
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct AreaParams {
    /// Points added to the second colour's (White's) score, in halves of a
    /// point (e.g. 7.5, or -3 for a reverse komi).
    #[schemars(extend("multipleOf" = 0.5), range(min = -1000.0, max = 1000.0))]
    pub komi: f64,
    /// The button: `none`, `parity` (1 point when points plus reverse
    /// komi is odd) or `half-point` (half a point on every board).
    #[serde(default)]
    pub button: ButtonRule,
    /// Whether Player 2 declares a reverse komi for Player 1 at the start
    /// of their first move.
    #[serde(default)]
    pub reverse_komi: bool,
}

impl FromParams for Area {
    type Params = AreaParams;

    fn from_params(p: AreaParams, ctx: &BuildContext) -> Result<Area, Vec<BuildProblem>> {
        if (p.komi * 2.0).fract() != 0.0 || p.komi.abs() > 1000.0 {
            return Err(vec![BuildProblem::at(
                "komi",
                format!(
                    "komi {} is not a whole or half point between -1000 and 1000",
                    p.komi
                ),
            )]);
        }
        Ok(Area {
            komi: p.komi,
            button: p.button,
            reverse_komi: p.reverse_komi,
            points: ctx.geometry.as_ref().map_or(0, |g| g.point_count()),
        })
    }
}

impl Area {
    fn reverse_komi_of(&self, state: &GameState) -> ReverseKomi {
        ReverseKomi::of(state, self.reverse_komi)
    }

    fn most_reverse_komi(&self) -> u32 {
        14 * handicap_unit(self.points)
    }

    fn owner(state: &GameState) -> Option<Seat> {
        state
            .component_state::<ButtonOwner>(ComponentKind::Scorer)
            .and_then(|o| o.0)
    }

    /// Whether Player 2 still owes the reverse komi declaration.
    fn reverse_komi_due(&self, state: &GameState, seat: Seat) -> bool {
        self.reverse_komi
            && seat == Seat::Two
            && state.phase() == Phase::Play
            && state.current_move().seat == Seat::Two
            && state.declared(&DECLARE_REVERSE_KOMI).is_none()
    }

    fn take_button(&self, ctx: &mut Ctx<'_>, seat: Seat) -> Result<(), Refusal> {
        if Area::owner(ctx.state()).is_some() {
            return Err(Refusal::rule(
                "button-taken",
                "the button has already been taken",
            ));
        }
        if self
            .button
            .value(self.points, self.reverse_komi_of(ctx.state()))
            .is_none()
        {
            return Err(
                if self.reverse_komi_of(ctx.state()) == ReverseKomi::Pending {
                    Refusal::rule(
                        "button-unavailable",
                        "the button cannot be taken before Player 2 has declared the reverse komi",
                    )
                } else if self.reverse_komi {
                    Refusal::rule(
                        "no-button",
                        "there is no button in this game: the points and the reverse komi add up to an even number",
                    )
                } else {
                    Refusal::rule(
                        "no-button",
                        "there is no button in this game: the board has an even number of points",
                    )
                },
            );
        }
        ctx.my_state::<ButtonOwner>().0 = Some(seat);
        ctx.spend_opportunity();
        ctx.emit(Event::Note {
            seat: Some(seat),
            code: "button",
            text: format!("{seat} takes the button"),
        });
        Ok(())
    }

    fn declare_reverse_komi(&self, ctx: &mut Ctx<'_>, seat: Seat, k: u32) -> Result<(), Refusal> {
        if !self.reverse_komi_due(ctx.state(), seat) {
            return Err(Refusal::rule(
                "not-due",
                "only Player 2 declares the reverse komi, once, at the start of their first move",
            ));
        }
        let most = self.most_reverse_komi();
        if !(1..=most).contains(&k) {
            return Err(Refusal::rule(
                "out-of-range",
                format!(
                    "a reverse komi of {k} is not allowed: declare a whole number from 1 to {most}"
                ),
            ));
        }
        ctx.declare(
            seat,
            Declaration {
                action: &DECLARE_REVERSE_KOMI,
                value: k,
            },
        );
        Ok(())
    }
}

impl Component for Area {
    /// Only a reverse komi vetoes actions (it must be declared first).
    fn hooks(&self) -> tengen_core::rules::Hooks {
        if self.reverse_komi {
            tengen_core::rules::Hooks::CHECK_ACTION
        } else {
            tengen_core::rules::Hooks::NONE
        }
    }

    fn initial_state(&self) -> Option<Box<dyn ComponentState>> {
        Some(Box::new(ButtonOwner::default()))
    }

    fn uses_action(&self, spec: &ActionSpec) -> bool {
        if TAKE_BUTTON == *spec {
            self.button != ButtonRule::None
        } else if DECLARE_REVERSE_KOMI == *spec {
            self.reverse_komi
        } else {
            true
        }
    }

    fn offer_actions(&self, state: &GameState, seat: Seat, out: &mut Vec<Action>) {
        if state.phase() != Phase::Play || state.current_move().seat != seat {
            return;
        }
        if self.reverse_komi_due(state, seat) {
            out.extend((1..=self.most_reverse_komi()).map(|k| DECLARE_REVERSE_KOMI.number(k)));
        } else if Area::owner(state).is_none()
            && self
                .button
                .value(self.points, self.reverse_komi_of(state))
                .is_some()
        {
            out.push(TAKE_BUTTON.plain());
        }
    }

    fn handle_action(
        &self,
        ctx: &mut Ctx<'_>,
        seat: Seat,
        action: Action,
    ) -> Option<Result<(), Refusal>> {
        let playing = ctx.state().phase() == Phase::Play;
        if TAKE_BUTTON.is(action) {
            if self.button == ButtonRule::None {
                return Some(Err(Refusal::rule(
                    "no-button",
                    "there is no button in this ruleset",
                )));
            }
            return playing.then(|| self.take_button(ctx, seat));
        }
        match DECLARE_REVERSE_KOMI.number_of(action) {
            Some(k) if playing && self.reverse_komi => {
                Some(self.declare_reverse_komi(ctx, seat, k))
            }
            _ => None,
        }
    }

    fn required_declaration(&self, state: &GameState, seat: Seat) -> Option<&'static ActionSpec> {
        self.reverse_komi_due(state, seat)
            .then_some(&DECLARE_REVERSE_KOMI)
    }

    fn check_action(&self, state: &GameState, seat: Seat, action: Action) -> Result<(), Refusal> {
        if action.uses_opportunity() && self.reverse_komi_due(state, seat) {
            return Err(Refusal::rule(
                "declare-first",
                format!(
                    "declare the reverse komi first: `declare reverse-komi K`, K from 1 to {}",
                    self.most_reverse_komi()
                ),
            ));
        }
        Ok(())
    }

    fn facts(&self, state: &GameState, out: &mut Vec<Fact>) {
        let reverse_komi = self.reverse_komi_of(state);
        if self.button != ButtonRule::None {
            let value = match (
                Area::owner(state),
                self.button.value(self.points, reverse_komi),
            ) {
                (Some(seat), _) => format!("taken by {seat}"),
                (None, Some(v)) => format!("{v} point{} to take", if v == 1.0 { "" } else { "s" }),
                (None, None) if reverse_komi == ReverseKomi::Pending => {
                    "after the reverse komi".into()
                }
                (None, None) => "none on this board".into(),
            };
            out.push(Fact {
                label: "button".into(),
                value,
            });
        }
        match reverse_komi {
            ReverseKomi::Off => {}
            ReverseKomi::Pending => out.push(Fact {
                label: "reverse komi".into(),
                value: "Player 2 declares it at the start of their first move (unrated game)"
                    .into(),
            }),
            ReverseKomi::Declared(k) => out.push(Fact {
                label: "reverse komi".into(),
                value: format!("{k} for Player 1 (unrated game)"),
            }),
        }
    }
}

impl Scorer for Area {
    fn button(&self, state: &GameState) -> Option<ButtonStatus> {
        (self.button != ButtonRule::None).then(|| ButtonStatus {
            holder: Area::owner(state),
            points: self.button.value(self.points, self.reverse_komi_of(state)),
        })
    }

    fn score(&self, state: &GameState) -> ScoreSheet {
        let count = area_count(state.board(), state.marks());
        ScoreSheet::new(count.stones, count.territory, self.bonuses(state))
    }

    /// Komi, a button already taken and a reverse komi already declared
    /// are fixed; a button still to take, or a reverse komi still to
    /// declare, is not.
    fn fixed_bonuses(&self, state: &GameState) -> Option<ByColour<f64>> {
        let reverse_komi = self.reverse_komi_of(state);
        let button_open =
            Area::owner(state).is_none() && self.button.value(self.points, reverse_komi).is_some();
        if reverse_komi == ReverseKomi::Pending || button_open {
            return None;
        }
        let mut points = ByColour::new(0.0, 0.0);
        for b in self.bonuses(state) {
            points[b.colour] += b.points;
        }
        Some(points)
    }
}

impl Area {
    /// The points added to the board's count: komi, the button where it
    /// has been taken, a declared reverse komi.
    fn bonuses(&self, state: &GameState) -> Vec<Bonus> {
        let mut bonuses = Vec::new();
        if self.komi != 0.0 {
            bonuses.push(Bonus {
                label: "komi".into(),
                colour: Colour::White,
                points: self.komi,
            });
        }
        let reverse_komi = self.reverse_komi_of(state);
        if let (Some(owner), Some(value)) = (
            Area::owner(state),
            self.button.value(self.points, reverse_komi),
        ) {
            bonuses.push(Bonus {
                label: "button".into(),
                colour: state.colour_of(owner),
                points: value,
            });
        }
        if let ReverseKomi::Declared(k) = reverse_komi {
            bonuses.push(Bonus {
                label: "reverse komi".into(),
                colour: state.colour_of(Seat::One),
                points: f64::from(k),
            });
        }
        bonuses
    }
}
