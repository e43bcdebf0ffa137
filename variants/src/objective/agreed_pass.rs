//! The ending of Thue-Morse Go: a pass answered by a whole-move pass that
//! agrees on the dead strings.

use schemars::JsonSchema;
use serde::Deserialize;
use tengen_core::game::{Ctx, GameState, MoveSummary, Phase, Refusal};
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::rules::{ComponentState, Fact};
use tengen_core::{Action, Component, ComponentKind, Event, Objective, Point, PointSet, Seat};

tengen_core::component! {
    /// The game ends when a move that contains a voluntary pass (it may also
    /// place stones) is answered by the opponent's whole-move pass (every
    /// placement of the move passed) that agrees on the dead strings. Then
    /// the agreed dead strings are taken off and the board is scored; the
    /// higher score wins, equal scores draw. Counting single passes is not
    /// enough: two passes within one player's double move never end the
    /// game, and neither does a pass answered by a move that places.
    ///
    /// **Dead strings.** During a move that passes, the mover may mark
    /// strings dead (`mark D4`; marking a stone marks its whole string) or
    /// take marks back (`unmark D4`). The marks travel with the move when it
    /// contains a voluntary pass: the opponent then starts their move with
    /// those marks and may accept them by passing the whole move without
    /// changing them, propose others (pass with different marks; play goes
    /// on), or play on. Once a non-empty set of marks has been proposed,
    /// a reply that contains no voluntary pass, or one that clears every
    /// mark, ends dead-stone marking for the rest of the game: dead stones
    /// must then be captured on the board before both pass. A reply that
    /// places and passes keeps the process going if it keeps or revises the
    /// marks. A mark on a stone that is captured during the move goes with
    /// it; the marks a move ends with are whole strings.
    ///
    /// **Only the opponent answers.** A proposal is answered, accepted or
    /// broken only by the other player's move. The proposer's own next
    /// move (after the opponent's move of served passes) neither accepts
    /// nor breaks it: passing again revises it (clearing every mark just
    /// withdraws it), and a move without a pass lets it lapse, while
    /// marking stays open for both. Marks made in a move that then ends
    /// without a voluntary pass do not travel: they are dropped, and a
    /// `marks-dropped` note names them (the move itself is not refused).
    /// A reply that ends marking for the game is reported with a
    /// `marking-over` note.
    ///
    /// A move made only of served handicap passes is not a reply: it
    /// neither answers nor breaks a proposal. A move that passes every
    /// placement left to the player after some were served counts as a
    /// whole-move pass (tengen's reading: the player passed every placement
    /// available to them; the served passes are no one's choice). With
    /// `resignation = true` either player may resign at any time.
    #[component(Objective, "agreed-pass")]
    #[derive(Debug)]
    pub struct AgreedPass {
        resignation: bool,
    }
}

/// Parameters of [`AgreedPass`].
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct AgreedPassParams {
    /// Whether a player may resign.
    pub resignation: bool,
}

/// Where the ending protocol stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Protocol {
    /// The marks proposed by the last move that contained a voluntary
    /// pass, and who made it (cleared by a move without one).
    pub proposal: Option<(Seat, PointSet)>,
    /// Whether dead-stone marking has ended for the rest of the game.
    pub marking_over: bool,
}

impl FromParams for AgreedPass {
    type Params = AgreedPassParams;

    fn from_params(p: AgreedPassParams, _: &BuildContext) -> Result<AgreedPass, Vec<BuildProblem>> {
        Ok(AgreedPass {
            resignation: p.resignation,
        })
    }
}

impl AgreedPass {
    fn protocol(state: &GameState) -> Protocol {
        state
            .component_state::<Protocol>(ComponentKind::Objective)
            .cloned()
            .unwrap_or_default()
    }

    /// The marks as whole strings of stones still on the board.
    fn whole_strings(state: &GameState) -> PointSet {
        let board = state.board();
        let mut marks = PointSet::default();
        for p in state.marks().iter() {
            if board.get(p).is_some() && !marks.contains(p) {
                marks.extend(board.string_stones(p));
            }
        }
        marks
    }

    /// Reports that `seat`'s reply to a proposal ended dead-stone marking
    /// for the rest of the game.
    fn note_marking_over(ctx: &mut Ctx<'_>, seat: Seat, how: &str) {
        ctx.emit(Event::Note {
            seat: Some(seat),
            code: "marking-over",
            text: format!(
                "{seat} {how} in answer to a proposal of dead strings: dead-stone marking has ended for this game, and dead stones must now be captured on the board"
            ),
        });
    }

    /// Reports the marks a move drops because it ends without a voluntary
    /// pass (marks travel only with a move that passes), other than the
    /// proposal being answered: nothing the player marked vanishes without
    /// a word.
    fn note_dropped_marks(
        ctx: &mut Ctx<'_>,
        seat: Seat,
        marks: &PointSet,
        answering: bool,
        pending: &PointSet,
    ) {
        if marks.is_empty() || (answering && marks == pending) {
            return;
        }
        let geometry = &ctx.rules().geometry;
        let names: Vec<String> = marks.iter().map(|p| geometry.name(p)).collect();
        ctx.emit(Event::Note {
            seat: Some(seat),
            code: "marks-dropped",
            text: format!(
                "the dead marks on {} were dropped: {seat}'s move contains no pass, and marks travel only with a move that passes",
                names.join(" ")
            ),
        });
        ctx.set_marks(PointSet::default());
    }

    fn representatives(state: &GameState) -> Vec<Point> {
        let board = state.board();
        let mut seen = PointSet::with_capacity(board.geometry().point_count());
        // Stones come in point order, so the first seen of each string (by
        // its head) is its lowest point.
        board
            .stones()
            .filter(|&(p, _)| seen.insert(board.string_head(p)))
            .map(|(p, _)| p)
            .collect()
    }
}

impl Component for AgreedPass {
    /// The end of each move (two passes stop play) and the start of one (a resumed game).
    fn hooks(&self) -> tengen_core::rules::Hooks {
        tengen_core::rules::Hooks::MOVE_START | tengen_core::rules::Hooks::MOVE_END
    }

    fn initial_state(&self) -> Option<Box<dyn ComponentState>> {
        Some(Box::new(Protocol::default()))
    }

    fn offer_actions(&self, state: &GameState, seat: Seat, out: &mut Vec<Action>) {
        if state.phase() == Phase::Play
            && state.current_move().seat == seat
            && !AgreedPass::protocol(state).marking_over
        {
            for p in AgreedPass::representatives(state) {
                out.push(if state.marks().contains(p) {
                    Action::Unmark(p)
                } else {
                    Action::Mark(p)
                });
            }
        }
    }

    fn handle_action(
        &self,
        ctx: &mut Ctx<'_>,
        seat: Seat,
        action: Action,
    ) -> Option<Result<(), Refusal>> {
        match action {
            Action::Mark(p) | Action::Unmark(p) if ctx.state().phase() == Phase::Play => {
                if AgreedPass::protocol(ctx.state()).marking_over {
                    return Some(Err(Refusal::rule(
                        "marking-over",
                        "dead-stone marking has ended for this game: dead stones must be captured on the board",
                    )));
                }
                Some(ctx.mark_string(seat, p, matches!(action, Action::Mark(_))))
            }
            _ => None,
        }
    }

    fn on_move_start(&self, ctx: &mut Ctx<'_>) {
        let protocol = AgreedPass::protocol(ctx.state());
        let marks = match protocol.proposal {
            Some((_, marks)) if !protocol.marking_over => marks,
            _ => PointSet::default(),
        };
        ctx.set_marks(marks);
    }

    fn on_move_end(&self, ctx: &mut Ctx<'_>, summary: &MoveSummary) {
        let no_proposal = ctx
            .state()
            .component_state::<Protocol>(ComponentKind::Objective)
            .is_none_or(|p| p.proposal.is_none());
        if summary.is_automatic()
            || (summary.passed == 0 && no_proposal && ctx.state().marks().is_empty())
        {
            // Nothing to settle: no proposal stands, and a move that
            // placed makes none (the common case, so it costs little).
            return;
        }
        let marks = AgreedPass::whole_strings(ctx.state());
        let seat = summary.seat;
        let mut protocol = AgreedPass::protocol(ctx.state());
        // Only the opponent answers a proposal: the player's own next move
        // (after a move of served passes, say) revises or withdraws it but
        // neither accepts nor breaks it.
        let (answering, pending_marks) = match protocol.proposal.take() {
            Some((by, m)) => (by == seat.other(), m),
            None => (false, PointSet::default()),
        };
        let answers_proposal = answering && !pending_marks.is_empty();
        if summary.passed == 0 {
            if answers_proposal {
                protocol.marking_over = true;
                AgreedPass::note_marking_over(ctx, seat, "played on without a pass");
            }
            AgreedPass::note_dropped_marks(ctx, seat, &marks, answering, &pending_marks);
        } else if summary.is_whole_move_pass() && answering && pending_marks == marks {
            ctx.set_marks(marks);
            ctx.finish_on_score();
            return;
        } else if protocol.marking_over || (answers_proposal && marks.is_empty()) {
            if !protocol.marking_over {
                AgreedPass::note_marking_over(ctx, seat, "cleared every mark");
            }
            protocol.marking_over = true;
            protocol.proposal = Some((seat, PointSet::default()));
        } else {
            protocol.proposal = Some((seat, marks));
        }
        *ctx.my_state::<Protocol>() = protocol;
    }

    fn facts(&self, state: &GameState, out: &mut Vec<Fact>) {
        if state.phase() == Phase::Over {
            return;
        }
        let protocol = AgreedPass::protocol(state);
        let value = match (&protocol.proposal, protocol.marking_over) {
            (_, true) => {
                "marking has ended; a pass answered by a whole-move pass ends the game".to_string()
            }
            (None, false) => "no pass to answer".to_string(),
            (Some((by, marks)), false) => format!(
                "{by} passed with {} stone(s) marked dead; a whole-move pass with the same marks ends the game",
                marks.len()
            ),
        };
        out.push(Fact {
            label: "ending".into(),
            value,
        });
    }
}

impl Objective for AgreedPass {
    fn resignation_allowed(&self) -> bool {
        self.resignation
    }

    fn passing_allowed(&self) -> bool {
        true
    }
}
