//! HBM placement: every tensor of a device program gets a byte offset from a cursor over the
//! tensors' lifetimes, as SBUF is placed inside a kernel. A tensor's bytes are reused once it
//! is dead: two tensors live at once never share a byte.
//!
//! A lifetime is a range of step positions, positions numbered in program order with each
//! loop body once. A tensor a loop touches that is also touched before or after the loop lives
//! through the whole loop: a later trip reads it again, or the last trip's value must survive
//! to the exit. Inputs and constants live from the start and the results to the end. An alias
//! lives as its base does.

use super::{Device, Origin, Step, TensorId};

/// Every offset is a multiple of this: one DMA descriptor's alignment.
pub const ALIGN: u64 = 64;

/// The first and last step positions at which a tensor's bytes must hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lifetime {
    pub first: u32,
    pub last: u32,
}

impl Lifetime {
    pub fn overlaps(self, o: Lifetime) -> bool {
        self.first <= o.last && o.first <= self.last
    }
}

/// Each tensor's lifetime, by [`TensorId`]: `None` for a tensor no step touches and for an
/// alias (its base holds its lifetime).
pub fn lifetimes(d: &Device) -> Vec<Option<Lifetime>> {
    let mut walk = Walk {
        d,
        pos: 0,
        touches: Vec::new(),
        loops: Vec::new(),
    };
    walk.steps(&d.body);
    let end = walk.pos;
    let mut out: Vec<Option<Lifetime>> = vec![None; d.tensors.len()];
    let mut touch = |t: TensorId, pos: u32| {
        let l = out[d.base(t).0 as usize].get_or_insert(Lifetime {
            first: pos,
            last: pos,
        });
        (l.first, l.last) = (l.first.min(pos), l.last.max(pos));
    };
    for (n, t) in d.tensors.iter().enumerate() {
        if matches!(t.origin, Origin::Input(_) | Origin::Const) {
            touch(TensorId(n as u32), 0);
            touch(TensorId(n as u32), end);
        }
    }
    for &r in &d.results {
        touch(r, end);
    }
    for &(pos, t) in &walk.touches {
        touch(t, pos);
    }
    // Inner loops come first, so an outer loop sees what an inner one extended.
    for l in out.iter_mut().flatten() {
        for &(start, stop) in &walk.loops {
            let inside = l.first <= stop && l.last >= start;
            if inside && (l.first < start || l.last > stop) {
                (l.first, l.last) = (l.first.min(start), l.last.max(stop));
            }
        }
    }
    out
}

/// Numbers the steps and records what each touches, and each loop's first and last position.
struct Walk<'a> {
    d: &'a Device,
    pos: u32,
    touches: Vec<(u32, TensorId)>,
    loops: Vec<(u32, u32)>,
}

impl Walk<'_> {
    fn steps(&mut self, steps: &[Step]) {
        for s in steps {
            self.pos += 1;
            let pos = self.pos;
            let n = self.d.tensors.len();
            let valid = |t: &&TensorId| (t.0 as usize) < n;
            self.touches
                .extend(super::touched(s).iter().filter(valid).map(|&t| (pos, t)));
            match s {
                Step::Switch { arms, .. } => arms.iter().for_each(|a| self.steps(a)),
                Step::Loop { body, .. } => {
                    self.steps(body);
                    self.pos += 1;
                    self.loops.push((pos, self.pos));
                }
                Step::Call { .. } | Step::Copy { .. } | Step::Exit { .. } => {}
            }
        }
    }
}

/// Places every tensor a step touches: inputs first in their order, then constants, then the
/// others by the position they are first written at, each at the lowest aligned offset that
/// no tensor live at the same time holds. Returns the HBM bytes the program needs.
pub fn place(d: &mut Device) -> u64 {
    let lives = lifetimes(d);
    let rank = |o: Origin| match o {
        Origin::Input(n) => (0, n),
        Origin::Const => (1, 0),
        _ => (2, 0),
    };
    let mut order: Vec<(u32, (u8, u32), usize)> = (d.tensors.iter().enumerate())
        .filter(|(_, t)| !matches!(t.origin, Origin::Alias(_)))
        .filter_map(|(n, t)| Some((lives[n]?.first, rank(t.origin), n)))
        .collect();
    order.sort_unstable();
    // The live tensors: (offset, end offset, last position), sorted by offset.
    let mut live: Vec<(u64, u64, u32)> = Vec::new();
    let mut top = 0;
    for (first, _, n) in order {
        live.retain(|&(_, _, last)| last >= first);
        let size = d.tensors[n].bytes();
        let mut cursor = 0;
        for &(off, end, _) in &live {
            if aligned(cursor).saturating_add(size) <= off {
                break;
            }
            cursor = cursor.max(end);
        }
        let off = aligned(cursor);
        let last = lives[n].map_or(first, |l| l.last);
        let at = live.partition_point(|&(o, _, _)| o < off);
        live.insert(at, (off, off.saturating_add(size), last));
        d.tensors[n].offset = Some(off);
        top = top.max(off.saturating_add(size));
    }
    for t in &mut d.tensors {
        if matches!(t.origin, Origin::Alias(_)) {
            t.offset = None;
        }
    }
    top
}

fn aligned(x: u64) -> u64 {
    x.div_ceil(ALIGN).saturating_mul(ALIGN)
}
