//! The nisa interpreter: runs one kernel on values, instruction by instruction in program
//! order, as NKI's CPU simulator does (no engine overlap, no timing). Every buffer holds f64
//! values that are exactly what its dtype can store; engines compute in fp32 (`math`) and round
//! to the destination. A kernel runs only if its shapes verify (any budget). Memory a kernel never wrote reads as NaN (floats) or 4 (integers), NKI's
//! simulator sentinels, so a read of stale memory shows in the result.

use crate::math::{alu, func, identity, store};
use egfuse_gemm::Gemm;

mod dma;
mod mx;
use crate::spec::{Alu, Arg, Func, Opcode};
use crate::{verify, Ap, Budget, BufId, Dtype, Inst, Kernel, Role, Stmt};
use egfuse_diag::Diag;
use std::cell::RefCell;

/// How much one run may do before it stops with a diagnostic.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Instructions executed, loop iterations counted.
    pub max_steps: u64,
    /// Elements of all buffers together.
    pub max_elements: u64,
    /// Element operations (a matmul's multiply-adds, every other instruction's elements),
    /// counted over every loop trip before the run starts.
    pub max_work: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_steps: 10_000_000,
            max_elements: 1 << 28,
            max_work: 1 << 30,
        }
    }
}

/// Runs `k` on `inputs` (one per input buffer, in declaration order, row-major) and returns
/// its outputs the same way.
pub fn run(k: &Kernel, inputs: &[Vec<f64>], limits: &Limits) -> Result<Vec<Vec<f64>>, Diag> {
    let mut m = Machine::new(k, inputs, limits, false)?;
    m.stmts(&k.body)?;
    Ok(m.outputs())
}

/// The elements one instruction read or wrote: a buffer and the flat indices, in view order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Touch {
    pub buf: BufId,
    pub write: bool,
    pub indices: Vec<usize>,
}

/// A kernel's memory, to run its instructions one at a time, in any order, each at the loop
/// counters given: how the streams' race check runs an interleaving. A clone starts over from
/// the same memory without checking the kernel again.
#[derive(Clone)]
pub struct Stepper<'a> {
    m: Machine<'a>,
}

impl<'a> Stepper<'a> {
    /// The memory of `k` with `inputs` written, as [`run`] starts.
    pub fn new(k: &'a Kernel, inputs: &[Vec<f64>], limits: &'a Limits) -> Result<Self, Diag> {
        Ok(Stepper {
            m: Machine::new(k, inputs, limits, true)?,
        })
    }

    /// Runs `i` at `counters` (by `LoopId`) and says what it touched.
    pub fn step(&mut self, i: &Inst, counters: &[i64]) -> Result<Vec<Touch>, Diag> {
        self.m.counters.copy_from_slice(counters);
        self.m.inst(i)?;
        Ok(self.m.trace.as_ref().map_or(Vec::new(), |t| t.take()))
    }

    pub fn outputs(self) -> Vec<Vec<f64>> {
        self.m.outputs()
    }
}

/// The element operations a run of `k` performs: each instruction's (a matmul's
/// multiply-adds: K x M x N, plus [`INSTRUCTION_WORK`]) times the trips of the loops around it.
pub fn work(k: &Kernel) -> u64 {
    fn walk(stmts: &[Stmt], trips: u64) -> u64 {
        stmts.iter().fold(0u64, |n, s| {
            n.saturating_add(match s {
                Stmt::Inst(i) => trips.saturating_mul(inst_work(i)),
                Stmt::Loop { count, body, .. } => walk(body, trips.saturating_mul(*count)),
            })
        })
    }
    walk(&k.body, 1)
}

/// What one instruction costs the interpreter before its elements (reading its arguments,
/// walking its access patterns, allocating its values), in element operations. Measured as
/// about 20 by `egfuse lower --check --interleavings 0`: a batch of 51,200 1x1 dots (256,000
/// one-element instructions) took 0.33 s, an exp and an add of 4096 x 4096 f32 (5 instructions
/// of 16.7 million elements) 6.4 s.
pub const INSTRUCTION_WORK: u64 = 20;

fn inst_work(i: &Inst) -> u64 {
    let size = |n: &str| i.ap(n).map_or(0, Ap::elements);
    let elements = match i.op {
        Opcode::NcMatmul | Opcode::NcMatmulMx => i
            .ap("moving")
            .map_or(0, |m| size("stationary").saturating_mul(m.free_elements())),
        _ => size("dst"),
    };
    elements.saturating_add(INSTRUCTION_WORK)
}

fn arity(k: &Kernel, given: usize) -> Diag {
    let want = k.buffers.iter().filter(|b| b.role == Role::Input).count();
    let msg = format!("kernel @{} takes {want} inputs; {given} were given", k.name);
    Diag::new("nisa::input", k.span, msg).with_label("this kernel")
}

#[derive(Clone)]
struct Machine<'a> {
    k: &'a Kernel,
    mem: Vec<Vec<f64>>,
    counters: Vec<i64>,
    steps: u64,
    limits: &'a Limits,
    /// What the current instruction touched, when a [`Stepper`] asks.
    trace: Option<RefCell<Vec<Touch>>>,
}

type R<T> = Result<T, Diag>;

impl<'a> Machine<'a> {
    /// Checks `k` and its inputs against the limits and lays out its memory.
    fn new(k: &'a Kernel, inputs: &[Vec<f64>], limits: &'a Limits, trace: bool) -> R<Self> {
        if let Some(d) = verify::kernel(k, &Budget::UNLIMITED).into_iter().next() {
            return Err(d);
        }
        let total = (k.buffers.iter()).fold(0u64, |n, b| n.saturating_add(b.elements()));
        if total > limits.max_elements {
            let msg = format!(
                "kernel @{} holds {total} elements; the interpreter's limit is {}",
                k.name, limits.max_elements
            );
            return Err(Diag::new("nisa::limit", k.span, msg).with_label("too large to run"));
        }
        let w = work(k);
        if w > limits.max_work {
            let msg = format!(
                "kernel @{} performs {w} element operations; the interpreter's limit is {}",
                k.name, limits.max_work
            );
            return Err(Diag::new("nisa::limit", k.span, msg).with_label("too large to run"));
        }
        let mut mem = Vec::with_capacity(k.buffers.len());
        let mut next = inputs.iter();
        for b in &k.buffers {
            let init = if b.dtype.is_int() { 4.0 } else { f64::NAN };
            let data = if b.role == Role::Input {
                let given = next.next().ok_or_else(|| arity(k, inputs.len()))?;
                if given.len() as u64 != b.elements() {
                    let msg = format!(
                        "input `%{}` needs {} values; {} were given",
                        b.name,
                        b.elements(),
                        given.len()
                    );
                    return Err(Diag::new("nisa::input", b.span, msg).with_label("this input"));
                }
                given.iter().map(|&x| store(b.dtype, x)).collect()
            } else {
                vec![init; b.elements() as usize]
            };
            mem.push(data);
        }
        if next.next().is_some() {
            return Err(arity(k, inputs.len()));
        }
        Ok(Machine {
            k,
            mem,
            counters: vec![0; k.loops.len()],
            steps: 0,
            limits,
            trace: trace.then(|| RefCell::new(Vec::new())),
        })
    }

    fn outputs(self) -> Vec<Vec<f64>> {
        let outputs = self.k.buffers.iter().zip(self.mem);
        (outputs.filter(|(b, _)| b.role == Role::Output))
            .map(|(_, d)| d)
            .collect()
    }

    /// Notes, for a [`Stepper`], that the current instruction touched `indices` of `buf`.
    fn touched(&self, buf: BufId, write: bool, indices: Vec<usize>) {
        if let Some(t) = &self.trace {
            t.borrow_mut().push(Touch {
                buf,
                write,
                indices,
            });
        }
    }

    fn stmts(&mut self, body: &[Stmt]) -> R<()> {
        for s in body {
            match s {
                Stmt::Inst(i) => {
                    self.steps += 1;
                    if self.steps > self.limits.max_steps {
                        let msg = format!(
                            "stopped after {} instructions (the interpreter's limit)",
                            self.limits.max_steps
                        );
                        return Err(Diag::new("nisa::limit", i.span, msg).with_label("here"));
                    }
                    self.inst(i)?;
                }
                Stmt::Loop {
                    counter,
                    count,
                    body,
                    ..
                } => {
                    for n in 0..*count {
                        self.counters[counter.0 as usize] = n as i64;
                        self.stmts(body)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// The flat indices `ap` names in this iteration, in view order. The view's extent is
    /// checked against its buffer before any index is made.
    fn indices(&self, ap: &Ap) -> R<Vec<usize>> {
        if ap.elements() > self.limits.max_elements {
            let msg = format!(
                "a view of {} elements; the interpreter's limit is {}",
                ap.elements(),
                self.limits.max_elements
            );
            return Err(Diag::new("nisa::limit", ap.span, msg).with_label("too large to run"));
        }
        if ap.dims.iter().any(|d| d.1 == 0) {
            return Ok(Vec::new());
        }
        let len = self.mem[ap.buf.0 as usize].len() as i64;
        let start = ap.offset.eval(&self.counters);
        let (mut lo, mut hi) = (start, start);
        for &(stride, size) in &ap.dims {
            let reach = stride.saturating_mul(size as i64 - 1);
            match reach < 0 {
                true => lo = lo.saturating_add(reach),
                false => hi = hi.saturating_add(reach),
            }
        }
        if lo < 0 || hi >= len {
            let b = self.k.buffer(ap.buf);
            let msg = format!(
                "a view of `%{}` leaves the buffer in this iteration",
                b.name
            );
            return Err(Diag::new("nisa::bounds", ap.span, msg).with_label("out of bounds"));
        }
        let mut out = Vec::with_capacity(ap.elements() as usize);
        walk_view(&ap.dims, start, &mut out);
        Ok(out)
    }

    fn read(&self, i: &Inst, name: &str) -> R<Vec<f64>> {
        let ap = i.ap(name).expect("verified: the argument is a view");
        let data = &self.mem[ap.buf.0 as usize];
        let idx = self.indices(ap)?;
        let values = idx.iter().map(|&n| data[n]).collect();
        self.touched(ap.buf, false, idx);
        Ok(values)
    }

    fn dtype(&self, i: &Inst, name: &str) -> Option<Dtype> {
        i.ap(name).map(|a| self.k.buffer(a.buf).dtype)
    }

    fn write(&mut self, i: &Inst, name: &str, values: &[f64]) -> R<()> {
        let ap = i.ap(name).expect("verified: the argument is a view");
        let idx = self.indices(ap)?;
        let dtype = self.k.buffer(ap.buf).dtype;
        let data = &mut self.mem[ap.buf.0 as usize];
        for (&n, v) in idx.iter().zip(values) {
            data[n] = store(dtype, *v);
        }
        self.touched(ap.buf, true, idx);
        Ok(())
    }

    /// A scalar operand per partition: the immediate repeated, or the view's values.
    fn scalar(&self, i: &Inst, name: &str, parts: usize, default: f64) -> R<Vec<f64>> {
        match i.arg(name) {
            // Immediates are fp32 (NKI: "operands fp32").
            Some(Arg::Float(x)) => Ok(vec![*x as f32 as f64; parts]),
            Some(Arg::Ap(_)) => self.read(i, name),
            _ => Ok(vec![default; parts]),
        }
    }

    fn inst(&mut self, i: &Inst) -> R<()> {
        let view = |n: &str| {
            i.ap(n).map_or((1, 1), |a| {
                (a.partitions() as usize, a.free_elements() as usize)
            })
        };
        match i.op {
            Opcode::Activation | Opcode::ActivationReduce => self.activation(i, view("data")),
            Opcode::TensorReduce => self.reduce(i),
            Opcode::TensorTensor => {
                let (a, b) = (self.read(i, "data1")?, self.read(i, "data2")?);
                let op = alu_arg(i, "op");
                let int = self.int(i, &["dst", "data1", "data2"]);
                let lane = self.lane(i, "data1");
                let out: Vec<f64> = a
                    .iter()
                    .zip(&b)
                    .map(|(x, y)| lane.op(op, *x, *y, int))
                    .collect();
                self.write(i, "dst", &out)
            }
            Opcode::TensorScalar => self.tensor_scalar(i, view("data")),
            Opcode::Reciprocal => {
                let x = self.read(i, "data")?;
                let out: Vec<f64> = x
                    .iter()
                    .map(|v| func(Func::Reciprocal, *v as f32) as f64)
                    .collect();
                self.write(i, "dst", &out)
            }
            Opcode::BnStats | Opcode::BnAggr => {
                let (p, f) = view("data");
                let x = self.read(i, "data")?;
                let per_partition = |r: usize| -> Vec<f64> {
                    let xs = &x[r * f..(r + 1) * f];
                    match i.op {
                        Opcode::BnStats => bn_stats(xs).to_vec(),
                        _ => bn_aggr(xs).to_vec(),
                    }
                };
                let out: Vec<f64> = (0..p).flat_map(per_partition).collect();
                self.write(i, "dst", &out)
            }
            Opcode::NcMatmul => self.matmul(i),
            Opcode::NcTranspose => {
                let (p, f) = view("data");
                let x = self.read(i, "data")?;
                let out: Vec<f64> = (0..p * f).map(|n| x[(n % p) * f + n / p]).collect();
                self.write(i, "dst", &out)
            }
            Opcode::TensorCopy if matches!(i.arg("bitcast"), Some(Arg::Flag(true))) => {
                let x = self.read(i, "src")?;
                let (from, to) = (self.dtype(i, "src"), self.dtype(i, "dst"));
                let (from, to) = (from.expect("verified"), to.expect("verified"));
                let mut bytes = vec![0u8; from.bytes() as usize];
                let x: Vec<f64> = (x.iter())
                    .map(|&v| {
                        crate::device::run::encode(from, v, &mut bytes);
                        crate::device::run::decode(to, &bytes)
                    })
                    .collect();
                self.write(i, "dst", &x)
            }
            Opcode::TensorCopy => {
                let x = self.read(i, "src")?;
                self.write(i, "dst", &x)
            }
            Opcode::TensorCopyPredicated => {
                let mut out = self.read(i, "dst")?;
                let (x, p) = (self.read(i, "src")?, self.read(i, "predicate")?);
                for ((o, &x), &p) in out.iter_mut().zip(&x).zip(&p) {
                    if p != 0.0 {
                        *o = x;
                    }
                }
                self.write(i, "dst", &out)
            }
            Opcode::Memset => {
                let value = float_arg(i, "value", 0.0);
                let n = i.ap("dst").map_or(0, Ap::elements) as usize;
                self.write(i, "dst", &vec![value; n])
            }
            Opcode::Iota => {
                let (p, f) = view("dst");
                let (base, chan) = (
                    float_arg(i, "offset", 0.0),
                    float_arg(i, "channel_multiplier", 1.0),
                );
                let out: Vec<f64> = (0..p * f)
                    .map(|n| base + chan * (n / f) as f64 + (n % f) as f64)
                    .collect();
                self.write(i, "dst", &out)
            }
            Opcode::DmaCopy => self.dma(i, "src", false),
            Opcode::DmaTranspose => self.dma(i, "src", true),
            Opcode::QuantizeMx => self.quantize_mx(i),
            Opcode::NcMatmulMx => self.matmul_mx(i),
        }
    }

    /// Whether every named view holds integers: then ALU operators compute exactly.
    /// The dtype the elements of `name` have, which a shift computes at.
    fn lane(&self, i: &Inst, name: &str) -> Lane {
        Lane(self.dtype(i, name).unwrap_or(Dtype::I32))
    }

    fn int(&self, i: &Inst, names: &[&str]) -> bool {
        names
            .iter()
            .all(|n| self.dtype(i, n).is_none_or(Dtype::is_int))
    }

    fn activation(&mut self, i: &Inst, (p, f): (usize, usize)) -> R<()> {
        let x = self.read(i, "data")?;
        let scale = self.scalar(i, "scale", p, 1.0)?;
        let bias = self.scalar(i, "bias", p, 0.0)?;
        let op = match i.arg("op") {
            Some(Arg::Func(op)) => *op,
            _ => Func::Copy,
        };
        let mut out = vec![0.0; p * f];
        for (n, v) in x.iter().enumerate() {
            let (s, b) = (scale[n / f] as f32, bias[n / f] as f32);
            out[n] = func(op, (*v as f32) * s + b) as f64;
        }
        self.write(i, "dst", &out)?;
        if i.arg("reduce_res").is_some() {
            // Summed in the pairwise order tensor_reduce uses (NKI states neither's order).
            let rows = out.chunks(f.max(1));
            let sums: Vec<f64> = rows.map(|r| fold(Alu::Add, r, false)).collect();
            self.write(i, "reduce_res", &sums)?;
        }
        Ok(())
    }

    fn reduce(&mut self, i: &Inst) -> R<()> {
        let ap = i.ap("data").expect("verified");
        let Some(Arg::Axes(axes)) = i.arg("axis") else {
            return Ok(());
        };
        let r: usize = ap.dims[ap.dims.len() - axes.len()..]
            .iter()
            .map(|d| d.1 as usize)
            .product();
        let x = self.read(i, "data")?;
        let op = alu_arg(i, "op");
        let int = self.int(i, &["dst", "data"]);
        let negate = matches!(i.arg("negate"), Some(Arg::Flag(true)));
        let lane = self.lane(i, "data");
        let out: Vec<f64> = x
            .chunks(r.max(1))
            .map(|c| {
                // Integer sums wrap at the lane's width; mod 2^w, wrapping once at the end
                // is wrapping at every step.
                let v = match int {
                    true => crate::math::wrap(lane.0, fold(op, c, int)),
                    false => fold(op, c, int),
                };
                if negate {
                    -v
                } else {
                    v
                }
            })
            .collect();
        self.write(i, "dst", &out)
    }

    fn tensor_scalar(&mut self, i: &Inst, (p, f): (usize, usize)) -> R<()> {
        let x = self.read(i, "data")?;
        let int = self.int(i, &["dst", "data"]);
        let lane = self.lane(i, "data");
        let mut out = x;
        for (op, operand, reverse) in [
            ("op0", "operand0", "reverse0"),
            ("op1", "operand1", "reverse1"),
        ] {
            let Some(Arg::Alu(op)) = i.arg(op) else {
                continue;
            };
            let k = self.scalar(i, operand, p, 0.0)?;
            let rev = matches!(i.arg(reverse), Some(Arg::Flag(true)));
            for (n, v) in out.iter_mut().enumerate() {
                let s = k[n / f.max(1)];
                *v = if rev {
                    lane.op(*op, s, *v, int)
                } else {
                    lane.op(*op, *v, s, int)
                };
            }
        }
        self.write(i, "dst", &out)
    }

    /// `dst[m, n] (+)= Σ_k stationary[k, m] · moving[k, n]`, accumulated in fp32.
    fn matmul(&mut self, i: &Inst) -> R<()> {
        let (s, m) = (
            i.ap("stationary").expect("verified"),
            i.ap("moving").expect("verified"),
        );
        let (kk, mm) = (s.partitions() as usize, s.free_elements() as usize);
        let (st, mv) = (self.read(i, "stationary")?, self.read(i, "moving")?);
        self.product(i, &st, &mv, (kk, mm, m.free_elements() as usize))
    }

    /// Writes `dst` (+)= `st`.T @ `mv` for `st` `[k][m]` and `mv` `[k][n]`: each element sums
    /// its products in `k` order from the accumulator, one fp32 rounding per add.
    fn product(&mut self, i: &Inst, st: &[f64], mv: &[f64], kmn: (usize, usize, usize)) -> R<()> {
        let (kk, mm, nn) = kmn;
        let acc: Vec<f32> = if matches!(i.arg("accumulate"), Some(Arg::Flag(true))) {
            self.read(i, "dst")?.iter().map(|&x| x as f32).collect()
        } else {
            vec![0.0; mm * nn]
        };
        let lhs: Vec<f64> = (0..mm * kk).map(|n| st[(n % kk) * mm + n / kk]).collect();
        let g = Gemm {
            batch: 1,
            m: mm,
            k: kk,
            n: nn,
        };
        let acc = g.run_from(&lhs, mv, acc);
        let out: Vec<f64> = acc.into_iter().map(f64::from).collect();
        self.write(i, "dst", &out)
    }
}

/// Appends the flat indices of a view whose first element is at `at`, in view order. The
/// caller has checked the view's extent, so no index leaves `[0, len)`.
fn walk_view(dims: &[(i64, u64)], at: i64, out: &mut Vec<usize>) {
    match dims {
        [] => out.push(at as usize),
        [(stride, size)] => out.extend((0..*size as i64).map(|i| (at + stride * i) as usize)),
        [(stride, size), rest @ ..] => {
            for i in 0..*size as i64 {
                walk_view(rest, at + stride * i, out);
            }
        }
    }
}

/// `bn_stats` of one partition's elements: (count, mean, variance x count) of the even
/// elements, then of the odd ones. Computed in f64 and stored in the destination's dtype: NKI
/// states fp32 math but not the order it sums in.
fn bn_stats(xs: &[f64]) -> [f64; 6] {
    let half = |start: usize| {
        let v: Vec<f64> = xs
            .iter()
            .skip(start)
            .step_by(2)
            .map(|&x| x as f32 as f64)
            .collect();
        let n = v.len() as f64;
        let mean = if v.is_empty() {
            0.0
        } else {
            v.iter().sum::<f64>() / n
        };
        let m2: f64 = v.iter().map(|x| (x - mean) * (x - mean)).sum();
        [n, mean, m2]
    };
    let (e, o) = (half(0), half(1));
    [e[0], e[1], e[2], o[0], o[1], o[2]]
}

/// `bn_aggr` of one partition's (count, mean, variance x count) triples: the mean and the
/// (population) variance of all the elements they describe, by Chan's pairwise combination.
fn bn_aggr(xs: &[f64]) -> [f64; 2] {
    let n: f64 = xs.chunks_exact(3).map(|t| t[0]).sum();
    if n == 0.0 {
        return [f64::NAN, f64::NAN];
    }
    let mean = xs.chunks_exact(3).map(|t| t[0] * t[1]).sum::<f64>() / n;
    let m2: f64 = xs
        .chunks_exact(3)
        .map(|t| t[2] + t[0] * (t[1] - mean) * (t[1] - mean))
        .sum();
    [mean, m2 / n]
}

/// `op` folded over `xs` in pairwise order: one fp32 evaluation of the reduce, and the one
/// nearest the exact sum (NKI does not state the order the engines use).
fn fold(op: Alu, xs: &[f64], int: bool) -> f64 {
    match xs {
        [] => identity(op),
        [x] => alu(op, identity(op), *x, int),
        _ => {
            let (a, b) = xs.split_at(xs.len() / 2);
            alu(op, fold(op, a, int), fold(op, b, int), int)
        }
    }
}

fn alu_arg(i: &Inst, name: &str) -> Alu {
    match i.arg(name) {
        Some(Arg::Alu(op)) => *op,
        _ => Alu::Add,
    }
}

fn float_arg(i: &Inst, name: &str, default: f64) -> f64 {
    match i.arg(name) {
        Some(Arg::Float(x)) => *x,
        _ => default,
    }
}

/// The dtype of an instruction's data: ALU operators compute in fp32 or on the integer
/// datapath, shifts at this dtype's width.
#[derive(Clone, Copy)]
struct Lane(Dtype);

impl Lane {
    /// `a op b` in the lane: integer arithmetic wraps at the lane's width.
    fn op(self, op: Alu, a: f64, b: f64, int: bool) -> f64 {
        if op.shifts() {
            crate::math::shift(op, a, b, self.0)
        } else if int {
            crate::math::alu_wrapped(op, a, b, self.0)
        } else {
            alu(op, a, b, int)
        }
    }
}
