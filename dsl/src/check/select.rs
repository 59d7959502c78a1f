//! Checks of one `select` rule: its left side is an op pattern over known ops, as a rewrite's
//! is, and its instructions (the first and each `then` step) read only the variables and
//! captures the left side binds. Whether
//! the instruction and its keywords exist is the lowering's to check: the nisa op table lives
//! there, and `egfuse rules check` runs both.

use super::env::{Env, Role};
use super::ops::{Ctx, Side};
use super::rewrite::{bind, names_read, op_lhs, own_operands, read, unbound, unused_names};
use crate::ast::{NisaValue, SelectRule};
use egfuse_diag::Diag;

pub(super) fn check(ctx: &mut Ctx, rule: &SelectRule) {
    op_lhs(
        ctx,
        &rule.lhs,
        "a select lowers ops",
        "stablehlo.exponential(%x)",
    );
    let mut env = Env::default();
    bind(ctx, &mut env, &rule.lhs, Side::Match);
    own_operands(ctx, &rule.lhs);
    let args = std::iter::once(&rule.inst)
        .chain(&rule.then)
        .flat_map(|call| &call.args);
    for a in args {
        match &a.value {
            NisaValue::Var(v) => {
                if env.role(&v.name).is_none() {
                    unbound(
                        ctx,
                        v,
                        "the instruction can only read what the left side matched",
                    );
                } else if env.role(&v.name) == Some(Role::Op) {
                    ctx.push(
                        Diag::new(
                            "check::rhs-unbound",
                            v.span,
                            format!("%{} names an interior op", v.name),
                        )
                        .with_label("its value is not computed: the instruction replaces it")
                        .with_help("read the op's operands instead"),
                    );
                }
            }
            NisaValue::Capture(c) | NisaValue::Recip(c) | NisaValue::Neg(c) => {
                read(ctx, &mut env, c)
            }
            NisaValue::Literal(_) => {}
        }
    }
    env.preds(ctx, &rule.preds);
    unused_names(ctx, &rule.lhs, &names_read(&[&rule.lhs], &rule.preds));
    env.unused_captures(ctx);
}
