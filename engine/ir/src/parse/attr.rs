//! Types and attributes: the builtin grammar (tensors, element types, dense elements, arrays,
//! dictionaries, symbols) plus dialect attributes and types, which are kept verbatim or, for the
//! `key = value` struct attributes of StableHLO, as fields.

use super::lex::Tok;
use super::Parser;
use crate::types::{FloatKind, Signedness};
use crate::{ArrayItems, Attr, DenseBody, DenseElem, ElemType, NamedAttr, TensorType, Type};
use egfuse_diag::plural;
use egfuse_diag::{Diag, Span};

impl<'a> Parser<'a> {
    // ---- Types ---------------------------------------------------------------------------

    pub(super) fn ty(&mut self) -> Result<Type, Diag> {
        self.nested(Self::ty_body)
    }

    fn ty_body(&mut self) -> Result<Type, Diag> {
        match self.tok.tok {
            Tok::LParen => Ok(self.function_type().map(|(i, o, _)| Type::Function(i, o))?),
            Tok::Bang => self.bang_type().map(|(t, _)| t),
            Tok::Bare if self.at_word("tensor") => self.tensor_type(),
            Tok::Bare if self.at_word("tuple") => {
                self.bump()?;
                self.expect(Tok::Less, "`<` after `tuple`")?;
                let mut items = Vec::new();
                if !self.at(Tok::Greater) {
                    items = self.type_list()?;
                }
                self.expect(Tok::Greater, "`>` to close the tuple type")?;
                Ok(Type::Tuple(items))
            }
            Tok::Bare if self.at_word("none") => {
                self.bump()?;
                Ok(Type::None)
            }
            _ => Ok(Type::Scalar(self.elem_type()?)),
        }
    }

    /// `T, T, T` (at least one).
    pub(super) fn type_list(&mut self) -> Result<Vec<Type>, Diag> {
        let mut types = vec![self.ty()?];
        while self.eat(Tok::Comma)? {
            types.push(self.ty()?);
        }
        Ok(types)
    }

    /// `(T, T) -> T`, `(T) -> (T, T)`, `() -> ()`; returns inputs, outputs and the span.
    pub(super) fn function_type(&mut self) -> Result<(Vec<Type>, Vec<Type>, Span), Diag> {
        let start = self
            .expect(Tok::LParen, "`(` to open a function type")?
            .span;
        let ins = if self.at(Tok::RParen) {
            Vec::new()
        } else {
            self.type_list()?
        };
        self.expect(Tok::RParen, "`)` after the input types")?;
        self.expect(Tok::Arrow, "`->` in the function type")?;
        let outs = self.result_types()?;
        Ok((ins, outs, start.to(self.prev_end())))
    }

    /// The right-hand side of `->`: one type or a parenthesized list.
    pub(super) fn result_types(&mut self) -> Result<Vec<Type>, Diag> {
        if self.eat(Tok::LParen)? {
            let outs = if self.at(Tok::RParen) {
                Vec::new()
            } else {
                self.type_list()?
            };
            self.expect(Tok::RParen, "`)` after the result types")?;
            return Ok(outs);
        }
        Ok(vec![self.ty()?])
    }

    fn tensor_type(&mut self) -> Result<Type, Diag> {
        self.bump()?;
        if !self.at(Tok::Less) {
            return Err(self.error_here("expected `<` after `tensor`".into()));
        }
        let body = self.tok.span.end as usize;
        let plain = plain_tensor_body(self.lex.src(), body);
        if let Some(ty) = plain.and_then(|text| self.tensors.get(text)) {
            if self.depth < super::MAX_NESTING {
                let ty = ty.clone();
                // What reading the element type would count.
                self.nodes += 1;
                self.peak = self.peak.max(self.depth + 1);
                self.resync(body + plain.map_or(0, str::len) + 1)?;
                return Ok(ty);
            }
        }
        // The lexer is one token past `<`; rescan the dimension list from there by hand.
        self.lex.set_pos(body);
        let dims = self.lex.dims()?;
        self.resync(self.lex.pos())?;
        let elem = self.elem_type()?;
        let mut encoding = None;
        if self.eat(Tok::Comma)? {
            encoding = Some(Box::new(self.attribute()?));
        }
        self.expect(Tok::Greater, "`>` to close the tensor type")?;
        let ty = Type::Tensor(TensorType {
            dims,
            elem,
            encoding,
        });
        if let Some(text) = plain {
            self.tensors.insert(text, ty.clone());
        }
        Ok(ty)
    }

    pub(super) fn elem_type(&mut self) -> Result<ElemType, Diag> {
        self.nested(Self::elem_type_body)
    }

    fn elem_type_body(&mut self) -> Result<ElemType, Diag> {
        if self.at(Tok::Bang) {
            let (ty, span) = self.bang_type()?;
            return match ty {
                Type::Dialect(text) => Ok(ElemType::Dialect(text)),
                Type::Scalar(e) => Ok(e),
                _ => Err(Diag::new("parse::type", span, "expected an element type")),
            };
        }
        if self.at_word("complex") {
            self.bump()?;
            self.expect(Tok::Less, "`<` after `complex`")?;
            let inner = self.elem_type()?;
            self.expect(Tok::Greater, "`>` to close `complex`")?;
            return Ok(ElemType::Complex(Box::new(inner)));
        }
        let t = self.expect(Tok::Bare, "a type")?;
        let word = self.text(t);
        scalar_type(word).ok_or_else(|| {
            Diag::new("parse::type", t.span, format!("unknown type `{word}`"))
                .with_label("not a type egfuse knows")
        })
    }

    /// `!dialect.name<...>` (kept verbatim) or `!alias`.
    fn bang_type(&mut self) -> Result<(Type, Span), Diag> {
        let t = self.bump()?;
        let name = &self.text(t)[1..];
        if let Some(alias) = self.aliases.types.get(name) {
            let (ty, depth, size) = (alias.value.clone(), alias.depth, alias.size);
            self.substitute(t.span, depth, size)?;
            return Ok((ty, t.span));
        }
        if !name.contains('.') {
            return Err(Diag::new(
                "parse::undefined",
                t.span,
                format!("type alias `!{name}` is not defined"),
            ));
        }
        let mut end = t.span.end as usize;
        if self.at(Tok::Less) && self.tok.span.start == t.span.end {
            self.lex.set_pos(self.tok.span.start as usize);
            let body = self.lex.balanced_angle()?;
            end = body.end as usize + 1;
            self.resync(end)?;
        }
        let text = &self.lex.src()[t.span.start as usize + 1..end];
        Ok((
            Type::Dialect(text.into()),
            Span::new(t.span.start as usize, end),
        ))
    }

    // ---- Attributes ----------------------------------------------------------------------

    /// `{a = 1, b, "c" = "x"}`.
    pub(super) fn attr_dict(&mut self) -> Result<Vec<NamedAttr>, Diag> {
        self.expect(Tok::LBrace, "`{` to open an attribute dictionary")?;
        let mut out: Vec<NamedAttr> = Vec::new();
        if !self.at(Tok::RBrace) {
            loop {
                let t = self.bump()?;
                let name: Box<str> = match t.tok {
                    Tok::Bare => self.text(t).into(),
                    Tok::Str => {
                        crate::attr::unescape(&self.text(t)[1..self.text(t).len() - 1]).into()
                    }
                    _ => {
                        return Err(Diag::new(
                            "parse::expected",
                            t.span,
                            "expected an attribute name",
                        ))
                    }
                };
                let value = if self.eat(Tok::Equal)? {
                    self.attribute()?
                } else {
                    Attr::Unit
                };
                if out.iter().any(|a| a.name == name) {
                    return Err(Diag::new(
                        "parse::redefinition",
                        t.span,
                        format!("attribute `{name}` is given twice"),
                    ));
                }
                out.push(NamedAttr { name, value });
                if !self.eat(Tok::Comma)? {
                    break;
                }
            }
        }
        self.expect(Tok::RBrace, "`}` to close the attribute dictionary")?;
        Ok(out)
    }

    pub(super) fn attribute(&mut self) -> Result<Attr, Diag> {
        self.nested(Self::attribute_body)
    }

    fn attribute_body(&mut self) -> Result<Attr, Diag> {
        match self.tok.tok {
            Tok::Int => self.int_attr(),
            Tok::Float => {
                let t = self.bump()?;
                let ty = self.optional_colon_type()?;
                Ok(Attr::Float {
                    text: self.text(t).into(),
                    ty,
                })
            }
            Tok::Str => {
                let t = self.bump()?;
                let text = self.text(t);
                let ty = self.optional_colon_type()?;
                Ok(Attr::Str {
                    text: text[1..text.len() - 1].into(),
                    ty,
                })
            }
            Tok::LBracket => self.array_attr(),
            Tok::LBrace => Ok(Attr::Dict(self.attr_dict()?)),
            Tok::At => self.symbol_ref(),
            Tok::Hash => self.hash_attr(),
            Tok::Bare => self.word_attr(),
            Tok::LParen | Tok::Bang => Ok(Attr::Type(self.ty()?)),
            _ => Err(self.error_here("expected an attribute".into())),
        }
    }

    fn optional_colon_type(&mut self) -> Result<Option<Type>, Diag> {
        if self.eat(Tok::Colon)? {
            return Ok(Some(self.ty()?));
        }
        Ok(None)
    }

    fn int_attr(&mut self) -> Result<Attr, Diag> {
        let t = self.bump()?;
        let value = parse_int(self.text(t))
            .ok_or_else(|| Diag::new("parse::number", t.span, "integer literal out of range"))?;
        let ty = self.optional_colon_type()?;
        Ok(Attr::Int { value, ty })
    }

    fn array_attr(&mut self) -> Result<Attr, Diag> {
        self.bump()?;
        let mut items = Vec::new();
        if !self.at(Tok::RBracket) {
            loop {
                items.push(self.attribute()?);
                if !self.eat(Tok::Comma)? {
                    break;
                }
            }
        }
        self.expect(Tok::RBracket, "`]` to close the array")?;
        Ok(Attr::Array(items))
    }

    fn symbol_ref(&mut self) -> Result<Attr, Diag> {
        let mut parts = vec![self.sym_name()?];
        while self.eat(Tok::ColonColon)? {
            if !self.at(Tok::At) {
                return Err(self.error_here("expected a nested symbol after `::`".into()));
            }
            parts.push(self.sym_name()?);
        }
        Ok(Attr::SymbolRef(parts))
    }

    /// `@name` or `@"name"`; returns the text after `@`.
    pub(super) fn sym_name(&mut self) -> Result<Box<str>, Diag> {
        let t = self.expect(Tok::At, "a symbol name (`@name`)")?;
        Ok(self.text(t)[1..].into())
    }

    /// Words that start an attribute: `true`, `unit`, `dense<...>`, `array<...>`, or a type.
    fn word_attr(&mut self) -> Result<Attr, Diag> {
        match self.text(self.tok) {
            "true" | "false" => {
                let t = self.bump()?;
                Ok(Attr::Bool(self.text(t) == "true"))
            }
            "unit" => {
                self.bump()?;
                Ok(Attr::Unit)
            }
            "dense" => self.dense_attr(),
            "array" => self.dense_array_attr(),
            "dense_resource" => {
                self.bump()?;
                self.expect(Tok::Less, "`<` after `dense_resource`")?;
                let h = self.expect(Tok::Bare, "a resource handle")?;
                self.expect(Tok::Greater, "`>` after the resource handle")?;
                self.expect(Tok::Colon, "`:` and the attribute's type")?;
                Ok(Attr::DenseResource {
                    handle: self.text(h).into(),
                    ty: self.ty()?,
                })
            }
            _ => Ok(Attr::Type(self.ty()?)),
        }
    }

    fn dense_attr(&mut self) -> Result<Attr, Diag> {
        let start = self.bump()?.span.start as usize;
        self.expect(Tok::Less, "`<` after `dense`")?;
        let body = if self.at(Tok::Str) {
            let t = self.bump()?;
            let text = self.text(t);
            DenseBody::Hex(text[1..text.len() - 1].into())
        } else if self.at(Tok::Greater) {
            DenseBody::Empty
        } else {
            DenseBody::Elems(self.dense_elem()?)
        };
        self.expect(Tok::Greater, "`>` to close `dense`")?;
        self.expect(Tok::Colon, "`:` and the type of the dense attribute")?;
        let ty = self.ty()?;
        let span = Span::new(start, self.prev_end().end as usize);
        check_dense_count(&body, &ty, span)?;
        Ok(Attr::Dense { body, ty })
    }

    fn dense_elem(&mut self) -> Result<DenseElem, Diag> {
        self.nested(Self::dense_elem_body)
    }

    fn dense_elem_body(&mut self) -> Result<DenseElem, Diag> {
        match self.tok.tok {
            Tok::LBracket => {
                self.bump()?;
                let mut items = Vec::new();
                if !self.at(Tok::RBracket) {
                    loop {
                        items.push(self.dense_elem()?);
                        if !self.eat(Tok::Comma)? {
                            break;
                        }
                    }
                }
                self.expect(Tok::RBracket, "`]` in the dense literal")?;
                Ok(DenseElem::List(items))
            }
            Tok::LParen => {
                self.bump()?;
                let re = self.literal()?;
                self.expect(Tok::Comma, "`,` between the parts of a complex literal")?;
                let im = self.literal()?;
                self.expect(Tok::RParen, "`)` to close the complex literal")?;
                Ok(DenseElem::Complex(re, im))
            }
            _ => Ok(DenseElem::Scalar(self.literal()?)),
        }
    }

    /// An integer, float, hex or boolean literal, as written.
    fn literal(&mut self) -> Result<Box<str>, Diag> {
        match self.tok.tok {
            Tok::Int | Tok::Float => {
                let t = self.bump()?;
                Ok(self.text(t).into())
            }
            Tok::Bare if self.at_word("true") || self.at_word("false") => {
                let t = self.bump()?;
                Ok(self.text(t).into())
            }
            _ => Err(self.error_here("expected a number or `true`/`false`".into())),
        }
    }

    /// `array<i64: 1, 2>`, `array<i1: true>`, `array<f32: 1.0>`, `array<i64>`.
    fn dense_array_attr(&mut self) -> Result<Attr, Diag> {
        self.bump()?;
        self.expect(Tok::Less, "`<` after `array`")?;
        let elem = self.elem_type()?;
        let mut items = if elem.is_float() {
            ArrayItems::Float(Vec::new())
        } else {
            ArrayItems::Int(Vec::new())
        };
        if self.eat(Tok::Colon)? {
            loop {
                let t = self.tok;
                let lit = self.literal()?;
                match &mut items {
                    ArrayItems::Float(v) => v.push(lit),
                    ArrayItems::Int(v) => v.push(match &*lit {
                        "true" => 1,
                        "false" => 0,
                        s => parse_int(s)
                            .and_then(|x| i64::try_from(x).ok())
                            .ok_or_else(|| {
                                Diag::new(
                                    "parse::number",
                                    t.span,
                                    "expected an integer in an integer array",
                                )
                            })?,
                    }),
                }
                if !self.eat(Tok::Comma)? {
                    break;
                }
            }
        }
        self.expect(Tok::Greater, "`>` to close the array")?;
        Ok(Attr::DenseArray { elem, items })
    }

    /// `#alias`, `#dialect<kind VALUE>`, `#dialect.name<k = v, ...>`, `#dialect.name<...>`.
    fn hash_attr(&mut self) -> Result<Attr, Diag> {
        let t = self.bump()?;
        let name = &self.text(t)[1..];
        let has_body = self.at(Tok::Less) && self.tok.span.start == t.span.end;
        if !has_body {
            if let Some(alias) = self.aliases.attrs.get(name) {
                let (attr, depth, size) = (alias.value.clone(), alias.depth, alias.size);
                self.substitute(t.span, depth, size)?;
                return Ok(attr);
            }
            if !name.contains('.') {
                return Err(Diag::new(
                    "parse::undefined",
                    t.span,
                    format!("attribute alias `#{name}` is not defined"),
                ));
            }
            return Ok(Attr::Opaque {
                name: name.into(),
                body: None,
            });
        }
        self.lex.set_pos(self.tok.span.start as usize);
        let body = self.lex.balanced_angle()?;
        let after = body.end as usize + 1;
        let text = &self.lex.src()[body.range()];
        if !name.contains('.') {
            if let Some((kind, value)) = enum_body(text) {
                self.resync(after)?;
                return Ok(Attr::Enum {
                    dialect: name.into(),
                    kind: kind.into(),
                    value: value.into(),
                });
            }
        } else if let Some(fields) = self.try_fields(body) {
            self.resync(after)?;
            return Ok(Attr::Struct {
                name: name.into(),
                fields,
            });
        }
        self.resync(after)?;
        Ok(Attr::Opaque {
            name: name.into(),
            body: Some(text.into()),
        })
    }

    /// Parses `key = attr, ...` filling exactly `body`, or gives `None` (the caller keeps it raw).
    fn try_fields(&mut self, body: Span) -> Option<Vec<NamedAttr>> {
        self.resync(body.start as usize).ok()?;
        let mut fields = Vec::new();
        loop {
            if !self.at(Tok::Bare) {
                return None;
            }
            let key_tok = self.bump().ok()?;
            let key = self.text(key_tok);
            if !self.eat(Tok::Equal).ok()? {
                return None;
            }
            let value = self.attribute().ok()?;
            fields.push(NamedAttr {
                name: key.into(),
                value,
            });
            if !self.eat(Tok::Comma).ok()? {
                break;
            }
        }
        (self.tok.span.start == body.end).then_some(fields)
    }
}

/// `comparison_direction GT` → (`comparison_direction`, `GT`).
/// A dense literal lists one element (a splat) or as many as its type holds; `dense<>` only
/// a type without elements. Hex blobs are checked where their element width is known.
fn check_dense_count(body: &DenseBody, ty: &Type, span: Span) -> Result<(), Diag> {
    fn leaves(e: &DenseElem) -> u64 {
        match e {
            DenseElem::List(items) => items.iter().map(leaves).sum(),
            _ => 1,
        }
    }
    let Some(want) = ty.as_tensor().and_then(TensorType::num_elements) else {
        return Ok(());
    };
    let given = match body {
        DenseBody::Hex(_) => return Ok(()),
        DenseBody::Empty => 0,
        DenseBody::Elems(e) => leaves(e),
    };
    if given == want || given == 1 {
        return Ok(());
    }
    Err(Diag::new(
        "parse::dense",
        span,
        format!(
            "the literal has {}, its type `{ty}` holds {want}",
            plural(given as usize, "element")
        ),
    )
    .with_label(plural(given as usize, "element"))
    .with_help("give one element (a splat) or one per element of the type"))
}

fn enum_body(text: &str) -> Option<(&str, &str)> {
    let (kind, value) = text.trim().split_once(' ')?;
    let word = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    (word(kind) && word(value.trim())).then(|| (kind, value.trim()))
}

/// Decimal or `0x` hex, with an optional leading `-`.
pub fn parse_int(text: &str) -> Option<i128> {
    let (neg, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, text),
    };
    let magnitude = match digits.strip_prefix("0x") {
        Some(hex) => u128::from_str_radix(hex, 16)
            .ok()
            .and_then(|v| i128::try_from(v).ok())?,
        None => digits.parse::<i128>().ok()?,
    };
    Some(if neg { -magnitude } else { magnitude })
}

/// The text of a tensor type's body from `start` (just past `<`) to its `>`, when it is only
/// dims and a plain element type (`1x32x128xf32`, `?x4xbf16`): text that always reads as the
/// same type, so the parser reads it once ([`Parser::tensors`]). `None` for anything else
/// (spaces, an encoding, `complex<...>`, a dialect type), which is read every time.
fn plain_tensor_body(src: &str, start: usize) -> Option<&str> {
    let rest = src.get(start..)?;
    let end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '?' || c == '_'))?;
    (rest.as_bytes()[end] == b'>' && end > 0).then(|| &rest[..end])
}

/// A builtin scalar type name (`f32`, `i8`, `ui16`, `si32`, `index`).
pub(crate) fn scalar_type(word: &str) -> Option<ElemType> {
    if let Some(kind) = FloatKind::from_name(word) {
        return Some(ElemType::Float(kind));
    }
    if word == "index" {
        return Some(ElemType::Index);
    }
    let (sign, digits) = if let Some(d) = word.strip_prefix("ui") {
        (Signedness::Unsigned, d)
    } else if let Some(d) = word.strip_prefix("si") {
        (Signedness::Signed, d)
    } else {
        (Signedness::Signless, word.strip_prefix('i')?)
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
        return None;
    }
    let width: u32 = digits.parse().ok().filter(|&w| w <= 1 << 16)?;
    Some(ElemType::Int { sign, width })
}
