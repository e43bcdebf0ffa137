//! The in-game `help`: the move notation, and the rules of the game being
//! played, each part in the words of the component that implements it (the
//! registry's documentation), so that no ruleset is described by another's
//! rules.

use tengen_core::Rules;
use tengen_core::rules::ComponentKind;

/// The commands of `play`, the same in every ruleset.
const COMMANDS: &str = "\
Commands:
  help          this text          board    show the board again
  undo          take back the last line you entered, where the ruleset allows it
  record        print the moves so far (a record `tengen replay` reads)
  save FILE     save the game: SGF for FILE.sgf, else the move notation
  legal         list the legal actions of the player to act (every word this game takes)
  hint          the move the AI would choose for the player to act
  quit          leave
Against the AI (`--black ai`, `--white ai`), `undo` takes back your last line and
the AI's reply.";

/// The help text for a game of `rules`: how to enter a move (passing and
/// resigning only where the objective allows them, and the actions the
/// ruleset's components declare, from their declarations), then the ruleset's components, each by
/// the summary its own documentation gives (`tengen explain` prints them in
/// full), the objective's rules in full (how the game ends), then the
/// commands.
pub(crate) fn help(rules: &Rules) -> String {
    let mut out = String::from(
        "Enter a move in the move notation, one move per line (say who acts where\n\
         either player may, as in `P1: accept`):\n  \
         D4            place a stone (column letter, row number; I is skipped)\n  \
         D4 E5         several placements in one move, where the rules give more than one\n",
    );
    if rules.objective.passing_allowed() {
        out.push_str(
            "  pass          pass one placement opportunity\n  \
             pass-move     pass the rest of the move\n",
        );
    } else {
        out.push_str("  (there is no passing in this game)\n");
    }
    if rules.objective.resignation_allowed() {
        out.push_str("  resign        give up the game\n");
    }
    // The actions the ruleset's components declare, from their
    // declarations.
    let own = rules.actions_in_use();
    if !own.is_empty() {
        out.push_str("This ruleset's own actions (where its rules allow them):\n");
        for spec in own {
            out.push_str(&format!(
                "  {:<30} {}\n",
                tengen_core::notation::usage(spec),
                spec.summary
            ));
        }
    }
    let ruleset = &rules.ruleset;
    out.push_str(&format!("\nThe rules of {}:\n", ruleset.meta.name));
    let registry = tengen_variants::registry();
    let mut ending = String::new();
    for kind in ComponentKind::ALL {
        let id = &ruleset.section(kind).kind;
        if let Some(registration) = registry.get(kind, id) {
            out.push_str(&format!("- {kind} ({id}): {}\n", registration.summary()));
            if kind == ComponentKind::Objective {
                ending = registration.docs();
            }
        }
    }
    // How a game ends (and the actions of its ending: marking, accepting)
    // is what players most need, so the objective's rules come in full.
    out.push_str(&format!("\nHow the game ends:\n{ending}\n"));
    out.push_str(&format!(
        "(`tengen explain {}` gives every rule in full; `legal` lists the actions open now.)\n\n",
        ruleset.meta.id
    ));
    out.push_str(COMMANDS);
    out
}
