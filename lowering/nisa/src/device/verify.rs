//! The device program's verifier: every call names a kernel of the program and binds tensors
//! of its HBM buffers' types and sizes; every tensor is written before it is read on every
//! path; an `exit` is inside a loop; a scalar decides each `exit` and `switch`; and the
//! placement holds: every tensor a step touches has an offset, an alias fits in its base, and
//! two tensors live at once share no byte. Every problem is collected.

use super::place::{lifetimes, ALIGN};
use super::{touched, Device, Origin, Step, Tensor, TensorId};
use crate::{Kernel, Memory, Program, Role};
use egfuse_diag::{Diag, Span};
use std::collections::HashMap;

/// Every problem of the device program of `p`, if it has one.
pub fn program(p: &Program) -> Vec<Diag> {
    let Some(d) = &p.device else {
        return Vec::new();
    };
    device(d, &p.kernels.iter().collect::<Vec<_>>())
}

/// Every problem of `d`, which calls `kernels`.
pub fn device(d: &Device, kernels: &[&Kernel]) -> Vec<Diag> {
    let kernels: HashMap<&str, &Kernel> = kernels.iter().map(|k| (&*k.name, *k)).collect();
    let mut v = Verifier {
        d,
        kernels,
        diags: Vec::new(),
    };
    v.tensors();
    let mut written: Vec<bool> = (d.tensors.iter())
        .map(|t| matches!(t.origin, Origin::Input(_) | Origin::Const))
        .collect();
    v.steps(&d.body, &mut written, 0);
    for &r in &d.results {
        v.read(r, &written, d.span, "returned");
    }
    v.placement();
    v.diags
}

struct Verifier<'a> {
    d: &'a Device,
    kernels: HashMap<&'a str, &'a Kernel>,
    diags: Vec<Diag>,
}

impl Verifier<'_> {
    fn error(&mut self, span: Span, msg: String, label: &str) {
        self.diags
            .push(Diag::new("nisa::device", span, msg).with_label(label.to_string()));
    }

    fn tensors(&mut self) {
        let d = self.d;
        let mut inputs: Vec<u32> = Vec::new();
        for t in &d.tensors {
            match t.origin {
                Origin::Input(n) => inputs.push(n),
                Origin::Alias(b) if d.tensor(b).bytes() < t.bytes() => self.error(
                    t.span,
                    format!("alias `%{}` is larger than `%{}`", t.name, d.tensor(b).name),
                    "an alias reads its base's bytes, and no more",
                ),
                _ => {}
            }
            if t.offset.is_some_and(|o| o % ALIGN != 0) {
                self.error(
                    t.span,
                    format!(
                        "`%{}` is at an offset that is no multiple of {ALIGN}",
                        t.name
                    ),
                    "misaligned",
                );
            }
        }
        inputs.sort_unstable();
        if inputs.iter().enumerate().any(|(n, &i)| i as usize != n) {
            self.error(
                d.span,
                format!(
                    "the inputs are numbered {inputs:?}, not 0 to {}",
                    inputs.len()
                ),
                "each input of the function once",
            );
        }
    }

    /// Checks `steps` from the tensors `written` before them, and leaves `written` as it is
    /// after them on every path. `loops` is how many loops enclose them.
    fn steps(&mut self, steps: &[Step], written: &mut Vec<bool>, loops: usize) {
        for s in steps {
            if touched(s)
                .iter()
                .any(|t| t.0 as usize >= self.d.tensors.len())
            {
                self.error(
                    span(s),
                    "a step names no tensor of the program".into(),
                    "here",
                );
                continue;
            }
            match s {
                Step::Call {
                    kernel,
                    args,
                    results,
                    span,
                } => self.call(kernel, args, results, *span, written),
                Step::Copy { src, dst, span } => self.copy(*src, *dst, *span, written),
                Step::Loop { body, .. } => {
                    // The body is checked once, from what is written before the loop (a later
                    // trip finds as much written, or more); after the loop, what the first trip
                    // wrote before its first exit.
                    let mut inside = written.clone();
                    self.steps(body, &mut inside, loops + 1);
                    *written = self.before_exit(body, written.clone());
                }
                Step::Exit { unless, span } => {
                    if loops == 0 {
                        self.error(*span, "`exit` outside a loop".into(), "no loop to leave");
                    }
                    self.scalar(*unless, written, *span);
                }
                Step::Switch { on, arms, span } => self.switch(*on, arms, *span, written, loops),
            }
        }
    }

    fn copy(&mut self, src: TensorId, dst: TensorId, span: Span, written: &mut [bool]) {
        self.read(src, written, span, "copied");
        let (a, b) = (self.d.tensor(src), self.d.tensor(dst));
        if a.bytes() != b.bytes() {
            let msg = format!(
                "`%{}` holds {} bytes and `%{}` {}",
                a.name,
                a.bytes(),
                b.name,
                b.bytes()
            );
            self.error(span, msg, "a copy moves every byte of a tensor");
        }
        self.write(dst, written);
    }

    /// A switch's arms, each from `written`; after it, what every arm wrote.
    fn switch(
        &mut self,
        on: TensorId,
        arms: &[Vec<Step>],
        span: Span,
        written: &mut Vec<bool>,
        loops: usize,
    ) {
        self.scalar(on, written, span);
        if arms.is_empty() {
            self.error(span, "a switch with no case".into(), "nothing to run");
        }
        let mut after: Option<Vec<bool>> = None;
        for arm in arms {
            let mut w = written.clone();
            self.steps(arm, &mut w, loops);
            after = Some(match after {
                None => w,
                Some(a) => a.iter().zip(&w).map(|(x, y)| *x && *y).collect(),
            });
        }
        if let Some(a) = after {
            *written = a;
        }
    }

    /// The tensors written once `body` has run to its first `exit`, from `written`.
    fn before_exit(&self, body: &[Step], mut written: Vec<bool>) -> Vec<bool> {
        for s in body {
            match s {
                Step::Exit { .. } => return written,
                Step::Call { results, .. } => {
                    results.iter().for_each(|&t| self.write(t, &mut written))
                }
                Step::Copy { dst, .. } => self.write(*dst, &mut written),
                Step::Loop { .. } | Step::Switch { .. } => {}
            }
        }
        written
    }

    fn call(
        &mut self,
        kernel: &str,
        args: &[TensorId],
        results: &[TensorId],
        span: Span,
        written: &mut [bool],
    ) {
        for &a in args {
            self.read(a, written, span, "passed to the kernel");
        }
        // Written whatever else is wrong with the call, so one mistake is one diagnostic.
        for &r in results {
            self.write(r, written);
        }
        let Some(k) = self.kernels.get(kernel).copied() else {
            self.error(
                span,
                format!("no kernel `@{kernel}` in the program"),
                "unknown kernel",
            );
            return;
        };
        self.bind(k, Role::Input, args, span);
        self.bind(k, Role::Output, results, span);
    }

    /// Checks that `ts` fit `k`'s HBM buffers of `role`, one for one.
    fn bind(&mut self, k: &Kernel, role: Role, ts: &[TensorId], span: Span) {
        let bufs: Vec<_> = (k.buffers.iter())
            .filter(|b| b.memory == Memory::Hbm && b.role == role)
            .collect();
        let what = if role == Role::Input {
            "input"
        } else {
            "output"
        };
        if bufs.len() != ts.len() {
            let msg = format!(
                "`@{}` has {}; the call binds {}",
                k.name,
                egfuse_diag::plural(bufs.len(), &format!("HBM {what}")),
                ts.len()
            );
            self.error(span, msg, "one tensor per buffer");
            return;
        }
        for (b, &t) in bufs.iter().zip(ts) {
            let t = self.d.tensor(t);
            let size = b.elements().max(1).saturating_mul(b.dtype.bytes());
            if b.dtype != t.dtype || size != t.bytes() {
                let msg = format!(
                    "`%{}` ({}, {} bytes) is bound to `@{}`'s {what} `%{}` ({}, {size} bytes)",
                    t.name,
                    t.dtype.name(),
                    t.bytes(),
                    k.name,
                    b.name,
                    b.dtype.name()
                );
                self.error(span, msg, "not the buffer's type");
            }
        }
    }

    fn read(&mut self, t: TensorId, written: &[bool], span: Span, how: &str) {
        let b = self.d.base(t);
        if !written[b.0 as usize] {
            let name = &self.d.tensor(t).name;
            self.error(
                span,
                format!("`%{name}` is {how} before anything writes it"),
                "read before written",
            );
        }
    }

    fn write(&self, t: TensorId, written: &mut [bool]) {
        written[self.d.base(t).0 as usize] = true;
    }

    fn scalar(&mut self, t: TensorId, written: &[bool], span: Span) {
        self.read(t, written, span, "tested");
        let x: &Tensor = self.d.tensor(t);
        if x.elements() != 1 || !x.dtype.is_int() {
            let msg = format!("`%{}` is no integer scalar", x.name);
            self.error(span, msg, "a branch tests one integer");
        }
    }

    /// Every touched tensor placed; no two live at once overlap.
    fn placement(&mut self) {
        let d = self.d;
        let lives = lifetimes(d);
        let mut placed: Vec<(u64, u64, usize)> = Vec::new();
        for (n, t) in d.tensors.iter().enumerate() {
            if lives[n].is_none() || matches!(t.origin, Origin::Alias(_)) {
                continue;
            }
            match t.offset {
                Some(o) => placed.push((o, o.saturating_add(t.bytes()), n)),
                None => self.error(t.span, format!("`%{}` has no offset", t.name), "unplaced"),
            }
        }
        placed.sort_unstable();
        for (i, &(_, end, a)) in placed.iter().enumerate() {
            for &(off, _, b) in &placed[i + 1..] {
                if off >= end {
                    break;
                }
                let (la, lb) = (lives[a].expect("placed"), lives[b].expect("placed"));
                if la.overlaps(lb) {
                    let (ta, tb) = (&d.tensors[a], &d.tensors[b]);
                    let msg = format!(
                        "`%{}` and `%{}` share bytes while both are live",
                        ta.name, tb.name
                    );
                    self.error(tb.span, msg, "overlaps a live tensor");
                }
            }
        }
    }
}

fn span(s: &Step) -> Span {
    match s {
        Step::Call { span, .. }
        | Step::Copy { span, .. }
        | Step::Loop { span, .. }
        | Step::Exit { span, .. }
        | Step::Switch { span, .. } => *span,
    }
}
