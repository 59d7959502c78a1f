//! `egfuse fuse`: runs a fusion mode over a module and writes the fused module, or its Penguin
//! text. Egraph mode (the default) saturates, costs and extracts; compat mode reproduces the
//! seed's pass.

use crate::cli::{load, write_output, write_output_with, Reported};
use crate::fuse_stats;
use crate::rules_cmd::{self, RuleDirs};
use crate::target_cmd::{self, TargetChoice};
use clap::{Args, ValueEnum};
use egfuse_cost::summary;
use egfuse_fusion::cluster::{self, Emit};
use egfuse_fusion::compat::CompatConfig;
use egfuse_fusion::egraph::{self, ExactLimits, Extractor, Limits};
use egfuse_fusion::fuse as fusion;
use egfuse_fusion::inline::InlineConfig;
use egfuse_ir::pass::{PassError, PipelineConfig};
use egfuse_ir::print::{print_to, PrintOptions};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct FuseArgs {
    /// The module to fuse.
    input: PathBuf,
    /// The fusion mode: `egraph` saturates the rules, costs every choice and extracts the
    /// cheapest program; `compat` reproduces the seed's pass exactly.
    #[arg(long, value_enum, default_value_t = Mode::Egraph)]
    mode: Mode,
    /// Bounds for egraph mode: saturation's `nodes=N,iterations=N,time=SECONDS,growth=N`,
    /// extraction's `extract-steps=N,extract-time=SECONDS` per function, and `threads=N` for the
    /// rule searches (any subset; defaults nodes=100000, iterations=64, time=1 (for the whole
    /// module), growth=4, extract-steps=100000000, extract-time=10, threads=the cores, at most
    /// 4). An extraction that hits its limit keeps the function's input program; `--stats` says
    /// so. The output is the same for any number of threads.
    #[arg(long, value_name = "LIMITS")]
    limits: Option<String>,
    /// Print, per function, the e-graph's size, why saturation stopped, the time of each step,
    /// the cost before and after, and fusions by kind (egraph mode), then each pass's time and
    /// the module's ops, ops inside fusions and fusions (both modes; to standard error).
    #[arg(long)]
    stats: bool,
    /// Also write the statistics as JSON to OUT (atomically; docs/reports.md describes it): the
    /// module's census and cost before and after fusion, per function what egraph mode did,
    /// each pass's time.
    #[arg(long, value_name = "OUT")]
    stats_json: Option<PathBuf>,
    /// Drop the rule RULE from the rule set (a fusion, rewrite or grow rule), as
    /// `compare --forbid` does. Repeatable.
    #[arg(long, value_name = "RULE")]
    forbid: Vec<String>,
    /// The extractor for egraph mode: `fast` (amortized costs, cheapest first) or `exact` (a
    /// branch and bound from the fast choice, for small functions; `--stats` prints the gap).
    #[arg(long, value_enum, default_value_t = ExtractKind::Fast)]
    extract: ExtractKind,
    /// Bounds on the exact search per function: `steps=N,time=SECONDS,classes=N` (any subset;
    /// defaults steps=1000000, time=10, classes=2000; larger graphs keep the fast choice).
    #[arg(long, value_name = "LIMITS")]
    exact_limits: Option<String>,
    #[command(flatten)]
    target: TargetChoice,
    /// Keep calls of private functions instead of inlining them before egraph fusion.
    #[arg(long)]
    no_inline: bool,
    /// A seed flag for compat mode, `fuseDotLogistic=true|false` or
    /// `generalElementwiseFusion=true|false`.
    #[arg(long = "flag", value_name = "NAME=BOOL")]
    flags: Vec<String>,
    /// What to write: `mhlo` (mhlo.fusion ops), `composite` (stablehlo.composite ops with
    /// private @genComposite<N> decompositions) or `penguin` (one NeuronTensorOp line per fusion).
    #[arg(long, value_enum, default_value_t = EmitKind::Mhlo)]
    emit: EmitKind,
    #[command(flatten)]
    rules: RuleDirs,
    /// Also write a Graphviz view of the fused functions to OUT, fused ops drawn as boxes
    /// coloured by kind (docs/reports.md describes it).
    #[arg(long, value_name = "OUT")]
    dot: Option<PathBuf>,
    /// Verify the module after every pass, naming the pass that broke it (always on in debug
    /// builds).
    #[arg(long)]
    verify_each: bool,
    /// Print the module to standard error after the pass PASS, as MLIR text under MLIR's header
    /// `// -----// IR Dump After PASS //----- //`, then go on with the pipeline. The passes are the ones `--stats` times (egraph mode: inline,
    /// scalar-folding, expand, dot-folding, egraph, loop, absorb, merge, one-op-kernels, attention); an unknown
    /// one is an error that lists them. Repeatable, or PASS,PASS.
    #[arg(long, value_name = "PASS", value_delimiter = ',')]
    print_after: Vec<String>,
    /// Where to write the result (default: standard output). Written atomically.
    #[arg(short, long)]
    output: Option<PathBuf>,
}

/// The fusion mode (`fuse`, `coverage`, `explain`).
#[derive(Clone, Copy, PartialEq, ValueEnum)]
pub enum Mode {
    Egraph,
    Compat,
}

impl Mode {
    /// The mode with the settings `egfuse fuse` uses given no other option.
    pub fn defaults(self) -> fusion::Mode {
        match self {
            Mode::Egraph => fusion::Mode::Egraph(egraph::Config::default()),
            Mode::Compat => fusion::Mode::Compat(CompatConfig::default()),
        }
    }
}

#[derive(Clone, Copy, PartialEq, ValueEnum)]
enum ExtractKind {
    Fast,
    Exact,
}

#[derive(Clone, Copy, PartialEq, ValueEnum)]
enum EmitKind {
    Mhlo,
    Composite,
    Penguin,
}

pub fn fuse(args: &FuseArgs) -> ExitCode {
    crate::cli::exit_code(run(args))
}

fn run(args: &FuseArgs) -> Result<(), Reported> {
    let mode = mode(args)?;
    let rules = rules_cmd::forbidden(rules_cmd::load_reported(&args.rules)?, &args.forbid)?;
    let target = target_cmd::load(&args.target)?;
    let mut loaded = load(&args.input)?;
    let wants_stats = args.stats || args.stats_json.is_some();
    let before = wants_stats.then(|| fuse_stats::unfused(&loaded.module, &mode, &target));
    let pipeline = PipelineConfig {
        verify_each: args.verify_each || PipelineConfig::default().verify_each,
        print_after: args.print_after.clone(),
    };
    let report = fusion::fuse(&mut loaded.module, &mode, &rules, &target, None, &pipeline)
        .map_err(|e| match e {
            PassError::UnknownPass { name, passes } => {
                let passes = passes.join(", ");
                eprintln!(
                    "error: unknown pass `{name}` for --print-after: the passes are {passes}"
                );
                Reported
            }
            e => loaded.fail(&e.diags()),
        })?;
    let problems = egfuse_ir::verify::verify(&loaded.module);
    if !problems.is_empty() {
        eprintln!("error: internal: the fused module does not verify");
        return Err(loaded.fail(&problems));
    }
    // Every file is written before anything that reads like success is printed: a failed
    // write is then the run's only output.
    if let Some(out) = &args.dot {
        let view = egfuse_reports::dot::dot(&[("", &loaded.module)]);
        write_output(Some(out), view.as_bytes())?;
    }
    let stats = before.map(|before| fuse_stats::Stats {
        input: &loaded.name,
        mode: args.mode,
        target: &target,
        before,
        after: summary(&target, &loaded.module),
        report: &report,
    });
    if let (Some(out), Some(stats)) = (&args.stats_json, &stats) {
        write_output(Some(out), stats.json().as_bytes())?;
    }
    write_output_with(args.output.as_deref(), |w| match args.emit {
        EmitKind::Penguin => w.write_all(cluster::penguin(&loaded.module).as_bytes()),
        _ => print_to(&loaded.module, PrintOptions::default(), w),
    })?;
    if let Some(stats) = stats.as_ref().filter(|_| args.stats) {
        eprint!("{}", stats.text());
    }
    eprintln!("{}", fuse_stats::fused_line(&report));
    drop(stats);
    crate::cli::keep_until_exit((report, loaded, rules));
    Ok(())
}

/// The mode and its configuration the options ask for; options of the other mode are errors.
fn mode(args: &FuseArgs) -> Result<fusion::Mode, Reported> {
    let mut compat = config(&args.flags)?;
    compat.emit = if args.emit == EmitKind::Composite {
        Emit::Composite
    } else {
        Emit::Fusion
    };
    if args.mode == Mode::Compat {
        let egraph_only = args.limits.is_some() || args.no_inline;
        if egraph_only || args.extract != ExtractKind::Fast || args.exact_limits.is_some() {
            eprintln!(
                "error: --limits, --no-inline, --extract and --exact-limits apply to --mode egraph"
            );
            return Err(Reported);
        }
        return Ok(fusion::Mode::Compat(compat));
    }
    if !args.flags.is_empty() {
        eprintln!("error: --flag applies to --mode compat");
        return Err(Reported);
    }
    Ok(fusion::Mode::Egraph(egraph::Config {
        limits: parsed("--limits", &args.limits, Limits::parse)?,
        emit: compat.emit,
        cluster: compat.limits,
        inline: (!args.no_inline).then(InlineConfig::default),
        extractor: extractor(args)?,
        plan: egraph::Plan::default(),
    }))
}

/// The value of a limits `flag` read by `parse`, or the defaults when it is absent.
fn parsed<T: Default>(
    flag: &str,
    text: &Option<String>,
    parse: fn(&str) -> Result<T, String>,
) -> Result<T, Reported> {
    let Some(text) = text else {
        return Ok(T::default());
    };
    parse(text).map_err(|e| {
        eprintln!("error: bad {flag}: {e}");
        Reported
    })
}

/// The extractor `--extract` and `--exact-limits` ask for.
fn extractor(args: &FuseArgs) -> Result<Extractor, Reported> {
    let limits = parsed("--exact-limits", &args.exact_limits, ExactLimits::parse)?;
    match args.extract {
        ExtractKind::Fast if args.exact_limits.is_some() => {
            eprintln!("error: --exact-limits applies to --extract exact");
            Err(Reported)
        }
        ExtractKind::Fast => Ok(Extractor::Fast),
        ExtractKind::Exact => Ok(Extractor::Exact(limits)),
    }
}

fn config(flags: &[String]) -> Result<CompatConfig, Reported> {
    let mut cfg = CompatConfig::default();
    for flag in flags {
        let bad = || {
            eprintln!("error: bad --flag `{flag}`: expected fuseDotLogistic=true|false or generalElementwiseFusion=true|false");
            Reported
        };
        let (name, value) = flag.split_once('=').ok_or_else(bad)?;
        let value: bool = value.parse().map_err(|_| bad())?;
        match name {
            "fuseDotLogistic" => cfg.fuse_dot_logistic = value,
            "generalElementwiseFusion" => cfg.general_elementwise_fusion = value,
            _ => return Err(bad()),
        }
    }
    Ok(cfg)
}
