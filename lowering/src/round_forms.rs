//! Rounding to an integer (`floor`, `ceil`, `round_nearest_even`, `round_nearest_afz`) spelled
//! in fp32 arithmetic, before fusion, so that the elementwise ops it becomes fuse and select as
//! any others do. The engines have no rounding instruction NKI documents at the ISA level; they
//! add in fp32 with round-to-nearest-even, and that is the law used:
//!
//! - for `0 <= a < 2^23`, `(a + 2^23) - 2^23` is `a` rounded to the nearest integer, ties to
//!   even (every fp32 in `[2^23, 2^24)` is an integer, and the add rounds to one exactly once);
//! - `round_nearest_even(x)` is that of `a = |x|` times `sign(x)` (which keeps the sign of a
//!   zero: `round(-0.3)` is `-0.0`); `round_nearest_afz` adds 1 to it where `a - r == 0.5` (a tie
//!   the even rounding took toward zero; the difference is exact);
//! - `floor(x)` is `r - 1` where `r > x`, else `r`; `ceil(x)` is `r + 1` where `r < x`, else `r`;
//! - where `|x| >= 2^23` (already an integer, or an infinity) or `x` is a NaN, the result is
//!   `x` itself.
//!
//! Floats narrower than f32 are converted to f32 and back: the ops compute in fp32, and an
//! integer that rounds a bf16 or f16 value is one of theirs. An f64 is converted so too when
//! `--float64 downcast` holds it as an f32 on the engines (`crate::float64`); under `refuse` it
//! is left alone, for the kernel's diagnostic.
//!
//! Invariant: the rewritten module computes what the module did, bit for bit, on every value
//! its element type is held as on the engines.

use crate::emit::{replace_in_f32, At};
use crate::float64::Float64;
use egfuse_ir::{Module, OpId, Type, ValueId};

/// The ops rewritten here.
const OPS: &[&str] = &[
    "stablehlo.floor",
    "stablehlo.ceil",
    "stablehlo.round_nearest_even",
    "stablehlo.round_nearest_afz",
];

/// Where fp32's integers start: every fp32 of this magnitude or more is one.
const INTEGRAL: &str = "8388608.0";

/// Rewrites every rounding op of `m` on floats the engines hold as f32 or narrower, wherever
/// it stands (a function body or a fused one); returns how many.
pub fn expand(m: &mut Module, float64: Float64) -> usize {
    let ops: Vec<OpId> = (m.walk().into_iter())
        .filter(|&o| OPS.contains(&&*m.op(o).name) && held_in_fp32(m, o, 1, float64))
        .collect();
    ops.into_iter().map(|o| rewrite(m, o)).count()
}

/// Whether `op` reads `arity` ranked floats that the engines compute in fp32 (an f64 too,
/// under `float64`'s downcast), and has one result.
pub(crate) fn held_in_fp32(m: &Module, op: OpId, arity: usize, float64: Float64) -> bool {
    let o = m.op(op);
    let ranked = |v: ValueId| matches!(m.ty(v), Type::Tensor(t) if t.dims.is_some());
    let held = float64.in_fp32(m.ty(o.operands[0]).elem());
    o.operands.len() == arity && o.results.len() == 1 && ranked(o.operands[0]) && held
}

/// Replaces the rounding op `op` by its arithmetic.
fn rewrite(m: &mut Module, op: OpId) {
    let name = m.op(op).name.to_string();
    let Type::Tensor(t) = m.ty(m.op(op).operands[0]).clone() else {
        return;
    };
    replace_in_f32(m, op, &t, |at, x| rounded(at, &name, x[0]));
}

/// `xf` (f32) rounded as the op `name` rounds.
fn rounded(at: &mut At, name: &str, xf: ValueId) -> ValueId {
    let a = at.of("stablehlo.abs", vec![xf]);
    let c = at.splat(INTEGRAL);
    let up = at.of("stablehlo.add", vec![a, c]);
    let mut ra = at.of("stablehlo.subtract", vec![up, c]);
    let one = at.splat("1.0");
    if name == "stablehlo.round_nearest_afz" {
        let d = at.of("stablehlo.subtract", vec![a, ra]);
        let half = at.splat("0.5");
        let tie = at.compare("EQ", d, half);
        let away = at.of("stablehlo.add", vec![ra, one]);
        ra = at.select(tie, away, ra);
    }
    let s = at.of("stablehlo.sign", vec![xf]);
    let mut r = at.of("stablehlo.multiply", vec![ra, s]);
    let step = match name {
        "stablehlo.floor" => Some(("GT", "stablehlo.subtract")),
        "stablehlo.ceil" => Some(("LT", "stablehlo.add")),
        _ => None,
    };
    if let Some((direction, towards)) = step {
        let past = at.compare(direction, r, xf);
        let moved = at.of(towards, vec![r, one]);
        r = at.select(past, moved, r);
    }
    let small = at.compare("LT", a, c);
    at.select(small, r, xf)
}

#[cfg(test)]
mod tests {
    use super::*;
    use egfuse_interp::{Data, Elem, Rt, Tensor};
    use egfuse_ir::FloatKind;

    /// Ties on both sides of zero, values near a tie, zeros of both signs, the range where
    /// fp32's spacing is 1/2, the edge at 2^23, huge values, infinities and a NaN.
    const VALUES: [f64; 30] = [
        0.0,
        -0.0,
        0.5,
        -0.5,
        1.5,
        -1.5,
        2.5,
        -2.5,
        0.49999997,
        -0.49999997,
        0.50000006,
        2.4999998,
        -2.5000002,
        1e-30,
        -1e-30,
        3.7,
        -3.7,
        4194304.5,
        -4194304.5,
        8388607.5,
        -8388607.5,
        8388608.0,
        8388609.0,
        -8388609.0,
        16777216.0,
        1e30,
        -1e30,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
    ];

    /// The four roundings of an argument of type `elem`, run before and after the rewrite, on
    /// the values the engines hold it as (an f64's are f32's).
    fn both(elem: &str, kind: FloatKind) -> (Vec<Vec<f64>>, Vec<Vec<f64>>) {
        let n = VALUES.len();
        let ty = format!("tensor<{n}x{elem}>");
        let ops = ["floor", "ceil", "round_nearest_even", "round_nearest_afz"];
        let body: String = (ops.iter().enumerate())
            .map(|(i, op)| format!("    %r{i} = stablehlo.{op} %x : {ty}\n"))
            .collect();
        let src = format!(
            "func.func @main(%x: {ty}) -> ({ty}, {ty}, {ty}, {ty}) {{\n{body}    \
             return %r0, %r1, %r2, %r3 : {ty}, {ty}, {ty}, {ty}\n}}\n"
        );
        let run = |m: &Module| {
            let e = Elem::Float(kind);
            let held = match kind {
                FloatKind::F64 => Elem::Float(FloatKind::F32),
                _ => e.clone(),
            };
            let values = VALUES.iter().map(|&v| held.round(v)).collect();
            let x = Rt::tensor(Tensor::new(e, vec![n], Data::Float(values)));
            crate::emit::run_main(m, vec![x])
        };
        let mut m = egfuse_ir::parse::parse(&src).expect("parses");
        let before = run(&m);
        assert_eq!(expand(&mut m, Float64::Downcast), 4);
        (before, run(&m))
    }

    #[test]
    fn the_arithmetic_rounds_every_value_bit_for_bit_as_the_ops_do() {
        let kinds = [
            ("f32", FloatKind::F32),
            ("bf16", FloatKind::BF16),
            ("f64", FloatKind::F64),
        ];
        for (elem, kind) in kinds {
            let (before, after) = both(elem, kind);
            for (op, (b, a)) in before.iter().zip(&after).enumerate() {
                for (n, (x, y)) in b.iter().zip(a).enumerate() {
                    let same = x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan());
                    assert!(
                        same,
                        "{elem} op {op} of {}: {x:?} before, {y:?} after",
                        VALUES[n]
                    );
                }
            }
        }
    }

    #[test]
    fn an_f64_the_engines_refuse_is_left_for_the_kernels_diagnostic() {
        let src = "func.func @main(%x: tensor<3xf64>) -> tensor<3xf64> {\n  \
                   %r = stablehlo.floor %x : tensor<3xf64>\n  \
                   return %r : tensor<3xf64>\n}\n";
        let mut m = egfuse_ir::parse::parse(src).expect("parses");
        assert_eq!(expand(&mut m, Float64::Refuse), 0);
        assert_eq!(expand(&mut m, Float64::Downcast), 1);
    }
}
