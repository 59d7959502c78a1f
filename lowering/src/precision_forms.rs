//! `reduce_precision` of f32 (bf16 and f16 through f32) spelled in integer and fp32 arithmetic, before fusion, as part of
//! the `round-forms` pass: the value rounded to nearest even at `m` mantissa bits and to a
//! float with `e` exponent bits, gradual underflow and infinities, as the reference interpreter
//! rounds it (the spec's conversion to that type and back). With `a` the bits of `|x|` and
//! `s = 23 - m`:
//!
//! - in the normal range, `(a + 2^(s-1) - 1 + ((a >> s) & 1))` with its low `s` bits cleared is
//!   `|x|` rounded to nearest even at `m` bits: a carry out of the mantissa steps the exponent,
//!   as the rounding does (integer adds on GpSimd, exact: `a < 2^31`);
//! - past the format's largest value (bits at or above those of `2^(emax + 1)`) the result is
//!   infinite; below its smallest normal `2^emin`, where the format's spacing is the fixed
//!   `q = 2^(emin - m)`, `(|x| + C) - C` with `C = 2^23 q` rounds `|x|` to a multiple of `q`,
//!   ties to even, in one fp32 add (every fp32 in `[C, 2C)` is such a multiple);
//! - the sign's bit is put back, and a NaN is itself.
//!
//! A bf16 or f16 operand is converted to f32 (exactly), rounded so, and converted back: the
//! interpreter's conversion to the format and back to the operand's type rounds twice the same
//! way (a bf16 value in an f16's subnormal range keeps at most 10 bits, which the conversion
//! back rounds to 8).
//!
//! Invariant: the rewritten module computes what the module did, bit for bit (`tests`).

use crate::emit::At;
use egfuse_ir::facts::attr_ref;
use egfuse_ir::{Attr, DenseBody, DenseElem, ElemType, FloatKind, Module, NamedAttr, OpId};
use egfuse_ir::{Signedness, Type, ValueId};

/// Rewrites every `reduce_precision` of f32, bf16 or f16 in `m`; returns how many.
pub fn expand(m: &mut Module) -> usize {
    let ops: Vec<OpId> = (m.walk().into_iter())
        .filter(|&o| &*m.op(o).name == "stablehlo.reduce_precision" && format(m, o).is_some())
        .collect();
    ops.into_iter().map(|o| rewrite(m, o)).count()
}

/// The float kinds rewritten: f32, and the narrower ones through it.
const KINDS: [FloatKind; 3] = [FloatKind::F32, FloatKind::BF16, FloatKind::F16];

/// The exponent and mantissa bits of `op`'s format, when its operand is a ranked f32, bf16 or
/// f16 tensor.
fn format(m: &Module, op: OpId) -> Option<(i64, i64)> {
    let o = m.op(op);
    let t = m.ty(*o.operands.first()?).as_tensor()?;
    let kind = KINDS.iter().any(|&k| t.elem == ElemType::Float(k));
    let f32 = kind && t.dims.is_some();
    let bits = |name| attr_ref(m, op, name)?.as_int().map(|v| v as i64);
    let (e, mantissa) = (bits("exponent_bits")?, bits("mantissa_bits")?);
    (f32 && e >= 1 && mantissa >= 0).then_some((e, mantissa))
}

fn rewrite(m: &mut Module, op: OpId) {
    let Some((e, mantissa)) = format(m, op) else {
        return;
    };
    let given = m.op(op).operands[0];
    let Type::Tensor(narrow) = m.ty(given).clone() else {
        return;
    };
    let t = egfuse_ir::TensorType {
        elem: ElemType::Float(FloatKind::F32),
        ..narrow.clone()
    };
    let floats = Type::Tensor(t.clone());
    let wide = narrow.elem != t.elem;
    let x = match wide {
        true => m.create_before(
            op,
            ("stablehlo.convert", vec![given], Vec::new()),
            floats.clone(),
        ),
        false => given,
    };
    let unsigned = ElemType::Int {
        sign: Signedness::Unsigned,
        width: 32,
    };
    let mut at = At::new(m, op, &t, unsigned);
    let bits_ty = at.ty.clone();
    let u = at.op("stablehlo.bitcast_convert", vec![x], &bits_ty);
    let (magnitude, top) = (at.splat("2147483647"), at.splat("2147483648"));
    let mut a = at.of("stablehlo.and", vec![u, magnitude]);
    let sign = at.of("stablehlo.and", vec![u, top]);
    if mantissa < 23 {
        a = rounded(&mut at, a, 23 - mantissa);
    }
    if e < 8 {
        let bias = (1i64 << (e - 1)) - 1;
        let (emin, emax) = (1 - bias, bias);
        let overflow = at.splat(&(((emax + 1 + 127) as u64) << 23).to_string());
        let inf = at.splat("2139095040");
        let big = at.compare("GE", a, overflow);
        a = at.select(big, inf, a);
        a = subnormal(&mut at, (x, a), (emin, mantissa.min(23)), &floats);
    }
    let signed = at.of("stablehlo.or", vec![a, sign]);
    let y = at.op("stablehlo.bitcast_convert", vec![signed], &floats);
    let nan = at.compare_as("NE", (x, x), "FLOAT");
    let mut out = at.op("stablehlo.select", vec![nan, x, y], &floats);
    if wide {
        out = at.op("stablehlo.convert", vec![out], &Type::Tensor(narrow));
    }
    at.replace(out);
}

/// The magnitude bits `a` rounded to nearest even with their low `s` bits cleared.
fn rounded(at: &mut At, a: ValueId, s: i64) -> ValueId {
    let shift = at.splat(&s.to_string());
    let one = at.splat("1");
    let low = at.of("stablehlo.shift_right_logical", vec![a, shift]);
    let odd = at.of("stablehlo.and", vec![low, one]);
    let half = at.splat(&((1u64 << (s - 1)) - 1).to_string());
    let biased = at.of("stablehlo.add", vec![a, half]);
    let up = at.of("stablehlo.add", vec![biased, odd]);
    let keep = at.splat(&(!((1u64 << s) - 1) & 0xFFFF_FFFF).to_string());
    at.of("stablehlo.and", vec![up, keep])
}

/// Where `|x|` is below the format's smallest normal `2^emin`, its bits rounded to a multiple
/// of `2^(emin - m)` by `(|x| + C) - C`; elsewhere `a`.
fn subnormal(
    at: &mut At,
    (x, a): (ValueId, ValueId),
    (emin, mantissa): (i64, i64),
    floats: &Type,
) -> ValueId {
    let abs = at.op("stablehlo.abs", vec![x], floats);
    let c = float(at, 2f64.powi((emin - mantissa + 23) as i32), floats);
    let smallest = float(at, 2f64.powi(emin as i32), floats);
    let up = at.op("stablehlo.add", vec![abs, c], floats);
    let back = at.op("stablehlo.subtract", vec![up, c], floats);
    let bits_ty = at.ty.clone();
    let bits = at.op("stablehlo.bitcast_convert", vec![back], &bits_ty);
    let tiny = at.compare_as("LT", (abs, smallest), "FLOAT");
    at.select(tiny, bits, a)
}

/// A splat constant of the f32 tensor type `ty`, `value` written exactly, as its bits.
fn float(at: &mut At, value: f64, ty: &Type) -> ValueId {
    let bits = format!("0x{:08X}", (value as f32).to_bits());
    let attr = Attr::Dense {
        body: DenseBody::Elems(DenseElem::Scalar(bits.into())),
        ty: ty.clone(),
    };
    let props = vec![NamedAttr::new("value", attr)];
    (at.m).create_before(at.op, ("stablehlo.constant", Vec::new(), props), ty.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use egfuse_interp::{Data, Elem, Rt, Tensor};

    /// Values at every edge of the formats below: ties at several mantissa widths, the largest
    /// finite values and just past them, smallest normals and subnormals, signed zeros,
    /// infinities, a NaN, and f32's own subnormals.
    fn values() -> Vec<f64> {
        let mut v = vec![
            0.0,
            -0.0,
            1.0,
            -1.0,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ];
        v.extend([
            65504.0, 65519.0, 65520.0, 65536.0, -70000.0, 3.4e38, 1e-45, -1.4e-42,
        ]);
        v.extend([
            6.1035156e-5,
            6.0e-5,
            5.96e-8,
            2.98e-8,
            2.99e-8,
            8.9e-8,
            1e-6,
            -3e-5,
        ]);
        v.extend([
            1.0009765625,
            1.00048828125,
            1.0014648,
            0.33333334,
            57344.0,
            61440.0,
        ]);
        let mut x = 1.7e-39;
        while x < 1e39 {
            v.extend([x, -x * 1.3]);
            x *= 7.3;
        }
        v.into_iter().map(|x| x as f32 as f64).collect()
    }

    #[test]
    fn every_format_rounds_bit_for_bit_as_the_interpreter_does() {
        for elem in ["f32", "bf16", "f16"] {
            rounds_bit_for_bit(elem);
        }
    }

    /// Every format of the test on [`values`] converted to `elem` (f32's own subnormals and
    /// values past f16's range included, which the conversion rounds or makes infinite).
    fn rounds_bit_for_bit(elem: &str) {
        let xs = values();
        let n = xs.len();
        let ty = format!("tensor<{n}x{elem}>");
        let formats = [
            (5, 10),
            (8, 7),
            (8, 3),
            (5, 2),
            (4, 3),
            (3, 2),
            (2, 1),
            (8, 23),
            (6, 0),
        ];
        let body: String = (formats.iter().enumerate())
            .map(|(i, (e, m))| {
                format!("  %r{i} = stablehlo.reduce_precision %y, format = e{e}m{m} : {ty}\n")
            })
            .collect();
        let names: Vec<String> = (0..formats.len()).map(|i| format!("%r{i}")).collect();
        let types = vec![ty.clone(); formats.len()].join(", ");
        let src = format!(
            "func.func @main(%x: tensor<{n}xf32>) -> ({types}) {{\n  %y = stablehlo.convert %x : (tensor<{n}xf32>) -> {ty}\n{body}  return {} : {types}\n}}\n",
            names.join(", ")
        );
        let mut m = egfuse_ir::parse::parse(&src).expect("parses");
        let x = || {
            let t = Tensor::new(
                Elem::Float(FloatKind::F32),
                vec![n],
                Data::Float(xs.clone()),
            );
            vec![Rt::tensor(t)]
        };
        let before = crate::emit::run_main(&m, x());
        assert_eq!(expand(&mut m), formats.len());
        let after = crate::emit::run_main(&m, x());
        for (k, (b, a)) in before.iter().zip(&after).enumerate() {
            for (i, (&w, &g)) in b.iter().zip(a).enumerate() {
                let same =
                    (w as f32).to_bits() == (g as f32).to_bits() || (w.is_nan() && g.is_nan());
                assert!(
                    same,
                    "{elem} e{}m{} of {:e}: {g:e} for {w:e}",
                    formats[k].0, formats[k].1, xs[i]
                );
            }
        }
    }
}
