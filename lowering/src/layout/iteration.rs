//! The iteration space's shape and its columns: the input of the kernel's reduces, their
//! reduced dimensions and where those are in memory when they are not the trailing ones; for a
//! kernel with no reduce, its largest value and the trailing dimensions that make wide rows.

use super::{merged, Strided, P};
use crate::select::Selected;
use crate::tensor::dims;
use egfuse_diag::Diag;
use egfuse_ir::facts::int_list;
use egfuse_ir::{Module, ValueId};

/// The most elements a row of an elementwise kernel takes when its trailing dimensions are
/// merged into it: `kernel.tile_free` of NeuronCore-v2's target, where one instruction's fixed
/// overhead (100 cycles) is under a twentieth of its time.
const WIDE_COLUMNS: u64 = 2048;

/// For a kernel of elementwise ops alone (no reduce, no iota), the trailing dimensions that
/// make its columns: as many as keep a row within [`WIDE_COLUMNS`] elements and either leave
/// at least 128 rows or halve the work, the last always. An instruction over a tile of 128
/// rows costs a fixed overhead and a cycle per column, so rows fewer than 128 leave partitions
/// idle and pay only where they save most of the tiles' overheads. A rotary embedding over
/// `[512, 32, 64]` is then 512 rows of 2048 rather than 16384 rows of 64: the same elements in
/// an eighth of the instructions and DMAs; and 1,792 elements whose last dimension is 2 are one
/// tile of 28 rows of 64, not seven tiles of 128 rows of 2. A value the wider columns cannot
/// place (a bias along the last dimension only) makes the space fall back to the last
/// dimension.
pub(super) fn wide_columns(m: &Module, insts: &[Selected], shape: &[u64]) -> Vec<usize> {
    let shaped = |s: &Selected| {
        matches!(
            m.op(s.root).name.as_ref(),
            "stablehlo.reduce" | "stablehlo.iota"
        )
    };
    if shape.is_empty() || insts.iter().any(shaped) {
        return Vec::new();
    }
    let total: u64 = shape.iter().product();
    let work = |cols: u64| (total / cols.max(1)).div_ceil(P) * (OVERHEAD + cols);
    let mut cols = vec![shape.len() - 1];
    let mut n = shape[shape.len() - 1];
    for k in (0..shape.len() - 1).rev() {
        let wider = n.saturating_mul(shape[k]);
        let halves = 2 * work(wider) <= work(n);
        if wider > WIDE_COLUMNS || (total / wider.max(1) < P && !halves) {
            break;
        }
        n = wider;
        cols.insert(0, k);
    }
    cols
}

/// An instruction's fixed overhead in cycles, against a cycle per column of its tile.
const OVERHEAD: u64 = 100;

/// The iteration shape, its reduced dimensions and, when they are not the trailing ones, where
/// the space's values are in HBM.
pub(super) type Iteration = (Vec<u64>, Vec<usize>, Option<Strided>);

pub(super) fn iteration(
    m: &Module,
    values: &[ValueId],
    insts: &[Selected],
) -> Result<Iteration, Diag> {
    let mut found: Option<Iteration> = None;
    for s in insts
        .iter()
        .filter(|s| m.op(s.root).name.as_ref() == "stablehlo.reduce")
    {
        let o = m.op(s.root);
        let shape = dims(m, o.operands[0]);
        let mut d: Vec<usize> = o
            .attr("dimensions")
            .and_then(int_list)
            .unwrap_or_default()
            .iter()
            .map(|&x| x as usize)
            .collect();
        d.sort();
        let strided = strided(&shape, &d).map_err(|why| {
            let msg = format!(
                "this reduce is over dimensions {d:?} of a rank-{} tensor",
                shape.len()
            );
            Diag::new("lower::layout", o.span, msg)
                .with_label(why)
                .with_help("a transpose before the reduce would make them trailing")
        })?;
        match &found {
            Some((s0, d0, _)) if squeezed(s0, d0) != squeezed(&shape, &d) => {
                let msg = "the kernel's reduces iterate over different spaces".to_string();
                return Err(Diag::new("lower::layout", o.span, msg)
                    .with_label("this reduce differs from the first"));
            }
            Some(_) => {}
            None => found = Some((shape, d, strided)),
        }
    }
    if let Some(f) = found {
        return Ok(f);
    }
    let largest = values
        .iter()
        .map(|&v| dims(m, v))
        .max_by_key(|d| (d.iter().product::<u64>(), d.len()))
        .unwrap_or_default();
    let d = if largest.is_empty() {
        Vec::new()
    } else {
        vec![largest.len() - 1]
    };
    Ok((largest, d, None))
}

/// The HBM places of a space of `shape` reducing `reduced`: none when the reduced dimensions
/// are the trailing ones (rows then columns, row-major). Otherwise the kept dimensions must be
/// one run in memory, or two whose inner run fits 128 rows, so that a tile of whole inner runs
/// is one access pattern.
fn strided(shape: &[u64], reduced: &[usize]) -> Result<Option<Strided>, &'static str> {
    let n = shape.len();
    let live =
        |ks: &[usize]| -> Vec<usize> { ks.iter().copied().filter(|&k| shape[k] != 1).collect() };
    // Unit dimensions are nowhere in memory: a kept `1` after the reduced dimensions (a reduce
    // of 64x128x3x1 over the first three) leaves them trailing.
    let (all, mine) = (live(&(0..n).collect::<Vec<_>>()), live(reduced));
    if all[all.len() - mine.len()..] == mine[..] {
        return Ok(None);
    }
    let kept: Vec<usize> = (0..n).filter(|k| !reduced.contains(k)).collect();
    let rows = runs(shape, &kept);
    match rows.as_slice() {
        [] | [_] => {}
        [_, (_, q)] if *q <= P => {}
        _ => {
            return Err(
                "the rows it keeps are not one run in memory, or two whose inner run fits 128 rows",
            )
        }
    }
    Ok(Some(Strided {
        offset: 0,
        rows,
        cols: runs(shape, reduced),
    }))
}

/// The `(stride, size)` runs of dimensions `ks` of a row-major `shape`: unit dimensions
/// dropped, and a dimension merged into the run before it when they are adjacent in memory.
fn runs(shape: &[u64], ks: &[usize]) -> Vec<(i64, u64)> {
    merged(
        ks.iter()
            .map(|&k| (shape[k + 1..].iter().product::<u64>() as i64, shape[k])),
    )
}

/// A reduce's space without its unit dimensions: the sizes kept and the sizes reduced, in
/// order. Two reduces with the same are one space (a unit axis moved is the same elements).
fn squeezed(shape: &[u64], reduced: &[usize]) -> (Vec<u64>, Vec<u64>) {
    let part = |keep: bool| {
        (shape.iter().enumerate())
            .filter(|&(k, &n)| n != 1 && reduced.contains(&k) != keep)
            .map(|(_, &n)| n)
            .collect()
    };
    (part(true), part(false))
}
