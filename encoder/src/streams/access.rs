//! What an instruction touches, as the hardware sees it: byte ranges of SBUF and PSUM by
//! partition (where the place pass put each tile, so two tiles sharing bytes conflict) and
//! element ranges of each HBM tensor. A view is widened to the box around it: its partitions,
//! and the bytes between its first and last element in each. Boxes over-approximate a strided
//! view, never under-approximate it, so ordering every pair of conflicting boxes orders every
//! pair of conflicting bytes.

use egfuse_nisa::spec::{Arg, Kind, Opcode};
use egfuse_nisa::{Ap, BufId, Inst, Kernel, Memory};

/// The memory a box lies in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Space {
    Sbuf,
    Psum,
    /// An HBM tensor of the kernel: tensors are distinct (the device program gives a call's
    /// inputs and outputs disjoint bytes).
    Hbm(BufId),
    /// An on-chip tile the place pass has not placed: only itself.
    Unplaced(BufId),
}

/// A box of memory one instruction reads or writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Access {
    pub space: Space,
    /// Partitions `[lo, hi)`; `[0, 1)` in HBM.
    pub parts: (i64, i64),
    /// Bytes `[lo, hi)` within each partition; in HBM, within the tensor.
    pub bytes: (i64, i64),
    pub write: bool,
}

impl Access {
    pub fn overlaps(&self, o: &Access) -> bool {
        let meet = |a: (i64, i64), b: (i64, i64)| a.0 < b.1 && b.0 < a.1;
        self.space == o.space && meet(self.parts, o.parts) && meet(self.bytes, o.bytes)
    }

    /// Two accesses conflict when they overlap and one of them writes.
    pub fn conflicts(&self, o: &Access) -> bool {
        (self.write || o.write) && self.overlaps(o)
    }

    /// Whether every byte of `o` lies in `self`.
    pub fn covers(&self, o: &Access) -> bool {
        let within = |a: (i64, i64), b: (i64, i64)| a.0 <= b.0 && b.1 <= a.1;
        self.space == o.space && within(self.parts, o.parts) && within(self.bytes, o.bytes)
    }
}

/// The values each loop counter may take, `[lo, hi]` by `LoopId`: one value for an instance
/// of an instruction, the whole trip range for every instance at once.
pub type Counters<'a> = &'a [(i64, i64)];

/// Every counter over its whole range: the boxes of all of an instruction's instances.
pub fn every_trip(k: &Kernel) -> Vec<(i64, i64)> {
    let trips = k.trip_counts();
    trips
        .iter()
        .map(|&n| (0, i64::try_from(n.max(1) - 1).unwrap_or(i64::MAX)))
        .collect()
}

/// The boxes `i` reads and writes while its loop counters range over `at`.
pub fn of(k: &Kernel, i: &Inst, at: Counters) -> Vec<Access> {
    boxes(k, i, at, false)
}

/// The whole buffers `i` reads and writes, each as the box of every byte it is placed at: how
/// the verifier sees a tile's lifetime, so an order that keeps these conflicts keeps every
/// tile's lifetime apart from the tiles sharing its bytes.
pub fn of_buffers(k: &Kernel, i: &Inst) -> Vec<Access> {
    boxes(k, i, &[], true)
}

fn boxes(k: &Kernel, i: &Inst, at: Counters, whole: bool) -> Vec<Access> {
    let mut out = Vec::new();
    for (p, a) in i.op.spec().params.iter().zip(&i.args) {
        let Some(Arg::Ap(ap)) = a else { continue };
        let (read, write) = match p.kind {
            Kind::Dst => (accumulates(i), true),
            _ => (true, false),
        };
        let Some((parts, bytes)) = span(k, ap, at, whole || indexed(i, p.name)) else {
            continue;
        };
        let space = space(k, ap.buf);
        for (wanted, write) in [(read, false), (write, true)] {
            if wanted {
                out.push(Access {
                    space,
                    parts,
                    bytes,
                    write,
                });
            }
        }
    }
    out
}

/// A matmul into PSUM that accumulates reads its destination as well as writing it.
fn accumulates(i: &Inst) -> bool {
    matches!(i.op, Opcode::NcMatmul | Opcode::NcMatmulMx)
        && matches!(i.arg("accumulate"), Some(Arg::Flag(true)))
}

/// Whether the view `param` is addressed by values read at run time (a gather's source, a
/// scatter's destination): then any element of its buffer may be touched.
fn indexed(i: &Inst, param: &str) -> bool {
    let given = |n: &str| i.arg(n).is_some();
    i.op == Opcode::DmaCopy
        && ((param == "src" && given("vector_offset"))
            || (param == "dst" && given("dst_vector_offset")))
}

fn space(k: &Kernel, b: BufId) -> Space {
    let buf = k.buffer(b);
    match (buf.memory, buf.offset) {
        (Memory::Hbm, _) => Space::Hbm(b),
        (_, None) => Space::Unplaced(b),
        (Memory::Sbuf, Some(_)) => Space::Sbuf,
        (Memory::Psum, Some(_)) => Space::Psum,
    }
}

/// The partitions and bytes around `ap`'s elements; `None` for an empty view.
fn span(k: &Kernel, ap: &Ap, at: Counters, whole: bool) -> Option<((i64, i64), (i64, i64))> {
    if ap.elements() == 0 {
        return None;
    }
    let buf = k.buffer(ap.buf);
    let size = buf.dtype.bytes() as i64;
    let (lo, hi) = if whole {
        (
            0,
            i64::try_from(buf.elements())
                .unwrap_or(i64::MAX)
                .saturating_sub(1),
        )
    } else {
        flat(ap, at)
    };
    if buf.memory == Memory::Hbm {
        return Some((
            (0, 1),
            (
                lo.saturating_mul(size),
                hi.saturating_add(1).saturating_mul(size),
            ),
        ));
    }
    let free = i64::try_from(buf.free_elements())
        .unwrap_or(i64::MAX)
        .max(1);
    let base = i64::try_from(buf.offset.unwrap_or(0)).unwrap_or(i64::MAX);
    let parts = (lo.div_euclid(free), hi.div_euclid(free).saturating_add(1));
    let within = if whole {
        None
    } else if parts.1 - parts.0 == 1 {
        Some((lo.rem_euclid(free), hi.rem_euclid(free)))
    } else {
        row(ap, free)
    };
    let (a, b) = within.unwrap_or((0, free - 1));
    let at = |e: i64| base.saturating_add(e.saturating_mul(size));
    Some((parts, (at(a), at(b.saturating_add(1)))))
}

/// The least and greatest flat element index of `ap` over the counters `at`.
fn flat(ap: &Ap, at: Counters) -> (i64, i64) {
    let mut lo = ap.offset.base;
    let mut hi = ap.offset.base;
    for &(l, c) in &ap.offset.terms {
        let (a, b) = at.get(l.0 as usize).copied().unwrap_or((0, 0));
        lo = lo.saturating_add((c.saturating_mul(a)).min(c.saturating_mul(b)));
        hi = hi.saturating_add((c.saturating_mul(a)).max(c.saturating_mul(b)));
    }
    let (dl, dh) = reach(&ap.dims);
    (lo.saturating_add(dl), hi.saturating_add(dh))
}

/// How far below and above its offset a view's dimensions reach.
fn reach(dims: &[(i64, u64)]) -> (i64, i64) {
    dims.iter().fold((0, 0), |(lo, hi), &(stride, n)| {
        let far = stride.saturating_mul(n.saturating_sub(1) as i64);
        (lo.saturating_add(far.min(0)), hi.saturating_add(far.max(0)))
    })
}

/// The elements within a partition that a view over several partitions touches, when its
/// first dimension and every loop counter move by whole partitions and the rest stays inside
/// one; `None` otherwise.
fn row(ap: &Ap, free: i64) -> Option<(i64, i64)> {
    let (first, rest) = ap.dims.split_first()?;
    if first.0 % free != 0 || ap.offset.terms.iter().any(|&(_, c)| c % free != 0) {
        return None;
    }
    let (dl, dh) = reach(rest);
    let (lo, hi) = (
        ap.offset.base.saturating_add(dl),
        ap.offset.base.saturating_add(dh),
    );
    (lo.div_euclid(free) == hi.div_euclid(free)).then(|| (lo.rem_euclid(free), hi.rem_euclid(free)))
}
