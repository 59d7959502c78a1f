//! The nesting bound of rule files, checked on the text before pest sees it: pest's parser,
//! the tree builder, the checks and the printer all recurse once per level of `(`, `[` and `{`,
//! so a file of 20,000 nested parentheses would overflow the stack of any of them.

use egfuse_diag::{Diag, Span};

/// The deepest nesting of brackets a rule file may have. The default rules nest at most five
/// levels (an op inside an op inside a rewrite's side); at this depth every stage's recursion
/// stays far below a 2 MB thread stack.
pub const MAX_NESTING: usize = 256;

/// The bracket that opens the first level past [`MAX_NESTING`], as a diagnostic, if any.
/// Brackets in comments and strings do not count; closing brackets need not match (pest
/// reports that).
pub(super) fn check(src: &str) -> Option<Diag> {
    let bytes = src.as_bytes();
    let (mut depth, mut i) = (0usize, 0usize);
    while i < bytes.len() {
        match bytes[i] {
            b'#' => i = line_end(bytes, i),
            b'"' => i = string_end(bytes, i),
            b'(' | b'[' | b'{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    let message = format!("nesting deeper than {MAX_NESTING} levels");
                    let d = Diag::new("parse::nesting", Span::new(i, i + 1), message)
                        .with_label(format!("nesting deeper than {MAX_NESTING}"));
                    return Some(d);
                }
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    None
}

/// The index of the newline ending the line at `i` (or the end of the text).
fn line_end(bytes: &[u8], i: usize) -> usize {
    (bytes[i..].iter().position(|&b| b == b'\n')).map_or(bytes.len(), |n| i + n)
}

/// The index of the quote closing the string opened at `i`; a string ends on its line.
fn string_end(bytes: &[u8], i: usize) -> usize {
    let rest = &bytes[i + 1..];
    (rest.iter().position(|&b| b == b'"' || b == b'\n')).map_or(bytes.len(), |n| i + 1 + n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_level_past_the_limit_is_reported_at_its_bracket() {
        let ok = "(".repeat(MAX_NESTING) + &")".repeat(MAX_NESTING);
        assert!(check(&ok).is_none());
        let deep = format!("# ((((\n\"[[[\" {}", "(".repeat(MAX_NESTING + 1));
        let d = check(&deep).expect("too deep");
        assert_eq!(d.span.start as usize, deep.len() - 1);
        assert_eq!(d.message, "nesting deeper than 256 levels");
    }
}
