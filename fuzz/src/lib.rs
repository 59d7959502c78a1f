//! What the fuzz targets share: the op-level MLIR mutator ([`mutate`]) and the property each
//! target checks. An input that breaks one becomes a regression test of the main suite, reduced
//! to its cause: a parser crash a `tests/bad/*.mlir` with its pinned diagnostic, a rule-language
//! one a `tests/bad_rules/*.rules`, a fusion one a case in `tests/commands/`.
//!
//! Every property is "no panic, no abort, no hang" plus the invariants ARCHITECTURE.md states for
//! that surface: a module that parses prints to text that parses to the same print; a fused
//! module still verifies; a rule file that loads prints to text that parses; a generated
//! program ([`program`]) lowers kernel by kernel, each kernel a diagnostic or a program that
//! agrees with its ops ([`lower_checked`]). A lowering finding becomes a
//! `tests/filetests/lower/` case.

pub mod encode;
pub mod mutate;
pub mod program;

use egfuse_cost::Target;
use egfuse_dsl::RuleSet;
use egfuse_fusion::catalog::Catalog;
use egfuse_fusion::compat::{self, CompatConfig};
use egfuse_fusion::egraph::{self, Limits};
use egfuse_fusion::fuse::{fuse, Mode};
use egfuse_ir::parse::parse;
use egfuse_ir::pass::PipelineConfig;
use egfuse_ir::print::{print, PrintOptions};
use egfuse_ir::verify::verify;
use egfuse_ir::Module;
use egfuse_lowering::check;
use egfuse_lowering::device::Built;
use egfuse_lowering::pipeline::{lower, Config, Outcome};
use egfuse_lowering::rules::Rules as LoweringRules;
use std::sync::OnceLock;
use std::time::Duration;

/// The largest input the fusion target looks at: bigger modules slow every execution and find
/// nothing the small ones do not.
pub const MAX_FUSE_INPUT: usize = 64 * 1024;

/// Parses, verifies and round-trips `text`: a module that verifies prints to text that parses
/// back and prints the same, in the pretty and the generic form. (One that does not verify is
/// never printed by egfuse: a forward reference outside a graph region prints under a name the
/// printer gives it later.)
pub fn parse_roundtrip(text: &str) {
    let Ok(m) = parse(text) else { return };
    if !verify(&m).is_empty() {
        return;
    }
    for generic in [false, true] {
        let printed = print(&m, PrintOptions { generic });
        let again = parse(&printed)
            .unwrap_or_else(|d| panic!("printed module does not parse: {}\n{printed}", d.message));
        let pretty = print(&m, PrintOptions::default());
        assert_eq!(
            print(&again, PrintOptions::default()),
            pretty,
            "print is not stable"
        );
    }
}

/// Loads `text` as a rule file beside nothing else; a file that loads prints to text that
/// parses.
pub fn rules_load(text: &str) {
    let Ok(set) = RuleSet::load(&[("fuzz.rules", text)], &Catalog) else {
        return;
    };
    drop(set);
    if let Ok(file) = egfuse_dsl::parse(text) {
        let printed = egfuse_dsl::print(&file);
        if let Err(e) = egfuse_dsl::parse(&printed) {
            panic!("printed rule file does not parse: {e:?}\n{printed}");
        }
    }
}

/// Parses `text` as a nisa program; a program that parses prints to the same program, verifies
/// without a panic, and (when it verifies) is estimated, its bound the busiest engine's time,
/// and runs without a panic within small limits. Select,
/// kernel and route rules are fuzzed by the `rules` target, which loads them too.
pub fn nisa_program(text: &str) {
    use egfuse_nisa::{cost, interp, parse, print, verify, Budget, Role};
    let Ok(p) = parse::program(text) else {
        return;
    };
    let printed = print::program(&p);
    let again = parse::program(&printed)
        .unwrap_or_else(|d| panic!("printed nisa does not parse: {d:?}\n{printed}"));
    assert_eq!(print::program(&again), printed, "print is not stable");
    // NeuronCore-v2's memories with every op of the newest generation, the MX ops included.
    let budget = Budget {
        generation: 5,
        ..Budget::NEURONCORE_V2
    };
    if !verify::program(&p, &budget).is_empty() {
        return;
    }
    let limits = interp::Limits {
        max_steps: 10_000,
        max_elements: 1 << 20,
        max_work: 1 << 24,
    };
    for k in &p.kernels {
        if interp::work(k) <= limits.max_work {
            encode::streams_checked(defaults().1, k, text);
        }
        let est = cost::kernel(defaults().1, k);
        assert_eq!(
            est.bound().1,
            est.busy.iter().copied().max().unwrap_or_default()
        );
        let inputs: Vec<Vec<f64>> = k
            .buffers
            .iter()
            .filter(|b| b.role == Role::Input)
            .map(|b| vec![1.0; b.elements().min(1 << 20) as usize])
            .collect();
        let _ = interp::run(k, &inputs, &limits);
    }
    if let Some(d) = &p.device {
        device_program(&p, d, limits);
    }
}

/// Runs a verified device program on ones, within small limits: a diagnostic or results,
/// never a panic.
fn device_program(
    p: &egfuse_nisa::Program,
    d: &egfuse_nisa::device::Device,
    kernel: egfuse_nisa::interp::Limits,
) {
    use egfuse_nisa::device::{run, Origin};
    let ones = |t: &egfuse_nisa::device::Tensor| vec![1.0; t.elements().clamp(1, 1 << 16) as usize];
    let inputs: Vec<Vec<f64>> = (d.tensors.iter())
        .filter(|t| matches!(t.origin, Origin::Input(_)))
        .map(ones)
        .collect();
    let consts: Vec<Vec<f64>> = (d.tensors.iter())
        .filter(|t| t.origin == Origin::Const)
        .map(ones)
        .collect();
    let limits = run::Limits {
        max_trips: 1000,
        max_bytes: 1 << 24,
        kernel,
    };
    let kernels: Vec<_> = p.kernels.iter().collect();
    let _ = run::run(d, &kernels, &inputs, &consts, &limits);
}

/// Fuses `text` in both modes when it parses and verifies; each fused module must verify.
pub fn fuse_both(text: &str) {
    if text.len() > MAX_FUSE_INPUT {
        return;
    }
    let Ok(m) = parse(text) else { return };
    if !verify(&m).is_empty() {
        return;
    }
    let (rules, target) = defaults();
    let mut c = m.clone();
    if compat::run(&mut c, rules, &CompatConfig::default()).is_ok() {
        assert_verifies(&c, "compat");
    }
    let mut e = m;
    if egraph::run(&mut e, rules, target, &small_egraph()).is_ok() {
        assert_verifies(&e, "egraph");
    }
}

fn assert_verifies(m: &Module, mode: &str) {
    let problems = verify(m);
    if let Some(p) = problems.first() {
        let text = print(m, PrintOptions::default());
        panic!(
            "{mode} mode's output does not verify: {}\n{text}",
            p.message
        );
    }
}

/// The default rules and target, loaded once per process.
fn defaults() -> (&'static RuleSet, &'static Target) {
    let (r, t, _) = loaded();
    (r, t)
}

/// The default rules, target and lowering rules, loaded once per process.
fn loaded() -> &'static (RuleSet, Target, LoweringRules) {
    static RULES: OnceLock<(RuleSet, Target, LoweringRules)> = OnceLock::new();
    RULES.get_or_init(|| {
        let rules = RuleSet::load(egfuse_rules::DEFAULT_RULES, &Catalog).expect("default rules");
        let src = egfuse_rules::target(egfuse_rules::DEFAULT_TARGET).expect("default target");
        let lowering = LoweringRules::of(&rules).unwrap_or_else(|_| panic!("lowering rules"));
        (
            rules,
            Target::parse(src).expect("default target parses"),
            lowering,
        )
    })
}

/// The most element operations a kernel the lowering target checks may take; larger ones are
/// counted, not run. A kernel is run about six times (the check, the device program, four
/// interleavings), and under ASan an instruction costs about 13 us: 2^21 keeps an execution
/// of many small instructions under libFuzzer's 10 s.
pub const MAX_CHECK_WORK: u64 = 1 << 21;

/// What lowering one module did: the kinds of the kernels that agree with their ops, the
/// kernels too large to run, and the diagnostics of those the lowering refused.
#[derive(Debug, Default)]
pub struct Lowering {
    pub agreed: Vec<String>,
    pub large: usize,
    pub refused: Vec<String>,
    /// Device programs built (every kernel lowered), each verified and run.
    pub devices: usize,
}

/// Fuses `text` (egraph mode, small limits) and lowers it, then checks every kernel against
/// its ops as `egfuse lower --check` does. Panics when the module does not parse or verify
/// (the generator's bug), when fusion fails or leaves a module that does not verify, when a
/// kernel's program does not verify after a pass of the lowering, when a kernel differs from
/// its ops (the message names the kernel and holds its program), when a kernel's streams race
/// or deadlock, and when the device program does not verify or differs from the module.
pub fn lower_checked(text: &str) -> Lowering {
    let mut m = parse(text).unwrap_or_else(|d| panic!("does not parse: {}\n{text}", d.message));
    if let Some(p) = verify(&m).first() {
        panic!("does not verify: {}\n{text}", p.message);
    }
    let (rules, target, lowering) = loaded();
    let mode = Mode::Egraph(small_egraph());
    if let Err(e) = fuse(
        &mut m,
        &mode,
        rules,
        target,
        None,
        &PipelineConfig::default(),
    ) {
        let why: Vec<String> = e.diags().into_iter().map(|d| d.message).collect();
        panic!("fusion fails: {}\n{text}", why.join("; "));
    }
    assert_verifies(&m, "egraph");
    let cfg = Config::new(lowering, rules, target);
    let outcome = lower(&mut m, &cfg).unwrap_or_else(|d| panic!("lowering fails: {d:?}"));
    let mut out = Lowering::default();
    for d in &outcome.errors {
        // A kernel pass's program that does not verify is said `after `PASS`, kernel ...`.
        if ["tile", "place", "route"]
            .iter()
            .any(|p| d.message.starts_with(&format!("after `{p}`")))
        {
            panic!("lowered kernel does not verify: {}\n{text}", d.message);
        }
        out.refused.push(d.message.clone());
    }
    let limits = egfuse_nisa::interp::Limits::default();
    for l in &outcome.kernels {
        if egfuse_nisa::interp::work(&l.kernel) > MAX_CHECK_WORK {
            out.large += 1;
            continue;
        }
        if let Err(why) = check::kernel(&m, l, &outcome.folded, &limits) {
            let mut program = String::new();
            egfuse_nisa::print::kernel(&mut program, &l.kernel);
            panic!(
                "kernel @{} ({}) differs: {why}\n{program}\n{text}",
                l.kernel.name, l.kernel.kind
            );
        }
        encode::streams_checked(target, &l.kernel, text);
        out.agreed.push(l.kernel.kind.clone());
    }
    if let Some(b) = &outcome.device {
        device_checked(&m, &outcome, b, text);
        out.devices += 1;
    }
    out
}

/// The device program of a lowered module verifies and, when its kernels are small enough,
/// runs to the results the module computes (`egfuse lower --check`'s whole-program check).
fn device_checked(m: &Module, outcome: &Outcome, b: &Built, text: &str) {
    let kernels: Vec<_> = outcome.kernels.iter().map(|l| &l.kernel).collect();
    let program = || {
        let mut s = String::new();
        egfuse_nisa::device::print::device(&mut s, &b.device);
        s
    };
    if let Some(d) = egfuse_nisa::device::verify::device(&b.device, &kernels).first() {
        panic!(
            "device program does not verify: {}\n{}\n{text}",
            d.message,
            program()
        );
    }
    if kernels
        .iter()
        .any(|k| egfuse_nisa::interp::work(k) > MAX_CHECK_WORK)
    {
        return;
    }
    let limits = egfuse_nisa::device::run::Limits::default();
    let function = outcome.original.as_ref().unwrap_or(m);
    if let Err(why) = check::program((m, function), b, &kernels, &outcome.folded, &limits) {
        panic!("device program differs: {why}\n{}\n{text}", program());
    }
}

/// Egraph mode within the limits a fuzz execution affords.
fn small_egraph() -> egraph::Config {
    egraph::Config {
        limits: Limits {
            nodes: 20_000,
            iterations: 16,
            time: Duration::from_millis(500),
            ..Limits::default()
        },
        ..egraph::Config::default()
    }
}

/// Reads `bytes` as `egfuse eval --inputs` does: an `.npz` archive whose members are read
/// against a signature's types (header checked before data, under a size limit).
pub fn npz_read(bytes: &[u8]) {
    use egfuse_interp::npz::{Archive, ReadLimits};
    use egfuse_ir::{ElemType, FloatKind, Signedness, TensorType};
    let ty = |dims: &[i64], elem: ElemType| TensorType {
        dims: Some(dims.to_vec()),
        elem,
        encoding: None,
    };
    let i32 = ElemType::Int {
        sign: Signedness::Signless,
        width: 32,
    };
    let members = [
        ("arg0", ty(&[2, 3], ElemType::Float(FloatKind::F32))),
        ("arg0", ty(&[8], ElemType::Float(FloatKind::F16))),
        ("arg1", ty(&[4], i32)),
        ("x", ty(&[], ElemType::Float(FloatKind::F64))),
    ];
    let limits = ReadLimits {
        max_bytes: 256 << 20,
    };
    for (name, ty) in &members {
        let Ok(mut archive) = Archive::new(std::io::Cursor::new(bytes), limits) else {
            return;
        };
        let _ = archive.tensor(name, ty);
    }
}

#[cfg(test)]
mod tests;
