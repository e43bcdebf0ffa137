//! A new rule is an addition, not an edit to the core: two components
//! defined in this test file alone (a served pass at the start of Player
//! 2's first move, and a button a player may spend an opportunity on)
//! register themselves, are assembled from a ruleset file, and change the
//! game through the core's hooks.

use schemars::JsonSchema;
use serde::Deserialize;
use tengen_core::game::{Ctx, GameState, Refusal};
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::rules::{Bonus, ScoreSheet};
use tengen_core::{Action, Colour, Component, Game, Opening, Scorer, Seat, ToAct};

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct Nothing {}

tengen_core::component! {
    /// Test opening: Player 2's first move begins with one served pass.
    #[component(Opening, "test-served-pass")]
    #[derive(Debug)]
    struct ServedPass;
}

impl FromParams for ServedPass {
    type Params = Nothing;
    fn from_params(_: Nothing, _: &BuildContext) -> Result<Self, Vec<BuildProblem>> {
        Ok(ServedPass)
    }
}

impl Component for ServedPass {
    fn initial_state(&self) -> Option<Box<dyn tengen_core::rules::ComponentState>> {
        Some(Box::new(false))
    }

    fn on_move_start(&self, ctx: &mut Ctx<'_>) {
        if ctx.state().current_move().seat == Seat::Two && !*ctx.my_state::<bool>() {
            *ctx.my_state::<bool>() = true;
            ctx.spend_opportunity();
        }
    }
}

impl Opening for ServedPass {
    fn start(&self, ctx: &mut Ctx<'_>) -> Result<(), Refusal> {
        ctx.begin_play(Seat::One);
        Ok(())
    }
}

tengen_core::component! {
    /// Test scorer: stones only, plus a one-point button for whoever takes
    /// it (taking it uses a placement opportunity).
    #[component(Scorer, "test-button")]
    #[derive(Debug)]
    struct Button;
}

impl FromParams for Button {
    type Params = Nothing;
    fn from_params(_: Nothing, _: &BuildContext) -> Result<Self, Vec<BuildProblem>> {
        Ok(Button)
    }
}

impl Component for Button {
    fn initial_state(&self) -> Option<Box<dyn tengen_core::rules::ComponentState>> {
        Some(Box::new(None::<Seat>))
    }

    fn offer_actions(&self, state: &GameState, _: Seat, out: &mut Vec<Action>) {
        let owner = state.component_state::<Option<Seat>>(tengen_core::ComponentKind::Scorer);
        if owner == Some(&None) {
            out.push(Action::TakeButton);
        }
    }

    fn handle_action(
        &self,
        ctx: &mut Ctx<'_>,
        seat: Seat,
        action: Action,
    ) -> Option<Result<(), Refusal>> {
        if action != Action::TakeButton || ctx.state().phase() != tengen_core::Phase::Play {
            return None;
        }
        if ctx.my_state::<Option<Seat>>().is_some() {
            return Some(Err(Refusal::rule(
                "button-taken",
                "the button has been taken",
            )));
        }
        *ctx.my_state::<Option<Seat>>() = Some(seat);
        ctx.spend_opportunity();
        Some(Ok(()))
    }
}

impl Scorer for Button {
    fn score(&self, state: &GameState) -> ScoreSheet {
        let mut sheet = ScoreSheet {
            stones: tengen_core::ByColour::new(
                state.board().stone_count(Colour::Black),
                state.board().stone_count(Colour::White),
            ),
            territory: tengen_core::ByColour::default(),
            bonuses: Vec::new(),
            total: tengen_core::ByColour::new(0.0, 0.0),
        };
        if let Some(Some(owner)) =
            state.component_state::<Option<Seat>>(tengen_core::ComponentKind::Scorer)
        {
            sheet.bonuses.push(Bonus {
                label: "button".into(),
                colour: state.colour_of(*owner),
                points: 1.0,
            });
        }
        for c in Colour::BOTH {
            sheet.total[c] = f64::from(sheet.stones[c]);
        }
        for b in &sheet.bonuses {
            sheet.total[b.colour] += b.points;
        }
        sheet
    }
}

fn game() -> Game {
    let path = std::env::temp_dir().join(format!("tengen-hooks-{}.toml", std::process::id()));
    std::fs::write(
        &path,
        r#"
[ruleset]
id = "hooks"
name = "Hooks"
summary = "Go with a served pass and a button, from test components."
extends = "go"

[opening]
kind = "test-served-pass"

[scorer]
kind = "test-button"

[options]
# go's size, handicap and komi options set a komi, which the test scorer
# does not have.
size = false
handicap = false
komi = false
"#,
    )
    .unwrap();
    let rules = tengen_variants::library()
        .assemble(path.to_str().unwrap(), &[])
        .unwrap_or_else(|d| panic!("{}", d.render(false)));
    Game::new(rules)
}

#[test]
fn a_served_pass_uses_player_2s_first_move_and_is_not_a_voluntary_pass() {
    let mut game = game();
    let e5 = game.rules().geometry.parse_point("E5").unwrap();
    game.apply(Seat::One, Action::Place(e5)).unwrap();
    // Player 2's one-opportunity move was served automatically.
    assert_eq!(game.to_act(), ToAct::Seat(Seat::One));
    assert_eq!(game.state().moves_completed(), 2);
    assert_eq!(
        game.state().pass_moves_in_row(),
        0,
        "a served pass is not a voluntary pass"
    );
    let undone = game.undo().unwrap();
    assert_eq!(undone.1, Action::Place(e5));
    assert_eq!(game.to_act(), ToAct::Seat(Seat::One));
    assert_eq!(game.state().moves_completed(), 0);
}

#[test]
fn taking_the_button_spends_an_opportunity_and_scores() {
    let mut game = game();
    assert!(game.legal_actions(Seat::One).contains(&Action::TakeButton));
    game.apply(Seat::One, Action::TakeButton).unwrap();
    assert_eq!(
        game.state().moves_completed(),
        2,
        "the button used Player 1's move; Player 2's was served"
    );
    assert_eq!(game.to_act(), ToAct::Seat(Seat::One));
    assert!(!game.legal_actions(Seat::One).contains(&Action::TakeButton));
    assert!(matches!(
        game.apply(Seat::One, Action::TakeButton),
        Err(Refusal::NotAvailable { .. }) | Err(Refusal::Rule { .. })
    ));
    assert_eq!(game.score().total[Colour::Black], 1.0);
}
