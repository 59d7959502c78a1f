//! Pretty forms that hold regions or structured attributes: `reduce`, `while`, `convolution`,
//! `func.func` and `module`.

use super::lex::Tok;
use super::{dialect_of, unquote, EntryArg, Parser};
use crate::{Attr, DenseBody, DenseElem, ElemType, NamedAttr, OpSpec, RegionId, Type};
use egfuse_diag::{Diag, Span};

impl<'a> Parser<'a> {
    /// `reduce(%a init: %b), ... applies op across dimensions = [..] : sig` or the same with
    /// `across ...` and a `reducer(...) (...) { body }` after the type.
    pub(super) fn reduce(&mut self, spec: &mut OpSpec) -> Result<(), Diag> {
        let (mut inputs, mut inits) = (Vec::new(), Vec::new());
        loop {
            self.expect(Tok::LParen, "`(` before `%input init: %init`")?;
            inputs.push(self.operand_ref()?);
            self.expect_word("init")?;
            self.expect(Tok::Colon, "`:` after `init`")?;
            inits.push(self.operand_ref()?);
            self.expect(Tok::RParen, "`)`")?;
            if !self.eat(Tok::Comma)? {
                break;
            }
        }
        let applies = if self.eat_word("applies")? {
            Some(self.expect(Tok::Bare, "the reducing op's name")?)
        } else {
            None
        };
        self.expect_word("across")?;
        self.expect_word("dimensions")?;
        self.expect(Tok::Equal, "`=`")?;
        spec.props.push(NamedAttr::new(
            "dimensions",
            Attr::i64_array(self.int_list()?),
        ));
        self.optional_attrs(spec)?;
        let (ins, outs, span) = self.functional_sig()?;
        let refs: Vec<_> = inputs.iter().chain(&inits).copied().collect();
        spec.operands = self.resolve_all(&refs, &ins, span)?;
        spec.result_types = outs;
        let region = match applies {
            Some(op) => {
                let op_name = self.text(op);
                self.compact_reducer(op_name, op.span, &ins)?
            }
            None => self.reducer_region(inputs.len())?,
        };
        spec.regions.push(region);
        Ok(())
    }

    /// The body `^bb0(%a: tensor<T>, %b: tensor<T>): %r = op %a, %b; return %r` of a compact
    /// reduce.
    fn compact_reducer(
        &mut self,
        op_name: &str,
        span: Span,
        ins: &[Type],
    ) -> Result<RegionId, Diag> {
        let elem = ins.first().and_then(Type::elem).cloned().ok_or_else(|| {
            Diag::new(
                "parse::reduce",
                span,
                "a compact reduce needs a tensor input",
            )
        })?;
        if crate::ops::lookup(op_name).is_none_or(|d| !d.traits.commutative) {
            return Err(Diag::new(
                "parse::reduce",
                span,
                format!("`{op_name}` is not a commutative binary op"),
            )
            .with_label("`applies` takes a commutative elementwise op such as stablehlo.add"));
        }
        let scalar = Type::tensor(Vec::new(), elem);
        let m = &mut self.m;
        let block = m.new_block();
        let a = m.add_block_arg(block, scalar.clone(), None);
        let b = m.add_block_arg(block, scalar.clone(), None);
        let mut op = OpSpec::new(op_name);
        op.operands = vec![a, b];
        op.result_types = vec![scalar];
        let op = m.create_op(op);
        m.append_op(block, op);
        let mut ret = OpSpec::new(&format!("{}.return", dialect_of(op_name)));
        ret.operands = m.op(op).results.to_vec();
        let ret = m.create_op(ret);
        m.append_op(block, ret);
        Ok(m.new_region(vec![block]))
    }

    /// `reducer(%a: T, %c: T) (%b: T, %d: T) { ... }`: pair i is (arg i, arg i + n).
    fn reducer_region(&mut self, pairs: usize) -> Result<RegionId, Diag> {
        self.expect_word("reducer")?;
        let (mut firsts, mut seconds) = (Vec::new(), Vec::new());
        for _ in 0..pairs {
            self.expect(Tok::LParen, "`(` before a reducer argument pair")?;
            firsts.push(self.entry_arg()?);
            self.expect(Tok::Comma, "`,` between the reducer arguments")?;
            seconds.push(self.entry_arg()?);
            self.expect(Tok::RParen, "`)` after a reducer argument pair")?;
        }
        firsts.extend(seconds);
        self.region(firsts, false, "")
    }

    /// `while(%it = %init, ...) : T, ... attributes {..}? cond { ... } do { ... }`.
    pub(super) fn while_op(&mut self, spec: &mut OpSpec) -> Result<(), Diag> {
        self.expect(Tok::LParen, "`(` before the loop variables")?;
        let mut names = Vec::new();
        let mut refs = Vec::new();
        if !self.at(Tok::RParen) {
            loop {
                let t = self.expect(Tok::Percent, "a loop variable name")?;
                names.push((&self.text(t)[1..], t.span));
                self.expect(Tok::Equal, "`=` and the initial value")?;
                refs.push(self.operand_ref()?);
                if !self.eat(Tok::Comma)? {
                    break;
                }
            }
        }
        self.expect(Tok::RParen, "`)` after the loop variables")?;
        let start = self.tok.span;
        let types = if self.eat(Tok::Colon)? {
            self.type_list()?
        } else {
            Vec::new()
        };
        spec.operands = self.resolve_all(&refs, &types, start.to(self.prev_end()))?;
        spec.result_types = types.clone();
        if self.eat_word("attributes")? {
            self.optional_attrs(spec)?;
        }
        for keyword in ["cond", "do"] {
            self.expect_word(keyword)?;
            let args = names
                .iter()
                .zip(&types)
                .map(|(&(name, span), ty)| EntryArg {
                    name,
                    ty: ty.clone(),
                    loc: None,
                    span,
                });
            let region = self.region(args.collect(), false, "")?;
            spec.regions.push(region);
        }
        Ok(())
    }

    /// `convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {...}`.
    pub(super) fn convolution(&mut self, spec: &mut OpSpec) -> Result<(), Diag> {
        self.expect(Tok::LParen, "`(` before the operands")?;
        let refs = self.operand_refs(Tok::RParen)?;
        self.expect(Tok::RParen, "`)` after the operands")?;
        self.expect_word("dim_numbers")?;
        self.expect(Tok::Equal, "`=`")?;
        let start = self.tok.span;
        let body = self.raw_until_comma()?;
        if !conv_dims_are_well_formed(body) {
            let d = Diag::new(
                "parse::conv_dims",
                start.to(self.prev_end()),
                "expected dimension numbers `[b, 0, f]x[0, i, o]->[b, 0, f]`",
            );
            return Err(d.with_label("not of this form"));
        }
        let dialect = dialect_of(&spec.name);
        let dims = Attr::Opaque {
            name: format!("{dialect}.conv").into(),
            body: Some(body.into()),
        };
        spec.props.push(NamedAttr::new("dimension_numbers", dims));
        self.expect(Tok::Comma, "`,` before `window`")?;
        self.expect_word("window")?;
        self.expect(Tok::Equal, "`=`")?;
        self.window(spec)?;
        self.optional_attrs(spec)?;
        let (ins, outs, span) = self.functional_sig()?;
        spec.operands = self.resolve_all(&refs, &ins, span)?;
        spec.result_types = outs;
        Ok(())
    }

    /// The source text from the current token to the next top-level `,` (exclusive).
    fn raw_until_comma(&mut self) -> Result<&'a str, Diag> {
        let start = self.tok.span.start as usize;
        if self.at(Tok::Comma) {
            return Err(self.error_here("expected dimension numbers before `,`".into()));
        }
        let mut depth = 0i32;
        while !(depth == 0 && self.at(Tok::Comma)) {
            match self.tok.tok {
                Tok::LBracket | Tok::LParen => depth += 1,
                Tok::RBracket | Tok::RParen => depth -= 1,
                Tok::Eof | Tok::LBrace | Tok::Colon => {
                    return Err(self.error_here("expected `, window = {...}`".into()))
                }
                _ => {}
            }
            self.bump()?;
        }
        Ok(self.lex.src()[start..self.prev_end().start as usize].trim())
    }

    /// `{stride = [..], pad = [[l, h], ..], lhs_dilate = [..], rhs_dilate = [..], reverse = [..]}`.
    fn window(&mut self, spec: &mut OpSpec) -> Result<(), Diag> {
        self.expect(Tok::LBrace, "`{` to open the window")?;
        while !self.at(Tok::RBrace) {
            let t = self.expect(
                Tok::Bare,
                "a window field (stride, pad, lhs_dilate, rhs_dilate, reverse)",
            )?;
            let word = self.text(t);
            self.expect(Tok::Equal, "`=`")?;
            let (name, value) = match word {
                "stride" => ("window_strides", Attr::i64_array(self.int_list()?)),
                "lhs_dilate" => ("lhs_dilation", Attr::i64_array(self.int_list()?)),
                "rhs_dilate" => ("rhs_dilation", Attr::i64_array(self.int_list()?)),
                "reverse" => ("window_reversal", self.bool_array()?),
                "pad" => ("padding", self.padding()?),
                _ => {
                    return Err(Diag::new(
                        "parse::window",
                        t.span,
                        format!("unknown window field `{word}`"),
                    ))
                }
            };
            spec.props.push(NamedAttr::new(name, value));
            if !self.eat(Tok::Comma)? {
                break;
            }
        }
        self.expect(Tok::RBrace, "`}` to close the window")?;
        Ok(())
    }

    fn bool_array(&mut self) -> Result<Attr, Diag> {
        self.expect(Tok::LBracket, "`[`")?;
        let mut items = Vec::new();
        while self.at_word("true") || self.at_word("false") {
            items.push(i64::from(self.at_word("true")));
            self.bump()?;
            if !self.eat(Tok::Comma)? {
                break;
            }
        }
        self.expect(Tok::RBracket, "`]`")?;
        Ok(Attr::DenseArray {
            elem: ElemType::I1,
            items: crate::ArrayItems::Int(items),
        })
    }

    /// `[[1, 2], [0, 0]]` stored as `dense<[[1, 2], [0, 0]]> : tensor<2x2xi64>`.
    fn padding(&mut self) -> Result<Attr, Diag> {
        self.expect(Tok::LBracket, "`[`")?;
        let mut rows = Vec::new();
        while self.at(Tok::LBracket) {
            let row = self.int_list()?;
            rows.push(DenseElem::List(
                row.iter()
                    .map(|v| DenseElem::Scalar(v.to_string().into()))
                    .collect(),
            ));
            if !self.eat(Tok::Comma)? {
                break;
            }
        }
        self.expect(Tok::RBracket, "`]`")?;
        let ty = Type::tensor(vec![rows.len() as i64, 2], ElemType::I64);
        Ok(Attr::Dense {
            body: DenseBody::Elems(DenseElem::List(rows)),
            ty,
        })
    }

    /// `func.func visibility? @name(args) -> results attributes {..}? { body }?`.
    pub(super) fn func(&mut self, spec: &mut OpSpec) -> Result<(), Diag> {
        if self.at(Tok::Bare) {
            let v = self.bump()?;
            spec.props.push(NamedAttr::new(
                "sym_visibility",
                Attr::Str {
                    text: self.text(v).into(),
                    ty: None,
                },
            ));
        }
        let name = self.sym_name()?;
        spec.props.push(NamedAttr::new(
            "sym_name",
            Attr::Str {
                text: unquote(&name),
                ty: None,
            },
        ));
        let (args, arg_attrs) = self.func_args()?;
        let (results, res_attrs) = if self.eat(Tok::Arrow)? {
            self.func_results()?
        } else {
            (Vec::new(), Vec::new())
        };
        let ins = args.iter().map(|a| a.ty.clone()).collect();
        spec.props.push(NamedAttr::new(
            "function_type",
            Attr::Type(Type::Function(ins, results)),
        ));
        for (key, list) in [("arg_attrs", arg_attrs), ("res_attrs", res_attrs)] {
            if list.iter().any(|d| !d.is_empty()) {
                spec.props.push(NamedAttr::new(
                    key,
                    Attr::Array(list.into_iter().map(Attr::Dict).collect()),
                ));
            }
        }
        if self.eat_word("attributes")? {
            spec.attrs = self.attr_dict()?;
        }
        if self.at(Tok::LBrace) {
            if args.iter().any(|a| a.name.is_empty()) {
                return Err(
                    self.error_here("a function with a body must name its arguments".into())
                );
            }
            spec.regions.push(self.region(args, true, "func")?);
        } else {
            spec.regions.push(self.m.new_region(Vec::new()));
        }
        Ok(())
    }

    /// `(%a: T {attrs} loc(..), ...)` or, for a declaration, `(T, T)`.
    fn func_args(&mut self) -> Result<(Vec<EntryArg<'a>>, Vec<Vec<NamedAttr>>), Diag> {
        self.expect(Tok::LParen, "`(` before the arguments")?;
        let (mut args, mut attrs) = (Vec::new(), Vec::new());
        if !self.at(Tok::RParen) {
            loop {
                let (name, span) = if self.at(Tok::Percent) {
                    let t = self.bump()?;
                    self.expect(Tok::Colon, "`:` and the argument type")?;
                    (&self.text(t)[1..], t.span)
                } else {
                    ("", self.tok.span)
                };
                let ty = self.ty()?;
                attrs.push(if self.at(Tok::LBrace) {
                    self.attr_dict()?
                } else {
                    Vec::new()
                });
                let loc = self.optional_trailing_loc()?;
                args.push(EntryArg {
                    name,
                    ty,
                    loc,
                    span,
                });
                if !self.eat(Tok::Comma)? {
                    break;
                }
            }
        }
        self.expect(Tok::RParen, "`)` after the arguments")?;
        Ok((args, attrs))
    }

    /// `T` or `(T {attrs}, T)` after `->`.
    fn func_results(&mut self) -> Result<(Vec<Type>, Vec<Vec<NamedAttr>>), Diag> {
        if !self.eat(Tok::LParen)? {
            return Ok((vec![self.ty()?], vec![Vec::new()]));
        }
        let (mut types, mut attrs) = (Vec::new(), Vec::new());
        if !self.at(Tok::RParen) {
            loop {
                types.push(self.ty()?);
                attrs.push(if self.at(Tok::LBrace) {
                    self.attr_dict()?
                } else {
                    Vec::new()
                });
                if !self.eat(Tok::Comma)? {
                    break;
                }
            }
        }
        self.expect(Tok::RParen, "`)` after the result types")?;
        Ok((types, attrs))
    }

    /// `module @name? attributes {..}? { ... }`.
    pub(super) fn module(&mut self, spec: &mut OpSpec) -> Result<(), Diag> {
        if self.at(Tok::At) {
            let name = self.sym_name()?;
            spec.props.push(NamedAttr::new(
                "sym_name",
                Attr::Str {
                    text: unquote(&name),
                    ty: None,
                },
            ));
        }
        if self.eat_word("attributes")? {
            spec.attrs = self.attr_dict()?;
        }
        spec.regions.push(self.region(Vec::new(), true, "")?);
        Ok(())
    }
}

/// Whether `s` is `[..]x[..]->[..]`, each list of dimension names (`b`, `f`, `i`, `o`, digits, `?`)
/// separated by commas: the text becomes the body of a `#stablehlo.conv<...>` attribute, which
/// must print and parse back.
fn conv_dims_are_well_formed(s: &str) -> bool {
    let list = |part: &str| {
        let Some(items) = part
            .trim()
            .strip_prefix('[')
            .and_then(|p| p.strip_suffix(']'))
        else {
            return false;
        };
        items.split(',').all(|d| {
            let d = d.trim();
            !d.is_empty() && d.chars().all(|c| c.is_ascii_alphanumeric() || c == '?')
        })
    };
    let Some((inputs, output)) = s.split_once("->") else {
        return false;
    };
    let Some((lhs, rhs)) = inputs.split_once(']') else {
        return false;
    };
    let Some(rhs) = rhs.trim_start().strip_prefix('x') else {
        return false;
    };
    list(&format!("{lhs}]")) && list(rhs) && list(output)
}
