//! The text form of a nisa program. Instructions print as NKI's Python calls do, keyword for
//! keyword (`activation(dst=%sq, op=square, data=%x, engine=ACT)`); an access pattern is the
//! buffer's name when it views the whole buffer in order, and NKI's `.ap(pattern, offset)`
//! otherwise. `parse` reads exactly this form back: printing a parsed program gives its text.

use crate::spec::{Arg, Kind};
use crate::{Affine, Ap, Inst, Kernel, Memory, Program, Role, Stmt};
use std::fmt::Write;

pub fn program(p: &Program) -> String {
    let mut out = String::new();
    for (i, k) in p.kernels.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        kernel(&mut out, k);
    }
    if let Some(d) = &p.device {
        if !p.kernels.is_empty() {
            out.push('\n');
        }
        crate::device::print::device(&mut out, d);
    }
    out
}

pub fn kernel(out: &mut String, k: &Kernel) {
    header(out, k);
    stmts(out, k, &k.body, 1);
    out.push_str("}\n");
}

/// The kernel's first line and its buffer declarations: everything but its body and `}`.
pub fn header(out: &mut String, k: &Kernel) {
    let _ = write!(out, "kernel @{} kind {}", k.name, k.kind);
    if let Some(loc) = &k.loc {
        let _ = write!(out, " loc({loc})");
    }
    out.push_str(" {\n");
    for b in &k.buffers {
        let dims: Vec<String> = b.shape.iter().map(u64::to_string).collect();
        let _ = write!(
            out,
            "  {} %{} : {}[{}]",
            b.memory.name(),
            b.name,
            b.dtype.name(),
            dims.join(", ")
        );
        match b.role {
            Role::Input => out.push_str(" input"),
            Role::Output => out.push_str(" output"),
            Role::Scratch if b.memory == Memory::Hbm => out.push_str(" scratch"),
            Role::Scratch => {}
        }
        if let Some(off) = b.offset {
            let _ = write!(out, " at {off}");
        }
        out.push('\n');
    }
}

fn stmts(out: &mut String, k: &Kernel, body: &[Stmt], depth: usize) {
    let pad = "  ".repeat(depth);
    for s in body {
        match s {
            Stmt::Inst(i) => {
                out.push_str(&pad);
                inst(out, k, i);
                out.push('\n');
            }
            Stmt::Loop {
                counter,
                count,
                body,
                ..
            } => {
                let _ = writeln!(
                    out,
                    "{pad}for %{} in 0..{count} {{",
                    k.loops[counter.0 as usize]
                );
                stmts(out, k, body, depth + 1);
                let _ = writeln!(out, "{pad}}}");
            }
        }
    }
}

/// One instruction, without indentation or newline.
pub fn inst(out: &mut String, k: &Kernel, i: &Inst) {
    let spec = i.op.spec();
    out.push_str(spec.name);
    out.push('(');
    let mut first = true;
    for (p, a) in spec.params.iter().zip(&i.args) {
        let Some(a) = a else { continue };
        if !first {
            out.push_str(", ");
        }
        first = false;
        let _ = write!(out, "{}=", p.name);
        arg(out, k, p.kind, a);
    }
    if let Some(e) = i.engine {
        if !first {
            out.push_str(", ");
        }
        let _ = write!(out, "engine={}", e.name());
    }
    out.push(')');
    if let Some(loc) = &i.loc {
        let _ = write!(out, " loc({loc})");
    }
}

fn arg(out: &mut String, k: &Kernel, _kind: Kind, a: &Arg) {
    match a {
        Arg::Ap(ap) => access(out, k, ap),
        Arg::Float(x) => float(out, *x),
        Arg::Alu(op) => out.push_str(op.name()),
        Arg::Func(f) => out.push_str(f.name()),
        Arg::Axes(axes) => {
            let axes: Vec<String> = axes.iter().map(u32::to_string).collect();
            let _ = write!(out, "[{}]", axes.join(", "));
        }
        Arg::Flag(b) => {
            let _ = write!(out, "{b}");
        }
    }
}

/// A float as Rust's shortest round-trip form; `inf`, `-inf` and `nan` as words.
pub fn float(out: &mut String, x: f64) {
    if x.is_nan() {
        out.push_str("nan");
    } else if x.is_infinite() {
        out.push_str(if x > 0.0 { "inf" } else { "-inf" });
    } else {
        let _ = write!(out, "{x:?}");
    }
}

pub fn access(out: &mut String, k: &Kernel, ap: &Ap) {
    let b = k.buffer(ap.buf);
    let _ = write!(out, "%{}", b.name);
    if ap.is_whole(&b.shape) {
        return;
    }
    out.push_str(".ap([");
    for (n, (stride, size)) in ap.dims.iter().enumerate() {
        if n > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "[{stride}, {size}]");
    }
    out.push(']');
    if ap.offset != Affine::constant(0) {
        out.push_str(", offset=");
        affine(out, k, &ap.offset);
    }
    out.push(')');
}

/// `512*%t + 3`: the terms in counter order, then the constant.
pub fn affine(out: &mut String, k: &Kernel, a: &Affine) {
    let mut first = true;
    for (l, c) in &a.terms {
        let name = &k.loops[l.0 as usize];
        let mag = c.unsigned_abs();
        match (first, *c < 0) {
            (true, false) => {}
            (true, true) => out.push('-'),
            (false, false) => out.push_str(" + "),
            (false, true) => out.push_str(" - "),
        }
        if mag != 1 {
            let _ = write!(out, "{mag}*");
        }
        let _ = write!(out, "%{name}");
        first = false;
    }
    if first {
        let _ = write!(out, "{}", a.base);
    } else if a.base != 0 {
        let op = if a.base < 0 { " - " } else { " + " };
        let _ = write!(out, "{op}{}", a.base.unsigned_abs());
    }
}
