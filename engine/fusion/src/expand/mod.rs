//! Expansion of ops whose math the rules must see, the pass egraph mode runs before it builds
//! its graphs: torch_xla writes every LayerNorm as a `stablehlo.batch_norm_training` of its
//! input reshaped to `[1, tokens, hidden]` (the tokens as features) whose mean and variance
//! nothing reads. Such an op is replaced by its definition in the StableHLO spec, which is the
//! norm the `layer-norm` rule matches:
//!
//! ```text
//! mean = sum(x) / n                       over every dimension but the feature's
//! c    = x - broadcast(mean)
//! var  = sum(c * c) / n
//! y    = c * rsqrt(var + eps) * broadcast(scale) + broadcast(offset)
//! ```
//!
//! with the mean and the variance broadcast first to the input's shape with its reduced
//! dimensions kept as 1 (as JAX writes a keepdims mean); a scale that is the splat 1 and an
//! offset that is the splat 0 (torch_xla's, which applies the weight and bias after) are left
//! out, as `x * 1 = x` and `x + 0 = x`. `rsqrt(v)` stands for the spec's
//! `1 / sqrt(v)`: the two differ by rounding, which `egfuse verify` tells from a miscompile.
//!
//! A bf16 or f16 norm is computed in f32 between converts, from the input's upcast to the
//! result's rounding (the scale and offset upcast too), as XLA:CPU computes the op itself and
//! as JAX writes a bf16 LayerNorm. Rounding the mean, the centered values or the variance to
//! bf16 on the way made the sweep's bf16 GPT-2 and BERT 1.09-1.16x further from f64 under XLA
//! than the input they were expanded from.
//!
//! Invariant: only a `batch_norm_training` whose second and third results are unused, of a
//! statically shaped float input, is expanded; its result keeps its uses and its location.
//! Compat mode never runs this pass (its output stays the seed's).

use egfuse_ir::facts::{batch_norm_attrs, splat_value};
use egfuse_ir::{
    Attr, BlockId, DenseBody, DenseElem, ElemType, FloatKind, Module, NamedAttr, OpId, OpSpec,
    Type, ValueId,
};

mod outer;

/// Expands every expandable `batch_norm_training` of `m`, and every `dot_general` that
/// contracts nothing ([`outer`]).
pub fn expand(m: &mut Module) {
    outer::expand_outer(m);
    let ops: Vec<(OpId, (usize, f64))> = (m.walk().into_iter())
        .filter_map(|op| Some((op, params(m, op)?)))
        .collect();
    for (op, (f, eps)) in ops {
        expand_batch_norm(m, op, f, eps);
    }
}

/// The feature dimension and epsilon of `op` when it is a `batch_norm_training` this pass
/// expands: its statistics unused, its input a statically shaped float tensor.
fn params(m: &Module, op: OpId) -> Option<(usize, f64)> {
    let o = m.op(op);
    if o.name.as_ref() != "stablehlo.batch_norm_training"
        || o.results.len() != 3
        || o.operands.len() != 3
    {
        return None;
    }
    let stats_unused = o.results[1..].iter().all(|&r| m.value(r).uses.is_empty());
    let ty = m.ty(o.operands[0]);
    let dims = ty.as_tensor()?.dims.as_ref()?;
    let static_float =
        dims.iter().all(|&x| x >= 0) && matches!(ty.elem(), Some(ElemType::Float(_)));
    let (f, eps) = batch_norm_attrs(m, op)?;
    let f = usize::try_from(f).ok().filter(|&f| f < dims.len())?;
    (stats_unused && static_float).then_some((f, eps))
}

/// The ops of one expansion, inserted before the op they replace, with its location.
struct Builder<'m> {
    m: &'m mut Module,
    at: OpId,
    elem: ElemType,
}

impl Builder<'_> {
    fn tensor(&self, dims: Vec<i64>) -> Type {
        Type::tensor(dims, self.elem.clone())
    }

    fn op(
        &mut self,
        name: &str,
        operands: Vec<ValueId>,
        ty: Type,
        props: Vec<NamedAttr>,
    ) -> ValueId {
        let mut spec = OpSpec::new(name);
        spec.operands = operands;
        spec.result_types = vec![ty];
        spec.props = props;
        spec.loc = self.m.op(self.at).loc.clone();
        let op = self.m.create_op(spec);
        self.m.insert_op_before(self.at, op);
        self.m.op(op).results[0]
    }

    fn constant(&mut self, value: f64, dims: Vec<i64>) -> ValueId {
        let ty = self.tensor(dims);
        let text = crate::egraph::rewrite::float_text(value);
        let attr = Attr::Dense {
            body: DenseBody::Elems(DenseElem::Scalar(text.into())),
            ty: ty.clone(),
        };
        self.op(
            "stablehlo.constant",
            vec![],
            ty,
            vec![NamedAttr::new("value", attr)],
        )
    }

    fn binary(&mut self, name: &str, a: ValueId, b: ValueId) -> ValueId {
        let ty = self.m.ty(a).clone();
        self.op(name, vec![a, b], ty, vec![])
    }

    fn broadcast(&mut self, x: ValueId, dims: Vec<i64>, to: Vec<i64>) -> ValueId {
        let ty = self.tensor(to);
        let attr = NamedAttr::new("broadcast_dimensions", Attr::i64_array(dims));
        self.op("stablehlo.broadcast_in_dim", vec![x], ty, vec![attr])
    }

    /// `sum(x) / n` over `dims` (`n` elements), to `to`.
    fn mean(&mut self, x: ValueId, (dims, n): (Vec<i64>, i64), to: Vec<i64>) -> ValueId {
        let count = self.constant(n as f64, to.clone());
        let sum = self.sum(x, dims, to);
        self.binary("stablehlo.divide", sum, count)
    }

    /// `x` converted to the builder's element type, when it has another.
    fn convert(&mut self, x: ValueId) -> ValueId {
        let ty = self.m.ty(x);
        if ty.elem() == Some(&self.elem) {
            return x;
        }
        let dims = ty.dims().map(<[i64]>::to_vec).unwrap_or_default();
        let ty = self.tensor(dims);
        self.op("stablehlo.convert", vec![x], ty, vec![])
    }

    /// `reduce(x, 0) add` over `dims`, to `to`.
    fn sum(&mut self, x: ValueId, dims: Vec<i64>, to: Vec<i64>) -> ValueId {
        let zero = self.constant(0.0, vec![]);
        let scalar = self.tensor(vec![]);
        let body = self.m.new_block();
        let a = self.m.add_block_arg(body, scalar.clone(), None);
        let b = self.m.add_block_arg(body, scalar.clone(), None);
        self.append(body, "stablehlo.add", vec![a, b], Some(scalar));
        let region = self.m.new_region(vec![body]);
        let mut spec = OpSpec::new("stablehlo.reduce");
        spec.operands = vec![x, zero];
        spec.result_types = vec![self.tensor(to)];
        spec.props = vec![NamedAttr::new("dimensions", Attr::i64_array(dims))];
        spec.regions = vec![region];
        spec.loc = self.m.op(self.at).loc.clone();
        let op = self.m.create_op(spec);
        self.m.insert_op_before(self.at, op);
        self.m.op(op).results[0]
    }

    /// Appends `name(operands)` to the reduce body `block`, then its `stablehlo.return`.
    fn append(&mut self, block: BlockId, name: &str, operands: Vec<ValueId>, ty: Option<Type>) {
        let mut spec = OpSpec::new(name);
        spec.operands = operands;
        spec.result_types = ty.into_iter().collect();
        let op = self.m.create_op(spec);
        self.m.append_op(block, op);
        let mut ret = OpSpec::new("stablehlo.return");
        ret.operands = self.m.op(op).results.to_vec();
        let ret = self.m.create_op(ret);
        self.m.append_op(block, ret);
    }
}

/// Replaces `op`, a `batch_norm_training` whose [`params`] are feature `f` and `eps`, by its
/// definition.
fn expand_batch_norm(m: &mut Module, op: OpId, f: usize, eps: f64) {
    let o = m.op(op);
    let (x, scale, offset, y) = (o.operands[0], o.operands[1], o.operands[2], o.results[0]);
    let shape: Vec<i64> = m
        .ty(x)
        .as_tensor()
        .and_then(|t| t.dims.clone())
        .unwrap_or_default();
    let declared = m.ty(x).elem().cloned().unwrap_or(ElemType::F32);
    let narrow = matches!(declared, ElemType::Float(FloatKind::BF16 | FloatKind::F16));
    let elem = if narrow {
        ElemType::F32
    } else {
        declared.clone()
    };
    let reduced: Vec<i64> = (0..shape.len() as i64).filter(|&d| d != f as i64).collect();
    let n: i64 = reduced.iter().map(|&d| shape[d as usize]).product();
    let features = vec![shape[f]];
    let keep: Vec<i64> = (shape.iter().enumerate())
        .map(|(d, &s)| if d == f { s } else { 1 })
        .collect();
    let all: Vec<i64> = (0..shape.len() as i64).collect();
    let mut b = Builder { m, at: op, elem };
    let x = b.convert(x);
    let mean = b.mean(x, (reduced.clone(), n), features.clone());
    let mean_keep = b.broadcast(mean, vec![f as i64], keep.clone());
    let mean_full = b.broadcast(mean_keep, all.clone(), shape.clone());
    let c = b.binary("stablehlo.subtract", x, mean_full);
    let sq = b.binary("stablehlo.multiply", c, c);
    let var = b.mean(sq, (reduced, n), features);
    let var_keep = b.broadcast(var, vec![f as i64], keep.clone());
    let eps = b.constant(eps, keep);
    let shifted = b.binary("stablehlo.add", var_keep, eps);
    let r = b.op(
        "stablehlo.rsqrt",
        vec![shifted],
        b.m.ty(shifted).clone(),
        vec![],
    );
    let r_full = b.broadcast(r, all, shape.clone());
    let mut out = b.binary("stablehlo.multiply", c, r_full);
    if splat_value(b.m, scale, true) != Some(1.0) {
        let scale = b.convert(scale);
        let scale_full = b.broadcast(scale, vec![f as i64], shape.clone());
        out = b.binary("stablehlo.multiply", out, scale_full);
    }
    if splat_value(b.m, offset, true) != Some(0.0) {
        let offset = b.convert(offset);
        let offset_full = b.broadcast(offset, vec![f as i64], shape);
        out = b.binary("stablehlo.add", out, offset_full);
    }
    b.elem = declared;
    let out = b.convert(out);
    m.replace_all_uses(y, out);
    let _ = m.erase_op(op);
}
