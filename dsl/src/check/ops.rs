//! Checks of one op pattern against the op catalog: names, arity, result count, `commute`,
//! attribute names and attribute values, and, on a rewrite's right side, that the pattern
//! builds exactly one op.

use crate::ast::{AttrValue, Literal, OpName, OpPattern};
use crate::catalog::{OpCatalog, OpShape};
use egfuse_diag::{Diag, Span};

/// The state of checking one file: the catalog and the diagnostics found so far.
pub(super) struct Ctx<'a> {
    pub catalog: &'a dyn OpCatalog,
    pub diags: Vec<Diag>,
    names: Option<Vec<String>>,
}

/// Enum attributes and their values, as StableHLO prints them.
const ENUMS: &[(&str, &[&str])] = &[
    (
        "compare_type",
        &["FLOAT", "SIGNED", "TOTALORDER", "UNSIGNED"],
    ),
    (
        "comparison_direction",
        &["EQ", "GE", "GT", "LE", "LT", "NE"],
    ),
];

/// Whether a pattern matches ops or builds them (a rewrite's right side, or both sides of `<=>`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Side {
    Match,
    Build,
}

impl<'a> Ctx<'a> {
    pub fn new(catalog: &'a dyn OpCatalog) -> Ctx<'a> {
        Ctx {
            catalog,
            diags: Vec::new(),
            names: None,
        }
    }

    pub fn push(&mut self, d: Diag) {
        self.diags.push(d);
    }

    /// The op's shape, or a diagnostic (with a suggestion) and `None`.
    pub fn op(&mut self, op: &OpName) -> Option<OpShape> {
        if let Some(shape) = self.catalog.op(&op.name) {
            return Some(shape);
        }
        let mut d = Diag::new(
            "check::unknown-op",
            op.span,
            format!("unknown op `{}`", op.name),
        )
        .with_label("not an op rules can name");
        if let Some(s) = self.suggest(&op.name) {
            d = d.with_help(format!("did you mean `{s}`?"));
        }
        self.push(d);
        None
    }

    fn suggest(&mut self, name: &str) -> Option<String> {
        let names = self.names.get_or_insert_with(|| self.catalog.names());
        suggest(name, names.iter().map(String::as_str))
    }

    /// Checks the op names, operand count, `commute` and attributes of `pat`.
    pub fn pattern<A>(&mut self, pat: &OpPattern<A>, side: Side) {
        if side == Side::Build {
            self.builds_one(pat);
        }
        let n = pat.operands.len();
        for op in &pat.ops {
            let Some(shape) = self.op(op) else { continue };
            if !shape.operands.accepts(n) {
                self.push(
                    Diag::new(
                        "check::arity",
                        op.span,
                        format!(
                            "`{}` takes {}, but the pattern gives {n}",
                            op.name, shape.operands
                        ),
                    )
                    .with_label(format!("{n} operand{}", if n == 1 { "" } else { "s" })),
                );
            } else if !shape.single_result_for(n) {
                self.push(
                    Diag::new(
                        "check::results",
                        op.span,
                        format!(
                            "`{}` has several results; a pattern binds single-result ops",
                            op.name
                        ),
                    )
                    .with_label("several results"),
                );
            }
            if pat.commute && !shape.commutative {
                self.push(
                    Diag::new(
                        "check::commute",
                        op.span,
                        format!(
                            "`commute` needs a commutative op, and `{}` is not one",
                            op.name
                        ),
                    )
                    .with_label("operands of this op cannot be swapped")
                    .with_help("list both orders as two rules, or drop `commute`"),
                );
            }
            self.attr_names(pat, op, &shape);
        }
        self.attr_values(pat, side);
    }

    /// A built op is one op, in one operand order.
    fn builds_one<A>(&mut self, pat: &OpPattern<A>) {
        let why = if pat.ops.len() > 1 {
            Some("alternatives (`|`) only match; a built op is one op")
        } else if pat.commute {
            Some("`commute` only matches; a built op has one operand order")
        } else {
            None
        };
        if let Some(why) = why {
            self.push(
                Diag::new(
                    "check::build",
                    pat.span,
                    "this side of the rewrite builds ops",
                )
                .with_label(why)
                .with_help("rewrite with `=>` so this side is only built, or split the rule"),
            );
        }
    }

    fn attr_names<A>(&mut self, pat: &OpPattern<A>, op: &OpName, shape: &OpShape) {
        for a in &pat.attrs {
            if !shape.attributes.contains(&a.name.name) {
                let known = if shape.attributes.is_empty() {
                    "it has none a pattern can match".to_string()
                } else {
                    format!("its attributes: {}", shape.attributes.join(", "))
                };
                self.push(
                    Diag::new(
                        "check::unknown-attr",
                        a.name.span,
                        format!("`{}` has no attribute `{}`", op.name, a.name.name),
                    )
                    .with_label("unknown attribute")
                    .with_help(known),
                );
            }
        }
    }

    fn attr_values<A>(&mut self, pat: &OpPattern<A>, side: Side) {
        for (i, a) in pat.attrs.iter().enumerate() {
            if let Some(first) = pat.attrs[..i].iter().find(|b| b.name.name == a.name.name) {
                self.push(
                    Diag::new(
                        "check::duplicate-attr",
                        a.name.span,
                        format!("attribute `{}` is matched twice", a.name.name),
                    )
                    .with_label("second match")
                    .with_note(first.name.span, "first match"),
                );
            }
            match &a.value {
                AttrValue::Var(v) => self.push(wrong_kind_attr(v.span, &v.name)),
                AttrValue::Match(alts) => {
                    if side == Side::Build && (alts.len() > 1 || has_wildcard(alts)) {
                        self.push(
                            Diag::new("check::build", a.span, "a built attribute needs one value")
                                .with_label("alternatives and `_` only match"),
                        );
                    }
                    if a.name.name == "body" {
                        self.body_ops(alts);
                    } else if let Some(&(_, words)) = ENUMS.iter().find(|e| e.0 == a.name.name) {
                        self.enum_words(alts, &a.name.name, words);
                    }
                }
                AttrValue::Capture(_) => {}
            }
        }
    }

    /// The values of an enum attribute are among its words.
    fn enum_words(&mut self, alts: &[Literal], attr: &str, words: &[&str]) {
        for l in alts {
            let ok = match l {
                Literal::Word(w, _) => words.contains(&w.as_str()),
                Literal::Wildcard(_) => true,
                _ => false,
            };
            if !ok {
                self.push(
                    Diag::new(
                        "check::attr-value",
                        l.span(),
                        format!("`{attr}` is one of {}", words.join(", ")),
                    )
                    .with_label("not a value of this attribute"),
                );
            }
        }
    }

    /// The values of a reduce's `body` are op names.
    fn body_ops(&mut self, alts: &[Literal]) {
        for l in alts {
            match l {
                Literal::Word(w, span) => {
                    let name = OpName::new(w.clone(), *span);
                    self.op(&name);
                }
                Literal::Wildcard(_) => {}
                other => self.push(
                    Diag::new(
                        "check::wrong-kind",
                        other.span(),
                        "a reduce `body` is matched by op names, such as `stablehlo.add`",
                    )
                    .with_label("not an op name"),
                ),
            }
        }
    }
}

fn has_wildcard(alts: &[Literal]) -> bool {
    alts.iter().any(|l| matches!(l, Literal::Wildcard(_)))
}

fn wrong_kind_attr(span: Span, name: &str) -> Diag {
    Diag::new(
        "check::wrong-kind",
        span,
        format!("an attribute is matched by a capture, a literal or `_`, not the value %{name}"),
    )
    .with_label("a value, not an attribute")
    .with_help(format!("capture it as `${name}`"))
}

/// The closest of `names` to `name`, if one is close enough to be a likely typo or a
/// shortened name (`stablehlo.exp` for `stablehlo.exponential`).
pub(super) fn suggest<'n>(name: &str, names: impl Iterator<Item = &'n str>) -> Option<String> {
    let limit = (name.len() / 3).max(2);
    let mut best: Option<(usize, &str)> = None;
    for cand in names {
        let d = if cand.starts_with(name) && name.contains('.') {
            1
        } else {
            distance(name, cand)
        };
        let better = match best {
            Some((bd, _)) => d < bd,
            None => true,
        };
        if d <= limit && better {
            best = Some((d, cand));
        }
    }
    best.map(|(_, s)| s.to_string())
}

/// Levenshtein distance in characters.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}
