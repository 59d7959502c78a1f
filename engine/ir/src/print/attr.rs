//! Printing types, attributes and locations in MLIR's builtin syntax.

use crate::types::Signedness;
use crate::{ArrayItems, Attr, DenseBody, DenseElem, ElemType, Location, Module, NamedAttr, Type};
use std::fmt::{self, Write};

/// Appends `n` in decimal. Types' dims and SSA numbers are most of the numbers a module prints,
/// and the formatting machinery (`write!`) cost several times what the digits do.
pub(crate) fn push_decimal(out: &mut String, n: u64) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    let mut rest = n;
    loop {
        start -= 1;
        digits[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    out.extend(digits[start..].iter().map(|&d| d as char));
}

/// A type in MLIR's syntax (`tensor<4xf32>`), for messages.
impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        write_type(&mut out, self);
        f.write_str(&out)
    }
}

/// An element type in MLIR's syntax (`f32`, `complex<f64>`), for messages.
impl fmt::Display for ElemType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        write_elem(&mut out, self);
        f.write_str(&out)
    }
}

pub fn write_type(out: &mut String, ty: &Type) {
    match ty {
        Type::Tensor(t) => {
            out.push_str("tensor<");
            match &t.dims {
                None => out.push_str("*x"),
                Some(dims) => {
                    for &d in dims {
                        match u64::try_from(d) {
                            Ok(d) => push_decimal(out, d),
                            Err(_) => out.push('?'),
                        }
                        out.push('x');
                    }
                }
            }
            write_elem(out, &t.elem);
            if let Some(enc) = &t.encoding {
                out.push_str(", ");
                write_attr(out, enc);
            }
            out.push('>');
        }
        Type::Scalar(e) => write_elem(out, e),
        Type::Tuple(items) => {
            out.push_str("tuple<");
            write_type_list(out, items);
            out.push('>');
        }
        Type::Function(ins, outs) => write_function_type(out, ins, outs),
        Type::None => out.push_str("none"),
        Type::Dialect(text) => {
            out.push('!');
            out.push_str(text);
        }
    }
}

pub fn write_elem(out: &mut String, e: &ElemType) {
    match e {
        ElemType::Float(k) => out.push_str(k.name()),
        ElemType::Int { sign, width } => {
            out.push_str(match sign {
                Signedness::Signless => "i",
                Signedness::Signed => "si",
                Signedness::Unsigned => "ui",
            });
            push_decimal(out, u64::from(*width));
        }
        ElemType::Index => out.push_str("index"),
        ElemType::Complex(inner) => {
            out.push_str("complex<");
            write_elem(out, inner);
            out.push('>');
        }
        ElemType::Dialect(text) => {
            out.push('!');
            out.push_str(text);
        }
    }
}

pub fn write_type_list(out: &mut String, types: &[Type]) {
    for (i, t) in types.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_type(out, t);
    }
}

/// `(a, b) -> c`, `() -> ()`, `(a) -> (b, c)`.
pub fn write_function_type(out: &mut String, ins: &[Type], outs: &[Type]) {
    out.push('(');
    write_type_list(out, ins);
    out.push_str(") -> ");
    write_results(out, outs);
}

/// One result type bare, any other number in parentheses.
pub fn write_results(out: &mut String, outs: &[Type]) {
    let bare = outs.len() == 1 && !matches!(outs[0], Type::Function(..));
    if !bare {
        out.push('(');
    }
    write_type_list(out, outs);
    if !bare {
        out.push(')');
    }
}

pub fn write_attr(out: &mut String, a: &Attr) {
    match a {
        Attr::Unit => out.push_str("unit"),
        Attr::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Attr::Int { value, ty } => {
            let _ = write!(out, "{value}");
            write_opt_type(out, ty);
        }
        Attr::Float { text, ty } => {
            out.push_str(text);
            write_opt_type(out, ty);
        }
        Attr::Str { text, ty } => {
            let _ = write!(out, "\"{text}\"");
            write_opt_type(out, ty);
        }
        Attr::Type(t) => write_type(out, t),
        Attr::Array(items) => {
            out.push('[');
            write_attr_list(out, items);
            out.push(']');
        }
        Attr::DenseArray { elem, items } => write_dense_array(out, elem, items),
        Attr::Dense { body, ty } => {
            out.push_str("dense<");
            match body {
                DenseBody::Hex(h) => {
                    let _ = write!(out, "\"{h}\"");
                }
                DenseBody::Elems(e) => write_dense_elem(out, e),
                DenseBody::Empty => {}
            }
            out.push_str("> : ");
            write_type(out, ty);
        }
        Attr::DenseResource { handle, ty } => {
            let _ = write!(out, "dense_resource<{handle}> : ");
            write_type(out, ty);
        }
        Attr::Dict(entries) => write_dict(out, entries),
        Attr::SymbolRef(parts) => {
            for (i, p) in parts.iter().enumerate() {
                out.push_str(if i == 0 { "@" } else { "::@" });
                out.push_str(p);
            }
        }
        Attr::Enum {
            dialect,
            kind,
            value,
        } => {
            let _ = write!(out, "#{dialect}<{kind} {value}>");
        }
        Attr::Struct { name, fields } => {
            let _ = write!(out, "#{name}<");
            write_fields(out, fields);
            out.push('>');
        }
        Attr::Opaque { name, body } => {
            let _ = write!(out, "#{name}");
            if let Some(b) = body {
                let _ = write!(out, "<{b}>");
            }
        }
    }
}

fn write_opt_type(out: &mut String, ty: &Option<Type>) {
    if let Some(t) = ty {
        out.push_str(" : ");
        write_type(out, t);
    }
}

pub fn write_attr_list(out: &mut String, items: &[Attr]) {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_attr(out, item);
    }
}

fn write_dense_array(out: &mut String, elem: &ElemType, items: &ArrayItems) {
    out.push_str("array<");
    write_elem(out, elem);
    let bool_items = *elem == ElemType::I1;
    match items {
        ArrayItems::Int(v) if !v.is_empty() => {
            out.push_str(": ");
            for (i, x) in v.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                match (bool_items, x) {
                    (true, 0) => out.push_str("false"),
                    (true, _) => out.push_str("true"),
                    _ => {
                        let _ = write!(out, "{x}");
                    }
                }
            }
        }
        ArrayItems::Float(v) if !v.is_empty() => {
            out.push_str(": ");
            out.push_str(&v.join(", "));
        }
        _ => {}
    }
    out.push('>');
}

fn write_dense_elem(out: &mut String, e: &DenseElem) {
    match e {
        DenseElem::Scalar(s) => out.push_str(s),
        DenseElem::Complex(re, im) => {
            let _ = write!(out, "({re},{im})");
        }
        DenseElem::List(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_dense_elem(out, item);
            }
            out.push(']');
        }
    }
}

/// `{a = 1, b}`.
pub fn write_dict(out: &mut String, entries: &[NamedAttr]) {
    out.push('{');
    write_fields(out, entries);
    out.push('}');
}

fn write_fields(out: &mut String, entries: &[NamedAttr]) {
    for (i, e) in entries.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_attr_name(out, &e.name);
        if e.value != Attr::Unit {
            out.push_str(" = ");
            write_attr(out, &e.value);
        }
    }
}

/// A dictionary key: bare when it is a valid identifier, else quoted.
fn write_attr_name(out: &mut String, name: &str) {
    let bare = name
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.'));
    if bare {
        out.push_str(name);
    } else {
        let _ = write!(out, "\"{}\"", crate::attr::escape(name));
    }
}

pub fn write_loc(out: &mut String, m: &Module, loc: &Location) {
    out.push_str("loc(");
    write_loc_body(out, m, loc);
    out.push(')');
}

fn write_loc_body(out: &mut String, m: &Module, loc: &Location) {
    match loc {
        Location::Unknown => out.push_str("unknown"),
        Location::Alias(i) => {
            let _ = write!(out, "#{}", m.loc_aliases[*i as usize].name);
        }
        Location::FileLineCol {
            file,
            line,
            col,
            end,
        } => {
            let _ = write!(out, "\"{file}\":{line}:{col}");
            match end {
                Some((Some(l), c)) => {
                    let _ = write!(out, " to {l}:{c}");
                }
                Some((None, c)) => {
                    let _ = write!(out, " to :{c}");
                }
                None => {}
            }
        }
        Location::Name { name, child } => {
            let _ = write!(out, "\"{name}\"");
            if let Some(c) = child {
                out.push('(');
                write_loc_body(out, m, c);
                out.push(')');
            }
        }
        Location::CallSite { callee, caller } => {
            out.push_str("callsite(");
            write_loc_body(out, m, callee);
            out.push_str(" at ");
            write_loc_body(out, m, caller);
            out.push(')');
        }
        Location::Fused { metadata, locs } => {
            out.push_str("fused");
            if let Some(md) = metadata {
                out.push('<');
                write_attr(out, md);
                out.push('>');
            }
            out.push('[');
            for (i, l) in locs.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_loc_body(out, m, l);
            }
            out.push(']');
        }
    }
}
