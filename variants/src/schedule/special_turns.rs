//! Alternation with Enhanced Go's special turns: pay n² stones, place n.

use schemars::JsonSchema;
use serde::Deserialize;
use tengen_core::game::{Ctx, GameState, Phase, Refusal};
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::rules::{ComponentState, Fact, Slot};
use tengen_core::{
    Action, ActionSpec, ArgumentKind, Choosing, Component, ComponentKind, Declaration, Point,
    Schedule, Seat, Seats,
};

tengen_core::component! {
    /// Strict alternation in which a turn may be a **special turn** (Enhanced
    /// Go, invented by Ian Joiner): instead of one stone, the player places
    /// n stones at once by first removing n^power of their own stones (n²
    /// with the usual `power = 2`: two stones cost four, three cost nine),
    /// for any n from `minimum` (2) up to what they can afford: at least
    /// n^power of their own stones on the board at the start of the turn.
    ///
    /// A special turn is written in order: the size, the payments, the
    /// placements, e.g. `declare special-turn 2, pay A1, pay B1, pay A2,
    /// pay B2, C3, D3`. Every payment removes one of the mover's own stones
    /// (exactly n^power of them); all payments come before the placements,
    /// so stones placed this turn can never pay; the n placements go on
    /// empty points, points just vacated by the payment included. An
    /// ordinary turn places one stone and pays nothing. A special turn
    /// cannot be passed part way; until it is complete it can be called off
    /// (`declare special-turn 0`), which returns its payments and takes back
    /// its placements, as the play page's Cancel does.
    ///
    /// How the placed stones resolve is the resolver's business: Enhanced Go
    /// uses `end-of-move` with `own-strings = "refused"` (all n land at
    /// once, opposing strings without liberties are captured, then the turn
    /// is refused if any of the mover's strings has none), which for an
    /// ordinary turn is ordinary capture and the refusal of suicide.
    #[component(Schedule, "special-turns", actions = [DECLARE_SPECIAL_TURN, PAY])]
    #[derive(Debug)]
    pub struct SpecialTurns {
        minimum: u32,
        power: u32,
    }
}

/// Beginning a special turn of n stones (or, with 0, calling off the one
/// in progress).
pub(crate) static DECLARE_SPECIAL_TURN: ActionSpec = ActionSpec {
    name: "declare-special-turn",
    words: "declare special-turn",
    argument: ArgumentKind::Number {
        field: "value",
        min: 0,
        max: u32::MAX,
    },
    label: "Special turn…",
    summary: "Begin a special turn of n stones, paid for with your own stones before they are placed; 0 calls off the special turn in progress.",
    described: "declaring a special turn",
    uses_opportunity: false,
    phases: &[Phase::Play],
    seats: Seats::ToAct,
    choosing: Choosing::OpensRun { cancel: 0 },
};

/// Paying for a special turn with one of one's own stones.
pub(crate) static PAY: ActionSpec = ActionSpec {
    name: "pay",
    words: "pay",
    argument: ArgumentKind::Point { field: "point" },
    label: "Pay",
    summary: "Remove one of your own stones as payment for the special turn in progress.",
    described: "a payment",
    uses_opportunity: false,
    phases: &[Phase::Play],
    seats: Seats::ToAct,
    choosing: Choosing::Searched,
};

/// Parameters of [`SpecialTurns`].
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SpecialTurnsParams {
    /// The fewest stones a special turn places (2 in Enhanced Go).
    #[schemars(range(min = 2, max = 25))]
    pub minimum: u32,
    /// The price of n stones is n raised to this power (2 in Enhanced Go).
    #[schemars(range(min = 1, max = 4))]
    pub power: u32,
}

/// A special turn in progress.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SpecialTurn {
    /// The stones it places.
    pub n: u32,
    /// The points paid so far.
    pub paid: Vec<Point>,
}

impl FromParams for SpecialTurns {
    type Params = SpecialTurnsParams;

    fn from_params(
        p: SpecialTurnsParams,
        _: &BuildContext,
    ) -> Result<SpecialTurns, Vec<BuildProblem>> {
        let mut problems = Vec::new();
        if !(2..=25).contains(&p.minimum) {
            problems.push(BuildProblem::at(
                "minimum",
                "a special turn places from 2 to 25 stones at least",
            ));
        }
        if !(1..=4).contains(&p.power) {
            problems.push(BuildProblem::at(
                "power",
                "the power of the price runs from 1 to 4",
            ));
        }
        if problems.is_empty() {
            Ok(SpecialTurns {
                minimum: p.minimum,
                power: p.power,
            })
        } else {
            Err(problems)
        }
    }
}

impl SpecialTurns {
    /// The price of `n` stones, n^power; a price too large for 64 bits
    /// is the largest there is (no board holds so many stones), never a
    /// number wrapped round to a small one.
    fn cost(&self, n: u32) -> u64 {
        u64::from(n).saturating_pow(self.power)
    }

    /// The price of `n` stones as a player reads it: the number, or for a
    /// price past 64 bits the power itself.
    fn price_in_words(&self, n: u32) -> String {
        match u64::from(n).checked_pow(self.power) {
            Some(price) => price.to_string(),
            None => format!("{n}^{}, more than any board holds,", self.power),
        }
    }

    /// The largest special turn `seat` can afford now (0 if none).
    fn largest(&self, state: &GameState, seat: Seat) -> u32 {
        let stones = u64::from(state.board().stone_count(state.colour_of(seat)));
        (self.minimum..=stones as u32)
            .take_while(|&n| self.cost(n) <= stones)
            .last()
            .unwrap_or(0)
    }

    fn turn(state: &GameState) -> Option<&SpecialTurn> {
        state
            .component_state::<Option<SpecialTurn>>(ComponentKind::Schedule)
            .and_then(Option::as_ref)
    }

    fn at_turn_start(state: &GameState, seat: Seat) -> bool {
        let current = state.current_move();
        state.phase() == Phase::Play
            && current.seat == seat
            && current.placed == 0
            && current.passed == 0
            && current.other == 0
            && SpecialTurns::turn(state).is_none()
    }

    /// Calls off the special turn in progress: its placements are taken
    /// back and its payments returned, and the turn is as it began.
    fn cancel(ctx: &mut Ctx<'_>, seat: Seat) -> Result<(), Refusal> {
        let Some(turn) = SpecialTurns::turn(ctx.state()).cloned() else {
            return Err(Refusal::rule(
                "no-special-turn",
                "there is no special turn to call off (`declare special-turn 0` calls one off)",
            ));
        };
        ctx.take_back_placements();
        for &p in &turn.paid {
            ctx.restore_own_stone(seat, p);
        }
        *ctx.my_state::<Option<SpecialTurn>>() = None;
        ctx.emit(tengen_core::Event::Note {
            seat: Some(seat),
            code: "special-turn-cancelled",
            text: format!("{seat} calls off the special turn of {}", turn.n),
        });
        Ok(())
    }

    fn declare(&self, ctx: &mut Ctx<'_>, seat: Seat, n: u32) -> Result<(), Refusal> {
        if !SpecialTurns::at_turn_start(ctx.state(), seat) {
            return Err(Refusal::rule(
                "turn-started",
                "a special turn is chosen at the start of a turn, before anything else",
            ));
        }
        let stones = ctx.state().board().stone_count(ctx.state().colour_of(seat));
        if n < self.minimum {
            return Err(Refusal::rule(
                "too-few",
                format!("a special turn places at least {} stones", self.minimum),
            ));
        }
        if self.cost(n) > u64::from(stones) {
            let largest = self.largest(ctx.state(), seat);
            return Err(Refusal::rule(
                "cannot-afford",
                if largest == 0 {
                    format!(
                        "{n} stones cost {} of your own stones and you have {stones}: you cannot afford a special turn yet",
                        self.price_in_words(n)
                    )
                } else {
                    format!(
                        "{n} stones cost {} of your own stones and you have {stones}: n can be at most {largest}",
                        self.price_in_words(n)
                    )
                },
            ));
        }
        *ctx.my_state::<Option<SpecialTurn>>() = Some(SpecialTurn {
            n,
            paid: Vec::new(),
        });
        ctx.grant_opportunities(n - 1);
        ctx.declare(
            seat,
            Declaration {
                action: &DECLARE_SPECIAL_TURN,
                value: n,
            },
        );
        Ok(())
    }

    fn pay(&self, ctx: &mut Ctx<'_>, seat: Seat, point: Point) -> Result<(), Refusal> {
        let Some(turn) = SpecialTurns::turn(ctx.state()).cloned() else {
            return Err(Refusal::rule(
                "no-special-turn",
                "payments belong to a special turn: begin with `declare special-turn N`",
            ));
        };
        let label = ctx.rules().geometry.label(point);
        if ctx.state().placed_this_move().contains(&point) {
            return Err(Refusal::rule(
                "placed-this-turn",
                format!("{label} was placed this turn: stones placed this turn cannot pay"),
            ));
        }
        let due = self.cost(turn.n);
        if (turn.paid.len() as u64) >= due {
            return Err(Refusal::rule(
                "paid-in-full",
                format!(
                    "a special turn of {} pays exactly {due} stones, and they are paid",
                    turn.n
                ),
            ));
        }
        ctx.remove_own_stone(seat, point, "a payment")?;
        if let Some(turn) = ctx.my_state::<Option<SpecialTurn>>() {
            turn.paid.push(point);
        }
        Ok(())
    }
}

impl Component for SpecialTurns {
    /// A special turn restricts the actions of its move and ends with it.
    fn hooks(&self) -> tengen_core::rules::Hooks {
        tengen_core::rules::Hooks::CHECK_ACTION | tengen_core::rules::Hooks::MOVE_START
    }

    fn initial_state(&self) -> Option<Box<dyn ComponentState>> {
        Some(Box::new(None::<SpecialTurn>))
    }

    fn offer_actions(&self, state: &GameState, seat: Seat, out: &mut Vec<Action>) {
        if SpecialTurns::at_turn_start(state, seat) {
            let largest = self.largest(state, seat);
            out.extend((self.minimum..=largest).map(|n| DECLARE_SPECIAL_TURN.number(n)));
        }
        if SpecialTurns::turn(state).is_some() && state.current_move().seat == seat {
            out.push(DECLARE_SPECIAL_TURN.number(0));
        }
        if let Some(turn) = SpecialTurns::turn(state)
            && state.current_move().seat == seat
            && (turn.paid.len() as u64) < self.cost(turn.n)
        {
            let colour = state.colour_of(seat);
            out.extend(
                state
                    .board()
                    .stones()
                    .filter(|&(_, c)| c == colour)
                    .map(|(p, _)| PAY.at(p)),
            );
        }
    }

    fn handle_action(
        &self,
        ctx: &mut Ctx<'_>,
        seat: Seat,
        action: Action,
    ) -> Option<Result<(), Refusal>> {
        if ctx.state().phase() != Phase::Play {
            return None;
        }
        if let Some(n) = DECLARE_SPECIAL_TURN.number_of(action) {
            return Some(match n {
                0 => SpecialTurns::cancel(ctx, seat),
                n => self.declare(ctx, seat, n),
            });
        }
        PAY.point_of(action).map(|point| self.pay(ctx, seat, point))
    }

    fn check_action(&self, state: &GameState, _: Seat, action: Action) -> Result<(), Refusal> {
        let Some(turn) = SpecialTurns::turn(state) else {
            return Ok(());
        };
        let due = self.cost(turn.n);
        match action {
            Action::Place(_) if (turn.paid.len() as u64) < due => Err(Refusal::rule(
                "pay-first",
                format!(
                    "pay first: a special turn of {} removes {due} of your own stones before placing ({} paid)",
                    turn.n,
                    turn.paid.len()
                ),
            )),
            Action::Pass | Action::PassMove => Err(Refusal::rule(
                "special-turn-unfinished",
                format!(
                    "a special turn of {} places all {} stones; it cannot be passed part way",
                    turn.n, turn.n
                ),
            )),
            _ => Ok(()),
        }
    }

    /// The same answer as `check_action`, without wording the refusal
    /// (probes ask it for every empty point while a turn is being paid).
    fn admits_action(&self, state: &GameState, _: Seat, action: Action) -> bool {
        let Some(turn) = SpecialTurns::turn(state) else {
            return true;
        };
        match action {
            Action::Place(_) => turn.paid.len() as u64 >= self.cost(turn.n),
            Action::Pass | Action::PassMove => false,
            _ => true,
        }
    }

    fn on_move_start(&self, ctx: &mut Ctx<'_>) {
        *ctx.my_state::<Option<SpecialTurn>>() = None;
    }

    /// A special turn owes its payments until they are made.
    fn owed_actions(&self, state: &GameState, out: &mut Vec<(&'static ActionSpec, u32)>) {
        if let Some(turn) = SpecialTurns::turn(state) {
            let due = self.cost(turn.n).saturating_sub(turn.paid.len() as u64);
            if due > 0 {
                out.push((&PAY, u32::try_from(due).unwrap_or(u32::MAX)));
            }
        }
    }

    fn facts(&self, state: &GameState, out: &mut Vec<Fact>) {
        if state.phase() != Phase::Play {
            return;
        }
        let seat = state.current_move().seat;
        let value = match SpecialTurns::turn(state) {
            Some(turn) => {
                let due = self.cost(turn.n);
                if (turn.paid.len() as u64) < due {
                    format!(
                        "special turn of {}: {} of {due} stones paid, then place {}",
                        turn.n,
                        turn.paid.len(),
                        turn.n
                    )
                } else {
                    format!(
                        "special turn of {}: {} of {} placed",
                        turn.n,
                        state.placed_this_move().len(),
                        turn.n
                    )
                }
            }
            None => match self.largest(state, seat) {
                0 => format!(
                    "{seat} cannot afford a special turn yet ({} stones cost {})",
                    self.minimum,
                    self.cost(self.minimum)
                ),
                largest => format!(
                    "{seat} may place n = {}..{largest} stones at once by paying n^{} of their own (`declare special-turn N`)",
                    self.minimum, self.power
                ),
            },
        };
        out.push(Fact {
            label: "special turn".into(),
            value,
        });
    }
}

impl Schedule for SpecialTurns {
    fn slot(&self, k: u64) -> Slot {
        if k.is_multiple_of(2) {
            Slot::A
        } else {
            Slot::B
        }
    }
}
