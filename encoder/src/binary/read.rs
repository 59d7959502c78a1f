//! Reads a binary back, whatever its bytes: every problem is a [`Diag`] whose span is the
//! byte range it is about (a truncated word, an unknown opcode, a pseudo opcode in a hardware
//! stream, an opcode that is not its op's, an index past its table), never a panic. A kernel
//! is rebuilt in its sequential order from its streams' records, as the assembler rebuilds
//! one from its text, and must then verify; so must the device program.

use super::{byte_stream, Binary, DEVICE, KERNEL, MAGIC, SOURCE_MAP, VERSION};
use crate::opcodes::{is_pseudo, Opcodes};
use crate::streams::parse::{assemble, Item};
use crate::streams::{SemId, Semaphore, Stream, Streams, Sync, Wait};
use crate::word::{parts, Header, HEADER_BYTES};
use egfuse_diag::{Diag, Span};
use egfuse_nisa::device::{Device, Origin, Step, Tensor, TensorId};
use egfuse_nisa::spec::{Arg, Kind, OPS};
use egfuse_nisa::spec::{ALUS, FUNCS};
use egfuse_nisa::{Affine, Ap, Budget, BufId, Buffer, Inst, Kernel, LoopId, Role};
use egfuse_nisa::{DTYPES, MEMORIES};

type R<T> = Result<T, Diag>;

/// Nesting of device steps deeper than this is refused before it can exhaust the stack.
const MAX_DEPTH: usize = 64;

pub fn binary(bytes: &[u8], opcodes: &Opcodes) -> R<Binary> {
    let mut r = Bytes { b: bytes, at: 0 };
    let generation = r.header()?;
    let sections = r.sections()?;
    let map = match sections
        .iter()
        .filter(|s| s.0 == SOURCE_MAP)
        .collect::<Vec<_>>()[..]
    {
        [&(_, _, a, b)] => source_map(bytes, a, b)?,
        _ => return Err(r.error(bytes.len(), bytes.len(), "no single source map section")),
    };
    let mut out = Binary {
        generation,
        kernels: Vec::new(),
        device: None,
    };
    for &(tag, start, a, b) in &sections {
        let mut s = Bytes {
            b: &bytes[..b],
            at: a,
        };
        match tag {
            KERNEL => out.kernels.push(s.kernel(&map, opcodes, generation)?),
            DEVICE if out.device.is_none() => out.device = Some(s.device()?),
            DEVICE => return Err(r.error(start, start + 1, "a second device program")),
            SOURCE_MAP => continue,
            _ => return Err(r.error(start, start + 1, format!("unknown section {tag}"))),
        }
        if s.at != b {
            return Err(s.error(s.at, b, "bytes left over at the end of the section"));
        }
    }
    if let Some(d) = &out.device {
        let kernels: Vec<&Kernel> = out.kernels.iter().map(|s| &s.kernel).collect();
        if let Some(d) = egfuse_nisa::device::verify::device(d, &kernels).first() {
            let msg = format!("the device program does not verify: {}", d.message);
            return Err(r.error(0, bytes.len(), msg));
        }
    }
    Ok(out)
}

fn source_map(bytes: &[u8], a: usize, b: usize) -> R<Vec<String>> {
    let mut s = Bytes {
        b: &bytes[..b],
        at: a,
    };
    let n = s.u32("the source map's size")?;
    (0..n).map(|_| s.str("a source location")).collect()
}

struct Bytes<'a> {
    b: &'a [u8],
    at: usize,
}

impl<'a> Bytes<'a> {
    /// The magic, the version and the flags; the core generation.
    fn header(&mut self) -> R<u8> {
        let magic = self.take(4, "the magic `EGFB`")?;
        if magic != MAGIC {
            return Err(self.error(0, 4, "not an egfuse binary: it does not start with `EGFB`"));
        }
        let version = self.u16("the version")?;
        if version != VERSION {
            let msg = format!("version {version}; this egfuse reads version {VERSION}");
            return Err(self.error(4, 6, msg));
        }
        let generation = self.u8("the core generation")?;
        if !crate::opcodes::GENERATIONS.contains(&generation) {
            return Err(self.error(6, 7, format!("generation {generation} is not 2 to 5")));
        }
        if self.u8("the flags")? != 0 {
            return Err(self.error(7, 8, "flags are not zero"));
        }
        Ok(generation)
    }

    /// Every section to the end: its tag, where it starts, and its payload's range.
    fn sections(&mut self) -> R<Vec<(u8, usize, usize, usize)>> {
        let mut out = Vec::new();
        while self.at < self.b.len() {
            let start = self.at;
            let tag = self.u8("a section's tag")?;
            let len = self.u32("a section's length")? as usize;
            let body = self.at;
            self.take(len, "a section's payload")?;
            out.push((tag, start, body, body + len));
        }
        Ok(out)
    }

    fn error(&self, a: usize, b: usize, msg: impl Into<String>) -> Diag {
        Diag::new("binary::decode", Span::new(a, b.max(a)), msg).with_label("here")
    }

    fn take(&mut self, n: usize, what: &str) -> R<&'a [u8]> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.b.len());
        let Some(end) = end else {
            let msg = format!("the binary ends inside {what}");
            return Err(self.error(self.at, self.b.len(), msg));
        };
        let out = &self.b[self.at..end];
        self.at = end;
        Ok(out)
    }

    fn u8(&mut self, what: &str) -> R<u8> {
        Ok(self.take(1, what)?[0])
    }
    fn u16(&mut self, what: &str) -> R<u16> {
        Ok(u16::from_le_bytes(
            self.take(2, what)?.try_into().expect("2 bytes"),
        ))
    }
    fn u32(&mut self, what: &str) -> R<u32> {
        Ok(u32::from_le_bytes(
            self.take(4, what)?.try_into().expect("4 bytes"),
        ))
    }
    fn u64(&mut self, what: &str) -> R<u64> {
        Ok(u64::from_le_bytes(
            self.take(8, what)?.try_into().expect("8 bytes"),
        ))
    }
    fn str(&mut self, what: &str) -> R<String> {
        let start = self.at;
        let n = self.u32(what)? as usize;
        let raw = self.take(n, what)?;
        String::from_utf8(raw.to_vec())
            .map_err(|_| self.error(start, self.at, format!("{what} is not UTF-8")))
    }

    /// A count or index below `n`.
    fn index(&mut self, v: u64, n: usize, start: usize, what: &str) -> R<usize> {
        match usize::try_from(v) {
            Ok(i) if i < n => Ok(i),
            _ => Err(self.error(
                start,
                self.at,
                format!("{what} {v} is past the {n} there are"),
            )),
        }
    }

    fn affine(&mut self, loops: usize) -> R<Affine> {
        let base = self.u64("an offset")? as i64;
        let n = self.u8("an offset's terms")?;
        let mut terms = Vec::new();
        for _ in 0..n {
            let start = self.at;
            let l = self.u16("a loop counter")?;
            let l = self.index(l.into(), loops, start, "loop counter")?;
            let c = self.u64("a coefficient")? as i64;
            terms.push((LoopId(l as u32), c));
        }
        Ok(Affine { base, terms })
    }

    fn kernel(&mut self, map: &[String], opcodes: &Opcodes, gen: u8) -> R<Streams> {
        let start = self.at;
        let name = self.str("the kernel's name")?;
        let kind = self.str("the kernel's kind")?;
        let loc = self.loc(map)?;
        let nbuf = self.u16("the buffer count")?;
        let buffers = (0..nbuf).map(|_| self.buffer()).collect::<R<Vec<_>>>()?;
        let nloops = self.u16("the loop count")?;
        let mut loops = Vec::new();
        for _ in 0..nloops {
            loops.push((self.str("a loop's name")?, self.u64("a loop's trip count")?));
        }
        let nsem = self.u16("the semaphore count")?;
        let mut semaphores = Vec::new();
        for _ in 0..nsem {
            let from = self.stream()?;
            let to = self.stream()?;
            semaphores.push(Semaphore { from, to });
        }
        let k = Kernel {
            name,
            kind,
            loc,
            buffers,
            loops: loops.iter().map(|l| l.0.clone()).collect(),
            body: Vec::new(),
            span: Span::NONE,
        };
        let nstreams = self.u8("the stream count")?;
        let (mut streams, mut items) = (Vec::new(), Vec::new());
        let cx = Cx {
            map,
            opcodes,
            gen,
            loops: &loops,
            sems: semaphores.len(),
        };
        for _ in 0..nstreams {
            let at = self.at;
            let st = self.stream()?;
            if streams.contains(&st) {
                return Err(self.error(at, self.at, format!("a second {} stream", st.name())));
            }
            streams.push(st);
            self.records(&cx, &k, st, &mut items)?;
        }
        streams.sort();
        let mut s = assemble(k, streams, semaphores, items)?;
        s.kernel.span = Span::new(start, self.at);
        if let Some(d) = egfuse_nisa::verify::kernel(&s.kernel, &Budget::UNLIMITED).first() {
            let msg = format!("kernel @{} does not verify: {}", s.kernel.name, d.message);
            return Err(self.error(start, self.at, msg));
        }
        Ok(s)
    }

    fn loc(&mut self, map: &[String]) -> R<Option<String>> {
        let start = self.at;
        match self.u32("a source location")? {
            0 => Ok(None),
            n => {
                let i = self.index(u64::from(n) - 1, map.len(), start, "source map entry")?;
                Ok(Some(map[i].clone()))
            }
        }
    }

    fn stream(&mut self) -> R<Stream> {
        let start = self.at;
        let b = self.u8("a stream")?;
        byte_stream(b)
            .ok_or_else(|| self.error(start, self.at, format!("{b:#04x} is not a stream")))
    }

    fn buffer(&mut self) -> R<Buffer> {
        let start = self.at;
        let name = self.str("a buffer's name")?;
        let m = self.u8("a memory")?;
        let memory = self.index(m.into(), MEMORIES.len(), start, "memory")?;
        let d = self.u8("a dtype")?;
        let dtype = self.index(d.into(), DTYPES.len(), start, "dtype")?;
        let role = match self.u8("a role")? {
            0 => Role::Input,
            1 => Role::Output,
            2 => Role::Scratch,
            r => return Err(self.error(start, self.at, format!("role {r} is not 0 to 2"))),
        };
        let rank = self.u8("a rank")?;
        let shape = (0..rank)
            .map(|_| self.u64("a dimension"))
            .collect::<R<_>>()?;
        let offset = Some(self.u64("an offset")?).filter(|&o| o != u64::MAX);
        Ok(Buffer {
            name,
            memory: MEMORIES[memory].0,
            dtype: DTYPES[dtype].0,
            shape,
            role,
            offset,
            span: Span::new(start, self.at),
        })
    }

    /// One stream's records: instructions inside the loops its markers open.
    fn records(&mut self, cx: &Cx, k: &Kernel, st: Stream, items: &mut Vec<Item>) -> R<()> {
        let n = self.u32("the record count")?;
        let mut path: Vec<(LoopId, u64, Span)> = Vec::new();
        for _ in 0..n {
            let start = self.at;
            match self.u8("a record")? {
                0 => items.push(self.inst(cx, k, st, &path)?),
                1 => {
                    let l = self.u16("a loop counter")?;
                    let l = self.index(l.into(), cx.loops.len(), start, "loop counter")?;
                    if path.iter().any(|p| p.0 .0 as usize == l) || path.len() >= MAX_DEPTH {
                        return Err(self.error(start, self.at, "a loop inside itself"));
                    }
                    path.push((LoopId(l as u32), cx.loops[l].1, Span::new(start, self.at)));
                }
                2 if path.pop().is_some() => {}
                2 => return Err(self.error(start, self.at, "a loop's end with no loop open")),
                r => return Err(self.error(start, self.at, format!("unknown record {r}"))),
            }
        }
        if !path.is_empty() {
            return Err(self.error(self.at, self.at, "the stream ends inside a loop"));
        }
        Ok(())
    }

    /// One instruction's record: a word per opcode byte of its op's row ([`parts`] says which
    /// operands each carries), the waits on the first, the signals on the last.
    fn inst(&mut self, cx: &Cx, k: &Kernel, st: Stream, path: &[(LoopId, u64, Span)]) -> R<Item> {
        let start = self.at;
        let first = self.word(cx, st, None)?;
        let spec = &OPS[first.variant as usize];
        let row = cx
            .opcodes
            .of(spec.op, cx.gen)
            .expect("`word` checked the op's row");
        let words = parts(spec, row.bytes.len());
        let last = words.len() - 1;
        let mut args = vec![None; spec.params.len()];
        let (mut waits, mut signals) = (Vec::new(), Vec::new());
        for (w, part) in words.iter().enumerate() {
            let at = if w == 0 { start } else { self.at };
            let h = match w {
                0 => first,
                _ => self.word(cx, st, Some((&first, w)))?,
            };
            if usize::from(h.operands) != part.len()
                || (w > 0 && h.waits > 0)
                || (w < last && h.signals > 0)
            {
                return Err(self.error(
                    at,
                    at + HEADER_BYTES,
                    format!(
                        "word {w} of `{}` holds operands, waits or signals it does not carry",
                        spec.name
                    ),
                ));
            }
            for &p in part {
                args[p] = self.arg(spec.params[p].kind, k, cx.loops.len())?;
            }
            for _ in 0..h.waits {
                let sem = self.semaphore(cx.sems)?;
                let count = self.affine(cx.loops.len())?;
                waits.push(Wait { sem, count });
            }
            for _ in 0..h.signals {
                signals.push(self.semaphore(cx.sems)?);
            }
        }
        let loc = match first.loc {
            0 => None,
            n => Some(cx.map.get(n as usize - 1).cloned().ok_or_else(|| {
                self.error(
                    start,
                    self.at,
                    format!("source map entry {} is past its end", n - 1),
                )
            })?),
        };
        let span = Span::new(start, self.at);
        let inst = Inst {
            op: spec.op,
            args,
            engine: Some(first.engine),
            loc,
            span,
        };
        Ok(Item {
            n: first.seq.into(),
            inst,
            path: path.to_vec(),
            stream: st,
            sync: Sync { waits, signals },
            span,
        })
    }

    /// The next word's header: a hardware opcode of its op, the `w`th of its row (the first
    /// when `of` is `None`; otherwise of the same instruction as the first word), on its
    /// stream's engine.
    fn word(&mut self, cx: &Cx, st: Stream, of: Option<(&Header, usize)>) -> R<Header> {
        let start = self.at;
        let raw: [u8; HEADER_BYTES] = (self.take(HEADER_BYTES, "an instruction word")?)
            .try_into()
            .expect("16 bytes");
        let h = Header::decode(raw).map_err(|m| self.error(start, self.at, m))?;
        let at = |msg: String| self.error(start, start + 1, msg);
        if is_pseudo(h.opcode) {
            return Err(at(format!(
                "opcode {:#04x} is a pseudo opcode (0xC0 to 0xDF), which the hardware never decodes, in the {} stream",
                h.opcode,
                st.name()
            )));
        }
        let Some(spec) = OPS.get(h.variant as usize) else {
            return Err(at(format!("variant {} is not an op", h.variant)));
        };
        let Some(row) = cx.opcodes.of(spec.op, cx.gen) else {
            let (name, since) = (spec.name, spec.since);
            return Err(at(format!(
                "variant {} is `{name}`, which v{} does not have (it exists from v{since})",
                h.variant, cx.gen
            )));
        };
        if !(cx.opcodes.rows().iter()).any(|r| r.bytes.contains(&h.opcode)) {
            return Err(at(format!("unknown opcode {:#04x}", h.opcode)));
        }
        let w = of.map_or(0, |o| o.1);
        if row.bytes.get(w) != Some(&h.opcode) {
            let bytes: Vec<String> = row.bytes.iter().map(|b| format!("{b:#04x}")).collect();
            return Err(at(format!(
                "opcode {:#04x} is not word {w} of `{}` ({} on v{})",
                h.opcode,
                spec.name,
                bytes.join(" then "),
                cx.gen
            )));
        }
        let same = of.is_none_or(|(f, _)| (f.variant, f.seq, f.loc) == (h.variant, h.seq, h.loc));
        if (h.engine, h.queue) != (st.engine, st.queue) || !same {
            return Err(self.error(
                start,
                start + HEADER_BYTES,
                "the word's engine, queue, variant, place or location is not its stream's or its instruction's",
            ));
        }
        Ok(h)
    }

    fn semaphore(&mut self, n: usize) -> R<SemId> {
        let start = self.at;
        let s = self.u16("a semaphore")?;
        Ok(SemId(self.index(s.into(), n, start, "semaphore")? as u16))
    }

    fn arg(&mut self, kind: Kind, k: &Kernel, loops: usize) -> R<Option<Arg>> {
        let start = self.at;
        let tag = self.u8("an operand")?;
        let arg = match tag {
            0 => return Ok(None),
            1 => {
                let b = self.u16("a buffer")?;
                let buf = BufId(self.index(b.into(), k.buffers.len(), start, "buffer")? as u32);
                let offset = self.affine(loops)?;
                let rank = self.u8("a view's rank")?;
                let mut dims = Vec::new();
                for _ in 0..rank {
                    dims.push((self.u64("a stride")? as i64, self.u64("a size")?));
                }
                let span = Span::new(start, self.at);
                Arg::Ap(Ap {
                    buf,
                    offset,
                    dims,
                    span,
                })
            }
            2 => Arg::Float(f64::from_bits(self.u64("a float")?)),
            3 => {
                let v = self.u8("an ALU operator")?;
                Arg::Alu(ALUS[self.index(v.into(), ALUS.len(), start, "ALU operator")?].0)
            }
            4 => {
                let v = self.u8("a function")?;
                Arg::Func(FUNCS[self.index(v.into(), FUNCS.len(), start, "function")?].0)
            }
            5 => {
                let n = self.u8("the axis count")?;
                Arg::Axes((0..n).map(|_| self.u32("an axis")).collect::<R<_>>()?)
            }
            6 => Arg::Flag(self.u8("a flag")? != 0),
            t => return Err(self.error(start, self.at, format!("unknown operand {t}"))),
        };
        let fits = matches!(
            (&arg, kind),
            (Arg::Ap(_), Kind::Dst | Kind::Src | Kind::Scalar)
                | (Arg::Float(_), Kind::Scalar | Kind::Float)
                | (Arg::Alu(_), Kind::Alu)
                | (Arg::Func(_), Kind::Func)
                | (Arg::Axes(_), Kind::Axes)
                | (Arg::Flag(_), Kind::Flag)
        );
        if !fits {
            return Err(self.error(
                start,
                self.at,
                "an operand of the wrong kind for its parameter",
            ));
        }
        Ok(Some(arg))
    }

    fn device(&mut self) -> R<Device> {
        let start = self.at;
        let name = self.str("the device program's name")?;
        let n = self.u32("the tensor count")? as usize;
        let mut tensors = Vec::new();
        for _ in 0..n {
            tensors.push(self.tensor(n)?);
        }
        let body = self.steps(n, 0)?;
        let nres = self.u32("the result count")?;
        let results = (0..nres).map(|_| self.tensor_id(n)).collect::<R<_>>()?;
        Ok(Device {
            name,
            tensors,
            body,
            results,
            span: Span::new(start, self.at),
        })
    }

    fn tensor(&mut self, n: usize) -> R<Tensor> {
        let start = self.at;
        let name = self.str("a tensor's name")?;
        let d = self.u8("a dtype")?;
        let dtype = DTYPES[self.index(d.into(), DTYPES.len(), start, "dtype")?].0;
        let rank = self.u8("a rank")?;
        let shape = (0..rank)
            .map(|_| self.u64("a dimension"))
            .collect::<R<_>>()?;
        let origin = match (self.u8("an origin")?, self.u32("an origin's operand")?) {
            (0, i) => Origin::Input(i),
            (1, _) => Origin::Const,
            (2, b) => Origin::Alias(TensorId(self.index(b.into(), n, start, "tensor")? as u32)),
            (3, _) => Origin::Temp,
            (o, _) => return Err(self.error(start, self.at, format!("origin {o} is not 0 to 3"))),
        };
        let offset = Some(self.u64("an offset")?).filter(|&o| o != u64::MAX);
        Ok(Tensor {
            name,
            dtype,
            shape,
            origin,
            offset,
            span: Span::new(start, self.at),
        })
    }

    fn tensor_id(&mut self, n: usize) -> R<TensorId> {
        let start = self.at;
        let t = self.u32("a tensor")?;
        Ok(TensorId(self.index(t.into(), n, start, "tensor")? as u32))
    }

    fn steps(&mut self, n: usize, depth: usize) -> R<Vec<Step>> {
        let start = self.at;
        if depth > MAX_DEPTH {
            return Err(self.error(start, start, "device steps nested too deeply"));
        }
        let count = self.u32("a step count")?;
        let mut out = Vec::new();
        for _ in 0..count {
            let at = self.at;
            let step = match self.u8("a step")? {
                1 => {
                    let kernel = self.str("a kernel's name")?;
                    let ids = |me: &mut Self| -> R<Vec<TensorId>> {
                        let c = me.u16("a tensor count")?;
                        (0..c).map(|_| me.tensor_id(n)).collect()
                    };
                    let args = ids(self)?;
                    let results = ids(self)?;
                    Step::Call {
                        kernel,
                        args,
                        results,
                        span: Span::new(at, self.at),
                    }
                }
                2 => Step::Copy {
                    src: self.tensor_id(n)?,
                    dst: self.tensor_id(n)?,
                    span: Span::new(at, self.at),
                },
                3 => Step::Loop {
                    body: self.steps(n, depth + 1)?,
                    span: Span::new(at, self.at),
                },
                4 => Step::Exit {
                    unless: self.tensor_id(n)?,
                    span: Span::new(at, self.at),
                },
                5 => {
                    let on = self.tensor_id(n)?;
                    let arms = self.u16("an arm count")?;
                    let arms = (0..arms)
                        .map(|_| self.steps(n, depth + 1))
                        .collect::<R<_>>()?;
                    Step::Switch {
                        on,
                        arms,
                        span: Span::new(at, self.at),
                    }
                }
                s => return Err(self.error(at, self.at, format!("unknown step {s}"))),
            };
            out.push(step);
        }
        Ok(out)
    }
}

/// What every record of one kernel is read against.
struct Cx<'a> {
    map: &'a [String],
    opcodes: &'a Opcodes,
    gen: u8,
    loops: &'a [(String, u64)],
    sems: usize,
}
