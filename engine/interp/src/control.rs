//! Calls and control flow: `func.call`, `stablehlo.composite` (through its decomposition),
//! `mhlo.fusion` (through its body), `while`, `if` and `case`.

use super::{Interpreter, Rt};
use egfuse_ir::{Attr, OpId};

pub fn eval(cx: &mut Interpreter, op: OpId, name: &str, args: &[Rt]) -> Result<Vec<Rt>, String> {
    let o = cx.module.op(op);
    match name {
        "func.call" => call(cx, op, "callee", args),
        "stablehlo.composite" => call(cx, op, "decomposition", args),
        "mhlo.fusion" => {
            let region = *o.regions.first().ok_or("mhlo.fusion without a body")?;
            region_result(cx.run_region(region, args.to_vec(), Some(op)))
        }
        "stablehlo.while" | "mhlo.while" => while_loop(cx, op, args),
        "stablehlo.if" | "mhlo.if" => {
            let pred = scalar_int(args.first())?;
            let region = o.regions[if pred != 0 { 0 } else { 1 }];
            region_result(cx.run_region(region, Vec::new(), Some(op)))
        }
        _ => {
            let index = scalar_int(args.first())?;
            let n = o.regions.len() as i128;
            // An out-of-range index selects the last branch (the spec's default).
            let pick = if (0..n).contains(&index) {
                index
            } else {
                n - 1
            };
            let region = o.regions[pick as usize];
            region_result(cx.run_region(region, Vec::new(), Some(op)))
        }
    }
}

/// Errors from a nested region keep their own location: report them through this op.
fn region_result(r: Result<Vec<Rt>, super::EvalError>) -> Result<Vec<Rt>, String> {
    r.map_err(|e| e.message)
}

fn call(cx: &mut Interpreter, op: OpId, attr: &str, args: &[Rt]) -> Result<Vec<Rt>, String> {
    let callee = match cx.module.op(op).attr(attr) {
        Some(Attr::SymbolRef(parts)) => parts.last().map(|p| egfuse_ir::parse::unquote(p)),
        _ => None,
    }
    .ok_or_else(|| format!("missing `{attr}` symbol"))?;
    let func = cx
        .lookup_func(Some(op), &callee)
        .ok_or_else(|| format!("no function named @{callee}"))?;
    cx.run_func(func, args.to_vec())
        .map_err(|e| within(&callee, &e.message))
}

/// `message` from inside a call of `callee`, as `in @callee: message`; the frames of a
/// recursion collapse into one, `in @f (x256): message`.
fn within(callee: &str, message: &str) -> String {
    let plain = format!("in @{callee}: ");
    if let Some(rest) = message.strip_prefix(&plain) {
        return format!("in @{callee} (x2): {rest}");
    }
    let counted = (message.strip_prefix(&format!("in @{callee} (x")))
        .and_then(|rest| rest.split_once("): "))
        .and_then(|(n, rest)| Some((n.parse::<u64>().ok()?, rest)));
    match counted {
        Some((n, rest)) => format!("in @{callee} (x{}): {rest}", n + 1),
        None => format!("{plain}{message}"),
    }
}

fn while_loop(cx: &mut Interpreter, op: OpId, args: &[Rt]) -> Result<Vec<Rt>, String> {
    let regions = cx.module.op(op).regions.clone();
    let [cond, body] = regions[..] else {
        return Err("while needs a condition and a body region".to_string());
    };
    let mut state = args.to_vec();
    for _ in 0..cx.limits.max_loop_iterations {
        let keep = cx
            .run_region(cond, state.clone(), Some(op))
            .map_err(|e| e.message)?;
        if scalar_int(keep.first())? == 0 {
            return Ok(state);
        }
        state = cx
            .run_region(body, state, Some(op))
            .map_err(|e| e.message)?;
    }
    Err(format!(
        "while loop ran {} iterations without ending (Limits::max_loop_iterations)",
        cx.limits.max_loop_iterations
    ))
}

fn scalar_int(r: Option<&Rt>) -> Result<i128, String> {
    r.and_then(Rt::as_tensor)
        .and_then(|t| t.ints())
        .and_then(|v| v.first().copied())
        .ok_or_else(|| "expected an integer scalar predicate or index".to_string())
}
