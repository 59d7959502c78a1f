//! The text `--print-after PASS` prints after each pass: the module after a module pass, the
//! ops folded after `fold`, each kernel's edge after `expand`, its selected instructions and
//! space after `select`, the nisa kernel after `tile`, `place` and `route`, and the device
//! program after `device`.

use crate::edge::Edges;
use crate::fold::Folded;
use crate::layout::Space;
use crate::select::{LArg, Selected};
use crate::split::Split;
use egfuse_ir::print::{print, value_names, PrintOptions};
use egfuse_ir::{Module, OpId, ValueId};
use egfuse_nisa::spec::Opcode;
use egfuse_nisa::Kernel;
use std::fmt::Write as _;

/// The whole module as MLIR text.
pub(crate) fn module(m: &Module) -> String {
    print(m, PrintOptions::default())
}

/// The device program as its text form.
pub(crate) fn device(d: &egfuse_nisa::device::Device) -> String {
    let mut out = String::new();
    egfuse_nisa::device::print::device(&mut out, d);
    out
}

/// One line per op folded at compile time, in program order (the module's walk; an op's id
/// says only when it was made).
pub(crate) fn folded(m: &Module, folded: &Folded) -> String {
    let ops: Vec<OpId> = m.walk().into_iter().filter(|&op| folded.op(op)).collect();
    let names = Names::of_module(m);
    let mut out = format!("// {} ops folded at compile time\n", ops.len());
    for op in ops {
        let o = m.op(op);
        let results: Vec<String> = o.results.iter().map(|&v| names.of(v)).collect();
        let _ = writeln!(out, "//   {} = {}", results.join(", "), o.name);
    }
    out
}

/// The module the split kernels lower from, or a line saying no kernel was split.
pub(crate) fn split(split: &Split) -> String {
    match split.split_module() {
        Some(w) => module(w),
        None => "// no kernel computes on a concatenate: nothing split\n".to_string(),
    }
}

/// A kernel's edge after `expand`: the views peeled off it and what it reads and writes
/// through them.
pub(crate) fn expanded(name: &str, kind: &str, ops: usize, edges: &Edges) -> String {
    format!(
        "// kernel @{name} ({kind}): {ops} ops, {} views peeled at its edge, {} reads and {} writes through them\n",
        edges.peeled.len(),
        edges.reads.len(),
        edges.writes.iter().filter(|w| w.dims.is_some() || w.offset != 0).count(),
    )
}

/// A kernel's space and selected instructions after `select`, one line each:
/// `%result = op(param=arg, ...) [rule]`, each `then` step after it; values by the names the
/// module prints them with.
pub(crate) fn selected(
    names: &Names,
    name: &str,
    kind: &str,
    space: &Space,
    insts: &[Selected],
) -> String {
    let mut out = format!(
        "// kernel @{name} ({kind}): {} rows x {} columns, {} instructions\n",
        space.rows,
        space.cols,
        insts.len()
    );
    for s in insts {
        let _ = writeln!(
            out,
            "//   {} = {}({}) [{}]",
            names.of(s.result),
            s.op.name(),
            names.args(s.op, &s.args),
            s.rule
        );
        for (op, a) in &s.then {
            let _ = writeln!(out, "//     then {}({})", op.name(), names.args(*op, a));
        }
    }
    out
}

/// A nisa kernel as its text form prints it.
pub(crate) fn kernel(k: &Kernel) -> String {
    let mut out = String::new();
    egfuse_nisa::print::kernel(&mut out, k);
    out
}

/// The SSA names of a module's values as it prints them.
pub(crate) struct Names(Vec<Option<Box<str>>>);

impl Names {
    /// The names `m` prints its values with (a print of the whole module: once per module).
    pub(crate) fn of_module(m: &Module) -> Names {
        Names(value_names(m, PrintOptions::default()))
    }

    /// A value by its printed name, else by its index.
    fn of(&self, v: ValueId) -> String {
        match self.0.get(v.index()).and_then(Option::as_deref) {
            Some(n) => format!("%{n}"),
            None => format!("%v{}", v.0),
        }
    }

    /// The arguments given, each after the name of its parameter in `op`'s spec.
    fn args(&self, op: Opcode, args: &[Option<LArg>]) -> String {
        let params = op.spec().params;
        let one = |(i, a): (usize, &Option<LArg>)| {
            let text = match a.as_ref()? {
                LArg::Value(v) => self.of(*v),
                LArg::Float(x) => format!("{x}"),
                LArg::Alu(x) => x.name().to_string(),
                LArg::Func(f) => f.name().to_string(),
                LArg::Flag(b) => format!("{b}"),
                LArg::Dst => "dst".to_string(),
            };
            Some(format!("{}={text}", params.get(i).map_or("?", |p| p.name)))
        };
        let given: Vec<String> = args.iter().enumerate().filter_map(one).collect();
        given.join(", ")
    }
}
