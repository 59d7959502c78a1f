//! The pretty printer: a syntax tree back to rule text in the canonical layout.
//!
//! `parse(print(f)) == f` up to spans, and `print(parse(print(f))) == print(f)`. The layout: the
//! file header, then each item after a blank line with its doc comment above it; fusion
//! bindings one per line with their `=` aligned; a rewrite's sides on lines of their own.
//! Comments inside an item's body are not part of the tree and are not printed.

use crate::ast::*;
use std::fmt::Write;

/// Prints a whole file.
pub fn print(file: &File) -> String {
    let mut out = String::new();
    comments(&mut out, &file.header, "");
    for item in &file.items {
        if !out.is_empty() {
            out.push('\n');
        }
        comments(&mut out, item.doc(), "");
        match item {
            Item::Fusion(f) => fusion(&mut out, f),
            Item::Rewrite(r) => rewrite(&mut out, r),
            Item::Fragment(f) => fragment(&mut out, f),
            Item::Select(r) => select(&mut out, r),
            Item::Kernel(k) => kernel(&mut out, k),
            Item::Route(r) => route(&mut out, r),
        }
    }
    out
}

fn comments(out: &mut String, lines: &[String], indent: &str) {
    for l in lines {
        if l.is_empty() {
            let _ = writeln!(out, "{indent}#");
        } else {
            let _ = writeln!(out, "{indent}# {l}");
        }
    }
}

fn fusion(out: &mut String, f: &FusionRule) {
    let _ = write!(
        out,
        "fusion {} kind {} anchor %{}",
        f.name.name, f.kind.name, f.anchor.name
    );
    if let Some(p) = &f.phase {
        let _ = write!(out, " phase {}", p.name);
    }
    if let Some(fl) = &f.flag {
        let _ = write!(out, " flag {}", fl.name);
    }
    if let Some(p) = &f.priority {
        let _ = write!(out, " priority {}", p.value);
    }
    if f.converts == Converts::Through {
        out.push_str(" through converts");
    }
    out.push_str(" {\n");
    match &f.body {
        FusionBody::Pattern(bindings) => {
            let steps: Vec<Step> = bindings.iter().cloned().map(Step::Bind).collect();
            self::steps(out, &steps);
        }
        FusionBody::Steps(s) => steps(out, s),
        FusionBody::Grow(g) => grow(out, g),
    }
    if !f.penguin.is_empty() {
        let fields: Vec<String> = f
            .penguin
            .iter()
            .map(|fd| format!("{} = {}", fd.name.name, field_value(&fd.value)))
            .collect();
        let _ = writeln!(out, "  penguin {}", fields.join(", "));
    }
    out.push_str("}\n");
}

fn fragment(out: &mut String, f: &Fragment) {
    let params: Vec<String> = f.params.iter().map(|p| format!("%{}", p.name)).collect();
    let _ = writeln!(
        out,
        "fragment {}({}) -> %{}{} {{",
        f.name.name,
        params.join(", "),
        f.output.name,
        if f.converts == Converts::Through {
            " through converts"
        } else {
            ""
        }
    );
    steps(out, &f.steps);
    out.push_str("}\n");
}

/// A pattern's lines, one binding or call per line with their `=` aligned.
fn steps(out: &mut String, steps: &[Step]) {
    let var = |s: &Step| match s {
        Step::Bind(b) => b.var.name.len(),
        Step::Call(c) => c.var.name.len(),
    };
    let width = steps.iter().map(var).max().unwrap_or(0);
    for s in steps {
        match s {
            Step::Bind(b) => {
                let _ = write!(
                    out,
                    "  %{:<width$} = {}",
                    b.var.name,
                    op_pattern(&b.op, operand)
                );
                if b.converts == Converts::Elementwise {
                    out.push_str(" through elementwise");
                }
                if let Some(or) = &b.or {
                    let _ = write!(out, " or %{}", or.name);
                }
                preds(out, &b.preds);
            }
            Step::Call(c) => {
                let args: Vec<String> = c.args.iter().map(|a| format!("%{}", a.name)).collect();
                let _ = write!(
                    out,
                    "  %{:<width$} = {}({})",
                    c.var.name,
                    c.fragment.name,
                    args.join(", ")
                );
                preds(out, &c.preds);
            }
        }
        out.push('\n');
    }
}

/// A grow clause: one line, or when it would pass 100 columns, each clause after the class on
/// a line of its own.
fn grow(out: &mut String, g: &Grow) {
    let mut class: Vec<String> = (g.class.elementwise.iter())
        .map(|_| "elementwise".to_string())
        .collect();
    class.extend(g.class.ops.iter().map(|o| o.name.clone()));
    let mut clauses = Vec::new();
    for (word, ops) in [
        ("close", &g.close),
        ("copy", &g.copy),
        ("edge", &g.edge),
        ("except", &g.except),
    ] {
        if !ops.is_empty() {
            clauses.push(format!("{word} {}", op_names(ops)));
        }
    }
    let mut tail = String::new();
    preds(&mut tail, &g.preds);
    if let Some(p) = tail.strip_prefix(' ') {
        clauses.push(p.to_string());
    }
    let head = format!("  grow %{} over {}", g.var.name, class.join(" | "));
    let one_line = format!("{head} {}", clauses.join(" "));
    if clauses.is_empty() {
        let _ = writeln!(out, "{head}");
    } else if one_line.len() <= 100 {
        let _ = writeln!(out, "{one_line}");
    } else {
        let _ = writeln!(out, "{head}");
        for c in &clauses {
            let _ = writeln!(out, "    {c}");
        }
    }
    if !g.limits.is_empty() {
        let limits: Vec<String> = g
            .limits
            .iter()
            .map(|l| format!("{} = {}", l.name.name, l.value))
            .collect();
        let _ = writeln!(out, "  limit {}", limits.join(", "));
    }
}

fn rewrite(out: &mut String, r: &RewriteRule) {
    let arrow = match r.direction {
        Direction::Forward => "=>",
        Direction::Both => "<=>",
    };
    let _ = writeln!(out, "rewrite {}:", r.name.name);
    let _ = writeln!(out, "  {}", expr_at(&r.lhs, 2));
    let _ = write!(out, "    {arrow} {}", expr_at(&r.rhs, 4));
    if !r.preds.is_empty() {
        out.push_str("\n ");
        preds(out, &r.preds);
    }
    if let Some(t) = &r.tolerance {
        let _ = write!(out, "\n  tolerance = {}", t.text);
    }
    out.push('\n');
}

fn select(out: &mut String, r: &SelectRule) {
    let _ = writeln!(out, "select {}:", r.name.name);
    let _ = writeln!(out, "  {}", expr_at(&r.lhs, 2));
    let _ = write!(out, "    => {}", nisa_call(&r.inst));
    for step in &r.then {
        let _ = write!(out, "\n    then {}", nisa_call(step));
    }
    if !r.preds.is_empty() {
        out.push_str("\n ");
        preds(out, &r.preds);
    }
    out.push('\n');
}

/// `activation(op = rsqrt, data = %s, scale = 1/$n)`.
pub fn nisa_call(c: &NisaCall) -> String {
    let args: Vec<String> = c
        .args
        .iter()
        .map(|a| {
            let v = match &a.value {
                NisaValue::Var(v) => format!("%{}", v.name),
                NisaValue::Capture(c) => format!("${}", c.name),
                NisaValue::Recip(c) => format!("1/${}", c.name),
                NisaValue::Neg(c) => format!("-${}", c.name),
                NisaValue::Literal(l) => literal(l),
            };
            format!("{} = {v}", a.key.name)
        })
        .collect();
    format!("{}({})", c.op.name, args.join(", "))
}

fn kernel(out: &mut String, k: &KernelItem) {
    let _ = write!(
        out,
        "kernel {} kind {} layout {}",
        k.name.name, k.kind.name, k.layout.name
    );
    if let Some(t) = &k.tile {
        let _ = write!(out, " tile {}", t.text);
    }
    out.push('\n');
}

fn route(out: &mut String, r: &RouteRule) {
    let ops: Vec<&str> = r.ops.iter().map(|o| o.name.as_str()).collect();
    let ops = if ops.is_empty() {
        "_".to_string()
    } else {
        ops.join(" | ")
    };
    let _ = write!(out, "route {}: {ops}", r.name.name);
    if !r.preds.is_empty() {
        out.push_str("\n ");
        preds(out, &r.preds);
    }
    let _ = writeln!(out, " => {}", r.engine.name);
}

fn preds(out: &mut String, preds: &[Pred]) {
    if preds.is_empty() {
        return;
    }
    let shown: Vec<String> = preds.iter().map(pred).collect();
    let _ = write!(out, " if {}", shown.join(", "));
}

/// A predicate as rule files write it: `single_use(%x)`, `rank(%x) == 2`.
pub fn pred(p: &Pred) -> String {
    let args: Vec<String> = p
        .args
        .iter()
        .map(|a| match a {
            Arg::Var(v) => format!("%{}", v.name),
            Arg::Capture(c) => format!("${}", c.name),
            Arg::Literal(l) => literal(l),
        })
        .collect();
    let mut s = format!("{}({})", p.name.name, args.join(", "));
    if let Some(c) = &p.compare {
        let _ = write!(s, " {} {}", c.op.text(), alternatives(&c.rhs));
    }
    s
}

fn op_names(ops: &[OpName]) -> String {
    let names: Vec<&str> = ops.iter().map(|o| o.name.as_str()).collect();
    names.join(" | ")
}

fn op_pattern<A>(p: &OpPattern<A>, operand: impl Fn(&A) -> String) -> String {
    let operands: Vec<String> = p.operands.iter().map(operand).collect();
    op_with(p, &format!("({})", operands.join(", ")))
}

/// The op pattern `p` with its operands already printed as `operands`, parentheses included.
fn op_with<A>(p: &OpPattern<A>, operands: &str) -> String {
    let mut s = String::new();
    if p.commute {
        s.push_str("commute ");
    }
    let _ = write!(s, "{}{operands}", op_names(&p.ops));
    if !p.attrs.is_empty() {
        let attrs: Vec<String> = p
            .attrs
            .iter()
            .map(|a| format!("{} = {}", a.name.name, attr_value(&a.value)))
            .collect();
        let _ = write!(s, " {{{}}}", attrs.join(", "));
    }
    s
}

fn operand(o: &Operand) -> String {
    match o {
        Operand::Var(v) => format!("%{}", v.name),
        Operand::Wildcard(_) => "_".to_string(),
        Operand::Const(c) => constant(c),
    }
}

/// The widest line an expression takes before its operands go on lines of their own.
const WIDTH: usize = 100;

/// `e` printed where its first line starts `indent` columns in: on one line when that fits
/// [`WIDTH`], else each operand on a line of its own, two columns further in, and the closing
/// parenthesis back at `indent`.
fn expr_at(e: &Expr, indent: usize) -> String {
    let flat = expr(e);
    let Expr::Op { pattern, name } = e else {
        return flat;
    };
    if indent + flat.len() <= WIDTH || pattern.operands.is_empty() {
        return flat;
    }
    let inner = " ".repeat(indent + 2);
    let operands: Vec<String> = (pattern.operands.iter())
        .map(|o| format!("{inner}{}", expr_at(o, indent + 2)))
        .collect();
    let s = op_with(
        pattern,
        &format!("(\n{}\n{})", operands.join(",\n"), " ".repeat(indent)),
    );
    match name {
        Some(n) => format!("{s} as %{}", n.name),
        None => s,
    }
}

fn expr(e: &Expr) -> String {
    match e {
        Expr::Op { pattern, name } => {
            let s = op_pattern(pattern, expr);
            match name {
                Some(n) => format!("{s} as %{}", n.name),
                None => s,
            }
        }
        Expr::Var(v) => format!("%{}", v.name),
        Expr::Wildcard(_) => "_".to_string(),
        Expr::Const(c) => constant(c),
    }
}

fn constant(c: &Const) -> String {
    let v = match &c.value {
        ConstValue::Number(n) => n.text.clone(),
        ConstValue::Capture(cap) => format!("${}", cap.name),
    };
    if c.splat {
        format!("splat({v})")
    } else {
        v
    }
}

fn attr_value(v: &AttrValue) -> String {
    match v {
        AttrValue::Capture(c) => format!("${}", c.name),
        AttrValue::Match(alts) => alternatives(alts),
        AttrValue::Var(v) => format!("%{}", v.name),
    }
}

fn field_value(v: &FieldValue) -> String {
    match v {
        FieldValue::Capture(c) => format!("${}", c.name),
        FieldValue::Literal(l) => literal(l),
        FieldValue::Var(v) => format!("%{}", v.name),
    }
}

fn alternatives(alts: &[Literal]) -> String {
    let shown: Vec<String> = alts.iter().map(literal).collect();
    shown.join(" | ")
}

fn literal(l: &Literal) -> String {
    match l {
        Literal::Number(n) => n.text.clone(),
        Literal::Str(s, _) => format!("\"{s}\""),
        Literal::List(items, _) => {
            let shown: Vec<String> = items.iter().map(literal).collect();
            format!("[{}]", shown.join(", "))
        }
        Literal::Word(w, _) => w.clone(),
        Literal::Wildcard(_) => "_".to_string(),
    }
}
