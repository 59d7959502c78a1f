//! Pretty (custom) forms of the ops in the registry, each the inverse of its printer in
//! `print/custom.rs`. Region-holding forms (reduce, while, func, module) live in
//! `parse/structured.rs`.

use super::lex::Tok;
use super::ssa::OperandRef;
use super::{dialect_of, split_inherent, unquote, Parser};
use crate::ops::{Format, Key, KeyValue, OpDef, TypeSig};
use crate::{Attr, ElemType, NamedAttr, OpSpec, TensorType, Type};
use egfuse_diag::{Diag, Span};

impl<'a> Parser<'a> {
    /// An op in pretty form, dispatched on its name.
    pub(super) fn custom_op(&mut self) -> Result<OpSpec, Diag> {
        let t = self.bump()?;
        let def = self.resolve_op_name(self.text(t), t.span)?;
        let mut spec = OpSpec::new(&def.name);
        match def.format {
            Format::Keyed(keys, sig) => self.keyed(&mut spec, def, keys, sig)?,
            Format::Constant => self.constant(&mut spec)?,
            Format::Compare => self.compare(&mut spec)?,
            Format::Select | Format::Complex => self.select_or_complex(&mut spec, def.format)?,
            Format::Slice => self.slice(&mut spec)?,
            Format::Dot | Format::DotGeneral => self.dot(&mut spec, def)?,
            Format::Chlo | Format::TopK => self.chlo(&mut spec, def.format)?,
            Format::Return => self.return_op(&mut spec)?,
            Format::Pairwise => self.pairwise(&mut spec)?,
            Format::Call | Format::CustomCall => self.call_like(&mut spec, def.format)?,
            Format::Composite => self.composite(&mut spec)?,
            Format::Reduce => self.reduce(&mut spec)?,
            Format::While => self.while_op(&mut spec)?,
            Format::Convolution => self.convolution(&mut spec)?,
            Format::Func => self.func(&mut spec)?,
            Format::Module => self.module(&mut spec)?,
            Format::Generic => unreachable!("resolve_op_name rejects generic-only ops"),
        }
        Ok(spec)
    }

    /// The registry entry for an op name in pretty form; short names use the default dialect.
    fn resolve_op_name(&self, word: &str, span: Span) -> Result<&'static OpDef, Diag> {
        let default = self.default_dialect.last().copied().unwrap_or("");
        let candidates = if word.contains('.') {
            vec![word.to_string()]
        } else {
            vec![format!("{default}.{word}"), format!("builtin.{word}")]
        };
        let def = candidates.iter().find_map(|n| crate::ops::lookup(n));
        match def {
            Some(d) if d.format != Format::Generic => Ok(d),
            Some(d) => Err(Diag::new("parse::custom_form", span, format!("`{}` has no pretty form", d.name))
                .with_label("write this op in the generic form")
                .with_help(format!("e.g. \"{}\"(%a) <{{...}}> : (tensor<...>) -> tensor<...>", d.name))),
            None => Err(Diag::new("parse::unknown_op", span, format!("unknown operation `{word}` in pretty form"))
                .with_label("egfuse does not know this op's custom syntax")
                .with_help("ops egfuse does not know are accepted in the generic form: \"dialect.op\"(...) : (...) -> ...")),
        }
    }

    /// Splits the attribute dictionary (if any) into inherent and discardable attributes. A
    /// name the op's syntax already gave (`dim_numbers = ...` then `{dimension_numbers = 1}`)
    /// is given twice, as in a dictionary.
    pub(super) fn optional_attrs(&mut self, spec: &mut OpSpec) -> Result<(), Diag> {
        if self.at(Tok::LBrace) {
            let span = self.tok.span;
            let dict = self.attr_dict()?;
            let given = (spec.props.iter().chain(&spec.attrs)).map(|a| &a.name);
            if let Some(name) = given
                .into_iter()
                .find(|n| dict.iter().any(|a| &a.name == *n))
            {
                return Err(Diag::new(
                    "parse::redefinition",
                    span,
                    format!("attribute `{name}` is given twice"),
                )
                .with_label("the op's syntax already gives it"));
            }
            let (props, attrs) = split_inherent(&spec.name, dict);
            spec.props.extend(props);
            spec.attrs.extend(attrs);
        }
        Ok(())
    }

    /// `:` then either a function type or one type shared by all operands and the result: the
    /// operands resolved against it, and the op's result types. The shared type is checked
    /// against each operand, not copied for each.
    pub(super) fn same_type_sig(
        &mut self,
        spec: &mut OpSpec,
        refs: &[OperandRef<'a>],
    ) -> Result<(), Diag> {
        self.expect(Tok::Colon, "`:` and the op's type")?;
        if self.at(Tok::LParen) {
            let sig = self.function_type()?;
            return self.finish_sig(spec, refs, sig);
        }
        let start = self.tok.span;
        let ty = self.ty()?;
        let types = std::iter::repeat_n(&ty, refs.len());
        spec.operands = self.resolve_each(refs, types, start.to(self.prev_end()))?;
        spec.result_types = vec![ty];
        Ok(())
    }

    /// `:` and a function type.
    pub(super) fn functional_sig(&mut self) -> Result<(Vec<Type>, Vec<Type>, Span), Diag> {
        self.expect(Tok::Colon, "`:` and the op's function type")?;
        self.function_type()
    }

    fn finish_sig(
        &mut self,
        spec: &mut OpSpec,
        refs: &[OperandRef<'a>],
        sig: (Vec<Type>, Vec<Type>, Span),
    ) -> Result<(), Diag> {
        spec.operands = self.resolve_all(refs, &sig.0, sig.2)?;
        spec.result_types = sig.1;
        Ok(())
    }

    /// `%a, %b, key = value, ... {attrs} : sig`.
    fn keyed(
        &mut self,
        spec: &mut OpSpec,
        def: &OpDef,
        keys: &[Key],
        sig: TypeSig,
    ) -> Result<(), Diag> {
        let mut refs = Vec::new();
        let mut next_key = 0;
        loop {
            if self.at(Tok::Percent) && next_key == 0 {
                refs.push(self.operand_ref()?);
            } else if let Some(key) = keys.get(next_key).filter(|k| self.at_word(k.word)) {
                self.bump()?;
                self.expect(Tok::Equal, "`=` after the keyword")?;
                self.key_value(spec, def, key)?;
                next_key += 1;
            } else {
                break;
            }
            if !self.eat(Tok::Comma)? {
                break;
            }
        }
        if let Some(key) = keys.get(next_key) {
            return Err(self.error_here(format!("expected `{} = ...`", key.word)));
        }
        self.optional_attrs(spec)?;
        let sig = match sig {
            TypeSig::Same => return self.same_type_sig(spec, &refs),
            TypeSig::Functional => self.functional_sig()?,
            TypeSig::Result => {
                self.expect(Tok::Colon, "`:` and the result type")?;
                let start = self.tok.span;
                let ty = self.ty()?;
                (Vec::new(), vec![ty], start.to(self.prev_end()))
            }
        };
        self.finish_sig(spec, &refs, sig)
    }

    fn key_value(&mut self, spec: &mut OpSpec, def: &OpDef, key: &Key) -> Result<(), Diag> {
        let value = match key.value {
            KeyValue::I64Array => Attr::i64_array(self.int_list()?),
            KeyValue::I64 => Attr::i64(self.int_literal()?),
            KeyValue::Enum(kind) => Attr::Enum {
                dialect: dialect_of(&def.name).into(),
                kind: kind.into(),
                value: self.enum_word(kind)?,
            },
            KeyValue::ExponentMantissa => {
                let t = self.expect(Tok::Bare, "a format such as `e8m23`")?;
                let (e, m) = exponent_mantissa(self.text(t)).ok_or_else(|| {
                    Diag::new("parse::format", t.span, "expected `e<N>m<M>`, e.g. `e5m10`")
                })?;
                let i32_ty = Some(Type::Scalar(ElemType::I32));
                spec.props.push(NamedAttr::new(
                    "exponent_bits",
                    Attr::Int {
                        value: e,
                        ty: i32_ty.clone(),
                    },
                ));
                spec.props.push(NamedAttr::new(
                    "mantissa_bits",
                    Attr::Int {
                        value: m,
                        ty: i32_ty,
                    },
                ));
                return Ok(());
            }
        };
        spec.props.push(NamedAttr::new(key.attr, value));
        Ok(())
    }

    /// `[1, 2, 3]` (possibly empty).
    pub(super) fn int_list(&mut self) -> Result<Vec<i64>, Diag> {
        self.expect(Tok::LBracket, "`[`")?;
        let mut out = Vec::new();
        if !self.at(Tok::RBracket) {
            loop {
                out.push(self.int_literal()?);
                if !self.eat(Tok::Comma)? {
                    break;
                }
            }
        }
        self.expect(Tok::RBracket, "`]`")?;
        Ok(out)
    }

    pub(super) fn int_literal(&mut self) -> Result<i64, Diag> {
        let t = self.expect(Tok::Int, "an integer")?;
        super::attr::parse_int(self.text(t))
            .and_then(|v| i64::try_from(v).ok())
            .ok_or_else(|| Diag::new("parse::number", t.span, "integer out of range for i64"))
    }

    /// `{attrs}? dense<...> : type`.
    fn constant(&mut self, spec: &mut OpSpec) -> Result<(), Diag> {
        self.optional_attrs(spec)?;
        let t = self.tok;
        let value = self.attribute()?;
        let ty = match &value {
            Attr::Dense { ty, .. } | Attr::DenseResource { ty, .. } => ty.clone(),
            _ => {
                return Err(Diag::new(
                    "parse::constant",
                    t.span,
                    "expected a `dense<...> : type` value",
                ))
            }
        };
        spec.props.push(NamedAttr::new("value", value));
        spec.result_types = vec![ty];
        Ok(())
    }

    /// A bare enum value of `kind` (`GT`, `FLOAT`), one of the values StableHLO defines.
    fn enum_word(&mut self, kind: &str) -> Result<Box<str>, Diag> {
        let values = crate::ops::enum_values(kind).unwrap_or(&[]);
        // The message is written only for an error: most ops parsed name an enum.
        let what = || kind.replace('_', " ");
        let expected = || format!("a {} ({})", what(), values.join(", "));
        if !self.at(Tok::Bare) {
            return Err(self.error_here(format!("expected {}", expected())));
        }
        let t = self.bump()?;
        let word = self.text(t);
        if !values.contains(&word) {
            return Err(
                Diag::new("parse::enum", t.span, format!("expected {}", expected()))
                    .with_label(format!("unknown {} `{word}`", what())),
            );
        }
        Ok(word.into())
    }

    /// `GT, %a, %b(, FLOAT)? {attrs} : (T, T) -> U`.
    fn compare(&mut self, spec: &mut OpSpec) -> Result<(), Diag> {
        let dialect: Box<str> = dialect_of(&spec.name).into();
        let value = self.enum_word("comparison_direction")?;
        spec.props.push(NamedAttr::new(
            "comparison_direction",
            Attr::Enum {
                dialect: dialect.clone(),
                kind: "comparison_direction".into(),
                value,
            },
        ));
        self.expect(Tok::Comma, "`,`")?;
        let refs = vec![self.operand_ref()?, {
            self.expect(Tok::Comma, "`,`")?;
            self.operand_ref()?
        }];
        if self.eat(Tok::Comma)? {
            let value = self.enum_word("comparison_type")?;
            spec.props.push(NamedAttr::new(
                "compare_type",
                Attr::Enum {
                    dialect,
                    kind: "comparison_type".into(),
                    value,
                },
            ));
        }
        self.optional_attrs(spec)?;
        let sig = self.functional_sig()?;
        self.finish_sig(spec, &refs, sig)
    }

    /// select: `%p, %a, %b : Tp, T`; complex: `%a, %b : Tc`; both also take a function type.
    fn select_or_complex(&mut self, spec: &mut OpSpec, format: Format) -> Result<(), Diag> {
        let refs = self.operand_refs(Tok::Colon)?;
        self.optional_attrs(spec)?;
        self.expect(Tok::Colon, "`:` and the op's type")?;
        let start = self.tok.span;
        let sig = if self.at(Tok::LParen) {
            self.function_type()?
        } else if format == Format::Select {
            let pred = self.ty()?;
            self.expect(Tok::Comma, "`,` and the result type")?;
            let ty = self.ty()?;
            (
                vec![pred, ty.clone(), ty.clone()],
                vec![ty],
                start.to(self.prev_end()),
            )
        } else {
            let ty = self.ty()?;
            let real = real_type(&ty)
                .ok_or_else(|| Diag::new("parse::type", start, "expected a complex tensor type"))?;
            (
                vec![real.clone(), real],
                vec![ty],
                start.to(self.prev_end()),
            )
        };
        self.finish_sig(spec, &refs, sig)
    }

    /// `%x [0:2, 1:5:2] {attrs} : (T) -> U`.
    fn slice(&mut self, spec: &mut OpSpec) -> Result<(), Diag> {
        let refs = vec![self.operand_ref()?];
        self.expect(Tok::LBracket, "`[` and the slice ranges")?;
        let (mut start, mut limit, mut strides) = (Vec::new(), Vec::new(), Vec::new());
        if !self.at(Tok::RBracket) {
            loop {
                start.push(self.int_literal()?);
                self.expect(Tok::Colon, "`:` in `start:limit`")?;
                limit.push(self.int_literal()?);
                strides.push(if self.eat(Tok::Colon)? {
                    self.int_literal()?
                } else {
                    1
                });
                if !self.eat(Tok::Comma)? {
                    break;
                }
            }
        }
        self.expect(Tok::RBracket, "`]` after the slice ranges")?;
        spec.props
            .push(NamedAttr::new("start_indices", Attr::i64_array(start)));
        spec.props
            .push(NamedAttr::new("limit_indices", Attr::i64_array(limit)));
        spec.props
            .push(NamedAttr::new("strides", Attr::i64_array(strides)));
        self.optional_attrs(spec)?;
        let sig = self.functional_sig()?;
        self.finish_sig(spec, &refs, sig)
    }

    /// dot: `%a, %b(, precision = [...])?`; dot_general also
    /// `, batching_dims = [..] x [..], contracting_dims = [..] x [..]` and `, algorithm = <...>`.
    fn dot(&mut self, spec: &mut OpSpec, def: &OpDef) -> Result<(), Diag> {
        let dialect = dialect_of(&def.name).to_string();
        let refs = vec![self.operand_ref()?, {
            self.expect(Tok::Comma, "`,`")?;
            self.operand_ref()?
        }];
        let mut dims: Vec<NamedAttr> = Vec::new();
        while self.eat(Tok::Comma)? {
            let t = self.expect(
                Tok::Bare,
                "`contracting_dims`, `batching_dims`, `precision` or `algorithm`",
            )?;
            let word = self.text(t);
            self.expect(Tok::Equal, "`=`")?;
            match word {
                "batching_dims" | "contracting_dims" if def.format == Format::DotGeneral => {
                    let names = match word {
                        "batching_dims" => ["lhs_batching_dimensions", "rhs_batching_dimensions"],
                        _ => ["lhs_contracting_dimensions", "rhs_contracting_dimensions"],
                    };
                    let lhs = self.int_list()?;
                    self.expect_word("x")?;
                    let rhs = self.int_list()?;
                    for (name, list) in names.into_iter().zip([lhs, rhs]) {
                        if !list.is_empty() {
                            let items = list
                                .into_iter()
                                .map(|v| Attr::Int {
                                    value: v as i128,
                                    ty: None,
                                })
                                .collect();
                            dims.push(NamedAttr::new(name, Attr::Array(items)));
                        }
                    }
                }
                "precision" => {
                    self.expect(Tok::LBracket, "`[`")?;
                    let mut items = Vec::new();
                    while self.at(Tok::Bare) {
                        let value = self.enum_word("precision")?;
                        items.push(Attr::Enum {
                            dialect: dialect.as_str().into(),
                            kind: "precision".into(),
                            value,
                        });
                        if !self.eat(Tok::Comma)? {
                            break;
                        }
                    }
                    self.expect(Tok::RBracket, "`]` after the precisions")?;
                    spec.props
                        .push(NamedAttr::new("precision_config", Attr::Array(items)));
                }
                "algorithm" if def.format == Format::DotGeneral => {
                    let fields = self.angle_fields()?;
                    let name = format!("{dialect}.dot_algorithm");
                    spec.props.push(NamedAttr::new(
                        "algorithm",
                        Attr::Struct {
                            name: name.into(),
                            fields,
                        },
                    ));
                }
                _ => {
                    return Err(Diag::new(
                        "parse::expected",
                        t.span,
                        format!("unexpected `{word}` in a dot"),
                    ))
                }
            }
        }
        if def.format == Format::DotGeneral {
            // Batching fields come before contracting ones, as MLIR prints them.
            dims.sort_by_key(|f| !f.name.contains("batching"));
            let dot = Attr::Struct {
                name: format!("{dialect}.dot").into(),
                fields: dims,
            };
            spec.props
                .push(NamedAttr::new("dot_dimension_numbers", dot));
        }
        self.optional_attrs(spec)?;
        let sig = self.functional_sig()?;
        self.finish_sig(spec, &refs, sig)
    }

    /// `<key = value, ...>` as written after `algorithm =`.
    fn angle_fields(&mut self) -> Result<Vec<NamedAttr>, Diag> {
        self.expect(Tok::Less, "`<`")?;
        let mut fields = Vec::new();
        loop {
            let k = self.expect(Tok::Bare, "a field name")?;
            self.expect(Tok::Equal, "`=`")?;
            fields.push(NamedAttr::new(self.text(k), self.attribute()?));
            if !self.eat(Tok::Comma)? {
                break;
            }
        }
        self.expect(Tok::Greater, "`>`")?;
        Ok(fields)
    }

    /// chlo: `%a, %b {attrs} : T, T -> U`; top_k: `(%a, k = 5) : T -> (U, V)`.
    fn chlo(&mut self, spec: &mut OpSpec, format: Format) -> Result<(), Diag> {
        let refs = if format == Format::TopK {
            self.expect(Tok::LParen, "`(`")?;
            let r = vec![self.operand_ref()?];
            self.expect(Tok::Comma, "`,`")?;
            self.expect_word("k")?;
            self.expect(Tok::Equal, "`=`")?;
            spec.props
                .push(NamedAttr::new("k", Attr::i64(self.int_literal()?)));
            self.expect(Tok::RParen, "`)`")?;
            r
        } else {
            self.operand_refs(Tok::Colon)?
        };
        self.optional_attrs(spec)?;
        self.expect(Tok::Colon, "`:` and the op's types")?;
        let start = self.tok.span;
        let ins = self.type_list()?;
        self.expect(Tok::Arrow, "`->` and the result types")?;
        let outs = self.result_types()?;
        self.finish_sig(spec, &refs, (ins, outs, start.to(self.prev_end())))
    }

    /// `return`, `return %a, %b : T, U`, with an optional attribute dictionary.
    fn return_op(&mut self, spec: &mut OpSpec) -> Result<(), Diag> {
        let refs = if self.at(Tok::Percent) {
            self.operand_refs(Tok::Colon)?
        } else {
            Vec::new()
        };
        self.optional_attrs(spec)?;
        let start = self.tok.span;
        let types = if refs.is_empty() {
            Vec::new()
        } else {
            self.expect(Tok::Colon, "`:` and the returned types")?;
            self.type_list()?
        };
        self.finish_sig(spec, &refs, (types, Vec::new(), start.to(self.prev_end())))
    }

    /// `{attrs}? %a, %b : T, U` or `{attrs}? ()`: results have the operand types.
    fn pairwise(&mut self, spec: &mut OpSpec) -> Result<(), Diag> {
        self.optional_attrs(spec)?;
        if self.eat(Tok::LParen)? {
            self.expect(Tok::RParen, "`)`")?;
            return Ok(());
        }
        let refs = self.operand_refs(Tok::Colon)?;
        self.expect(Tok::Colon, "`:` and the operand types")?;
        let start = self.tok.span;
        let types = self.type_list()?;
        self.finish_sig(
            spec,
            &refs,
            (types.clone(), types, start.to(self.prev_end())),
        )
    }

    /// call: `@f(%a) {attrs} : (T) -> U`; custom_call: `@target(%a) {attrs} : (T) -> U`.
    fn call_like(&mut self, spec: &mut OpSpec, format: Format) -> Result<(), Diag> {
        let sym = self.sym_name()?;
        let value = if format == Format::Call {
            ("callee", Attr::SymbolRef(vec![sym]))
        } else {
            (
                "call_target_name",
                Attr::Str {
                    text: unquote(&sym),
                    ty: None,
                },
            )
        };
        spec.props.push(NamedAttr::new(value.0, value.1));
        self.expect(Tok::LParen, "`(` before the operands")?;
        let refs = self.operand_refs(Tok::RParen)?;
        self.expect(Tok::RParen, "`)` after the operands")?;
        self.optional_attrs(spec)?;
        let sig = self.functional_sig()?;
        self.finish_sig(spec, &refs, sig)
    }

    /// `"name" %a, %b {attrs} : (T) -> U`.
    fn composite(&mut self, spec: &mut OpSpec) -> Result<(), Diag> {
        let t = self.expect(Tok::Str, "the composite's name as a string")?;
        let text = self.text(t);
        spec.props.push(NamedAttr::new(
            "name",
            Attr::Str {
                text: text[1..text.len() - 1].into(),
                ty: None,
            },
        ));
        let refs = if self.at(Tok::Percent) {
            self.operand_refs(Tok::LBrace)?
        } else {
            Vec::new()
        };
        self.optional_attrs(spec)?;
        let sig = self.functional_sig()?;
        self.finish_sig(spec, &refs, sig)
    }
}

/// `e5m10` → (5, 10).
fn exponent_mantissa(word: &str) -> Option<(i128, i128)> {
    let (e, m) = word.strip_prefix('e')?.split_once('m')?;
    Some((e.parse().ok()?, m.parse().ok()?))
}

/// The tensor type with the real element type of a complex tensor type.
fn real_type(ty: &Type) -> Option<Type> {
    let t = ty.as_tensor()?;
    match &t.elem {
        ElemType::Complex(inner) => Some(Type::Tensor(TensorType {
            elem: (**inner).clone(),
            ..t.clone()
        })),
        _ => None,
    }
}
