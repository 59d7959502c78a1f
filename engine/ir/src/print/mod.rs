//! The MLIR text printer: the pretty form for ops in the registry (when their attributes fit
//! it), the generic form for everything else, or the generic form for all ops on request.
//!
//! Output is deterministic. Values keep the names they were read with unless a name is taken in
//! scope; new values get the next free number, as MLIR numbers them.
//!
//! Invariant: for every module `m`, `parse(print(m))` prints to the same text as `m`.

pub mod attr;
mod custom;
mod names;
mod structured;

pub use attr::{write_attr, write_elem, write_function_type, write_type};

use crate::{BlockId, Module, OpId, RegionId, ValueId};
use names::Names;

/// How to print.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PrintOptions {
    /// Print every op in the generic form `"dialect.op"(...) : (...) -> ...`.
    pub generic: bool,
}

/// Prints a whole module as MLIR text.
pub fn print(m: &Module, opts: PrintOptions) -> String {
    printed(m, opts, None).out
}

/// Prints a whole module as MLIR text into `sink`, a piece of about [`SPILL`] bytes at a time:
/// the text [`print`] returns, never held whole. A dense constant's hex is written from the
/// module where it lies. Nothing is written after the sink's first error, which it returns.
pub fn print_to(
    m: &Module,
    opts: PrintOptions,
    sink: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let mut p = printed(m, opts, Some(sink));
    p.spill();
    p.failed.map_or(Ok(()), Err)
}

/// How many bytes of text a printer with a sink holds before it writes them, at the end of an
/// op: a module of hundreds of megabytes prints through a buffer this size, and a hex constant
/// this long or longer goes to the sink without a copy.
pub const SPILL: usize = 64 * 1024;

/// The SSA name (without `%`) every printed value gets when `m` prints with `opts`, indexed by
/// value id; `None` for values that do not print. Other text forms (Penguin) use it so their
/// names match the MLIR text.
pub fn value_names(m: &Module, opts: PrintOptions) -> Vec<Option<Box<str>>> {
    printed(m, opts, None).names.into_assigned()
}

fn printed<'m>(
    m: &'m Module,
    opts: PrintOptions,
    sink: Option<&'m mut dyn std::io::Write>,
) -> Printer<'m> {
    let capacity = if sink.is_some() {
        2 * SPILL
    } else {
        m.num_ops() * 96
    };
    let mut p = Printer {
        m,
        out: String::with_capacity(capacity),
        sink,
        failed: None,
        indent: 0,
        opts,
        names: Names::new(),
        default_dialect: vec!["builtin"],
    };
    p.aliases(true);
    let top = m.block(m.top).ops.clone();
    for op in top {
        p.op(op);
    }
    p.aliases(false);
    p
}

pub(crate) struct Printer<'m> {
    m: &'m Module,
    out: String,
    /// Where the text goes as it is printed (`print_to`); `None`: it stays in `out` (`print`).
    sink: Option<&'m mut dyn std::io::Write>,
    /// The sink's first error; nothing is written after it.
    failed: Option<std::io::Error>,
    indent: usize,
    opts: PrintOptions,
    names: Names,
    /// The dialect whose ops print without their prefix, per enclosing op.
    default_dialect: Vec<&'static str>,
}

impl<'m> Printer<'m> {
    fn aliases(&mut self, leading: bool) {
        let mut aliases: Vec<_> = self
            .m
            .loc_aliases
            .iter()
            .filter(|a| a.leading == leading)
            .collect();
        aliases.sort_by_key(|a| a.order);
        for a in aliases {
            self.out.push('#');
            self.out.push_str(&a.name);
            self.out.push_str(" = ");
            attr::write_loc(&mut self.out, self.m, &a.loc);
            self.out.push('\n');
        }
    }

    fn newline(&mut self) {
        self.out.push('\n');
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
    }

    fn op(&mut self, id: OpId) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        let op = self.m.op(id);
        self.results(id);
        let pretty = !self.opts.generic && op.def.is_some() && self.custom(id);
        if !pretty {
            self.generic(id);
        }
        if let Some(loc) = &op.loc {
            self.out.push(' ');
            attr::write_loc(&mut self.out, self.m, loc);
        }
        self.out.push('\n');
        if self.out.len() >= SPILL {
            self.spill();
        }
    }

    /// Writes the text held so far to the sink, if there is one.
    fn spill(&mut self) {
        self.pass_through("");
    }

    /// Writes the text held so far, then `text`, to the sink: `text` is not copied. Without a
    /// sink, `text` joins the text held.
    fn pass_through(&mut self, text: &str) {
        let Some(sink) = self.sink.as_deref_mut() else {
            self.out.push_str(text);
            return;
        };
        if self.failed.is_none() {
            let written = (sink.write_all(self.out.as_bytes()))
                .and_then(|()| sink.write_all(text.as_bytes()));
            self.failed = written.err();
        }
        self.out.clear();
    }

    /// `%a, %b = ` or `%0:3 = `.
    fn results(&mut self, id: OpId) {
        let results = &self.m.op(id).results;
        if results.is_empty() {
            return;
        }
        if let Some(group) = self.names.define_results(self.m, results) {
            self.out.push('%');
            self.out.push_str(&group);
            if results.len() > 1 {
                self.out.push(':');
                self.out.push_str(&results.len().to_string());
            }
        } else {
            for (i, &r) in results.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.value(r);
            }
        }
        self.out.push_str(" = ");
    }

    pub(crate) fn value(&mut self, v: ValueId) {
        self.names.write(self.m, v, &mut self.out);
    }

    pub(crate) fn value_list(&mut self, vals: &[ValueId]) {
        for (i, &v) in vals.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.value(v);
        }
    }

    /// The op's name, without its dialect prefix where the enclosing op makes that the default.
    pub(crate) fn op_name(&mut self, id: OpId) {
        let name = &*self.m.op(id).name;
        let default = self.default_dialect.last().copied().unwrap_or("");
        let short = match name.split_once('.') {
            Some((d, rest)) if d == "builtin" || (!default.is_empty() && d == default) => rest,
            _ => name,
        };
        self.out.push_str(short);
    }

    /// `"name"(%a)[^bb1] <{props}> ({...}) {attrs} : (T) -> U`.
    fn generic(&mut self, id: OpId) {
        let op = self.m.op(id);
        self.out.push('"');
        self.out.push_str(&crate::attr::escape(&op.name));
        self.out.push_str("\"(");
        self.value_list(&op.operands);
        self.out.push(')');
        if !op.successors.is_empty() {
            self.out.push('[');
            for (i, &b) in op.successors.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.block_label(b);
            }
            self.out.push(']');
        }
        if !op.props.is_empty() {
            self.out.push_str(" <");
            attr::write_dict(&mut self.out, &op.props);
            self.out.push('>');
        }
        if !op.regions.is_empty() {
            self.out.push_str(" (");
            let dialect = if &*op.name == "func.func" { "func" } else { "" };
            for (i, &r) in op.regions.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.region(r, true, dialect, op.def.is_some_and(|d| d.traits.isolated));
            }
            self.out.push(')');
        }
        if !op.attrs.is_empty() {
            self.out.push(' ');
            attr::write_dict(&mut self.out, &op.attrs);
        }
        self.out.push_str(" : ");
        let ins: Vec<_> = op.operands.iter().map(|&v| self.m.ty(v).clone()).collect();
        let outs: Vec<_> = op.results.iter().map(|&v| self.m.ty(v).clone()).collect();
        write_function_type(&mut self.out, &ins, &outs);
    }

    /// `{ ... }` in a scope of its own; `entry_args` prints the entry block's `^bb0(...)` header
    /// when it has arguments.
    pub(crate) fn region(
        &mut self,
        r: RegionId,
        entry_args: bool,
        dialect: &'static str,
        isolated: bool,
    ) {
        self.names.push_scope(isolated);
        self.region_body(r, entry_args, dialect);
        self.names.pop_scope();
    }

    /// `{ ... }` in the current name scope (the caller opened it to name the entry arguments).
    pub(crate) fn region_body(&mut self, r: RegionId, entry_args: bool, dialect: &'static str) {
        self.default_dialect.push(dialect);
        self.out.push('{');
        self.out.push('\n');
        let blocks = &self.m.region(r).blocks;
        for (i, &b) in blocks.iter().enumerate() {
            let args = &self.m.block(b).args;
            if i > 0 || (entry_args && !args.is_empty()) {
                self.block_header(b);
            }
            self.indent += 1;
            for &op in &self.m.block(b).ops {
                self.op(op);
            }
            self.indent -= 1;
        }
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push('}');
        self.default_dialect.pop();
    }

    /// `^bb1(%a: T, %b: U):` on its own line.
    fn block_header(&mut self, b: BlockId) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.block_label(b);
        let args = self.m.block(b).args.clone();
        if !args.is_empty() {
            self.out.push('(');
            self.typed_args(&args, true);
            self.out.push(')');
        }
        self.out.push_str(":\n");
    }

    /// `%a: T loc(..), %b: U` (defining the names).
    pub(crate) fn typed_args(&mut self, args: &[ValueId], with_locs: bool) {
        for (i, &a) in args.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.names.define_arg(self.m, a);
            self.value(a);
            self.out.push_str(": ");
            write_type(&mut self.out, self.m.ty(a));
            if let (true, Some(loc)) = (with_locs, self.m.value(a).loc.as_deref()) {
                self.out.push(' ');
                attr::write_loc(&mut self.out, self.m, loc);
            }
        }
    }

    fn block_label(&mut self, b: BlockId) {
        let index = self.m.block(b).parent.map_or(0, |r| {
            self.m
                .region(r)
                .blocks
                .iter()
                .position(|&x| x == b)
                .unwrap_or(0)
        });
        self.out.push_str(&format!("^bb{index}"));
    }
}
