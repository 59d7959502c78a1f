//! The opcode table: for every nisa op and core generation, its instruction class, the opcode
//! bytes it issues in order, the opcode's home engine class and where the byte comes from (a
//! section of seed 003, or egfuse's own range). It is data (`rules/targets/opcodes.table`,
//! reference in docs/isa.md), read here with every problem collected, each a diagnostic at its
//! line and column.
//!
//! Invariant: a loaded table gives every nisa op exactly one row per generation that has it
//! (from its `since`), none before, no hardware op a pseudo byte, and egfuse's own bytes only
//! in [`OURS`].

use egfuse_diag::{Diag, Span};
use egfuse_nisa::spec::{Opcode, OPS};
use std::ops::RangeInclusive;

/// The core generations the table covers: NeuronCore v2 (sunda) to v5 (maverick), 003's guard.
pub const GENERATIONS: RangeInclusive<u8> = 2..=5;

/// The bytes egfuse gives ops the seeds give none; docs/isa.md reserves them.
pub const OURS: RangeInclusive<u8> = 0x60..=0x6F;

/// Whether `byte` is a pseudo opcode: its top three bits are 0b110, which the hardware never
/// decodes (003 §2.1: the runtime rewrites such triggers).
pub fn is_pseudo(byte: u8) -> bool {
    byte & 0b1110_0000 == 0b1100_0000
}

/// The engine class an opcode belongs to in the ledger (not the engine an instruction runs on).
pub const HOMES: &[&str] = &["ACT", "POOL", "PE", "DMA", "SP"];

/// Where a row's bytes come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Seed 003 carries the byte; the text cites the section.
    Seed(String),
    /// egfuse's own byte, from [`OURS`].
    Ours,
}

/// One row: `op` on the generations `gens` issues `bytes`, of class `class`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub op: Opcode,
    pub gens: RangeInclusive<u8>,
    pub class: String,
    pub bytes: Vec<u8>,
    pub home: String,
    pub source: Source,
    pub span: Span,
}

/// A loaded opcode table.
#[derive(Clone, Debug)]
pub struct Opcodes {
    rows: Vec<Row>,
}

impl Opcodes {
    /// The embedded default table (`egfuse_rules::OPCODES`), which a test keeps loading.
    pub fn embedded() -> Opcodes {
        Opcodes::parse(egfuse_rules::OPCODES.1).expect("the embedded opcode table loads")
    }

    /// The row of `op` on generation `gen` (one of [`GENERATIONS`]); `None` before the op's
    /// first generation, its `since` (a loaded table covers every later one).
    pub fn of(&self, op: Opcode, gen: u8) -> Option<&Row> {
        (self.rows.iter()).find(|r| r.op == op && r.gens.contains(&gen))
    }

    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// Reads the table `src`; every problem, each at its line and column, when there are any.
    pub fn parse(src: &str) -> Result<Opcodes, Vec<Diag>> {
        let mut rows = Vec::new();
        let mut diags = Vec::new();
        // The ops of rows with a problem, whose coverage is not judged again.
        let mut broken = Vec::new();
        let mut start = 0;
        for line in src.split_inclusive('\n') {
            let text = line.split('#').next().unwrap_or("");
            if !text.trim().is_empty() {
                match row(text, start) {
                    Ok(r) => rows.push(r),
                    Err(d) => {
                        diags.push(d);
                        let name = text.split_whitespace().next();
                        broken.extend(OPS.iter().filter(|s| Some(s.name) == name).map(|s| s.op));
                    }
                }
            }
            start += line.len();
        }
        coverage(&rows, &broken, src.len(), &mut diags);
        if diags.is_empty() {
            Ok(Opcodes { rows })
        } else {
            Err(diags)
        }
    }
}

/// The whitespace-separated words of `text`, each with its span (`at` is the line's offset).
fn words(text: &str, at: usize) -> Vec<(&str, Span)> {
    let mut out = Vec::new();
    let mut rest = text;
    let mut pos = at;
    while let Some(skip) = rest.find(|c: char| !c.is_whitespace()) {
        rest = &rest[skip..];
        pos += skip;
        let len = rest.find(char::is_whitespace).unwrap_or(rest.len());
        out.push((&rest[..len], Span::new(pos, pos + len)));
        rest = &rest[len..];
        pos += len;
    }
    out
}

fn error(span: Span, msg: impl Into<String>, label: &str) -> Diag {
    Diag::new("opcodes::table", span, msg).with_label(label.to_string())
}

/// One row from the text of its line, which starts at byte `at`.
fn row(text: &str, at: usize) -> Result<Row, Diag> {
    let w = words(text, at);
    let line = Span::new(at, at + text.trim_end().len());
    let missing = || {
        error(
            line,
            "a row is: op gens class bytes home from",
            "too few columns",
        )
    };
    let &(name, name_span) = w.first().ok_or_else(missing)?;
    let op = (OPS.iter().position(|s| s.name == name))
        .map(|n| OPS[n].op)
        .ok_or_else(|| error(name_span, format!("unknown nisa op `{name}`"), "not an op"))?;
    let &(gens_text, gens_span) = w.get(1).ok_or_else(missing)?;
    let gens = generations(gens_text).ok_or_else(|| {
        error(
            gens_span,
            format!("bad generations `{gens_text}`"),
            "v2 to v5, or a range v2-v5",
        )
    })?;
    let &(class, _) = w.get(2).ok_or_else(missing)?;
    let mut n = 3;
    let mut bytes = Vec::new();
    while let Some(&(b, span)) = w.get(n).filter(|(b, _)| b.starts_with("0x")) {
        let byte = u8::from_str_radix(&b[2..], 16)
            .map_err(|_| error(span, format!("bad opcode byte `{b}`"), "one byte in hex"))?;
        if is_pseudo(byte) {
            let msg = format!("{b} is a pseudo opcode (top bits 0b110)");
            return Err(error(span, msg, "no hardware op issues a pseudo byte"));
        }
        bytes.push((byte, span));
        n += 1;
    }
    if bytes.is_empty() {
        return Err(error(line, "a row needs an opcode byte", "no `0x..` byte"));
    }
    let &(home, home_span) = w.get(n).ok_or_else(missing)?;
    if !HOMES.contains(&home) {
        let msg = format!("unknown home engine class `{home}`");
        return Err(error(home_span, msg, "ACT, POOL, PE, DMA or SP"));
    }
    let source = source(&w[n + 1..], home_span, &bytes)?;
    Ok(Row {
        op,
        gens,
        class: class.to_string(),
        bytes: bytes.iter().map(|b| b.0).collect(),
        home: home.to_string(),
        source,
        span: line,
    })
}

/// `v3`, or `v2-v5`, within [`GENERATIONS`].
fn generations(text: &str) -> Option<RangeInclusive<u8>> {
    let one = |s: &str| {
        s.strip_prefix('v')?
            .parse::<u8>()
            .ok()
            .filter(|g| GENERATIONS.contains(g))
    };
    let (a, b) = match text.split_once('-') {
        Some((a, b)) => (one(a)?, one(b)?),
        None => (one(text)?, one(text)?),
    };
    (a <= b).then_some(a..=b)
}

/// The last column: `seed` and a citation, or `ours` with every byte in [`OURS`].
fn source(w: &[(&str, Span)], after: Span, bytes: &[(u8, Span)]) -> Result<Source, Diag> {
    let Some(&(kind, span)) = w.first() else {
        return Err(error(
            after,
            "say where the byte comes from",
            "`seed ...` or `ours`",
        ));
    };
    match kind {
        "seed" if w.len() > 1 => {
            let cite: Vec<&str> = w[1..].iter().map(|x| x.0).collect();
            if let Some(&(_, s)) = bytes.iter().find(|b| OURS.contains(&b.0)) {
                return Err(error(
                    s,
                    "a seed byte in egfuse's own range 0x60-0x6F",
                    "ours",
                ));
            }
            Ok(Source::Seed(cite.join(" ")))
        }
        "seed" => Err(error(
            span,
            "a seed byte cites its section",
            "which section?",
        )),
        "ours" => match bytes.iter().find(|b| !OURS.contains(&b.0)) {
            Some(&(_, s)) => Err(error(
                s,
                "egfuse's own bytes are 0x60-0x6F",
                "outside the range",
            )),
            None => Ok(Source::Ours),
        },
        _ => Err(error(
            span,
            format!("unknown source `{kind}`"),
            "`seed ...` or `ours`",
        )),
    }
}

/// Every op has exactly one row per generation that has it: a gap is one diagnostic at the end
/// naming the generations, an overlap one at the row that repeats a generation, a row before
/// the op's first generation one at that row.
fn coverage(rows: &[Row], broken: &[Opcode], end: usize, diags: &mut Vec<Diag>) {
    for spec in OPS.iter().filter(|s| !broken.contains(&s.op)) {
        let early = rows
            .iter()
            .find(|r| r.op == spec.op && *r.gens.start() < spec.since);
        if let Some(r) = early {
            let msg = format!(
                "`{}` has no instruction before v{}; this row gives it one on v{}",
                spec.name,
                spec.since,
                r.gens.start()
            );
            diags.push(error(r.span, msg, "the op is not on this generation"));
        }
        let mut missing = Vec::new();
        let mut repeated = None;
        for gen in GENERATIONS.filter(|g| *g >= spec.since) {
            let mut of = rows
                .iter()
                .filter(|r| r.op == spec.op && r.gens.contains(&gen));
            match (of.next(), of.next()) {
                (None, _) => missing.push(format!("v{gen}")),
                (Some(_), Some(second)) => repeated = repeated.or(Some((gen, second.span))),
                _ => {}
            }
        }
        if !missing.is_empty() {
            let msg = format!(
                "no row gives `{}` an opcode on {}",
                spec.name,
                missing.join(", ")
            );
            let label = "every op needs one row per generation";
            diags.push(error(Span::new(end, end), msg, label));
        }
        if let Some((gen, span)) = repeated {
            let msg = format!("a second row for `{}` on v{gen}", spec.name);
            diags.push(error(span, msg, "one row per op and generation"));
        }
    }
}
