//! The route pass: every instruction gets its engine from the `route` rules, the first rule
//! that matches deciding (003 §1.2's rule, as data in rules/route.rules). An instruction no rule
//! matches is a diagnostic.

use crate::rules::{Route, RoutePred};
use egfuse_diag::Diag;
use egfuse_nisa::spec::{Alu, Arg};
use egfuse_nisa::{Inst, Kernel, Memory, Stmt};

/// Routes every instruction of `k` that has no engine yet.
pub fn route(k: &mut Kernel, routes: &[Route]) -> Result<(), Diag> {
    let mut body = std::mem::take(&mut k.body);
    let out = walk(k, &mut body, routes);
    k.body = body;
    out
}

fn walk(k: &Kernel, body: &mut [Stmt], routes: &[Route]) -> Result<(), Diag> {
    for s in body {
        match s {
            Stmt::Inst(i) if i.engine.is_none() => {
                let Some(r) = routes.iter().find(|r| matches(k, i, r)) else {
                    let msg = format!("no route rule sends `{}` to an engine", i.op.name());
                    return Err(Diag::new("lower::route", i.span, msg)
                        .with_label("unrouted")
                        .with_help(
                            "rules/route.rules ends with `route ...: _ => DVE` to take the rest",
                        ));
                };
                i.engine = Some(r.engine);
            }
            Stmt::Inst(_) => {}
            Stmt::Loop { body, .. } => walk(k, body, routes)?,
        }
    }
    Ok(())
}

/// Whether route rule `r` applies to `i`.
pub fn matches(k: &Kernel, i: &Inst, r: &Route) -> bool {
    (r.ops.is_empty() || r.ops.contains(&i.op)) && r.preds.iter().all(|p| holds(k, i, p))
}

fn holds(k: &Kernel, i: &Inst, p: &RoutePred) -> bool {
    let aps = || i.args.iter().flatten().filter_map(Arg::as_ap);
    match p {
        RoutePred::Dtype(set) => aps().all(|a| set.contains(&k.buffer(a.buf).dtype)),
        RoutePred::Alu(set) => {
            let alus: Vec<Alu> = i
                .args
                .iter()
                .flatten()
                .filter_map(|a| match a {
                    Arg::Alu(x) => Some(*x),
                    _ => None,
                })
                .collect();
            !alus.is_empty() && alus.iter().all(|a| set.contains(a))
        }
        RoutePred::ReadsPsum(want) => {
            aps().any(|a| k.buffer(a.buf).memory == Memory::Psum) == *want
        }
    }
}
