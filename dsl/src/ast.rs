//! The spanned syntax tree of a rule file.
//!
//! Every node carries the byte [`Span`] of its source text. The tree is what a matcher consumes:
//! a [`FusionRule`] is a list of [`Binding`]s (`%v = op(operands) {attrs} if preds`) with an
//! anchor, a phase, a flag, a priority, a kind and the Penguin fields; a [`RewriteRule`] is a pair
//! of [`Expr`] trees and a [`Direction`]. The checks in [`crate::check`] guarantee the invariants
//! the documentation of each type states, so a consumer of a loaded [`crate::RuleSet`] need not
//! re-check them.
//!
//! Two constructs exist only in the text: fragments ([`Fragment`], named sub-patterns a fusion
//! calls) and optional bindings (`%m = op(...) or %x`). A fusion that uses either has a
//! [`FusionBody::Steps`] body; the loader expands it ([`crate::expand`]) into one concrete
//! [`FusionBody::Pattern`] rule per combination of its optional parts, so a consumer of a loaded
//! [`crate::RuleSet`] sees only patterns.

use crate::phase::{Flag, Phase};
use egfuse_diag::Span;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// One parsed rule file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct File {
    /// The comment lines at the top of the file, before a blank line (without the `#`).
    pub header: Vec<String>,
    pub items: Vec<Item>,
}

/// A top-level item.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Item {
    Fusion(FusionRule),
    Rewrite(RewriteRule),
    /// Only in a file's text: a loaded rule set has expanded every call of it.
    Fragment(Fragment),
    Select(SelectRule),
    Kernel(KernelItem),
    Route(RouteRule),
}

impl Item {
    /// The rule's name.
    pub fn name(&self) -> &Ident {
        match self {
            Item::Fusion(f) => &f.name,
            Item::Rewrite(r) => &r.name,
            Item::Fragment(f) => &f.name,
            Item::Select(r) => &r.name,
            Item::Kernel(k) => &k.name,
            Item::Route(r) => &r.name,
        }
    }

    /// The comment lines directly above the rule; the first is its law.
    pub fn doc(&self) -> &[String] {
        match self {
            Item::Fusion(f) => &f.doc,
            Item::Rewrite(r) => &r.doc,
            Item::Fragment(f) => &f.doc,
            Item::Select(r) => &r.doc,
            Item::Kernel(k) => &k.doc,
            Item::Route(r) => &r.doc,
        }
    }

    /// The rule's one-line law: the first line of its doc comment.
    pub fn law(&self) -> Option<&str> {
        self.doc().first().map(String::as_str)
    }

    pub fn span(&self) -> Span {
        match self {
            Item::Fusion(f) => f.span,
            Item::Rewrite(r) => r.span,
            Item::Fragment(f) => f.span,
            Item::Select(r) => r.span,
            Item::Kernel(k) => k.span,
            Item::Route(r) => r.span,
        }
    }
}

/// A word: a rule name, a kind, a phase, an attribute or predicate name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

/// A value variable `%name` (stored without the `%`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Var {
    pub name: String,
    pub span: Span,
}

/// A capture `$name` of an attribute or a constant's value (stored without the `$`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Capture {
    pub name: String,
    pub span: Span,
}

/// A full op name with its dialect, `stablehlo.add`. Stored without its symbol, which loading
/// interns again.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(into = "StoredOpName", from = "StoredOpName")]
pub struct OpName {
    pub name: String,
    /// `name` interned: a matcher compares op names as numbers (egg's op nodes carry the same
    /// global symbols).
    pub sym: symbol_table::GlobalSymbol,
    pub span: Span,
}

impl OpName {
    pub fn new(name: String, span: Span) -> OpName {
        let sym = symbol_table::GlobalSymbol::from(name.as_str());
        OpName { name, sym, span }
    }
}

/// An [`OpName`] as stored: its symbol is a number of this process only.
#[derive(Serialize, Deserialize)]
struct StoredOpName {
    name: String,
    span: Span,
}

impl From<OpName> for StoredOpName {
    fn from(op: OpName) -> StoredOpName {
        StoredOpName {
            name: op.name,
            span: op.span,
        }
    }
}

impl From<StoredOpName> for OpName {
    fn from(op: StoredOpName) -> OpName {
        OpName::new(op.name, op.span)
    }
}

/// A fusion rule: a pattern whose matched ops become one fused kernel of kind `kind`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FusionRule {
    pub doc: Vec<String>,
    pub name: Ident,
    /// The fusion kind stamped on the result (`FusionKind`, `neuron.<Kind>`).
    pub kind: Ident,
    /// The op the matcher walks for; a binding's variable (or the grow variable).
    pub anchor: Var,
    /// The compat-mode sub-pass this rule runs in; none means egraph mode only.
    pub phase: Option<Ident>,
    /// The compat-mode flag that gates the phase (checked against the seed's driver).
    pub flag: Option<Ident>,
    /// Higher first among rules of one phase; 0 when not written.
    pub priority: Option<Priority>,
    /// `through converts`: every binding, fragments' too, reads its producers through float
    /// converts.
    pub converts: Converts,
    pub body: FusionBody,
    /// The Penguin emission's fields; `op` defaults to the kind.
    pub penguin: Vec<Field>,
    /// In an expanded rule, the optional bindings this variant leaves out (empty when every
    /// part is present, and in a rule without optional parts).
    pub absent: Vec<Var>,
    /// In an expanded rule with optional parts, the bindings of every form at once (fragments
    /// inlined, each optional part with its `or`), shared by its forms: egraph mode searches
    /// them once per class to skip the classes where no form can match.
    /// Not stored with the rule: the stored set keeps each shared list once (`crate::store`).
    #[serde(skip)]
    pub whole: Option<Arc<Vec<Binding>>>,
    pub span: Span,
}

impl FusionRule {
    /// The name with the variant: `dot-softmax` or `dot-softmax (without %s, %m)`.
    pub fn title(&self) -> String {
        if self.absent.is_empty() {
            return self.name.name.clone();
        }
        let names: Vec<String> = self.absent.iter().map(|v| format!("%{}", v.name)).collect();
        format!("{} (without {})", self.name.name, names.join(", "))
    }

    /// The phase as a typed value (after checking, `Some` exactly when `phase` is written).
    pub fn phase(&self) -> Option<Phase> {
        self.phase.as_ref().and_then(|p| Phase::from_name(&p.name))
    }

    /// The flag as a typed value.
    pub fn flag(&self) -> Option<Flag> {
        self.flag.as_ref().and_then(|f| Flag::from_name(&f.name))
    }

    /// The priority, 0 when not written.
    pub fn priority(&self) -> i64 {
        self.priority.as_ref().map_or(0, |p| p.value)
    }

    /// The bindings of a pattern body (empty for a grow body, and for an unexpanded one).
    pub fn bindings(&self) -> &[Binding] {
        match &self.body {
            FusionBody::Pattern(b) => b,
            FusionBody::Grow(_) | FusionBody::Steps(_) => &[],
        }
    }

    /// The binding of the anchor variable, for a pattern body.
    pub fn anchor_binding(&self) -> Option<&Binding> {
        self.bindings()
            .iter()
            .find(|b| b.var.name == self.anchor.name)
    }

    /// The Penguin `op` field if written, else the kind.
    pub fn penguin_op(&self) -> String {
        self.penguin
            .iter()
            .find(|f| f.name.name == "op")
            .and_then(|f| match &f.value {
                FieldValue::Literal(Literal::Str(s, _)) => Some(s.clone()),
                _ => None,
            })
            .unwrap_or_else(|| self.kind.name.clone())
    }
}

/// `priority N`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Priority {
    pub value: i64,
    pub span: Span,
}

/// What a fusion rule matches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FusionBody {
    /// A fixed pattern: bindings in producer-before-consumer order, the root last. Every
    /// binding but the last feeds a later one, so the pattern is connected.
    Pattern(Vec<Binding>),
    /// A maximal connected cluster of ops of one class (the general Elementwise fusion).
    Grow(Box<Grow>),
    /// A pattern as written with fragment calls or optional bindings: only in a file's text,
    /// never in a loaded rule set (the loader expands it into `Pattern` variants).
    Steps(Vec<Step>),
}

/// One line of a pattern as written: a binding, or a call of a fragment.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Step {
    Bind(Binding),
    Call(Call),
}

/// `%v = NAME(%a, ...) if preds`: the fragment NAME's bindings, with its parameters read as the
/// arguments and its output as `%v`; the predicates hold on `%v`'s binding.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Call {
    pub var: Var,
    pub fragment: Ident,
    pub args: Vec<Var>,
    pub preds: Vec<Pred>,
    pub span: Span,
}

/// `fragment NAME(%p, ...) -> %out { steps }`: a named sub-pattern that fusions of the same
/// file call. Its value variables are its own (a call renames them), its captures are the
/// caller's: a fusion's Penguin field may read a `$d` its fragment captures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fragment {
    pub doc: Vec<String>,
    pub name: Ident,
    pub params: Vec<Var>,
    pub output: Var,
    /// `through converts`: its bindings read their producers through float converts.
    pub converts: Converts,
    pub steps: Vec<Step>,
    pub span: Span,
}

/// What may stand between a binding and the bindings it reads. The variants are ordered by
/// how much they admit: a binding inlined into a rule or fragment takes the larger of its own
/// and theirs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Converts {
    /// Each operand is its producer binding's value itself.
    #[default]
    Exact,
    /// An operand may be its producer binding's value through a chain of float-to-float
    /// converts (`through converts` on the fusion or fragment it was written in); the converts
    /// join the match.
    Through,
    /// An operand may be any elementwise function of its producer binding's value and splat
    /// constants (`through elementwise` on the binding): the ops of that function join the
    /// match, whatever they are (an MX scale's rounding, spelled in bit operations).
    Elementwise,
}

/// `%var = op-pattern if preds`: one op of the cluster, as a shared handle. The expanded
/// variants of one fusion repeat most of their bindings (the default rules' 5,322 bindings are
/// 214 distinct ones), so a clone shares one [`BindingData`], and an edit through `DerefMut`
/// copies it first when another handle shares it.
#[derive(Clone, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Binding(Arc<BindingData>);

impl Binding {
    /// A handle on `data`, shared by the handle's clones.
    pub fn new(data: BindingData) -> Binding {
        Binding(Arc::new(data))
    }
}

impl std::ops::Deref for Binding {
    type Target = BindingData;
    fn deref(&self) -> &BindingData {
        &self.0
    }
}

impl std::ops::DerefMut for Binding {
    fn deref_mut(&mut self) -> &mut BindingData {
        Arc::make_mut(&mut self.0)
    }
}

impl fmt::Debug for Binding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// What a [`Binding`] says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BindingData {
    pub var: Var,
    pub op: OpPattern<Operand>,
    pub preds: Vec<Pred>,
    /// Set by inlining from the rule or fragment written `through converts`.
    pub converts: Converts,
    /// `or %x`: the op may be absent, and `%var` is then `%x` (one of its operands). Only in
    /// a file's text: an expanded rule has none.
    pub or: Option<Var>,
    pub span: Span,
}

/// An op pattern: `[commute] op1 | op2 (operands) {attrs}`, generic over its operand type
/// ([`Operand`] in fusion bindings, [`Expr`] in rewrites).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OpPattern<A> {
    /// The two operands of a commutative binary op may match in either order.
    pub commute: bool,
    /// The op names, any of which matches (a rewrite's right side has exactly one).
    pub ops: Vec<OpName>,
    /// The operands in MLIR's generic order (`reduce`: the inputs, then the inits).
    pub operands: Vec<A>,
    pub attrs: Vec<AttrPattern>,
    pub span: Span,
}

/// An operand of a fusion binding: always a leaf.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Operand {
    /// A value: another binding's result, or an input of the pattern. The same variable twice
    /// is the same value.
    Var(Var),
    /// Any value.
    Wildcard(Span),
    Const(Const),
}

/// A constant operand.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Const {
    /// `splat(c)`: a constant splat, or a `broadcast_in_dim` of a scalar constant. Without
    /// `splat`, only a constant op whose value is a splat of `value`.
    pub splat: bool,
    pub value: ConstValue,
    pub span: Span,
}

/// The value of a [`Const`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ConstValue {
    Number(Number),
    /// `splat($c)`: any scalar, captured.
    Capture(Capture),
}

/// A number as written (`1.0`, `-0.5`, `2`, `-inf`), with its value. `2` and `2.0` match the
/// same constants; the text is kept so printing never changes a digit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Number {
    pub text: String,
    pub value: f64,
    pub span: Span,
}

impl Number {
    /// The value as an integer, when it is written as one.
    pub fn as_int(&self) -> Option<i64> {
        self.text.parse().ok()
    }
}

/// `name = value` in an op pattern's attribute dictionary.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AttrPattern {
    /// An attribute the op catalog knows for the op (including the pseudo-attribute `body`,
    /// the op of a reduce's body, and the flattened dot dimension numbers).
    pub name: Ident,
    pub value: AttrValue,
    pub span: Span,
}

/// The value side of an [`AttrPattern`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum AttrValue {
    /// Captures the attribute; a second use of the same capture requires an equal value.
    Capture(Capture),
    /// Matches any of the literals (`_` matches anything).
    Match(Vec<Literal>),
    /// A value variable where an attribute belongs; the checks reject it.
    Var(Var),
}

/// A literal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Literal {
    Number(Number),
    Str(String, Span),
    List(Vec<Literal>, Span),
    /// An enum value (`GT`), an element type (`bf16`) or an op name (`stablehlo.add`).
    Word(String, Span),
    Wildcard(Span),
}

impl Literal {
    pub fn span(&self) -> Span {
        match self {
            Literal::Number(n) => n.span,
            Literal::Str(_, s) | Literal::List(_, s) | Literal::Word(_, s) => *s,
            Literal::Wildcard(s) => *s,
        }
    }
}

/// A predicate: `name(args)`, optionally compared: `rank(%x) >= 2`, `dtype(%x) == f32 | bf16`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pred {
    pub name: Ident,
    pub args: Vec<Arg>,
    pub compare: Option<Compare>,
    pub span: Span,
}

/// A predicate argument.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Arg {
    Var(Var),
    Capture(Capture),
    Literal(Literal),
}

impl Arg {
    pub fn span(&self) -> Span {
        match self {
            Arg::Var(v) => v.span,
            Arg::Capture(c) => c.span,
            Arg::Literal(l) => l.span(),
        }
    }
}

/// `op rhs`: the comparison a non-boolean predicate's result must pass.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Compare {
    pub op: CmpOp,
    /// Any of these (more than one only with `==` and `!=`).
    pub rhs: Vec<Literal>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl CmpOp {
    pub fn text(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }
}

/// `grow %v over CLASS close ops copy ops edge ops except ops if preds limit name = N, ...`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Grow {
    /// Stands for each member of the cluster in the predicates.
    pub var: Var,
    pub class: OpClass,
    /// Ops that may root a cluster but never join one as a producer.
    pub close: Vec<OpName>,
    /// Ops of the class that join even when read outside the cluster, which takes a copy.
    pub copy: Vec<OpName>,
    /// Ops of the class that join anywhere where they keep the kernel's layout, and otherwise
    /// only at the cluster's edge: in the chain that writes its result or one that reads an
    /// input, as the access pattern of a load or a store.
    pub edge: Vec<OpName>,
    /// Ops of the class that never join.
    pub except: Vec<OpName>,
    /// Every member must satisfy these.
    pub preds: Vec<Pred>,
    pub limits: Vec<Limit>,
    pub span: Span,
}

impl Grow {
    /// The value of the limit `name`, if written.
    pub fn limit(&self, name: &str) -> Option<i64> {
        self.limits
            .iter()
            .find(|l| l.name.name == name)
            .map(|l| l.value)
    }
}

/// Which ops a grow cluster may contain: those the catalog marks elementwise (when
/// `elementwise` is written) and the ops listed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OpClass {
    /// Where `elementwise` is written, if it is.
    pub elementwise: Option<Span>,
    pub ops: Vec<OpName>,
}

impl OpClass {
    /// Whether an op named `name`, elementwise by the catalog or not, is in the class.
    pub fn contains(&self, name: &str, elementwise: bool) -> bool {
        (elementwise && self.elementwise.is_some()) || self.ops.iter().any(|o| o.name == name)
    }
}

/// `name = N` after `limit`: `min_ops`, `max_ops`, `max_live_ins`, `max_live_outs`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Limit {
    pub name: Ident,
    pub value: i64,
    pub span: Span,
}

/// `name = value` after `penguin`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Field {
    pub name: Ident,
    pub value: FieldValue,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FieldValue {
    Capture(Capture),
    Literal(Literal),
    /// A value variable where a field value belongs; the checks reject it.
    Var(Var),
}

/// An algebraic identity.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RewriteRule {
    pub doc: Vec<String>,
    pub name: Ident,
    /// Always an op pattern (never a bare variable or constant).
    pub lhs: Expr,
    pub direction: Direction,
    /// Builds ops: no alternatives, no `commute`, no `_`, only variables the left side binds.
    pub rhs: Expr,
    pub preds: Vec<Pred>,
    /// `tolerance = R`: the relative difference the two sides may show (rounding), for
    /// `egfuse rules check --soundness`; the checks keep it in (0, 1).
    pub tolerance: Option<Number>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Direction {
    /// `=>`: the left side may be replaced by the right.
    Forward,
    /// `<=>`: both ways (both sides must then build and bind the same variables).
    Both,
}

/// A rewrite expression.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Expr {
    Op {
        pattern: Box<OpPattern<Expr>>,
        /// `as %name`: names this interior node for predicates.
        name: Option<Var>,
    },
    Var(Var),
    Wildcard(Span),
    Const(Const),
}

impl Expr {
    pub fn span(&self) -> Span {
        match self {
            Expr::Op { pattern, name } => name
                .as_ref()
                .map_or(pattern.span, |n| pattern.span.to(n.span)),
            Expr::Var(v) => v.span,
            Expr::Wildcard(s) => *s,
            Expr::Const(c) => c.span,
        }
    }
}

/// `select NAME: lhs => op(key = value, ...) [then op(...)]* [if preds]`: the ops `lhs` matches
/// in a fused body become the nisa instruction on the right. The root's result is the
/// instruction's `dst`; each `then` step works on that destination in place (`dst` names it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SelectRule {
    pub doc: Vec<String>,
    pub name: Ident,
    /// Always an op pattern, as a rewrite's left side.
    pub lhs: Expr,
    pub inst: NisaCall,
    /// Steps after the instruction, in order, each writing its destination again.
    pub then: Vec<NisaCall>,
    pub preds: Vec<Pred>,
    pub span: Span,
}

/// A nisa instruction with keyword arguments, as NKI's Python writes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NisaCall {
    pub op: Ident,
    pub args: Vec<NisaArg>,
    pub span: Span,
}

/// `key = value`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NisaArg {
    pub key: Ident,
    pub value: NisaValue,
    pub span: Span,
}

/// The value of a [`NisaArg`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum NisaValue {
    /// A value the left side binds: the instruction reads it.
    Var(Var),
    /// A captured constant or attribute.
    Capture(Capture),
    /// `1/$c`: the reciprocal of a captured number.
    Recip(Capture),
    /// `-$c`: a captured number negated.
    Neg(Capture),
    /// A number, a word (`square`, `add`, `true`) or a list (`[1]`).
    Literal(Literal),
}

/// `kernel NAME kind KIND layout LAYOUT [tile N]`: how a fused kind is laid out on the
/// partitions, and its free-axis tile.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KernelItem {
    pub doc: Vec<String>,
    pub name: Ident,
    pub kind: Ident,
    pub layout: Ident,
    pub tile: Option<Number>,
    pub span: Span,
}

/// `route NAME: op | ... [if preds] => ENGINE`: the engine of the instructions it matches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RouteRule {
    pub doc: Vec<String>,
    pub name: Ident,
    /// The nisa ops it applies to; empty for `_`, any op.
    pub ops: Vec<Ident>,
    pub preds: Vec<Pred>,
    pub engine: Ident,
    pub span: Span,
}
