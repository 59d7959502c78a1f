//! The parser's pieces for text forms built on nisa's (the encoder's per-engine streams): a
//! kernel's header and buffers, instructions, affine counts, loops and the device program,
//! each read as `parse` reads it, with the same diagnostics.

use super::lex::Tok;
use super::{Parser, MAX_DEPTH, R};
use crate::device::Device;
use crate::{Affine, Inst, Kernel, LoopId};
use egfuse_diag::{Diag, Span};

/// Reads nisa text token by token.
pub struct Reader<'s> {
    p: Parser<'s>,
    /// The trip count of every loop counter read so far, by [`LoopId`].
    counts: Vec<u64>,
}

impl<'s> Reader<'s> {
    pub fn new(src: &'s str) -> R<Reader<'s>> {
        Ok(Reader {
            p: Parser::new(src)?,
            counts: Vec::new(),
        })
    }

    pub fn at_end(&self) -> bool {
        self.p.peek() == &Tok::Eof
    }

    /// Whether the next token is the word `w` (not consumed).
    pub fn peek_word(&self, w: &str) -> bool {
        matches!(self.p.peek(), Tok::Ident(s) if s == w)
    }

    pub fn eat_word(&mut self, w: &str) -> bool {
        self.p.eat_word(w)
    }

    pub fn eat(&mut self, punct: &str) -> bool {
        self.p.eat(punct)
    }

    pub fn expect(&mut self, punct: &str) -> R<Span> {
        self.p.expect(punct)
    }

    pub fn word(&mut self, what: &str) -> R<(String, Span)> {
        self.p.word(what)
    }

    /// A `%name`.
    pub fn value(&mut self, what: &str) -> R<(String, Span)> {
        self.p.value(what)
    }

    pub fn uint(&mut self, what: &str) -> R<u64> {
        self.p.uint(what)
    }

    /// The span of the next token.
    pub fn span(&self) -> Span {
        self.p.span()
    }

    pub fn prev_span(&self) -> Span {
        self.p.prev_span()
    }

    /// `expected WHAT, found ...` at the next token.
    pub fn error(&self, what: &str) -> Diag {
        self.p.error(what)
    }

    /// `kernel @name kind K loc(...) {` and its buffers; the kernel's loops start empty.
    pub fn header(&mut self) -> R<Kernel> {
        self.counts.clear();
        self.p.header()
    }

    /// Gives `k` the buffers and loop counters read since its header.
    pub fn finish(&mut self, k: &mut Kernel) {
        k.buffers = std::mem::take(&mut self.p.buffers);
        k.loops = std::mem::take(&mut self.p.loops);
        k.span = k.span.to(self.p.prev_span());
    }

    /// After `for`: `%name in 0..N {`. A counter named before is the same loop, and must
    /// have the same trip count; the loop is in scope until [`Reader::close_loop`].
    pub fn open_loop(&mut self) -> R<(LoopId, u64, Span)> {
        let start = self.p.prev_span();
        if self.p.scope.len() >= MAX_DEPTH {
            return Err(Diag::new("nisa::syntax", start, "loops nested too deeply")
                .with_label(format!("more than {MAX_DEPTH} levels of `for`")));
        }
        let (name, name_span) = self.p.value("the loop counter `%name`")?;
        if !self.p.eat_word("in") {
            return Err(self.p.error("`in`"));
        }
        if self.p.peek() != &Tok::Int(0) {
            return Err(self.p.error("`0` (loops count from 0)"));
        }
        self.p.at += 1;
        self.p.expect("..")?;
        let count = self.p.uint("the loop's trip count")?;
        self.p.expect("{")?;
        let counter = match self.p.loops.iter().position(|l| *l == name) {
            Some(n) => LoopId(n as u32),
            None => {
                self.p.loops.push(name.clone());
                self.counts.push(count);
                LoopId(self.p.loops.len() as u32 - 1)
            }
        };
        let before = self.counts[counter.0 as usize];
        if before != count {
            let msg = format!("`%{name}` runs {before} trips above and {count} here");
            return Err(
                Diag::new("nisa::loop", name_span, msg).with_label("one counter, one trip count")
            );
        }
        if self.p.scope.contains(&counter) {
            let msg = format!("`%{name}` is already a loop around this one");
            return Err(Diag::new("nisa::loop", name_span, msg).with_label("a second loop"));
        }
        self.p.scope.push(counter);
        Ok((counter, count, start))
    }

    pub fn close_loop(&mut self) {
        self.p.scope.pop();
    }

    pub fn inst(&mut self) -> R<Inst> {
        self.p.inst()
    }

    /// `c*%i + %j - 3`, over the loop counters in scope.
    pub fn affine(&mut self) -> R<Affine> {
        self.p.affine()
    }

    /// `device @name { ... }`, after `device` has been peeked.
    pub fn device(&mut self) -> R<Device> {
        self.p.device()
    }
}
