//! A look at an input before it is parsed, so that a file that is not MLIR text at all gets one
//! sentence saying what it is and what egfuse expected, rather than the first syntax error the
//! parser would meet in it (`expected an attribute name after #` for a Markdown heading).
//!
//! It tells apart: an empty file, a binary file (a NUL byte; MLIR bytecode by its magic
//! number), XLA's HLO text (`HloModule name, ...`), and text whose first word no MLIR file
//! starts with. Anything else is left to the parser, which points at its first problem.

use egfuse_diag::{Diag, Span};

/// The ways to export StableHLO text.
const EXPORTS: &str = "from JAX, `jax.jit(f).lower(*args).as_text()` or \
`jax.export.export(jax.jit(f))(*args).mlir_module()`; from PyTorch/XLA, \
`exported_program_to_stablehlo(ep).get_stablehlo_text()`";

/// The help of the diagnostics here: what egfuse reads, and how to get it.
fn how_to_export() -> String {
    format!("egfuse reads StableHLO as MLIR text: {EXPORTS}")
}

/// MLIR bytecode's magic number, `ML\xEFR`.
const BYTECODE_MAGIC: &[u8] = b"ML\xEFR";

/// Whether `bytes` are a binary file rather than text, as a diagnostic when they are (MLIR
/// bytecode, or any file with a NUL byte: no text format egfuse reads holds one), with the
/// printable text it points into (control characters shown as `.`).
pub fn binary(bytes: &[u8]) -> Option<(Diag, String)> {
    let d = if bytes.starts_with(BYTECODE_MAGIC) {
        Diag::new(
            "input::bytecode",
            Span::new(0, 2),
            "this is MLIR bytecode, not MLIR text: egfuse reads the text form",
        )
        .with_label("the bytecode magic number")
        .with_help(
            "print it as text with `mlir-opt FILE` (or `stablehlo-translate --deserialize FILE` \
             for a StableHLO portable artifact)",
        )
    } else {
        // Text is the common case: one scan for a NUL byte, and nothing decoded.
        memchr::memchr(0, bytes)?;
        let at = String::from_utf8_lossy(bytes).find('\0')?;
        Diag::new(
            "input::binary",
            Span::new(at, at + 1),
            "this is a binary file (it holds a NUL byte), not MLIR text",
        )
        .with_label("a NUL byte")
        .with_help(how_to_export())
    };
    let text: String = String::from_utf8_lossy(bytes)
        .chars()
        .map(|c| if c.is_control() && c != '\n' { '.' } else { c })
        .collect();
    Some((d, text))
}

/// Whether `src` is something other than MLIR text, as a diagnostic when it is: an empty file,
/// HLO text, or text whose first word no MLIR file starts with.
pub fn sniff(src: &str) -> Option<Diag> {
    let Some((at, word)) = first_word(src) else {
        let d = Diag::new(
            "input::empty",
            Span::new(0, 0),
            "the file is empty (or only whitespace and comments): egfuse expected an MLIR module \
             (`module { func.func ... }`)",
        )
        .with_label("there is no MLIR here")
        .with_help(how_to_export());
        return Some(d);
    };
    let span = Span::new(at, at + word.len());
    if word == "HloModule" {
        let d = Diag::new(
            "input::hlo",
            span,
            "this is XLA's HLO text, not StableHLO: egfuse reads StableHLO as MLIR text",
        )
        .with_label("HLO text starts with `HloModule`")
        .with_help(format!(
            "export StableHLO instead ({EXPORTS}), or convert this file with XLA's \
             `xla-translate --hlo-text-to-stablehlo FILE`"
        ));
        return Some(d);
    }
    if starts_mlir(word) {
        return None;
    }
    let d = Diag::new(
        "input::not_mlir",
        span,
        format!(
            "this does not look like MLIR: a module starts with `module`, `func.func`, an op or \
             an alias (`#name = ...`), not `{}`",
            shown(word)
        ),
    )
    .with_label("egfuse expected MLIR text here")
    .with_help(how_to_export());
    Some(d)
}

/// The byte offset and text of the first word of `src`, past whitespace and `//` comments: a
/// run of characters up to whitespace, or a single punctuation character.
fn first_word(src: &str) -> Option<(usize, &str)> {
    let mut rest = src;
    loop {
        let trimmed = rest.trim_start();
        if trimmed.is_empty() {
            return None;
        }
        if let Some(comment) = trimmed.strip_prefix("//") {
            rest = comment.find('\n').map_or("", |i| &comment[i..]);
            continue;
        }
        let at = src.len() - trimmed.len();
        let end = trimmed
            .find(|c: char| c.is_whitespace())
            .unwrap_or(trimmed.len());
        return Some((at, &trimmed[..end]));
    }
}

/// Whether an MLIR file may start with `word`: `module`, an op name (`func.func`,
/// `"dialect.op"`), a result (`%0`), an alias or location alias (`#loc = ...`, `!t = ...`), or
/// file metadata (`{-#`).
fn starts_mlir(word: &str) -> bool {
    let ident = |s: &str| {
        s.chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    if word == "module" || word.starts_with("module{") || word.starts_with("module@") {
        return true;
    }
    match word.as_bytes().first() {
        Some(b'"' | b'%' | b'(') => true,
        Some(b'#' | b'!') => ident(&word[1..]),
        Some(b'{') => word.starts_with("{-#"),
        Some(c) if c.is_ascii_alphabetic() || *c == b'_' => {
            let name = word.split(['(', '{', '<']).next().unwrap_or(word);
            name.contains('.') && name.split('.').all(ident)
        }
        _ => false,
    }
}

/// `word` as the message quotes it: at most 20 characters.
fn shown(word: &str) -> String {
    let mut s: String = word.chars().take(20).collect();
    if s.len() < word.len() {
        s.push_str("...");
    }
    s
}
