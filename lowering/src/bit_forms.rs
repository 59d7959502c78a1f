//! Integer bit counts and a logical shift of signed integers spelled by the shifts, masks and
//! adds the select rules lower (on GpSimd, the engine for integer work), before fusion:
//!
//! - `popcnt(x)` is `sum over b < w of (x >> b) & 1`, `w` the type's width and `>>` arithmetic
//!   on a signed type (its sign bit is still bit `w - 1`: the fill only sets bits the `& 1`
//!   drops), logical on an unsigned one; each term is 0 or 1, so no sum overflows;
//! - `count_leading_zeros(x)` is `sum over b < w of ((x >> b) == 0)`: the shifts of `x` past its
//!   highest set bit are 0, and a negative `x` (arithmetic shifts) never is;
//! - `shift_right_logical(x, y)` of a signed `x` is `(x >> y) & ((1 << (w - y)) - 1)` where
//!   `0 <= y < w`, and 0 elsewhere (StableHLO shifts every bit out): the mask clears the bits the
//!   arithmetic shift filled with the sign. At `y = 0` the mask is `(1 << w) - 1`, and `1 << w`
//!   shifts its bit out: -1, every bit.
//!
//! 64-bit integers are held as 32-bit ones (`crate::int64`), so their bits are not all there:
//! they keep their diagnostic.
//!
//! Invariant: the rewritten module computes what the module did, bit for bit.

use crate::emit::At;
use egfuse_ir::{ElemType, Module, OpId, Signedness, Type, ValueId};

/// The ops rewritten here.
const OPS: &[&str] = &[
    "stablehlo.popcnt",
    "stablehlo.count_leading_zeros",
    "stablehlo.shift_right_logical",
];

/// Rewrites every bit count of `m` and every logical right shift of signed integers, on
/// integers of at most 32 bits, wherever it stands; returns how many.
pub fn expand(m: &mut Module) -> usize {
    let ops: Vec<OpId> = (m.walk().into_iter())
        .filter(|&o| OPS.contains(&&*m.op(o).name) && width(m, o).is_some())
        .collect();
    ops.into_iter().map(|o| rewrite(m, o)).count()
}

/// The width of the op's integers, when it is one rewritten here: a logical shift only of
/// signed integers (an unsigned one is the select rules' already).
fn width(m: &Module, op: OpId) -> Option<u32> {
    let o = m.op(op);
    let Type::Tensor(t) = m.ty(*o.operands.first()?) else {
        return None;
    };
    let ElemType::Int { sign, width } = t.elem else {
        return None;
    };
    let signed = sign != Signedness::Unsigned;
    let logical = &*o.name == "stablehlo.shift_right_logical";
    let wanted = (2..=32).contains(&width) && t.dims.is_some() && (signed || !logical);
    wanted.then_some(width)
}

fn rewrite(m: &mut Module, op: OpId) {
    let Some(w) = width(m, op) else {
        return;
    };
    let o = m.op(op);
    let (name, operands) = (o.name.to_string(), o.operands.clone());
    let Type::Tensor(t) = m.ty(operands[0]).clone() else {
        return;
    };
    let mut at = At::new(m, op, &t, t.elem.clone());
    let out = match &*name {
        "stablehlo.shift_right_logical" => logical(&mut at, (operands[0], operands[1]), w),
        _ => counted(&mut at, &name, operands[0], w),
    };
    at.replace(out);
}

/// The shift right of `x` by the splat `b`, arithmetic on signed integers, logical on unsigned
/// ones (the shift the select rules have for each).
fn shifted(at: &mut At, x: ValueId, b: u32) -> ValueId {
    let name = match at.compare_type {
        "UNSIGNED" => "stablehlo.shift_right_logical",
        _ => "stablehlo.shift_right_arithmetic",
    };
    let b = at.splat(&b.to_string());
    at.of(name, vec![x, b])
}

/// `popcnt` or `count_leading_zeros` of `x`: the sum of one term per bit.
fn counted(at: &mut At, name: &str, x: ValueId, w: u32) -> ValueId {
    let (one, zero) = (at.splat("1"), at.splat("0"));
    let mut sum = zero;
    for b in 0..w {
        let s = shifted(at, x, b);
        let term = match name {
            "stablehlo.popcnt" => at.of("stablehlo.and", vec![s, one]),
            _ => {
                let none = at.compare("EQ", s, zero);
                at.select(none, one, zero)
            }
        };
        sum = at.of("stablehlo.add", vec![sum, term]);
    }
    sum
}

/// `x >> y`, logical, of signed integers of width `w`.
fn logical(at: &mut At, (x, y): (ValueId, ValueId), w: u32) -> ValueId {
    let (one, zero, width) = (at.splat("1"), at.splat("0"), at.splat(&w.to_string()));
    let filled = at.of("stablehlo.shift_right_arithmetic", vec![x, y]);
    let kept = at.of("stablehlo.subtract", vec![width, y]);
    let bit = at.of("stablehlo.shift_left", vec![one, kept]);
    let mask = at.of("stablehlo.subtract", vec![bit, one]);
    let cleared = at.of("stablehlo.and", vec![filled, mask]);
    let low = at.compare("GE", y, zero);
    let high = at.compare("LT", y, width);
    let bools = at.bool.clone();
    let inside = at.op("stablehlo.and", vec![low, high], &bools);
    at.select(inside, cleared, zero)
}

#[cfg(test)]
mod tests {
    use super::*;
    use egfuse_interp::{Data, Elem, Interpreter, Limits, Rt, Tensor};

    /// The three ops on `values` of type `elem` (and, for the shift, every count from -1 to
    /// the width + 1), run before and after the rewrite.
    fn both(elem: &str, values: &[i128]) -> (Vec<Vec<i128>>, Vec<Vec<i128>>, usize) {
        let n = values.len();
        let ty = format!("tensor<{n}x{elem}>");
        let src = format!(
            "func.func @main(%x: {ty}, %y: {ty}) -> ({ty}, {ty}, {ty}) {{\n  \
             %p = stablehlo.popcnt %x : {ty}\n  %c = stablehlo.count_leading_zeros %x : {ty}\n  \
             %s = stablehlo.shift_right_logical %x, %y : {ty}\n  \
             return %p, %c, %s : {ty}, {ty}, {ty}\n}}\n"
        );
        let mut m = egfuse_ir::parse::parse(&src).expect("parses");
        let e =
            |v: ValueId| Elem::from_type(m.ty(v).elem().expect("an element type")).expect("an int");
        let f = m
            .walk()
            .into_iter()
            .find(|&o| &*m.op(o).name == "func.func")
            .expect("main");
        let arg = m.block(m.region(m.op(f).regions[0]).blocks[0]).args[0];
        let elem = e(arg);
        let width = match elem {
            Elem::Int { width, .. } => width as i128,
            _ => unreachable!("an integer type"),
        };
        let counts: Vec<i128> = (0..n).map(|i| (i as i128 % (width + 3)) - 1).collect();
        let run = |m: &Module| {
            let t = |v: &[i128]| {
                let v = v.iter().map(|&x| elem.wrap(x)).collect();
                Rt::tensor(Tensor::new(elem.clone(), vec![n], Data::Int(v)))
            };
            let mut it = Interpreter::new(m, Limits::default());
            let f = it.find_func("main").expect("main");
            let out = it.run_func(f, vec![t(values), t(&counts)]).expect("runs");
            (out.iter())
                .map(|r| r.as_tensor().and_then(Tensor::ints).expect("ints").to_vec())
                .collect::<Vec<_>>()
        };
        let before = run(&m);
        let rewritten = expand(&mut m);
        (before, run(&m), rewritten)
    }

    #[test]
    fn the_shifts_count_and_shift_every_value_bit_for_bit_as_the_ops_do() {
        let mut values = vec![0, 1, -1, 2, 3, 0x55, -0x56, 0x7f, -0x80, 0x4000, -0x8000];
        values.extend([
            0x1234_5678,
            -0x1234_5678,
            i32::MAX as i128,
            i32::MIN as i128,
        ]);
        // A logical shift of an unsigned type is the select rules' already: two ops, not three.
        for (elem, rewritten) in [("i32", 3), ("i16", 3), ("i8", 3), ("ui32", 2), ("ui8", 2)] {
            let (before, after, n) = both(elem, &values);
            assert_eq!(n, rewritten, "{elem}");
            assert_eq!(before, after, "{elem}");
        }
    }
}
