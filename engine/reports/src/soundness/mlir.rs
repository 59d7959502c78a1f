//! A typed pattern instance as MLIR text: `func.func @main` taking the pattern's inputs in order
//! of first appearance and returning its root, every op in MLIR's generic form with its
//! attributes as properties, the way `egfuse parse --generic` prints.

use super::pattern::{Node, NodeId, Pattern};
use super::types::{AttrVal, Dtype, Typed};
use egfuse_fusion::egraph::rewrite::float_text;
use std::fmt::Write;

/// The module text of an instance.
pub fn module(p: &Pattern, t: &Typed) -> String {
    let inputs = p.inputs();
    let args: Vec<String> = inputs
        .iter()
        .enumerate()
        .map(|(k, &id)| format!("%arg{k}: {}", ty(t, id)))
        .collect();
    let name = |id: NodeId| match inputs.iter().position(|&i| i == id) {
        Some(k) => format!("%arg{k}"),
        None => format!("%v{}", id.0),
    };
    let mut out = String::from("module {\n");
    let _ = writeln!(
        out,
        "  func.func @main({}) -> {} {{",
        args.join(", "),
        ty(t, p.root)
    );
    for (i, node) in p.nodes.iter().enumerate() {
        let id = NodeId(i);
        match node {
            Node::Input(_) => {}
            Node::Const(_) => {
                let value = dense(t.consts[i], t.elems[i]);
                let _ = writeln!(
                    out,
                    "    %v{i} = \"stablehlo.constant\"() <{{value = dense<{value}> : {0}}}> : () -> {0}",
                    ty(t, id)
                );
            }
            Node::Op(op) => {
                let operands: Vec<String> = op.operands.iter().map(|&o| name(o)).collect();
                let types: Vec<String> = op.operands.iter().map(|&o| ty(t, o)).collect();
                let props = properties(&op.name, &t.attrs[i]);
                let region = body(&op.name, &t.attrs[i], i, &op.operands, t);
                let _ = writeln!(
                    out,
                    "    %v{i} = \"{}\"({}){props}{region} : ({}) -> {}",
                    op.name,
                    operands.join(", "),
                    types.join(", "),
                    ty(t, id)
                );
            }
        }
    }
    let _ = writeln!(out, "    return {} : {}", name(p.root), ty(t, p.root));
    out.push_str("  }\n}\n");
    out
}

/// `tensor<2x3xf32>` of node `id`.
pub fn ty(t: &Typed, id: NodeId) -> String {
    let dims: String = t.shapes[id.0].iter().map(|d| format!("{d}x")).collect();
    format!("tensor<{dims}{}>", t.elems[id.0].name())
}

/// A splat's scalar as MLIR spells it for `elem`: infinities as bit patterns.
fn dense(v: f64, elem: Dtype) -> String {
    if v.is_infinite() {
        let neg = v < 0.0;
        let bits = match (elem, neg) {
            (Dtype::F64, false) => "0x7FF0000000000000",
            (Dtype::F64, true) => "0xFFF0000000000000",
            (Dtype::F16, false) => "0x7C00",
            (Dtype::F16, true) => "0xFC00",
            (Dtype::BF16, false) => "0x7F80",
            (Dtype::BF16, true) => "0xFF80",
            (_, false) => "0x7F800000",
            (_, true) => "0xFF800000",
        };
        return bits.to_string();
    }
    match elem {
        Dtype::I1 => (v != 0.0).to_string(),
        Dtype::I32 => format!("{}", v as i64),
        _ => float_text(v),
    }
}

/// The op's attributes as a properties dictionary (empty when it has none).
fn properties(op: &str, attrs: &[(String, AttrVal)]) -> String {
    let dialect = op.split('.').next().unwrap_or("stablehlo");
    let mut items: Vec<String> = Vec::new();
    let mut dot: Vec<String> = Vec::new();
    for (name, v) in attrs {
        match (name.as_str(), v) {
            ("body", _) => {}
            (n, AttrVal::Ints(list))
                if n.ends_with("_dimensions") && op.ends_with("dot_general") =>
            {
                if !list.is_empty() {
                    dot.push(format!("{n} = [{}]", join(list)));
                }
            }
            (n, AttrVal::Ints(list)) if list.is_empty() => items.push(format!("{n} = array<i64>")),
            (n, AttrVal::Ints(list)) => items.push(format!("{n} = array<i64: {}>", join(list))),
            (n, AttrVal::Word(w)) => items.push(format!("{n} = #{dialect}<{n} {w}>")),
            (n, AttrVal::Str(w)) => items.push(format!("{n} = {w:?}")),
        }
    }
    if op.ends_with("dot_general") {
        items.push(format!(
            "dot_dimension_numbers = #{dialect}.dot<{}>",
            dot.join(", ")
        ));
    }
    items.sort();
    if items.is_empty() {
        String::new()
    } else {
        format!(" <{{{}}}>", items.join(", "))
    }
}

/// A reduce's body: the scalar op its `body` attribute names, then the return.
fn body(op: &str, attrs: &[(String, AttrVal)], i: usize, operands: &[NodeId], t: &Typed) -> String {
    let Some((_, AttrVal::Word(f))) = attrs.iter().find(|(n, _)| n == "body") else {
        return String::new();
    };
    let dialect = op.split('.').next().unwrap_or("stablehlo");
    let scalar = format!("tensor<{}>", t.elems[operands[0].0].name());
    format!(
        " ({{\n    ^bb0(%b{i}_0: {scalar}, %b{i}_1: {scalar}):\n      %b{i}_2 = \"{f}\"(%b{i}_0, %b{i}_1) : ({scalar}, {scalar}) -> {scalar}\n      \"{dialect}.return\"(%b{i}_2) : ({scalar}) -> ()\n    }})"
    )
}

fn join(list: &[i64]) -> String {
    let items: Vec<String> = list.iter().map(i64::to_string).collect();
    items.join(", ")
}
