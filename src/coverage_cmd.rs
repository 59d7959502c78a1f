//! `egfuse coverage`: fuses every module under the paths given (on `--jobs` threads) with the
//! matchers reporting into a coverage trace, then prints per rule the anchors examined,
//! matches, fusions applied, rejections by pattern node or predicate and the sites, and per
//! file the ops, ops inside fusions and fusions by kind (`--json`, `--html` write the same
//! report; docs/reports.md). A file's ops are its unfused program's after inlining, in every
//! mode, so that the modes' shares are shares of the same ops. Exit codes: 0 every file fused;
//! 2 a file or the rules could not be read (its diagnostic is printed, the other files are
//! still reported).

use crate::batch;
use crate::cli::{write_output, Reported};
use crate::fuse_cmd::Mode;
use crate::rules_cmd::{self, RuleDirs};
use crate::target_cmd::{self, TargetChoice};
use clap::Args;
use egfuse_cost::Target;
use egfuse_diag::Diag;
use egfuse_dsl::RuleSet;
use egfuse_fusion::fuse as fusion;
use egfuse_fusion::inline::{inline, InlineConfig};
use egfuse_fusion::trace::Trace;
use egfuse_ir::fused::{census, Census};
use egfuse_ir::pass::PipelineConfig;
use egfuse_ir::Module;
use egfuse_reports::coverage::{html, table, Coverage, FileCensus};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Args)]
pub struct CoverageArgs {
    /// The modules: files, and directories searched recursively for `.mlir` files.
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// The fusion mode, as for `egfuse fuse` (with its default settings).
    #[arg(long, value_enum, default_value_t = Mode::Egraph)]
    mode: Mode,
    #[command(flatten)]
    rules: RuleDirs,
    #[command(flatten)]
    target: TargetChoice,
    /// Also write the report as JSON to OUT (atomically; the format is in docs/reports.md).
    #[arg(long, value_name = "OUT")]
    json: Option<PathBuf>,
    /// Also write the report as one self-contained HTML page to OUT (atomically).
    #[arg(long, value_name = "OUT")]
    html: Option<PathBuf>,
    /// How many files to fuse at once.
    #[arg(long, value_name = "N", default_value_t = 2)]
    jobs: usize,
    /// Report only the fusion rule NAME (repeatable; every file is still fused with every
    /// rule).
    #[arg(long, value_name = "NAME")]
    rule: Vec<String>,
    /// Report only the fusion rules of kind KIND, e.g. `RmsNorm` (repeatable).
    #[arg(long, value_name = "KIND")]
    kind: Vec<String>,
    /// Also report how long each file took to read, fuse and count (a column of the file
    /// table, `time_ms` in the JSON): the report is then no longer the same bytes every run.
    #[arg(long)]
    time: bool,
}

pub fn coverage(args: &CoverageArgs) -> ExitCode {
    match run(args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) | Err(Reported) => ExitCode::from(2),
    }
}

/// What fusing one file gave.
enum Outcome {
    Fused {
        src: String,
        census: FileCensus,
        /// The records alone: coverage sets no hook.
        trace: Trace<'static>,
    },
    /// The rendered diagnostics and the first one's message.
    Failed { rendered: String, first: String },
}

/// Runs the report; `Ok(false)` when some file failed.
fn run(args: &CoverageArgs) -> Result<bool, Reported> {
    let rules = rules_cmd::load_reported(&args.rules)?;
    let target = target_cmd::load(&args.target)?;
    let files = batch::files(&args.paths).map_err(|e| {
        eprintln!("error: {e}");
        Reported
    })?;
    if files.is_empty() {
        eprintln!("error: no .mlir files under the paths given");
        return Err(Reported);
    }
    let mode = args.mode.defaults();
    let runs = |rule: &egfuse_dsl::ast::FusionRule| fusion::runs(&mode, rule);
    let mut report = Coverage::new(&rules, mode_name(args.mode), runs);
    let keep = filter(&report, &args.rule, &args.kind)?;
    let outcomes = batch::map(&files, args.jobs, |path| {
        let started = Instant::now();
        (
            one_file(path, &rules, &target, args.mode),
            started.elapsed(),
        )
    });
    let mut ok = true;
    for (path, (outcome, time)) in files.iter().zip(outcomes) {
        let name = path.display().to_string();
        match outcome {
            Outcome::Fused { src, census, trace } => report.add(&name, &src, &census, &trace),
            Outcome::Failed { rendered, first } => {
                eprint!("{rendered}");
                report.add_failed(&name, &first);
                ok = false;
            }
        }
        if args.time {
            report.set_time(time);
        }
    }
    report.finish();
    report.retain_rules(|r| keep(&r.name, &r.kind));
    if let Some(p) = &args.json {
        write_output(Some(p), report.to_json().as_bytes())?;
    }
    if let Some(p) = &args.html {
        write_output(Some(p), html(&report).as_bytes())?;
    }
    write_output(None, table(&report).as_bytes())?;
    Ok(ok)
}

/// Which rules `--rule` and `--kind` keep (every rule when neither is given); a name or kind
/// no fusion rule has is an error listing the ones there are.
fn filter<'a>(
    report: &Coverage,
    names: &'a [String],
    kinds: &'a [String],
) -> Result<impl Fn(&str, &str) -> bool + 'a, Reported> {
    let unknown = |wanted: &[String], have: Vec<&str>, (what, list): (&str, &str)| {
        let bad = wanted.iter().find(|w| !have.contains(&w.as_str()));
        match bad {
            Some(w) => {
                let mut have = have.clone();
                have.sort();
                have.dedup();
                eprintln!(
                    "error: no fusion rule {what} `{w}`; {list}: {}",
                    have.join(", ")
                );
                Err(Reported)
            }
            None => Ok(()),
        }
    };
    unknown(
        names,
        report.rules.iter().map(|r| r.name.as_str()).collect(),
        ("named", "the fusion rules are"),
    )?;
    unknown(
        kinds,
        report.rules.iter().map(|r| r.kind.as_str()).collect(),
        ("of kind", "their kinds are"),
    )?;
    Ok(move |name: &str, kind: &str| {
        (names.is_empty() || names.iter().any(|n| n == name))
            && (kinds.is_empty() || kinds.iter().any(|k| k == kind))
    })
}

fn mode_name(mode: Mode) -> &'static str {
    match mode {
        Mode::Egraph => "egraph",
        Mode::Compat => "compat",
    }
}

/// Reads, verifies and fuses one file with tracing, and counts its fused module.
fn one_file(path: &Path, rules: &RuleSet, target: &Target, mode: Mode) -> Outcome {
    let name = path.display().to_string();
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            let first = format!("cannot read {name}: {e}");
            let rendered = format!("error: {first}\n");
            return Outcome::Failed { rendered, first };
        }
    };
    let src = match crate::cli::mlir_text(bytes) {
        Ok(src) => src,
        Err(found) => {
            let (d, text) = *found;
            return Outcome::Failed {
                rendered: egfuse_diag::render(&name, &text, std::slice::from_ref(&d)),
                first: d.message,
            };
        }
    };
    let failed = |diags: &[Diag]| Outcome::Failed {
        rendered: egfuse_diag::render(&name, &src, diags),
        first: diags.first().map(|d| d.message.clone()).unwrap_or_default(),
    };
    let m = match egfuse_ir::parse::parse(&src) {
        Ok(m) => m,
        Err(d) => return failed(&[d]),
    };
    let errors = egfuse_ir::verify::verify(&m);
    if !errors.is_empty() {
        return failed(&errors);
    }
    match fuse_counted(m, rules, target, mode) {
        Ok((census, trace)) => Outcome::Fused { src, census, trace },
        Err(diags) => failed(&diags),
    }
}

/// Fuses a verified module with tracing, verifies the result and counts both on one basis:
/// the input's ops after inlining, the fused module's (inlined the same way) outside fusions.
fn fuse_counted(
    mut m: Module,
    rules: &RuleSet,
    target: &Target,
    mode: Mode,
) -> Result<(FileCensus, Trace<'static>), Vec<Diag>> {
    let ops = inlined(&m).ops;
    let mut trace = Trace::default();
    fuse_traced(&mut m, rules, target, mode, &mut trace).map_err(|d| vec![d])?;
    let errors = egfuse_ir::verify::verify(&m);
    if !errors.is_empty() {
        return Err(errors);
    }
    let after = inlined(&m);
    let census = FileCensus {
        ops,
        left: after.ops - after.fused_ops,
        fusions: census(&m).fusions,
    };
    Ok((census, trace))
}

/// The census of `m` after inlining with the default settings, as `compare` inlines.
fn inlined(m: &Module) -> Census {
    let mut m = m.clone();
    inline(&mut m, &InlineConfig::default());
    census(&m)
}

/// Fuses `m` as `egfuse fuse --mode MODE` does with its default settings, reporting into
/// `trace`.
pub fn fuse_traced(
    m: &mut Module,
    rules: &RuleSet,
    target: &Target,
    mode: Mode,
    trace: &mut Trace,
) -> Result<(), Diag> {
    let unverified = PipelineConfig {
        verify_each: false,
        ..PipelineConfig::default()
    };
    fusion::fuse(m, &mode.defaults(), rules, target, Some(trace), &unverified)
        .map(drop)
        .map_err(|e| e.diags().swap_remove(0))
}
