//! Writes a [`Binary`] as the bytes `binary` lays out: each kernel's streams as instruction
//! words, in stream order, with markers where the kernel's loops begin and end; the device
//! program; the source map of every instruction's and kernel's MLIR location.

use super::{stream_byte, Binary, DEVICE, KERNEL, MAGIC, SOURCE_MAP, VERSION};
use crate::opcodes::Opcodes;
use crate::streams::{Stream, Streams};
use crate::word::{parts, Header};
use egfuse_nisa::device::{Device, Origin, Step};
use egfuse_nisa::spec::{Arg, ALUS, FUNCS, OPS};
use egfuse_nisa::{Affine, Inst, Stmt};
use std::collections::HashMap;

/// The bytes of `b`; `Err` says what does not fit the format.
pub fn binary(b: &Binary, opcodes: &Opcodes) -> Result<Vec<u8>, String> {
    let mut w = W::default();
    w.out.extend_from_slice(MAGIC);
    w.u16(VERSION);
    w.u8(b.generation);
    w.u8(0);
    // The kernels first, to number their locations; the source map leads the file.
    let mut sections = Vec::new();
    for s in &b.kernels {
        let mut k = W {
            locs: std::mem::take(&mut w.locs),
            ..W::default()
        };
        k.kernel(s, opcodes, b.generation)?;
        w.locs = std::mem::take(&mut k.locs);
        sections.push((KERNEL, k.out));
    }
    if let Some(d) = &b.device {
        let mut dw = W::default();
        dw.device(d)?;
        sections.push((DEVICE, dw.out));
    }
    let mut map = W::default();
    map.u32(count(w.locs.len(), "source locations")?);
    for l in &w.locs.order {
        map.str(l);
    }
    w.section(SOURCE_MAP, &map.out)?;
    for (tag, payload) in &sections {
        w.section(*tag, payload)?;
    }
    Ok(w.out)
}

/// The source map being built: each location once, numbered in first use.
#[derive(Default)]
struct Locs {
    ids: HashMap<String, u32>,
    order: Vec<String>,
}

impl Locs {
    fn len(&self) -> usize {
        self.order.len()
    }

    /// The entry of `loc` plus one; 0 for none.
    fn id(&mut self, loc: Option<&String>) -> u32 {
        let Some(l) = loc else { return 0 };
        if let Some(&n) = self.ids.get(l) {
            return n + 1;
        }
        let n = self.order.len() as u32;
        self.ids.insert(l.clone(), n);
        self.order.push(l.clone());
        n + 1
    }
}

#[derive(Default)]
struct W {
    out: Vec<u8>,
    locs: Locs,
}

type R = Result<(), String>;

fn count<T: TryFrom<usize>>(n: usize, what: &str) -> Result<T, String> {
    T::try_from(n).map_err(|_| format!("{n} {what} do not fit the format"))
}

impl W {
    fn u8(&mut self, x: u8) {
        self.out.push(x);
    }
    fn u16(&mut self, x: u16) {
        self.out.extend_from_slice(&x.to_le_bytes());
    }
    fn u32(&mut self, x: u32) {
        self.out.extend_from_slice(&x.to_le_bytes());
    }
    fn u64(&mut self, x: u64) {
        self.out.extend_from_slice(&x.to_le_bytes());
    }
    fn str(&mut self, s: &str) {
        self.u32(s.len() as u32);
        self.out.extend_from_slice(s.as_bytes());
    }

    fn section(&mut self, tag: u8, payload: &[u8]) -> R {
        self.u8(tag);
        self.u32(count(payload.len(), "bytes of a section")?);
        self.out.extend_from_slice(payload);
        Ok(())
    }

    fn affine(&mut self, a: &Affine) -> R {
        self.u64(a.base as u64);
        self.u8(count(a.terms.len(), "terms of an offset")?);
        for &(l, c) in &a.terms {
            self.u16(count(l.0 as usize, "loop counters")?);
            self.u64(c as u64);
        }
        Ok(())
    }

    fn kernel(&mut self, s: &Streams, opcodes: &Opcodes, gen: u8) -> R {
        let k = &s.kernel;
        self.str(&k.name);
        self.str(&k.kind);
        let loc = self.locs.id(k.loc.as_ref());
        self.u32(loc);
        self.u16(count(k.buffers.len(), "buffers")?);
        for b in &k.buffers {
            self.str(&b.name);
            self.u8(b.memory as u8);
            self.u8(b.dtype as u8);
            self.u8(b.role as u8);
            self.u8(count(b.shape.len(), "dimensions")?);
            b.shape.iter().for_each(|&d| self.u64(d));
            self.u64(b.offset.unwrap_or(u64::MAX));
        }
        self.u16(count(k.loops.len(), "loops")?);
        let trips = k.trip_counts();
        for (name, n) in k.loops.iter().zip(trips) {
            self.str(name);
            self.u64(n);
        }
        self.u16(count(s.semaphores.len(), "semaphores")?);
        for sem in &s.semaphores {
            self.u8(stream_byte(sem.from));
            self.u8(stream_byte(sem.to));
        }
        self.u8(count(s.streams.len(), "streams")?);
        let placement = s.placement();
        for &st in &s.streams {
            self.u8(stream_byte(st));
            let mut body = W {
                locs: std::mem::take(&mut self.locs),
                ..W::default()
            };
            let mut cx = Cx {
                s,
                placement: &placement,
                stream: st,
                next: 0,
                records: 0,
                opcodes,
                gen,
            };
            body.records(&mut cx, &k.body)?;
            self.locs = std::mem::take(&mut body.locs);
            self.u32(cx.records);
            self.out.extend_from_slice(&body.out);
        }
        Ok(())
    }

    fn records(&mut self, cx: &mut Cx, stmts: &[Stmt]) -> R {
        for stmt in stmts {
            match stmt {
                Stmt::Inst(i) => {
                    let n = cx.next;
                    cx.next += 1;
                    if cx.placement[n] == cx.stream {
                        cx.records += 1;
                        self.inst(cx, n, i)?;
                    }
                }
                Stmt::Loop { counter, body, .. } => {
                    let len = crate::streams::print::insts(body);
                    if !cx.placement[cx.next..cx.next + len].contains(&cx.stream) {
                        cx.next += len;
                        continue;
                    }
                    self.u8(1);
                    self.u16(count(counter.0 as usize, "loop counters")?);
                    self.records(cx, body)?;
                    self.u8(2);
                    cx.records += 2;
                }
            }
        }
        Ok(())
    }

    /// One instruction's record: a word per opcode byte of its row, the first word carrying its
    /// waits and the last its signals ([`parts`] splits the operands).
    fn inst(&mut self, cx: &Cx, n: usize, i: &Inst) -> R {
        let sync = &cx.s.sync[n];
        let Some(row) = cx.opcodes.of(i.op, cx.gen) else {
            let since = i.op.spec().since;
            let name = i.op.name();
            return Err(format!(
                "`{name}` has no opcode on v{} (it exists from v{since})",
                cx.gen
            ));
        };
        let bytes = &row.bytes;
        let variant = OPS.iter().position(|o| o.op == i.op).unwrap_or(0);
        let loc = self.locs.id(i.loc.as_ref());
        self.u8(0);
        let last = bytes.len() - 1;
        for (w, part) in parts(&OPS[variant], bytes.len()).into_iter().enumerate() {
            let waits = if w == 0 { &sync.waits[..] } else { &[] };
            let signals = if w == last { &sync.signals[..] } else { &[] };
            let header = Header {
                opcode: bytes[w],
                engine: cx.stream.engine,
                queue: cx.stream.queue,
                variant: variant as u8,
                operands: count(part.len(), "operands")?,
                waits: count(waits.len(), "waits")?,
                signals: count(signals.len(), "signals")?,
                loc,
                seq: count(n, "instructions")?,
            };
            self.out.extend_from_slice(&header.encode()?);
            for p in part {
                self.arg(i.args.get(p).and_then(Option::as_ref))?;
            }
            for w in waits {
                self.u16(w.sem.0);
                self.affine(&w.count)?;
            }
            signals.iter().for_each(|s| self.u16(s.0));
        }
        Ok(())
    }

    fn arg(&mut self, a: Option<&Arg>) -> R {
        let index = |found: Option<usize>| found.unwrap_or(0) as u8;
        match a {
            None => self.u8(0),
            Some(Arg::Ap(ap)) => {
                self.u8(1);
                self.u16(count(ap.buf.0 as usize, "buffers")?);
                self.affine(&ap.offset)?;
                self.u8(count(ap.dims.len(), "dimensions of a view")?);
                for &(stride, size) in &ap.dims {
                    self.u64(stride as u64);
                    self.u64(size);
                }
            }
            Some(Arg::Float(x)) => {
                self.u8(2);
                self.u64(x.to_bits());
            }
            Some(Arg::Alu(op)) => {
                self.u8(3);
                self.u8(index(ALUS.iter().position(|a| a.0 == *op)));
            }
            Some(Arg::Func(f)) => {
                self.u8(4);
                self.u8(index(FUNCS.iter().position(|a| a.0 == *f)));
            }
            Some(Arg::Axes(axes)) => {
                self.u8(5);
                self.u8(count(axes.len(), "axes")?);
                axes.iter().for_each(|&x| self.u32(x));
            }
            Some(Arg::Flag(b)) => {
                self.u8(6);
                self.u8(u8::from(*b));
            }
        }
        Ok(())
    }

    fn device(&mut self, d: &Device) -> R {
        self.str(&d.name);
        self.u32(count(d.tensors.len(), "tensors")?);
        for t in &d.tensors {
            self.str(&t.name);
            self.u8(t.dtype as u8);
            self.u8(count(t.shape.len(), "dimensions")?);
            t.shape.iter().for_each(|&x| self.u64(x));
            let (origin, arg) = match t.origin {
                Origin::Input(n) => (0, n),
                Origin::Const => (1, 0),
                Origin::Alias(b) => (2, b.0),
                Origin::Temp => (3, 0),
            };
            self.u8(origin);
            self.u32(arg);
            self.u64(t.offset.unwrap_or(u64::MAX));
        }
        self.steps(&d.body)?;
        self.u32(count(d.results.len(), "results")?);
        d.results.iter().for_each(|r| self.u32(r.0));
        Ok(())
    }

    fn steps(&mut self, steps: &[Step]) -> R {
        self.u32(count(steps.len(), "steps")?);
        for s in steps {
            match s {
                Step::Call {
                    kernel,
                    args,
                    results,
                    ..
                } => {
                    self.u8(1);
                    self.str(kernel);
                    for ids in [args, results] {
                        self.u16(count(ids.len(), "tensors of a call")?);
                        ids.iter().for_each(|t| self.u32(t.0));
                    }
                }
                Step::Copy { src, dst, .. } => {
                    self.u8(2);
                    self.u32(src.0);
                    self.u32(dst.0);
                }
                Step::Loop { body, .. } => {
                    self.u8(3);
                    self.steps(body)?;
                }
                Step::Exit { unless, .. } => {
                    self.u8(4);
                    self.u32(unless.0);
                }
                Step::Switch { on, arms, .. } => {
                    self.u8(5);
                    self.u32(on.0);
                    self.u16(count(arms.len(), "arms")?);
                    for a in arms {
                        self.steps(a)?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// Where the writer is in one stream of a kernel.
struct Cx<'a> {
    s: &'a Streams,
    placement: &'a [Stream],
    stream: Stream,
    next: usize,
    records: u32,
    opcodes: &'a Opcodes,
    gen: u8,
}
