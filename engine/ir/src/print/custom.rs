//! Pretty forms, the inverses of `parse/custom.rs` and `parse/structured.rs`. Each printer first
//! checks that the op fits its form (the attributes it consumes are there and well-typed) and
//! returns false, having written nothing, when it does not: the op then prints generically.

use super::attr::{write_attr, write_dict, write_function_type, write_type, write_type_list};
use super::Printer;
use crate::ops::{Format, Key, KeyValue, TypeSig};
use crate::{ArrayItems, Attr, DenseBody, DenseElem, ElemType, NamedAttr, OpId, Operation, Type};

impl<'m> Printer<'m> {
    /// Prints op `id` in its pretty form if it fits; false (nothing written) otherwise.
    pub(super) fn custom(&mut self, id: OpId) -> bool {
        let op = self.m.op(id);
        let Some(def) = op.def else { return false };
        match def.format {
            Format::Keyed(keys, sig) => self.keyed(id, keys, sig),
            Format::Constant => self.constant(id),
            Format::Compare => self.compare(id),
            Format::Select | Format::Complex => self.select_or_complex(id, def.format),
            Format::Slice => self.slice(id),
            Format::Dot | Format::DotGeneral => self.dot(id, def.format),
            Format::Chlo | Format::TopK => self.chlo(id, def.format),
            Format::Return => self.return_op(id),
            Format::Pairwise => self.pairwise(id),
            Format::Call | Format::CustomCall => self.call_like(id, def.format),
            Format::Composite => self.composite(id),
            Format::Reduce => self.reduce(id),
            Format::While => self.while_op(id),
            Format::Convolution => self.convolution(id),
            Format::Func => self.func(id),
            Format::Module => self.module(id),
            Format::Generic => false,
        }
    }

    fn op_ref(&self, id: OpId) -> &'m Operation {
        self.m.op(id)
    }

    /// ` {attrs}` with every inherent and discardable attribute not in `elided`, sorted.
    pub(super) fn attr_dict(&mut self, op: &Operation, elided: &[&str]) {
        let rest = remaining_attrs(op, elided);
        if !rest.is_empty() {
            self.out.push(' ');
            write_dict(&mut self.out, &rest);
        }
    }

    fn operand_types(&self, op: &Operation) -> Vec<Type> {
        op.operands.iter().map(|&v| self.m.ty(v).clone()).collect()
    }

    fn result_types(&self, op: &Operation) -> Vec<Type> {
        op.results.iter().map(|&v| self.m.ty(v).clone()).collect()
    }

    pub(super) fn functional(&mut self, op: &Operation) {
        self.out.push_str(" : ");
        let (ins, outs) = (self.operand_types(op), self.result_types(op));
        write_function_type(&mut self.out, &ins, &outs);
    }

    /// `custom<SameOperandsAndResultType>`: one type when all agree.
    fn same_type(&mut self, op: &Operation) {
        let (ins, outs) = (self.operand_types(op), self.result_types(op));
        if outs.len() == 1 && ins.iter().all(|t| *t == outs[0]) {
            self.out.push_str(" : ");
            write_type(&mut self.out, &outs[0]);
        } else {
            self.functional(op);
        }
    }

    fn keyed(&mut self, id: OpId, keys: &[Key], sig: TypeSig) -> bool {
        let op = self.op_ref(id);
        if !keys.iter().all(|k| key_fits(op, k))
            || (sig == TypeSig::Result && (op.results.len() != 1 || !op.operands.is_empty()))
        {
            return false;
        }
        self.op_name(id);
        let mut first = true;
        for &v in &op.operands {
            self.out.push_str(if first { " " } else { ", " });
            first = false;
            self.value(v);
        }
        let mut elided = Vec::new();
        for k in keys {
            self.out.push_str(if first { " " } else { ", " });
            first = false;
            self.out.push_str(k.word);
            self.out.push_str(" = ");
            write_key_value(&mut self.out, op, k);
            elided.push(k.attr);
            if k.value == KeyValue::ExponentMantissa {
                elided.push("mantissa_bits");
            }
        }
        self.attr_dict(op, &elided);
        match sig {
            TypeSig::Same => self.same_type(op),
            TypeSig::Functional => self.functional(op),
            TypeSig::Result => {
                self.out.push_str(" : ");
                write_type(&mut self.out, self.m.ty(op.results[0]));
            }
        }
        true
    }

    fn constant(&mut self, id: OpId) -> bool {
        let op = self.op_ref(id);
        let Some(value @ (Attr::Dense { ty, .. } | Attr::DenseResource { ty, .. })) =
            op.attr("value")
        else {
            return false;
        };
        if op.results.len() != 1 || self.m.ty(op.results[0]) != ty {
            return false;
        }
        self.op_name(id);
        self.attr_dict(op, &["value"]);
        self.out.push(' ');
        match value {
            // `write_attr`'s form, the hex written where it lies.
            Attr::Dense {
                body: DenseBody::Hex(hex),
                ty,
            } if hex.len() >= super::SPILL => {
                self.out.push_str("dense<\"");
                self.pass_through(hex);
                self.out.push_str("\"> : ");
                write_type(&mut self.out, ty);
            }
            _ => write_attr(&mut self.out, value),
        }
        true
    }

    fn compare(&mut self, id: OpId) -> bool {
        let op = self.op_ref(id);
        let Some(dir) = op
            .attr("comparison_direction")
            .and_then(|a| a.enum_value("comparison_direction"))
        else {
            return false;
        };
        let ty = op
            .attr("compare_type")
            .map(|a| a.enum_value("comparison_type"));
        if op.operands.len() != 2 || ty == Some(None) {
            return false;
        }
        self.op_name(id);
        self.out.push(' ');
        self.out.push_str(dir);
        self.out.push_str(", ");
        self.value_list(&op.operands);
        if let Some(Some(t)) = ty {
            self.out.push_str(", ");
            self.out.push_str(t);
        }
        self.attr_dict(op, &["comparison_direction", "compare_type"]);
        self.functional(op);
        true
    }

    fn select_or_complex(&mut self, id: OpId, format: Format) -> bool {
        let op = self.op_ref(id);
        let (ins, outs) = (self.operand_types(op), self.result_types(op));
        let arity = if format == Format::Select { 3 } else { 2 };
        if ins.len() != arity || outs.len() != 1 {
            return false;
        }
        self.op_name(id);
        self.out.push(' ');
        self.value_list(&op.operands);
        self.attr_dict(op, &[]);
        let short = if format == Format::Select {
            ins[1] == outs[0] && ins[2] == outs[0]
        } else {
            real_of(&outs[0]).is_some_and(|r| ins[0] == r && ins[1] == r)
        };
        if !short {
            self.functional(op);
            return true;
        }
        self.out.push_str(" : ");
        if format == Format::Select {
            write_type(&mut self.out, &ins[0]);
            self.out.push_str(", ");
        }
        write_type(&mut self.out, &outs[0]);
        true
    }

    fn slice(&mut self, id: OpId) -> bool {
        let op = self.op_ref(id);
        let get = |n: &str| op.attr(n).and_then(Attr::as_i64_array);
        let (Some(start), Some(limit), Some(strides)) =
            (get("start_indices"), get("limit_indices"), get("strides"))
        else {
            return false;
        };
        if start.len() != limit.len() || start.len() != strides.len() || op.operands.len() != 1 {
            return false;
        }
        self.op_name(id);
        self.out.push(' ');
        self.value(op.operands[0]);
        self.out.push_str(" [");
        for i in 0..start.len() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.out.push_str(&format!("{}:{}", start[i], limit[i]));
            if strides[i] != 1 {
                self.out.push_str(&format!(":{}", strides[i]));
            }
        }
        self.out.push(']');
        self.attr_dict(op, &["start_indices", "limit_indices", "strides"]);
        self.functional(op);
        true
    }

    fn dot(&mut self, id: OpId, format: Format) -> bool {
        let op = self.op_ref(id);
        let precision = match op.attr("precision_config") {
            None => None,
            Some(Attr::Array(items))
                if items.iter().all(|a| a.enum_value("precision").is_some()) =>
            {
                Some(items)
            }
            Some(_) => return false,
        };
        let dims = op.attr("dot_dimension_numbers");
        let dims_ok = dims.is_some_and(dot_dims_fit);
        let algorithm = op.attr("algorithm");
        if op.operands.len() != 2
            || (format == Format::DotGeneral && !dims_ok)
            || !matches!(algorithm, None | Some(Attr::Struct { .. }))
        {
            return false;
        }
        self.op_name(id);
        self.out.push(' ');
        self.value_list(&op.operands);
        if let Some(d) = dims.filter(|_| format == Format::DotGeneral) {
            let list = |n: &str| d.field(n).and_then(Attr::as_int_list).unwrap_or_default();
            let (lb, rb) = (
                list("lhs_batching_dimensions"),
                list("rhs_batching_dimensions"),
            );
            if !lb.is_empty() || !rb.is_empty() {
                self.out
                    .push_str(&format!(", batching_dims = {lb:?} x {rb:?}"));
            }
            let (lc, rc) = (
                list("lhs_contracting_dimensions"),
                list("rhs_contracting_dimensions"),
            );
            self.out
                .push_str(&format!(", contracting_dims = {lc:?} x {rc:?}"));
        }
        if let Some(items) = precision {
            let words: Vec<&str> = items
                .iter()
                .filter_map(|a| a.enum_value("precision"))
                .collect();
            self.out
                .push_str(&format!(", precision = [{}]", words.join(", ")));
        }
        if let Some(Attr::Struct { fields, .. }) = algorithm {
            self.out.push_str(", algorithm = <");
            let mut tmp = String::new();
            write_dict(&mut tmp, fields);
            self.out.push_str(&tmp[1..tmp.len() - 1]);
            self.out.push('>');
        }
        self.attr_dict(
            op,
            &["dot_dimension_numbers", "precision_config", "algorithm"],
        );
        self.functional(op);
        true
    }

    fn chlo(&mut self, id: OpId, format: Format) -> bool {
        let op = self.op_ref(id);
        let k = op.attr("k").and_then(Attr::as_int);
        if format == Format::TopK && (k.is_none() || op.operands.len() != 1) {
            return false;
        }
        self.op_name(id);
        if let Some(k) = k.filter(|_| format == Format::TopK) {
            self.out.push('(');
            self.value(op.operands[0]);
            self.out.push_str(&format!(", k = {k})"));
            self.attr_dict(op, &["k"]);
        } else {
            self.out.push(' ');
            self.value_list(&op.operands);
            self.attr_dict(op, &[]);
        }
        self.out.push_str(" : ");
        let ins = self.operand_types(op);
        write_type_list(&mut self.out, &ins);
        self.out.push_str(" -> ");
        let outs = self.result_types(op);
        super::attr::write_results(&mut self.out, &outs);
        true
    }

    fn return_op(&mut self, id: OpId) -> bool {
        let op = self.op_ref(id);
        if !op.results.is_empty() {
            return false;
        }
        self.op_name(id);
        if !op.operands.is_empty() {
            self.out.push(' ');
            self.value_list(&op.operands);
        }
        self.attr_dict(op, &[]);
        if !op.operands.is_empty() {
            self.out.push_str(" : ");
            let ins = self.operand_types(op);
            write_type_list(&mut self.out, &ins);
        }
        true
    }

    fn pairwise(&mut self, id: OpId) -> bool {
        let op = self.op_ref(id);
        let (ins, outs) = (self.operand_types(op), self.result_types(op));
        if ins != outs {
            return false;
        }
        self.op_name(id);
        self.attr_dict(op, &[]);
        if ins.is_empty() {
            self.out.push_str(" ()");
            return true;
        }
        self.out.push(' ');
        self.value_list(&op.operands);
        self.out.push_str(" : ");
        write_type_list(&mut self.out, &ins);
        true
    }

    fn call_like(&mut self, id: OpId, format: Format) -> bool {
        let op = self.op_ref(id);
        let (key, target) = match (format, op.attr("callee"), op.attr("call_target_name")) {
            (Format::Call, Some(Attr::SymbolRef(parts)), _) if parts.len() == 1 => {
                ("callee", parts[0].to_string())
            }
            (Format::CustomCall, _, Some(Attr::Str { text, ty: None })) => {
                ("call_target_name", symbol(text))
            }
            _ => return false,
        };
        self.op_name(id);
        self.out.push_str(" @");
        self.out.push_str(&target);
        self.out.push('(');
        self.value_list(&op.operands);
        self.out.push(')');
        self.attr_dict(op, &[key]);
        self.functional(op);
        true
    }

    fn composite(&mut self, id: OpId) -> bool {
        let op = self.op_ref(id);
        let Some(Attr::Str { text, ty: None }) = op.attr("name") else {
            return false;
        };
        if !op.regions.is_empty() {
            return false;
        }
        self.op_name(id);
        self.out.push_str(&format!(" \"{text}\""));
        if !op.operands.is_empty() {
            self.out.push(' ');
            self.value_list(&op.operands);
        }
        self.attr_dict(op, &["name"]);
        self.functional(op);
        true
    }
}

/// The op's inherent and discardable attributes other than `elided`, sorted by name: what a
/// pretty form prints in its attribute dictionary.
pub(super) fn remaining_attrs(op: &Operation, elided: &[&str]) -> Vec<NamedAttr> {
    let mut rest: Vec<NamedAttr> = op
        .props
        .iter()
        .chain(&op.attrs)
        .filter(|a| !elided.contains(&&*a.name))
        .cloned()
        .collect();
    rest.sort_by(|a, b| a.name.cmp(&b.name));
    rest
}

/// Whether the attribute a key stands for is present in the shape the key prints.
fn key_fits(op: &Operation, k: &Key) -> bool {
    match (k.value, op.attr(k.attr)) {
        (KeyValue::I64Array, Some(a)) => a.as_i64_array().is_some(),
        (KeyValue::I64, Some(Attr::Int { .. })) => true,
        (KeyValue::Enum(kind), Some(a)) => a.enum_value(kind).is_some(),
        (KeyValue::ExponentMantissa, Some(Attr::Int { .. })) => {
            matches!(op.attr("mantissa_bits"), Some(Attr::Int { .. }))
        }
        _ => false,
    }
}

fn write_key_value(out: &mut String, op: &Operation, k: &Key) {
    match (k.value, op.attr(k.attr)) {
        (KeyValue::I64Array, Some(a)) => {
            let v = a.as_i64_array().unwrap_or_default();
            out.push('[');
            out.push_str(&v.iter().map(i64::to_string).collect::<Vec<_>>().join(", "));
            out.push(']');
        }
        (KeyValue::I64, Some(Attr::Int { value, .. })) => out.push_str(&value.to_string()),
        (KeyValue::Enum(kind), Some(a)) => out.push_str(a.enum_value(kind).unwrap_or_default()),
        (KeyValue::ExponentMantissa, Some(Attr::Int { value, .. })) => {
            let m = op
                .attr("mantissa_bits")
                .and_then(Attr::as_int)
                .unwrap_or_default();
            out.push_str(&format!("e{value}m{m}"));
        }
        _ => {}
    }
}

/// Whether a `#stablehlo.dot<...>` attribute has only the four dimension lists.
fn dot_dims_fit(d: &Attr) -> bool {
    let Attr::Struct { fields, .. } = d else {
        return false;
    };
    fields
        .iter()
        .all(|f| f.name.ends_with("_dimensions") && f.value.as_int_list().is_some())
}

/// The real tensor type of a complex tensor type.
fn real_of(ty: &Type) -> Option<Type> {
    let t = ty.as_tensor()?;
    let ElemType::Complex(inner) = &t.elem else {
        return None;
    };
    Some(Type::Tensor(crate::TensorType {
        elem: (**inner).clone(),
        ..t.clone()
    }))
}

/// A symbol name as written after `@`: bare when it is an identifier, else quoted.
pub(super) fn symbol(escaped: &str) -> String {
    let bare = escaped
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && escaped
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.' | b'-'));
    if bare {
        escaped.to_string()
    } else {
        format!("\"{escaped}\"")
    }
}

/// `[[1, 2], [0, 0]]` from a padding attribute `dense<...> : tensor<Nx2xi64>`.
pub(super) fn padding_rows(a: &Attr) -> Option<Vec<(String, String)>> {
    let Attr::Dense {
        body: DenseBody::Elems(DenseElem::List(rows)),
        ..
    } = a
    else {
        return None;
    };
    rows.iter()
        .map(|r| match r {
            DenseElem::List(pair) => match pair.as_slice() {
                [DenseElem::Scalar(l), DenseElem::Scalar(h)] => {
                    Some((l.to_string(), h.to_string()))
                }
                _ => None,
            },
            _ => None,
        })
        .collect()
}

/// `[true, false]` from an `array<i1: ...>` attribute.
pub(super) fn bool_items(a: &Attr) -> Option<Vec<bool>> {
    match a {
        Attr::DenseArray {
            elem,
            items: ArrayItems::Int(v),
        } if *elem == ElemType::I1 => Some(v.iter().map(|&x| x != 0).collect()),
        _ => None,
    }
}
