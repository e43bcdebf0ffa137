//! The two-batch setup (Hoctaph's proposal, generalized).

use super::setup::{
    CLAIM, claim, claimed, fix_roles, no_pass_here, place_setup_stone, setup_points,
};
use tengen_core::game::{Ctx, GameState, Phase, Refusal};
use tengen_core::rules::ComponentState;
use tengen_core::{
    Action, ActionSpec, ArgumentKind, Choosing, Component, ComponentKind, Declaration, Opening,
    Role, Seat, Seats,
};

/// Player 1's declaration of the first batch's size.
pub(crate) static DECLARE_BATCH_A: ActionSpec = ActionSpec {
    name: "declare-batch-a",
    words: "declare batch-a",
    argument: ArgumentKind::Number {
        field: "value",
        min: 0,
        max: u32::MAX,
    },
    label: "Batch A size",
    summary: "Declare the size of batch A of the two-batch setup.",
    described: "declaring the size of batch A",
    uses_opportunity: false,
    phases: &[Phase::Opening],
    seats: Seats::ToAct,
    // The sizes the setup's authors suggest: an eighth of the points.
    choosing: Choosing::ByRule {
        target: |points| (points / 8).max(1) as u32,
    },
};

/// Player 1's declaration of the second batch's size.
pub(crate) static DECLARE_BATCH_B: ActionSpec = ActionSpec {
    name: "declare-batch-b",
    words: "declare batch-b",
    argument: ArgumentKind::Number {
        field: "value",
        min: 0,
        max: u32::MAX,
    },
    label: "Batch B size",
    summary: "Declare the size of batch B of the two-batch setup.",
    described: "declaring the size of batch B",
    uses_opportunity: false,
    phases: &[Phase::Opening],
    seats: Seats::ToAct,
    // The sizes the setup's authors suggest: a sixteenth of the points.
    choosing: Choosing::ByRule {
        target: |points| (points / 16).max(1) as u32,
    },
};

/// One of the two batches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Batch {
    A,
    B,
}

impl Batch {
    /// The action declaring its size.
    fn declaring(self) -> &'static ActionSpec {
        match self {
            Batch::A => &DECLARE_BATCH_A,
            Batch::B => &DECLARE_BATCH_B,
        }
    }

    fn other(self) -> Batch {
        match self {
            Batch::A => Batch::B,
            Batch::B => Batch::A,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Batch::A => "batch A",
            Batch::B => "batch B",
        }
    }

    /// The batch whose size `action` declares, and the size.
    fn declared_by(action: Action) -> Option<(Batch, u32)> {
        [Batch::A, Batch::B]
            .into_iter()
            .find_map(|batch| Some((batch, batch.declaring().number_of(action)?)))
    }
}

tengen_core::component! {
    /// The two-batch setup (Hoctaph's proposal for 9x9, generalized to every
    /// board by Samraku). Player 1 chooses two batch sizes in one move,
    /// `declare batch-a A, declare batch-b B`, with A >= 1, B >= 1,
    /// A + B <= points - 2, A <= 2B and B <= 2A (AP's picker suggests up to
    /// twice the points over 16 for A and the points over 16 for B; those
    /// are suggestions, not limits). Player 2 then either places batch A
    /// itself (its first stone begins it) or has Player 1 place it
    /// (`pass`). Whoever did not place batch A chooses a role: taking the
    /// Attacker side (`claim attacker`) they place batch B, exactly B
    /// stones, in the same move; taking the Defender side
    /// (`claim defender`), the Attacker (who placed batch A) places batch
    /// B next. Every batch stone is the Attacker's. The Defender then
    /// makes the first move.
    #[component(Opening, "two-batch", actions = [DECLARE_BATCH_A, DECLARE_BATCH_B, CLAIM])]
    #[derive(Debug)]
    pub struct TwoBatch {
        points: usize,
    }
}

/// Where the setup stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Player 1 declares the batch sizes.
    Sizes,
    /// Player 2 places batch A or has Player 1 place it.
    ChoosePlacer,
    /// `seat` places batch A; `left` stones to go.
    BatchA { seat: Seat, left: u32 },
    /// The other seat chooses a role.
    Role { chooser: Seat },
    /// The Attacker places batch B.
    BatchB { seat: Seat, left: u32 },
}

crate::no_params!(TwoBatch, |ctx| TwoBatch {
    points: ctx.geometry.as_ref().map_or(0, |g| g.point_count()),
});

impl TwoBatch {
    fn stage(state: &GameState) -> Stage {
        state
            .component_state::<Stage>(ComponentKind::Opening)
            .copied()
            .unwrap_or(Stage::Sizes)
    }

    fn size(state: &GameState, batch: Batch) -> Option<u32> {
        state.declared(batch.declaring()).map(|(_, v)| v)
    }

    /// Whether some size of the other batch fits `size` (the restrictions
    /// are the same both ways round).
    fn has_partner(&self, size: u32) -> bool {
        let most = self.points.saturating_sub(2) as u32;
        (1..=most).any(|other| self.broken(size, other).is_empty())
    }

    /// The restrictions the two sizes break, in words. The sums and
    /// doubles are taken in 64 bits, so a declared size as large as a
    /// declaration can hold is judged, never wrapped round.
    fn broken(&self, a: u32, b: u32) -> Vec<String> {
        let mut broken = Vec::new();
        let most = self.points.saturating_sub(2) as u64;
        let (wide_a, wide_b) = (u64::from(a), u64::from(b));
        if wide_a + wide_b > most {
            broken.push(format!(
                "A + B = {} is more than the points less 2 ({most})",
                wide_a + wide_b
            ));
        }
        if wide_a > 2 * wide_b {
            broken.push(format!("A = {a} is more than twice B = {b}"));
        }
        if wide_b > 2 * wide_a {
            broken.push(format!("B = {b} is more than twice A = {a}"));
        }
        broken
    }

    fn declare(
        &self,
        ctx: &mut Ctx<'_>,
        seat: Seat,
        batch: Batch,
        value: u32,
    ) -> Result<(), Refusal> {
        let name = batch.name();
        let d = Declaration {
            action: batch.declaring(),
            value,
        };
        if TwoBatch::size(ctx.state(), batch).is_some() {
            return Err(Refusal::rule(
                "already-declared",
                format!("the size of {name} is declared already"),
            ));
        }
        if d.value == 0 {
            return Err(Refusal::rule(
                "out-of-range",
                format!("{name} needs at least one stone"),
            ));
        }
        if !self.has_partner(d.value) {
            return Err(Refusal::rule(
                "batch-sizes",
                format!(
                    "{name} cannot hold {} stones: no size of the other batch meets the restrictions \
                     (each batch at most twice the other, both together at most {})",
                    d.value,
                    self.points.saturating_sub(2)
                ),
            ));
        }
        if let Some(other) = TwoBatch::size(ctx.state(), batch.other()) {
            let (a, b) = if batch == Batch::A {
                (d.value, other)
            } else {
                (other, d.value)
            };
            let broken = self.broken(a, b);
            if !broken.is_empty() {
                return Err(Refusal::rule(
                    "batch-sizes",
                    format!(
                        "batch sizes A = {a}, B = {b} are not allowed: {}",
                        broken.join("; ")
                    ),
                ));
            }
            ctx.declare(seat, d);
            *ctx.my_state::<Stage>() = Stage::ChoosePlacer;
        } else {
            ctx.declare(seat, d);
        }
        Ok(())
    }

    /// One stone of a batch; returns the stage that follows.
    fn batch_stone(
        &self,
        ctx: &mut Ctx<'_>,
        seat: Seat,
        point: tengen_core::Point,
        stage: Stage,
    ) -> Result<(), Refusal> {
        place_setup_stone(ctx, seat, point)?;
        let next = match stage {
            Stage::BatchA { seat, left: 1 } => Stage::Role {
                chooser: seat.other(),
            },
            Stage::BatchA { seat, left } => Stage::BatchA {
                seat,
                left: left - 1,
            },
            Stage::BatchB { seat, left: 1 } => {
                ctx.begin_play(seat.other());
                return Ok(());
            }
            Stage::BatchB { seat, left } => Stage::BatchB {
                seat,
                left: left - 1,
            },
            other => other,
        };
        *ctx.my_state::<Stage>() = next;
        Ok(())
    }
}

impl Component for TwoBatch {
    /// Setup actions only.
    fn hooks(&self) -> tengen_core::rules::Hooks {
        tengen_core::rules::Hooks::NONE
    }

    fn initial_state(&self) -> Option<Box<dyn ComponentState>> {
        Some(Box::new(Stage::Sizes))
    }

    fn offer_actions(&self, state: &GameState, seat: Seat, out: &mut Vec<Action>) {
        if state.phase() != Phase::Opening || self.to_act(state) != Some(seat) {
            return;
        }
        match TwoBatch::stage(state) {
            Stage::Sizes => {
                let most = self.points.saturating_sub(2) as u32;
                let a = TwoBatch::size(state, Batch::A);
                let b = TwoBatch::size(state, Batch::B);
                for (batch, own, other) in [(Batch::A, a, b), (Batch::B, b, a)] {
                    if own.is_some() {
                        continue;
                    }
                    for value in 1..=most {
                        let fits = match other {
                            Some(o) => self.broken(value, o).is_empty(),
                            None => self.has_partner(value),
                        };
                        if fits {
                            out.push(batch.declaring().number(value));
                        }
                    }
                }
            }
            Stage::ChoosePlacer => {
                out.extend(setup_points(state.board()).map(Action::Place));
                out.push(Action::Pass);
            }
            Stage::BatchA { .. } | Stage::BatchB { .. } => {
                out.extend(setup_points(state.board()).map(Action::Place))
            }
            Stage::Role { .. } => out.extend([claim(Role::Attacker), claim(Role::Defender)]),
        }
    }

    fn handle_action(
        &self,
        ctx: &mut Ctx<'_>,
        seat: Seat,
        action: Action,
    ) -> Option<Result<(), Refusal>> {
        if ctx.state().phase() != Phase::Opening {
            return None;
        }
        let stage = TwoBatch::stage(ctx.state());
        let size = Batch::declared_by(action);
        let role = claimed(action);
        let setup_step = size.is_some() || role.is_some();
        Some(match (stage, action) {
            (Stage::Sizes, _) if size.is_some() => {
                let (batch, value) = size?;
                self.declare(ctx, seat, batch, value)
            }
            (Stage::Sizes, _) if role.is_some() => Err(Refusal::rule(
                "declare-first",
                "Player 1 first declares both batch sizes: `declare batch-a A, declare batch-b B`",
            )),
            (Stage::Sizes, Action::Place(_) | Action::Pass | Action::PassMove) => {
                Err(Refusal::rule(
                    "declare-first",
                    "Player 1 first declares both batch sizes: `declare batch-a A, declare batch-b B`",
                ))
            }
            (Stage::ChoosePlacer, Action::Pass | Action::PassMove) => {
                let a = TwoBatch::size(ctx.state(), Batch::A).unwrap_or(1);
                *ctx.my_state::<Stage>() = Stage::BatchA {
                    seat: seat.other(),
                    left: a,
                };
                Ok(())
            }
            (Stage::ChoosePlacer, Action::Place(p)) => {
                let a = TwoBatch::size(ctx.state(), Batch::A).unwrap_or(1);
                self.batch_stone(ctx, seat, p, Stage::BatchA { seat, left: a })
            }
            (Stage::BatchA { .. } | Stage::BatchB { .. }, Action::Place(p)) => {
                self.batch_stone(ctx, seat, p, stage)
            }
            (
                Stage::BatchA { left, .. } | Stage::BatchB { left, .. },
                Action::Pass | Action::PassMove,
            ) => Err(no_pass_here(&format!(
                "place the {left} batch stone(s) still owed"
            ))),
            (Stage::Role { .. }, _) if role == Some(Role::Attacker) => {
                fix_roles(ctx, seat);
                let b = TwoBatch::size(ctx.state(), Batch::B).unwrap_or(1);
                *ctx.my_state::<Stage>() = Stage::BatchB { seat, left: b };
                Ok(())
            }
            (Stage::Role { .. }, _) if role == Some(Role::Defender) => {
                fix_roles(ctx, seat.other());
                let b = TwoBatch::size(ctx.state(), Batch::B).unwrap_or(1);
                *ctx.my_state::<Stage>() = Stage::BatchB {
                    seat: seat.other(),
                    left: b,
                };
                Ok(())
            }
            (Stage::Role { .. }, Action::Place(_) | Action::Pass | Action::PassMove) => {
                Err(Refusal::rule(
                    "choose-a-side",
                    "choose a side first: `claim attacker` (then place batch B) or `claim defender`",
                ))
            }
            (Stage::BatchA { left, .. } | Stage::BatchB { left, .. }, _) if setup_step => {
                Err(Refusal::rule(
                    "batch-owed",
                    format!("place the {left} batch stone(s) still owed first"),
                ))
            }
            _ if setup_step => Err(Refusal::rule(
                "not-now",
                "the batch sizes are declared already: the setup goes on with the batches and the choice of sides",
            )),
            _ => return None,
        })
    }
}

impl Opening for TwoBatch {
    fn start(&self, _: &mut Ctx<'_>) -> Result<(), Refusal> {
        Ok(())
    }

    fn to_act(&self, state: &GameState) -> Option<Seat> {
        if state.phase() != Phase::Opening {
            return None;
        }
        Some(match TwoBatch::stage(state) {
            Stage::Sizes => Seat::One,
            Stage::ChoosePlacer => Seat::Two,
            Stage::BatchA { seat, .. } | Stage::BatchB { seat, .. } => seat,
            Stage::Role { chooser } => chooser,
        })
    }
}
