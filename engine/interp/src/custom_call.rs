//! `custom_call` targets the interpreter knows: `AwsNeuronRmsNorm` (see [`super::norm`]), and
//! `mhlo.erf`, `mhlo.erfc`, `mhlo.erf_inv` and `mhlo.lgamma`: the CHLO ops that torch_xla exports
//! as custom calls of their MHLO names (PyTorch's exact GELU is `@mhlo.erf`), computed as the CHLO
//! op is. The test suite's `check.*` targets and JAX's `shape_assertion` are run before the
//! families (see [`super::check`]). Any other target is an error that names it.

use super::dispatch::Claim;
use super::scalar::unary_float;
use super::tensor::{Data, Tensor};
use super::Interpreter;
use egfuse_ir::ops::CHLO_CUSTOM_CALLS;
use egfuse_ir::OpId;

pub fn eval(cx: &mut Interpreter, op: OpId, stem: &str, args: &[&Tensor]) -> Claim {
    if stem != "custom_call" {
        return None;
    }
    let target = cx
        .module
        .op(op)
        .attr("call_target_name")
        .and_then(|a| a.as_str())
        .unwrap_or_default();
    Some(match target.as_str() {
        "AwsNeuronRmsNorm" => super::norm::rms_norm(cx, op, args),
        t if CHLO_CUSTOM_CALLS.contains(&t) => unary(cx, op, &target, args),
        other => Err(format!(
            "the interpreter does not know custom_call target @{other}"
        )),
    })
}

/// A one-operand float function of the element type, by its CHLO name (`mhlo.erf` is `erf`).
fn unary(
    cx: &Interpreter,
    op: OpId,
    target: &str,
    args: &[&Tensor],
) -> Result<Vec<Tensor>, String> {
    let [a] = args else {
        return Err(format!("@{target} takes one operand, got {}", args.len()));
    };
    let stem = target.trim_start_matches("mhlo.");
    let f = unary_float(stem).ok_or_else(|| format!("no kernel for @{target}"))?;
    let Data::Float(v) = &a.data else {
        return Err(format!(
            "@{target} takes a float tensor, got {}",
            a.elem.name()
        ));
    };
    let out = cx.result_elem(op, 0)?;
    let data = Data::Float(v.iter().map(|&x| out.round(f(x))).collect());
    Ok(vec![Tensor::new(out, a.shape.clone(), data)])
}
