//! Pretty forms that hold regions or structured attributes: `reduce`, `while`, `convolution`,
//! `func.func` and `module`.

use super::attr::{write_dict, write_type, write_type_list};
use super::custom::{bool_items, padding_rows, remaining_attrs, symbol};
use super::Printer;
use crate::{Attr, NamedAttr, OpId, Operation, Type};

impl<'m> Printer<'m> {
    pub(super) fn reduce(&mut self, id: OpId) -> bool {
        let op = self.m.op(id);
        let Some(dims) = op.attr("dimensions").and_then(Attr::as_i64_array) else {
            return false;
        };
        let pairs = op.operands.len() / 2;
        let Some(&body) = op.regions.first() else {
            return false;
        };
        let blocks = &self.m.region(body).blocks;
        if !op.operands.len().is_multiple_of(2)
            || pairs == 0
            || blocks.len() != 1
            || self.m.block(blocks[0]).args.len() != 2 * pairs
        {
            return false;
        }
        let compact = self.compact_reducer(op);
        self.op_name(id);
        for i in 0..pairs {
            self.out.push_str(if i == 0 { "(" } else { ", (" });
            self.value(op.operands[i]);
            self.out.push_str(" init: ");
            self.value(op.operands[i + pairs]);
            self.out.push(')');
        }
        if let Some(inner) = compact {
            self.out.push_str(" applies ");
            self.out.push_str(inner);
        }
        self.out.push_str(&format!(" across dimensions = {dims:?}"));
        self.attr_dict(op, &["dimensions"]);
        self.functional(op);
        if compact.is_none() {
            self.newline();
            self.out.push_str(" reducer");
            self.names.push_scope(false);
            let args = self.m.block(blocks[0]).args.clone();
            for i in 0..pairs {
                self.out.push('(');
                self.typed_args(&[args[i], args[i + pairs]], true);
                self.out.push_str(") ");
            }
            self.out.push(' ');
            self.region_body(body, false, "");
            self.names.pop_scope();
        }
        true
    }

    /// The inner op's name when the reduce body fits `applies <op>` (MLIR's E1-E5 rules).
    fn compact_reducer(&self, op: &Operation) -> Option<&'m str> {
        let m = self.m;
        let block = m.block(m.region(op.regions[0]).blocks[0]);
        let [inner, ret] = block.ops[..] else {
            return None;
        };
        let (inner, ret) = (m.op(inner), m.op(ret));
        let def = inner.def?;
        let scalar = Type::tensor(Vec::new(), m.ty(op.operands[0]).elem()?.clone());
        let types_ok = inner
            .operands
            .iter()
            .chain(&inner.results)
            .all(|&v| *m.ty(v) == scalar);
        let fits = inner.dialect() == op.dialect()
            && def.traits.commutative
            && inner.regions.is_empty()
            && inner.props.is_empty()
            && inner.attrs.is_empty()
            && types_ok
            && inner.results.len() == 1
            && inner.operands == block.args
            && ret.name.ends_with(".return")
            && ret.attrs.is_empty()
            && ret.operands[..] == inner.results[..];
        fits.then_some(&*inner.name)
    }

    pub(super) fn while_op(&mut self, id: OpId) -> bool {
        let op = self.m.op(id);
        let [cond, body] = op.regions[..] else {
            return false;
        };
        let (cb, bb) = (&self.m.region(cond).blocks, &self.m.region(body).blocks);
        let n = op.operands.len();
        if cb.len() != 1
            || bb.len() != 1
            || self.m.block(cb[0]).args.len() != n
            || self.m.block(bb[0]).args.len() != n
        {
            return false;
        }
        let body_args = self.m.block(bb[0]).args.clone();
        let cond_args = self.m.block(cb[0]).args.clone();
        self.op_name(id);
        self.out.push('(');
        self.names.push_scope(false);
        for i in 0..n {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.names.define_arg(self.m, body_args[i]);
            self.names.alias(cond_args[i], body_args[i]);
            self.value(body_args[i]);
            self.out.push_str(" = ");
            self.value(op.operands[i]);
        }
        self.out.push(')');
        if n > 0 {
            self.out.push_str(" : ");
            let types: Vec<Type> = op.operands.iter().map(|&v| self.m.ty(v).clone()).collect();
            write_type_list(&mut self.out, &types);
        }
        if !op.props.is_empty() || !op.attrs.is_empty() {
            self.out.push_str(" attributes");
            self.attr_dict(op, &[]);
        }
        self.newline();
        for (word, r) in [("cond ", cond), (" do ", body)] {
            self.out.push_str(word);
            self.region(r, false, "", false);
        }
        self.names.pop_scope();
        true
    }

    pub(super) fn convolution(&mut self, id: OpId) -> bool {
        let op = self.m.op(id);
        let Some(Attr::Opaque {
            body: Some(dims), ..
        }) = op.attr("dimension_numbers")
        else {
            return false;
        };
        let arrays = [
            ("stride", "window_strides"),
            ("lhs_dilate", "lhs_dilation"),
            ("rhs_dilate", "rhs_dilation"),
        ];
        let arrays_ok = arrays
            .iter()
            .all(|(_, n)| op.attr(n).is_none_or(|a| a.as_i64_array().is_some()));
        let pad = op.attr("padding").map(padding_rows);
        let reverse = op.attr("window_reversal").map(bool_items);
        if !arrays_ok || pad == Some(None) || reverse == Some(None) {
            return false;
        }
        self.op_name(id);
        self.out.push('(');
        self.value_list(&op.operands);
        self.out
            .push_str(&format!(") dim_numbers = {dims}, window = {{"));
        let mut fields = Vec::new();
        if let Some(v) = op.attr("window_strides").and_then(Attr::as_i64_array) {
            fields.push(format!("stride = {v:?}"));
        }
        if let Some(Some(rows)) = pad {
            let rows: Vec<String> = rows.iter().map(|(l, h)| format!("[{l}, {h}]")).collect();
            fields.push(format!("pad = [{}]", rows.join(", ")));
        }
        for (word, name) in &arrays[1..] {
            if let Some(v) = op.attr(name).and_then(Attr::as_i64_array) {
                fields.push(format!("{word} = {v:?}"));
            }
        }
        if let Some(Some(v)) = reverse {
            fields.push(format!("reverse = {v:?}"));
        }
        self.out.push_str(&fields.join(", "));
        self.out.push('}');
        let elided = [
            "dimension_numbers",
            "window_strides",
            "padding",
            "lhs_dilation",
            "rhs_dilation",
            "window_reversal",
        ];
        self.attr_dict(op, &elided);
        self.functional(op);
        true
    }

    pub(super) fn func(&mut self, id: OpId) -> bool {
        let op = self.m.op(id);
        let (
            Some(Attr::Str {
                text: name,
                ty: None,
            }),
            Some(Attr::Type(Type::Function(ins, outs))),
        ) = (op.attr("sym_name"), op.attr("function_type"))
        else {
            return false;
        };
        let dicts = |key: &str, n: usize| match op.attr(key) {
            None => Some(vec![&[][..]; n]),
            Some(Attr::Array(items)) if items.len() == n => items
                .iter()
                .map(|a| {
                    if let Attr::Dict(d) = a {
                        Some(d.as_slice())
                    } else {
                        None
                    }
                })
                .collect(),
            Some(_) => None,
        };
        let (Some(arg_attrs), Some(res_attrs)) = (
            dicts("arg_attrs", ins.len()),
            dicts("res_attrs", outs.len()),
        ) else {
            return false;
        };
        let region = op.regions.first().copied();
        let entry = region.and_then(|r| self.m.region(r).blocks.first().copied());
        let args = entry.map(|b| self.m.block(b).args.clone());
        if args.as_ref().is_some_and(|a| {
            a.len() != ins.len() || a.iter().zip(ins).any(|(&v, t)| self.m.ty(v) != t)
        }) {
            return false;
        }
        let visibility = match op.attr("sym_visibility") {
            None => None,
            Some(Attr::Str { text, .. }) => Some(text),
            Some(_) => return false,
        };
        self.op_name(id);
        if let Some(v) = visibility {
            self.out.push(' ');
            self.out.push_str(v);
        }
        self.out.push_str(&format!(" @{}(", symbol(name)));
        self.names.push_scope(true);
        for (i, ty) in ins.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            match &args {
                Some(a) => self.typed_args(&[a[i]], false),
                None => write_type(&mut self.out, ty),
            }
            if !arg_attrs[i].is_empty() {
                self.out.push(' ');
                write_dict(&mut self.out, arg_attrs[i]);
            }
            if let Some(loc) = args
                .as_ref()
                .and_then(|a| self.m.value(a[i]).loc.as_deref())
            {
                self.out.push(' ');
                super::attr::write_loc(&mut self.out, self.m, loc);
            }
        }
        self.out.push(')');
        self.func_results(outs, &res_attrs);
        let elided = [
            "sym_name",
            "function_type",
            "sym_visibility",
            "arg_attrs",
            "res_attrs",
        ];
        let rest = remaining_attrs(op, &elided);
        if !rest.is_empty() {
            self.out.push_str(" attributes ");
            write_dict(&mut self.out, &rest);
        }
        if let (Some(r), Some(_)) = (region, entry) {
            self.out.push(' ');
            self.region_body(r, false, "func");
        }
        self.names.pop_scope();
        true
    }

    fn func_results(&mut self, outs: &[Type], attrs: &[&[NamedAttr]]) {
        if outs.is_empty() {
            return;
        }
        self.out.push_str(" -> ");
        let parens =
            outs.len() != 1 || !attrs[0].is_empty() || matches!(outs[0], Type::Function(..));
        if parens {
            self.out.push('(');
        }
        for (i, t) in outs.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            write_type(&mut self.out, t);
            if !attrs[i].is_empty() {
                self.out.push(' ');
                write_dict(&mut self.out, attrs[i]);
            }
        }
        if parens {
            self.out.push(')');
        }
    }

    pub(super) fn module(&mut self, id: OpId) -> bool {
        let op = self.m.op(id);
        let name = match op.attr("sym_name") {
            None => None,
            Some(Attr::Str { text, ty: None }) => Some(text),
            Some(_) => return false,
        };
        if op.regions.len() != 1
            || self.m.region(op.regions[0]).blocks.len() != 1
            || op.attr("sym_visibility").is_some()
        {
            return false;
        }
        self.op_name(id);
        if let Some(n) = name {
            self.out.push_str(&format!(" @{}", symbol(n)));
        }
        let rest = remaining_attrs(op, &["sym_name"]);
        if !rest.is_empty() {
            self.out.push_str(" attributes ");
            write_dict(&mut self.out, &rest);
        }
        self.out.push(' ');
        self.region(op.regions[0], false, "", true);
        true
    }
}
