//! `egfuse fuse`: runs a fusion mode over a module and writes the fused module, or its Penguin
//! text.

use crate::cli::{load, write_output, Reported};
use crate::rules_cmd::{self, LoadError, RuleDirs};
use clap::{Args, ValueEnum};
use egfuse_engine::cluster::{self, Emit};
use egfuse_engine::compat::{self, CompatConfig};
use egfuse_engine::print::{print, PrintOptions};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct FuseArgs {
    /// The module to fuse.
    input: PathBuf,
    /// The fusion mode: `compat` reproduces the seed's pass (the e-graph mode is issue 5).
    #[arg(long, value_enum, default_value_t = Mode::Compat)]
    mode: Mode,
    /// A seed flag, `fuseDotLogistic=true|false` or `generalElementwiseFusion=true|false`.
    #[arg(long = "flag", value_name = "NAME=BOOL")]
    flags: Vec<String>,
    /// What to write: `mhlo` (mhlo.fusion ops), `composite` (stablehlo.composite ops with
    /// private @genComposite<N> decompositions) or `penguin` (one NeuronTensorOp line per fusion).
    #[arg(long, value_enum, default_value_t = EmitKind::Mhlo)]
    emit: EmitKind,
    #[command(flatten)]
    rules: RuleDirs,
    /// Where to write the result (default: standard output). Written atomically.
    #[arg(short, long)]
    output: Option<PathBuf>,
}

#[derive(Clone, Copy, ValueEnum)]
enum Mode {
    Compat,
}

#[derive(Clone, Copy, PartialEq, ValueEnum)]
enum EmitKind {
    Mhlo,
    Composite,
    Penguin,
}

pub fn fuse(args: &FuseArgs) -> ExitCode {
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Reported) => ExitCode::from(2),
    }
}

fn run(args: &FuseArgs) -> Result<(), Reported> {
    let mut cfg = config(&args.flags)?;
    cfg.emit = if args.emit == EmitKind::Composite {
        Emit::Composite
    } else {
        Emit::Fusion
    };
    let rules = rules_cmd::load(&args.rules).map_err(|e| {
        if let LoadError::Findings(files) = e {
            files.iter().for_each(|f| eprint!("{}", f.render()));
        }
        Reported
    })?;
    let mut loaded = load(&args.input)?;
    let Mode::Compat = args.mode;
    let fused = compat::run(&mut loaded.module, &rules, &cfg).map_err(|d| loaded.fail(&[d]))?;
    let problems = egfuse_engine::verify::verify(&loaded.module);
    if !problems.is_empty() {
        eprintln!("error: internal: the fused module does not verify");
        return Err(loaded.fail(&problems));
    }
    let mut counts = std::collections::BTreeMap::<&str, usize>::new();
    fused
        .iter()
        .for_each(|f| *counts.entry(f.kind.as_str()).or_default() += 1);
    let summary: Vec<String> = counts.iter().map(|(k, n)| format!("{k} x{n}")).collect();
    eprintln!(
        "fused {} clusters: {}",
        fused.len(),
        if summary.is_empty() {
            "none".to_string()
        } else {
            summary.join(", ")
        }
    );
    let text = match args.emit {
        EmitKind::Penguin => cluster::penguin(&loaded.module),
        _ => print(&loaded.module, PrintOptions::default()),
    };
    write_output(args.output.as_deref(), text.as_bytes())
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
