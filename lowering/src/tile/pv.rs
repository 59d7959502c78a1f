//! The `P V` matmul that ends an Attention kernel: found among the kernel's ops (a
//! `dot_general` of the probabilities, which the rest of the kernel computes from a matmul, and
//! of an input through views), `V`'s place in HBM, and its plan with `P` as the lhs, whose loops
//! pair with the scores' loops row for row ([`super::attention`] builds the kernel).

use super::dot::{numbers, Dim, Operand, Plan};
use crate::edge::{forward, is_view, row_major, Dims};
use egfuse_diag::{Diag, Span};
use egfuse_ir::{Module, OpId, ValueId};
use rustc_hash::FxHashSet;

/// The `P V` matmul that ends an Attention kernel.
#[derive(Clone, Debug)]
pub struct Pv {
    /// The `dot_general`, whose result is the kernel's.
    pub dot: OpId,
    /// The probabilities as the matmul reads them: what the rest of the kernel computes.
    pub p: ValueId,
    /// Which operand of the matmul `p` is.
    side: usize,
    /// Where `V`'s elements are in HBM.
    pub(super) v: Operand,
    /// The ops that compute `p`, in program order.
    pub front: Vec<OpId>,
}

/// The `P V` matmul of the kernel of `ops` with arguments `inputs` and results `outputs`,
/// when its one result is a `dot_general` of a value computed from a matmul (the
/// probabilities) and of an input through views.
pub fn pv(m: &Module, ops: &[OpId], inputs: &[ValueId], outputs: &[ValueId]) -> Option<Pv> {
    let [o] = outputs else { return None };
    let dot = m.defining_op(*o).filter(|d| ops.contains(d))?;
    let d = m.op(dot);
    if &*d.name != "stablehlo.dot_general" || d.operands.len() != 2 {
        return None;
    }
    let matmul = |u: &[OpId]| {
        (u.iter()).any(|&x| matches!(&*m.op(x).name, "stablehlo.dot_general" | "stablehlo.dot"))
    };
    let [a, b] = [0, 1].map(|k| upstream(m, ops, d.operands[k]));
    let side = match (matmul(&a), matmul(&b)) {
        (true, false) => 0,
        (false, true) => 1,
        _ => return None,
    };
    let (front, views) = if side == 0 { (a, b) } else { (b, a) };
    let rest = (ops.iter()).all(|o| *o == dot || front.contains(o) != views.contains(o));
    if !rest || !views.iter().all(|&x| is_view(m, x)) {
        return None;
    }
    let v = place(m, inputs, &views, d.operands[1 - side])?;
    Some(Pv {
        dot,
        p: d.operands[side],
        side,
        v,
        front,
    })
}

/// The ops of `ops` that `v` is computed from, in program order.
fn upstream(m: &Module, ops: &[OpId], v: ValueId) -> Vec<OpId> {
    let mut seen = FxHashSet::default();
    let mut stack = vec![v];
    while let Some(x) = stack.pop() {
        if let Some(o) = m.defining_op(x).filter(|o| ops.contains(o)) {
            if seen.insert(o) {
                stack.extend(m.op(o).operands.iter().copied());
            }
        }
    }
    ops.iter().copied().filter(|o| seen.contains(o)).collect()
}

/// Where `v`, an input seen through the chain of `views`, has its elements in HBM.
fn place(m: &Module, inputs: &[ValueId], views: &[OpId], v: ValueId) -> Option<Operand> {
    let mut chain = Vec::new();
    let mut x = v;
    while let Some(o) = m.defining_op(x).filter(|o| views.contains(o)) {
        chain.push(o);
        x = m.op(o).operands[0];
    }
    let input = inputs.iter().position(|&i| i == x)?;
    let (mut offset, mut dims) = (0, row_major(m, x));
    for &o in chain.iter().rev() {
        dims = forward(m, o, dims, &mut offset)?;
    }
    Some(Operand {
        input,
        offset,
        dims,
        scale: None,
    })
}

/// The plan of the `P V` matmul with `P` as its lhs (its batch, the query rows as M, V's own
/// dimensions as N, the keys as K).
pub(super) fn pv_plan(m: &Module, pv: &Pv, span: Span) -> Result<Plan, Diag> {
    let d = m.op(pv.dot);
    let dims = |v: ValueId| crate::tensor::dims(m, v);
    let (lb, rb, lc, rc) = numbers(m, pv.dot, dims(d.operands[0]).len())?;
    let out = row_major(m, d.results[0]);
    let p = Operand {
        input: usize::MAX,
        offset: 0,
        dims: row_major(m, pv.p),
        scale: None,
    };
    let free = |rank: usize, b: &[usize], c: &[usize]| -> Vec<usize> {
        (0..rank)
            .filter(|k| !b.contains(k) && !c.contains(k))
            .collect()
    };
    let (lf, rf) = (
        free(dims(d.operands[0]).len(), &lb, &lc),
        free(dims(d.operands[1]).len(), &rb, &rc),
    );
    // The result's dimensions: the batch, the lhs's own, the rhs's own. With P on the right,
    // P's own dimensions (its queries) come second in the plan, so the result's runs swap.
    let (batch, first, second) = (lb.len(), lf.len(), rf.len());
    let swap = |out: Dims| -> Dims {
        let mut o = out[..batch].to_vec();
        o.extend_from_slice(&out[batch + first..batch + first + second]);
        o.extend_from_slice(&out[batch..batch + first]);
        o
    };
    let (numbers, operands, od) = match pv.side {
        0 => ((lb, rb, lc, rc), [p, pv.v.clone()], out),
        _ => ((rb, lb, rc, lc), [p, pv.v.clone()], swap(out)),
    };
    let mut plan = Plan::contraction(&numbers, &operands, &od, span)?;
    plan.inputs[1] = pv.v.input;
    Ok(plan)
}

/// The scores' loops, split as the `P V` plan's are ([`split_like`]), and per loop the loop of
/// the `P V` plan that walks the same rows, when every one has its pair, the query rows are the
/// same run, the keys are one run of P's contiguous columns, and V's own dimensions are one run.
pub(super) fn paired(scores: &Plan, pv: &Plan, cols: u64) -> Option<(Vec<Dim>, Vec<Dim>)> {
    let same = |a: &Dim, b: &Dim| a.size == b.size && a.out == b.lhs && a.lhs != 0;
    let split = split_like(&scores.loops, &pv.loops)?;
    let keys = pv.k_loops.is_empty() && pv.k.size == cols && pv.k.lhs == 1;
    let rows = (scores.m.size, scores.m.out) == (pv.m.size, pv.m.lhs);
    let fits = scores.n.size == cols;
    let loops = split.iter().zip(&pv.loops).all(|(a, b)| same(a, b));
    (keys && rows && fits && loops).then(|| (split, pv.loops.clone()))
}

/// The scores' loops split where the `P V` plan's are finer: the scores' plan merges batch
/// dimensions whose strides line up in Q, K and the scores (batch and heads, one loop of
/// `b * h`), where V's need not (PyTorch's V is a view of a `[b * s, h * d]` projection), and a
/// loop of `a * b` is a loop of `a` (its strides times `b`) around a loop of `b`. `None` when
/// the sizes do not split so.
fn split_like(scores: &[Dim], pv: &[Dim]) -> Option<Vec<Dim>> {
    let mut out = Vec::with_capacity(pv.len());
    let mut rest = pv.iter().map(|e| e.size);
    for d in scores {
        let mut sizes = Vec::new();
        let mut product = 1u64;
        while product < d.size {
            let s = rest.next().filter(|&s| s > 1)?;
            product = product.checked_mul(s)?;
            sizes.push(s);
        }
        (product == d.size).then_some(())?;
        let mut inner = 1i64;
        let mut split: Vec<Dim> = (sizes.iter().rev())
            .map(|&size| {
                let dim = Dim {
                    size,
                    lhs: d.lhs * inner,
                    rhs: d.rhs * inner,
                    out: d.out * inner,
                    scale: [0; 2],
                };
                inner *= size as i64;
                dim
            })
            .collect();
        split.reverse();
        out.extend(split);
    }
    rest.next().is_none().then_some(out)
}

#[cfg(test)]
mod tests {
    use super::{split_like, Dim};

    fn dim(size: u64, lhs: i64, rhs: i64, out: i64) -> Dim {
        Dim {
            size,
            lhs,
            rhs,
            out,
            scale: [0; 2],
        }
    }

    #[test]
    fn a_merged_batch_loop_splits_as_the_pv_plans_loops() {
        // Batch 2 and 4 heads merged in the scores (77 x 64 queries, 77 x 77 scores a head).
        let scores = [dim(8, 4928, 4928, 5929)];
        let pv = [dim(2, 23716, 19712, 19712), dim(4, 5929, 64, 4928)];
        assert_eq!(
            split_like(&scores, &pv),
            Some(vec![dim(2, 19712, 19712, 23716), dim(4, 4928, 4928, 5929)])
        );
        // Loops already alike stay; sizes that do not split are refused.
        assert_eq!(split_like(&pv, &pv), Some(pv.to_vec()));
        assert_eq!(split_like(&[dim(8, 1, 1, 1)], &[dim(3, 1, 1, 1)]), None);
        assert_eq!(split_like(&[dim(8, 1, 1, 1)], &[dim(2, 1, 1, 1)]), None);
    }
}
