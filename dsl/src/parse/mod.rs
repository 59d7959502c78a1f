//! Rule text to the syntax tree: pest (with `grammar.pest`) finds the structure, and this file
//! turns its pairs into the [`crate::ast`] types. A syntax error becomes one diagnostic at the
//! first token pest could not take; structural problems pest accepts on purpose (a nested op in
//! a fusion operand, a reserved `kernel` item, a fractional priority) are all reported together.

use crate::ast::*;
use crate::docs;
use egfuse_diag::{Diag, Span};
use pest::iterators::Pair;
use pest::Parser as _;

mod expected;
mod nesting;

pub use nesting::MAX_NESTING;

#[derive(pest_derive::Parser)]
#[grammar = "grammar.pest"]
struct Grammar;

/// Parses one rule file. Errors: the syntax error, or every structural problem found.
pub fn parse(src: &str) -> Result<File, Vec<Diag>> {
    match parse_partial(src) {
        (Some(file), diags) if diags.is_empty() => Ok(file),
        (_, diags) => Err(diags),
    }
}

/// Parses as far as possible: the tree (unless the syntax is wrong) and the problems found, so
/// the checks can still run and report everything at once.
pub(crate) fn parse_partial(src: &str) -> (Option<File>, Vec<Diag>) {
    if let Some(d) = nesting::check(src) {
        return (None, vec![d]);
    }
    let pairs = match pest_parse(src) {
        Ok(p) => p,
        Err(e) => return (None, vec![expected::syntax_error(src, &e)]),
    };
    let mut b = Builder { diags: Vec::new() };
    let mut items = Vec::new();
    let file = pairs.into_iter().next().expect("the file rule matched");
    b.unclosed_strings(&file);
    for pair in file.into_inner() {
        match pair.as_rule() {
            Rule::fusion => items.push(Item::Fusion(b.fusion(pair, src))),
            Rule::rewrite => items.push(Item::Rewrite(b.rewrite(pair, src))),
            Rule::fragment => items.push(Item::Fragment(b.fragment(pair, src))),
            Rule::select => items.push(Item::Select(b.select(pair, src))),
            Rule::kernel => items.push(Item::Kernel(kernel(pair, src))),
            Rule::route => items.push(Item::Route(route(pair, src))),
            Rule::reserved => b.reserved(pair),
            _ => {}
        }
    }
    let first = items.first().map(|i| i.span().start as usize);
    let file = File {
        header: docs::header(src, first),
        items,
    };
    (Some(file), b.diags)
}

/// pest's parse of a whole file. Recording what each position expected (pest's error detail)
/// makes a parse several times slower, and only a syntax error reads it, so a file is parsed
/// without it and, when that fails, again with it. The setting is global to the process and
/// off by default: only that second parse turns it on, under a lock, and off again, so files
/// parse on several threads at once (one that starts meanwhile records detail it never reads).
fn pest_parse(
    src: &str,
) -> Result<pest::iterators::Pairs<'_, Rule>, Box<pest::error::Error<Rule>>> {
    static DETAIL: std::sync::Mutex<()> = std::sync::Mutex::new(());
    Grammar::parse(Rule::file, src).or_else(|_| {
        let _held = DETAIL.lock().unwrap_or_else(|e| e.into_inner());
        pest::set_error_detail(true);
        let again = Grammar::parse(Rule::file, src).map_err(Box::new);
        pest::set_error_detail(false);
        again
    })
}

fn span(p: &Pair<Rule>) -> Span {
    Span::new(p.as_span().start(), p.as_span().end())
}

/// Collects structural problems while building the tree.
struct Builder {
    diags: Vec<Diag>,
}

impl Builder {
    fn fusion(&mut self, pair: Pair<Rule>, src: &str) -> FusionRule {
        let sp = span(&pair);
        let mut rule = FusionRule {
            doc: docs::doc_of(src, sp.start as usize),
            name: placeholder(sp),
            kind: placeholder(sp),
            anchor: Var {
                name: String::new(),
                span: sp,
            },
            phase: None,
            flag: None,
            priority: None,
            converts: Converts::Exact,
            body: FusionBody::Pattern(Vec::new()),
            penguin: Vec::new(),
            absent: Vec::new(),
            whole: None,
            span: sp,
        };
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::rule_name => rule.name = ident(&p),
                Rule::kind => rule.kind = last_ident(p),
                Rule::anchor => rule.anchor = var(&last(p)),
                Rule::phase => rule.phase = Some(last_ident(p)),
                Rule::flag => rule.flag = Some(last_ident(p)),
                Rule::priority => rule.priority = Some(self.priority(last(p))),
                Rule::through => rule.converts = Converts::Through,
                Rule::body => rule.body = self.body(p),
                Rule::penguin => rule.penguin = p.into_inner().skip(1).map(field).collect(),
                _ => {}
            }
        }
        rule
    }

    fn priority(&mut self, p: Pair<Rule>) -> Priority {
        let n = number(&p);
        let value = n.as_int().unwrap_or_else(|| {
            self.diags.push(
                Diag::new("parse::priority", n.span, "a priority is a whole number")
                    .with_label("not an integer"),
            );
            0
        });
        Priority {
            value,
            span: n.span,
        }
    }

    /// A pattern body: plain bindings are a `Pattern`; with a call or an `or` it is `Steps`.
    fn body(&mut self, pair: Pair<Rule>) -> FusionBody {
        let mut steps = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::grow => return FusionBody::Grow(Box::new(self.grow(p))),
                _ => steps.extend(self.step(p)),
            }
        }
        let plain = steps
            .iter()
            .all(|s| matches!(s, Step::Bind(b) if b.or.is_none()));
        if !plain {
            return FusionBody::Steps(steps);
        }
        let bindings = steps.into_iter().filter_map(|s| match s {
            Step::Bind(b) => Some(b),
            Step::Call(_) => None,
        });
        FusionBody::Pattern(bindings.collect())
    }

    fn step(&mut self, pair: Pair<Rule>) -> Option<Step> {
        match pair.as_rule() {
            Rule::binding => Some(Step::Bind(self.binding(pair))),
            Rule::call => Some(Step::Call(call(pair))),
            _ => None,
        }
    }

    fn binding(&mut self, pair: Pair<Rule>) -> Binding {
        let sp = span(&pair);
        let mut inner = pair.into_inner();
        let bound = var(&inner.next().expect("binding variable"));
        let op = inner.next().expect("binding op pattern");
        let op = self.op_pattern(op, |b, p| b.operand(p));
        let mut binding = Binding::new(BindingData {
            var: bound,
            op,
            preds: Vec::new(),
            converts: Converts::Exact,
            or: None,
            span: sp,
        });
        for p in inner {
            match p.as_rule() {
                Rule::or_else => binding.or = Some(var(&last(p))),
                Rule::reads => binding.converts = Converts::Elementwise,
                _ => binding.preds = preds(p),
            }
        }
        binding
    }

    fn fragment(&mut self, pair: Pair<Rule>, src: &str) -> Fragment {
        let sp = span(&pair);
        let mut inner = pair.into_inner().skip(1);
        let name = ident(&inner.next().expect("fragment name"));
        let params = inner.next().expect("fragment parameters");
        let params = params.into_inner().map(|p| var(&p)).collect();
        let output = var(&inner.next().expect("fragment output"));
        let mut inner = inner.peekable();
        let converts = match inner.next_if(|p| p.as_rule() == Rule::through) {
            Some(_) => Converts::Through,
            None => Converts::Exact,
        };
        let steps = inner.filter_map(|p| self.step(p)).collect();
        Fragment {
            doc: docs::doc_of(src, sp.start as usize),
            name,
            params,
            output,
            converts,
            steps,
            span: sp,
        }
    }

    /// Builds an op pattern whose operands `operand` converts.
    fn op_pattern<A>(
        &mut self,
        pair: Pair<Rule>,
        mut operand: impl FnMut(&mut Self, Pair<Rule>) -> A,
    ) -> OpPattern<A> {
        let mut pat = OpPattern {
            commute: false,
            ops: Vec::new(),
            operands: Vec::new(),
            attrs: Vec::new(),
            span: span(&pair),
        };
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::commute => pat.commute = true,
                Rule::op_alts => pat.ops = p.into_inner().map(|o| op_name(&o)).collect(),
                Rule::attr_dict => pat.attrs = p.into_inner().map(attr).collect(),
                Rule::as_name => {}
                _ => pat.operands.push(operand(self, p)),
            }
        }
        pat
    }

    fn operand(&mut self, pair: Pair<Rule>) -> Operand {
        let p = only(pair);
        match p.as_rule() {
            Rule::constant => Operand::Const(constant(p)),
            Rule::wildcard => Operand::Wildcard(span(&p)),
            Rule::var => Operand::Var(var(&p)),
            _ => {
                let sp = span(&p);
                let ops = p.into_inner().find(|q| q.as_rule() == Rule::op_alts);
                let shown = ops.map_or_else(String::new, |o| o.as_str().to_string());
                self.diags.push(
                    Diag::new(
                        "parse::nested-op",
                        sp,
                        "a fusion operand is a variable, `_` or a constant, not an op",
                    )
                    .with_label("this op needs a binding of its own")
                    .with_help(format!(
                        "bind it on the line above, `%t = {shown}(...)`, and use `%t` here"
                    )),
                );
                Operand::Wildcard(sp)
            }
        }
    }

    fn expr(&mut self, pair: Pair<Rule>) -> Expr {
        let p = only(pair);
        match p.as_rule() {
            Rule::constant => Expr::Const(constant(p)),
            Rule::wildcard => Expr::Wildcard(span(&p)),
            Rule::var => Expr::Var(var(&p)),
            _ => {
                let name = p
                    .clone()
                    .into_inner()
                    .find(|q| q.as_rule() == Rule::as_name)
                    .map(|a| var(&last(a)));
                let pattern = Box::new(self.op_pattern(p, |b, q| b.expr(q)));
                Expr::Op { pattern, name }
            }
        }
    }

    fn grow(&mut self, pair: Pair<Rule>) -> Grow {
        let sp = span(&pair);
        let mut inner = pair.into_inner().skip(1);
        let mut grow = Grow {
            var: var(&inner.next().expect("grow variable")),
            class: OpClass {
                elementwise: Some(sp),
                ops: Vec::new(),
            },
            close: Vec::new(),
            copy: Vec::new(),
            edge: Vec::new(),
            except: Vec::new(),
            preds: Vec::new(),
            limits: Vec::new(),
            span: sp,
        };
        for p in inner {
            match p.as_rule() {
                Rule::op_class => grow.class = op_class(p),
                Rule::close => grow.close = op_names(last(p)),
                Rule::copy => grow.copy = op_names(last(p)),
                Rule::edge => grow.edge = op_names(last(p)),
                Rule::except => grow.except = op_names(last(p)),
                Rule::preds => grow.preds = preds(p),
                Rule::limits => {
                    grow.limits = p.into_inner().skip(1).map(|l| self.limit(l)).collect()
                }
                _ => {}
            }
        }
        grow
    }

    fn limit(&mut self, pair: Pair<Rule>) -> Limit {
        let sp = span(&pair);
        let mut inner = pair.into_inner();
        let name = ident(&inner.next().expect("limit name"));
        let n = number(&inner.next().expect("limit value"));
        let value = n.as_int().unwrap_or_else(|| {
            self.diags.push(
                Diag::new("parse::limit", n.span, "a limit is a whole number")
                    .with_label("not an integer"),
            );
            0
        });
        Limit {
            name,
            value,
            span: sp,
        }
    }

    fn rewrite(&mut self, pair: Pair<Rule>, src: &str) -> RewriteRule {
        let sp = span(&pair);
        let mut inner = pair.into_inner().skip(1);
        let name = ident(&inner.next().expect("rewrite name"));
        let lhs = self.expr(inner.next().expect("left side"));
        let direction = match inner.next().expect("direction").as_str() {
            "<=>" => Direction::Both,
            _ => Direction::Forward,
        };
        let rhs = self.expr(inner.next().expect("right side"));
        let mut rule = RewriteRule {
            doc: docs::doc_of(src, sp.start as usize),
            name,
            lhs,
            direction,
            rhs,
            preds: Vec::new(),
            tolerance: None,
            span: sp,
        };
        for p in inner {
            match p.as_rule() {
                Rule::preds => rule.preds = preds(p),
                _ => rule.tolerance = Some(number(&last(p))),
            }
        }
        rule
    }

    fn unclosed_strings(&mut self, file: &Pair<Rule>) {
        let strings = file.clone().into_inner().flatten();
        for s in strings.filter(|p| p.as_rule() == Rule::string) {
            let text = s.as_str();
            if text.len() < 2 || !text.ends_with('"') {
                self.diags.push(
                    Diag::new("parse::string", span(&s), "this string is not closed")
                        .with_label("a string ends with `\"` on its own line"),
                );
            }
        }
    }

    fn reserved(&mut self, pair: Pair<Rule>) {
        let kw = pair.into_inner().next().expect("reserved keyword");
        self.diags.push(
            Diag::new(
                "parse::unsupported",
                span(&kw),
                format!("`{}` items are not supported yet", kw.as_str()),
            )
            .with_label("reserved for opcode table rows")
            .with_help("opcode items arrive with the encoder; remove this item for now"),
        );
    }

    fn select(&mut self, pair: Pair<Rule>, src: &str) -> SelectRule {
        let sp = span(&pair);
        let mut inner = pair.into_inner().skip(1);
        let name = ident(&inner.next().expect("select name"));
        let lhs = self.expr(inner.next().expect("left side"));
        let inst = nisa_call(inner.next().expect("instruction"));
        let (mut then, mut preds_of) = (Vec::new(), Vec::new());
        for p in inner {
            match p.as_rule() {
                Rule::nisa_call => then.push(nisa_call(p)),
                Rule::preds => preds_of = preds(p),
                _ => {}
            }
        }
        SelectRule {
            doc: docs::doc_of(src, sp.start as usize),
            name,
            lhs,
            inst,
            then,
            preds: preds_of,
            span: sp,
        }
    }
}

fn call(pair: Pair<Rule>) -> Call {
    // The pair runs on over the whitespace before a missing `if`: the call ends at its text.
    let start = pair.as_span().start();
    let sp = Span::new(start, start + pair.as_str().trim_end().len());
    let mut inner = pair.into_inner();
    let bound = var(&inner.next().expect("call variable"));
    let fragment = ident(&inner.next().expect("fragment name"));
    let mut call = Call {
        var: bound,
        fragment,
        args: Vec::new(),
        preds: Vec::new(),
        span: sp,
    };
    for p in inner {
        match p.as_rule() {
            Rule::var => call.args.push(var(&p)),
            _ => call.preds = preds(p),
        }
    }
    call
}

fn only(pair: Pair<Rule>) -> Pair<Rule> {
    pair.into_inner().next().expect("one child")
}

fn last(pair: Pair<Rule>) -> Pair<Rule> {
    pair.into_inner().last().expect("a child")
}

fn last_ident(pair: Pair<Rule>) -> Ident {
    ident(&last(pair))
}

/// A name filled in from the rule's children (the grammar guarantees it is there).
fn placeholder(span: Span) -> Ident {
    Ident {
        name: String::new(),
        span,
    }
}

fn ident(p: &Pair<Rule>) -> Ident {
    Ident {
        name: p.as_str().to_string(),
        span: span(p),
    }
}

fn var(p: &Pair<Rule>) -> Var {
    Var {
        name: p.as_str()[1..].to_string(),
        span: span(p),
    }
}

fn capture(p: &Pair<Rule>) -> Capture {
    Capture {
        name: p.as_str()[1..].to_string(),
        span: span(p),
    }
}

fn op_name(p: &Pair<Rule>) -> OpName {
    OpName::new(p.as_str().to_string(), span(p))
}

fn op_names(p: Pair<Rule>) -> Vec<OpName> {
    p.into_inner().map(|o| op_name(&o)).collect()
}

fn op_class(p: Pair<Rule>) -> OpClass {
    let mut class = OpClass {
        elementwise: None,
        ops: Vec::new(),
    };
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::kw_elementwise => class.elementwise = Some(span(&c)),
            _ => class.ops.push(op_name(&c)),
        }
    }
    class
}

fn number(p: &Pair<Rule>) -> Number {
    let text = p.as_str();
    let value = match text {
        "inf" => f64::INFINITY,
        "-inf" => f64::NEG_INFINITY,
        _ => text.parse().unwrap_or(f64::NAN),
    };
    Number {
        text: text.to_string(),
        value,
        span: span(p),
    }
}

fn constant(pair: Pair<Rule>) -> Const {
    let sp = span(&pair);
    let c = only(pair);
    let splat = c.as_rule() == Rule::splat;
    let v = if splat { last(c) } else { c };
    let value = match v.as_rule() {
        Rule::capture => ConstValue::Capture(capture(&v)),
        _ => ConstValue::Number(number(&v)),
    };
    Const {
        splat,
        value,
        span: sp,
    }
}

fn literal(pair: Pair<Rule>) -> Literal {
    let p = only(pair);
    let sp = span(&p);
    match p.as_rule() {
        Rule::number => Literal::Number(number(&p)),
        Rule::string => {
            // An unclosed string (reported by `unclosed_strings`) has no closing quote.
            let s = &p.as_str()[1..];
            let body = s.strip_suffix('"').unwrap_or(s);
            Literal::Str(body.to_string(), sp)
        }
        Rule::list => Literal::List(p.into_inner().map(literal).collect(), sp),
        Rule::wildcard => Literal::Wildcard(sp),
        _ => Literal::Word(p.as_str().to_string(), sp),
    }
}

fn alternatives(pair: Pair<Rule>) -> Vec<Literal> {
    pair.into_inner().map(literal).collect()
}

/// The parts of `name = value` (an attribute or a Penguin field): span, name, value.
fn name_value(pair: Pair<Rule>) -> (Span, Ident, Pair<Rule>) {
    let sp = span(&pair);
    let mut inner = pair.into_inner();
    let name = ident(&inner.next().expect("a name"));
    (sp, name, only(inner.next().expect("a value")))
}

fn attr(pair: Pair<Rule>) -> AttrPattern {
    let (span, name, v) = name_value(pair);
    let value = match v.as_rule() {
        Rule::capture => AttrValue::Capture(capture(&v)),
        Rule::var => AttrValue::Var(var(&v)),
        _ => AttrValue::Match(alternatives(v)),
    };
    AttrPattern { name, value, span }
}

fn preds(pair: Pair<Rule>) -> Vec<Pred> {
    pair.into_inner().skip(1).map(pred).collect()
}

fn pred(pair: Pair<Rule>) -> Pred {
    let sp = span(&pair);
    let mut inner = pair.into_inner();
    let name = ident(&inner.next().expect("predicate name"));
    let mut pred = Pred {
        name,
        args: Vec::new(),
        compare: None,
        span: sp,
    };
    for p in inner {
        match p.as_rule() {
            Rule::arg => pred.args.push(arg(only(p))),
            _ => pred.compare = Some(compare(p)),
        }
    }
    pred
}

fn arg(p: Pair<Rule>) -> Arg {
    match p.as_rule() {
        Rule::var => Arg::Var(var(&p)),
        Rule::capture => Arg::Capture(capture(&p)),
        _ => Arg::Literal(literal(p)),
    }
}

fn compare(pair: Pair<Rule>) -> Compare {
    let sp = span(&pair);
    let mut inner = pair.into_inner();
    let op = match inner.next().expect("comparison").as_str() {
        "==" => CmpOp::Eq,
        "!=" => CmpOp::Ne,
        "<" => CmpOp::Lt,
        "<=" => CmpOp::Le,
        ">" => CmpOp::Gt,
        _ => CmpOp::Ge,
    };
    let rhs = alternatives(inner.next().expect("compared value"));
    Compare { op, rhs, span: sp }
}

fn field(pair: Pair<Rule>) -> Field {
    let (span, name, v) = name_value(pair);
    let value = match v.as_rule() {
        Rule::capture => FieldValue::Capture(capture(&v)),
        Rule::var => FieldValue::Var(var(&v)),
        _ => FieldValue::Literal(literal(v)),
    };
    Field { name, value, span }
}

fn nisa_call(pair: Pair<Rule>) -> NisaCall {
    let sp = span(&pair);
    let mut inner = pair.into_inner();
    let op = ident(&inner.next().expect("instruction name"));
    let args = inner
        .map(|a| {
            let asp = span(&a);
            let mut kv = a.into_inner();
            let key = ident(&kv.next().expect("key"));
            let v = kv
                .next()
                .expect("value")
                .into_inner()
                .next()
                .expect("value");
            let value = match v.as_rule() {
                Rule::recip => NisaValue::Recip(capture(&last(v))),
                Rule::neg => NisaValue::Neg(capture(&last(v))),
                Rule::var => NisaValue::Var(var(&v)),
                Rule::capture => NisaValue::Capture(capture(&v)),
                _ => NisaValue::Literal(literal(v)),
            };
            NisaArg {
                key,
                value,
                span: asp,
            }
        })
        .collect();
    NisaCall { op, args, span: sp }
}

fn kernel(pair: Pair<Rule>, src: &str) -> KernelItem {
    let sp = span(&pair);
    let mut item = KernelItem {
        doc: docs::doc_of(src, sp.start as usize),
        name: placeholder(sp),
        kind: placeholder(sp),
        layout: placeholder(sp),
        tile: None,
        span: sp,
    };
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::rule_name => item.name = ident(&p),
            Rule::kind => item.kind = last_ident(p),
            Rule::ident => item.layout = ident(&p),
            Rule::number => item.tile = Some(number(&p)),
            _ => {}
        }
    }
    item
}

fn route(pair: Pair<Rule>, src: &str) -> RouteRule {
    let sp = span(&pair);
    let mut rule = RouteRule {
        doc: docs::doc_of(src, sp.start as usize),
        name: placeholder(sp),
        ops: Vec::new(),
        preds: Vec::new(),
        engine: placeholder(sp),
        span: sp,
    };
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::rule_name => rule.name = ident(&p),
            Rule::nisa_ops => {
                rule.ops = p
                    .into_inner()
                    .filter(|o| o.as_rule() == Rule::ident)
                    .map(|o| ident(&o))
                    .collect()
            }
            Rule::preds => rule.preds = preds(p),
            Rule::ident => rule.engine = ident(&p),
            _ => {}
        }
    }
    rule
}
