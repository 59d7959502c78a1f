//! Reading a target file into a [`Target`]: one pass over the lines that collects every
//! problem (unknown section or key, duplicate or missing key, bad number or unit, a negative or
//! zero value) as a [`Diag`] with a span on the offending text, then the missing keys.
//!
//! Spans come from the slices themselves: every token is a slice of the source, so its offset
//! is its distance from the source's start.

use super::target::{KeySpec, Target, KEYS, KEY_COUNT, NAME_SECTION, SECTIONS};
use super::units::{read, NumberError, Quantity};
use egfuse_diag::{line_col, Diag, Span};

/// Parses a target file, reporting every problem at once, sorted by position.
pub fn parse(src: &str) -> Result<Target, Vec<Diag>> {
    let mut p = Parser::new(src);
    for line in src.lines() {
        p.line(line);
    }
    p.finish()
}

/// Where a key was set, and to what (`None` when its value was bad and already reported).
#[derive(Clone, Copy)]
struct Seen {
    value: Option<u64>,
    at: Span,
}

/// The current section: its name, and whether it is one of [`SECTIONS`].
struct Section<'s> {
    name: &'s str,
    known: bool,
}

struct Parser<'s> {
    src: &'s str,
    diags: Vec<Diag>,
    section: Option<Section<'s>>,
    headers: Vec<(&'s str, Span)>,
    values: [Option<Seen>; KEY_COUNT],
    name: Option<(String, Span)>,
}

impl<'s> Parser<'s> {
    fn new(src: &'s str) -> Parser<'s> {
        Parser {
            src,
            diags: Vec::new(),
            section: None,
            headers: Vec::new(),
            values: [None; KEY_COUNT],
            name: None,
        }
    }

    /// The span of `part`, a slice of the source.
    fn span(&self, part: &str) -> Span {
        let start = part.as_ptr() as usize - self.src.as_ptr() as usize;
        Span::new(start, start + part.len())
    }

    fn line(&mut self, line: &'s str) {
        let content = line.split_once('#').map_or(line, |(c, _)| c).trim();
        if content.is_empty() {
            return;
        }
        if content.starts_with('[') {
            self.header(content);
        } else {
            self.entry(content);
        }
    }

    fn header(&mut self, text: &'s str) {
        let span = self.span(text);
        let inner = &text[1..];
        let name = inner.strip_suffix(']').unwrap_or_else(|| {
            let d = Diag::new("target::syntax", span, "a section header is `[name]`")
                .with_label("no closing `]`");
            self.diags.push(d);
            inner
        });
        let name = name.trim();
        let known = SECTIONS.contains(&name);
        if !known {
            let d = Diag::new(
                "target::unknown_section",
                span,
                format!("unknown section [{name}]"),
            )
            .with_label("not a section of a target file")
            .with_help(format!(
                "the sections are {}",
                words(SECTIONS.iter().copied())
            ));
            self.diags.push(d);
        } else if let Some(&(_, first)) = self.headers.iter().find(|(n, _)| *n == name) {
            let d = Diag::new(
                "target::duplicate_section",
                span,
                format!("duplicate section [{name}]"),
            )
            .with_label("opened again here")
            .with_help(format!(
                "[{name}] was first opened on line {}",
                self.line_of(first)
            ));
            self.diags.push(d);
        } else {
            self.headers.push((name, span));
        }
        self.section = Some(Section { name, known });
    }

    fn line_of(&self, span: Span) -> usize {
        line_col(self.src, span.start as usize).0
    }

    fn entry(&mut self, text: &'s str) {
        let Some((key, rest)) = text.split_once('=') else {
            let d = Diag::new("target::syntax", self.span(text), "expected `key = value`")
                .with_label("no `=` on this line");
            self.diags.push(d);
            self.mark_seen(text.split_whitespace().next().unwrap_or(text));
            return;
        };
        let key = key.trim();
        let Some(section) = &self.section else {
            let d = Diag::new(
                "target::no_section",
                self.span(key),
                "an entry before any section",
            )
            .with_label("not inside a [section]")
            .with_help("start the file with a section header such as `[core]`");
            self.diags.push(d);
            return;
        };
        if !section.known {
            return;
        }
        let section = section.name;
        let mut tokens = rest.split_whitespace();
        let (value, unit) = (tokens.next(), tokens.next());
        if let Some(extra) = tokens.next() {
            let d = Diag::new(
                "target::syntax",
                self.span(extra),
                "unexpected text after the value",
            )
            .with_label("a value is a number and an optional unit")
            .with_help("start comments with `#`");
            self.diags.push(d);
        }
        let Some(value) = value else {
            let d = Diag::new(
                "target::syntax",
                self.span(text),
                format!("`{key}` has no value"),
            )
            .with_label("expected a value after `=`");
            self.diags.push(d);
            return;
        };
        if section == NAME_SECTION && key == "name" {
            self.name_entry(key, value, unit);
        } else {
            self.value_entry(section, key, value, unit);
        }
    }

    /// Records `word` as set, to a bad value, when it is a key of the current section, so
    /// that a line already reported is not reported again as a missing key.
    fn mark_seen(&mut self, word: &'s str) {
        let at = self.span(word);
        let section = self.section.as_ref().map_or("", |s| s.name);
        if let Some(spec) = KEYS.iter().find(|s| s.section == section && s.name == word) {
            self.values[spec.key as usize].get_or_insert(Seen { value: None, at });
        } else if section == NAME_SECTION && word == "name" {
            self.name.get_or_insert((String::new(), at));
        }
    }

    fn name_entry(&mut self, key: &'s str, value: &'s str, unit: Option<&'s str>) {
        let at = self.span(key);
        if let Some((_, first)) = self.name {
            self.duplicate(key, NAME_SECTION, at, first);
            return;
        }
        if let Some(unit) = unit {
            let d = Diag::new("target::syntax", self.span(unit), "the name is one word")
                .with_label("unexpected text after the name");
            self.diags.push(d);
        }
        let word = |c: char| c.is_ascii_alphanumeric() || "-_.".contains(c);
        if !value.chars().all(word) {
            let d = Diag::new(
                "target::bad_name",
                self.span(value),
                format!("`{value}` is not a name"),
            )
            .with_label("a name is letters, digits, `-`, `_` and `.`");
            self.diags.push(d);
        }
        self.name = Some((value.to_string(), at));
    }

    fn value_entry(&mut self, section: &str, key: &'s str, value: &'s str, unit: Option<&'s str>) {
        let at = self.span(key);
        let Some(spec) = KEYS.iter().find(|s| s.section == section && s.name == key) else {
            self.unknown_key(section, key, at);
            return;
        };
        if let Some(first) = self.values[spec.key as usize] {
            self.duplicate(key, section, at, first.at);
            return;
        }
        let value = self.quantity(spec, value, unit);
        self.values[spec.key as usize] = Some(Seen { value, at });
    }

    fn unknown_key(&mut self, section: &str, key: &str, at: Span) {
        let keys = KEYS.iter().filter(|s| s.section == section).map(|s| s.name);
        let keys = if section == NAME_SECTION {
            String::from("name")
        } else {
            words(keys)
        };
        let d = Diag::new(
            "target::unknown_key",
            at,
            format!("unknown key `{key}` in [{section}]"),
        )
        .with_label(format!("not a key of [{section}]"))
        .with_help(format!("the keys of [{section}] are {keys}"));
        self.diags.push(d);
    }

    fn duplicate(&mut self, key: &str, section: &str, at: Span, first: Span) {
        let d = Diag::new(
            "target::duplicate_key",
            at,
            format!("duplicate key `{key}` in [{section}]"),
        )
        .with_label("set again here")
        .with_help(format!(
            "`{key}` was first set on line {}",
            self.line_of(first)
        ));
        self.diags.push(d);
    }

    /// Reads `value unit` as the key's quantity; `None` (with a diagnostic) when it is bad.
    fn quantity(&mut self, spec: &KeySpec, value: &'s str, unit: Option<&'s str>) -> Option<u64> {
        let q = spec.quantity;
        let factor =
            match (q, unit) {
                (Quantity::Count, None) => 1,
                (Quantity::Count, Some(u)) => {
                    let msg = format!("`{}` is a plain number, without a unit", spec.name);
                    let d = Diag::new("target::bad_unit", self.span(u), msg)
                        .with_label("remove this unit");
                    self.diags.push(d);
                    return None;
                }
                (_, None) => {
                    let msg = format!("`{}` needs a unit", spec.name);
                    let d = Diag::new("target::bad_unit", self.span(value), msg)
                        .with_label(format!("{}: expected {} after it", q.what(), q.unit_list()));
                    self.diags.push(d);
                    return None;
                }
                (_, Some(u)) => match q.factor(u) {
                    Some(f) => f,
                    None => {
                        let msg = format!("`{u}` is not a unit of {}", q.what());
                        let d = Diag::new("target::bad_unit", self.span(u), msg)
                            .with_label(format!("expected {}", q.unit_list()));
                        self.diags.push(d);
                        return None;
                    }
                },
            };
        let read = read(value, factor)
            .map_err(|e| self.number_error(spec, value, e))
            .ok()?;
        if spec.positive && read == 0 {
            let msg = format!("`{}` must be more than zero", spec.name);
            let d = Diag::new("target::zero", self.span(value), msg)
                .with_label("the cost model divides by this value");
            self.diags.push(d);
            return None;
        }
        if let Some(within) = spec.within.as_ref().filter(|w| !w.contains(&read)) {
            let msg = format!(
                "`{}` must be {} to {}",
                spec.name,
                within.start(),
                within.end()
            );
            let d = Diag::new("target::out_of_range", self.span(value), msg)
                .with_label("outside the values this key takes");
            self.diags.push(d);
            return None;
        }
        Some(read)
    }

    fn number_error(&mut self, spec: &KeySpec, value: &str, e: NumberError) {
        let span = self.span(value);
        let name = spec.name;
        let d = match e {
            NumberError::Malformed => Diag::new(
                "target::bad_number",
                span,
                format!("`{value}` is not a number"),
            )
            .with_label("expected a decimal number such as `128` or `1.4`"),
            NumberError::Negative => Diag::new(
                "target::negative",
                span,
                format!("`{name}` cannot be negative"),
            )
            .with_label("a negative value"),
            NumberError::TooLarge => {
                Diag::new("target::too_large", span, format!("`{value}` is too large"))
                    .with_label(format!("more than {} {}", u64::MAX, spec.quantity.base()))
            }
            NumberError::NotWhole => {
                let base = spec.quantity.base();
                Diag::new(
                    "target::not_whole",
                    span,
                    format!("`{value}` is not a whole number of {base}"),
                )
                .with_label(format!(
                    "egfuse keeps {} in whole {base}",
                    spec.quantity.what()
                ))
            }
        };
        self.diags.push(d);
    }

    fn finish(mut self) -> Result<Target, Vec<Diag>> {
        self.missing();
        if !self.diags.is_empty() {
            self.diags.sort_by_key(|d| (d.span.start, d.span.end));
            return Err(self.diags);
        }
        let mut values = [0; KEY_COUNT];
        for (slot, seen) in values.iter_mut().zip(&self.values) {
            *slot = seen.and_then(|s| s.value).unwrap_or_default();
        }
        let name = self.name.map(|(n, _)| n).unwrap_or_default();
        Ok(Target { name, values })
    }

    /// One diagnostic per missing key of a section that is there, and one for the missing
    /// sections.
    fn missing(&mut self) {
        let end = Span::new(self.src.len(), self.src.len());
        let mut sections = Vec::new();
        for section in SECTIONS {
            let header = self
                .headers
                .iter()
                .find(|(n, _)| *n == section)
                .map(|h| h.1);
            let mut absent: Vec<&str> = KEYS
                .iter()
                .filter(|s| s.section == section && self.values[s.key as usize].is_none())
                .map(|s| s.name)
                .collect();
            if section == NAME_SECTION && self.name.is_none() {
                absent.push("name");
            }
            match header {
                _ if absent.is_empty() => {}
                None => sections.push((section, absent)),
                Some(at) => {
                    for key in absent {
                        self.diags.push(missing_key(section, key, at));
                    }
                }
            }
        }
        if let Some(d) = missing_sections(&sections, end) {
            self.diags.push(d);
        }
    }
}

/// One diagnostic for every absent section, at the end of the file: (section, its keys).
fn missing_sections(sections: &[(&str, Vec<&str>)], end: Span) -> Option<Diag> {
    let d = match sections {
        [] => return None,
        [(section, keys)] => Diag::new(
            "target::missing_section",
            end,
            format!("missing section [{section}]"),
        )
        .with_help(format!(
            "add [{section}] with {}",
            words(keys.iter().copied())
        )),
        _ => {
            let names = sections.iter().map(|(s, _)| format!("[{s}]"));
            let names = names.collect::<Vec<_>>();
            let (last, rest) = names.split_last().expect("two or more");
            let msg = format!("missing sections {} and {last}", rest.join(", "));
            Diag::new("target::missing_section", end, msg)
                .with_help("docs/target.md lists every section and its keys")
        }
    };
    Some(d.with_label("the file ends without it"))
}

fn missing_key(section: &str, key: &str, header: Span) -> Diag {
    let unit = KEYS
        .iter()
        .find(|s| s.section == section && s.name == key)
        .map_or(String::new(), |s| match s.quantity {
            Quantity::Count => String::new(),
            q => format!(" in {}", q.unit_list()),
        });
    Diag::new(
        "target::missing_key",
        header,
        format!("missing key `{key}` in [{section}]"),
    )
    .with_label(format!("this section has no `{key}`"))
    .with_help(format!("add `{key} = ...`{unit}"))
}

/// `a, b and c`, each in backticks.
fn words<'a>(items: impl Iterator<Item = &'a str>) -> String {
    let items: Vec<String> = items.map(|i| format!("`{i}`")).collect();
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => items.concat(),
    }
}
