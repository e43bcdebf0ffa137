//! What the Kill-All setups share: setup stones are all the Attacker's,
//! never capture, and may not leave a string without liberties; the roles
//! give the Attacker the first colour; the Defender moves first.

use schemars::JsonSchema;
use serde::Deserialize;
use tengen_core::game::{Ctx, Phase, Refusal};
use tengen_core::{
    Action, ActionSpec, ArgumentKind, BySeat, Choosing, Colour, Point, Role, Seat, Seats,
};

/// Claiming a role of Kill-All Go (the setups that end in a choice of
/// sides declare it).
pub(crate) static CLAIM: ActionSpec = ActionSpec {
    name: "claim",
    words: "claim",
    argument: ArgumentKind::Word {
        field: "role",
        choices: &["attacker", "defender"],
    },
    label: "Claim",
    summary: "Claim a side of Kill-All Go, Attacker or Defender, ending the setup.",
    described: "claiming a role",
    uses_opportunity: false,
    phases: &[Phase::Opening],
    seats: Seats::ToAct,
    choosing: Choosing::Weighed,
};

/// The claim of `role`.
pub(crate) fn claim(role: Role) -> Action {
    CLAIM.word(role.name())
}

/// The role `action` claims, when it is a claim.
pub(crate) fn claimed(action: Action) -> Option<Role> {
    match CLAIM.word_of(action)? {
        "attacker" => Some(Role::Attacker),
        "defender" => Some(Role::Defender),
        _ => None,
    }
}

/// The largest number of stones a setup stage may hold.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Cap {
    /// Half the points, rounded down: 40, 84, 180 on 9x9, 13x13, 19x19.
    #[default]
    Half,
    /// Half of one less than the points, rounded down: 60, 127, 180, 264
    /// on 11x11, 16x16, 19x19, 23x23.
    HalfLessOne,
}

impl Cap {
    /// The cap for a board of `points` points.
    pub fn of(self, points: usize) -> usize {
        match self {
            Cap::Half => points / 2,
            Cap::HalfLessOne => points.saturating_sub(1) / 2,
        }
    }
}

/// Places one setup stone of the Attacker's colour for `seat`. Refused on
/// an occupied point, and where the stone's string would have no liberty.
pub(crate) fn place_setup_stone(
    ctx: &mut Ctx<'_>,
    seat: Seat,
    point: Point,
) -> Result<(), Refusal> {
    let board = ctx.state().board();
    let label = || board.geometry().label(point);
    if !board.is_empty(point) {
        return Err(Refusal::Occupied(label()));
    }
    if !board.probe(point, Colour::Black).has_liberty {
        return Err(Refusal::rule(
            "no-liberties",
            format!(
                "a setup stone at {} would leave its string without liberties",
                label()
            ),
        ));
    }
    ctx.place_setup_stones(seat, Colour::Black, &[point])
}

/// The empty points where a setup stone may go, in the board's order.
pub(crate) fn setup_points(board: &tengen_core::Board) -> impl Iterator<Item = Point> + '_ {
    board.empty_points().filter(|&p| is_setup_point(board, p))
}

/// Whether a setup stone may go on `p`, an empty point. A point with an
/// empty neighbour is never suicide, which is seen without the full test.
pub(crate) fn is_setup_point(board: &tengen_core::Board, p: Point) -> bool {
    board.empty_neighbours(p) > 0 || !board.is_suicide(p, Colour::Black)
}

/// A setup stone that surely goes down: the first empty point with an
/// empty neighbour (its string keeps a liberty there, and a setup stone
/// captures nothing).
pub(crate) fn sure_setup_point(board: &tengen_core::Board) -> Option<Point> {
    board
        .empty_points()
        .find(|&p| board.empty_neighbours(p) > 0)
}

/// Fixes the roles (`attacker` takes the Attacker side and the first
/// colour) and begins play with the Defender on the first placement.
pub(crate) fn fix_roles_and_begin(ctx: &mut Ctx<'_>, attacker: Seat) {
    fix_roles(ctx, attacker);
    ctx.begin_play(attacker.other());
}

/// Fixes the roles without beginning play.
pub(crate) fn fix_roles(ctx: &mut Ctx<'_>, attacker: Seat) {
    ctx.set_role(attacker, Role::Attacker);
    ctx.set_role(attacker.other(), Role::Defender);
    let mut colours = BySeat::new(Colour::Black, Colour::White);
    colours[attacker] = Colour::Black;
    colours[attacker.other()] = Colour::White;
    ctx.set_colours(colours);
    ctx.emit(tengen_core::Event::Note {
        seat: Some(attacker),
        code: "roles",
        text: format!("{attacker} attacks, {} defends", attacker.other()),
    });
}

/// The refusal for passing during a setup that has no pass.
pub(crate) fn no_pass_here(what: &str) -> Refusal {
    Refusal::rule("no-pass", format!("there is no passing here: {what}"))
}
