//! `egfuse explain IN (--rule NAME | --kind KIND) [--at LOC | --op %N]`: why one fusion rule
//! (or every rule of a kind, in file order) did or did not match at each of its candidate
//! anchors, and in egraph mode which of its matches extraction did not choose and at what cost.
//! Exit codes: 0 explained (whatever it found); 2 the module, the rules or the target cannot be
//! read, or no such rule or kind.

use crate::cli::{load, write_output, Reported};
use crate::fuse_cmd::Mode;
use crate::rules_cmd::{self, RuleDirs};
use crate::target_cmd::{self, TargetChoice};
use clap::Args;
use egfuse_diag::line_col;
use egfuse_dsl::ast::{FusionBody, FusionRule};
use egfuse_dsl::phase::Phase;
use egfuse_dsl::RuleSet;
use egfuse_fusion::compat::CompatConfig;
use egfuse_fusion::egraph::kernels::root_binding;
use egfuse_reports::explain::{self, Place};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
#[command(group(clap::ArgGroup::new("which").required(true).args(["rule", "kind"])))]
pub struct ExplainArgs {
    /// The module.
    input: PathBuf,
    /// The fusion rule to explain (`egfuse rules list` names them).
    #[arg(long, value_name = "NAME")]
    rule: Option<String>,
    /// Explain every fusion rule of this kind (`RmsNorm`, `DotSoftmax`, ...), in file order.
    #[arg(long, value_name = "KIND")]
    kind: Option<String>,
    /// Only the candidate at this position of the input: `LINE`, `LINE:COL` or
    /// `FILE:LINE:COL` (the file part is ignored).
    #[arg(long, value_name = "LOC", conflicts_with = "op")]
    at: Option<String>,
    /// Only the candidate whose result is this SSA value, e.g. `%3`.
    #[arg(long, value_name = "%N")]
    op: Option<String>,
    /// The fusion mode (default: egraph when egraph mode can run the rule, else compat).
    #[arg(long, value_enum)]
    mode: Option<Mode>,
    #[command(flatten)]
    rules: RuleDirs,
    #[command(flatten)]
    target: TargetChoice,
}

pub fn explain(args: &ExplainArgs) -> ExitCode {
    crate::cli::exit_code(run(args))
}

fn run(args: &ExplainArgs) -> Result<(), Reported> {
    let at = args.at.as_deref().map(position).transpose()?;
    let rules = rules_cmd::load_reported(&args.rules)?;
    let names = chosen(&rules, args)?;
    let loaded = load(&args.input)?;
    let want = args
        .op
        .as_deref()
        .map(|op| known_name(&loaded, op))
        .transpose()?;
    // Read once, on the first form egraph mode explains: a rule may have 256 forms.
    let mut target = None;
    let mut text = String::new();
    let mut told = false;
    for name in names {
        let q = Query {
            loaded: &loaded,
            rules: &rules,
            at,
            want: want.as_deref(),
        };
        text.push_str(&one_rule(&q, args, &name, (&mut target, &mut told))?);
    }
    write_output(None, text.as_bytes())
}

/// The rules `--rule` or `--kind` names, each once in file order; an unknown one is an error
/// listing what there is.
fn chosen(rules: &RuleSet, args: &ExplainArgs) -> Result<Vec<String>, Reported> {
    let mut names: Vec<String> = Vec::new();
    for f in rules.fusions() {
        let picked = args.rule.as_ref().is_some_and(|r| *r == f.name.name)
            || args.kind.as_ref().is_some_and(|k| *k == f.kind.name);
        if picked && !names.contains(&f.name.name) {
            names.push(f.name.name.clone());
        }
    }
    if !names.is_empty() {
        return Ok(names);
    }
    let mut all: Vec<&str> = match &args.kind {
        Some(_) => rules.fusions().map(|f| f.kind.name.as_str()).collect(),
        None => rules.fusions().map(|f| f.name.name.as_str()).collect(),
    };
    all.sort();
    all.dedup();
    match (&args.rule, &args.kind) {
        (Some(r), _) => eprintln!(
            "error: no fusion rule named `{r}`; the fusion rules are: {}",
            all.join(", ")
        ),
        (_, k) => eprintln!(
            "error: no fusion rule of kind `{}`; the kinds are: {}",
            k.as_deref().unwrap_or(""),
            all.join(", ")
        ),
    }
    Err(Reported)
}

/// What every rule is explained against.
struct Query<'a> {
    loaded: &'a crate::cli::Loaded,
    rules: &'a RuleSet,
    at: Option<(usize, Option<usize>)>,
    want: Option<&'a str>,
}

/// The explanation of the rule `name`, every form of it, rendered.
fn one_rule(
    q: &Query,
    args: &ExplainArgs,
    name: &str,
    (target, told): (&mut Option<egfuse_cost::Target>, &mut bool),
) -> Result<String, Reported> {
    let (loaded, src) = (q.loaded, q.loaded.src.as_str());
    let mut found = Vec::new();
    for rule in q.rules.variants(name) {
        let mut m = loaded.module.clone();
        let mut e = match args.mode.unwrap_or_else(|| default_mode(rule)) {
            Mode::Compat => explain::compat(&mut m, src, q.rules, rule, &CompatConfig::default())
                .map_err(|d| crate::cli::fail(&loaded.name, src, &[d]))?,
            Mode::Egraph => {
                let target = match target {
                    Some(t) => t,
                    None => target.insert(target_cmd::load(&args.target)?),
                };
                let cfg = egfuse_fusion::egraph::Config::default();
                explain::egraph(&mut m, src, q.rules, rule, target, &cfg)
                    .map_err(|d| crate::cli::fail(&loaded.name, src, &[d]))?
            }
        };
        if let Some((line, col)) = q.at {
            e.retain(|p| at_position(p, src, line, col));
        }
        if let Some(want) = q.want {
            let inlined = format!("{want} in @");
            e.retain(|p| p.name == want || p.name.starts_with(&inlined));
            if e.candidates.is_empty() && e.note.is_none() {
                e.note = Some(format!(
                    "{want} is in the file, but no candidate anchor of rule {} computes it (its root op is another)",
                    e.rule
                ));
            }
        }
        found.push(e);
    }
    let mut text = String::new();
    if found.len() > 1 && !std::mem::replace(told, true) {
        text.push_str(FORMS);
    }
    text.push_str(&render_forms(found, &loaded.name, src));
    Ok(text)
}

/// What a form is, said before the first rule with more than one.
const FORMS: &str = "A rule whose bindings may be absent (`or %x`) has a form for each choice of \
them, searched on its own; a form's title names the bindings it leaves out, `(without %a)`.\n\n";

/// The forms of a rule (its variants, fullest first) that matched somewhere, or, when none did,
/// the fullest form with a line saying how many others there are: a rule with eight optional
/// parts has 256 forms, and the traces of the ones that fit nothing say the same thing over.
fn render_forms(found: Vec<explain::Explanation>, file: &str, src: &str) -> String {
    let total = found.len();
    let matched = |e: &explain::Explanation| {
        e.candidates.iter().any(|c| c.failure.is_none()) || !e.unchosen.is_empty()
    };
    let shown: Vec<&explain::Explanation> = found.iter().filter(|e| matched(e)).collect();
    let shown = if shown.is_empty() {
        found.iter().take(1).collect()
    } else {
        shown
    };
    let mut text: String = shown
        .iter()
        .map(|e| explain::render(e, file, src))
        .collect();
    if total > shown.len() {
        text.push_str(&format!(
            "({} other forms of the rule matched nothing)\n",
            total - shown.len()
        ));
    }
    text
}

/// `--op`'s name as `%N`, when the input file names a value so; else an error listing the
/// names nearest to it.
fn known_name(loaded: &crate::cli::Loaded, op: &str) -> Result<String, Reported> {
    let want = format!("%{}", op.trim_start_matches('%'));
    let names = explain::Names::new(&loaded.module, &loaded.src).all(&loaded.module);
    if names.contains(&want) {
        return Ok(want);
    }
    let number = |n: &str| n[1..].parse::<i64>().ok();
    let mut near: Vec<(usize, i64, &String)> = (names.iter())
        .map(|n| {
            let apart = number(n)
                .zip(number(&want))
                .map_or(i64::MAX, |(a, b)| (a - b).abs());
            (strsim::levenshtein(n, &want), apart, n)
        })
        .collect();
    near.sort();
    let near: Vec<&str> = near.iter().take(5).map(|(_, _, n)| n.as_str()).collect();
    eprintln!(
        "error: --op {op}: {} names no value `{want}`; the nearest names in it are {}",
        loaded.name,
        near.join(", ")
    );
    Err(Reported)
}

/// Egraph mode when it can run the rule (a pattern with one root), else compat mode.
fn default_mode(rule: &FusionRule) -> Mode {
    match &rule.body {
        FusionBody::Pattern(b) if root_binding(b).is_some() => Mode::Egraph,
        FusionBody::Grow(_) if rule.phase() == Some(Phase::Loop) => Mode::Egraph,
        _ => Mode::Compat,
    }
}

/// `LINE`, `LINE:COL` or `FILE:LINE:COL` as (line, column if given).
fn position(text: &str) -> Result<(usize, Option<usize>), Reported> {
    let parts: Vec<&str> = text.rsplitn(3, ':').collect();
    let num = |s: &str| s.parse::<usize>().ok();
    let parsed = match parts.as_slice() {
        [line] => num(line).map(|l| (l, None)),
        [last, before, ..] => match (num(before), num(last)) {
            (Some(l), Some(c)) => Some((l, Some(c))),
            (None, Some(l)) => Some((l, None)),
            _ => None,
        },
        [] => None,
    };
    parsed.ok_or_else(|| {
        eprintln!("error: bad --at `{text}`: expected LINE, LINE:COL or FILE:LINE:COL");
        Reported
    })
}

/// Whether a place starts on `line` (and at `col`, when given): where the user's code has it,
/// or, for an op inlined from a private function, where its own text is.
fn at_position(p: &Place, src: &str, line: usize, col: Option<usize>) -> bool {
    [p.span, p.written].into_iter().any(|span| {
        if span.is_none() {
            return false;
        }
        let (l, c) = line_col(src, span.start as usize);
        l == line && col.is_none_or(|col| col == c)
    })
}
