//! Syntax errors in words: what pest expected at the first token it could not take, named the
//! way the language reference names it, and what it found there.

use super::Rule;
use egfuse_diag::{Diag, Span};

/// A pest error as a diagnostic: what was expected, in words, at the first token pest could not
/// take (pest's detailed parse attempts name the punctuation too).
pub(super) fn syntax_error(src: &str, e: &pest::error::Error<Rule>) -> Diag {
    let (at, expected) = match e.parse_attempts() {
        Some(attempts) => {
            let mut expected: Vec<String> = Vec::new();
            let rules = attempts
                .call_stacks
                .iter()
                .filter_map(|c| c.deepest.get_rule().and_then(|r| describe(*r)))
                .map(str::to_string);
            let tokens = attempts
                .expected_tokens()
                .into_iter()
                .filter_map(|t| token_words(&t.to_string()));
            for d in tokens.chain(rules) {
                if !expected.contains(&d) {
                    expected.push(d);
                }
            }
            (attempts.max_position, subsume(expected))
        }
        None => (error_pos(e), Vec::new()),
    };
    let at = at.min(src.len());
    let at = at + src[at..].len() - src[at..].trim_start().len();
    let found = token_at(src, at);
    let (span, label) = if found.is_empty() {
        // At the end of the file, point at its last character.
        let last = src.trim_end().len();
        let start = src[..last].char_indices().last().map_or(0, |(i, _)| i);
        (
            Span::new(start, last),
            "the file ends after this".to_string(),
        )
    } else {
        let span = Span::new(at, at + found.len());
        (span, format!("found `{}`", found.escape_debug()))
    };
    Diag::new(
        "parse::syntax",
        span,
        format!("expected {}", one_of(&expected)),
    )
    .with_label(label)
}

fn error_pos(e: &pest::error::Error<Rule>) -> usize {
    match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    }
}

/// The word or symbol starting at `at` (empty at the end of the file).
fn token_at(src: &str, at: usize) -> &str {
    let rest = &src[at.min(src.len())..];
    let word = rest
        .char_indices()
        .find(|&(_, c)| !(c.is_alphanumeric() || "_.%$-".contains(c)))
        .map_or(rest.len(), |(i, _)| i);
    if word > 0 {
        &rest[..word]
    } else {
        rest.chars().next().map_or("", |c| &rest[..c.len_utf8()])
    }
}

fn one_of(items: &[String]) -> String {
    match items {
        [] => SOMETHING.to_string(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

const SOMETHING: &str = "something else";
const OPERAND: &str = "an operand";
const VAR: &str = "a variable such as `%x`";
const NUMBER: &str = "a number";
const OP_NAME: &str = "an op name such as `stablehlo.add`";

/// An expected literal token in the words a diagnostic uses: punctuation and keywords as they
/// are; the first characters of variables, captures, numbers and strings as what they start;
/// whitespace, comments and characters inside words not at all.
fn token_words(token: &str) -> Option<String> {
    let words = match token {
        "%" => VAR,
        "$" => "a capture such as `$d`",
        "-" | "inf" => NUMBER,
        "\"" => "a string",
        "." | "e" | "E" | "+" | "#" | "BUILTIN_RULE" => return None,
        t if t.trim().is_empty() || (t.len() > 2 && t.contains("..")) => return None,
        t => return Some(format!("`{t}`")),
    };
    Some(words.to_string())
}

/// Drops what a broader expectation in the list already covers (an operand covers a variable,
/// a number, `_`, `splat`, `commute` and an op name).
fn subsume(expected: Vec<String>) -> Vec<String> {
    if !expected.iter().any(|e| e == OPERAND) {
        return expected;
    }
    let covered = [VAR, NUMBER, OP_NAME, "`_`", "`splat`", "`commute`"];
    expected
        .into_iter()
        .filter(|e| !covered.contains(&e.as_str()))
        .collect()
}

/// A grammar rule in the words a diagnostic uses; `None` for rules whose own punctuation
/// (listed separately) is what was expected.
fn describe(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::EOI => "the end of the file",
        // Not `fusion`, `rewrite` or `fragment` themselves: pest names the rule around the
        // attempts when they are many (a fusion's body), and the keyword is not what is
        // expected inside it.
        Rule::kw_fusion => "`fusion`",
        Rule::kw_rewrite => "`rewrite`",
        Rule::kw_fragment => "`fragment`",
        Rule::or_else | Rule::kw_or => "`or`",
        Rule::call => "a fragment call",
        Rule::params => "`(`",
        Rule::reserved | Rule::reserved_kw => "`opcode`",
        Rule::select | Rule::kw_select => "`select`",
        Rule::kernel | Rule::kw_kernel => "`kernel`",
        Rule::route | Rule::kw_route => "`route`",
        Rule::kw_layout => "`layout`",
        Rule::kw_tile => "`tile`",
        Rule::kw_then => "`then`",
        Rule::nisa_call => "a nisa instruction",
        Rule::nisa_arg => "`key = value`",
        Rule::nisa_value | Rule::recip | Rule::neg => "a value",
        Rule::nisa_ops => "a nisa instruction name or `_`",
        Rule::kind | Rule::kw_kind => "`kind`",
        Rule::anchor | Rule::kw_anchor => "`anchor`",
        Rule::phase | Rule::kw_phase => "`phase`",
        Rule::flag | Rule::kw_flag => "`flag`",
        Rule::priority | Rule::kw_priority => "`priority`",
        Rule::preds | Rule::kw_if => "`if`",
        Rule::commute | Rule::kw_commute => "`commute`",
        Rule::as_name | Rule::kw_as => "`as`",
        Rule::splat | Rule::kw_splat => "`splat`",
        Rule::penguin | Rule::kw_penguin => "`penguin`",
        Rule::grow | Rule::kw_grow => "`grow`",
        Rule::kw_over => "`over`",
        Rule::except | Rule::kw_except => "`except`",
        Rule::close | Rule::kw_close => "`close`",
        Rule::copy | Rule::kw_copy => "`copy`",
        Rule::edge | Rule::kw_edge => "`edge`",
        Rule::limits | Rule::kw_limit => "`limit`",
        Rule::kw_elementwise => "`elementwise`",
        Rule::reads | Rule::through | Rule::kw_through => "`through`",
        Rule::kw_converts => "`converts`",
        Rule::tolerance | Rule::kw_tolerance => "`tolerance`",
        Rule::ident => "a name",
        Rule::rule_name => "a rule name",
        Rule::op_name | Rule::op_alts | Rule::op_class => OP_NAME,
        Rule::var => VAR,
        Rule::capture => "a capture such as `$d`",
        Rule::wildcard => "`_`",
        Rule::number | Rule::constant => NUMBER,
        Rule::string => "a string",
        Rule::bare | Rule::literal | Rule::alternatives => "a literal",
        Rule::attr_dict => "`{`",
        Rule::attr_value | Rule::field_value | Rule::arg => "a value",
        Rule::operand | Rule::expr => OPERAND,
        Rule::cmp_op | Rule::compare => "a comparison such as `==`",
        _ => return None,
    })
}
