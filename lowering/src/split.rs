//! Index-set splitting: a kernel that concatenates inside itself computes each piece apart.
//!
//! The tile pass holds every value a kernel computes in one rows-and-columns space. The operands
//! of a concatenate are narrower than its result, so inside a kernel it has no place; at the
//! kernel's edge it has one, each operand stored to its own range of the output
//! ([`crate::edge`]). Before the passes, each concatenate a kernel computes on is moved down to
//! its results by the law `f(concat(a, b), y) = concat(f(a, y[:n]), f(b, y[n:]))` for an
//! elementwise `f` (and through a broadcast, along the dimension it maps the concatenated one
//! to), and each slice this makes of a value the kernel computes is moved up towards its inputs
//! by `f(x, y)[r] = f(x[r], y[r])` (through a broadcast, a slice, or the concatenate whose piece
//! it selects; a slice of a splat constant is the splat at its shape), where a slice is the
//! access pattern of a load. Both laws are exact: every element is computed by the same ops
//! from the same operands, once per piece that reads it.
//!
//! A rotary embedding is the case this exists for: PyTorch's `rotate_half` concatenates
//! `-x[n:]` and `x[:n]`, multiplies the result by `sin` and adds `x * cos`; split, the kernel
//! computes `x[:n] * cos[:n] - x[n:] * sin[:n]` and `x[n:] * cos[n:] + x[:n] * sin[n:]` and
//! stores each to its half, which is how JAX spells it in the first place.
//!
//! Invariant: the split body computes what the body did, output for output; `lower --check`
//! runs the original body against the kernel made from the split one.

use egfuse_diag::Diag;
use egfuse_ir::facts::{int_list, splat_scalar};
use egfuse_ir::{Attr, BlockId, Module, NamedAttr, OpId, Type, ValueId};
use rustc_hash::FxHashMap;

/// The kernels whose bodies were split, on one copy of the module, made when the first needs it.
#[derive(Default)]
pub struct Split {
    module: Option<Module>,
    outcome: FxHashMap<OpId, Result<(), Diag>>,
}

impl Split {
    /// Splits each body of `bodies` (a kernel's op and its body's block) that [`needed`] it,
    /// and says why a body that still reads a concatenate whole cannot lower.
    pub fn of(
        m: &Module,
        bodies: impl Iterator<Item = (OpId, BlockId)>,
        limits: SplitLimits,
    ) -> Split {
        let mut out = Split::default();
        for (op, block) in bodies {
            let outcome = match needed(m, block) {
                true => {
                    let w = out.module.get_or_insert_with(|| m.clone());
                    split(w, block, limits).and_then(|()| whole(w, block))
                }
                false => match whole(m, block) {
                    Ok(()) => continue,
                    Err(d) => Err(d),
                },
            };
            out.outcome.insert(op, outcome);
        }
        out
    }

    /// The module to lower the kernel of `op` from, or why it cannot lower; none when it
    /// lowers from the original module.
    pub fn module(&self, op: OpId) -> Option<Result<&Module, &Diag>> {
        let outcome = self.outcome.get(&op)?;
        let w = self.module.as_ref();
        Some(outcome.as_ref().map(|()| w.expect("a split body's module")))
    }

    /// The copy of the module the split bodies were written into, if any body was split.
    pub fn split_module(&self) -> Option<&Module> {
        self.module.as_ref()
    }
}

/// Why the body `block` cannot lower, if it reads a concatenate whole: by anything but a chain
/// of views, each read once, that writes a result (whose stores take each piece to its range).
fn whole(m: &Module, block: BlockId) -> Result<(), Diag> {
    for &op in &m.block(block).ops {
        if &*m.op(op).name != "stablehlo.concatenate" {
            continue;
        }
        if let Some(r) = stuck_reader(m, m.op(op).results[0]) {
            let msg = "a concatenate this kernel cannot compute piece by piece";
            let label = format!("`{}` reads it whole", m.op(r).name);
            let help = "a kernel computes each piece of a concatenate apart through elementwise \
                        ops, broadcasts and reshapes of unit dimensions, up to its results";
            return Err(Diag::new("lower::split", m.op(op).span, msg)
                .with_label(label)
                .with_help(help));
        }
    }
    Ok(())
}

/// The first op on the way from `v` to the body's results that is not a view of the chain that
/// writes a result (a transpose, a reshape, a broadcast or a concatenate, read once), if any.
fn stuck_reader(m: &Module, mut v: ValueId) -> Option<OpId> {
    loop {
        let uses = &m.value(v).uses;
        let terminator = |r: OpId| m.op(r).def.is_some_and(|d| d.traits.terminator);
        let r = uses.iter().map(|u| u.op).find(|&r| !terminator(r))?;
        let view = matches!(
            &*m.op(r).name,
            "stablehlo.transpose"
                | "stablehlo.reshape"
                | "stablehlo.broadcast_in_dim"
                | "stablehlo.concatenate"
        );
        if !view || uses.len() > 1 {
            return Some(r);
        }
        v = m.op(r).results[0];
    }
}

/// How far splitting may go.
#[derive(Clone, Copy, Debug)]
pub struct SplitLimits {
    /// Ops a body may grow by, as a multiple of its own size (plus a constant).
    pub growth: usize,
}

impl Default for SplitLimits {
    fn default() -> SplitLimits {
        SplitLimits { growth: 8 }
    }
}

/// Whether the body `block` computes on a concatenate (an elementwise op, a broadcast or a
/// unit reshape reads one), or slices a value it computes where the slice can move up towards
/// its inputs (a refined export's slice of a broadcast of ones).
pub fn needed(m: &Module, block: BlockId) -> bool {
    let ops = &m.block(block).ops;
    ops.iter()
        .any(|&op| sink_site(m, op).is_some() || hoistable(m, op))
}

/// Splits the body `block` in place: concatenates moved down to its results, the slices that
/// makes moved up to its inputs, and the ops left unread erased. Stops with a diagnostic when
/// the body outgrows `limits`.
pub fn split(m: &mut Module, block: BlockId, limits: SplitLimits) -> Result<(), Diag> {
    let start = m.block(block).ops.len();
    let budget = start * limits.growth + 64;
    let mut made = 0;
    while let Some(step) = next_step(m, block) {
        made += match step {
            Step::Sink(concat, reader) => sink(m, concat, reader),
            Step::Hoist(slice) => hoist(m, slice),
        };
        if made > budget {
            let at = m
                .block_parent_op(block)
                .map_or(egfuse_diag::Span::NONE, |o| m.op(o).span);
            let msg = format!("splitting this kernel's concatenates made more than {budget} ops");
            return Err(Diag::new("lower::split", at, msg)
                .with_label("each piece of a concatenate is computed apart"));
        }
    }
    erase_unread(m, block);
    Ok(())
}

/// One rewrite of the body.
enum Step {
    /// A concatenate and an op that reads it, which computes on its pieces instead.
    Sink(OpId, OpId),
    /// A slice of a value the body computes, taken of that value's operands instead.
    Hoist(OpId),
}

/// The first rewrite the body allows: concatenates sink first, then slices rise.
fn next_step(m: &Module, block: BlockId) -> Option<Step> {
    let ops = &m.block(block).ops;
    if let Some(step) = ops.iter().find_map(|&op| sink_site(m, op)) {
        return Some(step);
    }
    ops.iter()
        .find(|&&op| hoistable(m, op))
        .map(|&op| Step::Hoist(op))
}

/// `op` and a reader it sinks through, when `op` is a concatenate that has one.
fn sink_site(m: &Module, op: OpId) -> Option<Step> {
    let o = m.op(op);
    if &*o.name != "stablehlo.concatenate" || o.results.len() != 1 {
        return None;
    }
    let c = o.results[0];
    let d = concat_dim(m, op)?;
    // A concatenate the verifier let through with a dimension or operand rank out of place
    // is left alone (the lowering then reports it).
    let rank = m.ty(c).dims()?.len();
    let ranked = |x: &ValueId| m.ty(*x).dims().is_some_and(|s| s.len() == rank);
    if d >= rank || !o.operands.iter().all(ranked) {
        return None;
    }
    let reader = (m.value(c).uses.iter()).map(|u| u.op).find(|&r| {
        m.op(r).parent == o.parent && (pointwise(m, r) || maps_dim(m, r, d).is_some())
    })?;
    Some(Step::Sink(op, reader))
}

/// Whether `op` computes element by element: one result, every operand a scalar or of the
/// result's shape.
fn pointwise(m: &Module, op: OpId) -> bool {
    let o = m.op(op);
    let elementwise = o.def.is_some_and(|d| d.traits.elementwise)
        || matches!(&*o.name, "stablehlo.compare" | "stablehlo.select");
    let Some(shape) = (o.results.len() == 1)
        .then(|| m.ty(o.results[0]).dims())
        .flatten()
    else {
        return false;
    };
    elementwise
        && (o.operands.iter()).all(|&x| m.ty(x).dims().is_some_and(|d| d.is_empty() || d == shape))
}

/// The result dimension a broadcast or a reshape `op` puts its operand's dimension `d` on,
/// when that keeps its size: a broadcast by its dimensions, a reshape that only adds or drops
/// unit dimensions by the order of the others.
fn maps_dim(m: &Module, op: OpId, d: usize) -> Option<usize> {
    let o = m.op(op);
    let (from, to) = (
        m.ty(*o.operands.first()?).dims()?,
        m.ty(*o.results.first()?).dims()?,
    );
    let e = match &*o.name {
        "stablehlo.broadcast_in_dim" => {
            *o.attr("broadcast_dimensions").and_then(int_list)?.get(d)? as usize
        }
        "stablehlo.reshape" if squeezed(from) == squeezed(to) && from.get(d) != Some(&1) => {
            let k = (from[..d].iter()).filter(|&&n| n != 1).count();
            (0..to.len()).filter(|&j| to[j] != 1).nth(k)?
        }
        _ => return None,
    };
    (Some(from.get(d)?) == to.get(e)).then_some(e)
}

/// The sizes of `d` other than 1, in order.
fn squeezed(d: &[i64]) -> Vec<i64> {
    d.iter().copied().filter(|&n| n != 1).collect()
}

fn concat_dim(m: &Module, op: OpId) -> Option<usize> {
    let d = m.op(op).attr("dimension")?.as_int()?;
    usize::try_from(d).ok()
}

/// Rewrites `reader` of the concatenate `concat` as a concatenate of the reader on each piece;
/// the ops made.
fn sink(m: &mut Module, concat: OpId, reader: OpId) -> usize {
    let d = concat_dim(m, concat).expect("a concatenate's dimension");
    let c = m.op(concat).results[0];
    let pieces = m.op(concat).operands.clone();
    let e = maps_dim(m, reader, d).unwrap_or(d);
    let (mut parts, mut made, mut at) = (Vec::new(), 0, 0);
    for &x in &pieces {
        let n = dims(m, x)[d];
        let operands: Vec<ValueId> = (m.op(reader).operands.clone().into_iter())
            .map(|y| match y == c {
                true => x,
                false if dims(m, y).is_empty() => y,
                false => {
                    made += 1;
                    narrowed(m, reader, y, (e, at, n))
                }
            })
            .collect();
        let mut shape = dims(m, m.op(reader).results[0]);
        shape[e] = n;
        parts.push(made_like(m, reader, operands, shape));
        made += 1;
        at += n;
    }
    let joined = joined(m, (reader, concat), parts, e);
    let old = m.op(reader).results[0];
    m.replace_all_uses(old, joined);
    m.erase_op(reader)
        .expect("its readers moved to the joined pieces");
    made + 1
}

/// Rewrites `slice` of a value the body computes as that value's op on slices of its operands
/// (or as the piece of a concatenate it selects); the ops made.
fn hoist(m: &mut Module, slice: OpId) -> usize {
    let x = m.op(slice).operands[0];
    let op = m.defining_op(x).expect("a computed value");
    let ranges = slice_ranges(m, slice).expect("a slice's ranges");
    let operands = m.op(op).operands.clone();
    let (new, made) = match &*m.op(op).name {
        "stablehlo.concatenate" => (piece_of(m, op, slice, &ranges), 1),
        "stablehlo.constant" => (splat_at(m, op, slice), 1),
        "stablehlo.slice" => {
            let inner = slice_ranges(m, op).expect("a slice's ranges");
            let composed = (inner.iter().zip(&ranges))
                .map(|(&(s0, _, t0), &(s1, l1, t1))| {
                    (s0 + s1 * t0, s0 + (l1 - 1) * t0 + 1, t0 * t1)
                })
                .collect();
            (sliced(m, slice, operands[0], composed), 1)
        }
        "stablehlo.broadcast_in_dim" => {
            let bd = m
                .op(op)
                .attr("broadcast_dimensions")
                .and_then(int_list)
                .unwrap_or_default();
            let from = dims(m, operands[0]);
            let inner: Vec<_> = (0..from.len())
                .map(|j| match from[j] {
                    1 => (0, 1, 1),
                    _ => ranges[bd[j] as usize],
                })
                .collect();
            let y = sliced(m, slice, operands[0], inner);
            let shape = dims(m, m.op(slice).results[0]);
            (made_like(m, op, vec![y], shape), 2)
        }
        _ => {
            let args: Vec<ValueId> = (operands.into_iter())
                .map(|y| match dims(m, y).is_empty() {
                    true => y,
                    false => sliced(m, slice, y, ranges.clone()),
                })
                .collect();
            let made = args.len() + 1;
            let shape = dims(m, m.op(slice).results[0]);
            (made_like(m, op, args, shape), made)
        }
    };
    let old = m.op(slice).results[0];
    m.replace_all_uses(old, new);
    m.erase_op(slice).expect("its readers moved");
    made
}

/// Whether `op` is a slice of a value the body computes by an op a slice rises through.
fn hoistable(m: &Module, op: OpId) -> bool {
    let o = m.op(op);
    if &*o.name != "stablehlo.slice" {
        return false;
    }
    let Some(p) = m
        .defining_op(o.operands[0])
        .filter(|&p| m.op(p).parent == o.parent)
    else {
        return false;
    };
    let rank = |v: ValueId| m.ty(v).dims().map_or(usize::MAX, <[i64]>::len);
    let fits = |s: OpId| slice_ranges(m, s).is_some_and(|r| r.len() == rank(m.op(s).operands[0]));
    if !fits(op) {
        return false;
    }
    let q = m.op(p);
    match &*q.name {
        "stablehlo.concatenate" => within_piece(m, p, op).is_some(),
        "stablehlo.slice" => fits(p),
        "stablehlo.constant" => q.attr("value").and_then(splat_scalar).is_some(),
        "stablehlo.broadcast_in_dim" => {
            let bd = q.attr("broadcast_dimensions").and_then(int_list);
            let (from, to) = (rank(q.operands[0]), rank(q.results[0]));
            bd.is_some_and(|b| b.len() == from && b.iter().all(|&k| (k as u64) < to as u64))
        }
        _ => pointwise(m, p),
    }
}

/// The piece of the concatenate `concat` that `slice` reads only from, and where that piece
/// starts along the concatenated dimension.
fn within_piece(m: &Module, concat: OpId, slice: OpId) -> Option<(usize, i64)> {
    let d = concat_dim(m, concat)?;
    let (s, l, _) = *slice_ranges(m, slice)?.get(d)?;
    let mut at = 0;
    for (i, &x) in m.op(concat).operands.iter().enumerate() {
        let n = *dims(m, x).get(d)?;
        if at <= s && l <= at + n {
            return Some((i, at));
        }
        at += n;
    }
    None
}

/// The piece `slice` reads, sliced as it reads it.
fn piece_of(m: &mut Module, concat: OpId, slice: OpId, ranges: &[(i64, i64, i64)]) -> ValueId {
    let d = concat_dim(m, concat).expect("a concatenate's dimension");
    let (i, at) = within_piece(m, concat, slice).expect("a slice within one piece");
    let x = m.op(concat).operands[i];
    let mut r = ranges.to_vec();
    r[d] = (r[d].0 - at, r[d].1 - at, r[d].2);
    sliced(m, slice, x, r)
}

/// Each dimension's `(start, limit, stride)` of a slice.
fn slice_ranges(m: &Module, slice: OpId) -> Option<Vec<(i64, i64, i64)>> {
    let o = m.op(slice);
    let get = |name: &str| o.attr(name).and_then(int_list);
    let (s, l, t) = (
        get("start_indices")?,
        get("limit_indices")?,
        get("strides")?,
    );
    Some((0..s.len()).map(|k| (s[k], l[k], t[k])).collect())
}

/// `y` narrowed to `n` elements from `at` along dimension `e`, before `before`.
fn narrowed(m: &mut Module, before: OpId, y: ValueId, (e, at, n): (usize, i64, i64)) -> ValueId {
    let mut ranges: Vec<(i64, i64, i64)> = dims(m, y).iter().map(|&k| (0, k, 1)).collect();
    ranges[e] = (at, at + n, 1);
    sliced(m, before, y, ranges)
}

/// `y` sliced by `ranges`, before `before`; `y` itself when the slice takes all of it.
fn sliced(m: &mut Module, before: OpId, y: ValueId, ranges: Vec<(i64, i64, i64)>) -> ValueId {
    let shape = dims(m, y);
    if (ranges.iter().zip(&shape)).all(|(&(s, l, t), &k)| s == 0 && l == k && t == 1) {
        return y;
    }
    let out: Vec<i64> = ranges
        .iter()
        .map(|&(s, l, t)| (l - s + t - 1) / t)
        .collect();
    let attr = |name: &str, f: fn(&(i64, i64, i64)) -> i64| {
        NamedAttr::new(name, Attr::i64_array(ranges.iter().map(f).collect()))
    };
    let props = vec![
        attr("start_indices", |r| r.0),
        attr("limit_indices", |r| r.1),
        attr("strides", |r| r.2),
    ];
    let elem = m.ty(y).elem().cloned().expect("a tensor");
    m.create_before(
        before,
        ("stablehlo.slice", vec![y], props),
        Type::tensor(out, elem),
    )
}

/// The splat constant `op` at the shape `slice` takes of it, before `slice`: every element is
/// the one value (a scale a rewrite built at the full shape).
fn splat_at(m: &mut Module, op: OpId, slice: OpId) -> ValueId {
    let ty = m.ty(m.op(slice).results[0]).clone();
    let mut props = m.op(op).props.clone();
    for p in &mut props {
        if let (true, Attr::Dense { ty: t, .. }) = (&*p.name == "value", &mut p.value) {
            *t = ty.clone();
        }
    }
    m.create_before(slice, ("stablehlo.constant", Vec::new(), props), ty)
}

/// The op `like` (its name and attributes) on `operands`, with a result of `shape`, before it.
fn made_like(m: &mut Module, like: OpId, operands: Vec<ValueId>, shape: Vec<i64>) -> ValueId {
    let o = m.op(like);
    let (name, props) = (o.name.to_string(), o.props.clone());
    let elem = m.ty(o.results[0]).elem().cloned().expect("a tensor");
    m.create_before(like, (&name, operands, props), Type::tensor(shape, elem))
}

/// The concatenate of `parts` along `e`, of `like`'s result type, before `like`, where `concat`
/// is in the source.
fn joined(m: &mut Module, (like, concat): (OpId, OpId), parts: Vec<ValueId>, e: usize) -> ValueId {
    let ty = m.ty(m.op(like).results[0]).clone();
    let props = vec![NamedAttr::new("dimension", Attr::i64(e as i64))];
    let v = m.create_before(like, ("stablehlo.concatenate", parts, props), ty);
    let op = m.defining_op(v).expect("an op's result");
    m.op_mut(op).span = m.op(concat).span;
    v
}

/// The static shape of `v`.
fn dims(m: &Module, v: ValueId) -> Vec<i64> {
    m.ty(v).dims().map(<[i64]>::to_vec).unwrap_or_default()
}

/// Erases the body's ops that nothing reads, latest first (the terminator stays).
fn erase_unread(m: &mut Module, block: BlockId) {
    let ops = m.block(block).ops.clone();
    let Some((_, body)) = ops.split_last() else {
        return;
    };
    for &op in body.iter().rev() {
        let unread = (m.op(op).results.iter()).all(|&r| m.value(r).uses.is_empty());
        if unread && m.op(op).regions.is_empty() {
            m.erase_op(op).expect("an op nothing reads");
        }
    }
}
