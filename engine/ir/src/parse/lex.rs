//! The lexer: a pull lexer over the source bytes, so the parser can switch to raw scanning where
//! MLIR's grammar is not token-based (tensor shapes like `2x128xf32`, dialect attribute bodies).

use egfuse_diag::{Diag, Span};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok {
    Eof,
    /// `foo`, `stablehlo.add`, `f32`, `x`.
    Bare,
    /// `%name` or `%name#3`.
    Percent,
    /// `@name` or `@"quoted"`.
    At,
    /// `#name` (an alias or a dialect attribute).
    Hash,
    /// `!name` (a dialect type).
    Bang,
    /// `^bb0`.
    Caret,
    Int,
    Float,
    /// A string literal; its text includes the quotes.
    Str,
    LParen,
    RParen,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    Less,
    Greater,
    Comma,
    Colon,
    ColonColon,
    Equal,
    Arrow,
    Question,
    Star,
    Plus,
    Minus,
}

/// A token: its kind and where it is; its text is `&src[span]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub tok: Tok,
    pub span: Span,
}

pub struct Lexer<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
}

fn is_id_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

fn is_id_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.')
}

fn is_suffix_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.' | b'-')
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a str) -> Lexer<'a> {
        Lexer {
            src,
            bytes: src.as_bytes(),
            pos: 0,
        }
    }

    pub fn src(&self) -> &'a str {
        self.src
    }

    pub fn pos(&self) -> usize {
        self.pos
    }

    pub fn set_pos(&mut self, pos: usize) {
        self.pos = pos;
    }

    /// Skips white space and `//` comments.
    pub fn skip_trivia(&mut self) {
        loop {
            while self.pos < self.bytes.len() && self.bytes[self.pos].is_ascii_whitespace() {
                self.pos += 1;
            }
            if self.bytes[self.pos..].starts_with(b"//") {
                while self.pos < self.bytes.len() && self.bytes[self.pos] != b'\n' {
                    self.pos += 1;
                }
            } else {
                return;
            }
        }
    }

    fn peek_byte(&self, offset: usize) -> u8 {
        self.bytes.get(self.pos + offset).copied().unwrap_or(0)
    }

    pub fn next_token(&mut self) -> Result<Token, Diag> {
        self.skip_trivia();
        let start = self.pos;
        let Some(&b) = self.bytes.get(self.pos) else {
            return Ok(Token {
                tok: Tok::Eof,
                span: Span::new(start, start),
            });
        };
        self.pos += 1;
        let tok = match b {
            b'(' => Tok::LParen,
            b')' => Tok::RParen,
            b'[' => Tok::LBracket,
            b']' => Tok::RBracket,
            b'{' => Tok::LBrace,
            b'}' => Tok::RBrace,
            b'<' => Tok::Less,
            b'>' => Tok::Greater,
            b',' => Tok::Comma,
            b'=' => Tok::Equal,
            b'?' => Tok::Question,
            b'*' => Tok::Star,
            b'+' => Tok::Plus,
            b':' if self.peek_byte(0) == b':' => {
                self.pos += 1;
                Tok::ColonColon
            }
            b':' => Tok::Colon,
            b'-' if self.peek_byte(0) == b'>' => {
                self.pos += 1;
                Tok::Arrow
            }
            b'-' if self.peek_byte(0).is_ascii_digit() => self.number()?,
            b'-' => Tok::Minus,
            b'"' => {
                self.string_body(start)?;
                Tok::Str
            }
            b'%' => self.prefixed(start, Tok::Percent, "a value name after `%`")?,
            b'@' => self.symbol(start)?,
            b'#' => self.prefixed(start, Tok::Hash, "an attribute name after `#`")?,
            b'!' => self.prefixed(start, Tok::Bang, "a type name after `!`")?,
            b'^' => self.prefixed(start, Tok::Caret, "a block name after `^`")?,
            b'0'..=b'9' => {
                self.pos -= 1;
                self.number()?
            }
            _ if is_id_start(b) => {
                while self.pos < self.bytes.len() && is_id_char(self.bytes[self.pos]) {
                    self.pos += 1;
                }
                Tok::Bare
            }
            _ => {
                let ch = self.src[start..].chars().next().unwrap_or('?');
                self.pos = start + ch.len_utf8();
                return Err(Diag::new(
                    "parse::char",
                    Span::new(start, self.pos),
                    format!("unexpected character `{ch}`"),
                )
                .with_label("not part of MLIR's syntax"));
            }
        };
        Ok(Token {
            tok,
            span: Span::new(start, self.pos),
        })
    }

    fn prefixed(&mut self, start: usize, tok: Tok, what: &str) -> Result<Tok, Diag> {
        let body = self.pos;
        while self.pos < self.bytes.len() && is_suffix_char(self.bytes[self.pos]) {
            self.pos += 1;
        }
        if self.pos == body {
            return Err(Diag::new(
                "parse::expected",
                Span::new(start, self.pos.max(start + 1)),
                format!("expected {what}"),
            ));
        }
        // `%0#1`: a result of a multi-result op.
        if tok == Tok::Percent && self.peek_byte(0) == b'#' && self.peek_byte(1).is_ascii_digit() {
            self.pos += 1;
            while self.peek_byte(0).is_ascii_digit() {
                self.pos += 1;
            }
        }
        Ok(tok)
    }

    fn symbol(&mut self, start: usize) -> Result<Tok, Diag> {
        if self.peek_byte(0) == b'"' {
            self.pos += 1;
            self.string_body(start)?;
            return Ok(Tok::At);
        }
        self.prefixed(start, Tok::At, "a symbol name after `@`")
    }

    /// Scans to the closing quote of a string whose opening quote is already consumed.
    fn string_body(&mut self, start: usize) -> Result<(), Diag> {
        loop {
            let rest = self.bytes.get(self.pos..).unwrap_or_default();
            let Some(skip) = memchr::memchr3(b'"', b'\\', b'\n', rest) else {
                self.pos = self.bytes.len();
                break;
            };
            self.pos += skip + 1;
            match rest[skip] {
                b'"' => return Ok(()),
                b'\\' => self.pos += 1,
                _ => break,
            }
        }
        Err(Diag::new(
            "parse::string",
            Span::new(start, self.pos.min(self.bytes.len())),
            "unterminated string literal",
        )
        .with_label("this string has no closing quote on its line"))
    }

    fn number(&mut self) -> Result<Tok, Diag> {
        let start = self.pos;
        if self.peek_byte(0) == b'-' {
            self.pos += 1;
        }
        if self.peek_byte(0) == b'0'
            && self.peek_byte(1) == b'x'
            && self.peek_byte(2).is_ascii_hexdigit()
        {
            self.pos += 2;
            while self.peek_byte(0).is_ascii_hexdigit() {
                self.pos += 1;
            }
            return Ok(Tok::Int);
        }
        while self.peek_byte(0).is_ascii_digit() {
            self.pos += 1;
        }
        if self.peek_byte(0) != b'.' {
            return Ok(Tok::Int);
        }
        self.pos += 1;
        while self.peek_byte(0).is_ascii_digit() {
            self.pos += 1;
        }
        if matches!(self.peek_byte(0), b'e' | b'E') {
            let save = self.pos;
            self.pos += 1;
            if matches!(self.peek_byte(0), b'+' | b'-') {
                self.pos += 1;
            }
            if !self.peek_byte(0).is_ascii_digit() {
                return Err(Diag::new(
                    "parse::number",
                    Span::new(start, save + 1),
                    "malformed float exponent",
                )
                .with_label("expected digits after the exponent"));
            }
            while self.peek_byte(0).is_ascii_digit() {
                self.pos += 1;
            }
        }
        Ok(Tok::Float)
    }

    /// Scans a balanced `<...>` body starting at the current position (which must be `<`) and
    /// returns the span of the text between the brackets. Nested `<>`, `()`, `[]`, `{}` and
    /// strings are skipped; `->` does not close.
    pub fn balanced_angle(&mut self) -> Result<Span, Diag> {
        let open = self.pos;
        let mut stack: Vec<u8> = vec![b'>'];
        self.pos += 1;
        while let Some(&b) = self.bytes.get(self.pos) {
            self.pos += 1;
            match b {
                b'"' => self.string_body(self.pos - 1)?,
                b'-' if self.peek_byte(0) == b'>' => self.pos += 1,
                b'<' => stack.push(b'>'),
                b'(' => stack.push(b')'),
                b'[' => stack.push(b']'),
                b'{' => stack.push(b'}'),
                b'>' | b')' | b']' | b'}' => {
                    if stack.pop() != Some(b) {
                        let at = Span::new(self.pos - 1, self.pos);
                        return Err(Diag::new(
                            "parse::bracket",
                            at,
                            format!("unbalanced `{}`", b as char),
                        )
                        .with_label("this bracket does not match the one it closes"));
                    }
                    if stack.is_empty() {
                        return Ok(Span::new(open + 1, self.pos - 1));
                    }
                }
                _ => {}
            }
        }
        Err(
            Diag::new("parse::bracket", Span::new(open, open + 1), "unclosed `<`")
                .with_label("this `<` is never closed"),
        )
    }

    /// Scans the dimension list of a shaped type: `2x?x128x` (each followed by `x`). Returns the
    /// dims; stops before the element type. `*x` (unranked) returns `None`.
    pub fn dims(&mut self) -> Result<Option<Vec<i64>>, Diag> {
        self.skip_trivia();
        if self.peek_byte(0) == b'*' && self.peek_byte(1) == b'x' {
            self.pos += 2;
            return Ok(None);
        }
        let mut dims = Vec::new();
        loop {
            let start = self.pos;
            let dim = if self.peek_byte(0) == b'?' {
                self.pos += 1;
                crate::DYNAMIC
            } else if self.peek_byte(0).is_ascii_digit() {
                while self.peek_byte(0).is_ascii_digit() {
                    self.pos += 1;
                }
                self.src[start..self.pos].parse::<i64>().map_err(|_| {
                    Diag::new(
                        "parse::dim",
                        Span::new(start, self.pos),
                        "dimension size out of range",
                    )
                })?
            } else {
                return Ok(Some(dims));
            };
            if self.peek_byte(0) != b'x' {
                let at = Span::new(self.pos, self.pos + 1);
                return Err(
                    Diag::new("parse::dim", at, "expected `x` after a dimension size")
                        .with_label("shapes are written `2x3xf32`"),
                );
            }
            self.pos += 1;
            dims.push(dim);
        }
    }
}
