//! The `mx-scales` pass: on a target with NeuronCore-v4's MX ops, under NKI's scale rule
//! (`--mx-scale nki`), an MX quantize whose kernel gives each block's shared exponent as a
//! float, which a second kernel then stores (PyTorch's spelling: the exponent biased by 127 and
//! narrowed to `ui8`), becomes one MxQuantize kernel that gives the stored scales itself, as
//! JAX's spelling does. That kernel lowers to `quantize_mx` as JAX's does
//! (`crate::mx_quantize`), which writes the stored scales; without the join the exponent would
//! be an output no instruction gives, and the quantize would keep the module's rule.
//!
//! The join is tried on a copy and kept where the joined kernel lowers and is estimated no
//! slower than the two (`crate::join`).
//!
//! Invariant: the joined kernel computes what the two did; a pair is joined only where the
//! joined kernel lowers.

use crate::join::{join, kind_of, Estimate};
use crate::tensor::dtype;
use egfuse_diag::Diag;
use egfuse_ir::{Module, OpId, RegionId};
use egfuse_nisa::mx;
use egfuse_nisa::Dtype;
use rustc_hash::FxHashMap;

/// The kind of both kernels and of the joined one.
const KIND: &str = "MxQuantize";

/// Joins every MxQuantize kernel and the kernel that alone stores its exponents, where the
/// joined kernel lowers and is estimated no slower; returns how many.
pub(crate) fn merge(m: &mut Module, estimate: Estimate) -> Result<usize, Diag> {
    join(m, KIND, run, estimate)
}

/// `[q, e]` where `e` is an Elementwise kernel with one result of a scale type (`ui8` or
/// E8M0) whose operands are all one f32 result of the MxQuantize kernel `q`, which nothing
/// else reads, and whose other result is fp8.
fn run(m: &Module, e: OpId, funcs: &FxHashMap<String, RegionId>) -> Option<Vec<OpId>> {
    (kind_of(m, e, funcs)? == "Elementwise").then_some(())?;
    let [stored] = m.op(e).results[..] else {
        return None;
    };
    dtype(m, stored).ok().filter(|&t| mx::is_scale(t))?;
    let [exponents] = m.op(e).operands[..] else {
        return None;
    };
    let q = m.defining_op(exponents)?;
    (kind_of(m, q, funcs)? == KIND).then_some(())?;
    let [a, b] = m.op(q).results[..] else {
        return None;
    };
    let elements = if a == exponents { b } else { a };
    let fp8 = matches!(
        dtype(m, elements).ok(),
        Some(Dtype::F8E4M3FN | Dtype::F8E5M2)
    );
    let alone = m.value(exponents).uses.iter().all(|u| u.op == e);
    (fp8 && alone && dtype(m, exponents).ok() == Some(Dtype::F32)).then(|| vec![q, e])
}
