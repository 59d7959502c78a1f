//! `custom_call` targets the interpreter knows: `AwsNeuronRmsNorm` (see [`super::norm`]). The
//! test suite's `check.*` targets and JAX's `shape_assertion` are run before the families (see
//! [`super::check`]). Any other target is an error that names it.

use super::dispatch::Claim;
use super::tensor::Tensor;
use super::Interpreter;
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
        other => Err(format!(
            "the interpreter does not know custom_call target @{other}"
        )),
    })
}
