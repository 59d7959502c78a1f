//! The verifier: every constraint NKI's ISA puts on a program, stated in its terms, against a
//! [`Budget`] from the target file. It collects every problem of a kernel as a [`Diag`] on the
//! instruction, argument or buffer it is about. The op table (`spec`) gives each op's engines and
//! parameters; the shape rules below are those of lowering-anchors §1 and 003 §1.

mod mx;
mod ops;
pub mod places;

use crate::spec::{Arg, Kind, Opcode};
use crate::{Ap, Budget, Buffer, Engine, Inst, Kernel, Memory, Program, Role, Stmt};
use egfuse_diag::{Diag, Span};

/// The largest moving free size of `nc_matmul`: 512 fp32 values fill one PSUM bank.
pub const MATMUL_MOVING_MAX: u64 = 512;
/// The largest stationary free size of `nc_matmul`: the PE array's 128 columns.
pub const MATMUL_STATIONARY_MAX: u64 = 128;
/// The most elements per partition one `bn_stats` reads (`nl.tile_size.bn_stats_fmax`).
pub const BN_STATS_FMAX: u64 = 512;

/// Every problem of every kernel of `p`, and of its device program.
pub fn program(p: &Program, budget: &Budget) -> Vec<Diag> {
    let kernels = p.kernels.iter().flat_map(|k| kernel(k, budget));
    kernels.chain(crate::device::verify::program(p)).collect()
}

/// Every problem of `k`.
pub fn kernel(k: &Kernel, budget: &Budget) -> Vec<Diag> {
    let mut v = Verifier {
        k,
        budget,
        diags: Vec::new(),
        counts: k.trip_counts(),
    };
    if !is_kind(&k.kind) {
        let msg = format!(
            "the kernel's kind `{}` is not a name the text form reads",
            k.kind
        );
        v.err("nisa::kind", k.span, msg, "a kind is words joined by `.`");
    }
    for b in &k.buffers {
        v.buffer(b);
    }
    v.stmts(&k.body);
    places::overlaps(k, &mut v.diags);
    v.diags
}

/// Whether `kind` is words joined by `.` (`RmsNorm`, `stablehlo.negate`), as the parser reads
/// a kernel's kind.
fn is_kind(kind: &str) -> bool {
    use crate::parse::lex::{is_ident, is_ident_start};
    kind.split('.').all(|w| {
        let b = w.as_bytes();
        b.first().is_some_and(|&c| is_ident_start(c)) && b.iter().all(|&c| is_ident(c))
    })
}

/// Whether an on-chip buffer of `k` needs more bytes of each partition than its memory has
/// under `budget`: the one finding of [`kernel`] that a smaller tile can mend.
pub fn over_budget(k: &Kernel, budget: &Budget) -> bool {
    let sized = |b: &&Buffer| b.memory.on_chip() && !b.shape.is_empty() && !b.shape.contains(&0);
    k.buffers
        .iter()
        .filter(sized)
        .any(|b| overflow(b, budget).is_some())
}

/// The end of an on-chip buffer's bytes in each partition and its memory's size there, when
/// the one is past the other.
fn overflow(b: &Buffer, budget: &Budget) -> Option<(u64, u64)> {
    let limit = match b.memory {
        Memory::Sbuf => budget.sbuf_bytes_per_partition,
        _ => budget.psum_bytes_per_partition(),
    };
    let end = b
        .offset
        .unwrap_or(0)
        .saturating_add(b.bytes_per_partition());
    (end > limit).then_some((end, limit))
}

struct Verifier<'a> {
    k: &'a Kernel,
    budget: &'a Budget,
    diags: Vec<Diag>,
    /// Trip counts of the loop counters, by [`crate::LoopId`].
    counts: Vec<u64>,
}

impl Verifier<'_> {
    fn err(&mut self, code: &'static str, span: Span, msg: String, label: &str) {
        self.diags
            .push(Diag::new(code, span, msg).with_label(label));
    }

    fn buffer(&mut self, b: &Buffer) {
        if b.shape.is_empty() || b.shape.contains(&0) {
            let msg = format!("buffer `%{}` has no elements", b.name);
            self.err(
                "nisa::shape",
                b.span,
                msg,
                "every dimension needs a size of at least 1",
            );
            return;
        }
        if !b.memory.on_chip() {
            if b.offset.is_some() {
                let msg = format!("HBM tensor `%{}` has an on-chip offset", b.name);
                self.err(
                    "nisa::memory",
                    b.span,
                    msg,
                    "only SBUF and PSUM buffers are placed",
                );
            }
            return;
        }
        if b.role != Role::Scratch {
            let msg = format!("`%{}` is a kernel argument in {}", b.name, mem(b.memory));
            self.err(
                "nisa::memory",
                b.span,
                msg,
                "arguments and results live in HBM",
            );
        }
        if b.shape[0] > self.budget.partitions {
            let msg = format!(
                "`%{}` spans {} partitions; the target has {}",
                b.name, b.shape[0], self.budget.partitions
            );
            self.err(
                "nisa::partition",
                b.span,
                msg,
                "the first dimension is the partition",
            );
        }
        if let Some((end, limit)) = overflow(b, self.budget) {
            let msg = format!(
                "`%{}` needs bytes {}..{end} of each partition; {} has {limit}",
                b.name,
                b.offset.unwrap_or(0),
                mem(b.memory)
            );
            self.err("nisa::budget", b.span, msg, "does not fit");
        }
    }

    fn stmts(&mut self, body: &[Stmt]) {
        for s in body {
            match s {
                Stmt::Inst(i) => self.inst(i),
                Stmt::Loop {
                    count, body, span, ..
                } => {
                    if *count == 0 {
                        let msg = "a loop that never runs".to_string();
                        self.err("nisa::loop", *span, msg, "the trip count is 0");
                    }
                    self.stmts(body);
                }
            }
        }
    }

    fn inst(&mut self, i: &Inst) {
        let spec = i.op.spec();
        if spec.since > self.budget.generation {
            let msg = format!(
                "`{}` needs NeuronCore-v{} or later; the target is v{}",
                spec.name, spec.since, self.budget.generation
            );
            let label = "not an instruction of this generation";
            self.err("nisa::generation", i.span, msg, label);
        }
        if let Some(e) = i.engine {
            if !spec.engines.contains(&e) {
                let names: Vec<&str> = spec.engines.iter().map(|e| e.name()).collect();
                let msg = format!("`{}` cannot run on {}", spec.name, e.name());
                let label = format!("runs on {}", names.join(" or "));
                self.err("nisa::engine", i.span, msg, &label);
            }
        }
        for (p, a) in spec.params.iter().zip(&i.args) {
            if let Some(Arg::Ap(ap)) = a {
                self.access(i, p.name, p.kind, ap);
            }
        }
        ops::check(self.k, self.budget, &self.counts, i, &mut self.diags);
    }

    /// An argument's memory and bounds: every element it names lies inside its buffer, and an
    /// on-chip view walks partitions with its first pair and stays in one with the others.
    fn access(&mut self, i: &Inst, name: &str, kind: Kind, ap: &Ap) {
        let b = self.k.buffer(ap.buf);
        if b.elements() == 0 {
            return;
        }
        let op = i.op.name();
        if i.engine == Some(Engine::GpSimd) && b.memory == Memory::Psum {
            let msg = format!("`{op}` on GpSimd cannot access PSUM (`{name}=%{}`)", b.name);
            self.err("nisa::memory", ap.span, msg, "GpSimd has no path to PSUM");
        }
        let dma = matches!(i.op, Opcode::DmaCopy | Opcode::DmaTranspose);
        if !dma && b.memory == Memory::Hbm {
            let msg = format!("`{op}` reads or writes HBM (`{name}=%{}`)", b.name);
            self.err(
                "nisa::memory",
                ap.span,
                msg,
                "compute engines access SBUF and PSUM only; move it with dma_copy",
            );
        }
        if kind == Kind::Dst && b.role == Role::Input {
            let msg = format!("`{op}` writes the kernel input `%{}`", b.name);
            self.err("nisa::memory", ap.span, msg, "inputs are read-only");
        }
        if ap.dims.is_empty() || ap.dims.iter().any(|d| d.1 == 0) {
            let msg = format!("`{name}=%{}` views no elements", b.name);
            self.err(
                "nisa::shape",
                ap.span,
                msg,
                "every [stride, size] pair needs a size of at least 1",
            );
            return;
        }
        let indirect = (name == "src" && i.arg("vector_offset").is_some())
            || (name == "dst" && i.arg("dst_vector_offset").is_some());
        let (lo, hi) = if indirect {
            // The first pair's rows come from the offsets at run time: its bounds are the
            // interpreter's to check; the row itself is checked here.
            let mut row = ap.clone();
            row.dims[0].1 = 1;
            self.range(&row)
        } else {
            self.range(ap)
        };
        if lo < 0 || hi >= b.elements() as i64 {
            let msg = format!(
                "`{name}=%{}` reaches elements {lo}..={hi}; the buffer has {}",
                b.name,
                b.elements()
            );
            self.err("nisa::bounds", ap.span, msg, "out of bounds");
            return;
        }
        // The MX ops place scales by quadrant (`crate::mx`), which `verify::mx` checks.
        let quadrant_scale = crate::mx::is_scale_param(i.op, name);
        if b.memory.on_chip() && self.partitions(ap, b, name) && !quadrant_scale {
            self.start(ap, b, name);
        }
    }

    /// The lowest and highest flat index `ap` touches over every iteration of its loops.
    fn range(&self, ap: &Ap) -> (i64, i64) {
        let (mut lo, mut hi) = (ap.offset.base, ap.offset.base);
        let steps = ap
            .offset
            .terms
            .iter()
            .map(|(l, c)| (*c, self.counts[l.0 as usize]));
        for (c, n) in steps.chain(ap.dims.iter().copied()) {
            let reach = c.saturating_mul(last(n));
            lo = lo.saturating_add(reach.min(0));
            hi = hi.saturating_add(reach.max(0));
        }
        (lo, hi)
    }

    /// NKI's partition rules: the first pair steps whole partitions and the rest stay inside
    /// one. Says whether they hold.
    fn partitions(&mut self, ap: &Ap, b: &Buffer, name: &str) -> bool {
        let free = i64::try_from(b.free_elements()).unwrap_or(i64::MAX).max(1);
        let (pstride, pcount) = ap.dims[0];
        if pcount > 1 && (pstride <= 0 || pstride % free != 0) {
            let msg = format!(
                "`{name}=%{}`'s first pair [{pstride}, {pcount}] does not step whole partitions",
                b.name
            );
            let label = format!("a partition of `%{}` holds {free} elements", b.name);
            self.err("nisa::partition", ap.span, msg, &label);
            return false;
        }
        let moves = ap.offset.terms.iter().filter(|(_, c)| c % free != 0);
        let moves = moves.map(|(l, c)| (*c, self.counts[l.0 as usize]));
        let free_reach = moves
            .chain(ap.dims[1..].iter().copied())
            .fold(0i64, |acc, (c, n)| {
                acc.saturating_add(c.saturating_abs().saturating_mul(last(n)))
            });
        let base_free = ap.offset.base.rem_euclid(free);
        if base_free.saturating_add(free_reach) >= free || ap.dims[1..].iter().any(|d| d.0 < 0) {
            let msg = format!(
                "`{name}=%{}` crosses a partition boundary in its free pattern",
                b.name
            );
            let label = format!("a partition of `%{}` holds {free} elements", b.name);
            self.err("nisa::partition", ap.span, msg, &label);
            return false;
        }
        true
    }

    /// NKI's rule of where a view starts: one of `n` partitions starts at 0 (n > 64), 0 or 64
    /// (n > 32), or a multiple of 32.
    fn start(&mut self, ap: &Ap, b: &Buffer, name: &str) {
        let free = i64::try_from(b.free_elements()).unwrap_or(i64::MAX).max(1);
        let (pstride, pcount) = ap.dims[0];
        let parts = (pcount.saturating_sub(1))
            .saturating_mul((pstride / free).max(1) as u64)
            .saturating_add(1);
        for start in self.starts(ap, free) {
            let ok = match parts {
                n if n > 64 => start == 0,
                n if n > 32 => start == 0 || start == 64,
                _ => start % 32 == 0,
            };
            if !ok {
                let msg = format!(
                    "`{name}=%{}` covers {parts} partitions from partition {start}",
                    b.name
                );
                let label = "NKI: more than 64 partitions start at 0; 33 to 64 at 0 or 64; up to 32 at 0, 32, 64 or 96";
                self.err("nisa::partition", ap.span, msg, label);
                return;
            }
        }
    }

    /// The partitions a view starts at over its loops (the extremes when they are many).
    fn starts(&self, ap: &Ap, free: i64) -> Vec<u64> {
        let mut starts: Vec<u64> = places::offsets(ap, &self.counts)
            .into_iter()
            .map(|o| o.div_euclid(free).max(0) as u64)
            .collect();
        starts.sort_unstable();
        starts.dedup();
        starts
    }
}

/// "SBUF" or "PSUM" or "HBM", as diagnostics say them.
pub fn mem(m: Memory) -> &'static str {
    match m {
        Memory::Hbm => "HBM",
        Memory::Sbuf => "SBUF",
        Memory::Psum => "PSUM",
    }
}

/// The highest index of a dimension of `n` (`n - 1`), saturating: hostile text and bytes can
/// declare a size past `i64`.
pub(crate) fn last(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX).saturating_sub(1)
}
