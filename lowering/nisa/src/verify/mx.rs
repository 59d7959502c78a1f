//! The rules of the MX ops (NKI's `quantize_mx` and `nc_matmul_mx` docstrings, lowering-anchors
//! §1 and §6, 003 §4): where each view lives, its element types, the block geometry of 8
//! partitions × 4 elements, and the quadrant layout of the scales (`crate::mx`).

use super::{mem, places};
use crate::mx::{self, BLOCK_PARTITIONS, BLOCK_WIDTH, PARTITIONS, QUADRANT, SCALE_OFFSETS};
use crate::{Ap, Dtype, Inst, Kernel, Memory};
use egfuse_diag::Diag;

/// `quantize_mx(dst, src, dst_scale)`: bf16 or fp16 in, fp8 x4 out, one scale per block.
pub fn quantize(k: &Kernel, counts: &[u64], i: &Inst, diags: &mut Vec<Diag>) {
    let (Some(d), Some(x), Some(s)) = (i.ap("dst"), i.ap("src"), i.ap("dst_scale")) else {
        return;
    };
    let c = Rules { k, counts, i };
    for (name, v) in [("dst", d), ("src", x), ("dst_scale", s)] {
        c.memory(
            name,
            v,
            Memory::Sbuf,
            "every view of `quantize_mx` is in SBUF",
            diags,
        );
    }
    c.dtype(
        "src",
        x,
        |t| matches!(t, Dtype::Bf16 | Dtype::F16),
        "bf16 or f16",
        diags,
    );
    let fp8 = |t| matches!(t, Dtype::F8E4M3FN | Dtype::F8E5M2);
    c.dtype("dst", d, fp8, "f8E4M3FN or f8E5M2 (x4)", diags);
    c.dtype("dst_scale", s, mx::is_scale, "f8E8M0FNU or ui8", diags);
    if !c.data("src", x, diags) {
        return;
    }
    if (d.partitions(), d.free_elements()) != (x.partitions(), x.free_elements()) {
        let msg = format!(
            "`quantize_mx`: dst=%{} is [{} x {}] but src is [{} x {}]",
            c.name(d),
            d.partitions(),
            d.free_elements(),
            x.partitions(),
            x.free_elements()
        );
        diags.push(c.diag(
            "nisa::shape",
            d,
            msg,
            "dst holds src's elements, four to a packed one",
        ));
    }
    c.aligned("dst", d, diags);
    c.scales("dst_scale", s, x, x.free_elements() / BLOCK_WIDTH, diags);
}

/// `nc_matmul_mx(dst, stationary, moving, stationary_scale, moving_scale)`: MX operands that
/// contract over their partitions and their four packed lanes, into PSUM.
pub fn matmul(k: &Kernel, counts: &[u64], i: &Inst, diags: &mut Vec<Diag>) {
    let views = (i.ap("dst"), i.ap("stationary"), i.ap("moving"));
    let (Some(d), Some(st), Some(mv)) = views else {
        return;
    };
    let scales = (i.ap("stationary_scale"), i.ap("moving_scale"));
    let (Some(ss), Some(ms)) = scales else {
        return;
    };
    let c = Rules { k, counts, i };
    for (name, v) in [
        ("stationary", st),
        ("moving", mv),
        ("stationary_scale", ss),
        ("moving_scale", ms),
    ] {
        c.memory(
            name,
            v,
            Memory::Sbuf,
            "MX matmul inputs are read from SBUF",
            diags,
        );
    }
    c.memory("dst", d, Memory::Psum, "matmul writes PSUM", diags);
    let element = |t| mx::element_emax(t).is_some();
    for (name, v) in [("stationary", st), ("moving", mv)] {
        c.dtype(name, v, element, "f8E4M3FN, f8E5M2 or f4E2M1FN (x4)", diags);
    }
    for (name, v) in [("stationary_scale", ss), ("moving_scale", ms)] {
        c.dtype(name, v, mx::is_scale, "f8E8M0FNU or ui8", diags);
    }
    c.dtype(
        "dst",
        d,
        |t| matches!(t, Dtype::F32 | Dtype::Bf16),
        "f32 or bf16",
        diags,
    );
    if !(c.data("stationary", st, diags) & c.data("moving", mv, diags)) {
        return;
    }
    if st.partitions() != mv.partitions() {
        let msg = format!(
            "`nc_matmul_mx` contracts {} stationary partitions with {} moving ones",
            st.partitions(),
            mv.partitions()
        );
        diags.push(c.diag(
            "nisa::matmul",
            mv,
            msg,
            "both operands hold the contraction on their partitions",
        ));
    }
    let (m, n) = (
        st.free_elements() / BLOCK_WIDTH,
        mv.free_elements() / BLOCK_WIDTH,
    );
    if m > super::MATMUL_STATIONARY_MAX {
        let msg = format!("`nc_matmul_mx`'s stationary holds {m} packed columns; at most 128");
        diags.push(c.diag("nisa::matmul", st, msg, "the PE array has 128 columns"));
    }
    if d.partitions() != m || d.free_elements() != n {
        let msg = format!(
            "`nc_matmul_mx`: dst=%{} is [{} x {}]; stationary.T @ moving is [{m} x {n}]",
            c.name(d),
            d.partitions(),
            d.free_elements()
        );
        diags.push(c.diag("nisa::shape", d, msg, "the result's shape"));
    }
    c.scales("stationary_scale", ss, st, m, diags);
    c.scales("moving_scale", ms, mv, n, diags);
}

/// The instruction whose views are checked.
struct Rules<'a> {
    k: &'a Kernel,
    /// Trip counts of the loop counters.
    counts: &'a [u64],
    i: &'a Inst,
}

impl Rules<'_> {
    fn name(&self, v: &Ap) -> &str {
        &self.k.buffer(v.buf).name
    }

    fn diag(&self, code: &'static str, v: &Ap, msg: String, label: &str) -> Diag {
        let span = if v.span.is_none() {
            self.i.span
        } else {
            v.span
        };
        Diag::new(code, span, msg).with_label(label)
    }

    fn memory(&self, name: &str, v: &Ap, want: Memory, why: &str, diags: &mut Vec<Diag>) {
        let has = self.k.buffer(v.buf).memory;
        if has != want {
            let op = self.i.op.name();
            let msg = format!("`{op}`'s {name}=%{} is in {}", self.name(v), mem(has));
            diags.push(self.diag("nisa::memory", v, msg, why));
        }
    }

    fn dtype(
        &self,
        name: &str,
        v: &Ap,
        ok: impl Fn(Dtype) -> bool,
        want: &str,
        diags: &mut Vec<Diag>,
    ) {
        let t = self.k.buffer(v.buf).dtype;
        if !ok(t) {
            let op = self.i.op.name();
            let msg = format!("`{op}`'s {name}=%{} holds {}", self.name(v), t.name());
            diags.push(self.diag("nisa::dtype", v, msg, &format!("{name} holds {want}")));
        }
    }

    /// A data view spans whole blocks: 32, 64, 96 or 128 partitions from a quadrant's first,
    /// and a multiple of 4 elements on each. Says whether the geometry holds.
    fn data(&self, name: &str, v: &Ap, diags: &mut Vec<Diag>) -> bool {
        let (p, f) = (v.partitions(), v.free_elements());
        let op = self.i.op.name();
        if !PARTITIONS.contains(&p) || f % BLOCK_WIDTH != 0 || f == 0 {
            let msg = format!("`{op}`'s {name}=%{} is [{p} x {f}]", self.name(v));
            let label = "MX data is 32, 64, 96 or 128 partitions by a multiple of 4 elements \
                         (blocks of 8 partitions x 4 elements)";
            diags.push(self.diag("nisa::mx", v, msg, label));
            return false;
        }
        self.aligned(name, v, diags);
        true
    }

    /// A data view starts at a quadrant's first partition, on every trip of its loops.
    fn aligned(&self, name: &str, v: &Ap, diags: &mut Vec<Diag>) {
        let row = self.row(v);
        let mut starts = places::offsets(v, self.counts)
            .into_iter()
            .map(|o| o.div_euclid(row));
        if let Some(bad) = starts.find(|s| s.rem_euclid(QUADRANT as i64) != 0) {
            let op = self.i.op.name();
            let msg = format!(
                "`{op}`'s {name}=%{} starts at partition {bad}",
                self.name(v)
            );
            diags.push(self.diag(
                "nisa::mx",
                v,
                msg,
                "MX data starts at partition 0, 32, 64 or 96",
            ));
        }
    }

    /// The elements a partition of `v`'s buffer holds.
    fn row(&self, v: &Ap) -> i64 {
        i64::try_from(self.k.buffer(v.buf).free_elements())
            .unwrap_or(i64::MAX)
            .max(1)
    }

    /// A scale view of `data`: `per_row` scales on each of its rows, spanning the rows from
    /// the first quadrant's to the last one's, starting 0, 4, 8 or 12 partitions into the
    /// quadrant where `data` starts.
    fn scales(&self, name: &str, s: &Ap, data: &Ap, per_row: u64, diags: &mut Vec<Diag>) {
        let op = self.i.op.name();
        let rows = mx::scale_partitions(data.partitions());
        if s.partitions() != rows || s.free_elements() != per_row {
            let msg = format!(
                "`{op}`'s {name}=%{} is [{} x {}]; the scales of [{} x {}] data are [{rows} x {per_row}]",
                self.name(s),
                s.partitions(),
                s.free_elements(),
                data.partitions(),
                data.free_elements()
            );
            let label = format!(
                "one scale per block of {BLOCK_PARTITIONS} partitions x {BLOCK_WIDTH} elements, \
                 on the first 4 partitions of each quadrant"
            );
            diags.push(self.diag("nisa::mx", s, msg, &label));
        }
        // Where the views start with every counter at 0; that holds on every trip when the
        // scales step through partitions as their data does (whole quadrants, `aligned`).
        let q = QUADRANT as i64;
        let (at, of) = (
            s.offset.base.div_euclid(self.row(s)),
            data.offset.base.div_euclid(self.row(data)),
        );
        let offset = at.rem_euclid(q) as u64;
        if !SCALE_OFFSETS.contains(&offset) || at.div_euclid(q) != of.div_euclid(q) {
            let msg = format!(
                "`{op}`'s {name}=%{} starts at partition {at}, its data at {of}",
                self.name(s)
            );
            let label = "scales start 0, 4, 8 or 12 partitions into their data's quadrant";
            diags.push(self.diag("nisa::mx", s, msg, label));
        } else if self.steps(s) != self.steps(data) {
            let msg = format!(
                "`{op}`'s {name}=%{} steps through partitions unlike its data",
                self.name(s)
            );
            let label = "scales move with their data, a quadrant for a quadrant";
            diags.push(self.diag("nisa::mx", s, msg, label));
        }
    }

    /// The partitions `v` moves by per trip of each loop it moves with, or `None` for a loop
    /// that moves it within a partition.
    fn steps(&self, v: &Ap) -> Vec<(crate::LoopId, Option<i64>)> {
        let row = self.row(v);
        (v.offset.terms.iter())
            .map(|&(l, c)| (l, (c % row == 0).then_some(c / row)))
            .collect()
    }
}
