//! What the form takes: an Attention kernel's StableHLO ops matched in the one shape the form
//! builds, with each matmul operand's kernel input and element strides.

use super::{BANK, MAX_D, P};
use crate::site::Site;
use crate::tensor::{dims, dtype};
use egfuse_ir::facts::splat_value;
use egfuse_ir::{Module, OpId, ValueId};
use egfuse_nisa::spec::Alu;
use egfuse_nisa::Dtype;

/// One operand of the two matmuls: its kernel input, and the element strides of its batch
/// dimensions (in the scores' batch order), its contracted dimension and its free one.
#[derive(Clone, Debug)]
pub(super) struct Operand {
    pub(super) input: usize,
    pub(super) batch: Vec<i64>,
    pub(super) contracted: i64,
    pub(super) free: i64,
}

/// An Attention kernel in the shape this form takes.
#[derive(Clone, Debug)]
pub(crate) struct Shape {
    pub(super) batch: Vec<u64>,
    pub(super) rows: u64,
    pub(super) keys: u64,
    pub(super) d: u64,
    pub(super) dv: u64,
    pub(super) q: Operand,
    pub(super) k: Operand,
    pub(super) v: Operand,
    /// The output's strides: batch dimensions, rows, `dv`.
    pub(super) out: (Vec<i64>, i64, i64),
    /// The scale applied to the scores, in order: a divide or a multiply by a constant.
    pub(super) scale: Vec<(Alu, f64)>,
    /// The dtype the `P V` matmul reads P in.
    pub(super) p: Dtype,
}

impl Shape {
    /// Query rows per batch: the free axis of the scores' tiles.
    pub(crate) fn rows(&self) -> u64 {
        self.rows
    }

    /// Blocks of 128 keys, the last one partial when the keys are not a multiple of 128.
    pub(super) fn blocks(&self) -> u64 {
        self.keys.div_ceil(P)
    }

    /// The tiles of `d` the scores contract over, 128 a tile: each one's start and size.
    pub(super) fn d_tiles(&self) -> Vec<(u64, u64)> {
        (0..self.d.div_ceil(P))
            .map(|t| (t * P, P.min(self.d - t * P)))
            .collect()
    }

    /// The keys of a partial last block (0 when there is none).
    pub(super) fn rem(&self) -> u64 {
        self.keys % P
    }
}

/// The shape of `site`'s Attention kernel, when it is one this form builds.
pub(crate) fn of(m: &Module, site: &Site) -> Option<Shape> {
    let c = Ctx { m, site };
    let [out] = site.outputs[..] else {
        return None;
    };
    let pv = c.producer(c.unreshaped(out), "stablehlo.dot_general")?;
    let pn = m.op(pv).operands[0];
    let div = c.producer(c.through(pn, "stablehlo.convert"), "stablehlo.divide")?;
    let (e, sum) = (m.op(div).operands[0], c.unbroadcast(m.op(div).operands[1])?);
    let exp = c.producer(e, "stablehlo.exponential")?;
    let sub = c.producer(m.op(exp).operands[0], "stablehlo.subtract")?;
    let (x, max) = (m.op(sub).operands[0], c.unbroadcast(m.op(sub).operands[1])?);
    let rank = dims(m, x).len();
    c.reduce(max, x, ("stablehlo.maximum", f64::NEG_INFINITY), rank)?;
    c.reduce(sum, e, ("stablehlo.add", 0.0), rank)?;
    let (scores, scale) = c.scaled(x)?;
    let qk = c.producer(scores, "stablehlo.dot_general")?;
    let shape = c.shape(qk, pv, rank)?;
    let fits = shape.rows <= P
        && shape.d <= MAX_D
        && shape.dv <= BANK
        && shape.keys > 0
        && shape.rows * shape.blocks() <= BANK;
    let p = dtype(m, pn).ok()?;
    fits.then_some(Shape { scale, p, ..shape })
}

/// What the matcher reads: the module and the kernel's ops.
struct Ctx<'a> {
    m: &'a Module,
    site: &'a Site,
}

impl Ctx<'_> {
    /// The op of the kernel named `name` that defines `v`.
    fn producer(&self, v: ValueId, name: &str) -> Option<OpId> {
        let op = self.m.defining_op(v)?;
        (self.site.ops.contains(&op) && &*self.m.op(op).name == name).then_some(op)
    }

    /// `v` through one op `name` of the kernel, if `v` is its result.
    fn through(&self, v: ValueId, name: &str) -> ValueId {
        self.producer(v, name)
            .map_or(v, |op| self.m.op(op).operands[0])
    }

    /// `v` through the kernel's reshapes.
    fn unreshaped(&self, mut v: ValueId) -> ValueId {
        while let Some(op) = self.producer(v, "stablehlo.reshape") {
            v = self.m.op(op).operands[0];
        }
        v
    }

    /// What the broadcast `v` broadcasts, when it only appends the last dimension (the one a
    /// reduce over the keys removed): a row value spread along its row.
    fn unbroadcast(&self, v: ValueId) -> Option<ValueId> {
        let b = self.producer(v, "stablehlo.broadcast_in_dim")?;
        let row = self.m.op(b).operands[0];
        let rank = dims(self.m, v).len();
        let along = self.m.op(b).attr("broadcast_dimensions");
        let along = along.and_then(egfuse_ir::facts::int_list)?;
        let leading = along.iter().copied().eq(0..rank as i64 - 1);
        (leading && dims(self.m, row).len() + 1 == rank).then_some(row)
    }

    /// The splat scalar `v` holds, through the kernel's broadcasts and its inputs.
    fn splat(&self, v: ValueId) -> Option<f64> {
        let v = self.through(v, "stablehlo.broadcast_in_dim");
        let outer = match self.site.inputs.iter().position(|&i| i == v) {
            Some(i) => self.site.sources[i],
            None => v,
        };
        splat_value(self.m, outer, true)
    }

    /// `r` is a reduce of `x` over its last dimension by `body` from the splat `init`.
    fn reduce(&self, r: ValueId, x: ValueId, (body, init): (&str, f64), rank: usize) -> Option<()> {
        let op = self.producer(r, "stablehlo.reduce")?;
        let o = self.m.op(op);
        let along = o.attr("dimensions").and_then(egfuse_ir::facts::int_list);
        let applies = egfuse_ir::facts::attr_of(self.m, op, "body").and_then(|a| a.as_str());
        let ok = o.operands.len() == 2
            && o.operands[0] == x
            && self.splat(o.operands[1]) == Some(init)
            && along == Some(vec![rank as i64 - 1])
            && applies.as_deref() == Some(body);
        ok.then_some(())
    }

    /// The scores `x` is computed from, and the scale applied on the way (converts aside).
    fn scaled(&self, mut x: ValueId) -> Option<(ValueId, Vec<(Alu, f64)>)> {
        let mut scale = Vec::new();
        loop {
            let op = self
                .m
                .defining_op(x)
                .filter(|o| self.site.ops.contains(o))?;
            let o = self.m.op(op);
            let by = |alu| Some((alu, self.splat(*o.operands.get(1)?)?));
            let step = match &*o.name {
                "stablehlo.convert" => None,
                "stablehlo.divide" => Some(by(Alu::Divide)?),
                "stablehlo.multiply" => Some(by(Alu::Multiply)?),
                "stablehlo.dot_general" => {
                    scale.reverse();
                    return Some((x, scale));
                }
                _ => return None,
            };
            scale.extend(step);
            x = o.operands[0];
        }
    }

    /// The sizes and strides of the scores' matmul `qk` and the `P V` matmul `pv`.
    fn shape(&self, qk: OpId, pv: OpId, rank: usize) -> Option<Shape> {
        let m = self.m;
        let nb = rank.checked_sub(2)?;
        let [q, k] = m.op(qk).operands[..] else {
            return None;
        };
        let [_, v] = m.op(pv).operands[..] else {
            return None;
        };
        let dn = |op, lhs_rank| crate::tile::numbers(m, op, lhs_rank).ok();
        let (lb, rb, lc, rc) = dn(qk, dims(m, q).len())?;
        let (pb, vb, pc, vc) = dn(pv, rank)?;
        let leading: Vec<usize> = (0..nb).collect();
        let ok = lb.len() == nb && lc.len() == 1 && rc.len() == 1 && pb == leading;
        let ok = ok && dims(m, q).len() == nb + 2 && dims(m, k).len() == nb + 2;
        let ok = ok && pc == [nb + 1] && vc.len() == 1 && dims(m, v).len() == nb + 2;
        if !ok {
            return None;
        }
        let q = self.operand(q, (&lb, lc[0]))?;
        let k = self.operand(k, (&rb, rc[0]))?;
        let v = self.operand(v, (&vb, vc[0]))?;
        let s = dims(m, m.op(qk).results[0]);
        let o = dims(m, m.op(pv).results[0]);
        let out = strides(&o);
        Some(Shape {
            batch: s[..nb].to_vec(),
            rows: s[nb],
            keys: s[nb + 1],
            d: dims(m, m.op(qk).operands[0])[lc[0]],
            dv: *o.last()?,
            q,
            k,
            v,
            out: (out[..nb].to_vec(), out[nb], out[nb + 1]),
            scale: Vec::new(),
            p: Dtype::F32,
        })
    }

    /// The operand `v` of a matmul, batched along `batch` and contracting `contracted`: a
    /// kernel input through reshapes, with the strides of its dimensions.
    fn operand(&self, v: ValueId, (batch, contracted): (&[usize], usize)) -> Option<Operand> {
        let input = (self.site.inputs.iter()).position(|&i| i == self.unreshaped(v))?;
        let shape = dims(self.m, v);
        let st = strides(&shape);
        let free = (0..shape.len()).find(|d| !batch.contains(d) && *d != contracted)?;
        Some(Operand {
            input,
            batch: batch.iter().map(|&d| st[d]).collect(),
            contracted: st[contracted],
            free: st[free],
        })
    }
}

/// Row-major element strides of `shape`.
fn strides(shape: &[u64]) -> Vec<i64> {
    let mut out = vec![1i64; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        out[d] = out[d + 1] * shape[d + 1] as i64;
    }
    out
}
