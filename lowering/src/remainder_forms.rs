//! A float `remainder` (C's `fmod`: `x - trunc(x / y) * y`, exact, with `x`'s sign; `jnp.fmod`,
//! `torch.fmod`, `jnp.mod`'s first step) spelled in fp32 arithmetic, before fusion, exactly. The
//! engines divide and multiply with one rounding each; no instruction gives a remainder.
//!
//! With `a = |x|` and `b = |y|`, the remainder `fmod(a, b)` is reduced in passes, each by a
//! divisor `c = b * 2^(11 j)` for `j` from `J` down to 0 (a multiple of the next, so each pass
//! keeps the remainder of the last), while `r < c * 2^12` holds on entry:
//!
//! - `q = min(floor(r / c), 4095)`: the division rounds once and monotonically, so `q` is the
//!   true quotient or one more, and has at most 12 bits;
//! - `c = hi + lo`, Veltkamp's split (`hi = g - (g - c)`, `g = c * 4097`): 12 bits each, so
//!   `q * hi` and `q * lo` are exact, and with `p = q * c` rounded, `e = (q * hi - p) + q * lo`
//!   is `p`'s rounding error exactly (Dekker's product);
//! - `n = (r - p) - e` is `r - q * c` exactly: `r - p` by Sterbenz (`p` is within a factor of
//!   two of `r`), and the result is representable, so its one rounding is exact; where `q` was
//!   one too many, `n < 0` and `n + c` is the remainder, exactly again.
//!
//! A divisor `c` that overflows (and the passes above it) leaves `r` as it is: `r` is below
//! twice the next. `b >= 2^100` is scaled by 2^-64 first, with `a`, so that `g` cannot
//! overflow; the scaling is exact because then `a >= b` (else the remainder is `a`) and the
//! result is scaled back. `J` is 25 for fp32's exponents (`2^-149 * 2^(11 J + 12) > 2^128`).
//! Then the sign of `x` (`-0.0` for a negative `x` that divides evenly, as C's), a NaN where
//! `y` is 0, `x` is infinite or either is a NaN, and `x` where `|x| < |y|` (an infinite `y`).
//!
//! bf16 and f16 are converted to f32 and back: the remainder of two of their values is one of
//! theirs; so is an f64 that `--float64 downcast` holds as an f32. The kernel is long (about 20 instructions a pass): a float remainder is rare in a
//! model and must be exact.
//!
//! Invariant: the rewritten module computes what the module did, bit for bit.

use crate::emit::{replace_in_f32, At};
use crate::float64::Float64;
use crate::round_forms::held_in_fp32;
use egfuse_ir::{ElemType, FloatKind, Module, OpId, Type, ValueId};

/// Bits of quotient one pass takes, less one: passes overlap by a bit.
const STEP: &str = "2048.0";

/// Rewrites every float `remainder` of `m` that the engines hold as f32 or narrower (an f64
/// too, under `float64`'s downcast), wherever it stands; returns how many.
pub fn expand(m: &mut Module, float64: Float64) -> usize {
    let ops: Vec<OpId> = (m.walk().into_iter())
        .filter(|&o| &*m.op(o).name == "stablehlo.remainder" && held_in_fp32(m, o, 2, float64))
        .collect();
    ops.into_iter().map(|o| rewrite(m, o)).count()
}

/// The passes an element of `kind` needs (see the module's doc).
fn passes(kind: &FloatKind) -> usize {
    match kind {
        FloatKind::F16 => 4,
        _ => 26,
    }
}

/// Replaces the remainder `op` by its arithmetic.
fn rewrite(m: &mut Module, op: OpId) {
    let Type::Tensor(t) = m.ty(m.op(op).operands[0]).clone() else {
        return;
    };
    let ElemType::Float(kind) = t.elem else {
        return;
    };
    replace_in_f32(m, op, &t, |at, xy| fmod(at, (xy[0], xy[1]), passes(&kind)));
}

/// `fmod(x, y)` of f32 values, by `passes` passes (see the module's doc).
fn fmod(at: &mut At, (x, y): (ValueId, ValueId), passes: usize) -> ValueId {
    let a = at.of("stablehlo.abs", vec![x]);
    let b = at.of("stablehlo.abs", vec![y]);
    let (s, back) = scales(at, b);
    let mut r = at.of("stablehlo.multiply", vec![a, s]);
    let bs = at.of("stablehlo.multiply", vec![b, s]);
    let split = at.splat("4097.0");
    let g = at.of("stablehlo.multiply", vec![bs, split]);
    let gc = at.of("stablehlo.subtract", vec![g, bs]);
    let hi = at.of("stablehlo.subtract", vec![g, gc]);
    let lo = at.of("stablehlo.subtract", vec![bs, hi]);
    let step = at.splat(STEP);
    let mut divisors = vec![(bs, hi, lo)];
    for _ in 1..passes {
        let &(c, h, l) = divisors.last().expect("one divisor");
        let [c, h, l] = [c, h, l].map(|v| at.of("stablehlo.multiply", vec![v, step]));
        divisors.push((c, h, l));
    }
    for &(c, h, l) in divisors.iter().rev() {
        r = pass(at, r, (c, h, l));
    }
    let scaled = at.of("stablehlo.multiply", vec![r, back]);
    let below = at.compare("LT", a, b);
    let magnitude = at.select(below, a, scaled);
    signed(at, (x, y), (a, b), magnitude)
}

/// One pass: `r` reduced by `c = hi + lo` while `r < c * 2^12`; `r` itself where `r < c`, or
/// where `c` or `hi` overflowed. A pass whose `c` is `2^100` or more runs on its values scaled by
/// 2^-64 (exact: none is below `2^36` then, where `r >= c`), so that `q * hi` cannot overflow.
fn pass(at: &mut At, r: ValueId, (c, hi, lo): (ValueId, ValueId, ValueId)) -> ValueId {
    let (s, back) = scales(at, c);
    let [rs, cs, hs, ls] = [r, c, hi, lo].map(|v| at.of("stablehlo.multiply", vec![v, s]));
    let n = reduced(at, rs, (cs, hs, ls));
    let n = at.of("stablehlo.multiply", vec![n, back]);
    let inf = at.splat("0x7F800000");
    let bool = at.bool.clone();
    let finite = [at.compare("LT", c, inf), at.compare("LT", hi, inf)];
    let both = at.op("stablehlo.and", finite.to_vec(), &bool);
    let at_least = at.compare("GE", r, c);
    let taken = at.op("stablehlo.and", vec![at_least, both], &bool);
    at.select(taken, n, r)
}

/// The factor that scales values read with `v` down, and the one that scales the result back:
/// 2^-64 and 2^64 where `v >= 2^100`, else 1 and 1 (the literals are their fp32 bits).
fn scales(at: &mut At, v: ValueId) -> (ValueId, ValueId) {
    let edge = at.splat("0x71800000");
    let big = at.compare("GE", v, edge);
    let (down, up, one) = (
        at.splat("0x1F800000"),
        at.splat("0x5F800000"),
        at.splat("1.0"),
    );
    (at.select(big, down, one), at.select(big, up, one))
}

/// `r - q * c` for `q` the quotient or one more, exactly (see the module's doc).
fn reduced(at: &mut At, r: ValueId, (c, hi, lo): (ValueId, ValueId, ValueId)) -> ValueId {
    let t = at.of("stablehlo.divide", vec![r, c]);
    let integral = at.splat("8388608.0");
    let up = at.of("stablehlo.add", vec![t, integral]);
    let nearest = at.of("stablehlo.subtract", vec![up, integral]);
    let one = at.splat("1.0");
    let past = at.compare("GT", nearest, t);
    let less = at.of("stablehlo.subtract", vec![nearest, one]);
    let floor = at.select(past, less, nearest);
    let most = at.splat("4095.0");
    let q = at.of("stablehlo.minimum", vec![floor, most]);
    let p = at.of("stablehlo.multiply", vec![q, c]);
    let qh = at.of("stablehlo.multiply", vec![q, hi]);
    let ql = at.of("stablehlo.multiply", vec![q, lo]);
    let d = at.of("stablehlo.subtract", vec![qh, p]);
    let e = at.of("stablehlo.add", vec![d, ql]);
    let rp = at.of("stablehlo.subtract", vec![r, p]);
    let n = at.of("stablehlo.subtract", vec![rp, e]);
    let zero = at.splat("0.0");
    let negative = at.compare("LT", n, zero);
    let fixed = at.of("stablehlo.add", vec![n, c]);
    at.select(negative, fixed, n)
}

/// `magnitude` with `x`'s sign (a zero's too), and a NaN where `y` is 0, `x` is infinite or
/// either is a NaN.
fn signed(
    at: &mut At,
    (x, y): (ValueId, ValueId),
    (a, b): (ValueId, ValueId),
    magnitude: ValueId,
) -> ValueId {
    let zero = at.splat("0.0");
    let one = at.splat("1.0");
    let inverse = at.of("stablehlo.divide", vec![one, x]);
    let below = at.compare("LT", x, zero);
    let negative_zero = at.compare("LT", inverse, zero);
    let bool = at.bool.clone();
    let negative = at.op("stablehlo.or", vec![below, negative_zero], &bool);
    let minus = at.of("stablehlo.negate", vec![magnitude]);
    let with_sign = at.select(negative, minus, magnitude);
    let inf = at.splat("0x7F800000");
    let nan = at.splat("0x7FC00000");
    let undefined = [
        at.compare("EQ", b, zero),
        at.compare("EQ", a, inf),
        at.compare("NE", x, x),
        at.compare("NE", y, y),
    ];
    let any = (undefined.into_iter())
        .reduce(|p, q| at.op("stablehlo.or", vec![p, q], &bool))
        .expect("four tests");
    at.select(any, nan, with_sign)
}

#[cfg(test)]
mod tests {
    use super::*;
    use egfuse_interp::{Data, Elem, Rt, Tensor};

    /// Zeros of both signs, subnormals, values near powers of two and far apart in exponent,
    /// the largest finite value, infinities and a NaN: every pair of them is a case.
    const VALUES: [f64; 22] = [
        0.0,
        -0.0,
        1.4e-45,
        -3.0e-43,
        1.1754942e-38,
        0.1,
        -0.7,
        1.0,
        -1.5,
        3.0,
        6.2831855,
        -7.0,
        16777217.0,
        3.3554432e7,
        -1.0e10,
        1.2676506e30,
        3.0e35,
        -3.4028235e38,
        3.4028235e38,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
    ];

    /// Every pair of [`VALUES`], then 4000 pairs of random signs, mantissas and exponents
    /// over fp32's whole range (a fixed linear congruential sequence).
    fn pairs() -> Vec<(f64, f64)> {
        let mut pairs: Vec<(f64, f64)> = (VALUES.iter())
            .flat_map(|&x| VALUES.iter().map(move |&y| (x, y)))
            .collect();
        let mut state: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            state >> 33
        };
        let mut value = move || {
            let (m, e, sign) = (next() % (1 << 24), next() % 277, next() % 2);
            let x = m as f64 * 2f64.powi(e as i32 - 173);
            if sign == 1 {
                -x
            } else {
                x
            }
        };
        pairs.extend((0..4000).map(|_| (value(), value())));
        pairs
    }

    /// The remainder of every pair, run before and after the rewrite, as `kind`, on the values
    /// the engines hold it as (an f64's are f32's).
    fn both(elem: &str, kind: FloatKind) -> (Vec<f64>, Vec<f64>, Vec<(f64, f64)>) {
        let pairs = pairs();
        let n = pairs.len();
        let ty = format!("tensor<{n}x{elem}>");
        let src = format!(
            "func.func @main(%x: {ty}, %y: {ty}) -> {ty} {{\n  \
             %r = stablehlo.remainder %x, %y : {ty}\n  return %r : {ty}\n}}\n"
        );
        let e = Elem::Float(kind);
        let held = match kind {
            FloatKind::F64 => Elem::Float(FloatKind::F32),
            _ => e.clone(),
        };
        let arg = |f: fn(&(f64, f64)) -> f64| {
            let values = pairs.iter().map(|p| held.round(f(p))).collect();
            Rt::tensor(Tensor::new(e.clone(), vec![n], Data::Float(values)))
        };
        let run = |m: &Module| crate::emit::run_main(m, vec![arg(|p| p.0), arg(|p| p.1)]);
        let mut m = egfuse_ir::parse::parse(&src).expect("parses");
        let before = run(&m).remove(0);
        assert_eq!(expand(&mut m, Float64::Downcast), 1);
        (before, run(&m).remove(0), pairs)
    }

    #[test]
    fn the_arithmetic_is_fmod_bit_for_bit() {
        for (elem, kind) in [
            ("f32", FloatKind::F32),
            ("bf16", FloatKind::BF16),
            ("f16", FloatKind::F16),
            ("f64", FloatKind::F64),
        ] {
            let (before, after, pairs) = both(elem, kind);
            for ((x, y), (p, q)) in before.iter().zip(&after).zip(&pairs) {
                let same = x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan());
                assert!(
                    same,
                    "{elem} fmod{q:?}: {x:?} before, {y:?} after",
                    q = (p, q)
                );
            }
        }
    }
}
