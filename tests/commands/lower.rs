//! `egfuse lower`: the seed's RmsNorm lowering (003 §1.1-1.6) on a real export at the seed's
//! sizes, every fixture and corpus export lowered and checked against the reference
//! interpreter, the seed's conclusion K2 (no float arithmetic on GpSimd), the budget
//! diagnostic, and the text every lowered program prints as.

use crate::support::{egfuse, jax_exports, mlir_files_under, root, scratch};
use egfuse_nisa::spec::{Arg, Opcode};
use egfuse_nisa::{self as nisa, Budget, Dtype, Engine, Kernel, Memory, Stmt};
use expect_test::expect;
use std::collections::BTreeMap;
use std::path::Path;

/// Lowers `input` and returns the program, its text, the exit code and standard error.
pub(crate) fn lower(input: &Path, extra: &[&str]) -> (nisa::Program, String, i32, String) {
    let out = scratch("lowered.nisa", "");
    let mut args = vec![
        "lower",
        input.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ];
    args.extend(extra);
    let (code, _, err) = egfuse(&args);
    let text = std::fs::read_to_string(&out).unwrap();
    let program = nisa::parse::program(&text).unwrap_or_else(|d| {
        panic!(
            "{}: the lowered text does not parse: {}",
            input.display(),
            egfuse_diag::render("out", &text, &[d])
        )
    });
    (program, text, code, err)
}

/// `src`, written to a scratch file `name`, lowered with `--check`: it lowers whole and every
/// kernel agrees with its ops. The program and its text.
pub(crate) fn checked(name: &str, src: &str) -> (nisa::Program, String) {
    let (program, text, code, err) = lower(&scratch(name, src), &["--check"]);
    assert_eq!(code, 0, "{err}");
    let n = program.kernels.len();
    assert!(
        err.contains(&format!("check: {n} of {n} kernels agree")),
        "{err}"
    );
    (program, text)
}

/// The compute instructions of `k` (DMAs and memsets aside) as `op on ENGINE` with counts.
pub(crate) fn compute(k: &Kernel) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for i in k.insts() {
        if matches!(i.op, Opcode::DmaCopy | Opcode::Memset) {
            continue;
        }
        let e = i.engine.map_or("?", Engine::name);
        *out.entry(format!("{} on {e}", i.op.name())).or_default() += 1;
    }
    out
}

/// 003 §1.1: for one tile with no shard, RmsNorm is activation(square) on ACT, tensor_reduce on
/// DVE, tensor_tensor(x * gamma) on DVE, nc_matmul against a ones matrix on PE into PSUM,
/// activation(rsqrt, scale=1/H, bias=eps) on ACT reading PSUM, tensor_tensor(multiply) on DVE;
/// §1.4: PSUM holds only the matmul's result.
#[test]
fn rmsnorm_h4096_is_the_seeds_six_instructions_on_act_dve_and_pe() {
    let input = root().join("tests/fixtures/lowering/rmsnorm_h4096_f32.mlir");
    let (program, _, code, err) = lower(&input, &["--check"]);
    assert_eq!(code, 0, "{err}");
    let k = program
        .kernels
        .iter()
        .find(|k| k.kind == "RmsNorm")
        .expect("an RmsNorm kernel");
    expect![[r#"
        {
            "activation on ACT": 2,
            "nc_matmul on PE": 1,
            "tensor_reduce on DVE": 1,
            "tensor_tensor on DVE": 2,
        }
    "#]]
    .assert_debug_eq(&compute(k));
    assert!(
        !k.body.iter().any(|s| matches!(s, Stmt::Loop { .. })),
        "BxS = 512 is one tile"
    );
    let psum: Vec<&str> = k
        .buffers
        .iter()
        .filter(|b| b.memory == Memory::Psum)
        .map(|b| b.name.as_str())
        .collect();
    let matmul = k
        .insts()
        .into_iter()
        .find(|i| i.op == Opcode::NcMatmul)
        .unwrap();
    let dst = matmul.ap("dst").unwrap();
    assert_eq!(
        psum,
        [k.buffer(dst.buf).name.as_str()],
        "PSUM holds only the matmul's result"
    );
    let rsqrt = k
        .insts()
        .into_iter()
        .find(|i| matches!(i.arg("op"), Some(Arg::Func(f)) if f.name() == "rsqrt"))
        .unwrap();
    assert_eq!(
        rsqrt.arg("scale"),
        Some(&Arg::Float(1.0 / 4096.0)),
        "scale = 1/H"
    );
    assert_eq!(
        k.buffer(rsqrt.ap("data").unwrap().buf).memory,
        Memory::Psum,
        "rsqrt drains PSUM"
    );
}

/// A fixture's whole lowered text is pinned: names, views, placement, engines, locations.
#[test]
fn rmsnorm_f32_lowers_to_this_program() {
    // A path relative to the repository root (the tests' working directory), as the comments
    // of the text name it.
    let (_, text, code, err) = lower(Path::new("tests/fixtures/jax/rmsnorm_f32.mlir"), &[]);
    assert_eq!(code, 0, "{err}");
    expect_test::expect_file!["../golden/lower_rmsnorm_f32.nisa"].assert_eq(&text);
}

/// A matmul is tiled nc_matmuls into PSUM: M by 128 on the result's partitions, N by 512 on
/// one bank, K accumulated over 128-partition tiles (the first writes, the rest accumulate),
/// remainders as tiles of their own; a DotLogistic drains PSUM by one silu on ACT (the issue's
/// "nc_matmul into PSUM, drained by one activation").
#[test]
fn matmuls_tile_into_psum_and_dot_logistic_drains_by_one_silu() {
    let input = root().join("tests/fixtures/lowering/matmul_remainders_f32.mlir");
    let (program, _, code, err) = lower(&input, &["--check"]);
    assert_eq!(code, 0, "{err}");
    let k = &program.kernels[0];
    let sizes: Vec<String> = k
        .insts()
        .into_iter()
        .filter(|i| i.op == Opcode::NcMatmul)
        .map(|i| {
            let (s, m) = (i.ap("stationary").unwrap(), i.ap("moving").unwrap());
            let acc = matches!(i.arg("accumulate"), Some(Arg::Flag(true)));
            let (k, m_, n) = (s.partitions(), s.free_elements(), m.free_elements());
            format!("K {k:3}  M {m_:3}  N {n:3}  accumulate={acc}\n")
        })
        .collect();
    // Each nc_matmul of the text (a loop body once): 300 = 2 x 128 + 44 rows, 700 = 512 + 188 columns,
    // 200 = 128 + 72 contracted.
    expect![[r#"
        K 128  M 128  N 512  accumulate=false
        K  72  M 128  N 512  accumulate=true
        K 128  M  44  N 512  accumulate=false
        K  72  M  44  N 512  accumulate=true
        K 128  M 128  N 188  accumulate=false
        K  72  M 128  N 188  accumulate=true
        K 128  M  44  N 188  accumulate=false
        K  72  M  44  N 188  accumulate=true
    "#]]
    .assert_eq(&sizes.concat());
    let input = root().join("tests/fixtures/lowering/dot_silu_bf16.mlir");
    let (program, _, code, err) = lower(&input, &["--check"]);
    assert_eq!(code, 0, "{err}");
    let k = &program.kernels[0];
    assert_eq!(k.kind, "DotLogistic");
    let mut ops = compute(k);
    ops.retain(|_, n| *n > 0);
    expect![[r#"
        {
            "activation on ACT": 4,
            "nc_matmul on PE": 8,
        }
    "#]]
    .assert_debug_eq(&ops);
    for i in k.insts().into_iter().filter(|i| i.op == Opcode::Activation) {
        assert!(matches!(i.arg("op"), Some(Arg::Func(f)) if f.name() == "silu"));
        let data = k.buffer(i.ap("data").unwrap().buf);
        assert_eq!(data.memory, Memory::Psum, "silu drains PSUM");
    }
    // An empty contraction is zeros: the PSUM tile is zeroed, no matmul reads nothing.
    let empty = scratch(
        "empty_contraction.mlir",
        "func.func @main(%a: tensor<4x0xf32>, %b: tensor<0x3xf32>) -> tensor<4x3xf32> {\n  \
         %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : \
         (tensor<4x0xf32>, tensor<0x3xf32>) -> tensor<4x3xf32>\n  return %0 : tensor<4x3xf32>\n}\n",
    );
    let (program, _, code, err) = lower(&empty, &["--check"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("check: 1 of 1 kernels agree"), "{err}");
    let insts = program.kernels[0].insts();
    assert!(insts.iter().any(|i| i.op == Opcode::Memset));
    assert!(!insts.iter().any(|i| i.op == Opcode::NcMatmul));
}

/// Every committed fixture and corpus export: what lowers prints as text that parses back to
/// itself and verifies, checks equal to the ops it lowers, and puts no float arithmetic on
/// GpSimd (003 §5, K2); the rest is a diagnostic per kernel, counted here by op.
#[test]
fn every_fixture_and_export_lowers_what_it_can_and_every_kernel_checks() {
    let mut files = mlir_files_under(&root().join("tests/fixtures"));
    files.extend(jax_exports());
    let (mut kernels, mut failed, mut gpsimd_float, mut not_run) = (0, 0, 0, 0);
    let mut folded = 0;
    let mut missing: BTreeMap<String, usize> = BTreeMap::new();
    let mut partial_exports = Vec::new();
    for f in &files {
        let (program, text, code, err) = lower(f, &["--check"]);
        let name = f.display();
        assert!(code <= 1, "{name}: {err}");
        let library = ["hf", "torch", "lowering"]
            .iter()
            .any(|d| f.starts_with(root().join("tests/fixtures").join(d)));
        if code == 1 && (library || !f.starts_with(root().join("tests"))) {
            partial_exports.push(f.file_name().unwrap().to_string_lossy().into_owned());
        }
        assert!(!err.contains("differs"), "{name}: {err}");
        // The text is what the printer writes, with a comment line above each kernel.
        let code = |t: &str| -> Vec<String> {
            t.lines()
                .filter(|l| !l.starts_with("//") && !l.is_empty())
                .map(str::to_string)
                .collect()
        };
        assert_eq!(
            code(&nisa::print::program(&program)),
            code(&text),
            "{name}: print(parse(text))"
        );
        let diags = nisa::verify::program(&program, &Budget::NEURONCORE_V2);
        assert!(
            diags.is_empty(),
            "{name}: {}",
            egfuse_diag::render("out", &text, &diags)
        );
        for k in &program.kernels {
            for i in k.insts() {
                let float = i
                    .args
                    .iter()
                    .flatten()
                    .filter_map(Arg::as_ap)
                    .any(|a| !k.buffer(a.buf).dtype.is_int());
                if i.engine == Some(Engine::GpSimd) && float && i.op != Opcode::Iota {
                    gpsimd_float += 1;
                }
            }
        }
        kernels += program.kernels.len();
        // Each message is rendered once, the others like it counted on the line after.
        let mut last = None;
        for line in err.lines() {
            if line.ends_with("has no lowering") {
                let op = line.rsplit('`').nth(1).unwrap_or("?").to_string();
                *missing.entry(op.clone()).or_default() += 1;
                last = Some(op);
            } else if let Some(n) = line
                .strip_prefix("  and ")
                .and_then(|r| r.split(' ').next()?.parse::<usize>().ok())
            {
                if let Some(op) = &last {
                    *missing.entry(op.clone()).or_default() += n;
                }
            } else if line.starts_with("error") {
                last = None;
            }
        }
        not_run += err
            .lines()
            .find(|l| l.starts_with("check: "))
            .and_then(|l| {
                l.split("; ")
                    .nth(1)?
                    .split(' ')
                    .next()?
                    .parse::<usize>()
                    .ok()
            })
            .unwrap_or(0);
        let summary = err
            .lines()
            .find(|l| l.starts_with("lowered "))
            .unwrap_or("");
        let count = |what: &str| {
            summary
                .split("; ")
                .find(|t| t.contains(what))
                .and_then(|t| t.split(' ').next()?.parse::<usize>().ok())
                .unwrap_or(0)
        };
        failed += count("could not be lowered");
        folded += count("folded at compile time");
    }
    assert_eq!(gpsimd_float, 0, "float arithmetic on GpSimd");
    // Fewer than the files' ops: fusion leaves about 1,600 kernels over them (an attention's
    // scores and its P V product are one kernel).
    assert!(kernels > 1500, "{kernels} kernels lowered");
    // The corpus exports and the library and lowering fixtures that do not lower whole: every
    // Llama, attention, MLP and norm program does (HuggingFace's and PyTorch's models too), and
    // these are what is left (docs/lowering.md, "Not lowered yet").
    partial_exports.sort();
    expect![[r#"
        [
            "cross_entropy_optax_f32.mlir",
        ]
    "#]]
    .assert_debug_eq(&partial_exports);
    println!(
        "lower: {} files, {kernels} kernels lowered, {} of them checked ({not_run} over the \
         interpreter's work limit), {folded} ops folded at compile time, {failed} not lowered; \
         K2 holds",
        files.len(),
        kernels - not_run
    );
    println!("lower: ops with no lowering yet: {missing:?}");
}

/// A stated tile (by the rules or `--schedule`) that does not fit SBUF is a diagnostic naming
/// the instruction, the buffer and its bytes per partition against the budget; without a
/// stated tile the lowering halves it.
#[test]
fn a_tile_that_does_not_fit_is_a_diagnostic() {
    let input = Path::new("tests/fixtures/lowering/rmsnorm_h8192_f32.mlir");
    let (program, _, code, err) = lower(input, &[]);
    assert_eq!(code, 0, "{err}");
    let k = program
        .kernels
        .iter()
        .find(|k| k.kind == "RmsNorm")
        .unwrap();
    let psum = k.buffers.iter().find(|b| b.memory == Memory::Psum).unwrap();
    assert_eq!(
        psum.shape,
        [128, 256],
        "the 512-token tile does not fit; 256 does"
    );
    let dir = root().join("target/lower_rules");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (name, text) in egfuse_rules::DEFAULT_RULES {
        let text = text.replace(
            "kind RmsNorm layout columns",
            "kind RmsNorm layout columns tile 512",
        );
        std::fs::write(dir.join(name), text).unwrap();
    }
    let (code, _, err) = egfuse(&[
        "lower",
        input.to_str().unwrap(),
        "--rules",
        dir.to_str().unwrap(),
        "-o",
        "/dev/null",
    ]);
    assert_eq!(code, 1);
    let first = err.lines().take(8).collect::<Vec<_>>().join("\n");
    expect![[r#"
        error: tests/fixtures/lowering/rmsnorm_h8192_f32.mlir:5:5: `%t8` needs 131072 bytes of each SBUF partition at `activation` ("jit(rmsnorm)/mul"(callsite("rmsnorm"("tools/gen_fixtures.py":83:34 to :39) at callsite("main"("tools/export_lowering.py":92:15 to :39) at "<module>"("tools/export_lowering.py":163:4 to :10))))); 131844 of 196608 are taken by live buffers
           ╭─[tests/fixtures/lowering/rmsnorm_h8192_f32.mlir:5:5]
         4 │   func.func public @main(%arg0: tensor<512x8192xf32> loc("x"), %arg1: tensor<8192xf32> loc("w")) -> (tensor<512x8192xf32> {jax.result_info = "result"}) {
         5 │     %0 = stablehlo.multiply %arg0, %arg0 : tensor<512x8192xf32> loc(#loc27)
           ·     ─────────────────────────────┬─────────────────────────────
           ·                                  ╰── the kernel does not fit
         6 │     %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32> loc(#loc28)
           ╰────"#]]
    .assert_eq(&first);
    // `--schedule` asks for the same tile without touching the rules, and gets the same
    // diagnostic; a schedule for a kernel with no tile to set is refused by name.
    let path = input.to_str().unwrap();
    let (code, _, by_schedule) = egfuse(&[
        "lower",
        path,
        "--schedule",
        "RmsNorm:tile=512",
        "-o",
        "/dev/null",
    ]);
    assert_eq!(code, 1);
    assert_eq!(
        by_schedule.lines().take(8).collect::<Vec<_>>().join("\n"),
        first
    );
    // The `columns` layout tiles rows and never chunks them.
    let (code, _, err) = egfuse(&["lower", path, "--schedule", "k0:chunk=8", "-o", "/dev/null"]);
    assert_eq!(code, 1);
    expect!["error: tests/fixtures/lowering/rmsnorm_h8192_f32.mlir:13:5: --schedule k0:chunk=8: this kernel has no such size to set"].assert_eq(err.lines().next().unwrap());
    // A schedule that names no kernel of the module is refused, and nothing is written.
    let out = scratch("unscheduled.nisa", "");
    std::fs::remove_file(&out).unwrap();
    let out_path = out.to_str().unwrap();
    for (asked, why) in [
        ("k7:tile=8", "`k7:tile=8` names no kernel of this module"),
        (
            "Softmax:chunk=8",
            "`Softmax:chunk=8` names no kernel of this module",
        ),
    ] {
        let (code, _, err) = egfuse(&["lower", path, "--schedule", asked, "-o", out_path]);
        let expected = format!("error: --schedule {why}: its one kernel is k0, of kind RmsNorm");
        assert_eq!((code, err.trim()), (2, expected.as_str()));
        assert!(!out.exists(), "nothing is written");
    }
    let (code, _, err) = egfuse(&["lower", path, "--schedule", "RmsNorm:tile=0"]);
    assert_eq!(
        (code, err.trim()),
        (
            2,
            "error: --schedule `RmsNorm:tile=0`: a tile is 1 to 512 rows and a chunk at least 1 column, of a named kernel"
        )
    );
}

/// A malformed select, kernel or route rule is a spanned diagnostic from `rules check`.
#[test]
fn malformed_lowering_rules_are_spanned_diagnostics() {
    let bad = scratch(
        "bad_lowering.rules",
        "# exp on the wrong op.\nselect bad-exp: stablehlo.exponential(%x) => activate(op = exp, data = %x)\n\n\
         # a keyword activation does not have.\nselect bad-key: stablehlo.log(%x) => activation(op = log, data = %x, gain = 2.0)\n\n\
         # no such layout.\nkernel bad-layout kind Softmax layout diagonal\n\n\
         # no such engine.\nroute bad-engine: activation => TPU\n\n\
         # a step that is not elementwise.\nselect bad-step: stablehlo.exponential(%x) => activation(op = exp, data = %x) then tensor_reduce(data = dst, op = add)\n\n\
         # `dst` outside a step.\nselect bad-dst: stablehlo.exponential(%x) => activation(op = exp, data = dst)\n",
    );
    let (code, out, err) = egfuse(&["rules", "check", "--extra-rules", bad.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    let text = err.replace(bad.to_str().unwrap(), "bad_lowering.rules");
    let heads: Vec<&str> = text.lines().filter(|l| l.starts_with("error")).collect();
    expect![[r#"
        [
            "error: bad_lowering.rules:2:46: unknown nisa instruction `activate`",
            "error: bad_lowering.rules:5:70: `activation` has no argument `gain`",
            "error: bad_lowering.rules:14:84: `tensor_reduce` cannot be a `then` step",
            "error: bad_lowering.rules:17:67: `data` reads a value: give a variable of the pattern",
            "error: bad_lowering.rules:8:39: unknown layout `diagonal`",
            "error: bad_lowering.rules:11:33: unknown engine `TPU`",
            "error: 6 findings in 1 rule file",
        ]
    "#]]
    .assert_debug_eq(&heads);
}

/// The dtypes of nisa buffers name their MLIR element types.
#[test]
fn nisa_dtypes_are_mlir_spellings() {
    assert_eq!(Dtype::from_name("bf16"), Some(Dtype::Bf16));
}

/// `--json` writes the program's structure: the keys docs/lowering.md lists, pinned on a fixture.
#[test]
fn lower_json_is_the_program() {
    let out = scratch("lowered.json", "");
    let (code, _, err) = egfuse(&[
        "lower",
        "tests/fixtures/jax/log1p_f32.mlir",
        "--json",
        out.to_str().unwrap(),
        "-o",
        "/dev/null",
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&out).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(doc["kernels"][0]["kind"], "Log1p");
    expect_test::expect_file!["../golden/lower_log1p_f32.json"].assert_eq(&text);
}

/// The `AwsNeuronRmsNorm` custom call is an RmsNorm kernel in the tokens-on-partitions form of
/// nkilib's mlp_cte_norm (lowering-anchors §3.7): per tile of 128 rows, activation_reduce
/// (square, add), activation (rsqrt, scale 1/H, bias eps) and activation (copy, scale rstd) on
/// ACT, and the weight on DVE. Its two diagnostics are the Neuron compiler's own (seed 000).
#[test]
fn aws_neuron_rms_norm_is_the_tokens_on_partitions_kernel() {
    let module = |x: &str, w: &str, e: &str, attrs: &str| {
        let eps = if e.is_empty() {
            String::new()
        } else {
            format!("  %e = stablehlo.constant dense<1.0e-06> : {e}\n")
        };
        let (operands, types) = if e.is_empty() {
            ("%x, %w".to_string(), format!("{x}, {w}"))
        } else {
            ("%x, %w, %e".to_string(), format!("{x}, {w}, {e}"))
        };
        let src = format!(
            "func.func @main(%x: {x}, %w: {w}) -> {x} {{\n{eps}  %0 = stablehlo.custom_call @AwsNeuronRmsNorm({operands}) {attrs} : ({types}) -> {x}\n  return %0 : {x}\n}}\n"
        );
        scratch("aws_rms_norm.mlir", &src)
    };
    let last = module(
        "tensor<2x200x256xf32>",
        "tensor<256xf32>",
        "tensor<f32>",
        "",
    );
    let (program, _, code, err) = lower(&last, &["--check"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("check: 1 of 1 kernels agree"), "{err}");
    let k = &program.kernels[0];
    assert_eq!(k.kind, "RmsNorm");
    expect![[r#"
        {
            "activation on ACT": 8,
            "activation_reduce on ACT": 4,
            "tensor_tensor on DVE": 4,
        }
    "#]]
    .assert_debug_eq(&compute(k));
    let middle = module(
        "tensor<4x256x64xbf16>",
        "tensor<256xbf16>",
        "",
        "{dimension = 1 : i64, epsilon = 1.0e-05 : f32}",
    );
    let (_, _, code, err) = lower(&middle, &["--check"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("check: 1 of 1 kernels agree"), "{err}");
    let mut said = String::new();
    for (w, e) in [
        ("tensor<3xf32>", "tensor<f32>"),
        ("tensor<256xf32>", "tensor<2xf32>"),
    ] {
        let bad = module("tensor<2x200x256xf32>", w, e, "");
        let (_, _, code, err) = lower(&bad, &[]);
        assert_eq!(code, 1, "{err}");
        said += err
            .lines()
            .next()
            .unwrap_or("")
            .rsplit(": ")
            .next()
            .unwrap_or("");
        said += "\n";
    }
    expect![[r#"
        Operation AwsNeuronRmsNorm encountered size mismatch along the specified (normalization) dimension 2. The input has 256 elements along it but the weight has shape [3].
        epsilon is not a scalar. Expected a single scalar constant value for epsilon parameter.
    "#]].assert_eq(&said);
}

/// A loss's `take_along_axis` (one element along the last axis of each row) is an indirect DMA
/// of one element a row, its offsets an iota and an int32 add; batching dimensions out of
/// order are not that form, and say so.
#[test]
fn take_along_axis_gathers_one_element_a_row() {
    let module = |idx: &str, batching: &str, out: &str| {
        let src = format!(
            "func.func @main(%l: tensor<2x15x128xf32>, %i: {idx}) -> {out} {{
  %0 = \"stablehlo.gather\"(%l, %i) <{{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = {batching}, start_index_map = [2], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 1>}}> : (tensor<2x15x128xf32>, {idx}) -> {out}
  return %0 : {out}
}}
"
        );
        scratch("take.mlir", &src)
    };
    let take = module("tensor<2x15x1x1xi32>", "[0, 1]", "tensor<2x15x1xf32>");
    let (program, _, code, err) = lower(&take, &["--check"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("check: 1 of 1 kernels agree"), "{err}");
    expect![[r#"
        {
            "iota on GpSimd": 1,
            "tensor_scalar on DVE": 1,
            "tensor_tensor on GpSimd": 1,
        }
    "#]]
    .assert_debug_eq(&compute(&program.kernels[0]));
    let swapped = module("tensor<15x2x1x1xi32>", "[1, 0]", "tensor<15x2x1xf32>");
    let (_, _, code, err) = lower(&swapped, &[]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("has no lowering in this form"), "{err}");
}

/// A select rule's `then` steps rewrite its destination in place: `erfc` is ACT's erf with
/// scale -1 and then 1 added on DVE, `expm1` is exp and then 1 subtracted, and both kernels
/// agree with the ops they lower under `--check`.
#[test]
fn then_steps_lower_erfc_and_expm1_in_place() {
    let src =
        "func.func @main(%x: tensor<4x256xf32>) -> (tensor<4x256xf32>, tensor<4x256xf32>) {\n  \
               %0 = chlo.erfc %x : tensor<4x256xf32> -> tensor<4x256xf32>\n  \
               %1 = stablehlo.exponential_minus_one %x : tensor<4x256xf32>\n  \
               return %0, %1 : tensor<4x256xf32>, tensor<4x256xf32>\n}\n";
    let input = scratch("then_steps.mlir", src);
    let (program, text, code, err) = lower(&input, &["--check"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("check: 2 of 2 kernels agree"), "{err}");
    assert_eq!(program.kernels.len(), 2);
    let compute: Vec<&str> = (text.lines().map(str::trim))
        .filter(|l| l.starts_with("activation") || l.starts_with("tensor_scalar"))
        .collect();
    expect![[r#"
        [
            "activation(dst=%t3.ap([[256, 4], [1, 256]]), op=erf, data=%t2.ap([[256, 4], [1, 256]]), scale=-1.0, engine=ACT)",
            "tensor_scalar(dst=%t3.ap([[256, 4], [1, 256]]), data=%t3.ap([[256, 4], [1, 256]]), op0=add, operand0=1.0, engine=DVE)",
            "activation(dst=%t3.ap([[256, 4], [1, 256]]), op=exp, data=%t2.ap([[256, 4], [1, 256]]), engine=ACT)",
            "tensor_scalar(dst=%t3.ap([[256, 4], [1, 256]]), data=%t3.ap([[256, 4], [1, 256]]), op0=subtract, operand0=1.0, engine=DVE)",
        ]
    "#]]
    .assert_debug_eq(&compute);
}

/// 003 §1.5: an RmsNorm of at most 2048 columns loads its input as nkilib's
/// `contiguous_load_transpose` does: per 128 tokens a contiguous `dma_copy`, then per 128
/// columns an `nc_transpose` on PE into PSUM and a `tensor_copy` into the columns layout. The
/// 300 tokens are two chunks and a remainder of 44; `--check` holds.
#[test]
fn rmsnorm_h1024_loads_through_pe_transposes() {
    let src = rms_norm_module(300, 1024);
    let input = scratch("rmsnorm_h1024.mlir", &src);
    let (program, _, code, err) = lower(&input, &["--check"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("check: 1 of 1 kernels agree"), "{err}");
    let k = program
        .kernels
        .iter()
        .find(|k| k.kind == "RmsNorm")
        .unwrap();
    expect![[r#"
        {
            "activation on ACT": 2,
            "nc_matmul on PE": 1,
            "nc_transpose on PE": 2,
            "tensor_copy on DVE": 2,
            "tensor_reduce on DVE": 1,
            "tensor_tensor on DVE": 2,
        }
    "#]]
    .assert_debug_eq(&compute(k));
}

/// An op that reads one value twice (`multiply %x, %x`) has a kernel input for each read, and
/// loads the value once per tile: a load and a store in the loop and in the remainder.
#[test]
fn a_value_read_twice_loads_once() {
    let src = "func.func @main(%x: tensor<300x64xf32>) -> tensor<300x64xf32> {\n  \
               %0 = stablehlo.multiply %x, %x : tensor<300x64xf32>\n  \
               return %0 : tensor<300x64xf32>\n}\n";
    let input = scratch("read_twice.mlir", src);
    let (program, _, code, err) = lower(&input, &["--check"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("check: 1 of 1 kernels agree"), "{err}");
    let dmas = program.kernels[0]
        .insts()
        .into_iter()
        .filter(|i| i.op == Opcode::DmaCopy)
        .count();
    assert_eq!(dmas, 4);
}

/// JAX's spelling of an RMSNorm of `rows` tokens by `h` features with a weight, as the corpus
/// exports write it: keepdims as a broadcast to `[rows, 1]`, the mean a divide by `h`.
pub(crate) fn rms_norm_module(rows: u64, h: u64) -> String {
    let (x, r) = (
        format!("tensor<{rows}x{h}xf32>"),
        format!("tensor<{rows}x1xf32>"),
    );
    format!(
        "func.func @main(%x: {x}, %w: tensor<{h}xf32>) -> {x} {{
  %0 = stablehlo.multiply %x, %x : {x}
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.reduce(%0 init: %c) applies stablehlo.add across dimensions = [1] : ({x}, tensor<f32>) -> tensor<{rows}xf32>
  %k = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<{rows}xf32>) -> {r}
  %n0 = stablehlo.constant dense<{h}.0> : tensor<f32>
  %n = stablehlo.broadcast_in_dim %n0, dims = [] : (tensor<f32>) -> {r}
  %2 = stablehlo.divide %k, %n : {r}
  %e0 = stablehlo.constant dense<1.0e-6> : tensor<f32>
  %e = stablehlo.broadcast_in_dim %e0, dims = [] : (tensor<f32>) -> {r}
  %3 = stablehlo.add %2, %e : {r}
  %4 = stablehlo.rsqrt %3 : {r}
  %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : ({r}) -> {x}
  %6 = stablehlo.multiply %x, %5 : {x}
  %7 = stablehlo.broadcast_in_dim %w, dims = [1] : (tensor<{h}xf32>) -> {x}
  %8 = stablehlo.multiply %6, %7 : {x}
  return %8 : {x}
}}
"
    )
}
