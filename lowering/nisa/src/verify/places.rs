//! Placement rules: on-chip buffers that share bytes of a partition are never live at once, and
//! a matmul result stays inside one PSUM bank. A buffer is live from the first instruction that
//! names it to the last; a buffer named inside a loop is live for the whole loop, since the next
//! iteration may read what this one wrote.

use super::mem;
use crate::spec::Kind;
use crate::{Ap, Kernel, Memory, Stmt};
use egfuse_diag::Diag;

/// Pushes a diagnostic for every pair of placed buffers of one memory whose bytes and
/// lifetimes both intersect.
pub fn overlaps(k: &Kernel, diags: &mut Vec<Diag>) {
    let live = lifetimes(k);
    let placed: Vec<usize> = (0..k.buffers.len())
        .filter(|&b| k.buffers[b].memory.on_chip() && k.buffers[b].offset.is_some())
        .filter(|&b| live[b].is_some())
        .collect();
    for (n, &a) in placed.iter().enumerate() {
        for &b in &placed[n + 1..] {
            let (x, y) = (&k.buffers[a], &k.buffers[b]);
            if x.memory != y.memory {
                continue;
            }
            let (xs, ys) = (x.offset.unwrap_or(0), y.offset.unwrap_or(0));
            let (xe, ye) = (
                xs.saturating_add(x.bytes_per_partition()),
                ys.saturating_add(y.bytes_per_partition()),
            );
            let (Some(lx), Some(ly)) = (live[a], live[b]) else {
                continue;
            };
            if xs < ye && ys < xe && lx.0 <= ly.1 && ly.0 <= lx.1 {
                let msg = format!(
                    "`%{}` (bytes {xs}..{xe}) and `%{}` (bytes {ys}..{ye}) share {} while both are live",
                    x.name,
                    y.name,
                    mem(x.memory)
                );
                diags.push(
                    Diag::new("nisa::overlap", y.span, msg)
                        .with_label("overlaps a live buffer")
                        .with_note(x.span, "this one"),
                );
            }
        }
    }
}

/// Each buffer's first and last instruction, by position in program order. A buffer named in
/// a loop is live for the whole loop, unless each iteration writes it before reading it: then
/// no value crosses from one iteration to the next, and its lifetime is its span inside.
pub fn lifetimes(k: &Kernel) -> Vec<Option<(usize, usize)>> {
    let mut live = vec![None; k.buffers.len()];
    let mut at = 0;
    walk(&k.body, &mut at, &mut live, &mut Vec::new());
    live
}

/// `first`: per buffer touched in the enclosing loop bodies so far, whether its first access
/// there was a write alone.
fn walk(
    body: &[Stmt],
    at: &mut usize,
    live: &mut [Option<(usize, usize)>],
    first: &mut Vec<Option<bool>>,
) {
    if first.len() < live.len() {
        first.resize(live.len(), None);
    }
    for s in body {
        match s {
            Stmt::Inst(i) => {
                let spec = i.op.spec();
                let aps = spec
                    .params
                    .iter()
                    .zip(&i.args)
                    .filter_map(|(p, a)| Some((p.kind, a.as_ref()?.as_ap()?)));
                let reads: Vec<usize> = aps
                    .clone()
                    .filter(|(k, _)| *k != Kind::Dst)
                    .map(|(_, a)| a.buf.0 as usize)
                    .collect();
                for (kind, ap) in aps {
                    let b = ap.buf.0 as usize;
                    let l = &mut live[b];
                    *l = Some(l.map_or((*at, *at), |(f, _)| (f, *at)));
                    if first[b].is_none() {
                        first[b] = Some(kind == Kind::Dst && !reads.contains(&b));
                    }
                }
                *at += 1;
            }
            Stmt::Loop { body, .. } => {
                let start = *at;
                let mut inner = vec![None; live.len()];
                walk(body, at, live, &mut inner);
                let end = at.saturating_sub(1).max(start);
                for (b, f) in inner.iter().enumerate() {
                    let Some(write_first) = f else { continue };
                    if !write_first {
                        if let Some(l) = &mut live[b] {
                            *l = (l.0.min(start), end);
                        }
                    }
                    if first[b].is_none() {
                        first[b] = Some(*write_first);
                    }
                }
            }
        }
    }
}

/// A matmul result's bytes in each partition lie in one PSUM bank, for every offset its loops
/// give it.
pub fn within_bank(k: &Kernel, d: &Ap, counts: &[u64], bank: i64, diags: &mut Vec<Diag>) {
    let b = k.buffer(d.buf);
    if b.memory != Memory::Psum || d.dims.is_empty() {
        return;
    }
    let free = i64::try_from(b.free_elements()).unwrap_or(i64::MAX).max(1);
    let bytes = b.dtype.bytes() as i64;
    let reach: i64 = (d.dims[1..].iter())
        .map(|(s, n)| s.saturating_abs().saturating_mul(super::last(*n).max(0)))
        .fold(0, i64::saturating_add);
    for off in offsets(d, counts) {
        let base = i64::try_from(b.offset.unwrap_or(0)).unwrap_or(i64::MAX);
        let start = base.saturating_add(off.rem_euclid(free).saturating_mul(bytes));
        let end =
            (start.saturating_add(reach.saturating_add(1).saturating_mul(bytes))).saturating_sub(1);
        if start / bank != end / bank {
            let msg = format!(
                "`nc_matmul` writes bytes {start}..={end} of each PSUM partition (`%{}`), across a bank boundary",
                b.name
            );
            let label = "an accumulation group stays in one 2 KiB bank";
            diags.push(Diag::new("nisa::psum", d.span, msg).with_label(label));
            return;
        }
    }
}

/// The values `ap`'s offset takes over its loops; the two extremes of each counter when the
/// combinations number more than 4096.
pub fn offsets(ap: &Ap, counts: &[u64]) -> Vec<i64> {
    let mut out = vec![ap.offset.base];
    for (l, c) in &ap.offset.terms {
        let n = i64::try_from(counts[l.0 as usize])
            .unwrap_or(i64::MAX)
            .max(1);
        let values: Vec<i64> = if (out.len() as i64).saturating_mul(n) > 4096 {
            vec![0, n - 1]
        } else {
            (0..n).collect()
        };
        out = out
            .iter()
            .flat_map(|o| {
                values
                    .iter()
                    .map(move |i| o.saturating_add(c.saturating_mul(*i)))
            })
            .collect();
    }
    out
}
