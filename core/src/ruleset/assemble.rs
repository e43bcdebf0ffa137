//! Assembly: each section's component built from its parameters, with the
//! cross-component checks the constructors make.

use crate::registry::{BuildContext, BuildProblem, Builder, Registry};
use crate::rules::{ComponentKind, Rules};
use crate::ruleset::diagnostic::{Diagnostic, SourceMap};
use crate::ruleset::model::ResolvedRuleset;
use crate::ruleset::node::Node;

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
    let registration = |kind: ComponentKind| {
        registry
            .get(kind, &ruleset.section(kind).kind)
            .expect("the schema admits registered kinds only")
    };

    let topology = match registration(ComponentKind::Topology).build {
        Builder::Topology(build) => {
            build(&params(ComponentKind::Topology), &BuildContext::default())
        }
        _ => unreachable!("a topology registration builds a topology"),
    };
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
        ($kind:ident) => {{
            match registration(ComponentKind::$kind).build {
                Builder::$kind(build) => match build(&params(ComponentKind::$kind), &ctx) {
                    Ok(component) => Some(component),
                    Err(found) => {
                        report(ComponentKind::$kind, found);
                        None
                    }
                },
                _ => unreachable!("registrations build their own kind"),
            }
        }};
    }
    let opening = build!(Opening);
    let schedule = build!(Schedule);
    let resolver = build!(Resolver);
    let repetition = build!(Repetition);
    let scorer = build!(Scorer);
    let objective = build!(Objective);
    match (opening, schedule, resolver, repetition, scorer, objective) {
        (
            Some(opening),
            Some(schedule),
            Some(resolver),
            Some(repetition),
            Some(scorer),
            Some(objective),
        ) => Ok(Rules::new(
            ruleset, topology, opening, schedule, resolver, repetition, scorer, objective,
        )),
        _ => Err(problems),
    }
}
