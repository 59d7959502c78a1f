//! The shape and memory rules of each op: which views must agree in partitions and free size,
//! where `nc_matmul` reads and writes and how large its tiles may be, what a reduce may fold.
//! Sizes are those NKI's ISA states (lowering-anchors §1); a message names the instruction's
//! parameters as NKI's Python does.

use super::{mem, BN_STATS_FMAX, MATMUL_MOVING_MAX, MATMUL_STATIONARY_MAX};
use crate::spec::{Arg, Opcode};
use crate::{Ap, Budget, Dtype, Engine, Inst, Kernel, Memory};
use egfuse_diag::{Diag, Span};

/// The rules of `i`'s op, each broken one pushed to `diags`.
pub fn check(k: &Kernel, budget: &Budget, counts: &[u64], i: &Inst, diags: &mut Vec<Diag>) {
    let mut c = Check {
        k,
        budget,
        counts,
        i,
        diags,
    };
    match i.op {
        Opcode::Activation | Opcode::ActivationReduce => c.activation(),
        Opcode::TensorReduce => c.reduce(),
        Opcode::TensorTensor => {
            c.same("dst", "data1");
            c.same("dst", "data2");
            let psum = |n| c.ap(n).is_some_and(|a| c.memory(a) == Memory::Psum);
            if psum("data1") && psum("data2") {
                c.err(
                    "nisa::memory",
                    "`tensor_tensor`'s data1 and data2 are both in PSUM",
                    "at most one input may be in PSUM",
                );
            }
        }
        Opcode::TensorScalar => {
            c.same("dst", "data");
            c.per_partition("operand0");
            c.per_partition("operand1");
            if i.arg("op1").is_some() != i.arg("operand1").is_some() {
                c.err(
                    "nisa::keyword",
                    "`tensor_scalar` gives one of op1 and operand1",
                    "give both or neither",
                );
            }
        }
        Opcode::Reciprocal => c.same("dst", "data"),
        Opcode::BnStats | Opcode::BnAggr => c.bn(),
        Opcode::TensorCopy => {
            c.same("dst", "src");
            c.bitcast();
        }
        Opcode::TensorCopyPredicated => {
            c.same("dst", "src");
            c.same("dst", "predicate");
        }
        Opcode::NcMatmul => c.matmul(),
        Opcode::NcTranspose => c.transpose(),
        Opcode::Memset | Opcode::Iota => {}
        Opcode::DmaCopy => c.dma_copy(),
        Opcode::DmaTranspose => c.dma_transpose(),
        Opcode::QuantizeMx => super::mx::quantize(k, counts, i, diags),
        Opcode::NcMatmulMx => {
            super::mx::matmul(k, counts, i, diags);
            if let Some(d) = i.ap("dst") {
                let bank = budget.psum_bank_bytes as i64;
                super::places::within_bank(k, d, counts, bank, diags);
            }
        }
    }
}

struct Check<'a> {
    k: &'a Kernel,
    budget: &'a Budget,
    /// Trip counts of the loop counters.
    counts: &'a [u64],
    i: &'a Inst,
    diags: &'a mut Vec<Diag>,
}

impl<'a> Check<'a> {
    fn err(&mut self, code: &'static str, msg: &str, label: &str) {
        self.err_at(code, self.i.span, msg.to_string(), label);
    }

    fn err_at(&mut self, code: &'static str, span: Span, msg: String, label: &str) {
        self.diags
            .push(Diag::new(code, span, msg).with_label(label));
    }

    fn ap(&self, name: &str) -> Option<&'a Ap> {
        self.i.ap(name)
    }

    fn memory(&self, ap: &Ap) -> Memory {
        self.k.buffer(ap.buf).memory
    }

    fn name(&self, ap: &Ap) -> &'a str {
        &self.k.buffer(ap.buf).name
    }

    /// `a` and `b` have the same partitions and elements per partition, as every elementwise
    /// instruction needs.
    fn same(&mut self, a: &str, b: &str) {
        let (Some(x), Some(y)) = (self.ap(a), self.ap(b)) else {
            return;
        };
        if x.partitions() != y.partitions() || x.free_elements() != y.free_elements() {
            let msg = format!(
                "`{}`: {a}=%{} is [{} partitions x {}] but {b}=%{} is [{} x {}]",
                self.i.op.name(),
                self.name(x),
                x.partitions(),
                x.free_elements(),
                self.name(y),
                y.partitions(),
                y.free_elements()
            );
            self.err_at(
                "nisa::shape",
                y.span,
                msg,
                "partitions and elements per partition must agree",
            );
        }
    }

    /// A `tensor_copy` with `bitcast` reads bytes as another dtype of the same width.
    fn bitcast(&mut self) {
        let (Some(dst), Some(src)) = (self.ap("dst"), self.ap("src")) else {
            return;
        };
        if !matches!(self.i.arg("bitcast"), Some(Arg::Flag(true))) {
            return;
        }
        let (to, from) = (self.k.buffer(dst.buf).dtype, self.k.buffer(src.buf).dtype);
        if to.bytes() != from.bytes() {
            let msg = format!(
                "`tensor_copy` bitcast: src=%{} holds {} ({} bytes) but dst=%{} holds {} ({} bytes)",
                self.name(src),
                from.name(),
                from.bytes(),
                self.name(dst),
                to.name(),
                to.bytes()
            );
            self.err_at(
                "nisa::dtype",
                dst.span,
                msg,
                "a bitcast keeps the element width",
            );
        }
    }

    /// A scalar operand given as a view holds one value per partition of `data`.
    fn per_partition(&mut self, name: &str) {
        let Some(v) = self.ap(name) else { return };
        let parts = self.ap("data").map_or(0, Ap::partitions);
        if v.partitions() != parts || v.free_elements() != 1 {
            let msg = format!(
                "`{}`: {name}=%{} is [{} x {}]; a per-partition operand is [{parts} x 1]",
                self.i.op.name(),
                self.name(v),
                v.partitions(),
                v.free_elements()
            );
            self.err_at(
                "nisa::shape",
                v.span,
                msg,
                "one value per partition of data",
            );
        }
    }

    /// `bn_stats` reads at most [`BN_STATS_FMAX`] elements per partition and writes six;
    /// `bn_aggr` reads (count, mean, variance x count) triples and writes a mean and a variance.
    fn bn(&mut self) {
        let (Some(d), Some(x)) = (self.ap("dst"), self.ap("data")) else {
            return;
        };
        let (wrote, read) = (d.free_elements(), x.free_elements());
        let (want, fits, why) = match self.i.op {
            Opcode::BnStats => (
                6,
                read <= BN_STATS_FMAX,
                "at most 512 elements per partition (nl.tile_size.bn_stats_fmax)",
            ),
            _ => (
                2,
                read > 0 && read % 3 == 0,
                "whole (count, mean, variance x count) triples",
            ),
        };
        let name = self.i.op.name();
        if !fits {
            let msg = format!(
                "`{name}`: data=%{} has {read} elements per partition",
                self.name(x)
            );
            self.err_at("nisa::shape", x.span, msg, why);
        }
        if wrote != want || d.partitions() != x.partitions() {
            let msg = format!(
                "`{name}`: dst=%{} is [{} x {wrote}]; it writes [{} x {want}]",
                self.name(d),
                d.partitions(),
                x.partitions()
            );
            self.err_at("nisa::shape", d.span, msg, "the statistics per partition");
        }
    }

    fn activation(&mut self) {
        self.same("dst", "data");
        self.per_partition("scale");
        self.per_partition("bias");
        self.per_partition("reduce_res");
        if let Some(Arg::Alu(op)) = self.i.arg("reduce_op") {
            if *op != crate::spec::Alu::Add {
                let msg = format!("`{}` accumulates with `{}`", self.i.op.name(), op.name());
                self.err(
                    "nisa::activation",
                    &msg,
                    "the scalar engine's accumulate is add only",
                );
            }
        }
        if self.i.arg("reduce_op").is_some() != self.i.arg("reduce_res").is_some() {
            self.err(
                "nisa::keyword",
                "`activation` gives one of reduce_op and reduce_res",
                "give both or neither",
            );
        }
    }

    fn reduce(&mut self) {
        let (Some(d), Some(x)) = (self.ap("dst"), self.ap("data")) else {
            return;
        };
        let Some(Arg::Axes(axes)) = self.i.arg("axis") else {
            return;
        };
        let rank = x.dims.len() as u32;
        let tail = (rank.saturating_sub(axes.len() as u32)..rank).collect::<Vec<_>>();
        if axes.is_empty() || axes.contains(&0) || *axes != tail {
            let msg = format!("`tensor_reduce` over axes {axes:?} of a rank-{rank} view");
            self.err("nisa::reduce", &msg, "axes are the last contiguous free dimensions; axis 0 (the partition) cannot be reduced");
            return;
        }
        if let Some(Arg::Alu(op)) = self.i.arg("op") {
            if !op.reduces() {
                let msg = format!("`tensor_reduce` folds with `{}`", op.name());
                self.err(
                    "nisa::reduce",
                    &msg,
                    "a reduce needs an associative operator",
                );
            }
        }
        let kept: u64 = x.dims[1..(rank as usize).saturating_sub(axes.len()).max(1)]
            .iter()
            .map(|d| d.1)
            .fold(1, u64::saturating_mul);
        if d.partitions() != x.partitions() || d.free_elements() != kept {
            let msg = format!(
                "`tensor_reduce`: dst=%{} is [{} x {}]; the reduce leaves [{} x {kept}]",
                self.name(d),
                d.partitions(),
                d.free_elements(),
                x.partitions()
            );
            self.err_at("nisa::shape", d.span, msg, "the result's shape");
        }
    }

    fn matmul(&mut self) {
        let (Some(d), Some(s), Some(m)) =
            (self.ap("dst"), self.ap("stationary"), self.ap("moving"))
        else {
            return;
        };
        self.matmul_memories(d, s, m);
        if s.partitions() != m.partitions() {
            let msg = format!(
                "`nc_matmul` contracts {} stationary partitions with {} moving ones",
                s.partitions(),
                m.partitions()
            );
            self.err(
                "nisa::matmul",
                &msg,
                "both inputs hold the contraction on their partitions",
            );
        }
        let (mm, nn) = (s.free_elements(), m.free_elements());
        if mm > MATMUL_STATIONARY_MAX {
            let msg = format!(
                "`nc_matmul`'s stationary free size is {mm}; at most {MATMUL_STATIONARY_MAX}"
            );
            self.err_at("nisa::matmul", s.span, msg, "the PE array has 128 columns");
        }
        if nn > MATMUL_MOVING_MAX {
            let msg =
                format!("`nc_matmul`'s moving free size is {nn}; at most {MATMUL_MOVING_MAX}");
            self.err_at(
                "nisa::matmul",
                m.span,
                msg,
                "one PSUM bank holds 512 fp32 values",
            );
        }
        if d.partitions() != mm || d.free_elements() != nn {
            let msg = format!(
                "`nc_matmul`: dst=%{} is [{} x {}]; stationary.T @ moving is [{mm} x {nn}]",
                self.name(d),
                d.partitions(),
                d.free_elements()
            );
            self.err_at("nisa::shape", d.span, msg, "the result's shape");
        }
        super::places::within_bank(
            self.k,
            d,
            self.counts,
            self.budget.psum_bank_bytes as i64,
            self.diags,
        );
    }

    /// `nc_matmul` reads SBUF and accumulates into f32 PSUM.
    fn matmul_memories(&mut self, d: &Ap, s: &Ap, m: &Ap) {
        for (n, v) in [("stationary", s), ("moving", m)] {
            if self.memory(v) != Memory::Sbuf {
                let msg = format!(
                    "`nc_matmul`'s {n}=%{} is in {}",
                    self.name(v),
                    mem(self.memory(v))
                );
                self.err_at(
                    "nisa::memory",
                    v.span,
                    msg,
                    "matmul inputs are read from SBUF",
                );
            }
        }
        if self.memory(d) != Memory::Psum {
            let msg = format!(
                "`nc_matmul`'s dst=%{} is in {}",
                self.name(d),
                mem(self.memory(d))
            );
            self.err_at("nisa::memory", d.span, msg, "matmul writes PSUM");
        }
        if self.k.buffer(d.buf).dtype != Dtype::F32 {
            self.err_at(
                "nisa::dtype",
                d.span,
                "`nc_matmul` accumulates into fp32".into(),
                "dst must be f32",
            );
        }
    }

    fn transpose(&mut self) {
        let (Some(d), Some(x)) = (self.ap("dst"), self.ap("data")) else {
            return;
        };
        let (p, f) = (x.partitions(), x.free_elements());
        let limit = if self.i.engine == Some(Engine::Dve) {
            32
        } else {
            128
        };
        if p > limit || f > limit {
            let msg = format!(
                "`nc_transpose` of [{p} x {f}]; at most [{limit} x {limit}] on this engine"
            );
            self.err_at(
                "nisa::shape",
                x.span,
                msg,
                "PE transposes up to 128x128, DVE up to 32x32",
            );
        }
        let on_pe = self.i.engine != Some(Engine::Dve);
        if on_pe && (self.memory(x) != Memory::Sbuf || self.memory(d) != Memory::Psum) {
            self.err(
                "nisa::memory",
                "`nc_transpose` on PE reads SBUF and writes PSUM",
                "an identity matmul",
            );
        }
        if d.partitions() != f || d.free_elements() != p {
            let msg = format!(
                "`nc_transpose`: dst is [{} x {}]; the transpose is [{f} x {p}]",
                d.partitions(),
                d.free_elements()
            );
            self.err_at("nisa::shape", d.span, msg, "the result's shape");
        }
    }

    fn dma_copy(&mut self) {
        let (Some(d), Some(s)) = (self.ap("dst"), self.ap("src")) else {
            return;
        };
        if let Some(v) = self.ap("vector_offset") {
            self.indirect(s, v, "src");
        }
        if let Some(v) = self.ap("dst_vector_offset") {
            self.indirect(d, v, "dst");
        }
        self.dma_modes();
        if d.elements() != s.elements() {
            let msg = format!(
                "`dma_copy` moves {} elements into a view of {}",
                s.elements(),
                d.elements()
            );
            self.err_at(
                "nisa::shape",
                d.span,
                msg,
                "source and destination views must hold as many elements",
            );
        }
    }

    /// NKI's `dst_rmw_op` adds the source to the destination, and only adds; its
    /// `oob_mode=skip` (`oob_skip`) skips the rows of an indirect destination whose offsets
    /// leave it, and is not allowed with a read-modify-write (NKI: "only oob_mode.error").
    fn dma_modes(&mut self) {
        if let Some(op) = self.i.arg("dst_rmw_op") {
            if !matches!(op, Arg::Alu(crate::spec::Alu::Add)) {
                self.err(
                    "nisa::keyword",
                    "`dma_copy`'s dst_rmw_op is not add",
                    "a DMA reads, adds and writes; only add is supported",
                );
            }
        }
        if !matches!(self.i.arg("oob_skip"), Some(Arg::Flag(true))) {
            return;
        }
        if self.i.arg("dst_vector_offset").is_none() {
            self.err(
                "nisa::keyword",
                "`dma_copy` skips out-of-bounds rows only of an indirect destination",
                "oob_skip needs dst_vector_offset",
            );
        } else if self.i.arg("dst_rmw_op").is_some() {
            self.err(
                "nisa::keyword",
                "`dma_copy` with dst_rmw_op cannot skip out-of-bounds rows",
                "a read-modify-write allows only the error mode",
            );
        }
    }

    /// An indirect DMA reads (`src`) or writes (`dst`) HBM rows at offsets held on chip, one
    /// integer per row of that side.
    fn indirect(&mut self, side: &Ap, v: &Ap, name: &str) {
        let rows = side.dims.first().map_or(1, |d| d.1);
        if self.memory(side) != Memory::Hbm || self.memory(v) == Memory::Hbm {
            let (what, label) = match name {
                "src" => ("gathers HBM rows", "src in HBM, vector_offset on chip"),
                _ => (
                    "scatters into HBM rows",
                    "dst in HBM, dst_vector_offset on chip",
                ),
            };
            let msg = format!("`dma_copy` {what} by offsets held in SBUF");
            self.err_at("nisa::memory", v.span, msg, label);
        }
        let dtype = self.k.buffer(v.buf).dtype;
        if !dtype.is_int() {
            let msg = format!(
                "`dma_copy`'s offsets %{} are {}",
                self.name(v),
                dtype.name()
            );
            self.err_at("nisa::dtype", v.span, msg, "offsets are integers");
        } else if v.elements() != rows {
            let msg = format!(
                "`dma_copy`'s offsets %{} hold {} values for {rows} rows of {name}",
                self.name(v),
                v.elements()
            );
            let label = format!("one integer offset per row of {name}");
            self.err_at("nisa::shape", v.span, msg, &label);
        }
    }

    fn dma_transpose(&mut self) {
        let (Some(d), Some(s)) = (self.ap("dst"), self.ap("src")) else {
            return;
        };
        let ok = s.dims.len() == 2
            && d.dims.len() == 2
            && d.dims[0].1 == s.dims[1].1
            && d.dims[1].1 == s.dims[0].1;
        if !ok {
            let msg = format!("`dma_transpose` of {:?} into {:?}", s.shape(), d.shape());
            self.err_at(
                "nisa::shape",
                d.span,
                msg,
                "a 2-D transpose: dst is [b, a] for src [a, b]",
            );
        }
    }
}
