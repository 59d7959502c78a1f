//! Attention in one kernel: fusion's `attention` pass merges a DotSoftmax with the matmul of its
//! probabilities in every spelling the exports use, and the lowering builds the merged kernel
//! in attention_tkg's flash form, checked by value; a flash kernel that skips the correction of
//! its running output is told apart from one that only rounds differently. A P V the flash
//! form cannot build is a filetest, `tests/filetests/lower/attention_p_transposed_v.mlir`.

use super::lower::{checked, compute};
use crate::support::{egfuse, jax_exports, root, scratch};
use egfuse_cost::Target;
use egfuse_dsl::RuleSet;
use egfuse_fusion::catalog::Catalog;
use egfuse_interp::random::{random_args, InputConfig};
use egfuse_interp::tensor::{Data, Tensor};
use egfuse_interp::verdict::{judge, Rule};
use egfuse_interp::{Interpreter, Limits, Numerics, Rt};
use egfuse_lowering::pipeline::{lower, Config, Lowered};
use egfuse_lowering::rules::Rules;
use egfuse_nisa::spec::{Alu, Arg, Opcode};
use egfuse_nisa::{interp, Kernel, Memory, Role, Stmt};
use expect_test::expect;
use std::path::Path;

/// The kernels `egfuse fuse` builds for `path`, as its summary line counts them.
fn kinds(path: &Path) -> String {
    let out = scratch("fused.mlir", "");
    let (code, _, err) = egfuse(&["fuse", path.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{}: {err}", path.display());
    err.lines().last().unwrap_or_default().to_string()
}

#[test]
fn attention_is_one_kernel_whichever_operand_the_probabilities_are() {
    // P V as the exports spell it: `p @ v` (P first), einsums that put V first, JAX's
    // `dot_product_attention` (P converted to bf16, V first), GQA's `repeat_kv` reshape of V,
    // PyTorch's and HuggingFace's attention, bf16 scores scaled before their upcast (torch_xla's
    // bf16 multiply rounding its f32 product back), and a decode step's one query (a unit
    // dimension among P's rows).
    let mut files: Vec<_> = (jax_exports().into_iter())
        .filter(|f| {
            f.file_name()
                .unwrap()
                .to_str()
                .unwrap()
                .starts_with("attention_")
        })
        .filter(|f| f.extension().is_some_and(|e| e == "mlir"))
        .collect();
    for f in [
        "torch/sdpa_causal_f32",
        "torch/hf_llama_f32",
        "torch/hf_llama_bf16",
        "torch/hf_bert_f32",
        "hf/bert_f32",
        "lowering/attention_bqhd_bf16",
        "lowering/attention_decode_gqa_bf16",
        "hf/llama_bf16",
        "hf/llama_decode_bf16",
    ] {
        files.push(root().join(format!("tests/fixtures/{f}.mlir")));
    }
    let mut merged = 0;
    for f in &files {
        let line = kinds(f);
        assert!(line.contains("Attention"), "{}: {line}", f.display());
        assert!(!line.contains("DotSoftmax"), "{}: {line}", f.display());
        merged += 1;
    }
    eprintln!("attention: {merged} files, each attention one Attention kernel");
    assert!(merged >= 18, "{merged} files");
}

#[test]
fn attention_lowers_in_the_flash_form_and_checks() {
    // 1100 keys are banks of 512, 512 and 76 (4, 4 and 1 blocks of 128 keys), 700 keys banks of
    // 512 and 188 (4 and 2), 300 keys one bank (3 blocks); each has two tiles of query rows
    // (160, 200, 130, and 4 heads of 40 queries).
    let cases = [
        ("attention_long_f32", 18),
        ("attention_bqhd_bf16", 12),
        ("attention_wide_v_f32", 6),
        ("attention_multi_query_f32", 6),
    ];
    for (name, transposes) in cases {
        let path = root().join(format!("tests/fixtures/lowering/{name}.mlir"));
        let src = std::fs::read_to_string(&path).unwrap();
        let (program, _) = checked(&format!("{name}.mlir"), &src);
        let k = (program.kernels.iter())
            .find(|k| k.kind == "Attention")
            .unwrap();
        // One PE transpose per 128 keys of each bank, per tile of rows.
        let count = k
            .insts()
            .into_iter()
            .filter(|i| i.op == Opcode::NcTranspose)
            .count();
        assert_eq!(count, transposes, "{name}");
        // P never goes to HBM: the one store writes the result.
        let outputs = (k.buffers.iter())
            .filter(|b| b.memory == Memory::Hbm && b.role == Role::Output)
            .count();
        assert_eq!(outputs, 1, "{name}");
    }
    let path = root().join("tests/fixtures/lowering/attention_long_f32.mlir");
    let (program, _) = checked("long.mlir", &std::fs::read_to_string(path).unwrap());
    let k = &program.kernels[0];
    expect![[r#"
        {
            "activation on ACT": 4,
            "activation_reduce on ACT": 6,
            "nc_matmul on PE": 24,
            "nc_transpose on PE": 18,
            "tensor_copy on DVE": 24,
            "tensor_reduce on DVE": 6,
            "tensor_scalar on DVE": 12,
            "tensor_tensor on DVE": 22,
        }
    "#]]
    .assert_debug_eq(&compute(k));
}

/// The Attention kernel of `path` (fused with the default rules), with inputs for each of its
/// arguments: the program's constants as they are, random values for the rest.
fn attention_kernel(path: &Path) -> (egfuse_ir::Module, Lowered, Vec<Rt>) {
    let fused = scratch("attention.mlir", "");
    let (code, _, err) = egfuse(&[
        "fuse",
        path.to_str().unwrap(),
        "-o",
        fused.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let mut m = egfuse_ir::parse::parse(&std::fs::read_to_string(&fused).unwrap()).unwrap();
    let set = RuleSet::load(egfuse_rules::DEFAULT_RULES, &Catalog).expect("default rules");
    let rules = Rules::of(&set).expect("lowering rules");
    let text = egfuse_rules::target(egfuse_rules::DEFAULT_TARGET).expect("the default target");
    let target = Target::parse(text).expect("the default target parses");
    let cfg = Config::new(&rules, &set, &target);
    let outcome = lower(&mut m, &cfg).expect("a fused module lowers");
    let l = (outcome.kernels.into_iter())
        .find(|l| l.kernel.kind == "Attention")
        .unwrap();
    let mut it = Interpreter::new(&m, Limits::default());
    let args = (l.sources.iter().enumerate())
        .map(|(i, &v)| match m.defining_op(v) {
            Some(op) => it.run_ops(&[op], &[], &[v]).unwrap().remove(0),
            None => {
                let cfg = InputConfig {
                    seed: 7,
                    trial: 1,
                    dim_size: 1,
                };
                random_args(
                    &[m.ty(v).clone()],
                    InputConfig {
                        seed: cfg.seed + i as u64,
                        ..cfg
                    },
                )
                .unwrap()
                .remove(0)
            }
        })
        .collect();
    (m, l, args)
}

/// Whether `k`, run on `args`, agrees with the ops `l` lowers by verify's rule.
fn agrees(m: &egfuse_ir::Module, l: &Lowered, k: &Kernel, args: &[Rt]) -> bool {
    let run = |numerics| {
        let mut it = Interpreter::new(m, Limits::default());
        it.numerics = numerics;
        let inputs: Vec<_> = l.inputs.iter().copied().zip(args.iter().cloned()).collect();
        it.run_ops(&l.ops, &inputs, &l.outputs).unwrap().remove(0)
    };
    let (original, reference) = (run(Numerics::Declared), run(Numerics::Exact));
    let flat: Vec<Vec<f64>> = (l.bound.iter())
        .map(|&i| match &args[i].as_tensor().unwrap().data {
            Data::Float(v) => v.clone(),
            Data::Int(v) => v.iter().map(|&x| x as f64).collect(),
            _ => unreachable!("real inputs"),
        })
        .collect();
    let got = interp::run(k, &flat, &interp::Limits::default())
        .unwrap()
        .remove(0);
    let o = original.as_tensor().unwrap();
    let candidate = Tensor::new(o.elem.clone(), o.shape.clone(), Data::Float(got));
    judge(
        &candidate,
        o,
        reference.as_tensor().unwrap(),
        Rule::default(),
    )
    .agrees()
}

/// `stmts` without the instructions `drop` names.
fn without(stmts: &[Stmt], drop: &dyn Fn(&egfuse_nisa::Inst) -> bool) -> Vec<Stmt> {
    (stmts.iter())
        .filter(|s| !matches!(s, Stmt::Inst(i) if drop(i)))
        .map(|s| match s {
            Stmt::Loop {
                counter,
                count,
                body,
                span,
            } => Stmt::Loop {
                counter: *counter,
                count: *count,
                body: without(body, drop),
                span: *span,
            },
            other => other.clone(),
        })
        .collect()
}

#[test]
fn a_flash_kernel_that_skips_its_correction_is_told_apart_from_rounding() {
    let path = root().join("tests/fixtures/lowering/attention_long_f32.mlir");
    let (m, l, args) = attention_kernel(&path);
    assert!(
        agrees(&m, &l, &l.kernel, &args),
        "the flash kernel as lowered"
    );
    // The running output times the bank's correction, dropped: a later bank's P V is added to
    // an output taken against a smaller max.
    let named = |a: Option<&Option<Arg>>, end: &str| match a {
        Some(Some(Arg::Ap(ap))) => l.kernel.buffer(ap.buf).name.ends_with(end),
        _ => false,
    };
    let scaled_by_corr = |i: &egfuse_nisa::Inst| {
        let output = named(i.args.first(), "_o");
        let corr = output && i.args.iter().any(|a| named(Some(a), "_corr"));
        let multiply = i
            .args
            .iter()
            .flatten()
            .any(|a| matches!(a, Arg::Alu(Alu::Multiply)));
        i.op == Opcode::TensorTensor && corr && multiply
    };
    let dropped = l
        .kernel
        .insts()
        .into_iter()
        .filter(|i| scaled_by_corr(i))
        .count();
    assert!(dropped > 0, "the kernel rescales its running output");
    let mut mutant = l.kernel.clone();
    mutant.body = without(&l.kernel.body, &scaled_by_corr);
    assert!(
        !agrees(&m, &l, &mutant, &args),
        "without the correction the kernel must differ"
    );
}
