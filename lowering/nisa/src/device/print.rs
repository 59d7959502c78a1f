//! The text form of a device program, which `parse` reads back: the tensors, one `hbm` line
//! each, then the steps, nested as the control flow is, then `return`.

use super::{Device, Origin, Step, TensorId};
use std::fmt::Write;

pub fn device(out: &mut String, d: &Device) {
    let _ = writeln!(out, "device @{} {{", d.name);
    for t in &d.tensors {
        let dims: Vec<String> = t.shape.iter().map(u64::to_string).collect();
        let _ = write!(
            out,
            "  hbm %{} : {}[{}]",
            t.name,
            t.dtype.name(),
            dims.join(", ")
        );
        match t.origin {
            Origin::Input(n) => {
                let _ = write!(out, " input {n}");
            }
            Origin::Const => out.push_str(" const"),
            Origin::Alias(b) => {
                let _ = write!(out, " alias {}", name(d, b));
            }
            Origin::Temp => {}
        }
        if let Some(off) = t.offset {
            let _ = write!(out, " at {off}");
        }
        out.push('\n');
    }
    steps(out, d, &d.body, 1);
    let results: Vec<String> = d.results.iter().map(|&t| name(d, t)).collect();
    let _ = writeln!(out, "  return {}", results.join(", "));
    out.push_str("}\n");
}

fn steps(out: &mut String, d: &Device, body: &[Step], depth: usize) {
    let pad = "  ".repeat(depth);
    for s in body {
        match s {
            Step::Call {
                kernel,
                args,
                results,
                ..
            } => {
                let _ = writeln!(
                    out,
                    "{pad}call @{kernel}({}) -> ({})",
                    names(d, args),
                    names(d, results)
                );
            }
            Step::Copy { src, dst, .. } => {
                let _ = writeln!(out, "{pad}copy {} -> {}", name(d, *src), name(d, *dst));
            }
            Step::Loop { body, .. } => {
                let _ = writeln!(out, "{pad}loop {{");
                steps(out, d, body, depth + 1);
                let _ = writeln!(out, "{pad}}}");
            }
            Step::Exit { unless, .. } => {
                let _ = writeln!(out, "{pad}exit unless {}", name(d, *unless));
            }
            Step::Switch { on, arms, .. } => {
                let _ = writeln!(out, "{pad}switch {} {{", name(d, *on));
                for arm in arms {
                    let _ = writeln!(out, "{pad}  case {{");
                    steps(out, d, arm, depth + 2);
                    let _ = writeln!(out, "{pad}  }}");
                }
                let _ = writeln!(out, "{pad}}}");
            }
        }
    }
}

fn name(d: &Device, t: TensorId) -> String {
    match d.tensors.get(t.0 as usize) {
        Some(t) => format!("%{}", t.name),
        None => format!("%<tensor {}>", t.0),
    }
}

fn names(d: &Device, ts: &[TensorId]) -> String {
    let v: Vec<String> = ts.iter().map(|&t| name(d, t)).collect();
    v.join(", ")
}
