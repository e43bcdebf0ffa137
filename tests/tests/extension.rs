//! A new rule is an addition, not an edit to the core or a front end:
//! two components defined in this test file alone (a served pass at the
//! start of Player 2's first move, and a scorer with an action of its
//! own, `bonus N`, that a player may spend an opportunity on) register
//! themselves, are assembled from a ruleset file, and change the game
//! through the core's hooks; the new action is read and written by the
//! move notation, the JSON engine and its schema, and SGF, none of which
//! names it.
//!
//! A test binary of its own: its registrations would otherwise join every
//! other test's registry (and the coverage test would rightly ask for a
//! scenario playing them).

use schemars::JsonSchema;
use serde::Deserialize;
use tengen_core::game::{Ctx, GameState, Refusal};
use tengen_core::registry::{BuildContext, BuildProblem, FromParams};
use tengen_core::rules::ScoreSheet;
use tengen_core::{
    Action, ActionSpec, ArgumentKind, Choosing, Colour, Component, Game, Opening, Phase, Scorer,
    Seat, Seats, ToAct,
};

/// The test action: a bonus of 1 to 3 points for whoever claims it first,
/// for one placement opportunity.
static BONUS: ActionSpec = ActionSpec {
    name: "test-bonus",
    words: "bonus",
    argument: ArgumentKind::Number {
        field: "points",
        min: 1,
        max: 3,
    },
    label: "Take the bonus",
    summary: "Take a bonus of 1 to 3 points (once per game; uses a placement opportunity).",
    described: "taking the bonus",
    uses_opportunity: true,
    phases: &[Phase::Play],
    seats: Seats::ToAct,
    choosing: Choosing::Searched,
};

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
    /// Test opening that breaks its promise: it serves the same pass as
    /// `test-served-pass` but says it takes part in no flow hook.
    #[component(Opening, "test-unkept-promise")]
    #[derive(Debug)]
    struct UnkeptPromise;
}

impl FromParams for UnkeptPromise {
    type Params = Nothing;
    fn from_params(_: Nothing, _: &BuildContext) -> Result<Self, Vec<BuildProblem>> {
        Ok(UnkeptPromise)
    }
}

impl Component for UnkeptPromise {
    fn hooks(&self) -> tengen_core::rules::Hooks {
        tengen_core::rules::Hooks::NONE
    }

    fn initial_state(&self) -> Option<Box<dyn tengen_core::rules::ComponentState>> {
        ServedPass.initial_state()
    }

    fn on_move_start(&self, ctx: &mut Ctx<'_>) {
        ServedPass.on_move_start(ctx);
    }
}

impl Opening for UnkeptPromise {
    fn start(&self, ctx: &mut Ctx<'_>) -> Result<(), Refusal> {
        ServedPass.start(ctx)
    }
}

tengen_core::component! {
    /// Test scorer: stones only, plus a bonus of 1 to 3 points for
    /// whoever takes it first (`bonus N`, using a placement opportunity).
    #[component(Scorer, "test-bonus", actions = [BONUS])]
    #[derive(Debug)]
    struct Bonus;
}

impl FromParams for Bonus {
    type Params = Nothing;
    fn from_params(_: Nothing, _: &BuildContext) -> Result<Self, Vec<BuildProblem>> {
        Ok(Bonus)
    }
}

impl Component for Bonus {
    fn initial_state(&self) -> Option<Box<dyn tengen_core::rules::ComponentState>> {
        Some(Box::new(None::<(Seat, u32)>))
    }

    fn offer_actions(&self, state: &GameState, _: Seat, out: &mut Vec<Action>) {
        let owner =
            state.component_state::<Option<(Seat, u32)>>(tengen_core::ComponentKind::Scorer);
        if owner == Some(&None) {
            out.extend((1..=3).map(|n| BONUS.number(n)));
        }
    }

    fn handle_action(
        &self,
        ctx: &mut Ctx<'_>,
        seat: Seat,
        action: Action,
    ) -> Option<Result<(), Refusal>> {
        let points = BONUS.number_of(action)?;
        if ctx.my_state::<Option<(Seat, u32)>>().is_some() {
            return Some(Err(Refusal::rule(
                "bonus-taken",
                "the bonus has been taken",
            )));
        }
        *ctx.my_state::<Option<(Seat, u32)>>() = Some((seat, points));
        ctx.spend_opportunity();
        Some(Ok(()))
    }
}

impl Scorer for Bonus {
    fn score(&self, state: &GameState) -> ScoreSheet {
        let stones = tengen_core::ByColour::new(
            state.board().stone_count(Colour::Black),
            state.board().stone_count(Colour::White),
        );
        let mut bonuses = Vec::new();
        if let Some(Some((owner, points))) =
            state.component_state::<Option<(Seat, u32)>>(tengen_core::ComponentKind::Scorer)
        {
            bonuses.push(tengen_core::rules::Bonus {
                label: "bonus".into(),
                colour: state.colour_of(*owner),
                points: f64::from(*points),
            });
        }
        ScoreSheet::new(stones, tengen_core::ByColour::default(), bonuses)
    }
}

/// The test ruleset: Go with the served pass and the bonus.
const RULESET: &str = r#"
[ruleset]
id = "hooks"
name = "Hooks"
summary = "Go with a served pass and a bonus, from test components."
extends = "go"

[opening]
kind = "test-served-pass"

[scorer]
kind = "test-bonus"

[options]
# go's size, handicap and komi options set a komi, which the test scorer
# does not have.
size = false
handicap = false
komi = false
"#;

fn game() -> Game {
    // A file of its own for each call: the tests run in parallel, and one
    // writing the file while another reads it would hand the reader an
    // empty ruleset.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path =
        std::env::temp_dir().join(format!("tengen-hooks-{}-{call}.toml", std::process::id()));
    std::fs::write(&path, RULESET).unwrap();
    let rules = tengen_variants::library()
        .assemble(path.to_str().unwrap(), &[])
        .unwrap_or_else(|d| panic!("{}", d.render(false)));
    Game::new(rules)
}

/// The book's architecture chapter shows this ruleset: its block must be
/// the start of the file the test plays.
#[test]
fn the_book_shows_the_ruleset_this_test_plays() {
    let page = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../book/src/architecture.md"),
    )
    .unwrap();
    let start = page
        .find("```toml,ignore\n")
        .expect("the chapter shows the ruleset")
        + "```toml,ignore\n".len();
    let block = &page[start..start + page[start..].find("```").unwrap()];
    assert!(
        RULESET.trim_start().starts_with(block.trim()),
        "book/src/architecture.md shows a ruleset that is not the start of this test's:\n{block}"
    );
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

/// The generic path ignores what components promise about themselves,
/// so a broken promise shows as a difference between the two paths (the
/// suite plays every scenario and random game both ways): here an
/// opening that says it has no hooks but serves a pass at move starts.
#[test]
fn the_generic_path_consults_a_component_that_promised_no_hooks() {
    let text = RULESET.replace("test-served-pass", "test-unkept-promise");
    let library = tengen_variants::library();
    let path = std::env::temp_dir().join(format!("tengen-promise-{}.toml", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let path = path.to_str().unwrap();
    let fast = library.assemble(path, &[]).unwrap();
    let generic = library.assemble_without_shortcuts(path, &[]).unwrap();
    assert!(fast.takes_shortcuts() && !generic.takes_shortcuts());
    let (mut fast, mut generic) = (Game::new(fast), Game::new(generic));
    let e5 = fast.rules().geometry.parse_point("E5").unwrap();
    fast.apply(Seat::One, Action::Place(e5)).unwrap();
    generic.apply(Seat::One, Action::Place(e5)).unwrap();
    // The fast path believed the promise and skipped the hook.
    assert_eq!(fast.to_act(), ToAct::Seat(Seat::Two));
    // The generic path consulted it: Player 2's move was served.
    assert_eq!(generic.to_act(), ToAct::Seat(Seat::One));
    assert_ne!(fast.state(), generic.state());
}

#[test]
fn taking_the_new_action_spends_an_opportunity_and_scores() {
    let mut game = game();
    assert!(game.legal_actions(Seat::One).contains(&BONUS.number(2)));
    game.apply(Seat::One, BONUS.number(2)).unwrap();
    assert_eq!(
        game.state().moves_completed(),
        2,
        "the bonus used Player 1's move; Player 2's was served"
    );
    assert_eq!(game.to_act(), ToAct::Seat(Seat::One));
    assert!(!game.legal_actions(Seat::One).iter().any(|&a| BONUS.is(a)));
    let before = game.state().clone();
    assert!(matches!(
        game.apply(Seat::One, BONUS.number(1)),
        Err(Refusal::Rule { .. })
    ));
    assert_eq!(game.state(), &before, "a refused action changes nothing");
    assert_eq!(game.score().total[Colour::Black], 2.0);
}

#[test]
fn the_notation_reads_and_writes_the_new_action_and_checks_its_range() {
    let game = game();
    let geometry = &game.rules().geometry;
    let action = tengen_core::notation::parse_action(geometry, "bonus 3").unwrap();
    assert_eq!(action, BONUS.number(3));
    assert_eq!(
        tengen_core::notation::format_action(geometry, action),
        "bonus 3"
    );
    let error = tengen_core::notation::parse_action(geometry, "bonus").unwrap_err();
    assert!(error.to_string().contains("bonus"), "{error}");
    // Out of the declared range: the notation reads it (it checks the
    // form, not the rules), and the engine refuses it, naming the range.
    let four = tengen_core::notation::parse_action(geometry, "bonus 4").unwrap();
    let mut game = game;
    let before = game.state().clone();
    let refusal = game.apply(Seat::One, four).unwrap_err();
    assert!(refusal.to_string().contains("1 to 3"), "{refusal}");
    assert_eq!(game.state(), &before);
    // The terminal's help and the book describe it from its declaration.
    assert!(
        tengen_core::notation::usage(&BONUS).contains("bonus"),
        "{}",
        tengen_core::notation::usage(&BONUS)
    );
}

#[test]
fn the_json_engine_and_its_schema_take_the_new_action() {
    use serde_json::{Value, json};
    let mut engine = tengen_json::engine::Engine::new(tengen_variants::library());
    let mut ask = |request: Value| -> Value {
        serde_json::to_value(engine.respond(&request.to_string())).unwrap()
    };
    let r = ask(json!({"command": "new-game", "ruleset_text": RULESET}));
    assert_eq!(r["ok"], true, "{r}");
    let r = ask(json!({"command": "legal-actions", "game": "g1"}));
    assert!(
        r.to_string().contains("test-bonus"),
        "the legal actions list it: {r}"
    );
    let r = ask(json!({"command": "apply", "game": "g1",
        "action": {"type": "test-bonus", "points": 2}}));
    assert_eq!(r["ok"], true, "{r}");
    assert!(
        r.to_string().contains("bonus 2"),
        "the notation of what was played: {r}"
    );
    // A wrong field or type is refused, naming it.
    let r = ask(json!({"command": "apply", "game": "g1",
        "action": {"type": "test-bonus", "value": 2}}));
    assert_eq!(r["ok"], false, "{r}");
    assert!(r.to_string().contains("`value`"), "{r}");
    // The schema lists the action with its field, from the registry.
    let schema = tengen_json::schema().to_string();
    assert!(
        schema.contains("\"test-bonus\""),
        "the schema names the action"
    );
    assert!(schema.contains("\"points\""), "the schema names its field");
}

#[test]
fn sgf_writes_and_reads_back_the_new_action() {
    let mut game = game();
    let e5 = game.rules().geometry.parse_point("E5").unwrap();
    game.apply(Seat::One, BONUS.number(3)).unwrap();
    game.apply(Seat::One, Action::Place(e5)).unwrap();
    let sgf = tengen_sgf::write_sgf(&game, &tengen_sgf::GameInfo::default());
    assert!(sgf.contains("bonus 3"), "{sgf}");
    let rules = std::sync::Arc::clone(game.rules());
    let back = tengen_sgf::read_sgf(&sgf, tengen_sgf::RulesChoice::Given(&rules)).unwrap();
    assert_eq!(back.game.record(), game.record());
    assert_eq!(back.game.score().total, game.score().total);
}
