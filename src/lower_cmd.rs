//! `egfuse lower`: every fused kernel and every op left unfused, expanded by the rules into a
//! nisa program (tiled, placed, routed), written as nisa text. An unfused module is fused first
//! with the defaults. `--check` runs each kernel in the nisa interpreter and the reference
//! interpreter on the same random inputs and judges them by verify's rule.

use crate::cli::{load, write_output, Reported};
use crate::rules_cmd::{self, RuleDirs};
use crate::target_cmd::{self, TargetChoice};
use clap::{Args, ValueEnum};
use egfuse_cost::Cost;
use egfuse_encoder::streams::Streams;
use egfuse_lowering::float64::Float64;
use egfuse_lowering::int64::Int64;
use egfuse_lowering::mx_rule::ScaleRule;
use egfuse_lowering::pipeline::{lower, Config, Lowered, Outcome, Pass, PASSES};
use egfuse_lowering::refine::Binding;
use egfuse_lowering::rules::Rules;
use egfuse_lowering::schedule::{unmatched, Override};
use egfuse_nisa::cost::{self, Estimate};
use egfuse_nisa::{self as nisa, Budget};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct LowerArgs {
    /// The module to lower (fused by `egfuse fuse`, or unfused: it is then fused first).
    input: PathBuf,
    /// Where to write the nisa program (default: standard output). Written atomically.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Stop after this pass: `tile`, `place` or `route` (the last).
    #[arg(long, value_name = "PASS")]
    after: Option<String>,
    /// Print the module (after a module pass: refine, complex-forms, round-forms, math-forms, rng-forms, bit-forms, window-forms, fuse, conv-forms, sink, mx-scales, norm-mx, gate-up, split), the folded
    /// ops (after fold), each kernel's edge (expand) or its selected instructions (select), or
    /// the nisa program (tile, place, route) after PASS to standard error, under MLIR's header
    /// `// -----// IR Dump After PASS //----- //`, and go on; repeatable.
    #[arg(long, value_name = "PASS")]
    print_after: Vec<String>,
    /// What to write: `nisa`, each kernel as one nisa program; `asm`, each kernel as its
    /// per-engine instruction streams with the semaphores between them; `bin`, those streams
    /// as the binary `egfuse asm` writes (needs -o). The device program follows the kernels
    /// (docs/isa.md).
    #[arg(long, value_name = "FORM", default_value = "nisa")]
    emit: Emit,
    /// Also write the program as JSON to OUT (atomically; docs/lowering.md describes every
    /// key): per kernel its name, kind, source, SBUF/PSUM use, buffers and instructions.
    #[arg(long, value_name = "OUT")]
    json: Option<PathBuf>,
    /// Run every kernel in the nisa interpreter and in the reference interpreter on the same
    /// random inputs, and judge them by verify's rule; exit 1 names a kernel that differs.
    #[arg(long)]
    check: bool,
    /// The most element operations (a matmul's multiply-adds, every other instruction's
    /// elements, 20 more for each instruction) a kernel `--check` runs may take; larger kernels are counted, not run. The
    /// interpreter is exact and slow: a 4096 x 4096 projection of 512 tokens is 8.6e9.
    #[arg(long, value_name = "N", default_value_t = 1 << 30)]
    check_work: u64,
    /// How many random interleavings of each kernel's streams `--check` runs with values,
    /// each honouring only the streams' order and their semaphores (docs/isa.md).
    #[arg(long, value_name = "N", default_value_t = 10)]
    interleavings: u32,
    /// Rows per tile of a `columns` kernel (`KERNEL:tile=N`, before the rules' own) or columns
    /// per chunk of a `rows` kernel (`KERNEL:chunk=N`) for the kernels a name or kind picks
    /// (`RmsNorm:tile=256`, `k3:chunk=8000`); repeatable, the last that names a kernel wins. A
    /// size that does not fit is a diagnostic, never halved; a schedule naming no kernel of the
    /// module is an error.
    #[arg(long, value_name = "KERNEL:tile=N|chunk=N")]
    schedule: Vec<String>,
    /// 64-bit integers: `downcast` holds them as 32-bit ones, as neuronx-cc does by default
    /// (a constant 32 bits cannot hold is a diagnostic); `refuse` reports each.
    #[arg(long, value_name = "POLICY", default_value = "downcast", value_parser = int64_policy)]
    int64: Int64,
    /// 64-bit floats: `downcast` holds them as f32, as PyTorch/XLA does on a Neuron device
    /// (a constant beyond f32's range is a diagnostic); `refuse` reports each.
    #[arg(long, value_name = "POLICY", default_value = "downcast", value_parser = float64_policy)]
    float64: Float64,
    /// The size of a symbolic dimension (`tensor<?x32xf32>`, a polymorphic export): a JAX
    /// dimension variable by name (`b=4`), an argument's dimension (`arg1.0=4`) or a scalar
    /// integer argument's value (`arg0=4`); repeatable. The module is specialized to them
    /// first (the `refine` pass), as the device runs static shapes.
    #[arg(long, value_name = "NAME=SIZE", value_parser = Binding::parse)]
    dim: Vec<Binding>,
    /// The scale rule of MX quantize kernels: `module` computes the module's own, exactly;
    /// `nki` lowers each to NeuronCore-v4's `quantize_mx`, whose scale is NKI's
    /// (`2^(floor(log2(amax)) - (emax - 1))`), and `--check` judges it by that rule; an MoE
    /// expert's MX gate and up matmuls, their epilogue and the quantize of its product then
    /// become one MxGateUp kernel. `nki` needs a target that has the instruction
    /// (`--target neuroncore-v4`).
    #[arg(long, value_name = "RULE", default_value = "module", value_parser = scale_rule)]
    mx_scale: ScaleRule,
    #[command(flatten)]
    target: TargetChoice,
    #[command(flatten)]
    rules: RuleDirs,
}

/// What `egfuse lower` writes.
#[derive(Clone, Copy, PartialEq, ValueEnum)]
enum Emit {
    Nisa,
    Asm,
    Bin,
}

impl Emit {
    fn name(self) -> &'static str {
        match self {
            Emit::Nisa => "nisa",
            Emit::Asm => "asm",
            Emit::Bin => "bin",
        }
    }
}

fn int64_policy(s: &str) -> Result<Int64, String> {
    Int64::named(s).ok_or_else(|| format!("`{s}` is not a policy: `downcast` or `refuse`"))
}

fn scale_rule(s: &str) -> Result<ScaleRule, String> {
    ScaleRule::named(s).ok_or_else(|| format!("`{s}` is not a scale rule: `module` or `nki`"))
}

fn float64_policy(s: &str) -> Result<Float64, String> {
    Float64::named(s).ok_or_else(|| format!("`{s}` is not a policy: `downcast` or `refuse`"))
}

pub fn run(args: &LowerArgs) -> ExitCode {
    match lower_file(args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(Reported) => ExitCode::from(2),
    }
}

/// Lowers the file; `Ok(false)` when a kernel has no lowering or a check differs.
fn lower_file(args: &LowerArgs) -> Result<bool, Reported> {
    let set = rules_cmd::load_reported(&args.rules)?;
    let rules = Rules::of(&set).map_err(|files| {
        files.iter().for_each(|f| eprint!("{}", f.render()));
        Reported
    })?;
    let target = target_cmd::load(&args.target)?;
    let since = egfuse_nisa::spec::Opcode::QuantizeMx.spec().since;
    if args.mx_scale == ScaleRule::Nki && target.generation() < since {
        eprintln!(
            "error: --mx-scale nki lowers to `quantize_mx`, which NeuronCore-v{} does not have (it exists from v{since}); add --target neuroncore-v4",
            target.generation()
        );
        return Err(Reported);
    }
    let (after, print_after) = passes(args)?;
    let schedule: Vec<Override> = args
        .schedule
        .iter()
        .map(|t| Override::parse(t))
        .collect::<Result<_, _>>()
        .map_err(|why| {
            eprintln!("error: --schedule {why}");
            Reported
        })?;
    let mut loaded = load(&args.input)?;
    let budget = Budget::of(&target);
    let dims = args.dim.clone();
    let cfg = Config {
        rules: &rules,
        fusion: &set,
        target: &target,
        after,
        print_after: &print_after,
        schedule: &schedule,
        int64: args.int64,
        float64: args.float64,
        dims: &dims,
        mx_scale: args.mx_scale,
    };
    let outcome = lower(&mut loaded.module, &cfg).map_err(|d| loaded.fail(&d))?;
    eprint!("{}", outcome.printed);
    if let Some(why) = unmatched(&schedule, &outcome.named) {
        eprintln!("error: --schedule {why}");
        return Err(Reported);
    }
    let estimates: Vec<Estimate> = (outcome.kernels.iter())
        .map(|l| cost::kernel(&target, &l.kernel))
        .collect();
    // Streams need every pass: the route pass gives each instruction its engine.
    let whole = args.after.is_none();
    let emit = args.emit.name();
    if args.emit != Emit::Nisa && !whole {
        eprintln!("error: --emit {emit} needs every pass: the streams are per engine, and the route pass gives each instruction its engine; drop --after");
        return Err(Reported);
    }
    if args.emit == Emit::Bin && args.output.is_none() {
        eprintln!("error: --emit bin needs -o FILE: a binary is not for a terminal");
        return Err(Reported);
    }
    let streams = (whole && (args.emit != Emit::Nisa || args.check || args.json.is_some()))
        .then(|| crate::lower_streams::build(&target, &outcome));
    let bytes = match (args.emit, &streams) {
        (Emit::Bin, Some(all)) => crate::lower_streams::binary(all, &outcome, target.generation())?,
        _ => {
            let asm = streams.as_deref().filter(|_| args.emit == Emit::Asm);
            let mut text = program_text(&loaded, &outcome.kernels, asm, &estimates, &budget);
            if let Some(b) = &outcome.device {
                device_text(&mut text, &loaded, b);
            }
            text.into_bytes()
        }
    };
    if let Some(out) = &args.json {
        let doc =
            crate::lower_json::document(&loaded, &outcome, &estimates, &target, streams.as_deref());
        write_output(Some(out), doc.as_bytes())?;
    }
    write_output(args.output.as_deref(), &bytes)?;
    eprint!("{}", grouped(&loaded, &outcome.errors));
    eprintln!("{}", summary(&loaded.module, &outcome, &estimates));
    let mut ok = outcome.errors.is_empty();
    if args.check {
        ok &= crate::lower_check::check(&loaded, &outcome, args.check_work);
        if let Some(all) = &streams {
            let cfg = egfuse_encoder::streams::interleave::Config {
                interleavings: args.interleavings,
                limits: egfuse_nisa::interp::Limits {
                    max_work: args.check_work,
                    ..Default::default()
                },
                ..Default::default()
            };
            ok &= crate::lower_streams::check(&loaded, all, &cfg);
        }
    }
    crate::cli::keep_until_exit((outcome, streams, bytes, loaded, rules, set));
    Ok(ok)
}

/// The passes `--after` and `--print-after` name.
fn passes(args: &LowerArgs) -> Result<(Option<Pass>, Vec<Pass>), Reported> {
    let after = match &args.after {
        None => None,
        Some(name) => {
            Some(match Pass::named(name) {
                Some(p) if p.makes_kernels() => p,
                Some(_) => {
                    eprintln!("error: --after {name}: `{name}` leaves no nisa kernel to stop at (the passes --after takes are tile, place, route; --print-after {name} shows what it leaves)");
                    return Err(Reported);
                }
                None => {
                    eprintln!("error: unknown pass `{name}` for --after: the passes are tile, place, route");
                    return Err(Reported);
                }
            })
        }
    };
    let print_after = (args.print_after.iter())
        .map(|name| {
            Pass::named(name).ok_or_else(|| {
                let names: Vec<&str> = PASSES.iter().map(|(_, n)| *n).collect();
                let names = names.join(", ");
                eprintln!("error: unknown pass `{name}` for --print-after: the passes are {names}");
                Reported
            })
        })
        .collect::<Result<Vec<Pass>, Reported>>()?;
    Ok((after, print_after))
}

/// ` (a xN, b xM)` for the names given, sorted; empty when there are none.
fn tally<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
    for k in names {
        *kinds.entry(k).or_default() += 1;
    }
    let listed: Vec<String> = kinds.iter().map(|(k, n)| format!("{k} x{n}")).collect();
    if listed.is_empty() {
        String::new()
    } else {
        format!(" ({})", listed.join(", "))
    }
}

/// The program as nisa text (each kernel as streams, given them), each kernel after comments saying what it lowers, its budget and
/// its estimated time.
fn program_text(
    loaded: &crate::cli::Loaded,
    kernels: &[Lowered],
    asm: Option<&[Streams]>,
    estimates: &[Estimate],
    budget: &Budget,
) -> String {
    let mut out = String::new();
    let lines = egfuse_diag::LineIndex::new(&loaded.src);
    for (n, (l, est)) in kernels.iter().zip(estimates).enumerate() {
        if n > 0 {
            out.push('\n');
        }
        let (line, col) = lines.line_col(l.kernel.span.start as usize);
        let _ = writeln!(
            out,
            "// {} at {}:{line}:{col}: {}; SBUF {} of {} bytes per partition, PSUM {} of {}",
            l.kernel.kind,
            loaded.name,
            l.tiles,
            l.usage.sbuf,
            budget.sbuf_bytes_per_partition,
            l.usage.psum,
            budget.psum_bytes_per_partition()
        );
        let _ = writeln!(out, "// estimate {est}");
        if let Some(r) = &l.rival {
            let _ = writeln!(out, "// passed over: {}, estimate {}", r.form, r.estimate);
        }
        match asm {
            Some(all) => egfuse_encoder::streams::print::streams(&mut out, &all[n]),
            None => nisa::print::kernel(&mut out, &l.kernel),
        }
    }
    out
}

/// The device program after the kernels, under a comment saying what it runs and the HBM it
/// places.
fn device_text(out: &mut String, loaded: &crate::cli::Loaded, b: &egfuse_lowering::device::Built) {
    let d = &b.device;
    if !out.is_empty() {
        out.push('\n');
    }
    let (line, col) = egfuse_diag::line_col(&loaded.src, d.span.start as usize);
    let _ = writeln!(
        out,
        "// device program of @{} at {}:{line}:{col}: {}; HBM {} bytes",
        d.name,
        loaded.name,
        steps(d.counts()),
        d.hbm_bytes()
    );
    nisa::device::print::device(out, d);
}

/// `3 calls, 1 loop, 2 copies`: the kinds of step a device program holds, none left out but
/// calls.
fn steps(c: nisa::device::Counts) -> String {
    let mut parts = vec![egfuse_diag::plural(c.calls, "call")];
    for (n, what) in [
        (c.loops, "loop"),
        (c.switches, "switch"),
        (c.copies, "copy"),
    ] {
        if n > 0 {
            parts.push(egfuse_diag::plural(n, what));
        }
    }
    parts.join(", ")
}

/// The diagnostics, the first of each message in full and the others counted with their
/// lines: a model with 600 matmuls gets one `dot_general` diagnostic, not 600.
fn grouped(loaded: &crate::cli::Loaded, errors: &[egfuse_diag::Diag]) -> String {
    let mut groups: BTreeMap<&str, Vec<&egfuse_diag::Diag>> = BTreeMap::new();
    let mut order = Vec::new();
    for d in errors {
        let g = groups.entry(d.message.as_str()).or_default();
        if g.is_empty() {
            order.push(d.message.as_str());
        }
        g.push(d);
    }
    let mut out = String::new();
    for message in order {
        let g = &groups[message];
        out.push_str(&egfuse_diag::render(
            &loaded.name,
            &loaded.src,
            &[g[0].clone()],
        ));
        if g.len() > 1 {
            let lines: Vec<String> = g[1..]
                .iter()
                .take(8)
                .map(|d| {
                    egfuse_diag::line_col(&loaded.src, d.span.start as usize)
                        .0
                        .to_string()
                })
                .collect();
            let more = if g.len() > 9 { ", ..." } else { "" };
            let _ = writeln!(
                out,
                "  and {} more like it, at lines {}{more}",
                g.len() - 1,
                lines.join(", ")
            );
        }
    }
    out
}

/// `lowered N kernels (RmsNorm x1, ...), estimate T; K ops folded at compile time
/// (stablehlo.iota x1, ...); A ops alias their operands (stablehlo.bitcast_convert x1); M could
/// not be lowered`, the parts with nothing to say left out.
/// The estimate is the kernels' bounds one after another.
fn summary(m: &egfuse_ir::Module, outcome: &Outcome, estimates: &[Estimate]) -> String {
    let kernels = outcome.kernels.iter().map(|l| l.kernel.kind.as_str());
    let lowered = egfuse_diag::plural(outcome.kernels.len(), "kernel");
    let mut s = format!("lowered {lowered}{}", tally(kernels));
    if !estimates.is_empty() {
        let total: Cost = estimates.iter().map(|e| e.bound().1).sum();
        let _ = write!(s, ", estimate {total}");
    }
    if !outcome.folded.is_empty() {
        let ops = outcome.folded.ops().map(|o| &*m.op(o).name);
        let (n, listed) = (outcome.folded.len(), tally(ops));
        let folded = egfuse_diag::plural(n, "op");
        let _ = write!(s, "; {folded} folded at compile time{listed}");
    }
    if !outcome.aliased.is_empty() {
        let ops = outcome.aliased.iter().map(|&o| &*m.op(o).name);
        let (n, listed) = (outcome.aliased.len(), tally(ops));
        let verb = if n == 1 { "aliases its" } else { "alias their" };
        let aliased = egfuse_diag::plural(n, "op");
        let _ = write!(s, "; {aliased} {verb} operands{listed}");
    }
    if outcome.failed > 0 {
        let _ = write!(s, "; {} could not be lowered", outcome.failed);
    }
    if let Some(b) = &outcome.device {
        let _ = write!(s, "; device program: {}", steps(b.device.counts()));
    }
    s
}
