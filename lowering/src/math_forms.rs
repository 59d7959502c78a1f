//! The functions ACT has no table for, spelled by those it has, in fp32, before fusion (a
//! narrower float computes in fp32 and rounds once at the end; an f64, which `--float64
//! downcast` holds as an f32, computes as one):
//!
//! - `tan(x) = sin(x) / cos(x)`, as NKI's `nl.tan` computes it: with `sin` and `cos` each
//!   correctly rounded, the quotient is within about two ulps, near the poles too (ACT's `sin`
//!   and `cos` take arguments in [-pi, pi], as the `sine` and `cosine` select rules say);
//! - `cbrt(x) = sign(x) y'`, where `y = exp(log(|x|) / 3)` and `y' = 2y/3 + |x| / (3 y^2)` is one
//!   Newton step, which squares `y`'s relative error; where `y` is 0, infinite or NaN, `y' = y`;
//! - `atan2(y, x)`: `a = min(|x|, |y|) / max(|x|, |y|)` in [0, 1] (0 where both are 0, 1 where
//!   both are infinite), `atan(a)` by Cephes' `atanf` polynomial on `[-tan(pi/8), tan(pi/8)]`
//!   (above, `atan(a) = pi/4 + atan((a - 1) / (a + 1))`), then `pi/2 - r` where `|y| > |x|`,
//!   `pi - r` where `x` is negative (-0 included: `x < 0` or `1/x < 0`), and the sign of `y`;
//! - `erf_inv(x)` (CHLO's, `jax.random.normal`'s): Giles' single-precision approximation
//!   ("Approximating the erfinv function", GPU Computing Gems, 2011), as XLA computes it: with
//!   `w = -log1p(-x^2)`, a degree-8 polynomial in `w - 2.5` where `w < 5`, else in
//!   `sqrt(w) - 3`, times `x`; `x * inf` where `|x| = 1`.
//!
//! Invariant: each spelling computes its function to within 2 fp32 ulps of the reference
//! interpreter's, and gives its value at every zero, infinity and NaN (`tests`: measured at most
//! 2 ulps for `tan` and `cbrt`, 1 for `atan2`, over 14 edge values, their 196 pairs, and 492
//! values from 1e-30 to 1e30 of both signs); `erf_inv` is Giles' approximation, XLA's own,
//! within 12 ulps (measured at most 10, near 0.9995, over 4,000 values in (-1, 1) and values
//! near 0 and ±1), exact at 0 and ±1.

use crate::emit::{replace_in_f32, At};
use crate::float64::Float64;
use egfuse_ir::{Module, OpId, TensorType, Type, ValueId};

/// The ops rewritten here.
const OPS: &[&str] = &[
    "stablehlo.tan",
    "stablehlo.cbrt",
    "stablehlo.atan2",
    "chlo.erf_inv",
];

/// Giles' single-precision `erf_inv` coefficients, highest degree first: for `w < 5` in
/// `w - 2.5`, and otherwise in `sqrt(w) - 3`.
const ERF_INV: [[&str; 9]; 2] = [
    [
        "2.81022636e-08",
        "3.43273939e-07",
        "-3.5233877e-06",
        "-4.39150654e-06",
        "0.00021858087",
        "-0.00125372503",
        "-0.00417768164",
        "0.246640727",
        "1.50140941",
    ],
    [
        "-0.000200214257",
        "0.000100950558",
        "0.00134934322",
        "-0.00367342844",
        "0.00573950773",
        "-0.0076224613",
        "0.00943887047",
        "1.00167406",
        "2.83297682",
    ],
];

/// Cephes' `atanf` coefficients, highest degree first: `atan(t) = t + t z (c0 z^3 + ...)`,
/// `z = t^2`, for `|t| <= tan(pi/8)`.
const ATAN: [&str; 4] = [
    "8.05374449538e-2",
    "-1.38776856032e-1",
    "1.99777106478e-1",
    "-3.33329491539e-1",
];

/// Rewrites every `tan`, `cbrt`, `atan2` and `erf_inv` of floats the engines hold as fp32 or
/// narrower in `m` (an f64 too, under `float64`'s downcast); returns how many.
pub fn expand(m: &mut Module, float64: Float64) -> usize {
    let ops: Vec<OpId> = (m.walk().into_iter())
        .filter(|&o| OPS.contains(&&*m.op(o).name) && float(m, o, float64).is_some())
        .collect();
    ops.into_iter().map(|o| rewrite(m, o, float64)).count()
}

/// The tensor type of `op`'s result, when it is a ranked tensor of floats the engines compute
/// in fp32.
fn float(m: &Module, op: OpId, float64: Float64) -> Option<TensorType> {
    let Type::Tensor(t) = m.ty(*m.op(op).results.first()?) else {
        return None;
    };
    (float64.in_fp32(Some(&t.elem)) && t.dims.is_some()).then(|| t.clone())
}

fn rewrite(m: &mut Module, op: OpId, float64: Float64) {
    let Some(t) = float(m, op, float64) else {
        return;
    };
    let name = m.op(op).name.to_string();
    replace_in_f32(m, op, &t, |at, args| match &*name {
        "stablehlo.tan" => {
            let (s, c) = (
                at.of("stablehlo.sine", vec![args[0]]),
                at.of("stablehlo.cosine", vec![args[0]]),
            );
            at.of("stablehlo.divide", vec![s, c])
        }
        "stablehlo.cbrt" => cbrt(at, args[0]),
        "chlo.erf_inv" => erf_inv(at, args[0]),
        _ => atan2(at, args[0], args[1]),
    });
}

/// `cbrt(x)`: `exp(log(|x|) / 3)` and one Newton step, with `x`'s sign.
fn cbrt(at: &mut At, x: ValueId) -> ValueId {
    let a = at.of("stablehlo.abs", vec![x]);
    let log = at.of("stablehlo.log", vec![a]);
    let third = at.splat("0.333333343");
    let scaled = at.of("stablehlo.multiply", vec![log, third]);
    let y = at.of("stablehlo.exponential", vec![scaled]);
    let (two_thirds, zero, inf) = (
        at.splat("0.666666686"),
        at.splat("0.0"),
        at.splat("0x7F800000"),
    );
    let yy = at.of("stablehlo.multiply", vec![y, y]);
    let three = at.splat("3.0");
    let yy3 = at.of("stablehlo.multiply", vec![yy, three]);
    let q = at.of("stablehlo.divide", vec![a, yy3]);
    let y2 = at.of("stablehlo.multiply", vec![y, two_thirds]);
    let newton = at.of("stablehlo.add", vec![y2, q]);
    let (above, below) = (at.compare("GT", y, zero), at.compare("LT", y, inf));
    let bools = at.bool.clone();
    let finite = at.op("stablehlo.and", vec![above, below], &bools);
    let y = at.select(finite, newton, y);
    let sign = at.of("stablehlo.sign", vec![x]);
    at.of("stablehlo.multiply", vec![y, sign])
}

/// `erf_inv(x)` by Giles' approximation (see the module's doc).
fn erf_inv(at: &mut At, x: ValueId) -> ValueId {
    let xx = at.of("stablehlo.multiply", vec![x, x]);
    let minus = at.of("stablehlo.negate", vec![xx]);
    let log = at.of("stablehlo.log_plus_one", vec![minus]);
    let w = at.of("stablehlo.negate", vec![log]);
    let five = at.splat("5.0");
    let small = at.compare("LT", w, five);
    let near = at.splat("2.5");
    let w_near = at.of("stablehlo.subtract", vec![w, near]);
    let root = at.of("stablehlo.sqrt", vec![w]);
    let three = at.splat("3.0");
    let w_far = at.of("stablehlo.subtract", vec![root, three]);
    let t = at.select(small, w_near, w_far);
    let coefficient = |at: &mut At, i: usize| {
        let (near, far) = (at.splat(ERF_INV[0][i]), at.splat(ERF_INV[1][i]));
        at.select(small, near, far)
    };
    let mut p = coefficient(at, 0);
    for i in 1..ERF_INV[0].len() {
        let c = coefficient(at, i);
        let pt = at.of("stablehlo.multiply", vec![p, t]);
        p = at.of("stablehlo.add", vec![c, pt]);
    }
    let px = at.of("stablehlo.multiply", vec![p, x]);
    let a = at.of("stablehlo.abs", vec![x]);
    let one = at.splat("1.0");
    let edge = at.compare("EQ", a, one);
    let inf = at.splat("0x7F800000");
    let infinite = at.of("stablehlo.multiply", vec![x, inf]);
    at.select(edge, infinite, px)
}

/// Whether `x` is negative, -0 included: `x < 0` or `1 / x < 0` (`1 / -0` is `-inf`).
fn negative(at: &mut At, x: ValueId) -> ValueId {
    let (one, zero) = (at.splat("1.0"), at.splat("0.0"));
    let inverse = at.of("stablehlo.divide", vec![one, x]);
    let (below, zero_below) = (at.compare("LT", x, zero), at.compare("LT", inverse, zero));
    let bools = at.bool.clone();
    at.op("stablehlo.or", vec![below, zero_below], &bools)
}

/// `atan2(y, x)`, the angle of the point `(x, y)`.
fn atan2(at: &mut At, y: ValueId, x: ValueId) -> ValueId {
    let (ax, ay) = (
        at.of("stablehlo.abs", vec![x]),
        at.of("stablehlo.abs", vec![y]),
    );
    let hi = at.of("stablehlo.maximum", vec![ax, ay]);
    let lo = at.of("stablehlo.minimum", vec![ax, ay]);
    let a = at.of("stablehlo.divide", vec![lo, hi]);
    let (zero, one, inf) = (at.splat("0.0"), at.splat("1.0"), at.splat("0x7F800000"));
    // Both 0: the angle is the axis's; both infinite: the diagonal's.
    let origin = at.compare("EQ", hi, zero);
    let a = at.select(origin, zero, a);
    let infinite = at.compare("EQ", lo, inf);
    let a = at.select(infinite, one, a);
    let r = atan(at, a);
    let steep = at.compare("GT", ay, ax);
    let half_pi = at.splat("1.57079637");
    let turned = at.of("stablehlo.subtract", vec![half_pi, r]);
    let r = at.select(steep, turned, r);
    let pi = at.splat("3.14159274");
    let back = at.of("stablehlo.subtract", vec![pi, r]);
    let west = negative(at, x);
    let r = at.select(west, back, r);
    let minus = at.of("stablehlo.negate", vec![r]);
    let south = negative(at, y);
    at.select(south, minus, r)
}

/// `atan(a)` for `a` in [0, 1].
fn atan(at: &mut At, a: ValueId) -> ValueId {
    let (one, split) = (at.splat("1.0"), at.splat("0.414213562"));
    let big = at.compare("GT", a, split);
    let below = at.of("stablehlo.subtract", vec![a, one]);
    let above = at.of("stablehlo.add", vec![a, one]);
    let reduced = at.of("stablehlo.divide", vec![below, above]);
    let t = at.select(big, reduced, a);
    let (quarter_pi, zero) = (at.splat("0.785398185"), at.splat("0.0"));
    let offset = at.select(big, quarter_pi, zero);
    let z = at.of("stablehlo.multiply", vec![t, t]);
    let mut p = at.splat(ATAN[0]);
    for c in &ATAN[1..] {
        let pz = at.of("stablehlo.multiply", vec![p, z]);
        let c = at.splat(c);
        p = at.of("stablehlo.add", vec![pz, c]);
    }
    let pz = at.of("stablehlo.multiply", vec![p, z]);
    let tail = at.of("stablehlo.multiply", vec![pz, t]);
    let r = at.of("stablehlo.add", vec![tail, t]);
    at.of("stablehlo.add", vec![offset, r])
}

#[cfg(test)]
mod tests {
    use super::*;
    use egfuse_interp::{Data, Elem, Rt, Tensor};
    use egfuse_ir::FloatKind;

    /// The edge values every function meets, and a sweep over many magnitudes of both signs.
    fn values() -> Vec<f32> {
        let mut v = vec![
            0.0,
            -0.0,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
            1.0,
            -1.0,
        ];
        v.extend([
            f32::MIN_POSITIVE,
            1e-40,
            -1e-40,
            f32::MAX,
            std::f32::consts::FRAC_PI_2,
            -f32::from_bits(std::f32::consts::FRAC_PI_2.to_bits() - 1),
            std::f32::consts::PI,
        ]);
        let mut x = 1e-30f32;
        while x < 1e30 {
            v.extend([x, -x, x * 1.37, -x * 0.71]);
            x *= 3.1;
        }
        v
    }

    /// `@main` of the three ops over `xs` and `ys`, run before and after the rewrite.
    fn both(xs: &[f32], ys: &[f32]) -> (Vec<Vec<f64>>, Vec<Vec<f64>>) {
        let n = xs.len();
        let ty = format!("tensor<{n}xf32>");
        let src = format!(
            "func.func @main(%x: {ty}, %y: {ty}) -> ({ty}, {ty}, {ty}) {{\n  \
             %t = stablehlo.tan %x : {ty}\n  %c = stablehlo.cbrt %x : {ty}\n  \
             %a = stablehlo.atan2 %y, %x : {ty}\n  return %t, %c, %a : {ty}, {ty}, {ty}\n}}\n"
        );
        let mut m = egfuse_ir::parse::parse(&src).expect("parses");
        let run = |m: &Module| {
            let f32 = Elem::Float(FloatKind::F32);
            let t = |v: &[f32]| {
                let data = Data::Float(v.iter().map(|&x| x as f64).collect());
                Rt::tensor(Tensor::new(f32.clone(), vec![n], data))
            };
            crate::emit::run_main(m, vec![t(xs), t(ys)])
        };
        let before = run(&m);
        assert_eq!(expand(&mut m, Float64::Downcast), 3);
        (before, run(&m))
    }

    /// How many fp32 ulps apart `a` and `b` are; 0 for two NaNs, `u32::MAX` for one.
    fn ulps(a: f64, b: f64) -> u32 {
        let (a, b) = (a as f32, b as f32);
        if a.is_nan() || b.is_nan() {
            return if a.is_nan() && b.is_nan() {
                0
            } else {
                u32::MAX
            };
        }
        let key = |x: f32| {
            let bits = x.to_bits() as i64;
            if bits < 0x8000_0000 {
                bits
            } else {
                0x8000_0000 - bits
            }
        };
        (key(a) - key(b)).unsigned_abs().min(u32::MAX as u64) as u32
    }

    #[test]
    fn each_function_is_within_a_few_ulps_and_exact_at_its_edges() {
        let xs = values();
        let mut ys = xs.clone();
        ys.rotate_left(5);
        // Every pair of edge values for atan2, both ways round.
        let edges = &xs[..14];
        let (ex, ey): (Vec<f32>, Vec<f32>) = (edges.iter())
            .flat_map(|&a| edges.iter().map(move |&b| (a, b)))
            .unzip();
        for (xs, ys) in [(xs, ys), (ex, ey)] {
            let (want, got) = both(&xs, &ys);
            for (k, bound) in [(0, 2), (1, 2), (2, 2)] {
                let worst = (want[k].iter().zip(&got[k]).enumerate())
                    .max_by_key(|(_, (&w, &g))| ulps(w, g))
                    .map(|(i, (&w, &g))| (ulps(w, g), xs[i], ys[i], w, g));
                let (u, x, y, w, g) = worst.expect("values");
                assert!(
                    u <= bound,
                    "op {k} at x = {x:e}, y = {y:e}: {g:e} for {w:e}, {u} ulps"
                );
            }
        }
    }

    /// `erf_inv` over 4,000 values spread over (-1, 1), values near ±1 and 0, and its edges:
    /// Giles' approximation against the interpreter's (statrs, in f64, rounded once).
    #[test]
    fn erf_inv_is_giles_approximation_within_12_ulps() {
        let mut xs: Vec<f32> = (1..4000).map(|i| i as f32 / 2000.0 - 1.0).collect();
        for k in [1, 2, 3, 24] {
            let near = 1.0 - f32::EPSILON / 2f32.powi(k - 1);
            xs.extend([near, -near, 2f32.powi(-10 * k), -(2f32.powi(-10 * k))]);
        }
        xs.extend([0.0, -0.0, 1.0, -1.0, 2.0, f32::NAN, 1e-40]);
        let n = xs.len();
        let ty = format!("tensor<{n}xf32>");
        let src = format!(
            "func.func @main(%x: {ty}) -> {ty} {{\n  %e = chlo.erf_inv %x : {ty} -> {ty}\n  \
             return %e : {ty}\n}}\n"
        );
        let mut m = egfuse_ir::parse::parse(&src).expect("parses");
        let run = |m: &Module| {
            let data = Data::Float(xs.iter().map(|&x| x as f64).collect());
            let x = Rt::tensor(Tensor::new(Elem::Float(FloatKind::F32), vec![n], data));
            crate::emit::run_main(m, vec![x]).remove(0)
        };
        let want = run(&m);
        assert_eq!(expand(&mut m, Float64::Downcast), 1);
        let got = run(&m);
        let (u, x, w, g) = (xs.iter().zip(want.iter().zip(&got)))
            .map(|(&x, (&w, &g))| (ulps(w, g), x, w, g))
            .max_by_key(|t| t.0)
            .expect("values");
        assert!(u <= 12, "erf_inv({x:e}): {g:e} for {w:e}, {u} ulps");
        for (x, want) in [(0.0, 0.0), (1.0, f64::INFINITY), (-1.0, f64::NEG_INFINITY)] {
            let at = xs
                .iter()
                .position(|&v| v == x as f32 && v.is_sign_negative() == (x < 0.0));
            assert_eq!(got[at.expect("an edge")], want, "erf_inv({x})");
        }
    }
}
