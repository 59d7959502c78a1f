//! The text form of a kernel's streams: the kernel's header and buffers as nisa prints them,
//! the semaphores, then one block per stream holding its instructions in order inside the
//! kernel's loops that hold any of them. Each instruction is numbered by its place in the
//! kernel's sequential order (`[3]`), which `parse` rebuilds the kernel from. A wait is a
//! line before its instruction; the semaphores an instruction signals follow it.
//!
//! ```text
//! kernel @k0 kind RmsNorm {
//!   hbm %x : f32[128, 512] input
//!   ...
//!   sem %s0 : DMA0 -> ACT
//!   ACT {
//!     wait %s0 >= 1
//!     [1] activation(dst=%sq, op=square, data=%x_sb, engine=ACT) signal %s1
//!   }
//!   DMA0 {
//!     [0] dma_copy(dst=%x_sb, src=%x, engine=DMA) signal %s0
//!   }
//! }
//! ```

use super::{Stream, Streams};
use egfuse_nisa::device::Device;
use egfuse_nisa::{print, Stmt};
use std::fmt::Write;

/// Every kernel's streams, then the device program: an assembly file.
pub fn program(kernels: &[Streams], device: Option<&Device>) -> String {
    let mut out = String::new();
    for (n, s) in kernels.iter().enumerate() {
        if n > 0 {
            out.push('\n');
        }
        streams(&mut out, s);
    }
    if let Some(d) = device {
        if !out.is_empty() {
            out.push('\n');
        }
        egfuse_nisa::device::print::device(&mut out, d);
    }
    out
}

pub fn streams(out: &mut String, s: &Streams) {
    print::header(out, &s.kernel);
    for (n, sem) in s.semaphores.iter().enumerate() {
        let _ = writeln!(
            out,
            "  sem %s{n} : {} -> {}",
            sem.from.name(),
            sem.to.name()
        );
    }
    let placement = s.placement();
    for &st in &s.streams {
        let _ = writeln!(out, "  {} {{", st.name());
        let mut p = Printer {
            out: &mut *out,
            s,
            placement: &placement,
            stream: st,
            next: 0,
        };
        p.body(&s.kernel.body, 2);
        out.push_str("  }\n");
    }
    out.push_str("}\n");
}

struct Printer<'a> {
    out: &'a mut String,
    s: &'a Streams,
    placement: &'a [Stream],
    stream: Stream,
    /// The index of the next instruction in the kernel's order.
    next: usize,
}

impl Printer<'_> {
    fn body(&mut self, stmts: &[Stmt], depth: usize) {
        let pad = "  ".repeat(depth);
        let k = &self.s.kernel;
        for stmt in stmts {
            match stmt {
                Stmt::Inst(i) => {
                    let n = self.next;
                    self.next += 1;
                    if self.placement[n] != self.stream {
                        continue;
                    }
                    let sync = &self.s.sync[n];
                    for w in &sync.waits {
                        let _ = write!(self.out, "{pad}wait %s{} >= ", w.sem.0);
                        print::affine(self.out, k, &w.count);
                        self.out.push('\n');
                    }
                    let _ = write!(self.out, "{pad}[{n}] ");
                    print::inst(self.out, k, i);
                    let signals: Vec<String> =
                        sync.signals.iter().map(|x| format!("%s{}", x.0)).collect();
                    if !signals.is_empty() {
                        let _ = write!(self.out, " signal {}", signals.join(", "));
                    }
                    self.out.push('\n');
                }
                Stmt::Loop {
                    counter,
                    count,
                    body,
                    ..
                } => {
                    let len = insts(body);
                    let mine = self.placement[self.next..self.next + len].contains(&self.stream);
                    if !mine {
                        self.next += len;
                        continue;
                    }
                    let name = &k.loops[counter.0 as usize];
                    let _ = writeln!(self.out, "{pad}for %{name} in 0..{count} {{");
                    self.body(body, depth + 1);
                    let _ = writeln!(self.out, "{pad}}}");
                }
            }
        }
    }
}

/// How many instructions `stmts` holds, each loop body counted once.
pub fn insts(stmts: &[Stmt]) -> usize {
    (stmts.iter())
        .map(|s| match s {
            Stmt::Inst(_) => 1,
            Stmt::Loop { body, .. } => insts(body),
        })
        .sum()
}
