//! Assembly: each section's component built from its parameters, with the
//! cross-component checks the constructors make.

use crate::action::ActionSpec;
use crate::model::ResolvedRuleset;
use crate::registry::{BuildContext, BuildProblem, Registry};
use crate::rules::Rules;
use crate::ruleset::diagnostic::{Diagnostic, SourceMap};
use crate::ruleset::node::Node;
use crate::state::ComponentKind;

/// Builds the components of a resolved ruleset. `tree` is the resolved
/// document, used to point problems at the text.
pub(crate) fn assemble(
    registry: &Registry,
    ruleset: ResolvedRuleset,
    tree: &Node,
    sources: &SourceMap,
) -> Result<Rules, Vec<Diagnostic>> {
    let mut problems = Vec::new();
    let mut report = |kind: ComponentKind, found: Vec<BuildProblem>| {
        let section = tree.get(kind.section()).expect("resolved sections exist");
        for p in found {
            let (origin, path) = match p
                .key
                .as_deref()
                .and_then(|k| section.entry(k).map(|e| (k, e)))
            {
                Some((key, entry)) => (&entry.node.origin, format!("{}.{key}", kind.section())),
                None => (
                    section.get("kind").map_or(&section.origin, |k| &k.origin),
                    kind.section().to_string(),
                ),
            };
            problems.push(Diagnostic::new(
                sources,
                "invalid-parameter",
                origin,
                path,
                p.message,
            ));
        }
    };
    let params =
        |kind: ComponentKind| serde_json::Value::Object(ruleset.section(kind).params.clone());
    let id = |kind: ComponentKind| ruleset.section(kind).kind.as_str();
    const REGISTERED: &str = "the schema admits registered kinds only";

    let topology =
        registry
            .topology(id(ComponentKind::Topology))
            .expect(REGISTERED)(&params(ComponentKind::Topology), &BuildContext::default());
    let topology = match topology {
        Ok(t) => t,
        Err(found) => {
            report(ComponentKind::Topology, found);
            return Err(problems);
        }
    };
    let geometry = topology.geometry();
    let ctx = BuildContext {
        geometry: Some(geometry),
    };

    macro_rules! build {
        ($kind:ident, $lookup:ident) => {{
            let build = registry
                .$lookup(id(ComponentKind::$kind))
                .expect(REGISTERED);
            match build(&params(ComponentKind::$kind), &ctx) {
                Ok(component) => Some(component),
                Err(found) => {
                    report(ComponentKind::$kind, found);
                    None
                }
            }
        }};
    }
    let opening = build!(Opening, opening);
    let schedule = build!(Schedule, schedule);
    let resolver = build!(Resolver, resolver);
    let repetition = build!(Repetition, repetition);
    let scorer = build!(Scorer, scorer);
    let objective = build!(Objective, objective);
    match (opening, schedule, resolver, repetition, scorer, objective) {
        (
            Some(opening),
            Some(schedule),
            Some(resolver),
            Some(repetition),
            Some(scorer),
            Some(objective),
        ) => {
            // The actions of the ruleset: those its components' registrations
            // declare, in the registry's order.
            let mut actions: Vec<&'static ActionSpec> = Vec::new();
            for kind in ComponentKind::ALL {
                if let Some(registration) = registry.get(kind, id(kind)) {
                    actions.extend(registration.actions.iter().copied());
                }
            }
            actions.sort_by_key(|spec| spec.name);
            actions.dedup_by(|a, b| std::ptr::eq(*a, *b));
            Ok(Rules::new(
                ruleset, topology, opening, schedule, resolver, repetition, scorer, objective,
                actions,
            ))
        }
        _ => Err(problems),
    }
}
