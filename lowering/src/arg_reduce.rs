//! Argmax and argmin: a `reduce` of values and their indices whose body keeps the larger (or
//! smaller) value and, among equal values, the lower index, a NaN winning over every number,
//! as `jnp.argmax` and `torch.argmax` export it (greedy decoding's pick, accuracy's). The body
//! is recognised by what it computes, not by how it is spelled: it is run on probe pairs by
//! the reference interpreter and must give argmax's (or argmin's) answer on every one.
//!
//! Per tile of 128 rows, each row on the free axis in fp32, with the init as one more column:
//!
//! ```text
//! dma_copy          values and indices into SBUF, the inits into the last column
//! tensor_reduce     max (min) along the row: the value (a NaN if the row has one)
//! tensor_scalar     equal to it (1 or 0)
//! tensor_tensor     or not equal to itself (a NaN), by maximum
//! tensor_scalar     times -B, plus B: 0 where it is, B elsewhere
//! tensor_tensor     plus the indices
//! tensor_reduce     min along the row: the lowest index holding the value
//! tensor_copy       into the index's integer type; dma_copy value and index out
//! ```
//!
//! Exact: a max and a min pick values, and the indices (an iota's, below 2^24) and `B` are
//! exact in fp32. The init as a column is the reduce's own definition: the body folded over
//! the init and every element.

use crate::movement::{ap, dma_copy, push, sbuf, tensor_tensor, with_hbm};
use crate::tensor::{dims, dtype};
use egfuse_diag::{Diag, Span};
use egfuse_interp::{Data, Elem, Interpreter, Limits, Rt, Tensor};
use egfuse_ir::{Module, OpId, ValueId};
use egfuse_nisa::spec::{Alu, Arg, Opcode};
use egfuse_nisa::{BufId, Kernel};

/// Rows per tile: one per partition.
const P: u64 = 128;

/// The longest row: five fp32 tiles of it fit a partition's 192 KiB of SBUF.
const MAX_ROW: u64 = 8192;

/// The most tiles a kernel unrolls.
const MAX_TILES: u64 = 4096;

/// Indices whose magnitude stays below this are exact in fp32.
const EXACT: f64 = (1u64 << 24) as f64;

/// Which end of the order the reduce keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    Max,
    Min,
}

/// What `op` is, when it is an argmax or argmin this lowers.
pub fn of(m: &Module, op: OpId) -> Option<Which> {
    let region = variadic(m, op)?;
    [Which::Max, Which::Min]
        .into_iter()
        .find(|&w| probes(w).all(|p| agrees(&answer(m, op, region, p.0), p.1)))
}

/// Why the reduce of two operands `op` is not an argmax or argmin: the first probe its body
/// answers otherwise, against the one of the two it answers more probes of.
pub fn why_not(m: &Module, op: OpId) -> Option<String> {
    let region = variadic(m, op)?;
    let misses = |w: Which| {
        let probes = probes(w).map(|p| (p, answer(m, op, region, p.0)));
        probes
            .filter(|(p, got)| !agrees(got, p.1))
            .collect::<Vec<_>>()
    };
    let (max, min) = (misses(Which::Max), misses(Which::Min));
    let (w, first) = match max.len() <= min.len() {
        true => ("argmax", max.first()?),
        false => ("argmin", min.first()?),
    };
    let (((a, ai, b, bi), (v, i)), got) = first;
    let want = i.map_or(format!("{v}"), |i| format!("({v}, {i})"));
    let got = got.map_or("no answer".to_string(), |(v, i)| format!("({v}, {i})"));
    Some(format!(
        "a reduce of values and indices lowers as argmax or argmin only; this body answers \
         {got} on (a, ai, b, bi) = ({a}, {ai}, {b}, {bi}), where {w} answers {want}"
    ))
}

/// The body of a reduce of two operands, values and indices.
fn variadic(m: &Module, op: OpId) -> Option<egfuse_ir::RegionId> {
    let o = m.op(op);
    let shape = &*o.name == "stablehlo.reduce" && o.operands.len() == 4 && o.results.len() == 2;
    shape.then_some(*o.regions.first()?)
}

/// One probe: `(a, ai, b, bi)` and the value and index the body must return (`None`: any).
type Probe = ((f64, i128, f64, i128), (f64, Option<i128>));

/// Every pair of probe values, each with indices in both orders and equal: argmax's (or
/// argmin's) answer, a NaN beating every number. With two NaNs the index is left free: which
/// NaN a fold keeps depends on its order.
fn probes(w: Which) -> impl Iterator<Item = Probe> {
    const VALUES: [f64; 7] = [
        f64::NEG_INFINITY,
        -2.0,
        0.0,
        0.5,
        3.0,
        f64::INFINITY,
        f64::NAN,
    ];
    let pairs = VALUES.into_iter().flat_map(|a| VALUES.map(|b| (a, b)));
    pairs.flat_map(move |(a, b)| {
        [(0, 1), (1, 0), (2, 2)].map(|(ai, bi)| {
            let a_wins = match w {
                Which::Max => a > b,
                Which::Min => a < b,
            };
            let want = match (a.is_nan(), b.is_nan()) {
                (true, true) => (a, None),
                (true, false) => (a, Some(ai)),
                (false, true) => (b, Some(bi)),
                _ if a_wins => (a, Some(ai)),
                _ if a == b => (a, Some(ai.min(bi))),
                _ => (b, Some(bi)),
            };
            ((a, ai, b, bi), want)
        })
    })
}

/// Whether the body's answer is the one wanted.
fn agrees(got: &Option<(f64, i128)>, (v, i): (f64, Option<i128>)) -> bool {
    got.is_some_and(|(gv, gi)| {
        ((gv.is_nan() && v.is_nan()) || gv == v) && i.is_none_or(|i| gi == i)
    })
}

/// What the body of `op` returns on `(a, ai, b, bi)`, run by the reference interpreter: `None`
/// when it does not run or the operands are not floats and integers.
fn answer(
    m: &Module,
    op: OpId,
    region: egfuse_ir::RegionId,
    (a, ai, b, bi): (f64, i128, f64, i128),
) -> Option<(f64, i128)> {
    let o = m.op(op);
    let elem = |v: ValueId| m.ty(v).elem().and_then(|e| Elem::from_type(e).ok());
    let (value, index) = (elem(o.operands[0])?, elem(o.operands[1])?);
    if !matches!(value, Elem::Float(_)) || !matches!(index, Elem::Int { .. }) {
        return None;
    }
    let float = |x: f64| Rt::tensor(Tensor::scalar(value.clone(), Data::Float(vec![x])));
    let int = |i: i128| Rt::tensor(Tensor::scalar(index.clone(), Data::Int(vec![i])));
    let mut it = Interpreter::new(m, Limits::default());
    let args = vec![float(a), int(ai), float(b), int(bi)];
    let out = it.run_region(region, args, Some(op)).ok()?;
    let v = out.first()?.as_tensor()?.floats()?.first().copied()?;
    let i = out.get(1)?.as_tensor()?.ints()?.first().copied()?;
    Some((v, i))
}

/// The largest index magnitude the reduce can see: the iota's extent and the init's, when
/// the indices are an iota (through broadcasts) and the init a constant.
fn index_bound(m: &Module, op: OpId) -> Option<f64> {
    let o = m.op(op);
    let mut v = o.operands[1];
    loop {
        let def = m.op(m.defining_op(v)?);
        match &*def.name {
            "stablehlo.iota" => break,
            "stablehlo.broadcast_in_dim" | "stablehlo.reshape" => v = def.operands[0],
            _ => return None,
        }
    }
    let extent = dims(m, v).into_iter().max().unwrap_or(1) as f64;
    let init = egfuse_ir::facts::splat_value(m, o.operands[3], true)?;
    Some(extent.max(init.abs() + 1.0))
}

/// The on-chip tiles: values and indices with the init column, a scratch tile, and per row
/// the value and the index, in fp32 and in the index's type.
struct Tiles {
    rows: BufId,
    index: BufId,
    scratch: BufId,
    value: BufId,
    pick: BufId,
    pick_int: BufId,
}

/// The kernel `name` of the argmax or argmin `op`.
pub fn kernel(m: &Module, op: OpId, which: Which, name: String) -> Result<Kernel, Diag> {
    let o = m.op(op);
    let x = dims(m, o.operands[0]);
    let n = x.last().copied().unwrap_or(0);
    let rows: u64 = x.iter().rev().skip(1).product();
    let along = o.attr("dimensions").and_then(egfuse_ir::facts::int_list);
    let bound = index_bound(m, op);
    let why = if x.is_empty() || along != Some(vec![x.len() as i64 - 1]) {
        Some("a reduce along the last dimension only (rows on partitions)")
    } else if bound.is_none_or(|b| 4.0 * b >= EXACT) {
        Some("indices from an iota and a constant init, below 2^22: exact in fp32")
    } else if n + 1 > MAX_ROW || rows.div_ceil(P) > MAX_TILES {
        Some("rows of fewer than 8192 elements, at most 4096 tiles of 128 rows")
    } else {
        None
    };
    if let Some(why) = why {
        let msg = "this argmax or argmin `stablehlo.reduce` has no lowering in this form";
        return Err(Diag::new("lower::no-lowering", o.span, msg).with_label(why));
    }
    let mut kern = with_hbm(m, op, name, format!("arg{which:?}").to_lowercase())?;
    let int = dtype(m, o.results[1])?;
    let wide = |k: &mut Kernel, role: &str| sbuf(k, role, egfuse_nisa::Dtype::F32, vec![P, n + 1]);
    let narrow = |k: &mut Kernel, role: &str, dt| sbuf(k, role, dt, vec![P, 1]);
    let t = Tiles {
        rows: wide(&mut kern, "rows"),
        index: wide(&mut kern, "index"),
        scratch: wide(&mut kern, "scratch"),
        value: narrow(&mut kern, "value", egfuse_nisa::Dtype::F32),
        pick: narrow(&mut kern, "pick", egfuse_nisa::Dtype::F32),
        pick_int: narrow(&mut kern, "pick_int", int),
    };
    let big = 4.0 * bound.unwrap_or(0.0);
    let mut start = 0;
    while start < rows {
        let size = P.min(rows - start);
        load(&mut kern, o.span, &t, (start, size), n);
        pick(&mut kern, o.span, &t, (start, size, n), (which, big));
        start += size;
    }
    Ok(kern)
}

/// The `size` rows from `start` into the tiles, the inits as their last column.
fn load(kern: &mut Kernel, span: Span, t: &Tiles, (start, size): (u64, u64), n: u64) {
    let w = n as i64 + 1;
    for (tile, data, init) in [(t.rows, 0, 2), (t.index, 1, 3)] {
        let body = ap(tile, 0, vec![(w, size), (1, n)]);
        let src = ap(
            BufId(data),
            (start * n) as i64,
            vec![(n as i64, size), (1, n)],
        );
        dma_copy(kern, span, Arg::Ap(body), Arg::Ap(src));
        let last = ap(tile, n as i64, vec![(w, size), (1, 1)]);
        let scalar = ap(BufId(init), 0, vec![(0, size), (1, 1)]);
        dma_copy(kern, span, Arg::Ap(last), Arg::Ap(scalar));
    }
}

/// Each row's value and the lowest index holding it (or its first NaN), out to HBM.
fn pick(
    kern: &mut Kernel,
    span: Span,
    t: &Tiles,
    (start, size, n): (u64, u64, u64),
    (which, big): (Which, f64),
) {
    let wide = |b: BufId| Arg::Ap(ap(b, 0, vec![(n as i64 + 1, size), (1, n + 1)]));
    let column = |b: BufId| Arg::Ap(ap(b, 0, vec![(1, size), (1, 1)]));
    let reduce = |dst: BufId, op: Alu, data: BufId| {
        vec![
            ("dst", column(dst)),
            ("op", Arg::Alu(op)),
            ("data", wide(data)),
            ("axis", Arg::Axes(vec![1])),
        ]
    };
    let keep = match which {
        Which::Max => Alu::Maximum,
        Which::Min => Alu::Minimum,
    };
    push(
        kern,
        span,
        Opcode::TensorReduce,
        reduce(t.value, keep, t.rows),
    );
    let hit = vec![
        ("dst", wide(t.scratch)),
        ("data", wide(t.rows)),
        ("op0", Arg::Alu(Alu::Equal)),
        ("operand0", column(t.value)),
    ];
    push(kern, span, Opcode::TensorScalar, hit);
    let rows = || wide(t.rows);
    tensor_tensor(kern, span, rows(), (rows(), rows()), Alu::NotEqual);
    let scratch = || wide(t.scratch);
    tensor_tensor(kern, span, scratch(), (scratch(), rows()), Alu::Maximum);
    let away = vec![
        ("dst", wide(t.scratch)),
        ("data", wide(t.scratch)),
        ("op0", Arg::Alu(Alu::Multiply)),
        ("operand0", Arg::Float(-big)),
        ("op1", Arg::Alu(Alu::Add)),
        ("operand1", Arg::Float(big)),
    ];
    push(kern, span, Opcode::TensorScalar, away);
    tensor_tensor(kern, span, scratch(), (scratch(), wide(t.index)), Alu::Add);
    push(
        kern,
        span,
        Opcode::TensorReduce,
        reduce(t.pick, Alu::Minimum, t.scratch),
    );
    let int = vec![("dst", column(t.pick_int)), ("src", column(t.pick))];
    push(kern, span, Opcode::TensorCopy, int);
    for (out, tile) in [(4, t.value), (5, t.pick_int)] {
        let dst = ap(BufId(out), start as i64, vec![(1, size), (1, 1)]);
        dma_copy(kern, span, Arg::Ap(dst), column(tile));
    }
}
