//! `Library::choices` and `Library::conflict` on the bundled rulesets:
//! which settings a player may still pick, and why not, in a player's
//! words.

use tengen_core::ruleset::{Choices, ChoicesError, Conflict};

fn strings(settings: &[&str]) -> Vec<String> {
    settings.iter().map(|s| s.to_string()).collect()
}

fn choices(reference: &str, chosen: &[&str]) -> Choices {
    tengen_variants::library()
        .choices(reference, &strings(chosen))
        .unwrap_or_else(|e| panic!("{reference} {chosen:?}: {e}"))
}

/// The reason a setting `option=value` is unavailable, if it is.
fn reason(choices: &Choices, option: &str, value: Option<&str>) -> Option<String> {
    choices
        .options
        .iter()
        .find(|o| o.option == option)
        .and_then(|o| o.settings.iter().find(|s| s.pick.value.as_deref() == value))
        .unwrap_or_else(|| panic!("no setting {option} {value:?}"))
        .conflict
        .as_ref()
        .map(ToString::to_string)
}

/// The conflict among `chosen`, which must be one, and its text, which
/// must be in a player's words.
fn conflict(reference: &str, chosen: &[&str]) -> (Conflict, String) {
    let conflict = tengen_variants::library()
        .conflict(reference, &strings(chosen))
        .unwrap_or_else(|e| panic!("{reference} {chosen:?}: {e}"))
        .unwrap_or_else(|| panic!("{reference} {chosen:?} is a conflict"));
    let text = conflict.to_string();
    for_players(&text);
    (conflict, text)
}

/// A player's words: no file, no line, no section or key.
fn for_players(text: &str) {
    for jargon in [".toml", "line", "[", "opening.", "topology", "--option"] {
        assert!(!text.contains(jargon), "`{jargon}` in: {text}");
    }
}

#[test]
fn the_fixed_17_setup_and_a_13x13_board_are_reported_as_a_conflict_in_players_words() {
    let library = tengen_variants::library();
    let (found, text) = conflict("kill-all-go", &["setup=fixed-17", "size=13"]);
    assert!(matches!(found, Conflict::Unplayable { .. }), "{found:?}");
    assert!(
        text.starts_with("setup fixed-17 and size 13 cannot be played together: "),
        "{text}"
    );
    // At the defaults, fixed-17 is the setting a 13x13 board rules out.
    let at_defaults = choices("kill-all-go", &["setup=pieboxing", "size=13"]);
    assert_eq!(at_defaults.conflict, None);
    assert_eq!(
        reason(&at_defaults, "setup", Some("fixed-17")),
        Some(text.clone())
    );
    assert_eq!(reason(&at_defaults, "size", Some("9")), None);
    assert_eq!(reason(&at_defaults, "setup", Some("pie")), None);
    // With fixed-17 and 19x19 chosen, the other sizes are ruled out.
    let fixed = choices("kill-all-go", &["setup=fixed-17", "size=19"]);
    assert_eq!(fixed.conflict, None);
    assert_eq!(reason(&fixed, "size", Some("13")), Some(text));
    assert!(reason(&fixed, "size", Some("9")).is_some());
    assert_eq!(reason(&fixed, "size", Some("19")), None);
    assert_eq!(
        library
            .conflict("kill-all-go", &strings(&["setup=fixed-17", "size=19"]))
            .unwrap(),
        None
    );
}

#[test]
fn declared_conflicts_rule_out_switches_and_layered_options_do_not() {
    let tm = choices("thue-morse-go", &["kill-all", "size=16"]);
    let half = reason(&tm, "half-button", None).expect("kill-all rules out half-button");
    for_players(&half);
    assert_eq!(
        half,
        "half-button and kill-all cannot be played together: this ruleset does not combine them"
    );
    assert!(reason(&tm, "kill-all-handicap", None).is_some());
    assert_eq!(reason(&tm, "snub", None), None);
    assert_eq!(reason(&tm, "size", Some("11")), None);
    // Go's handicap sets the komi its size had set: options layer, and
    // every handicap fits every size.
    let go = choices("go", &["size=9", "ko=psk", "komi=6.5"]);
    assert_eq!(go.conflict, None);
    for option in &go.options {
        for setting in &option.settings {
            assert_eq!(setting.conflict, None, "{}", setting.pick);
        }
    }
}

#[test]
fn a_choice_a_later_option_would_undo_entirely_is_a_conflict() {
    // Kill-All Go with its size declared before its setup: fixed-17 would
    // silently replace the 13x13 board.
    let text = include_str!("../../rulesets/kill-all-go.toml");
    let size_at = text.find("[options.size]").unwrap();
    let setup_at = text.find("[options.setup]").unwrap();
    let reordered = format!(
        "{}{}\n{}",
        &text[..setup_at],
        &text[size_at..],
        &text[setup_at..size_at]
    );
    let file = std::env::temp_dir().join(format!("tengen-choices-{}.toml", std::process::id()));
    std::fs::write(&file, reordered).unwrap();
    let reference = file.display().to_string();
    let (found, text) = conflict(&reference, &["size=13", "setup=fixed-17"]);
    std::fs::remove_file(&file).ok();
    assert!(matches!(found, Conflict::Replaced { .. }), "{found:?}");
    assert_eq!(
        text,
        "size 13 would have no effect with setup fixed-17: everything it decides would be decided differently"
    );
}

#[test]
fn choices_that_cannot_be_judged_are_refused_in_players_words() {
    let library = tengen_variants::library();
    let refused = |chosen: &[&str]| {
        library
            .choices("kill-all-go", &strings(chosen))
            .expect_err("refused")
    };
    assert!(matches!(
        refused(&["sizes=13"]),
        ChoicesError::UnknownOption { .. }
    ));
    assert!(matches!(
        refused(&["size=13", "size=19"]),
        ChoicesError::Repeated { .. }
    ));
    assert!(matches!(
        refused(&["size=8"]),
        ChoicesError::NotAChoice { .. }
    ));
    assert!(matches!(
        refused(&["size"]),
        ChoicesError::NeedsValue { .. }
    ));
    assert_eq!(
        refused(&["size=8"]).to_string(),
        "8 is not a choice of size: the choices are 9, 13, 19"
    );
    let komi = library
        .choices("go", &strings(&["komi=abc"]))
        .expect_err("komi abc");
    assert!(matches!(komi, ChoicesError::BadValue { .. }), "{komi:?}");
    for_players(&komi.to_string());
    assert!(matches!(
        library.choices("thue-morse-go", &strings(&["snub=1"])),
        Err(ChoicesError::SwitchValue { .. })
    ));
    assert!(matches!(
        library.choices("no-such-ruleset", &[]),
        Err(ChoicesError::Broken { .. })
    ));
}

/// Every setting ruled out with `chosen` added to each choice at its
/// default, as `setting` strings.
fn ruled_out(reference: &str, chosen: &[&str]) -> Vec<String> {
    let library = tengen_variants::library();
    let resolved = library.resolve(reference, &[]).unwrap();
    let mut settings: Vec<String> = strings(chosen);
    for (name, spec) in &resolved.options {
        if let Some(default) = &spec.default
            && !chosen.iter().any(|c| c.starts_with(&format!("{name}=")))
        {
            settings.push(format!("{name}={default}"));
        }
    }
    let choices = library.choices(reference, &settings).unwrap();
    assert_eq!(choices.conflict, None, "{reference} {settings:?}");
    choices
        .options
        .iter()
        .flat_map(|o| &o.settings)
        .filter(|s| s.conflict.is_some())
        .map(|s| s.pick.setting())
        .collect()
}

/// The bundled rulesets' options conflict only where their rules say:
/// a lobby at the defaults rules out Kill-All Go's fixed-17 alone, and
/// Thue-Morse Go's kill-all switch the four it does not combine with.
#[test]
fn the_bundled_rulesets_rule_out_only_what_their_rules_rule_out() {
    for bundled in tengen_variants::library().bundled() {
        let expected: &[&str] = match bundled.id {
            "kill-all-go" => &["setup=fixed-17"],
            _ => &[],
        };
        assert_eq!(ruled_out(bundled.id, &[]), expected, "{}", bundled.id);
    }
    assert_eq!(
        ruled_out("thue-morse-go", &["kill-all"]),
        [
            "half-button",
            "handicap",
            "reverse-komi",
            "kill-all-handicap"
        ]
    );
    assert_eq!(
        ruled_out("thue-morse-go", &["eight-term", "snub", "size=23"]),
        ["balanced-marseillais"]
    );
    assert_eq!(
        ruled_out("kill-all-go", &["setup=fixed-17", "size=19"]),
        ["size=9", "size=13"]
    );
    assert_eq!(
        ruled_out("go", &["handicap=9", "size=9", "komi=0"]),
        Vec::<String>::new()
    );
}
