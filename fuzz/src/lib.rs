//! What the fuzz targets share: the op-level MLIR mutator ([`mutate`]) and the property each
//! target checks. An input that breaks one becomes a regression test of the main suite, reduced
//! to its cause: a parser crash a `tests/bad/*.mlir` with its pinned diagnostic, a rule-language
//! one a `tests/bad_rules/*.rules`, a fusion one a case in `tests/commands/`.
//!
//! Every property is "no panic, no abort, no hang" plus the invariants ARCHITECTURE.md states for
//! that surface: a module that parses prints to text that parses to the same print; a fused
//! module still verifies; a rule file that loads prints to text that parses.

pub mod mutate;

use egfuse_cost::Target;
use egfuse_dsl::RuleSet;
use egfuse_fusion::catalog::Catalog;
use egfuse_fusion::compat::{self, CompatConfig};
use egfuse_fusion::egraph::{self, Limits};
use egfuse_ir::parse::parse;
use egfuse_ir::print::{print, PrintOptions};
use egfuse_ir::verify::verify;
use egfuse_ir::Module;
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
    if !verify::program(&p, &Budget::NEURONCORE_V2).is_empty() {
        return;
    }
    let limits = interp::Limits {
        max_steps: 10_000,
        max_elements: 1 << 20,
        max_work: 1 << 24,
    };
    for k in &p.kernels {
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
    let cfg = egraph::Config {
        limits: Limits {
            nodes: 20_000,
            iterations: 16,
            time: Duration::from_millis(500),
            ..Limits::default()
        },
        ..egraph::Config::default()
    };
    if egraph::run(&mut e, rules, target, &cfg).is_ok() {
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
    static RULES: OnceLock<(RuleSet, Target)> = OnceLock::new();
    let (r, t) = RULES.get_or_init(|| {
        let rules = RuleSet::load(egfuse_rules::DEFAULT_RULES, &Catalog).expect("default rules");
        let src = egfuse_rules::target(egfuse_rules::DEFAULT_TARGET).expect("default target");
        (rules, Target::parse(src).expect("default target parses"))
    });
    (r, t)
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
        let Ok(mut archive) = Archive::new(bytes, limits) else {
            return;
        };
        let _ = archive.tensor(name, ty);
    }
}
