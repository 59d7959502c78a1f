//! The MLIR text parser: a hand-written recursive-descent parser over [`lex::Lexer`].
//!
//! It reads what JAX and the StableHLO test suite print: the pretty forms of the ops in
//! [`crate::ops`], the generic form of any op, `func.func` / `call` / `return`, regions with
//! and without block labels, multi-result values, `loc(...)` and `#loc` aliases. The first error
//! stops it; the error points at the offending text.
//!
//! Invariant: names are scoped per region as in MLIR; a region of an isolated op (`func.func`,
//! `module`) sees no outer value.
//!
//! Invariant: nothing nests deeper than [`MAX_NESTING`] levels (regions, types, attributes,
//! dense literals and locations counted together), so the parser's recursion, and that of every
//! later stage walking the tree it builds, stays within a 2 MB thread stack.

pub(crate) mod attr;
pub use attr::parse_int;
mod custom;
pub mod lex;
mod loc;
pub mod sniff;
mod ssa;
mod structured;

use crate::{BlockId, Location, Module, NamedAttr, OpId, OpSpec, RegionId, Type};
use egfuse_diag::{Diag, Span};
use lex::{Lexer, Tok, Token};
use rustc_hash::FxHashMap;
use ssa::{OperandRef, Scopes};

/// The deepest nesting the parser accepts: regions, types, attributes, dense literal lists and
/// locations inside one another, all counted together. Exported modules nest a few levels
/// (a `while` in a `case` in a function in a module, a tuple type in a function type); the
/// deepest in the shared corpus is far below this. At this depth the recursion of the parser
/// and of the later stages uses well under 1 MB of stack in a release build (tested in
/// `tests/hostile.rs` on a 2 MB thread, the default of test threads).
pub const MAX_NESTING: u32 = 256;

/// Parses a whole MLIR file into a [`Module`].
pub fn parse(src: &str) -> Result<Module, Diag> {
    let mut p = Parser::new(src)?;
    let top = p.m.top;
    while p.tok.tok != Tok::Eof {
        if p.tok.tok == Tok::Hash || p.tok.tok == Tok::Bang {
            p.alias_definition()?;
        } else {
            p.aliases.seen_op = true;
            p.operation(top)?;
        }
    }
    p.finish()
}

pub(crate) struct Parser<'a> {
    lex: Lexer<'a>,
    /// The current (not yet consumed) token.
    tok: Token,
    m: Module,
    scopes: Scopes<'a>,
    aliases: loc::Aliases<'a>,
    /// For each enclosing op, the dialect whose ops may drop their prefix (`func` in a function).
    default_dialect: Vec<&'static str>,
    /// How many nested constructs enclose the current token (bounded by [`MAX_NESTING`]).
    depth: u32,
    /// The deepest level reached and the constructs read since the current alias definition
    /// began: the depth and size an alias adds where it is used.
    peak: u32,
    nodes: u64,
    /// Constructs copied in by alias uses so far, bounded by [`Parser::expansion_budget`].
    expanded: u64,
    /// The tensor types read so far, by the text of their plain bodies (`1x32xf32`): a module
    /// spells the same few types thousands of times.
    tensors: FxHashMap<&'a str, Type>,
}

impl<'a> Parser<'a> {
    fn new(src: &'a str) -> Result<Parser<'a>, Diag> {
        let mut lex = Lexer::new(src);
        let tok = lex.next_token()?;
        Ok(Parser {
            lex,
            tok,
            m: Module::new(),
            scopes: Scopes::new(),
            aliases: loc::Aliases::default(),
            default_dialect: vec!["builtin"],
            depth: 0,
            peak: 0,
            nodes: 0,
            expanded: 0,
            tensors: FxHashMap::default(),
        })
    }

    fn finish(mut self) -> Result<Module, Diag> {
        self.scopes.close_top()?;
        self.m.loc_aliases = self.aliases.finish()?;
        Ok(self.m)
    }

    // ---- Token helpers -------------------------------------------------------------------

    fn text(&self, t: Token) -> &'a str {
        &self.lex.src()[t.span.range()]
    }

    fn bump(&mut self) -> Result<Token, Diag> {
        let t = self.tok;
        self.tok = self.lex.next_token()?;
        Ok(t)
    }

    fn at(&self, tok: Tok) -> bool {
        self.tok.tok == tok
    }

    fn at_word(&self, word: &str) -> bool {
        self.tok.tok == Tok::Bare && self.text(self.tok) == word
    }

    fn eat(&mut self, tok: Tok) -> Result<bool, Diag> {
        if self.at(tok) {
            self.bump()?;
            return Ok(true);
        }
        Ok(false)
    }

    fn eat_word(&mut self, word: &str) -> Result<bool, Diag> {
        if self.at_word(word) {
            self.bump()?;
            return Ok(true);
        }
        Ok(false)
    }

    fn expect(&mut self, tok: Tok, what: &str) -> Result<Token, Diag> {
        if self.at(tok) {
            return self.bump();
        }
        Err(self.error_here(format!("expected {what}")))
    }

    fn expect_word(&mut self, word: &str) -> Result<Token, Diag> {
        if self.at_word(word) {
            return self.bump();
        }
        Err(self.error_here(format!("expected `{word}`")))
    }

    /// An "expected ..." error on the current token, naming what was found.
    fn error_here(&self, message: String) -> Diag {
        let found = match self.tok.tok {
            Tok::Eof => "end of input".to_string(),
            _ => format!("`{}`", self.text(self.tok)),
        };
        let len = self.lex.src().len();
        let span = if self.tok.tok == Tok::Eof {
            Span::new(len.saturating_sub(1), len)
        } else {
            self.tok.span
        };
        Diag::new("parse::expected", span, message).with_label(format!("found {found}"))
    }

    /// Runs `f` one nesting level deeper; past [`MAX_NESTING`] it fails at the current token,
    /// the construct that opens the level too many.
    fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> Result<T, Diag>) -> Result<T, Diag> {
        if self.depth >= MAX_NESTING {
            let message = format!("nesting deeper than {MAX_NESTING} levels");
            return Err(Diag::new("parse::nesting", self.tok.span, message)
                .with_label(format!("nesting deeper than {MAX_NESTING}"))
                .with_help("regions, types, attributes and locations may nest at most this deep"));
        }
        self.depth += 1;
        self.peak = self.peak.max(self.depth);
        self.nodes += 1;
        let out = f(self);
        self.depth -= 1;
        out
    }

    /// Accounts for the use at `span` of an alias whose value nests `depth` levels and holds
    /// `size` constructs, in place of the construct being read: the nesting limit counts the
    /// value's levels, and all uses together may copy in at most
    /// [`Parser::expansion_budget`] constructs (a chain of aliases each using the one before
    /// twice would otherwise double the module per line).
    fn substitute(&mut self, span: Span, depth: u32, size: u64) -> Result<(), Diag> {
        let level = self.depth.saturating_sub(1) + depth;
        if level > MAX_NESTING {
            let message = format!("nesting deeper than {MAX_NESTING} levels");
            return Err(
                Diag::new("parse::nesting", span, message).with_label(format!(
                    "this alias nests {depth} levels, {level} in all here"
                )),
            );
        }
        self.peak = self.peak.max(level);
        self.nodes += size;
        self.expanded += size;
        let budget = self.expansion_budget();
        if self.expanded > budget {
            let message = format!("alias uses copy in more than {budget} attributes and types");
            return Err(Diag::new("parse::alias_expansion", span, message)
                .with_label("this use goes past the limit"));
        }
        Ok(())
    }

    /// How many attributes and types alias uses may copy in: as many as a file of this length
    /// could spell out, and at least 2^20.
    fn expansion_budget(&self) -> u64 {
        (self.lex.src().len() as u64).max(1 << 20)
    }

    /// Re-reads the current token after raw scanning moved the lexer.
    fn resync(&mut self, pos: usize) -> Result<(), Diag> {
        self.lex.set_pos(pos);
        self.tok = self.lex.next_token()?;
        Ok(())
    }

    // ---- Operations ----------------------------------------------------------------------

    /// Parses one operation (with its result names and trailing location) into `block`.
    fn operation(&mut self, block: BlockId) -> Result<OpId, Diag> {
        let start = self.tok.span;
        let groups = self.result_groups()?;
        let mut spec = match self.tok.tok {
            Tok::Str => self.generic_op()?,
            Tok::Bare => self.custom_op()?,
            _ => return Err(self.error_here("expected an operation".into())),
        };
        spec.props.sort_by(|a, b| a.name.cmp(&b.name));
        spec.attrs.sort_by(|a, b| a.name.cmp(&b.name));
        // The op keeps its lists for good: a list grown by pushes has room for four attributes
        // (448 bytes), where most ops have one, and in a fresh process every byte is a page
        // touched.
        spec.props.shrink_to_fit();
        spec.attrs.shrink_to_fit();
        spec.span = start.to(self.prev_end());
        if let Some(loc) = self.optional_trailing_loc()? {
            spec.loc = Some(loc);
        }
        let expected: u32 = groups.iter().map(|g| g.1).sum();
        if expected as usize != spec.result_types.len() {
            let message = format!(
                "the op defines {} result(s) but {} name(s) are bound to it",
                spec.result_types.len(),
                expected
            );
            return Err(
                Diag::new("parse::results", spec.span, message).with_label("this operation")
            );
        }
        if &*spec.name == "builtin.module" {
            self.give_body_a_block(&mut spec);
        }
        let op = self.m.create_op(spec);
        self.m.append_op(block, op);
        self.bind_results(op, groups)?;
        Ok(op)
    }

    /// A module always has its one block, as MLIR's implicit-terminator ops do, even when
    /// written `module {}` (which, like any `{}`, parses as a region without blocks).
    fn give_body_a_block(&mut self, spec: &mut OpSpec) {
        for r in &mut spec.regions {
            if self.m.region(*r).blocks.is_empty() {
                let block = self.m.new_block();
                *r = self.m.new_region(vec![block]);
            }
        }
    }

    fn prev_end(&self) -> Span {
        // The lexer has read one token ahead; the op ends before the current token.
        let end = self.tok.span.start as usize;
        let src = self.lex.src().as_bytes();
        let mut e = end;
        while e > 0 && src[e - 1].is_ascii_whitespace() {
            e -= 1;
        }
        Span::new(e, e)
    }

    /// `%a, %b:2 =` before an op: (name, count, span) per group.
    fn result_groups(&mut self) -> Result<Vec<(&'a str, u32, Span)>, Diag> {
        let mut groups = Vec::new();
        if !self.at(Tok::Percent) {
            return Ok(groups);
        }
        loop {
            let t = self.expect(Tok::Percent, "a result name")?;
            let name = &self.text(t)[1..];
            if name.contains('#') {
                return Err(Diag::new(
                    "parse::results",
                    t.span,
                    "a result name cannot have a `#N` suffix",
                ));
            }
            let mut count = 1;
            if self.eat(Tok::Colon)? {
                let n = self.expect(Tok::Int, "a result count")?;
                count = self
                    .text(n)
                    .parse::<u32>()
                    .ok()
                    .filter(|&c| c > 0)
                    .ok_or_else(|| {
                        Diag::new(
                            "parse::results",
                            n.span,
                            "result count must be a positive integer",
                        )
                    })?;
            }
            groups.push((name, count, t.span));
            if !self.eat(Tok::Comma)? {
                break;
            }
        }
        self.expect(Tok::Equal, "`=` after the result names")?;
        Ok(groups)
    }

    fn bind_results(&mut self, op: OpId, groups: Vec<(&'a str, u32, Span)>) -> Result<(), Diag> {
        let mut next = 0;
        for (name, count, span) in groups {
            let vals = self.m.op(op).results[next..next + count as usize].to_vec();
            self.m.value_mut(vals[0]).name = Some(name.into());
            next += count as usize;
            self.scopes.define(&mut self.m, name, vals, span)?;
        }
        Ok(())
    }

    /// `"dialect.op"(%a, %b)[^bb1] <{props}> ({regions}) {attrs} : (types) -> types`.
    fn generic_op(&mut self) -> Result<OpSpec, Diag> {
        let name_tok = self.bump()?;
        let name = crate::attr::unescape(&self.text(name_tok)[1..self.text(name_tok).len() - 1]);
        if name.is_empty() || !name.contains('.') {
            return Err(Diag::new(
                "parse::op_name",
                name_tok.span,
                "an op name must be `dialect.op`",
            ));
        }
        let mut spec = OpSpec::new(&name);
        self.expect(Tok::LParen, "`(` before the operands")?;
        let operands = self.operand_refs(Tok::RParen)?;
        self.expect(Tok::RParen, "`)` after the operands")?;
        if self.at(Tok::LBracket) {
            spec.successors = self.successor_list()?;
        }
        if self.at(Tok::Less) {
            self.bump()?;
            spec.props = self.attr_dict()?;
            self.expect(Tok::Greater, "`>` after the properties")?;
        }
        if self.eat(Tok::LParen)? {
            let isolated = crate::ops::lookup(&name).is_some_and(|d| d.traits.isolated);
            let dialect = if name == "func.func" { "func" } else { "" };
            loop {
                spec.regions
                    .push(self.region(Vec::new(), isolated, dialect)?);
                if !self.eat(Tok::Comma)? {
                    break;
                }
            }
            self.expect(Tok::RParen, "`)` after the regions")?;
        }
        if self.at(Tok::LBrace) {
            // Old printers put inherent attributes in the discardable dictionary; MLIR moves them
            // into the properties, and so do we.
            let (props, attrs) = split_inherent(&name, self.attr_dict()?);
            spec.props.extend(props);
            spec.attrs = attrs;
        }
        self.expect(Tok::Colon, "`:` and the op's function type")?;
        let (ins, outs, span) = self.function_type()?;
        spec.operands = self.resolve_all(&operands, &ins, span)?;
        spec.result_types = outs;
        Ok(spec)
    }

    fn successor_list(&mut self) -> Result<Vec<BlockId>, Diag> {
        self.expect(Tok::LBracket, "`[`")?;
        let mut blocks = Vec::new();
        loop {
            let t = self.expect(Tok::Caret, "a block name")?;
            let name = self.text(t);
            blocks.push(self.scopes.block_ref(&mut self.m, name, t.span));
            if !self.eat(Tok::Comma)? {
                break;
            }
        }
        self.expect(Tok::RBracket, "`]` after the successors")?;
        Ok(blocks)
    }

    /// Operand references up to (not including) `close`, comma separated.
    fn operand_refs(&mut self, close: Tok) -> Result<Vec<OperandRef<'a>>, Diag> {
        let mut refs = Vec::new();
        if self.at(close) {
            return Ok(refs);
        }
        loop {
            refs.push(self.operand_ref()?);
            if !self.eat(Tok::Comma)? {
                return Ok(refs);
            }
        }
    }

    fn operand_ref(&mut self) -> Result<OperandRef<'a>, Diag> {
        let t = self.expect(Tok::Percent, "an operand (`%name`)")?;
        OperandRef::new(&self.text(t)[1..], t.span)
    }

    /// Resolves operand references against types from a signature at `span`.
    fn resolve_all(
        &mut self,
        refs: &[OperandRef<'a>],
        types: &[Type],
        span: Span,
    ) -> Result<Vec<crate::ValueId>, Diag> {
        self.resolve_each(refs, types.iter(), span)
    }

    /// [`Parser::resolve_all`] of types given one by one.
    fn resolve_each<'t>(
        &mut self,
        refs: &[OperandRef<'a>],
        types: impl ExactSizeIterator<Item = &'t Type>,
        span: Span,
    ) -> Result<Vec<crate::ValueId>, Diag> {
        if refs.len() != types.len() {
            let message = format!(
                "{} operand(s) but the type lists {}",
                refs.len(),
                types.len()
            );
            return Err(Diag::new("parse::types", span, message).with_label("this type signature"));
        }
        refs.iter()
            .zip(types)
            .map(|(r, t)| self.scopes.resolve(&mut self.m, r, t))
            .collect()
    }

    // ---- Regions and blocks --------------------------------------------------------------

    /// A region `{ ... }`. `entry_args` are the entry block's arguments when the syntax gives them
    /// outside the braces (`func.func`, `while`, `reducer`).
    /// `dialect` is the default dialect inside (`func` in a function body, else none).
    fn region(
        &mut self,
        entry_args: Vec<EntryArg<'a>>,
        isolated: bool,
        dialect: &'static str,
    ) -> Result<RegionId, Diag> {
        self.nested(|p| p.region_body(entry_args, isolated, dialect))
    }

    fn region_body(
        &mut self,
        entry_args: Vec<EntryArg<'a>>,
        isolated: bool,
        dialect: &'static str,
    ) -> Result<RegionId, Diag> {
        self.expect(Tok::LBrace, "`{` to open a region")?;
        self.scopes.push(isolated);
        self.default_dialect.push(dialect);
        let mut blocks = Vec::new();
        // `{}` is a region without blocks (a function declaration's, in the generic form), as
        // in MLIR; a region with entry arguments has its entry block however empty.
        let has_header_args = !entry_args.is_empty();
        let empty = self.at(Tok::RBrace) && !has_header_args;
        if (!self.at(Tok::Caret) && !empty) || has_header_args {
            let b = self.m.new_block();
            for arg in entry_args {
                self.block_arg(b, arg)?;
            }
            blocks.push(b);
            self.block_body(b)?;
        }
        while self.at(Tok::Caret) {
            blocks.push(self.labelled_block()?);
        }
        self.expect(Tok::RBrace, "`}` to close the region")?;
        self.default_dialect.pop();
        self.scopes.pop()?;
        Ok(self.m.new_region(blocks))
    }

    fn block_arg(&mut self, b: BlockId, arg: EntryArg<'a>) -> Result<(), Diag> {
        let v = self.m.add_block_arg(b, arg.ty, Some(arg.name.into()));
        self.m.value_mut(v).loc = arg.loc.map(Box::new);
        self.m.value_mut(v).span = arg.span;
        self.scopes.define(&mut self.m, arg.name, vec![v], arg.span)
    }

    /// `^bb0(%a: T, %b: T):` and its ops.
    fn labelled_block(&mut self) -> Result<BlockId, Diag> {
        let t = self.bump()?;
        let label = self.text(t);
        let b = self.scopes.block_def(&mut self.m, label, t.span)?;
        if self.eat(Tok::LParen)? {
            loop {
                let arg = self.entry_arg()?;
                self.block_arg(b, arg)?;
                if !self.eat(Tok::Comma)? {
                    break;
                }
            }
            self.expect(Tok::RParen, "`)` after the block arguments")?;
        }
        self.expect(Tok::Colon, "`:` after the block label")?;
        self.block_body(b)?;
        Ok(b)
    }

    /// `%name: type loc(...)?`.
    fn entry_arg(&mut self) -> Result<EntryArg<'a>, Diag> {
        let t = self.expect(Tok::Percent, "an argument name")?;
        let name = &self.text(t)[1..];
        self.expect(Tok::Colon, "`:` and the argument's type")?;
        let ty = self.ty()?;
        let loc = self.optional_trailing_loc()?;
        Ok(EntryArg {
            name,
            ty,
            loc,
            span: t.span,
        })
    }

    fn block_body(&mut self, b: BlockId) -> Result<(), Diag> {
        while !self.at(Tok::RBrace) && !self.at(Tok::Caret) {
            if self.at(Tok::Eof) {
                return Err(self.error_here("expected `}` to close the region".into()));
            }
            self.operation(b)?;
        }
        Ok(())
    }
}

/// An entry block argument given outside the region's braces.
pub(crate) struct EntryArg<'a> {
    pub name: &'a str,
    pub ty: Type,
    pub loc: Option<Location>,
    pub span: Span,
}

/// Splits a parsed attribute dictionary into inherent and discardable attributes for `name`.
pub(crate) fn split_inherent(name: &str, all: Vec<NamedAttr>) -> (Vec<NamedAttr>, Vec<NamedAttr>) {
    let inherent = crate::ops::lookup(name).map_or(&[][..], |d| d.inherent);
    all.into_iter().partition(|a| inherent.contains(&&*a.name))
}

/// The dialect prefix of a full op name (`mhlo` for `mhlo.reduce`).
pub(crate) fn dialect_of(name: &str) -> &str {
    name.split_once('.').map_or("stablehlo", |(d, _)| d)
}

/// The escaped text of a symbol name, without quotes if it had them.
pub fn unquote(sym: &str) -> Box<str> {
    match sym.strip_prefix('"') {
        Some(q) => q[..q.len() - 1].into(),
        None => sym.into(),
    }
}
