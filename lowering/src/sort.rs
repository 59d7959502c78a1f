//! `sort` along the last dimension: a bitonic network on DVE, each row of a tile of 128 on its
//! partition's free axis (top-p sampling sorts the vocabulary's probabilities; `jnp.argsort`
//! carries an iota along). The comparator is recognised by what it computes, not by its
//! spelling: run by the reference interpreter on probe pairs it must order as JAX's total order
//! does, ascending or descending (`-0.0` equal to `0.0`, every NaN past `+inf`; integers of up
//! to 32 bits as numbers), and must not read the other operands.
//!
//! The network sorts by a composite key that makes every comparison exact and the result
//! stable: `k`, the key in fp32 (whose `-0.0 == 0.0`), negated for a descending sort, a NaN made
//! `+inf` (ascending) or `-inf` (descending); then `p`, the element's position, plus `N` for a
//! NaN ascending (after the infinities) or minus `N` descending (before them). The row is padded
//! to a power of two `N` with `k = +inf`, `p = position + 2N`: the pads end last. An integer
//! key, which fp32 holds exactly only below 2^24, is split in two exact parts: `k = x >> 8`
//! (negated, descending) and its low byte ranks `p`, `(x & 255) * 4N` added (`255 - it`,
//! descending), which orders as `x` does and then by position. Each of the
//! network's `log N (log N + 1) / 2` steps compares every element with its partner `j` away,
//! in blocks of `s` that alternate ascending and descending:
//!
//! ```text
//! tensor_tensor x5        swap = hi.k < lo.k | (hi.k == lo.k & hi.p < lo.p)  (lo, hi exchanged
//!                                                                             when descending)
//! per array (k, p, every operand in its own type):
//!   tensor_copy           tmp = lo
//!   tensor_copy_predicated  lo = hi where swap; hi = tmp where swap
//! ```
//!
//! Positions below 2^24 are exact in fp32, so a comparison never rounds; the operands move by
//! copies, bit for bit, so a sorted `-0.0` or NaN keeps its bits.

use crate::movement::{ap, dma_copy, push, sbuf, tensor_tensor, with_hbm};
use crate::tensor::{dims, dtype};
use egfuse_diag::{Diag, Span};
use egfuse_interp::{Data, Elem, Interpreter, Limits, Rt, Tensor};
use egfuse_ir::{Module, OpId};
use egfuse_nisa::spec::{Alu, Arg, Opcode};
use egfuse_nisa::{BufId, Dtype, Kernel};

/// Rows per tile: one per partition.
const P: u64 = 128;

/// The longest row the network takes: its arrays stay within a partition's SBUF.
const MAX_ROW: u64 = 2048;

/// The most operands a sort carries.
const MAX_OPERANDS: usize = 4;

/// The most tiles a kernel unrolls.
const MAX_TILES: u64 = 64;

/// Which way the comparator orders the first operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    Ascending,
    Descending,
}

/// The order of the sort `op`, when its comparator is one this lowers.
pub fn of(m: &Module, op: OpId) -> Option<Order> {
    let answers = Answers::of(m, op)?;
    [Order::Ascending, Order::Descending]
        .into_iter()
        .find(|&order| answers.misses(order).next().is_none())
}

/// Why the comparator of the sort `op` is not one this lowers: the first probe pair it answers
/// otherwise, against the order it answers more pairs of.
pub fn why_not(m: &Module, op: OpId) -> Option<String> {
    let answers = Answers::of(m, op)?;
    let count = |order| answers.misses(order).count();
    let order = match count(Order::Ascending) <= count(Order::Descending) {
        true => Order::Ascending,
        false => Order::Descending,
    };
    let (a, b, got) = answers.misses(order).next()?;
    let got = got.map_or("no answer".to_string(), |g| g.to_string());
    Some(format!(
        "a sort lowers when its comparator orders its first operand as JAX's total order does \
         and reads no other operand; on ({a}, {b}) this one answers {got}, where {order:?} \
         order answers {}",
        before(order, a, b)
    ))
}

/// The comparator's answer on every probe pair, with the other operands' pairs one way and
/// the other (`None` where it does not run, or the two differ).
struct Answers(Vec<(f64, f64, Option<bool>)>);

impl Answers {
    fn of(m: &Module, op: OpId) -> Option<Answers> {
        let o = m.op(op);
        if &*o.name != "stablehlo.sort" || o.operands.is_empty() {
            return None;
        }
        let region = *o.regions.first()?;
        let elems: Vec<Elem> = (o.operands.iter())
            .map(|&v| m.ty(v).elem().and_then(|e| Elem::from_type(e).ok()))
            .collect::<Option<_>>()?;
        let keys = probe_keys(&elems[0])?;
        let probe = |a: f64, b: f64, other: i128| -> Option<bool> {
            let scalar = |e: &Elem, data| Rt::tensor(Tensor::scalar(e.clone(), data));
            let key = |x: f64| match elems[0] {
                Elem::Float(_) => Data::Float(vec![x]),
                _ => Data::Int(vec![x as i128]),
            };
            let mut args = vec![scalar(&elems[0], key(a)), scalar(&elems[0], key(b))];
            for e in &elems[1..] {
                let data = |i: i128| match e {
                    Elem::Float(_) => Data::Float(vec![i as f64]),
                    _ => Data::Int(vec![i]),
                };
                args.push(scalar(e, data(other)));
                args.push(scalar(e, data(1 - other)));
            }
            let mut it = Interpreter::new(m, Limits::default());
            let out = it.run_region(region, args, Some(op)).ok()?;
            Some(out.first()?.as_tensor()?.ints()?.first().copied()? != 0)
        };
        let alone = o.operands.len() == 1;
        let answer = |a, b| {
            let first = probe(a, b, 0)?;
            (alone || probe(a, b, 1) == Some(first)).then_some(first)
        };
        let pairs = keys.iter().flat_map(|&a| keys.iter().map(move |&b| (a, b)));
        Some(Answers(pairs.map(|(a, b)| (a, b, answer(a, b))).collect()))
    }

    /// The probe pairs answered otherwise than `order` answers them.
    fn misses(&self, order: Order) -> impl Iterator<Item = (f64, f64, Option<bool>)> + '_ {
        let wrong =
            move |&&(a, b, got): &&(f64, f64, Option<bool>)| got != Some(before(order, a, b));
        self.0.iter().filter(wrong).copied()
    }
}

/// The probe keys of a first operand of `elem`: for floats both zeros, both NaN signs, the
/// infinities and numbers between; for integers (up to 32 bits) both ends of the type, keys
/// that differ only in their low byte or only above it, and numbers between.
fn probe_keys(elem: &Elem) -> Option<Vec<f64>> {
    match *elem {
        Elem::Float(_) => Some(vec![
            f64::NEG_INFINITY,
            -2.0,
            -0.0,
            0.0,
            0.5,
            f64::INFINITY,
            f64::NAN,
            -f64::NAN,
        ]),
        Elem::Int { width, signed } if (2..=32).contains(&width) => {
            let (low, high) = match signed {
                true => (
                    -(2f64.powi(width as i32 - 1)),
                    2f64.powi(width as i32 - 1) - 1.0,
                ),
                false => (0.0, 2f64.powi(width as i32) - 1.0),
            };
            let mid = [-300.0, -1.0, 0.0, 1.0, 255.0, 256.0, 257.0];
            let inside = mid.into_iter().filter(|k| (low..=high).contains(k));
            Some([low, high].into_iter().chain(inside).collect())
        }
        _ => None,
    }
}

/// Whether `a` sorts strictly before `b` in JAX's total order, ascending or descending.
fn before(order: Order, a: f64, b: f64) -> bool {
    let rank = |x: f64| match x.is_nan() {
        true => (1, 0.0),
        false => (0, x + 0.0),
    };
    let (a, b) = (rank(a), rank(b));
    match order {
        Order::Ascending => a.0 < b.0 || (a.0 == b.0 && a.1 < b.1),
        Order::Descending => a.0 > b.0 || (a.0 == b.0 && a.1 > b.1),
    }
}

/// The on-chip tiles of one sort: the composite key, the operands, a scratch half-row per
/// array, the swap masks and the NaN mask.
struct Tiles {
    key: BufId,
    pos: BufId,
    operands: Vec<BufId>,
    /// One per array, in the order `key`, `pos`, then the operands.
    tmp: Vec<BufId>,
    masks: [BufId; 3],
    /// The NaN mask of a float key; the low byte of an integer one.
    nan: BufId,
    /// An integer key's parts in its own type, before they become fp32.
    bits: Option<BufId>,
}

impl Tiles {
    fn arrays(&self) -> impl Iterator<Item = (BufId, BufId)> + '_ {
        let arrays = [self.key, self.pos]
            .into_iter()
            .chain(self.operands.iter().copied());
        arrays.zip(self.tmp.iter().copied())
    }
}

/// The row's shape: `n` elements, padded to `N` (`wide`), in tiles of `size` rows.
#[derive(Clone, Copy)]
struct Row {
    n: u64,
    wide: u64,
    size: u64,
}

impl Row {
    /// A view of `b` (a tile of `wide` elements a partition) from `offset`, with `free` pairs.
    fn view(self, b: BufId, offset: i64, free: &[(i64, u64)]) -> Arg {
        let mut dims = vec![(self.wide as i64, self.size)];
        dims.extend_from_slice(free);
        Arg::Ap(ap(b, offset, dims))
    }

    /// The first `n` elements of each row of `b`.
    fn head(self, b: BufId) -> Arg {
        self.view(b, 0, &[(1, self.n)])
    }
}

/// The kernel `name` of the sort `op`, ordered `order`.
pub fn kernel(m: &Module, op: OpId, order: Order, name: String) -> Result<Kernel, Diag> {
    let o = m.op(op);
    let x = dims(m, o.operands[0]);
    let n = x.last().copied().unwrap_or(0);
    let rows: u64 = x.iter().rev().skip(1).product();
    let along = o.attr("dimension").and_then(egfuse_ir::Attr::as_int);
    let why = if x.is_empty() || along != Some(x.len() as i128 - 1) {
        Some("a sort along the last dimension only (rows on partitions)")
    } else if o.operands.len() > MAX_OPERANDS {
        Some("at most 4 operands")
    } else if n > MAX_ROW || rows.div_ceil(P) > MAX_TILES {
        Some("rows of at most 2048 elements, at most 64 tiles of 128 rows")
    } else {
        None
    };
    if let Some(why) = why {
        let msg = "`stablehlo.sort` has no lowering in this form";
        return Err(Diag::new("lower::no-lowering", o.span, msg).with_label(why));
    }
    let kind = format!("sort_{order:?}").to_lowercase();
    let mut kern = with_hbm(m, op, name, kind)?;
    let wide = n.next_power_of_two().max(2);
    let types: Vec<Dtype> = (o.operands.iter())
        .map(|&v| dtype(m, v))
        .collect::<Result<_, _>>()?;
    let t = tiles(&mut kern, &types, wide);
    let mut start = 0;
    while start < rows && n > 0 {
        let row = Row {
            n,
            wide,
            size: P.min(rows - start),
        };
        load(&mut kern, o.span, &t, row, (start, order));
        network(&mut kern, o.span, &t, row);
        for (i, &v) in t.operands.iter().enumerate() {
            let out = BufId((types.len() + i) as u32);
            let dst = ap(out, (start * n) as i64, vec![(n as i64, row.size), (1, n)]);
            dma_copy(&mut kern, o.span, Arg::Ap(dst), row.head(v));
        }
        start += row.size;
    }
    Ok(kern)
}

fn tiles(kern: &mut Kernel, types: &[Dtype], wide: u64) -> Tiles {
    let mut tile = |role: &str, dt: Dtype, len: u64| sbuf(kern, role, dt, vec![P, len]);
    let key = tile("key", Dtype::F32, wide);
    let pos = tile("pos", Dtype::F32, wide);
    let operands: Vec<BufId> = (types.iter().enumerate())
        .map(|(i, &dt)| tile(&format!("v{i}"), dt, wide))
        .collect();
    let kinds = [Dtype::F32, Dtype::F32]
        .into_iter()
        .chain(types.iter().copied());
    let tmp = kinds.map(|dt| tile("tmp", dt, wide / 2)).collect();
    let masks = ["swap", "tie", "before"].map(|r| tile(r, Dtype::F32, wide / 2));
    let nan = tile("nan", Dtype::F32, wide);
    let bits = types[0].is_int().then(|| tile("bits", types[0], wide));
    Tiles {
        key,
        pos,
        operands,
        tmp,
        masks,
        nan,
        bits,
    }
}

/// The `size` rows from `start` into the tiles, and the composite key built.
fn load(kern: &mut Kernel, span: Span, t: &Tiles, row: Row, (start, order): (u64, Order)) {
    let Row { n, wide, size } = row;
    let pad = |b: BufId| row.view(b, n as i64, &[(1, wide - n)]);
    for (i, &v) in t.operands.iter().enumerate() {
        let src = ap(
            BufId(i as u32),
            (start * n) as i64,
            vec![(n as i64, size), (1, n)],
        );
        dma_copy(kern, span, row.head(v), Arg::Ap(src));
        if wide > n {
            memset(kern, span, pad(v), 0.0);
        }
    }
    match t.bits {
        Some(bits) => int_key(kern, span, t, row, (order, bits)),
        None => float_key(kern, span, t, row, order),
    }
    if wide > n {
        memset(kern, span, pad(t.key), f64::INFINITY);
        let last = vec![
            ("dst", pad(t.pos)),
            ("data", pad(t.pos)),
            ("op0", Arg::Alu(Alu::Add)),
            ("operand0", Arg::Float(2.0 * wide as f64)),
        ];
        push(kern, span, Opcode::TensorScalar, last);
    }
}

fn memset(kern: &mut Kernel, span: Span, dst: Arg, value: f64) {
    let args = vec![("dst", dst), ("value", Arg::Float(value))];
    push(kern, span, Opcode::Memset, args);
}

/// `dst = data op operand`, one instruction.
fn scalar(kern: &mut Kernel, span: Span, (dst, data): (Arg, Arg), op: Alu, operand: f64) {
    let args = vec![
        ("dst", dst),
        ("data", data),
        ("op0", Arg::Alu(op)),
        ("operand0", Arg::Float(operand)),
    ];
    push(kern, span, Opcode::TensorScalar, args);
}

/// The positions `0..wide` into the whole row of `pos`.
fn positions(kern: &mut Kernel, span: Span, t: &Tiles, row: Row) {
    let every = row.view(t.pos, 0, &[(1, row.wide)]);
    let iota = vec![
        ("dst", every),
        ("offset", Arg::Float(0.0)),
        ("channel_multiplier", Arg::Float(0.0)),
    ];
    push(kern, span, Opcode::Iota, iota);
}

/// A float key: the value in fp32, negated for a descending sort, a NaN past every number and
/// its position after (before) the infinities.
fn float_key(kern: &mut Kernel, span: Span, t: &Tiles, row: Row, order: Order) {
    let (key, nan) = (row.head(t.key), row.head(t.nan));
    let copy = vec![("dst", key.clone()), ("src", row.head(t.operands[0]))];
    push(kern, span, Opcode::TensorCopy, copy);
    tensor_tensor(
        kern,
        span,
        nan.clone(),
        (key.clone(), key.clone()),
        Alu::NotEqual,
    );
    let (sign, past) = match order {
        Order::Ascending => (1.0, f64::INFINITY),
        Order::Descending => (-1.0, f64::NEG_INFINITY),
    };
    if order == Order::Descending {
        scalar(kern, span, (key.clone(), key.clone()), Alu::Multiply, -1.0);
    }
    let fill = row.head(t.pos);
    memset(kern, span, fill.clone(), past);
    let take = vec![("dst", key), ("src", fill), ("predicate", nan.clone())];
    push(kern, span, Opcode::TensorCopyPredicated, take);
    scalar(
        kern,
        span,
        (nan.clone(), nan.clone()),
        Alu::Multiply,
        sign * row.wide as f64,
    );
    positions(kern, span, t, row);
    let pos = row.head(t.pos);
    tensor_tensor(kern, span, pos.clone(), (pos, nan), Alu::Add);
}

/// An integer key `x`, which fp32 does not hold exactly past 2^24, in two exact parts: the key
/// is `x >> 8` (arithmetic for a signed type; below 2^23 in magnitude), negated for a
/// descending sort, and the low byte `x & 255` (`255 - it`, descending) ranks the position,
/// `4 N` apart, above every position and pad offset. `(x >> 8, x & 255)` orders as `x` does,
/// so the composite key orders as `x`, then by position: stable.
fn int_key(kern: &mut Kernel, span: Span, t: &Tiles, row: Row, (order, bits): (Order, BufId)) {
    let (x, b) = (row.head(t.operands[0]), row.head(bits));
    let (key, low) = (row.head(t.key), row.head(t.nan));
    scalar(kern, span, (b.clone(), x.clone()), Alu::RightShift, 8.0);
    push(
        kern,
        span,
        Opcode::TensorCopy,
        vec![("dst", key.clone()), ("src", b.clone())],
    );
    scalar(kern, span, (b.clone(), x), Alu::BitwiseAnd, 255.0);
    push(
        kern,
        span,
        Opcode::TensorCopy,
        vec![("dst", low.clone()), ("src", b)],
    );
    if order == Order::Descending {
        scalar(kern, span, (key.clone(), key.clone()), Alu::Multiply, -1.0);
        scalar(kern, span, (low.clone(), low.clone()), Alu::Subtract, 255.0);
        scalar(kern, span, (low.clone(), low.clone()), Alu::Multiply, -1.0);
    }
    scalar(
        kern,
        span,
        (low.clone(), low.clone()),
        Alu::Multiply,
        4.0 * row.wide as f64,
    );
    positions(kern, span, t, row);
    let pos = row.head(t.pos);
    tensor_tensor(kern, span, pos.clone(), (pos, low), Alu::Add);
}

/// The bitonic network: blocks of `s` for `s` = 2, 4, ..., `N`, each merged by half-cleaners
/// `j` = `s/2`, ..., 1; blocks alternate ascending and descending until the last, ascending.
fn network(kern: &mut Kernel, span: Span, t: &Tiles, row: Row) {
    let mut s = 2;
    while s <= row.wide {
        let mut j = s / 2;
        while j >= 1 {
            let blocks = (row.wide / (2 * s)).max(1);
            let halves: &[(i64, bool)] = match s == row.wide {
                true => &[(0, true)],
                false => &[(0, true), (s as i64, false)],
            };
            for &(offset, ascending) in halves {
                let pairs = Pairs {
                    row,
                    lo: offset,
                    hi: offset + j as i64,
                    free: [(2 * s as i64, blocks), (2 * j as i64, s / (2 * j)), (1, j)],
                    count: blocks * s / 2,
                };
                exchange(kern, span, t, &pairs, ascending);
            }
            j /= 2;
        }
        s *= 2;
    }
}

/// The pairs one step compares: every block's `lo` element with its `hi` partner.
struct Pairs {
    row: Row,
    lo: i64,
    hi: i64,
    /// Blocks of one direction, the half-cleaners' groups in a block, the pairs in a group.
    free: [(i64, u64); 3],
    /// Pairs a partition.
    count: u64,
}

impl Pairs {
    fn lo(&self, b: BufId) -> Arg {
        self.row.view(b, self.lo, &self.free)
    }

    fn hi(&self, b: BufId) -> Arg {
        self.row.view(b, self.hi, &self.free)
    }

    /// The first `count` elements of each row of a half-row tile.
    fn flat(&self, b: BufId) -> Arg {
        let dims = vec![((self.row.wide / 2) as i64, self.row.size), (1, self.count)];
        Arg::Ap(ap(b, 0, dims))
    }
}

/// One step's compare-exchange: after it, each pair's `lo` holds the smaller of the two by the
/// composite key when `ascending`, the larger otherwise.
fn exchange(kern: &mut Kernel, span: Span, t: &Tiles, pairs: &Pairs, ascending: bool) {
    let order = |b: BufId| match ascending {
        true => (pairs.hi(b), pairs.lo(b)),
        false => (pairs.lo(b), pairs.hi(b)),
    };
    let [swap, tie, earlier] = t.masks.map(|b| pairs.flat(b));
    tensor_tensor(kern, span, swap.clone(), order(t.key), Alu::Less);
    tensor_tensor(kern, span, tie.clone(), order(t.key), Alu::Equal);
    tensor_tensor(kern, span, earlier.clone(), order(t.pos), Alu::Less);
    tensor_tensor(
        kern,
        span,
        tie.clone(),
        (tie.clone(), earlier),
        Alu::Multiply,
    );
    tensor_tensor(kern, span, swap.clone(), (swap.clone(), tie), Alu::Maximum);
    for (array, tmp) in t.arrays() {
        let tmp = pairs.flat(tmp);
        let save = vec![("dst", tmp.clone()), ("src", pairs.lo(array))];
        push(kern, span, Opcode::TensorCopy, save);
        for (dst, src) in [(pairs.lo(array), pairs.hi(array)), (pairs.hi(array), tmp)] {
            let args = vec![("dst", dst), ("src", src), ("predicate", swap.clone())];
            push(kern, span, Opcode::TensorCopyPredicated, args);
        }
    }
}
