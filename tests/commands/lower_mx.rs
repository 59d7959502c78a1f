//! `egfuse lower --mx-scale nki --target neuroncore-v4` on every MX fixture (003 §4): each
//! MxQuantize kernel that quantizes a bf16 or f16 input alone is one `quantize_mx` per tile,
//! checks equal to NKI's scale rule, and its binary carries 0xE3, PyTorch's spelling (its
//! exponents stored by a second kernel, joined by `mx-scales`) as JAX's; the rest (an f32
//! input, a prologue before the quantize) keep the module's rule and check against the ops. A DotMx
//! kernel takes the MX matmul, 0x09 + 0x0A on v4, where its estimate is the lower. The check
//! of a `quantize_mx` kernel calls a misplaced scale or element a miscompile. An MoE expert's
//! gate and up MX matmuls, their epilogue and its quantize are one MxGateUp kernel that issues
//! the seed's opcode multiset (003 §4.3), and its check calls a misplaced bias a miscompile;
//! an RMSNorm and the quantize of its result are one MxRmsNorm kernel that issues the seed's
//! (003 §1.1, §4.1), and its check calls a weight laid out unswizzled a miscompile.

use crate::support::{egfuse, root};
use egfuse_cost::Target;
use egfuse_dsl::RuleSet;
use egfuse_encoder::binary::read;
use egfuse_encoder::opcodes::Opcodes;
use egfuse_fusion::catalog::Catalog;
use egfuse_lowering::check;
use egfuse_lowering::mx_rule::ScaleRule;
use egfuse_lowering::pipeline::{lower, Config, Lowered};
use egfuse_lowering::rules::Rules;
use egfuse_nisa::spec::{Arg, Opcode};
use egfuse_nisa::Stmt;
use expect_test::expect;
use std::collections::BTreeMap;
use std::fmt::Write as _;

#[test]
fn mx_quantizes_lower_to_quantize_mx_under_nkis_rule_on_v4() {
    let mut files: Vec<_> = ["jax", "torch"]
        .iter()
        .flat_map(|d| std::fs::read_dir(root().join("tests/fixtures").join(d)).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with("mx_"))
        .collect();
    files.sort();
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let table = Opcodes::embedded();
    let mut out = String::new();
    for f in &files {
        let name = f.strip_prefix(root()).unwrap().display().to_string();
        let bin = dir.join(format!(
            "{}.{}.bin",
            std::process::id(),
            f.file_stem().unwrap().to_string_lossy()
        ));
        let bin_arg = bin.display().to_string();
        let args = [
            "lower",
            &name,
            "--mx-scale",
            "nki",
            "--target",
            "neuroncore-v4",
        ];
        let (code, _, err) =
            egfuse(&[&args[..], &["--check", "--emit", "bin", "-o", &bin_arg]].concat());
        assert_eq!(code, 0, "{name}: {err}");
        let nki = err.matches("agrees with NKI's scale rule").count();
        let lowered = |kind: &str| {
            err.lines()
                .find_map(|l| l.strip_prefix("lowered "))
                .and_then(|l| l.split(&format!("{kind} x")).nth(1))
                .and_then(|r| {
                    r.split(|c: char| !c.is_ascii_digit())
                        .next()?
                        .parse::<usize>()
                        .ok()
                })
                .unwrap_or(0)
        };
        let (quantizes, gate_ups) = (lowered("MxQuantize"), lowered("MxGateUp"));
        let norms = lowered("MxRmsNorm");
        let bytes = std::fs::read(&bin).expect("the binary");
        let b = read::binary(&bytes, &table).expect("the binary decodes");
        assert_eq!(b.generation, 4, "{name}");
        let insts: Vec<_> = (b.kernels.iter())
            .flat_map(|s| s.kernel.insts().into_iter().map(|i| i.op))
            .collect();
        let count = |op| insts.iter().filter(|&&o| o == op).count();
        let (mx, matmuls) = (count(Opcode::QuantizeMx), count(Opcode::NcMatmulMx));
        assert!(mx >= nki, "{name}: {mx} quantize_mx for {nki} kernels");
        // 003 §4.3: the MX ops' bytes on v4, as the decoder read them back.
        let mut bytes: Vec<u8> = (insts.iter())
            .filter(|o| matches!(o, Opcode::QuantizeMx | Opcode::NcMatmulMx))
            .flat_map(|&o| table.of(o, b.generation).unwrap().bytes.clone())
            .collect();
        bytes.sort();
        bytes.dedup();
        let _ = writeln!(
            out,
            "{name}: {} of {quantizes} MxQuantize, {gate_ups} MxGateUp and {norms} MxRmsNorm kernels quantize_mx ({mx} instructions), {matmuls} nc_matmul_mx, bytes {bytes:02X?}",
            nki - gate_ups - norms
        );
    }
    println!(
        "lower_mx: {} files lowered under --mx-scale nki",
        files.len()
    );
    expect![[r#"
        tests/fixtures/jax/mx_converts_f32.mlir: 0 of 0 MxQuantize, 0 MxGateUp and 0 MxRmsNorm kernels quantize_mx (0 instructions), 0 nc_matmul_mx, bytes []
        tests/fixtures/jax/mx_gate_up_b2_bf16.mlir: 1 of 3 MxQuantize, 1 MxGateUp and 0 MxRmsNorm kernels quantize_mx (3 instructions), 8 nc_matmul_mx, bytes [09, 0A, E3]
        tests/fixtures/jax/mx_gate_up_decode_bf16.mlir: 3 of 3 MxQuantize, 1 MxGateUp and 0 MxRmsNorm kernels quantize_mx (4 instructions), 8 nc_matmul_mx, bytes [09, 0A, E3]
        tests/fixtures/jax/mx_matmul_b1_bf16.mlir: 2 of 2 MxQuantize, 0 MxGateUp and 0 MxRmsNorm kernels quantize_mx (4 instructions), 1 nc_matmul_mx, bytes [09, 0A, E3]
        tests/fixtures/jax/mx_matmul_f32.mlir: 0 of 2 MxQuantize, 0 MxGateUp and 0 MxRmsNorm kernels quantize_mx (0 instructions), 0 nc_matmul_mx, bytes []
        tests/fixtures/jax/mx_moe_gate_up_bf16.mlir: 1 of 13 MxQuantize, 4 MxGateUp and 0 MxRmsNorm kernels quantize_mx (5 instructions), 32 nc_matmul_mx, bytes [09, 0A, E3]
        tests/fixtures/jax/mx_quantize_b1_bf16.mlir: 1 of 1 MxQuantize, 0 MxGateUp and 0 MxRmsNorm kernels quantize_mx (1 instructions), 0 nc_matmul_mx, bytes [E3]
        tests/fixtures/jax/mx_quantize_bf16.mlir: 1 of 1 MxQuantize, 0 MxGateUp and 0 MxRmsNorm kernels quantize_mx (1 instructions), 0 nc_matmul_mx, bytes [E3]
        tests/fixtures/jax/mx_quantize_f32.mlir: 0 of 1 MxQuantize, 0 MxGateUp and 0 MxRmsNorm kernels quantize_mx (0 instructions), 0 nc_matmul_mx, bytes []
        tests/fixtures/jax/mx_rmsnorm_quantize_b2_bf16.mlir: 0 of 0 MxQuantize, 0 MxGateUp and 1 MxRmsNorm kernels quantize_mx (1 instructions), 0 nc_matmul_mx, bytes [E3]
        tests/fixtures/jax/mx_rmsnorm_quantize_bf16.mlir: 1 of 1 MxQuantize, 0 MxGateUp and 0 MxRmsNorm kernels quantize_mx (2 instructions), 0 nc_matmul_mx, bytes [E3]
        tests/fixtures/jax/mx_rmsnorm_upcast_quantize_bf16.mlir: 0 of 0 MxQuantize, 0 MxGateUp and 1 MxRmsNorm kernels quantize_mx (1 instructions), 0 nc_matmul_mx, bytes [E3]
        tests/fixtures/jax/mx_scaled_dot_bf16out.mlir: 0 of 0 MxQuantize, 0 MxGateUp and 0 MxRmsNorm kernels quantize_mx (0 instructions), 4 nc_matmul_mx, bytes [09, 0A]
        tests/fixtures/jax/mx_scaled_dot_f32out.mlir: 0 of 0 MxQuantize, 0 MxGateUp and 0 MxRmsNorm kernels quantize_mx (0 instructions), 1 nc_matmul_mx, bytes [09, 0A]
        tests/fixtures/jax/mx_swiglu_bf16.mlir: 1 of 3 MxQuantize, 1 MxGateUp and 0 MxRmsNorm kernels quantize_mx (5 instructions), 64 nc_matmul_mx, bytes [09, 0A, E3]
        tests/fixtures/jax/mx_swiglu_one_block_bf16.mlir: 2 of 4 MxQuantize, 0 MxGateUp and 0 MxRmsNorm kernels quantize_mx (4 instructions), 0 nc_matmul_mx, bytes [E3]
        tests/fixtures/torch/mx_quantize_bf16.mlir: 1 of 1 MxQuantize, 0 MxGateUp and 0 MxRmsNorm kernels quantize_mx (1 instructions), 0 nc_matmul_mx, bytes [E3]
        tests/fixtures/torch/mx_quantize_f32.mlir: 0 of 1 MxQuantize, 0 MxGateUp and 0 MxRmsNorm kernels quantize_mx (0 instructions), 0 nc_matmul_mx, bytes []
    "#]].assert_eq(&out);
}

/// `--check` of a `quantize_mx` kernel can fail: the kernel of `mx_quantize_bf16` under NKI's
/// rule agrees with it, and the same kernel with its scales stored one row of blocks off, or
/// its elements loaded one element off, differs, named by output.
#[test]
fn the_nki_check_calls_a_misplaced_scale_or_element_a_miscompile() {
    let path = root().join("tests/fixtures/jax/mx_quantize_bf16.mlir");
    let mut m = egfuse_ir::parse::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    let set = RuleSet::load(egfuse_rules::DEFAULT_RULES, &Catalog).expect("default rules");
    let rules = Rules::of(&set).expect("lowering rules");
    let text = egfuse_rules::target("neuroncore-v4.target").expect("the v4 target");
    let target = Target::parse(text).expect("the v4 target parses");
    let cfg = Config {
        mx_scale: ScaleRule::Nki,
        ..Config::new(&rules, &set, &target)
    };
    let outcome = lower(&mut m, &cfg).expect("the module lowers");
    let l = (outcome.kernels.iter())
        .find(|l| l.nki_scale.is_some())
        .expect("a quantize_mx kernel");
    let qz = l.nki_scale.as_ref().unwrap();
    let limits = Default::default();
    let check = |l: &Lowered| check::nki_scale(&m, l, qz, &outcome.folded, &limits);
    assert!(check(l).is_ok(), "{:?}", check(l));
    // The DMAs in order: the load, the elements' store, then the scales' stores; `edit`
    // changes one DMA's HBM side.
    let mutated = |n: usize, side: &str, edit: &dyn Fn(&mut egfuse_nisa::Ap)| {
        let mut l = l.clone();
        let mut dmas = (l.kernel.body.iter_mut()).filter_map(|s| match s {
            Stmt::Inst(i) if i.op == Opcode::DmaCopy => Some(i),
            _ => None,
        });
        let dma = dmas.nth(n).expect("the DMA");
        if let Some(Arg::Ap(ap)) = dma.args[Opcode::DmaCopy.param(side).unwrap()].as_mut() {
            edit(ap);
        }
        check(&l)
    };
    // The scales stored one block later.
    let scales = mutated(2, "dst", &|ap| ap.offset.base += 1).expect_err("scales off by a block");
    assert!(scales.starts_with("output 1 (scales)"), "{scales}");
    // Each packed element's four lanes loaded in reverse: the same blocks, reordered.
    let reversed = |ap: &mut egfuse_nisa::Ap| {
        ap.offset.base += 3;
        ap.dims.last_mut().unwrap().0 = -1;
    };
    let elements = mutated(0, "src", &reversed).expect_err("lanes reversed");
    assert!(elements.starts_with("output 0 (elements)"), "{elements}");
}

/// The kernels of `fixture` lowered under NKI's scale rule on NeuronCore-v4, or on the same
/// core given `generation`, with the module they were lowered from.
fn lowered_nki(
    fixture: &str,
    generation: u8,
) -> (egfuse_ir::Module, egfuse_lowering::pipeline::Outcome) {
    let path = root().join("tests/fixtures/jax").join(fixture);
    let mut m = egfuse_ir::parse::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    let set = RuleSet::load(egfuse_rules::DEFAULT_RULES, &Catalog).expect("default rules");
    let rules = Rules::of(&set).expect("lowering rules");
    let text = egfuse_rules::target("neuroncore-v4.target").expect("the v4 target");
    let text = text.replace("generation = 4", &format!("generation = {generation}"));
    let target = Target::parse(&text).expect("the target parses");
    let cfg = Config {
        mx_scale: ScaleRule::Nki,
        ..Config::new(&rules, &set, &target)
    };
    let outcome = lower(&mut m, &cfg).expect("the module lowers");
    (m, outcome)
}

/// 003 §4.3 (and §4.2, §4.4): the MoE block's gate/up kernel issues the MX matmul (0x09 + 0x0A
/// on v4, folded into 0x01 + 0x02 on v5) on PE, the clamp as one 0x43 `tensor_scalar` of min
/// then max, SiLU as one 0x21 `activation` on ACT, gate times up and the biases as 0x41
/// `tensor_tensor`s, and `quantize_mx` (0xE3) on DVE; each of the block's four experts is one
/// such kernel.
#[test]
fn the_moe_gate_up_kernel_issues_the_seeds_opcode_multiset() {
    let table = Opcodes::embedded();
    let mut out = String::new();
    for generation in [4, 5] {
        let (_, outcome) = lowered_nki("mx_moe_gate_up_bf16.mlir", generation);
        let experts: Vec<_> = (outcome.kernels.iter())
            .filter(|l| l.kernel.kind == "MxGateUp")
            .collect();
        assert_eq!(experts.len(), 4, "one MxGateUp kernel per expert");
        let multisets: Vec<BTreeMap<String, usize>> = (experts.iter())
            .map(|l| compute_opcodes(&l.kernel, &table, generation))
            .collect();
        assert!(multisets.windows(2).all(|w| w[0] == w[1]), "{multisets:?}");
        let _ = writeln!(out, "v{generation}:");
        for (op, n) in &multisets[0] {
            let _ = writeln!(out, "  {op} x{n}");
        }
    }
    expect![[r#"
        v4:
          0x09 + 0x0A on PE x8
          0x21 on ACT (silu) x1
          0x41 on DVE x3
          0x43 on DVE (minimum) x1
          0x43 on DVE (minimum, maximum) x1
          0xE3 on DVE x1
        v5:
          0x01 + 0x02 on PE x8
          0x21 on ACT (silu) x1
          0x41 on DVE x3
          0x43 on DVE (minimum) x1
          0x43 on DVE (minimum, maximum) x1
          0xE3 on DVE x1
    "#]]
    .assert_eq(&out);
}

/// The kernel's compute instructions (not its DMAs and memsets) as "opcode bytes on engine
/// (function or ALU ops)", counted.
fn compute_opcodes(
    k: &egfuse_nisa::Kernel,
    table: &Opcodes,
    generation: u8,
) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for i in k.insts() {
        if matches!(i.op, Opcode::DmaCopy | Opcode::Memset) {
            continue;
        }
        let row = table.of(i.op, generation).expect("an op of the generation");
        let bytes: Vec<String> = row.bytes.iter().map(|b| format!("0x{b:02X}")).collect();
        let engine = i.engine.map_or("?", egfuse_nisa::Engine::name);
        let what: Vec<String> = (i.args.iter().flatten())
            .filter_map(|a| match a {
                Arg::Alu(op) => Some(op.name().to_string()),
                Arg::Func(f) => Some(f.name().to_string()),
                _ => None,
            })
            .collect();
        let mut key = format!("{} on {engine}", bytes.join(" + "));
        if i.op != Opcode::TensorTensor && !what.is_empty() {
            key += &format!(" ({})", what.join(", "));
        }
        *counts.entry(key).or_default() += 1;
    }
    counts
}

/// `--check` of an MxGateUp kernel can fail: the kernel of `mx_gate_up_b2_bf16` agrees with NKI's
/// rule applied to the module's product, within that product's rounding, and the same kernel
/// adding each partition's first gate bias to all four of its lanes differs, named by output.
#[test]
fn the_gate_up_check_calls_a_misplaced_bias_a_miscompile() {
    let (m, outcome) = lowered_nki("mx_gate_up_b2_bf16.mlir", 4);
    let l = (outcome.kernels.iter())
        .find(|l| l.kernel.kind == "MxGateUp")
        .expect("an MxGateUp kernel");
    let qz = l.nki_scale.as_ref().expect("NKI's rule");
    let limits = Default::default();
    let check = |l: &Lowered| check::nki_scale(&m, l, qz, &outcome.folded, &limits);
    assert!(check(l).is_ok(), "{:?}", check(l));
    // The gate bias read at lane 0 of each partition for all four lanes.
    let mut bad = l.clone();
    let data2 = Opcode::TensorTensor.param("data2").unwrap();
    let name = |a: &egfuse_nisa::Ap| l.kernel.buffer(a.buf).name.clone();
    let bias = (bad.kernel.body.iter_mut())
        .filter_map(|s| match s {
            Stmt::Inst(i) if i.op == Opcode::TensorTensor => i.args[data2].as_mut(),
            _ => None,
        })
        .find_map(|a| match a {
            Arg::Ap(ap) if name(ap).ends_with("_bias0") => Some(ap),
            _ => None,
        })
        .expect("the gate bias's add");
    bias.dims[1].0 = 0;
    let why = check(&bad).expect_err("the bias of lane 0 on every lane");
    assert!(
        why.starts_with("output 0 (elements)") || why.starts_with("output 1 (scales)"),
        "{why}"
    );
}

/// 003 §4.1 (on §1.1): an RMSNorm and the MX quantize of its result are one MxRmsNorm kernel
/// that issues the RMSNorm's multiset, the square and the `rsqrt` as 0x21 on ACT, the sum of
/// each partition's columns as 0x42 and the ones-matmul across the partitions as 0x01 + 0x02
/// on PE, the two multiplies as 0x41 on DVE, then `quantize_mx` (0xE3) on DVE, and nothing
/// else: the square and the first multiply read the bf16 input as it came, as nkilib's do.
#[test]
fn the_rmsnorm_quantize_kernel_issues_the_seeds_opcode_multiset() {
    let table = Opcodes::embedded();
    let multisets: Vec<BTreeMap<String, usize>> = [
        "mx_rmsnorm_quantize_b2_bf16.mlir",
        "mx_rmsnorm_upcast_quantize_bf16.mlir",
    ]
    .iter()
    .map(|fixture| {
        let (_, outcome) = lowered_nki(fixture, 4);
        let kinds: Vec<&str> = (outcome.kernels.iter())
            .map(|l| l.kernel.kind.as_str())
            .collect();
        assert_eq!(kinds, ["MxRmsNorm"], "{fixture}: one kernel");
        compute_opcodes(&outcome.kernels[0].kernel, &table, 4)
    })
    .collect();
    // JAX's spelling (the weight multiplied in f32) and HuggingFace's (in bf16, after the
    // narrowing) issue the same instructions.
    assert_eq!(multisets[0], multisets[1]);
    let mut out = String::new();
    for (op, n) in &multisets[0] {
        let _ = writeln!(out, "{op} x{n}");
    }
    expect![[r#"
        0x01 + 0x02 on PE x1
        0x21 on ACT (rsqrt) x1
        0x21 on ACT (square) x1
        0x41 on DVE x2
        0x42 on DVE (add) x1
        0xE3 on DVE x1
    "#]]
    .assert_eq(&out);
}

/// `--check` of an MxRmsNorm kernel can fail: the kernel of `mx_rmsnorm_quantize_b2_bf16`
/// agrees with NKI's rule applied to the module's normalized rows, and the same kernel loading
/// its weight in the unswizzled order (partition `p` holding columns `8 p .. 8 p + 8`)
/// differs, named by output.
#[test]
fn the_rmsnorm_quantize_check_calls_an_unswizzled_weight_a_miscompile() {
    let (m, outcome) = lowered_nki("mx_rmsnorm_quantize_b2_bf16.mlir", 4);
    let l = &outcome.kernels[0];
    let qz = l.nki_scale.as_ref().expect("NKI's rule");
    let limits = Default::default();
    let check = |l: &Lowered| check::nki_scale(&m, l, qz, &outcome.folded, &limits);
    assert!(check(l).is_ok(), "{:?}", check(l));
    let mut bad = l.clone();
    let src = Opcode::DmaCopy.param("src").unwrap();
    let weight = (bad.kernel.body.iter_mut())
        .find_map(|s| match s {
            Stmt::Inst(i) if i.op == Opcode::DmaCopy => match i.args[src].as_mut() {
                Some(Arg::Ap(ap)) if ap.dims.len() == 3 && ap.dims[1] == (512, 2) => Some(ap),
                _ => None,
            },
            _ => None,
        })
        .expect("the weight's swizzled load");
    weight.dims = vec![(8, 128), (1, 8)];
    let why = check(&bad).expect_err("the weight unswizzled");
    assert!(
        why.starts_with("output 0 (elements)") || why.starts_with("output 1 (scales)"),
        "{why}"
    );
}
