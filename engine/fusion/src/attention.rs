//! Egraph mode's `attention` pass: a DotSoftmax kernel whose probabilities one matmul alone
//! reads (through a convert at most), contracting them over the softmax's reduced dimensions,
//! merges with that matmul into one Attention kernel: the `P V` product of attention, which the
//! lowering builds as attention_tkg does, the scores a bank at a time and the probabilities
//! never leaving the core. The matmul may read the probabilities as either operand and its
//! other operand through views (a `Dot` kernel's head split): the merge joins kernels, whatever
//! spelling each idiom had, so no rule is written per order of a `dot_general`'s operands.
//!
//! The cost model decides: the pair merges when one cluster of both bodies costs less than the
//! kernels apart (their launches, and the probabilities written to HBM and read back).
//!
//! Invariant: a merge never duplicates work: the probabilities, and their convert, have one
//! reader, and the reader is a matmul of them, nothing else.

use crate::cluster::{self, Cluster, Emit};
use crate::fuse::FuseReport;
use crate::merge::{dissolve, kernel};
use crate::trace::{Merged, Trace};
use egfuse_cost::{Cost, Target, Traffic};
use egfuse_diag::Diag;
use egfuse_ir::facts::int_list;
use egfuse_ir::{blocks, fused, BlockId, Module, OpId, RegionId, ValueId};
use rustc_hash::FxHashMap;

/// The kind of the merged kernels.
pub const KIND: &str = "Attention";
/// The kind of the kernels whose probabilities a matmul may take.
const SCORES: &str = "DotSoftmax";
/// The kind of the matmul kernels the `Loop` grow builds (a matmul and its operands' views).
const DOT: &str = "Dot";

/// A DotSoftmax kernel and the matmul that reads its probabilities.
#[derive(Clone, Copy, Debug)]
struct Pair {
    scores: OpId,
    convert: Option<OpId>,
    /// A `Dot` kernel, or a `dot_general` on its own.
    reader: OpId,
}

/// Merges every DotSoftmax kernel of the blocks egraph mode fuses with the matmul that reads
/// its probabilities, where the cost model prefers it; returns how many it merged.
pub fn attention(
    m: &mut Module,
    (emit, limits): (Emit, &cluster::Limits),
    target: &Target,
    report: &mut FuseReport,
    mut trace: Option<&mut Trace>,
) -> Result<usize, Diag> {
    let mut merged = 0;
    let mut functions = fused::functions(m);
    for body in blocks::bodies(m) {
        let ops = m.block(body.block).ops.clone();
        let pairs: Vec<Pair> = (ops.iter())
            .filter_map(|&op| pair(m, op, body.block, &functions))
            .filter(|p| cheaper(m, target, p))
            .collect();
        for p in pairs {
            report.grown.retain(|g| g.op != p.reader);
            let mut ops = dissolve(m, p.scores, &functions)?;
            ops.extend(p.convert);
            match kernel(m, p.reader, &functions) {
                Some(_) => ops.extend(dissolve(m, p.reader, &functions)?),
                None => ops.push(p.reader),
            }
            if let Some(t) = trace.as_deref_mut() {
                t.merges.push(Merged {
                    ops: ops.clone(),
                    into: KIND.to_string(),
                    how: "with the DotSoftmax whose probabilities its matmul reads",
                });
            }
            let c = Cluster::new(m, ops, KIND)?;
            cluster::build(m, &c, emit, limits)?;
            if let Some(st) = report.functions.iter_mut().find(|f| f.name == body.name) {
                *st.merged.entry(SCORES.to_string()).or_default() += 1;
                st.count_fusion(KIND);
            }
            merged += 1;
            if emit == Emit::Composite {
                functions = fused::functions(m);
            }
        }
    }
    Ok(merged)
}

/// The pair `op` heads: `op` a DotSoftmax kernel of `block` whose one result a matmul alone
/// reads (through a convert alone), contracting it over the dimensions its softmax reduces.
fn pair(
    m: &Module,
    op: OpId,
    block: BlockId,
    functions: &FxHashMap<String, RegionId>,
) -> Option<Pair> {
    let (kind, inner) = kernel(m, op, functions)?;
    let [mut p] = m.op(op).results[..] else {
        return None;
    };
    if kind != SCORES {
        return None;
    }
    let reduced = reduced(m, inner)?;
    let mut reader = only_reader(m, p, block)?;
    let mut convert = None;
    if &*m.op(reader).name == "stablehlo.convert" {
        convert = Some(reader);
        p = m.op(reader).results[0];
        reader = only_reader(m, p, block)?;
    }
    let (dot, arg) = match kernel(m, reader, functions) {
        Some((k, body)) if k == DOT => {
            let i = m.op(reader).operands.iter().position(|&x| x == p)?;
            let arg = *m.block(body).args.get(i)?;
            let mut dots = (m.block(body).ops.iter()).filter(|&&o| is_dot(m, o));
            let (Some(&dot), None) = (dots.next(), dots.next()) else {
                return None;
            };
            (dot, arg)
        }
        None if is_dot(m, reader) => (reader, p),
        _ => return None,
    };
    let d = m.op(dot);
    let uses = &m.value(arg).uses;
    let side = d.operands.iter().position(|&x| x == arg)?;
    let alone = uses.len() == 1 && uses[0].op == dot && d.operands[1 - side] != arg;
    let contracted = dims(m, dot, side, "contracting")?;
    let batch = dims(m, dot, side, "batching")?;
    let rows = batch_leads(m.ty(arg).dims()?, &batch, &contracted);
    (alone && contracted == reduced && rows).then_some(Pair {
        scores: op,
        convert,
        reader,
    })
}

/// The one op of `block` that reads `v`, reading it once.
fn only_reader(m: &Module, v: ValueId, block: BlockId) -> Option<OpId> {
    let [u] = m.value(v).uses[..] else {
        return None;
    };
    let once = m.op(u.op).operands.iter().filter(|&&x| x == v).count() == 1;
    (once && m.op(u.op).parent == Some(block)).then_some(u.op)
}

fn is_dot(m: &Module, op: OpId) -> bool {
    &*m.op(op).name == "stablehlo.dot_general" && m.op(op).operands.len() == 2
}

/// The dimensions every reduce of the body `inner` reduces, when they agree.
fn reduced(m: &Module, inner: BlockId) -> Option<Vec<i64>> {
    let mut dims = (m.block(inner).ops.iter())
        .filter(|&&o| &*m.op(o).name == "stablehlo.reduce")
        .map(|&o| m.op(o).attr("dimensions").and_then(int_list));
    let first = dims.next()??;
    dims.all(|d| d.as_ref() == Some(&first)).then_some(first)
}

/// The `which` (`contracting` or `batching`) dimensions of side `side` (0 the lhs) of the
/// `dot_general` `op`.
fn dims(m: &Module, op: OpId, side: usize, which: &str) -> Option<Vec<i64>> {
    let field = format!("{}_{which}_dimensions", ["lhs", "rhs"][side]);
    let numbers = m.op(op).attr("dot_dimension_numbers")?;
    numbers
        .field(&field)
        .map_or(Some(Vec::new()), |a| a.as_int_list())
}

/// Whether the probabilities' batch dimensions (of their `shape`) come before their own ones,
/// units aside: the product's rows are then the probabilities' rows, in their order. With no
/// own dimension but units (a decode step's one query) or no batch, they do.
fn batch_leads(shape: &[i64], batch: &[i64], contracted: &[i64]) -> bool {
    let wide = |d: &i64| shape.get(*d as usize).is_some_and(|&n| n != 1);
    let own = (0..shape.len() as i64).filter(|d| !batch.contains(d) && !contracted.contains(d));
    let last_batch = batch.iter().copied().filter(wide).max();
    let first_own = own.filter(wide).min();
    match (last_batch, first_own) {
        (Some(b), Some(o)) => b < o,
        _ => true,
    }
}

/// Whether one kernel of the pair's ops costs less than its kernels apart. Their compute is
/// the same either way, so the launches and the HBM traffic decide: apart, each kernel reads
/// its operands and writes its results; merged, one launch reads what none of them computes
/// (once) and writes the product.
fn cheaper(m: &Module, target: &Target, p: &Pair) -> bool {
    let pieces: Vec<OpId> = [Some(p.scores), p.convert, Some(p.reader)]
        .into_iter()
        .flatten()
        .collect();
    let traffic =
        |vs: &[ValueId]| target.transfer_cost(Traffic::of(target, vs.iter().map(|&v| m.ty(v))));
    let apart: Cost = (pieces.iter())
        .map(|&op| target.launch_cost() + traffic(&m.op(op).operands) + traffic(&m.op(op).results))
        .sum();
    let made: Vec<ValueId> = (pieces.iter())
        .flat_map(|&op| m.op(op).results.iter().copied())
        .collect();
    let mut ins: Vec<ValueId> = Vec::new();
    for &v in pieces.iter().flat_map(|&op| &m.op(op).operands) {
        if !made.contains(&v) && !ins.contains(&v) {
            ins.push(v);
        }
    }
    let one = target.launch_cost() + traffic(&ins) + traffic(&m.op(p.reader).results);
    one < apart
}
