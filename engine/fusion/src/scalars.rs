//! Scalar constant folding before fusion, as XLA's `HloConstantFolding` folds before its fusion
//! passes: a pure op whose operands are scalar constants and whose result is one element
//! becomes the constant it computes, by the reference interpreter at the op's declared types.
//! JAX spells an attention's scale `1 / sqrt(d)` as `sqrt(constant)` then `convert` to bf16;
//! folded, the scale is a splat constant, which the rules see as one and the lowering takes as
//! an immediate, instead of a fusion of three scalar ops whose result is a whole tensor in HBM.
//!
//! Only scalars fold here: a folded tensor would be a dense constant in the module's text (the
//! lowering's own folding keeps large compile-time values out of kernels without writing them).
//! The constant is written in the shortest decimal that reads back to the same value in its
//! element type, or as its bits in hex where none does (infinities, NaNs).
//!
//! Invariant: the folded module computes what the module did, bit for bit (the interpreter
//! rounds each op to its declared type, as the module's semantics do).

use egfuse_interp::{Data, Interpreter, Limits, Rt};
use egfuse_ir::floats::{float_literal, float_to_bits};
use egfuse_ir::ops::IMPURE;
use egfuse_ir::{Attr, DenseBody, DenseElem, ElemType, FloatKind, Module, NamedAttr, OpId};

/// Folds every scalar op of `m` whose operands are scalar constants, chains included (an op
/// reading a constant folded here folds too); returns how many ops folded.
pub fn fold_scalars(m: &mut Module) -> usize {
    let mut folded = 0;
    for op in m.walk() {
        let Some(literal) = foldable(m, op).then(|| value(m, op)).flatten() else {
            continue;
        };
        let o = m.op(op);
        let (operands, result) = (o.operands.clone(), o.results[0]);
        let ty = m.ty(result).clone();
        let attr = Attr::Dense {
            body: DenseBody::Elems(DenseElem::Scalar(literal.into())),
            ty: ty.clone(),
        };
        let props = vec![NamedAttr::new("value", attr)];
        let constant = m.create_before(op, ("stablehlo.constant", Vec::new(), props), ty);
        m.replace_all_uses(result, constant);
        m.erase_op(op).expect("a folded op has no uses left");
        for v in operands {
            // A constant only the folded op read goes with it.
            if let Some(c) = m.defining_op(v).filter(|_| m.value(v).uses.is_empty()) {
                m.erase_op(c).expect("an unused constant erases");
            }
        }
        folded += 1;
    }
    folded
}

/// Whether `op` is pure, has no regions, reads only scalar constants and computes one scalar.
fn foldable(m: &Module, op: OpId) -> bool {
    let o = m.op(op);
    let pure = match o.name.split_once('.') {
        Some(("stablehlo", name)) => name != "constant" && !IMPURE.contains(&name),
        Some(("chlo", _)) => true,
        _ => false,
    };
    let scalar = |v| {
        let t = m.ty(v).as_tensor();
        t.and_then(|t| t.num_elements()) == Some(1)
    };
    let constant = |v| {
        m.defining_op(v)
            .is_some_and(|c| &*m.op(c).name == "stablehlo.constant")
    };
    let [result] = o.results[..] else {
        return false;
    };
    pure && o.regions.is_empty()
        && !o.operands.is_empty()
        && o.operands.iter().all(|&v| scalar(v) && constant(v))
        && scalar(result)
}

/// The literal of the one element `op` computes, when the interpreter computes it and the
/// element type has a literal here (complex and quantized values do not fold).
fn value(m: &Module, op: OpId) -> Option<String> {
    let o = m.op(op);
    let mut ops: Vec<OpId> = o
        .operands
        .iter()
        .filter_map(|&v| m.defining_op(v))
        .collect();
    ops.dedup();
    ops.push(op);
    let mut it = Interpreter::new(m, Limits::default());
    let out = it.run_ops(&ops, &[], &[o.results[0]]).ok()?;
    let t = out.first().and_then(Rt::as_tensor)?;
    match (&t.data, m.ty(o.results[0]).elem()?) {
        (Data::Float(x), ElemType::Float(k)) => Some(float(*k, *x.first()?)),
        (Data::Int(x), ElemType::Int { width: 1, .. }) => {
            Some((if *x.first()? != 0 { "true" } else { "false" }).into())
        }
        (Data::Int(x), ElemType::Int { .. }) => Some(x.first()?.to_string()),
        _ => None,
    }
}

/// `x`, a value of `k`, as the shortest decimal that reads back to it in `k` (every kind but
/// f64 holds only values f32 holds, and f32's shortest decimal is within half an f32 step of
/// them, so within half a step of `k`), or as `k`'s bits in hex.
fn float(k: FloatKind, x: f64) -> String {
    let decimal = match k {
        FloatKind::F64 => format!("{x:e}"),
        _ => format!("{:e}", x as f32),
    };
    // As MLIR prints them: a point in the mantissa, a signed exponent of two digits or more.
    let decimal = match decimal.split_once('e') {
        Some((mantissa, exp)) => {
            let point = if mantissa.contains('.') { "" } else { ".0" };
            let exp: i32 = exp.parse().unwrap_or(0);
            let sign = if exp < 0 { '-' } else { '+' };
            format!("{mantissa}{point}e{sign}{:02}", exp.unsigned_abs())
        }
        None => decimal,
    };
    let same = |y: f64| y.to_bits() == x.to_bits() || (y.is_nan() && x.is_nan());
    match float_literal(&decimal, k) {
        Ok(y) if x.is_finite() && same(y) => decimal,
        _ => {
            let digits = (k.bits() as usize).div_ceil(4);
            format!("0x{:0digits$X}", float_to_bits(k, x))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egfuse_ir::parse::parse;
    use egfuse_ir::print::{print, PrintOptions};
    use expect_test::{expect, Expect};

    /// Folds `input`'s scalars and prints the function body.
    fn check(input: &str, expect: Expect) {
        let mut m = parse(input).expect("parses");
        let n = fold_scalars(&mut m);
        let text = print(&m, PrintOptions::default());
        expect.assert_eq(&format!("folded {n}\n{text}"));
    }

    fn module(body: &str, result: &str) -> String {
        format!(
            "func.func @main(%x: tensor<4xbf16>) -> {result} {{\n{body}\n}}\n",
            body = body.trim_end()
        )
    }

    #[test]
    fn an_attention_scale_becomes_a_splat() {
        let body = r#"
    %c = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %s = stablehlo.sqrt %c : tensor<f32>
    %b = stablehlo.convert %s : (tensor<f32>) -> tensor<bf16>
    %w = stablehlo.broadcast_in_dim %b, dims = [] : (tensor<bf16>) -> tensor<4xbf16>
    %y = stablehlo.divide %x, %w : tensor<4xbf16>
    return %y : tensor<4xbf16>"#;
        check(
            &module(body, "tensor<4xbf16>"),
            expect![[r#"
                folded 2
                func.func @main(%x: tensor<4xbf16>) -> tensor<4xbf16> {
                  %0 = stablehlo.constant dense<1.13125e+01> : tensor<bf16>
                  %w = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<bf16>) -> tensor<4xbf16>
                  %y = stablehlo.divide %x, %w : tensor<4xbf16>
                  return %y : tensor<4xbf16>
                }
            "#]],
        );
    }

    #[test]
    fn integers_booleans_and_infinities_fold_exactly() {
        let body = r#"
    %a = stablehlo.constant dense<7> : tensor<i32>
    %b = stablehlo.constant dense<-2> : tensor<i32>
    %q = stablehlo.divide %a, %b : tensor<i32>
    %t = stablehlo.compare LT, %q, %a : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %l = stablehlo.log %z : tensor<f32>
    %n = stablehlo.constant dense<-0.000000e+00> : tensor<f64>
    %m = stablehlo.negate %n : tensor<f64>
    return %q, %t, %l, %m : tensor<i32>, tensor<i1>, tensor<f32>, tensor<f64>"#;
        check(
            &module(body, "(tensor<i32>, tensor<i1>, tensor<f32>, tensor<f64>)"),
            expect![[r#"
                folded 4
                func.func @main(%x: tensor<4xbf16>) -> (tensor<i32>, tensor<i1>, tensor<f32>, tensor<f64>) {
                  %0 = stablehlo.constant dense<-3> : tensor<i32>
                  %1 = stablehlo.constant dense<true> : tensor<i1>
                  %2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
                  %3 = stablehlo.constant dense<0.0e+00> : tensor<f64>
                  return %0, %1, %2, %3 : tensor<i32>, tensor<i1>, tensor<f32>, tensor<f64>
                }
            "#]],
        );
    }

    #[test]
    fn tensors_arguments_and_effects_stay() {
        let body = r#"
    %c = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %w = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %e = stablehlo.exponential %w : tensor<4xf32>
    %y = stablehlo.convert %x : (tensor<4xbf16>) -> tensor<4xf32>
    %s = stablehlo.multiply %y, %e : tensor<4xf32>
    return %s : tensor<4xf32>"#;
        check(
            &module(body, "tensor<4xf32>"),
            expect![[r#"
                folded 0
                func.func @main(%x: tensor<4xbf16>) -> tensor<4xf32> {
                  %c = stablehlo.constant dense<2.000000e+00> : tensor<f32>
                  %w = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<4xf32>
                  %e = stablehlo.exponential %w : tensor<4xf32>
                  %y = stablehlo.convert %x : (tensor<4xbf16>) -> tensor<4xf32>
                  %s = stablehlo.multiply %y, %e : tensor<4xf32>
                  return %s : tensor<4xf32>
                }
            "#]],
        );
    }
}
