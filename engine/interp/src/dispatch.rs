//! Op dispatch: structural ops (calls, control flow, tuples, tokens) here, tensor ops through
//! the op families, each of which claims the op names it knows.

use super::tensor::Tensor;
use super::{check, chlo, control, conv, custom_call, dot, dynamic, elementwise, fft, index};
use super::{linalg, norm, pad, quantize, reduce, rng, shape, sort, window, Interpreter, Rt};
use egfuse_ir::OpId;

/// The result of a family's evaluation: `None` when the family does not know the op.
pub type Claim = Option<Result<Vec<Tensor>, String>>;

/// A family of tensor ops: given the op name without its dialect (`add`, `reduce`).
type Family = fn(&mut Interpreter, OpId, &str, &[&Tensor]) -> Claim;

/// Families that claim op names exactly come before `elementwise`, which claims any unary or
/// binary op it has a kernel for.
const FAMILIES: &[Family] = &[
    shape::eval,
    pad::eval,
    dynamic::eval,
    index::eval,
    reduce::eval,
    window::eval,
    sort::eval,
    chlo::eval,
    dot::eval,
    conv::eval,
    quantize::eval,
    linalg::eval,
    fft::eval,
    rng::eval,
    norm::eval,
    custom_call::eval,
    elementwise::eval,
];

/// Evaluates `op` on `args`.
pub fn exec(cx: &mut Interpreter, op: OpId, args: &[Rt]) -> Result<Vec<Rt>, String> {
    let name: &str = &cx.module.op(op).name;
    if let Some(out) = structural(cx, op, name, args) {
        return out;
    }
    if let Some(out) = check::eval(cx, op, args) {
        return out;
    }
    let tensors: Vec<&Tensor> = args
        .iter()
        .map(|a| {
            a.as_tensor()
                .ok_or_else(|| format!("`{name}` expects tensor operands"))
        })
        .collect::<Result<_, _>>()?;
    let stem = match name.split_once('.') {
        Some(("stablehlo" | "mhlo" | "chlo", stem)) => stem,
        _ => return Err(unsupported(name)),
    };
    for family in FAMILIES {
        if let Some(out) = family(cx, op, stem, &tensors) {
            return out.map(|ts| ts.into_iter().map(Rt::tensor).collect());
        }
    }
    Err(unsupported(name))
}

fn unsupported(name: &str) -> String {
    format!("the interpreter cannot evaluate `{name}` yet")
}

/// Calls, control flow, tuples and tokens: ops whose operands need not be tensors.
fn structural(
    cx: &mut Interpreter,
    op: OpId,
    name: &str,
    args: &[Rt],
) -> Option<Result<Vec<Rt>, String>> {
    Some(match name {
        "func.call"
        | "stablehlo.composite"
        | "mhlo.fusion"
        | "stablehlo.while"
        | "mhlo.while"
        | "stablehlo.if"
        | "mhlo.if"
        | "stablehlo.case"
        | "mhlo.case" => control::eval(cx, op, name, args),
        "stablehlo.optimization_barrier" | "mhlo.optimization_barrier" => Ok(args.to_vec()),
        "stablehlo.tuple" | "mhlo.tuple" => Ok(vec![Rt::Tuple(args.to_vec())]),
        "stablehlo.get_tuple_element" | "mhlo.get_tuple_element" => get_tuple_element(cx, op, args),
        "stablehlo.create_token"
        | "mhlo.create_token"
        | "stablehlo.after_all"
        | "mhlo.after_all" => Ok(vec![Rt::Token]),
        _ => return None,
    })
}

fn get_tuple_element(cx: &Interpreter, op: OpId, args: &[Rt]) -> Result<Vec<Rt>, String> {
    let index = cx
        .module
        .op(op)
        .attr("index")
        .and_then(|a| a.as_int())
        .ok_or("missing index")?;
    match args.first() {
        Some(Rt::Tuple(items)) => items
            .get(index as usize)
            .map(|r| vec![r.clone()])
            .ok_or_else(|| format!("tuple index {index} out of range")),
        _ => Err("get_tuple_element expects a tuple".to_string()),
    }
}
