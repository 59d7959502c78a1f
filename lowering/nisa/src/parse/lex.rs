//! The lexer of the nisa text form: names (`kernel`, `%buf`, `@kernel`), integers and floats,
//! strings (inside `loc(...)`), punctuation, and `//` comments, skipped.

use egfuse_diag::{Diag, Span};

#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    Ident(String),
    Value(String),
    Symbol(String),
    Int(i64),
    Float(f64),
    Str(String),
    Punct(&'static str),
    Eof,
}

pub fn describe(t: &Tok) -> String {
    match t {
        Tok::Ident(s) => format!("`{s}`"),
        Tok::Value(s) => format!("`%{s}`"),
        Tok::Symbol(s) => format!("`@{s}`"),
        Tok::Int(i) => format!("`{i}`"),
        Tok::Float(x) => format!("`{x}`"),
        Tok::Str(_) => "a string".into(),
        Tok::Punct(p) => format!("`{p}`"),
        Tok::Eof => "the end of the input".into(),
    }
}

const PUNCTS: &[&str] = &[
    "..", "->", ">=", "(", ")", "[", "]", "{", "}", ",", "=", ":", "*", "+", "-", ".",
];

pub fn lex(src: &str) -> Result<Vec<(Tok, Span)>, Diag> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if src[i..].starts_with("//") {
            i = src[i..].find('\n').map_or(b.len(), |n| i + n);
        } else if c == b'%' || c == b'@' || is_ident_start(c) {
            let start = i + usize::from(!is_ident_start(c));
            let end = start + src[start..].bytes().take_while(|&c| is_ident(c)).count();
            let text = src[start..end].to_string();
            let tok = match c {
                b'%' => Tok::Value(text),
                b'@' => Tok::Symbol(text),
                _ => Tok::Ident(text),
            };
            if end == start {
                return Err(
                    Diag::new("nisa::syntax", Span::new(i, i + 1), "a name must follow")
                        .with_label("expected a name after this"),
                );
            }
            out.push((tok, Span::new(i, end)));
            i = end;
        } else if c.is_ascii_digit() {
            let (tok, end) = number(src, i)?;
            out.push((tok, Span::new(i, end)));
            i = end;
        } else if c == b'"' {
            let end = string_end(src, i)?;
            out.push((Tok::Str(src[i..end].to_string()), Span::new(i, end)));
            i = end;
        } else if let Some(p) = PUNCTS.iter().find(|p| src[i..].starts_with(**p)) {
            out.push((Tok::Punct(p), Span::new(i, i + p.len())));
            i += p.len();
        } else {
            let ch = src[i..].chars().next().unwrap_or('?');
            let end = i + ch.len_utf8();
            return Err(Diag::new(
                "nisa::syntax",
                Span::new(i, end),
                format!("unexpected character {ch:?}"),
            )
            .with_label("not part of the nisa text form"));
        }
    }
    out.push((Tok::Eof, Span::new(b.len(), b.len())));
    Ok(out)
}

pub(crate) fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

pub(crate) fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// A number from `i`: digits, then a fraction and an exponent for a float. A `.` followed by a
/// second `.` ends it, so `0..4` is a range.
fn number(src: &str, i: usize) -> Result<(Tok, usize), Diag> {
    let b = src.as_bytes();
    let mut end = i;
    let digits = |mut j: usize| {
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        j
    };
    end = digits(end);
    let mut float = false;
    if end + 1 < b.len() && b[end] == b'.' && b[end + 1] != b'.' {
        float = true;
        end = digits(end + 1);
    }
    if end < b.len() && (b[end] == b'e' || b[end] == b'E') {
        let mut j = end + 1;
        if j < b.len() && (b[j] == b'+' || b[j] == b'-') {
            j += 1;
        }
        if j < b.len() && b[j].is_ascii_digit() {
            float = true;
            end = digits(j);
        }
    }
    let text = &src[i..end];
    let bad = || {
        Diag::new(
            "nisa::syntax",
            Span::new(i, end),
            format!("bad number `{text}`"),
        )
        .with_label("out of range")
    };
    if float {
        text.parse()
            .map(|x| (Tok::Float(x), end))
            .map_err(|_| bad())
    } else {
        text.parse().map(|x| (Tok::Int(x), end)).map_err(|_| bad())
    }
}

fn string_end(src: &str, i: usize) -> Result<usize, Diag> {
    let b = src.as_bytes();
    let mut j = i + 1;
    while j < b.len() {
        match b[j] {
            b'\\' => j += 1 + src[j + 1..].chars().next().map_or(0, char::len_utf8),
            b'"' => return Ok(j + 1),
            b'\n' => break,
            _ => j += 1,
        }
    }
    Err(Diag::new(
        "nisa::syntax",
        Span::new(i, j.min(b.len())),
        "unterminated string",
    )
    .with_label("this string has no closing quote on its line"))
}
