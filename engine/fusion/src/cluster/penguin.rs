//! Penguin emission (seeds/000 "Penguin emission"): one `NeuronTensorOp` line per fused op.
//!
//! ```text
//! %dst = ctx.NeuronTensorOp(%src0, %src1, op="MulRedSqrt", reduce_dims=[2], xla_op="mhlo.fusion")
//! ```
//!
//! Lines follow the module's op order. A line is printed for every `mhlo.fusion` carrying a
//! `FusionKind` and every `stablehlo.composite` named `neuron.<Kind>` (other composites are not
//! Neuron kinds and are skipped, as the seed's printer rejects unknown kinds). Values are named
//! as the MLIR printer names them, so the two texts cross-reference. `reduce_dims` is the
//! `dimensions` of the first reduce in the fused body, reached through the decomposition for a
//! composite; a kind whose body has no reduce prints no `reduce_dims` field at all, because an
//! empty list would claim a reduction over no dimensions. `xla_op` is `"mhlo.fusion"` for both
//! emitters, as the seed prints it.

use super::subtree;
use egfuse_ir::fused::{functions, fused};
use egfuse_ir::print::{value_names, PrintOptions};
use egfuse_ir::{Attr, DenseBody, DenseElem, Module, RegionId, ValueId};
use std::fmt::Write;

/// The Penguin form of every fused op in `m`, one line each.
pub fn penguin(m: &Module) -> String {
    let names = value_names(m, PrintOptions::default());
    let name = |v: ValueId| -> String {
        let n = names.get(v.index()).and_then(|n| n.as_deref());
        format!("%{}", n.unwrap_or("?"))
    };
    let functions = functions(m);
    let mut out = String::new();
    for id in m.walk() {
        let Some((kind, body)) = fused(m, id, &functions) else {
            continue;
        };
        let op = m.op(id);
        let dsts: Vec<String> = op.results.iter().map(|&r| name(r)).collect();
        if !dsts.is_empty() {
            let _ = write!(out, "{} = ", dsts.join(", "));
        }
        out.push_str("ctx.NeuronTensorOp(");
        for &v in &op.operands {
            let _ = write!(out, "{}, ", name(v));
        }
        let _ = write!(out, "op=\"{kind}\", ");
        if let Some(dims) = body.and_then(|r| reduce_dims(m, r)) {
            let dims: Vec<String> = dims.iter().map(i64::to_string).collect();
            let _ = write!(out, "reduce_dims=[{}], ", dims.join(", "));
        }
        out.push_str("xla_op=\"mhlo.fusion\")\n");
    }
    out
}

/// The `dimensions` of the first `stablehlo.reduce` or `mhlo.reduce` in `region`.
fn reduce_dims(m: &Module, region: RegionId) -> Option<Vec<i64>> {
    let ops = (m.region(region).blocks.iter())
        .flat_map(|&b| m.block(b).ops.iter().flat_map(|&o| subtree(m, o)));
    let reduce = ops
        .into_iter()
        .find(|&o| matches!(&*m.op(o).name, "stablehlo.reduce" | "mhlo.reduce"))?;
    let attr = m.op(reduce).attr("dimensions")?;
    attr.as_i64_array()
        .map(<[i64]>::to_vec)
        .or_else(|| dense_ints(attr))
}

/// The integers of a `dense<...> : tensor<Nxi64>` attribute (how MHLO writes dimensions).
fn dense_ints(attr: &Attr) -> Option<Vec<i64>> {
    let Attr::Dense {
        body: DenseBody::Elems(elems),
        ty,
    } = attr
    else {
        return None;
    };
    match elems {
        DenseElem::Scalar(s) => {
            let n = ty.as_tensor()?.num_elements()?;
            Some(vec![s.parse().ok()?; n as usize])
        }
        DenseElem::List(items) => (items.iter())
            .map(|e| match e {
                DenseElem::Scalar(s) => s.parse().ok(),
                _ => None,
            })
            .collect(),
        DenseElem::Complex(..) => None,
    }
}
