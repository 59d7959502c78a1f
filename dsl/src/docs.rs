//! Doc comments: the `#` lines directly above an item are its documentation (the first is its
//! law), or, when there are none, a comment at the end of the item's first line. A comment
//! block at the top of a file that a blank line separates from the rest is the file's header.

/// The text of a comment line (without `#` and one following space), if `line` is one.
fn comment_text(line: &str) -> Option<String> {
    let rest = line.trim().strip_prefix('#')?;
    Some(
        rest.strip_prefix(' ')
            .unwrap_or(rest)
            .trim_end()
            .to_string(),
    )
}

/// The leading comment block of `src`, when a blank line follows it and it is not the doc of
/// the first item (which starts at byte `first_item`).
pub fn header(src: &str, first_item: Option<usize>) -> Vec<String> {
    let mut lines = Vec::new();
    let mut offset = 0;
    for line in src.split_inclusive('\n') {
        if first_item.is_some_and(|f| offset >= f) {
            break;
        }
        match comment_text(line) {
            Some(text) => lines.push(text),
            None if line.trim().is_empty() && !lines.is_empty() => return lines,
            None if line.trim().is_empty() => {}
            None => break,
        }
        offset += line.len();
    }
    if first_item.is_none() {
        lines
    } else {
        Vec::new()
    }
}

/// The doc comment of the item whose text starts at byte `start`.
pub fn doc_of(src: &str, start: usize) -> Vec<String> {
    let line_start = src[..start].rfind('\n').map_or(0, |i| i + 1);
    let mut lines: Vec<String> = src[..line_start]
        .lines()
        .rev()
        .map_while(comment_text)
        .collect();
    lines.reverse();
    if lines.is_empty() {
        let first_line = src[start..].lines().next().unwrap_or("");
        if let Some(text) = trailing_comment(first_line) {
            lines.push(text);
        }
    }
    lines
}

/// A comment at the end of a line of code (a `#` outside a string).
fn trailing_comment(line: &str) -> Option<String> {
    let mut in_string = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => in_string = !in_string,
            '#' if !in_string => return comment_text(&line[i..]),
            _ => {}
        }
    }
    None
}
