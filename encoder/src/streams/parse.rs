//! Reads the streams' text form (`print`) back: kernels as streams, then an optional device
//! program. Each instruction's `[n]` is its place in the kernel's sequential order, and the
//! kernel is rebuilt from them: the instructions in that order, inside the loops their
//! streams put them in. The first problem stops the parse, as a [`Diag`] at its token: a
//! semaphore numbered out of order or used undeclared, a stream given twice, an instruction
//! whose engine is not its block's stream, an index given twice or missing, a loop whose
//! instructions are not contiguous in the sequential order. Deadlocks and races are
//! `check`'s.

use super::{SemId, Semaphore, Stream, Streams, Sync, Wait};
use egfuse_diag::{Diag, Span};
use egfuse_nisa::device::Device;
use egfuse_nisa::parse::Reader;
use egfuse_nisa::{Inst, Kernel, LoopId, Stmt};

/// An assembly file: kernels as streams, and the device program that calls them.
#[derive(Clone, Debug, PartialEq)]
pub struct Asm {
    pub kernels: Vec<Streams>,
    pub device: Option<Device>,
}

type R<T> = Result<T, Diag>;

pub fn asm(src: &str) -> R<Asm> {
    let mut r = Reader::new(src)?;
    let mut out = Asm {
        kernels: Vec::new(),
        device: None,
    };
    while !r.at_end() {
        if r.peek_word("device") && out.device.is_none() {
            out.device = Some(r.device()?);
        } else {
            out.kernels.push(kernel(&mut r)?);
        }
    }
    Ok(out)
}

/// One instruction as its stream's block gave it (or its record in a binary).
pub(crate) struct Item {
    pub n: u64,
    pub inst: Inst,
    /// The loops around it, outermost first, with their trip counts.
    pub path: Vec<(LoopId, u64, Span)>,
    pub stream: Stream,
    pub sync: Sync,
    pub span: Span,
}

fn kernel(r: &mut Reader) -> R<Streams> {
    let mut k = r.header()?;
    let mut semaphores = Vec::new();
    while r.eat_word("sem") {
        let (name, sp) = r.value("the semaphore `%sN`")?;
        let want = format!("s{}", semaphores.len());
        if name != want {
            return Err(
                Diag::new("asm::semaphore", sp, format!("expected `%{want}`"))
                    .with_label("semaphores are declared %s0, %s1, ... in order"),
            );
        }
        r.expect(":")?;
        let from = stream(r)?;
        r.expect("->")?;
        let to = stream(r)?;
        semaphores.push(Semaphore { from, to });
    }
    let (mut items, mut streams) = (Vec::new(), Vec::new());
    while !r.eat("}") {
        let start = r.span();
        let st = stream(r)?;
        if streams.contains(&st) {
            let msg = format!("a second block for the {} stream", st.name());
            return Err(Diag::new("asm::stream", start, msg).with_label("one block per stream"));
        }
        streams.push(st);
        r.expect("{")?;
        block(r, st, semaphores.len(), &mut Vec::new(), &mut items)?;
    }
    r.finish(&mut k);
    streams.sort();
    assemble(k, streams, semaphores, items)
}

fn stream(r: &mut Reader) -> R<Stream> {
    let (name, sp) = r.word("a stream")?;
    Stream::from_name(&name).ok_or_else(|| {
        Diag::new("asm::stream", sp, format!("unknown stream `{name}`"))
            .with_label("not a stream")
            .with_help("the streams are PE, ACT, DVE, GpSimd, SP, DMA0, DMA1")
    })
}

/// A stream's statements up to its `}`.
fn block(
    r: &mut Reader,
    st: Stream,
    sems: usize,
    path: &mut Vec<(LoopId, u64, Span)>,
    items: &mut Vec<Item>,
) -> R<()> {
    while !r.eat("}") {
        if r.eat_word("for") {
            let (id, count, sp) = r.open_loop()?;
            path.push((id, count, sp));
            block(r, st, sems, path, items)?;
            path.pop();
            r.close_loop();
            continue;
        }
        let mut waits = Vec::new();
        while r.eat_word("wait") {
            let sem = semaphore(r, sems)?;
            r.expect(">=")?;
            waits.push(Wait {
                sem,
                count: r.affine()?,
            });
        }
        let start = r.expect("[")?;
        let n = r.uint("the instruction's place in the kernel's order")?;
        r.expect("]")?;
        let inst = r.inst()?;
        let mut signals = Vec::new();
        if r.eat_word("signal") {
            signals.push(semaphore(r, sems)?);
            while r.eat(",") {
                signals.push(semaphore(r, sems)?);
            }
        }
        let span = start.to(inst.span);
        items.push(Item {
            n,
            inst,
            path: path.clone(),
            stream: st,
            sync: Sync { waits, signals },
            span,
        });
    }
    Ok(())
}

fn semaphore(r: &mut Reader, sems: usize) -> R<SemId> {
    let (name, sp) = r.value("a semaphore `%sN`")?;
    let n = name.strip_prefix('s').and_then(|n| n.parse::<usize>().ok());
    match n {
        Some(n) if n < sems => Ok(SemId(n as u16)),
        _ => Err(
            Diag::new("asm::semaphore", sp, format!("no semaphore `%{name}`"))
                .with_label(format!("the kernel declares {sems} semaphores, %s0 on")),
        ),
    }
}

/// The kernel in its sequential order, from every stream's instructions.
pub(crate) fn assemble(
    mut k: Kernel,
    streams: Vec<Stream>,
    semaphores: Vec<Semaphore>,
    mut items: Vec<Item>,
) -> R<Streams> {
    items.sort_by_key(|i| i.n);
    for (want, it) in items.iter().enumerate() {
        if it.n != want as u64 {
            let (msg, label) = match it.n < want as u64 {
                true => (format!("a second instruction [{}]", it.n), "numbered twice"),
                false => (format!("no instruction [{want}]"), "the next one given"),
            };
            return Err(Diag::new("asm::order", it.span, msg).with_label(label));
        }
        let runs = Stream::of(&k, &it.inst);
        if runs != it.stream {
            let msg = format!(
                "this instruction runs on {}, not {}",
                runs.name(),
                it.stream.name()
            );
            return Err(Diag::new("asm::stream", it.span, msg).with_label("in this stream's block"));
        }
    }
    let mut sync: Vec<Sync> = items.iter().map(|i| i.sync.clone()).collect();
    k.body = tree(&k, items)?;
    super::canonical_loops(&mut k, &mut sync);
    Ok(Streams {
        kernel: k,
        streams,
        semaphores,
        sync,
    })
}

/// Nests the instructions, in order, in the loops their paths name.
fn tree(k: &Kernel, items: Vec<Item>) -> R<Vec<Stmt>> {
    let mut open: Vec<(LoopId, u64, Span, Vec<Stmt>)> = Vec::new();
    let mut root = Vec::new();
    let mut closed = Vec::new();
    let close = |open: &mut Vec<(LoopId, u64, Span, Vec<Stmt>)>, root: &mut Vec<Stmt>| {
        let (counter, count, span, body) = open.pop().expect("a loop is open");
        let s = Stmt::Loop {
            counter,
            count,
            body,
            span,
        };
        open.last_mut().map_or(root, |l| &mut l.3).push(s);
        counter
    };
    for it in items {
        let keep = (open.iter().zip(&it.path))
            .take_while(|(o, p)| o.0 == p.0)
            .count();
        while open.len() > keep {
            closed.push(close(&mut open, &mut root));
        }
        for &(id, count, span) in &it.path[keep..] {
            if closed.contains(&id) {
                let name = &k.loops[id.0 as usize];
                let msg = format!(
                    "instruction [{}] is in `%{name}`, but instructions outside it come between it and the loop's others",
                    it.n
                );
                return Err(Diag::new("asm::order", it.span, msg)
                    .with_label("a loop's instructions are contiguous in the kernel's order"));
            }
            open.push((id, count, span, Vec::new()));
        }
        let body = open.last_mut().map_or(&mut root, |l| &mut l.3);
        body.push(Stmt::Inst(it.inst));
    }
    while !open.is_empty() {
        close(&mut open, &mut root);
    }
    Ok(root)
}
