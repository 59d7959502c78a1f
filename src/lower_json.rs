//! `egfuse lower --json OUT`: the lowered program as JSON, per kernel its name, kind, source
//! location, SBUF and PSUM use, estimated time, buffers and instructions (docs/lowering.md, "JSON"), and
//! when every pass ran, its semaphores and each instruction's stream, position and semaphore
//! operations (the body then in the streams' sequential order). Op names are NKI's, engine
//! names the seed's.

use egfuse_cost::Target;
use egfuse_encoder::opcodes::Opcodes;
use egfuse_encoder::streams::{Stream, Streams};
use egfuse_lowering::pipeline::{Lowered, Outcome};
use egfuse_nisa::cost::{self, Estimate};
use egfuse_nisa::device::{Device, Origin, Step, TensorId};
use egfuse_nisa::spec::Arg;
use egfuse_nisa::{Ap, Kernel, Role, Stmt, ENGINES};
use serde_json::{json, Map, Value};

/// The document: `{"input", "kernels": [...], "aliased": [...], "device": {...}}`,
/// pretty-printed with a final newline. `aliased` lists the ops that are no kernel because their
/// results are their operands' bytes (optimization barriers, bitcasts), each with its op name
/// and source; `device` is the device program, null when a kernel did not lower.
pub fn document(
    loaded: &crate::cli::Loaded,
    outcome: &Outcome,
    estimates: &[Estimate],
    target: &Target,
    streams: Option<&[Streams]>,
) -> String {
    let (input, m) = (loaded.name.as_str(), &loaded.module);
    let lines = egfuse_diag::LineIndex::new(&loaded.src);
    let at = Source {
        input,
        lines: &lines,
    };
    let opcodes = Opcodes::embedded();
    let list: Vec<Value> = (outcome.kernels.iter().zip(estimates).enumerate())
        .map(|(n, (l, e))| kernel(&at, l, e, target, &opcodes, streams.map(|s| &s[n])))
        .collect();
    let aliased: Vec<Value> = (outcome.aliased.iter())
        .map(|&o| {
            let op = m.op(o);
            json!({ "op": &*op.name, "source": at.of(op.user_span()) })
        })
        .collect();
    let device = outcome.device.as_ref().map(|b| device(&at, &b.device));
    let doc = json!({ "input": input, "kernels": list, "aliased": aliased, "device": device });
    let mut text = serde_json::to_string_pretty(&doc).expect("JSON of plain data");
    text.push('\n');
    text
}

/// The device program: its tensors (`origin` is `input`, `const`, `alias` or `temp`; `input`
/// and `alias` give the argument's position and the base tensor's name) and its steps, nested
/// as its loops and switches are.
fn device(at: &Source, d: &Device) -> Value {
    let name = |t: TensorId| d.tensor(t).name.clone();
    let tensors: Vec<Value> = (d.tensors.iter())
        .map(|t| {
            let (origin, of) = match t.origin {
                Origin::Input(n) => ("input", json!(n)),
                Origin::Const => ("const", Value::Null),
                Origin::Alias(b) => ("alias", json!(name(b))),
                Origin::Temp => ("temp", Value::Null),
            };
            json!({
                "name": t.name, "dtype": t.dtype.name(), "shape": t.shape,
                "origin": origin, "of": of, "offset": d.offset_of(t),
            })
        })
        .collect();
    let results: Vec<String> = d.results.iter().map(|&t| name(t)).collect();
    json!({
        "name": d.name,
        "source": at.of(d.span),
        "hbm_bytes": d.hbm_bytes(),
        "tensors": tensors,
        "steps": steps(d, &d.body),
        "results": results,
    })
}

fn steps(d: &Device, body: &[Step]) -> Vec<Value> {
    let names =
        |ts: &[TensorId]| -> Vec<String> { ts.iter().map(|&t| d.tensor(t).name.clone()).collect() };
    (body.iter())
        .map(|s| match s {
            Step::Call {
                kernel,
                args,
                results,
                ..
            } => {
                json!({ "call": kernel, "args": names(args), "results": names(results) })
            }
            Step::Copy { src, dst, .. } => {
                json!({ "copy": names(&[*src])[0], "to": names(&[*dst])[0] })
            }
            Step::Loop { body, .. } => json!({ "loop": steps(d, body) }),
            Step::Exit { unless, .. } => json!({ "exit_unless": names(&[*unless])[0] }),
            Step::Switch { on, arms, .. } => {
                let arms: Vec<Vec<Value>> = arms.iter().map(|a| steps(d, a)).collect();
                json!({ "switch": names(&[*on])[0], "cases": arms })
            }
        })
        .collect()
}

fn kernel(
    at: &Source,
    l: &Lowered,
    est: &Estimate,
    t: &Target,
    ops: &Opcodes,
    streams: Option<&Streams>,
) -> Value {
    // With streams, the body is the scheduled kernel's: the order the streams project.
    let k = streams.map_or(&l.kernel, |s| &s.kernel);
    // Each input holds the kernel's operand `bound` names; the others hold none.
    let mut operands = l.bound.iter();
    let buffers: Vec<Value> = k
        .buffers
        .iter()
        .map(|b| {
            let operand = (b.role == Role::Input).then(|| operands.next()).flatten();
            json!({
                "name": b.name,
                "memory": b.memory.name(),
                "shape": b.shape,
                "dtype": b.dtype.name(),
                "offset": b.offset,
                "role": match b.role { Role::Input => "input", Role::Output => "output", Role::Scratch => "scratch" },
                "operand": operand,
            })
        })
        .collect();
    json!({
        "name": k.name,
        "kind": k.kind,
        "source": at.of(k.span),
        "loc": k.loc,
        "sbuf_bytes": l.usage.sbuf,
        "schedule": l.tiles.to_string(),
        "psum_bytes": l.usage.psum,
        "estimate": estimate(est),
        "buffers": buffers,
        "semaphores": streams.map(semaphores),
        "body": Body { k, at, t, ops, streams: streams.map(Placed::of), next: 0 }.of(&k.body),
    })
}

/// `[{"from": "DMA0", "to": "ACT"}, ...]`, by semaphore number.
fn semaphores(s: &Streams) -> Value {
    let list: Vec<Value> = (s.semaphores.iter())
        .map(|m| json!({ "from": m.from.name(), "to": m.to.name() }))
        .collect();
    json!(list)
}

/// A kernel's streams with each instruction's stream and position, by sequential index.
struct Placed<'a> {
    s: &'a Streams,
    placement: Vec<Stream>,
    positions: Vec<usize>,
}

impl<'a> Placed<'a> {
    fn of(s: &'a Streams) -> Placed<'a> {
        Placed {
            s,
            placement: s.placement(),
            positions: s.positions(),
        }
    }

    /// `"stream"`, `"position"`, `"seq"`, `"waits"` and `"signals"` of instruction `n`.
    fn fields(&self, n: usize, out: &mut Map<String, Value>) {
        let sync = &self.s.sync[n];
        let waits: Vec<Value> = (sync.waits.iter())
            .map(|w| {
                let mut count = String::new();
                egfuse_nisa::print::affine(&mut count, &self.s.kernel, &w.count);
                json!({ "semaphore": w.sem.0, "count": count })
            })
            .collect();
        let signals: Vec<u16> = sync.signals.iter().map(|x| x.0).collect();
        out.insert("stream".into(), json!(self.placement[n].name()));
        out.insert("position".into(), json!(self.positions[n]));
        out.insert("seq".into(), json!(n));
        out.insert("waits".into(), json!(waits));
        out.insert("signals".into(), json!(signals));
    }
}

/// `{"ps": T, "bound": "DVE", "engines": {"PE": T, ...}}`: picoseconds, busy engines only.
fn estimate(est: &Estimate) -> Value {
    let (engine, time) = est.bound();
    let engines: Map<String, Value> = (ENGINES.iter().zip(&est.busy))
        .filter(|(_, c)| c.ps() > 0)
        .map(|((_, name), c)| (name.to_string(), json!(c.ps())))
        .collect();
    json!({ "ps": time.ps(), "bound": engine.name(), "engines": engines })
}

/// `FILE:LINE:COL` of a span of the input.
struct Source<'a> {
    input: &'a str,
    lines: &'a egfuse_diag::LineIndex<'a>,
}

impl Source<'_> {
    fn of(&self, span: egfuse_diag::Span) -> String {
        let (line, col) = self.lines.line_col(span.start as usize);
        format!("{}:{line}:{col}", self.input)
    }
}

/// A kernel's statements as JSON, numbering its instructions as it goes.
struct Body<'a> {
    k: &'a Kernel,
    at: &'a Source<'a>,
    t: &'a Target,
    ops: &'a Opcodes,
    streams: Option<Placed<'a>>,
    next: usize,
}

impl Body<'_> {
    fn of(&mut self, stmts: &[Stmt]) -> Vec<Value> {
        let k = self.k;
        let mut out = Vec::new();
        for s in stmts {
            out.push(match s {
                Stmt::Inst(i) => {
                    let mut operands = Map::new();
                    for (p, a) in i.op.spec().params.iter().zip(&i.args) {
                        if let Some(a) = a {
                            operands.insert(p.name.to_string(), arg(k, a));
                        }
                    }
                    let generation = self.t.generation();
                    let row = self
                        .ops
                        .of(i.op, generation)
                        .expect("verified: an op of the target's generation");
                    let bytes: Vec<String> =
                        row.bytes.iter().map(|b| format!("0x{b:02X}")).collect();
                    let mut v = json!({
                        "op": i.op.name(),
                        "opcode": bytes,
                        "ps": cost::instruction(self.t, k, i).1.ps(),
                        "engine": i.engine.map(|e| e.name()),
                        "operands": operands,
                        "source": self.at.of(if i.span.is_none() { k.span } else { i.span }),
                        "loc": i.loc,
                    });
                    if let (Some(p), Value::Object(m)) = (&self.streams, &mut v) {
                        p.fields(self.next, m);
                    }
                    self.next += 1;
                    v
                }
                Stmt::Loop {
                    counter,
                    count,
                    body: inner,
                    ..
                } => json!({
                    "loop": k.loops[counter.0 as usize],
                    "count": count,
                    "body": self.of(inner),
                }),
            });
        }
        out
    }
}

fn arg(k: &Kernel, a: &Arg) -> Value {
    match a {
        Arg::Ap(ap) => access(k, ap),
        Arg::Float(x) if x.is_finite() => json!(x),
        Arg::Float(x) => json!(x.to_string()),
        Arg::Alu(op) => json!(op.name()),
        Arg::Func(f) => json!(f.name()),
        Arg::Axes(axes) => json!(axes),
        Arg::Flag(b) => json!(b),
    }
}

fn access(k: &Kernel, ap: &Ap) -> Value {
    let terms: Map<String, Value> = ap
        .offset
        .terms
        .iter()
        .map(|(l, c)| (k.loops[l.0 as usize].clone(), json!(c)))
        .collect();
    let pattern: Vec<[i64; 2]> = ap.dims.iter().map(|&(s, n)| [s, n as i64]).collect();
    json!({
        "buffer": k.buffer(ap.buf).name,
        "offset": ap.offset.base,
        "offset_per_counter": terms,
        "pattern": pattern,
    })
}
