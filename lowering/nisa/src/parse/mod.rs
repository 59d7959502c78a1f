//! Reads the text form `print` writes. The first syntax error of the text stops the parse, as a
//! [`Diag`] with the span of the token it is about; a name used before it is declared, an
//! unknown op, keyword or function, and a missing or repeated argument are errors here too.
//! Everything the syntax cannot tell (shapes, memories, limits) is the verifier's.

use crate::spec::{self, Arg, Kind, ALUS, FUNCS};
use crate::{Affine, Ap, BufId, Buffer, Dtype, Engine, Inst, Kernel, LoopId, Memory, Program};
use crate::{Role, Stmt};
use egfuse_diag::{Diag, Span};
use lex::{describe, lex, Tok};

mod device;
pub(crate) mod lex;
mod reader;

pub use reader::Reader;

/// Nesting deeper than this is rejected before it can exhaust the stack.
const MAX_DEPTH: usize = 64;

pub fn program(src: &str) -> Result<Program, Diag> {
    let mut p = Parser::new(src)?;
    let mut out = Program::default();
    while p.peek() != &Tok::Eof {
        if p.peek() == &Tok::Ident("device".into()) {
            if out.device.is_some() {
                return Err(
                    Diag::new("nisa::syntax", p.span(), "a second device program")
                        .with_label("a program has one device program"),
                );
            }
            out.device = Some(p.device()?);
        } else {
            out.kernels.push(p.kernel()?);
        }
    }
    Ok(out)
}

struct Parser<'s> {
    src: &'s str,
    toks: Vec<(Tok, Span)>,
    at: usize,
    /// The kernel being read: its buffers and loop counters so far.
    buffers: Vec<Buffer>,
    loops: Vec<String>,
    /// The counters of the loops around the statement being read.
    scope: Vec<LoopId>,
}

type R<T> = Result<T, Diag>;

impl<'s> Parser<'s> {
    fn new(src: &'s str) -> R<Parser<'s>> {
        Ok(Parser {
            src,
            toks: lex(src)?,
            at: 0,
            buffers: Vec::new(),
            loops: Vec::new(),
            scope: Vec::new(),
        })
    }

    fn peek(&self) -> &Tok {
        &self.toks[self.at].0
    }

    fn span(&self) -> Span {
        self.toks[self.at].1
    }

    fn prev_span(&self) -> Span {
        self.toks[self.at.saturating_sub(1)].1
    }

    fn bump(&mut self) -> (Tok, Span) {
        let t = self.toks[self.at].clone();
        if t.0 != Tok::Eof {
            self.at += 1;
        }
        t
    }

    fn error(&self, what: &str) -> Diag {
        Diag::new(
            "nisa::syntax",
            self.span(),
            format!("expected {what}, found {}", describe(self.peek())),
        )
        .with_label(format!("expected {what}"))
    }

    fn eat(&mut self, p: &str) -> bool {
        if matches!(self.peek(), Tok::Punct(q) if *q == p) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, p: &str) -> R<Span> {
        if self.eat(p) {
            Ok(self.prev_span())
        } else {
            Err(self.error(&format!("`{p}`")))
        }
    }

    fn eat_word(&mut self, w: &str) -> bool {
        if matches!(self.peek(), Tok::Ident(s) if s == w) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn word(&mut self, what: &str) -> R<(String, Span)> {
        match self.peek() {
            Tok::Ident(_) => match self.bump() {
                (Tok::Ident(s), sp) => Ok((s, sp)),
                _ => unreachable!("peeked an identifier"),
            },
            _ => Err(self.error(what)),
        }
    }

    /// A `%name`: a buffer or a loop counter.
    fn value(&mut self, what: &str) -> R<(String, Span)> {
        match self.peek() {
            Tok::Value(_) => match self.bump() {
                (Tok::Value(s), sp) => Ok((s, sp)),
                _ => unreachable!("peeked a value"),
            },
            _ => Err(self.error(what)),
        }
    }

    fn uint(&mut self, what: &str) -> R<u64> {
        match self.peek().clone() {
            Tok::Int(i) if i >= 0 => {
                self.at += 1;
                Ok(i as u64)
            }
            _ => Err(self.error(what)),
        }
    }

    fn kernel(&mut self) -> R<Kernel> {
        let mut k = self.header()?;
        k.body = self.block(0)?;
        k.buffers = std::mem::take(&mut self.buffers);
        k.loops = std::mem::take(&mut self.loops);
        k.span = k.span.to(self.prev_span());
        Ok(k)
    }

    /// `kernel @name kind K loc(...) {` and the buffer declarations: the kernel with no body,
    /// its buffers held by the parser until the body is read.
    fn header(&mut self) -> R<Kernel> {
        let start = self.span();
        if !self.eat_word("kernel") {
            return Err(self.error("`kernel`"));
        }
        let name = match self.peek().clone() {
            Tok::Symbol(s) => {
                self.at += 1;
                s
            }
            _ => return Err(self.error("the kernel's name `@name`")),
        };
        if !self.eat_word("kind") {
            return Err(self.error("`kind`"));
        }
        // A kind is a fused kind (`RmsNorm`) or an op's full name (`stablehlo.negate`).
        let mut kind = self.word("the kernel's kind")?.0;
        while self.eat(".") {
            kind.push('.');
            kind.push_str(&self.word("the rest of the op name")?.0);
        }
        let loc = self.loc()?;
        self.expect("{")?;
        self.buffers.clear();
        self.loops.clear();
        while let Tok::Ident(w) = self.peek() {
            if Memory::from_name(w).is_none() {
                break;
            }
            let b = self.buffer()?;
            self.buffers.push(b);
        }
        Ok(Kernel {
            name,
            kind,
            loc,
            buffers: Vec::new(),
            loops: Vec::new(),
            body: Vec::new(),
            span: start,
        })
    }

    /// An optional `loc(...)`: its text inside the parentheses, kept as written.
    fn loc(&mut self) -> R<Option<String>> {
        if !self.eat_word("loc") {
            return Ok(None);
        }
        let open = self.expect("(")?;
        let mut depth = 1;
        while depth > 0 {
            match self.bump().0 {
                Tok::Punct("(") => depth += 1,
                Tok::Punct(")") => depth -= 1,
                Tok::Eof => {
                    return Err(Diag::new("nisa::syntax", open, "unclosed `loc(`")
                        .with_label("this parenthesis is never closed"))
                }
                _ => {}
            }
            if depth > MAX_DEPTH {
                return Err(Diag::new(
                    "nisa::syntax",
                    self.prev_span(),
                    "location nested too deeply",
                )
                .with_label(format!("more than {MAX_DEPTH} levels")));
            }
        }
        let inner = Span::new(open.end as usize, self.prev_span().start as usize);
        Ok(Some(self.src[inner.range()].trim().to_string()))
    }

    fn buffer(&mut self) -> R<Buffer> {
        let (mem, start) = self.word("a memory")?;
        let memory = Memory::from_name(&mem).expect("peeked a memory");
        let (name, name_span) = self.value("the buffer's name `%name`")?;
        if self.buffers.iter().any(|b| b.name == name) {
            return Err(Diag::new(
                "nisa::redefined",
                name_span,
                format!("buffer `%{name}` is declared twice"),
            )
            .with_label("a second declaration"));
        }
        self.expect(":")?;
        let dtype = self.dtype()?;
        let shape = self.dims()?;
        let role = if self.eat_word("input") {
            Role::Input
        } else if self.eat_word("output") {
            Role::Output
        } else {
            self.eat_word("scratch");
            Role::Scratch
        };
        let offset = if self.eat_word("at") {
            Some(self.uint("a byte offset")?)
        } else {
            None
        };
        Ok(Buffer {
            name,
            memory,
            dtype,
            shape,
            role,
            offset,
            span: start.to(self.prev_span()),
        })
    }

    /// A dtype by its name.
    fn dtype(&mut self) -> R<Dtype> {
        let (dt, dt_span) = self.word("a dtype")?;
        Dtype::from_name(&dt).ok_or_else(|| {
            let names: Vec<&str> = crate::DTYPES.iter().map(|d| d.1).collect();
            Diag::new("nisa::dtype", dt_span, format!("unknown dtype `{dt}`"))
                .with_label("not a nisa dtype")
                .with_help(format!("the dtypes are {}", names.join(", ")))
        })
    }

    /// A shape, `[4, 8]`; `[]` for a scalar.
    fn dims(&mut self) -> R<Vec<u64>> {
        self.expect("[")?;
        let mut shape = Vec::new();
        while !self.eat("]") {
            shape.push(self.uint("a dimension size")?);
            if !self.eat(",") {
                self.expect("]")?;
                break;
            }
        }
        Ok(shape)
    }

    /// Statements up to the closing `}`.
    fn block(&mut self, depth: usize) -> R<Vec<Stmt>> {
        if depth > MAX_DEPTH {
            return Err(
                Diag::new("nisa::syntax", self.span(), "loops nested too deeply")
                    .with_label(format!("more than {MAX_DEPTH} levels of `for`")),
            );
        }
        let mut body = Vec::new();
        while !self.eat("}") {
            if self.eat_word("for") {
                body.push(self.for_loop(depth)?);
            } else {
                body.push(Stmt::Inst(self.inst()?));
            }
        }
        Ok(body)
    }

    fn for_loop(&mut self, depth: usize) -> R<Stmt> {
        let start = self.prev_span();
        let name = self.value("the loop counter `%name`")?.0;
        if !self.eat_word("in") {
            return Err(self.error("`in`"));
        }
        if self.peek() != &Tok::Int(0) {
            return Err(self.error("`0` (loops count from 0)"));
        }
        self.at += 1;
        self.expect("..")?;
        let count = self.uint("the loop's trip count")?;
        self.expect("{")?;
        let counter = LoopId(self.loops.len() as u32);
        self.loops.push(name);
        self.scope.push(counter);
        let body = self.block(depth + 1)?;
        self.scope.pop();
        Ok(Stmt::Loop {
            counter,
            count,
            body,
            span: start.to(self.prev_span()),
        })
    }

    fn inst(&mut self) -> R<Inst> {
        let (name, start) = self.word("an instruction or `}`")?;
        let spec = spec::op_named(&name).ok_or_else(|| {
            Diag::new(
                "nisa::unknown-op",
                start,
                format!("unknown instruction `{name}`"),
            )
            .with_label("not a nisa instruction")
            .with_help(format!(
                "the instructions are {}",
                spec::OPS
                    .iter()
                    .map(|s| s.name)
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })?;
        self.expect("(")?;
        let mut args: Vec<Option<Arg>> = vec![None; spec.params.len()];
        let mut engine = None;
        while !self.eat(")") {
            if args.iter().any(Option::is_some) || engine.is_some() {
                self.expect(",")?;
            }
            let (key, key_span) = self.word("a keyword argument")?;
            self.expect("=")?;
            if key == "engine" {
                engine = Some(self.engine()?);
                continue;
            }
            let Some(n) = spec.params.iter().position(|p| p.name == key) else {
                let keys: Vec<&str> = spec.params.iter().map(|p| p.name).collect();
                return Err(Diag::new(
                    "nisa::keyword",
                    key_span,
                    format!("`{}` has no argument `{key}`", spec.name),
                )
                .with_label("unknown keyword")
                .with_help(format!("its arguments are {}, engine", keys.join(", "))));
            };
            if args[n].is_some() {
                return Err(
                    Diag::new("nisa::keyword", key_span, format!("`{key}` given twice"))
                        .with_label("a second value"),
                );
            }
            args[n] = Some(self.arg(spec.params[n].kind)?);
        }
        let close = self.prev_span();
        if let Some(p) = spec
            .params
            .iter()
            .zip(&args)
            .find(|(p, a)| p.required && a.is_none())
        {
            return Err(Diag::new(
                "nisa::keyword",
                start.to(close),
                format!("`{}` needs `{}=`", spec.name, p.0.name),
            )
            .with_label(format!("no `{}` argument", p.0.name)));
        }
        let loc = self.loc()?;
        Ok(Inst {
            op: spec.op,
            args,
            engine,
            loc,
            span: start.to(close),
        })
    }

    fn engine(&mut self) -> R<Engine> {
        let (name, sp) = self.word("an engine")?;
        Engine::from_name(&name).ok_or_else(|| {
            Diag::new("nisa::engine", sp, format!("unknown engine `{name}`"))
                .with_label("not an engine")
                .with_help("the engines are PE, ACT, DVE, GpSimd, SP, DMA")
        })
    }

    fn arg(&mut self, kind: Kind) -> R<Arg> {
        match kind {
            Kind::Dst | Kind::Src => Ok(Arg::Ap(self.access()?)),
            Kind::Scalar if matches!(self.peek(), Tok::Value(_)) => Ok(Arg::Ap(self.access()?)),
            Kind::Scalar | Kind::Float => Ok(Arg::Float(self.float()?)),
            Kind::Alu => {
                let (w, sp) = self.word("an ALU operator")?;
                let op = ALUS.iter().find(|(_, n)| *n == w).map(|(a, _)| *a);
                op.map(Arg::Alu).ok_or_else(|| {
                    let names: Vec<&str> = ALUS.iter().map(|a| a.1).collect();
                    Diag::new("nisa::operator", sp, format!("unknown ALU operator `{w}`"))
                        .with_label("not an ALU operator")
                        .with_help(format!("the operators are {}", names.join(", ")))
                })
            }
            Kind::Func => {
                let (w, sp) = self.word("an activation function")?;
                let f = FUNCS.iter().find(|(_, n)| *n == w).map(|(f, _)| *f);
                f.map(Arg::Func).ok_or_else(|| {
                    let names: Vec<&str> = FUNCS.iter().map(|f| f.1).collect();
                    Diag::new(
                        "nisa::function",
                        sp,
                        format!("unknown activation function `{w}`"),
                    )
                    .with_label("not an activation function")
                    .with_help(format!("the functions are {}", names.join(", ")))
                })
            }
            Kind::Axes => {
                self.expect("[")?;
                let mut axes = Vec::new();
                while !self.eat("]") {
                    if !axes.is_empty() {
                        self.expect(",")?;
                    }
                    let a = self.uint("an axis")?;
                    axes.push(u32::try_from(a).map_err(|_| self.error("a small axis"))?);
                }
                Ok(Arg::Axes(axes))
            }
            Kind::Flag => {
                if self.eat_word("true") {
                    Ok(Arg::Flag(true))
                } else if self.eat_word("false") {
                    Ok(Arg::Flag(false))
                } else {
                    Err(self.error("`true` or `false`"))
                }
            }
        }
    }

    fn float(&mut self) -> R<f64> {
        let neg = self.eat("-");
        let x = match self.peek().clone() {
            Tok::Int(i) => i as f64,
            Tok::Float(x) => x,
            Tok::Ident(w) if w == "inf" => f64::INFINITY,
            Tok::Ident(w) if w == "nan" => f64::NAN,
            _ => return Err(self.error("a number")),
        };
        self.at += 1;
        Ok(if neg { -x } else { x })
    }

    fn access(&mut self) -> R<Ap> {
        let (name, start) = self.value("a buffer `%name`")?;
        let Some(n) = self.buffers.iter().position(|b| b.name == name) else {
            return Err(
                Diag::new("nisa::undefined", start, format!("no buffer `%{name}`"))
                    .with_label("not declared in this kernel"),
            );
        };
        let buf = BufId(n as u32);
        if !self.eat(".") {
            let mut ap = Ap::whole(buf, &self.buffers[n].shape);
            ap.span = start;
            return Ok(ap);
        }
        if !self.eat_word("ap") {
            return Err(self.error("`ap`"));
        }
        self.expect("(")?;
        self.expect("[")?;
        let mut dims = Vec::new();
        while !self.eat("]") {
            if !dims.is_empty() {
                self.expect(",")?;
            }
            self.expect("[")?;
            let stride = self.int("a stride")?;
            self.expect(",")?;
            let size = self.uint("a size")?;
            self.expect("]")?;
            dims.push((stride, size));
        }
        let mut offset = Affine::constant(0);
        if self.eat(",") {
            if !self.eat_word("offset") {
                return Err(self.error("`offset=`"));
            }
            self.expect("=")?;
            offset = self.affine()?;
        }
        self.expect(")")?;
        Ok(Ap {
            buf,
            offset,
            dims,
            span: start.to(self.prev_span()),
        })
    }

    fn int(&mut self, what: &str) -> R<i64> {
        let neg = self.eat("-");
        match self.peek().clone() {
            Tok::Int(i) => {
                self.at += 1;
                Ok(if neg { -i } else { i })
            }
            _ => Err(self.error(what)),
        }
    }

    /// `c*%i + %j - 3`: terms of loop counters in scope and constants.
    fn affine(&mut self) -> R<Affine> {
        let mut a = Affine::default();
        let mut sign = if self.eat("-") { -1 } else { 1 };
        loop {
            let (coeff, counter) = match self.peek().clone() {
                Tok::Int(c) => {
                    self.at += 1;
                    if self.eat("*") {
                        (c, Some(self.counter()?))
                    } else {
                        (c, None)
                    }
                }
                Tok::Value(_) => (1, Some(self.counter()?)),
                _ => return Err(self.error("an offset term")),
            };
            let c = sign * coeff;
            match counter {
                None => a.base += c,
                Some(l) => match a.terms.iter_mut().find(|t| t.0 == l) {
                    Some(t) => t.1 += c,
                    None => a.terms.push((l, c)),
                },
            }
            sign = if self.eat("+") {
                1
            } else if self.eat("-") {
                -1
            } else {
                break;
            };
        }
        a.terms.retain(|t| t.1 != 0);
        a.terms.sort();
        Ok(a)
    }

    fn counter(&mut self) -> R<LoopId> {
        let (name, sp) = self.value("a loop counter")?;
        let found = self
            .scope
            .iter()
            .rev()
            .find(|l| self.loops[l.0 as usize] == name);
        found.copied().ok_or_else(|| {
            Diag::new(
                "nisa::undefined",
                sp,
                format!("no loop counter `%{name}` here"),
            )
            .with_label("not the counter of an enclosing loop")
        })
    }
}
