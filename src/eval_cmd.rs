//! `egfuse eval`: the reference interpreter on the command line.
//!
//! Inputs and outputs are NumPy `.npz` archives: inputs `arg0`, `arg1`, ... in signature order,
//! outputs `out0`, `out1`, ....

use crate::cli::{load, write_output, Loaded, Reported};
use egfuse_diag::{Diag, Span};
use egfuse_interp::random::{random_args, InputConfig};
use egfuse_interp::{npz, Interpreter, Limits, Numerics, Rt, Tensor};
use egfuse_ir::{Attr, OpId, Type};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct EvalArgs {
    /// The module to run.
    input: PathBuf,
    /// The function to run (default: @main, or every argument-less public function).
    #[arg(long)]
    func: Option<String>,
    /// Read the arguments from a .npz archive (`arg0`, `arg1`, ...).
    #[arg(long, conflicts_with = "random")]
    inputs: Option<PathBuf>,
    /// Draw the arguments at random from this seed.
    #[arg(long)]
    random: Option<u64>,
    /// With --random, also write the drawn arguments to this .npz archive.
    #[arg(long, requires = "random")]
    save_inputs: Option<PathBuf>,
    /// The size given to dynamic (`?`) dimensions of random arguments.
    #[arg(long, default_value_t = 3)]
    dim_size: usize,
    /// Write the results (`out0`, `out1`, ...) to this .npz archive instead of printing them.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// The most memory the run's values may take (bytes, or with a K, M, G or T suffix for
    /// KiB ... TiB); an op or an input that would need more is an error. Default 4G.
    #[arg(long, value_name = "BYTES", value_parser = parse_bytes)]
    max_memory: Option<u64>,
    /// How floats round between ops: `declared` (every op rounds to its result's type, as
    /// StableHLO defines), `f32` (bf16, f16 and f8 values held in f32, as XLA:CPU and fused
    /// device kernels keep them) or `exact` (every float held in f64: the reference `verify`
    /// measures rounding against).
    #[arg(long, default_value = "declared", value_parser = ["declared", "f32", "exact"])]
    numerics: String,
}

/// `4G`, `512M`, `1024`: a byte count, the suffixes binary.
fn parse_bytes(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let (digits, shift) = match t.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => {
            let shift = match c.to_ascii_uppercase() {
                'K' => 10,
                'M' => 20,
                'G' => 30,
                'T' => 40,
                _ => return Err(format!("`{text}`: the suffix must be K, M, G or T")),
            };
            (&t[..i], shift)
        }
        _ => (t, 0),
    };
    let n: u64 = (digits.parse()).map_err(|_| format!("`{text}` is not a number of bytes"))?;
    n.checked_mul(1 << shift)
        .ok_or_else(|| format!("`{text}` is more bytes than fit in 64 bits"))
}

pub fn eval(args: &EvalArgs) -> ExitCode {
    match run_eval(args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(Reported) => ExitCode::from(2),
    }
}

/// Runs the chosen functions; `Ok(false)` when a check failed.
fn run_eval(args: &EvalArgs) -> Result<bool, Reported> {
    let loaded = load(&args.input)?;
    let mut limits = Limits::default();
    if let Some(bytes) = args.max_memory {
        limits.max_memory = bytes;
    }
    let mut interp = Interpreter::new(&loaded.module, limits);
    interp.numerics = match args.numerics.as_str() {
        "exact" => Numerics::Exact,
        "f32" => Numerics::F32,
        _ => Numerics::Declared,
    };
    let funcs = entry_funcs(&loaded, &interp, args.func.as_deref())?;
    if funcs.len() > 1 && (args.output.is_some() || args.inputs.is_some() || args.random.is_some())
    {
        return Err(message(&format!(
            "{} has {} entry functions; choose one with --func",
            loaded.name,
            funcs.len()
        )));
    }
    let mut results = Vec::new();
    for &f in &funcs {
        let types = signature(&loaded, f).0;
        let inputs = eval_inputs(args, &types, &loaded, f, limits)?;
        let out = interp
            .run_func(f, inputs)
            .map_err(|e| loaded.fail(&[e.to_diag(&loaded.module)]))?;
        results = out;
    }
    let failed = report_checks(&loaded, &interp);
    match &args.output {
        Some(path) => write_output(Some(path), &archive("out", &results)?)?,
        None => print_results(&results),
    }
    Ok(failed == 0)
}

/// Prints every failed check and a summary line; returns the number of failures.
fn report_checks(loaded: &Loaded, interp: &Interpreter) -> usize {
    if interp.checks.is_empty() {
        return 0;
    }
    let mut failed = 0;
    for c in &interp.checks {
        if let Some(why) = &c.failure {
            failed += 1;
            let (line, col) =
                egfuse_diag::line_col(&loaded.src, loaded.module.op(c.op).span.start as usize);
            eprintln!(
                "FAIL {}:{line}:{col}: {} in @{}: {why}",
                loaded.name, c.kind, c.func
            );
        }
    }
    println!(
        "checks: {} passed, {failed} failed",
        interp.checks.len() - failed
    );
    failed
}

fn eval_inputs(
    args: &EvalArgs,
    types: &[Type],
    loaded: &Loaded,
    f: OpId,
    limits: Limits,
) -> Result<Vec<Rt>, Reported> {
    if let Some(path) = &args.inputs {
        let max_bytes = limits.max_memory;
        return read_inputs(path, (loaded, f), types, npz::ReadLimits { max_bytes });
    }
    if let Some(seed) = args.random {
        let cfg = InputConfig {
            seed,
            trial: 0,
            dim_size: args.dim_size,
        };
        let drawn = random_args(types, cfg).map_err(|e| message(&e))?;
        if let Some(path) = &args.save_inputs {
            write_output(Some(path), &archive("arg", &drawn)?)?;
        }
        return Ok(drawn);
    }
    if !types.is_empty() {
        return Err(message(&format!(
            "@{} takes {} arguments: pass --inputs FILE.npz or --random SEED",
            func_name(loaded, f),
            types.len()
        )));
    }
    Ok(Vec::new())
}

/// Reads argument `i` of function `f` as `arg<i>` of the archive at `path`; a problem with an
/// array is a diagnostic at its argument in the module's text.
fn read_inputs(
    path: &std::path::Path,
    (loaded, f): (&Loaded, OpId),
    types: &[Type],
    limits: npz::ReadLimits,
) -> Result<Vec<Rt>, Reported> {
    let reader = std::fs::File::open(path)
        .map_err(|e| message(&format!("cannot read {}: {e}", path.display())))?;
    let file = path.display();
    let mut archive = npz::Archive::new(std::io::BufReader::new(reader), limits)
        .map_err(|e| message(&format!("{file}: {e}")))?;
    let mut inputs = Vec::new();
    for (i, ty) in types.iter().enumerate() {
        let name = format!("arg{i}");
        let fail = |text: String| {
            let d = Diag::new(
                "eval::inputs",
                arg_span(loaded, f, i),
                format!("{file}: {text}"),
            )
            .with_label(format!("`{name}` of {file} is read as this argument"));
            loaded.fail(&[d])
        };
        let tt =
            (ty.as_tensor()).ok_or_else(|| fail(format!("argument {i} ({ty}) is not a tensor")))?;
        let t = archive
            .tensor(&name, tt)
            .map_err(fail)?
            .ok_or_else(|| fail(format!("there is no array `{name}`")))?;
        inputs.push(Rt::tensor(t));
    }
    Ok(inputs)
}

/// The span of argument `i`'s name in function `f`'s header (the function's first line when
/// it cannot be found).
fn arg_span(loaded: &Loaded, f: OpId, i: usize) -> Span {
    let m = &loaded.module;
    let op = m.op(f);
    let span = op.span;
    let text = loaded.src.get(span.range()).unwrap_or("");
    let header_end = text.find('{').unwrap_or(text.len());
    let arg = (op.regions.first())
        .and_then(|&r| m.region(r).blocks.first())
        .and_then(|&b| m.block(b).args.get(i))
        .and_then(|&v| m.value(v).name.clone());
    let found = arg.and_then(|name| {
        let needle = format!("%{name}:");
        text[..header_end]
            .find(&needle)
            .map(|at| (at, needle.len() - 1))
    });
    let (at, len) = found.unwrap_or((0, text.find('\n').unwrap_or(text.len())));
    let start = span.start as usize + at;
    Span::new(start, start + len)
}

/// Packs runtime values as `<prefix>0`, `<prefix>1`, ... into an .npz archive.
fn archive(prefix: &str, values: &[Rt]) -> Result<Vec<u8>, Reported> {
    let tensors: Vec<(String, &Tensor)> = values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            v.as_tensor()
                .map(|t| (format!("{prefix}{i}"), t))
                .ok_or_else(|| message(&format!("{prefix}{i} is not a tensor and cannot be saved")))
        })
        .collect::<Result<_, _>>()?;
    npz::write(&tensors).map_err(|e| message(&e))
}

fn print_results(results: &[Rt]) {
    for (i, r) in results.iter().enumerate() {
        match r {
            Rt::Tensor(t) => println!("out{i}: {}", preview(t)),
            other => println!("out{i}: {other:?}"),
        }
    }
}

/// `tensor<2x3xf32> [1, 2, 3, 4, 5, 6]`, with at most 8 elements shown.
fn preview(t: &Tensor) -> String {
    let dims: String = t.shape.iter().map(|d| format!("{d}x")).collect();
    let shown: Vec<String> = (0..t.len().min(8))
        .map(|i| match &t.data {
            egfuse_interp::Data::Float(v) => format!("{}", v[i]),
            egfuse_interp::Data::Int(v) => v[i].to_string(),
            egfuse_interp::Data::Complex(v) => format!("({}, {})", v[i].re, v[i].im),
        })
        .collect();
    let more = if t.len() > 8 { ", ..." } else { "" };
    format!(
        "tensor<{dims}{}> [{}{more}]",
        t.elem.name(),
        shown.join(", ")
    )
}

/// The functions `eval` runs: the named one, or the module's entry points.
fn entry_funcs(
    loaded: &Loaded,
    interp: &Interpreter,
    func: Option<&str>,
) -> Result<Vec<OpId>, Reported> {
    if let Some(name) = func {
        return Ok(vec![single_func(loaded, interp, name)?]);
    }
    let funcs = interp.entry_points();
    if funcs.is_empty() {
        return Err(message(&format!(
            "{} has no @main and no argument-less public function",
            loaded.name
        )));
    }
    Ok(funcs)
}

pub(crate) fn single_func(
    loaded: &Loaded,
    interp: &Interpreter,
    name: &str,
) -> Result<OpId, Reported> {
    interp
        .find_func(name)
        .ok_or_else(|| message(&format!("{} has no function @{name}", loaded.name)))
}

/// The argument and result types of function `f`.
pub(crate) fn signature(loaded: &Loaded, f: OpId) -> (Vec<Type>, Vec<Type>) {
    match loaded.module.op(f).attr("function_type") {
        Some(Attr::Type(Type::Function(ins, outs))) => (ins.clone(), outs.clone()),
        _ => (Vec::new(), Vec::new()),
    }
}

fn func_name(loaded: &Loaded, f: OpId) -> String {
    loaded
        .module
        .op(f)
        .attr("sym_name")
        .and_then(|a| a.as_str())
        .unwrap_or_default()
}

pub(crate) fn message(text: &str) -> Reported {
    eprintln!("error: {text}");
    Reported
}
